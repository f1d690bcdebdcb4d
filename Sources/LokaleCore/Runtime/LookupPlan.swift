#if canImport(Glibc)
import Glibc
#endif
internal import CTable
import Synchronization

/// A bundle's lookup plans and the C handle they are published in (`lk_plan`, `lk_handle`:
/// CTable). A plan says, per table, which slots Apple's table rule reads (those of the first
/// localization in the ordered list that has the table) and the row of the decision table a hit
/// answers with, for one runtime generation and one version of the table. The C fast paths read
/// the published plan with one atomic load and no lock or reference count; this store is the only
/// writer.
///
/// Readers may hold a plan at any time, so no plan is freed while the bundle lives. Plans are kept
/// by content instead: a language that comes back (a server switching between a few languages,
/// an app toggling) reuses its plan, restamped with the new generation. That bounds the memory by
/// the distinct plans a bundle can need, and `limit` bounds even that: past it, the bundle stops
/// publishing and its lookups take the general path.
final class PlanStore: @unchecked Sendable {
    struct Content: Hashable {
        var version: ObjectIdentifier
        var tables: [Int64]
    }

    /// What C's lokale_bundle_lookup and lokale_bundle_format receive as the bundle.
    let handle: UnsafeMutablePointer<lk_handle>
    /// Every plan made, by content (addresses: pointers are not Sendable).
    private let plans = Locked<[Content: UInt]>([:])
    static let limit = 256

    /// A plan and localization infos a C start made (lokale_start.h): freed with the store.
    private let adopted: (plan: UInt, infos: UInt)

    init(shared: UnsafeMutablePointer<lk_shared>) {
        guard let h = lk_handle_new(UnsafePointer(shared)) else { fatalError("lokale: out of memory for a bundle handle") }
        handle = h
        adopted = (0, 0)
    }

    /// The store of a bundle a C start opened: its handle (on this runtime's shared state), the
    /// plan published there, and the infos that plan reads, which readers may hold as long as the
    /// bundle lives.
    init(adopting handle: UnsafeMutablePointer<lk_handle>, plan: UnsafeMutablePointer<lk_plan>?,
         infos: UnsafeMutablePointer<lk_localization_info>?) {
        self.handle = handle
        adopted = (UInt(bitPattern: plan), UInt(bitPattern: infos))
    }

    deinit {
        // First, so that no plan is published any more; not freed at once: a stale C pointer to
        // the handle then reads "freed" (CTable's handle_quarantine.c).
        lk_handle_retire(handle)
        plans.withLock { for p in $0.values { lk_plan_free(UnsafeMutablePointer<lk_plan>(bitPattern: p)) } }
        lk_plan_free(UnsafeMutablePointer<lk_plan>(bitPattern: adopted.plan))
        lk_localization_infos_free(UnsafeMutablePointer<lk_localization_info>(bitPattern: adopted.infos))
    }

    /// The published plan of the runtime's languages, or the one a per-call list holds for this
    /// bundle, if it is the one of `generation`.
    @inline(__always)
    func plan(for generation: UInt64, list: Languages? = nil) -> UnsafeMutablePointer<lk_plan>? {
        if let list {
            guard let p = lk_list_slot_plan(list.entries, handle.pointee.serial, generation) else { return nil }
            return UnsafeMutablePointer(mutating: p)
        }
        guard let p = lk_handle_plan(handle), lk_plan_generation(p) == generation else { return nil }
        return UnsafeMutablePointer(mutating: p)
    }

    /// How many distinct plans the bundle has made.
    var count: Int { plans.withLock { $0.count } }

    /// A plain lookup through a plan: the table by name (nil: the default table), then its slots.
    /// Nil entry: not found (or no localization has the table).
    @inline(__always)
    static func find(_ plan: UnsafeMutablePointer<lk_plan>, key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?,
                     in table: CompiledTable) throws(LokaleError) -> (entry: CompiledTable.Entry, step: Int32, localization: Int, numbering: Bool)? {
        let t = lk_plan_table_index(plan, name?.baseAddress, name?.count ?? 0)
        guard t >= 0 else { return nil }
        let entry = lk_plan_tables(plan)![Int(t)]
        guard let slots = entry.slots, let e = try table.find(key, slots: slots, count: entry.slot_count) else { return nil }
        return (e, entry.step, Int(entry.localization), entry.numbering != 0)
    }

    /// Per table of a plan: the instance read (or -1), the step a hit answers with, the
    /// localization it serves, and whether the user asked for a numbering system there.
    struct TableEntry {
        var instance: Int
        var step: Int32
        var localization: Int
        var numbering: Bool
    }

    /// Publishes the plan of `generation` for version `contents`: as the runtime's, or in the
    /// entries of a per-call list (under this bundle's serial; the generation is the entry's, the
    /// plan's own stays the runtime's). Nil when the bundle has made `limit` distinct plans already
    /// (nothing is published then).
    func publish(generation: UInt64, list: Languages? = nil, contents: BundleContents, tables: [TableEntry]) -> UnsafeMutablePointer<lk_plan>? {
        let content = Content(version: ObjectIdentifier(contents),
                              tables: tables.flatMap { [Int64($0.instance), Int64($0.step), Int64($0.localization), $0.numbering ? 1 : 0] })
        let made: UnsafeMutablePointer<lk_plan>? = plans.withLock { plans in
            if let p = plans[content] { return UnsafeMutablePointer<lk_plan>(bitPattern: p) }
            guard plans.count < PlanStore.limit else { return nil }
            let p = PlanStore.make(contents: contents, tables: tables)
            plans[content] = UInt(bitPattern: p)
            return p
        }
        guard let plan = made else { return nil }
        if let list {
            // Another bundle writing the same entry at this moment wins; the next call publishes.
            _ = lk_list_slot_set(list.entries, handle.pointee.serial, generation, plan)
            return plan
        }
        // The content is right for `generation`: a reader holding this plan from an earlier
        // generation gets the same answers it would have got then.
        lk_plan_set_generation(plan, generation)
        lk_handle_set_plan(handle, plan)
        return plan
    }

    private static func make(contents: BundleContents, tables: [TableEntry]) -> UnsafeMutablePointer<lk_plan> {
        // Plans are small (a few words per table) and made once per distinct language list.
        guard let plan = lk_plan_new(UInt64(tables.count)) else { fatalError("lokale: out of memory for a lookup plan") }
        let table = contents.table
        var view = table.view
        let choices = tables.map { lk_plan_choice(instance: Int64($0.instance), step: $0.step, localization: Int32($0.localization),
                                                   numbering: $0.numbering ? 1 : 0) }
        lk_plan_fill(plan, table.file.base.assumingMemoryBound(to: UInt8.self), &view, contents.infos, choices)
        return plan
    }
}
