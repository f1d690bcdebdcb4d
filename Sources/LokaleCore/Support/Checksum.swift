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

/// FNV-1a, 32 bits: the key hash of the compiled table's index. Cheap, and good enough for
/// open addressing with a load factor of one half.
@inline(__always)
public func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var h: UInt32 = 0x811C_9DC5
    for b in bytes { h = (h ^ UInt32(b)) &* 0x0100_0193 }
    return h
}
