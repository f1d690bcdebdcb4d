#if canImport(Glibc)
import Glibc
#endif
internal import CTable
import Synchronization

/// What a plain lookup needs, per table, for one runtime generation and one version of the table:
/// the slots Apple's table rule reads (those of the first localization in the ordered list that
/// has the table) and the row of the decision table a hit there answers with. A C struct
/// (`lk_plan`, CTable), so that the C entry point reads the same plan. Computed once per language
/// change; read with one atomic load and no lock or reference count, because published plans are
/// never changed and are kept until the bundle goes away.
final class PlanStore: @unchecked Sendable {
    private let current = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Addresses of plans replaced since (pointers are not Sendable; their addresses are).
    private let retired = Locked<[UInt]>([])

    deinit {
        if let p = current.load(ordering: .acquiring) { lk_plan_free(p.assumingMemoryBound(to: lk_plan.self)) }
        retired.withLock { for p in $0 { lk_plan_free(UnsafeMutablePointer<lk_plan>(bitPattern: p)) } }
    }

    /// The plan for `generation`, if it is the published one.
    @inline(__always)
    func plan(for generation: UInt64) -> UnsafeMutableRawPointer? {
        guard let p = current.load(ordering: .acquiring), p.assumingMemoryBound(to: lk_plan.self).pointee.generation == generation else { return nil }
        return p
    }

    /// A plain lookup through a plan: the table by name (nil: the default table), then its slots.
    /// Nil entry: not found (or no localization has the table).
    @inline(__always)
    static func find(_ plan: UnsafeMutableRawPointer, key: UnsafeRawBufferPointer, table name: UnsafeRawBufferPointer?,
                     in table: CompiledTable) throws(LokaleError) -> (entry: CompiledTable.Entry, step: Int32, localization: Int)? {
        let p = plan.assumingMemoryBound(to: lk_plan.self)
        let t = lk_plan_table_index(p, name?.baseAddress, name?.count ?? 0)
        guard t >= 0 else { return nil }
        let entry = lk_plan_tables(p)![Int(t)]
        guard let slots = entry.slots, let e = try table.find(key, slots: slots, count: entry.slot_count) else { return nil }
        return (e, entry.step, Int(entry.localization))
    }

    /// Publishes the plan of `generation` for `table`: per table, the instance read (or -1) and
    /// the step a hit answers with.
    func publish(generation: UInt64, table: CompiledTable, tables: [(instance: Int, step: Int32, localization: Int)],
                 localizations: UnsafeMutablePointer<lk_localization_info>) -> UnsafeMutableRawPointer {
        // Plans are small (a few words per table) and made once per language change.
        guard let plan = lk_plan_new(UInt64(tables.count)) else { fatalError("lokale: out of memory for a lookup plan") }
        plan.pointee.generation = generation
        plan.pointee.records = table.recordBase
        plan.pointee.records_bytes = UInt64(table.recordBytes)
        (plan.pointee.strings, plan.pointee.strings_bytes) = (table.stringSection.0, UInt64(table.stringSection.1))
        (plan.pointee.nodes, plan.pointee.node_words) = (table.nodeSection.0, UInt64(table.nodeSection.1))
        (plan.pointee.formats, plan.pointee.format_words) = (table.formatSection.0, UInt64(table.formatSection.1))
        plan.pointee.localizations = localizations
        plan.pointee.localization_count = UInt64(table.localizations.count)
        plan.pointee.default_table = Int64(table.defaultTableIndex ?? -1)
        plan.pointee.table_count = UInt64(tables.count)
        let entries = lk_plan_tables(plan)!
        for (i, t) in tables.enumerated() {
            let name = table.tableNameBytes[i]
            entries[i].name = name.baseAddress?.assumingMemoryBound(to: CChar.self)
            entries[i].name_length = UInt64(name.count)
            if let (slots, count) = table.slots(instance: t.instance) {
                entries[i].slots = slots
                entries[i].slot_count = count
            }
            entries[i].step = t.step
            entries[i].localization = Int32(t.localization)
        }
        let p = UnsafeMutableRawPointer(plan)
        let old = current.exchange(p, ordering: .acquiringAndReleasing)
        // A reader may still hold the old plan: retire it, never free it while the bundle lives.
        if let old { retired.withLock { $0.append(UInt(bitPattern: old)) } }
        return p
    }
}

extension Resolution.Step {
    /// The `lokale_step` value of this row (the plan stores it for the C entry point).
    var code: Int32 {
        switch self {
        case .translation: 1
        case .laterPreference: 2
        case .development: 3
        case .defaultValue: 4
        case .key: 5
        }
    }

    init(code: Int32) {
        switch code {
        case 1: self = .translation
        case 2: self = .laterPreference
        case 3: self = .development
        case 4: self = .defaultValue
        default: self = .key
        }
    }
}
