internal import CTable

/// CRC-32 (IEEE 802.3, reflected; the polynomial is lokale_schema.h's), the checksum of the
/// compiled table's header and payload: one implementation for the writer and the reader, so both
/// agree bit for bit. Eight bytes at a time: a compile checksums its whole output, and so does
/// opening with payload verification.
public enum CRC32 {
    /// Eight tables of 256: `tables[k * 256 + b]` is the CRC of byte `b` followed by `k` zeros.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? (LK_CRC32_POLYNOMIAL ^ (c >> 1)) : (c >> 1) }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 { t[k * 256 + n] = (t[(k - 1) * 256 + n] >> 8) ^ t[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    /// Below this many bytes, a bit at a time: a table's header, checksummed at every open, is
    /// done before the first use of the tables would have made them.
    public static let tableless = 512

    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        var c = ~crc
        var i = 0
        let n = bytes.count
        if n < tableless {
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = (c & 1) != 0 ? (LK_CRC32_POLYNOMIAL ^ (c >> 1)) : (c >> 1) }
            }
            return ~c
        }
        tables.withUnsafeBufferPointer { t in
            while i + 8 <= n {
                let one = UInt32(littleEndian: (base + i).loadUnaligned(as: UInt32.self)) ^ c
                let two = UInt32(littleEndian: (base + i + 4).loadUnaligned(as: UInt32.self))
                c = t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
                    ^ t[3 * 256 + Int(two & 0xFF)] ^ t[2 * 256 + Int((two >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((two >> 16) & 0xFF)] ^ t[Int(two >> 24)]
                i += 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
        }
        return ~c
    }

    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { update(0, bytes) }
}

/// The key hash of the compiled table's index: eight bytes at a time with multiply-xorshift
/// mixing, so a 30-byte key costs a handful of multiplications instead of a loop per byte.
/// docs/FORMAT.md specifies it exactly; one implementation in C (CTable) serves the writer, the
/// reader and the C ABI's lookup.
@inline(__always)
public func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    lk_key_hash(bytes.baseAddress, bytes.count)
}
