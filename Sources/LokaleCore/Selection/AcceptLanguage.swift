internal import CAcceptLanguage

/// The language ranges of an HTTP `Accept-Language` header (RFC 9110 §12.5.4), read by the same C
/// parser as the C ABI's `lokale_parse_accept_language`, so that every binding agrees on every
/// header.
public enum AcceptLanguage {
    /// Longer headers give no ranges (the C ABI refuses them with `LOKALE_EINVAL`).
    public static let maxHeaderBytes = Int(LK_ACCEPT_MAX_BYTES)
    /// How many distinct ranges are read, in header order; elements after them are ignored.
    public static let maxRanges = Int(LK_ACCEPT_MAX_RANGES)

    /// The ranges, most preferred first: by q-value, equal q-values in the header's order. Left
    /// out: ranges with `q=0`, the wildcard `*`, repeats (compared without case; the first
    /// occurrence's q-value and position count) and malformed elements, which do not affect the
    /// others. Each range is spelled as in the header. A header of nothing usable, or longer than
    /// `maxHeaderBytes`, gives `[]`.
    public static func parse(_ header: String) -> [String] {
        var copy = header
        return copy.withUTF8 { bytes -> [String] in
            guard bytes.count <= maxHeaderBytes else { return [] }
            // The result is never longer than the header, so one call with this buffer suffices.
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { dst -> [String] in
                var needed = 0, count = 0
                let status = bytes.withMemoryRebound(to: CChar.self) { h in
                    lk_parse_accept_language(h.baseAddress, h.count, dst.baseAddress, dst.count, &needed, &count)
                }
                guard status == LK_ACCEPT_OK, count > 0 else { return [] }
                return UnsafeRawBufferPointer(start: dst.baseAddress, count: needed)
                    .split(separator: UInt8(ascii: ","))
                    .map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }
}
