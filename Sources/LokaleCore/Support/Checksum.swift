internal import CTable

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
/// docs/FORMAT.md specifies it exactly; one implementation in C (CTable) serves the writer, the
/// reader and the C ABI's lookup.
@inline(__always)
public func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    lk_key_hash(bytes.baseAddress, bytes.count)
}
