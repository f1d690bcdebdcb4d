/// Process-wide answers of a pure function of its key — ICU's locale data does not change while
/// the process runs — so that opening a bundle does not ask ICU again what it answered for the
/// last one. Bounded: past `limit` entries it starts over, so hostile input cannot grow it.
final class SharedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Locked<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 4096) { self.limit = limit }

    func value(_ key: Key, _ compute: (Key) -> Value) -> Value {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let value = compute(key)
        entries.withLock { entries in
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }
}
