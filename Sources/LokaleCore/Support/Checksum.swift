internal import CTable

/// CRC-32 (IEEE 802.3, reflected; the polynomial is lokale_schema.h's), the checksum of the
/// compiled table's header and payload: CTable's `lk_crc32_update`, the one implementation for the
/// writer and the readers, so all agree bit for bit.
public enum CRC32 {
    /// Below this many bytes, four bits at a time (the header's size); above, eight bytes at a time.
    public static let tableless = Int(LK_CRC32_TABLELESS)

    public static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        lk_crc32_update(crc, bytes.baseAddress, bytes.count)
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
