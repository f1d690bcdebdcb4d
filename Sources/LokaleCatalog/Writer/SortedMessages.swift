/// One localization's messages of one table, in key order (the order of the compiled records).
///
/// Read out of the dictionary in its own order (one pass over its memory, no lookup per key),
/// then sorted as a permutation: keys of plain ASCII (most keys) as bytes, eight at a time, the
/// others as Strings.
struct SortedMessages: Sendable {
    private(set) var keys: [String] = []
    private(set) var messages: [CatalogMessage] = []
    /// Positions in `keys` and `messages`, in key order.
    private(set) var order: [Int32] = []

    var count: Int { order.count }

    subscript(i: Int) -> (key: String, value: CatalogMessage) {
        let at = Int(order[i])
        return (keys[at], messages[at])
    }

    func key(at i: Int) -> String { keys[Int(order[i])] }

    init(_ dictionary: [String: CatalogMessage]) {
        keys.reserveCapacity(dictionary.count)
        messages.reserveCapacity(dictionary.count)
        for (k, m) in dictionary {
            keys.append(k)
            messages.append(m)
        }
        order = Self.order(keys)
    }

    /// The ASCII keys sorted as bytes (for them the order of `String`'s `<`: no normalization),
    /// the others as Strings, then the two merged.
    private static func order(_ keys: [String]) -> [Int32] {
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int)] = []
        var ascii: [Int32] = [], others: [Int32] = []
        spans.reserveCapacity(keys.count)
        ascii.reserveCapacity(keys.count)
        for (i, var k) in keys.enumerated() {
            let start = bytes.count
            k.withUTF8 { bytes.append(contentsOf: $0) }
            if bytes[start...].contains(where: { $0 >= 0x80 }) {
                bytes.removeSubrange(start...)
                others.append(Int32(truncatingIfNeeded: i))
            } else {
                spans.append((start, bytes.count - start))
                ascii.append(Int32(truncatingIfNeeded: i))
            }
        }
        let sortedASCII = bytes.withUnsafeBufferPointer { b in
            spans.withUnsafeBufferPointer { s in
                var words = Words(bytes: b, spans: s)
                words.sort(0 ..< s.count, at: 0)
                return words.items.map { ascii[Int($0.index)] }
            }
        }
        guard !others.isEmpty else { return sortedASCII }
        others.sort { keys[Int($0)] < keys[Int($1)] }
        var merged: [Int32] = []
        merged.reserveCapacity(keys.count)
        var a = 0, o = 0
        while a < sortedASCII.count || o < others.count {
            if o == others.count || (a < sortedASCII.count && keys[Int(sortedASCII[a])] < keys[Int(others[o])]) {
                merged.append(sortedASCII[a]); a += 1
            } else {
                merged.append(others[o]); o += 1
            }
        }
        return merged
    }

    /// Keys sorted by their bytes, most significant first: by the eight bytes at `depth` (as a
    /// big-endian integer, zeros past the end), then each group that agrees on them by the next
    /// eight; a group whose keys all end within the eight bytes by length (a key before its own
    /// extensions).
    private struct Words {
        let bytes: UnsafeBufferPointer<UInt8>
        let spans: UnsafeBufferPointer<(start: Int, count: Int)>
        var items: [(word: UInt64, index: Int32)]
        var other: [(word: UInt64, index: Int32)]

        init(bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<(start: Int, count: Int)>) {
            self.bytes = bytes
            self.spans = spans
            items = spans.indices.map { (0, Int32(truncatingIfNeeded: $0)) }
            other = items
        }

        mutating func sort(_ range: Range<Int>, at depth: Int) {
            for i in range {
                let span = spans[Int(items[i].index)]
                var w: UInt64 = 0
                for j in depth ..< depth + 8 { w = w << 8 | UInt64(j < span.count ? bytes[span.start + j] : 0) }
                items[i].word = w
            }
            if range.count < 64 {
                // Insertion sort (stable) for the small groups.
                for i in range.dropFirst() {
                    let item = items[i]
                    var j = i
                    while j > range.lowerBound, items[j - 1].word > item.word { items[j] = items[j - 1]; j -= 1 }
                    items[j] = item
                }
            } else {
                radix(range)
            }
            var a = range.lowerBound
            while a < range.upperBound {
                var b = a + 1
                while b < range.upperBound, items[b].word == items[a].word { b += 1 }
                if b - a > 1 {
                    if (a ..< b).allSatisfy({ spans[Int(items[$0].index)].count <= depth + 8 }) {
                        let spans = spans
                        items[a ..< b].sort { spans[Int($0.index)].count < spans[Int($1.index)].count }
                    } else {
                        sort(a ..< b, at: depth + 8)
                    }
                }
                a = b
            }
        }

        /// Stable, a byte of `word` at a time, the lowest first; a byte all items share is skipped.
        mutating func radix(_ range: Range<Int>) {
            var counts = [Int](repeating: 0, count: 257)
            for shift in stride(from: UInt64(0), to: 64, by: 8) {
                for i in counts.indices { counts[i] = 0 }
                for i in range { counts[Int((items[i].word >> shift) & 0xFF) + 1] += 1 }
                guard !counts.contains(range.count) else { continue }
                for i in 1 ..< counts.count { counts[i] += counts[i - 1] }
                for i in range {
                    let bucket = Int((items[i].word >> shift) & 0xFF)
                    other[range.lowerBound + counts[bucket]] = items[i]
                    counts[bucket] += 1
                }
                for i in range { items[i] = other[i] }
            }
        }
    }

    /// The first position whose key is not below `key`.
    func lowerBound(_ key: String) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self.key(at: mid) < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
