import LokaleCore

/// `LokaleCore.CRC32` (the same polynomial, reflected, the same values) eight bytes at a time:
/// the table's payload is checksummed once per compile, and byte by byte that is several times
/// slower than writing it. The reader keeps the plain one; the tests verify every table written.
enum FastCRC32 {
    /// Eight tables of 256: `tables[k * 256 + b]` is the CRC of byte `b` followed by `k` zeros.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? (0xEDB8_8320 ^ (c >> 1)) : (c >> 1) }
            t[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 { t[k * 256 + n] = (t[(k - 1) * 256 + n] >> 8) ^ t[Int(t[(k - 1) * 256 + n] & 0xFF)] }
        }
        return t
    }()

    static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return crc }
        var c = ~crc
        var i = 0
        let n = bytes.count
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
}
