/// Process-wide answers of a pure function of its key — ICU's locale data does not change while
/// the process runs — so that opening a bundle does not ask ICU again what it answered for the
/// last one.
///
/// Bounded: it holds at most `limit` answers, in two halves. New answers go into the young half;
/// when that is full it becomes the old half and the previous old half is dropped. An answer found
/// in the old half moves back to the young one, so keys in steady use survive while a stream of
/// one-off keys (a server passing each user's locale, hostile input) cannot grow it. A hit in the
/// young half is one dictionary read under the lock, as before.
///
/// A struct (its entries are a `Locked`'s box, which copies share), not a generic class, whose
/// metadata the runtime would make for each key and value type at its first use.
struct SharedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Halves {
        var young: [Key: Value] = [:]
        var old: [Key: Value] = [:]

        mutating func insert(_ key: Key, _ value: Value, half: Int) {
            if young.count >= half {
                old = young
                young = Dictionary(minimumCapacity: half)
            }
            young[key] = value
        }
    }

    private let entries = Locked(Halves())
    private let half: Int

    init(limit: Int = 4096) { half = max(1, limit / 2) }

    /// The answer for `key`, computed (outside the lock) when not remembered. Two threads missing
    /// the same key at once may both compute it; the later answer is the one kept.
    func value(_ key: Key, _ compute: (Key) -> Value) -> Value {
        if let hit = lookup(key) { return hit }
        let value = compute(key)
        store(key, value)
        return value
    }

    /// The remembered value for `key`, if any.
    func lookup(_ key: Key) -> Value? {
        entries.withLock { e -> Value? in
            if let v = e.young[key] { return v }
            guard let v = e.old.removeValue(forKey: key) else { return nil }
            e.insert(key, v, half: half)
            return v
        }
    }

    /// Remembers `value` for `key`, replacing what was there.
    func store(_ key: Key, _ value: Value) {
        entries.withLock { e in
            e.old.removeValue(forKey: key)
            e.insert(key, value, half: half)
        }
    }

    /// How many answers it holds (at most `limit`).
    var count: Int { entries.withLock { $0.young.count + $0.old.count } }
}
