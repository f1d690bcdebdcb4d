/// CRC-32 (IEEE 802.3, reflected), the checksum of the compiled table's header and payload.
/// Shared by the writer and the reader so that both agree bit for bit.
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
        return c
    }

    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var c = ~crc
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return ~c
    }

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { update(0, bytes) }
}

/// The key hash of the compiled table's index: eight bytes at a time with multiply-xorshift
/// mixing, so a 30-byte key costs a handful of multiplications instead of a loop per byte.
/// docs/FORMAT.md specifies it exactly; the writer and the reader both call this function.
@inline(__always)
public func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    let m: UInt64 = 0x9E37_79B9_7F4A_7C15
    let n = bytes.count
    var h: UInt64 = 0x243F_6A88_85A3_08D3 ^ (UInt64(truncatingIfNeeded: n) &* m)
    guard n > 0, let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: h ^ (h >> 32)) }
    @inline(__always) func mix(_ word: UInt64) { h = (h ^ word) &* m; h ^= h >> 29 }
    if n >= 8 {
        var i = 0
        while i &+ 8 <= n {
            mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i &+= 8
        }
        // The last, partial word: the final eight bytes again, overlapping the previous word.
        if i < n { mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self))) }
    } else {
        var tail: UInt64 = 0
        for i in 0..<n { tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << (UInt64(i) &* 8) }
        mix(tail)
    }
    h = (h ^ (h >> 32)) &* 0xD6E8_FEB8_6659_FD93
    return UInt32(truncatingIfNeeded: h ^ (h >> 32))
}
