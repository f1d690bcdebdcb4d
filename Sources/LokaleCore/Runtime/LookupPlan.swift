#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What a plain lookup needs, per table, for one runtime generation: the instance Apple's table
/// rule reads (the first localization in the ordered list that has the table) and the row of the
/// decision table a hit there answers with. Computed once per language change; read with one atomic
/// load and no lock or reference count, because published plans are never changed and are kept
/// until the bundle goes away.
///
/// Memory: [generation: UInt64][tables: Int64] then per table [instance: Int32][step: Int32].
final class PlanStore: @unchecked Sendable {
    private let current = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Addresses of plans replaced since (pointers are not Sendable; their addresses are).
    private let retired = Locked<[UInt]>([])

    static let headerSize = 16
    static let none: Int32 = -1

    deinit {
        if let p = current.load(ordering: .acquiring) { free(p) }
        retired.withLock { for p in $0 { free(UnsafeMutableRawPointer(bitPattern: p)) } }
    }

    /// The plan for `generation`, if it is the published one.
    @inline(__always)
    func plan(for generation: UInt64) -> UnsafeMutableRawPointer? {
        guard let p = current.load(ordering: .acquiring), p.load(as: UInt64.self) == generation else { return nil }
        return p
    }

    /// Publishes a plan: for each table, (instance, step).
    func publish(generation: UInt64, tables: [(instance: Int32, step: Int32)]) -> UnsafeMutableRawPointer {
        let p = malloc(PlanStore.headerSize + max(tables.count, 1) * 8)!
        p.storeBytes(of: generation, as: UInt64.self)
        p.storeBytes(of: Int64(tables.count), toByteOffset: 8, as: Int64.self)
        for (i, t) in tables.enumerated() {
            p.storeBytes(of: t.instance, toByteOffset: PlanStore.headerSize + i * 8, as: Int32.self)
            p.storeBytes(of: t.step, toByteOffset: PlanStore.headerSize + i * 8 + 4, as: Int32.self)
        }
        let old = current.exchange(p, ordering: .acquiringAndReleasing)
        // A reader may still hold the old plan: retire it, never free it while the bundle lives.
        if let old { retired.withLock { $0.append(UInt(bitPattern: old)) } }
        return p
    }

    @inline(__always)
    static func entry(_ plan: UnsafeMutableRawPointer, table: Int) -> (instance: Int32, step: Int32)? {
        guard table >= 0, table < Int(plan.load(fromByteOffset: 8, as: Int64.self)) else { return nil }
        let at = headerSize + table * 8
        return (plan.load(fromByteOffset: at, as: Int32.self), plan.load(fromByteOffset: at + 4, as: Int32.self))
    }
}

extension Resolution.Step {
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
