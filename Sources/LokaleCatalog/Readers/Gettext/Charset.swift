#if canImport(Glibc)
import Glibc
#endif

/// Catalog text in a declared charset, brought to UTF-8 with the C library's iconv (as glibc's own
/// gettext converts at run time).
enum Charset {
    struct Failure: Error {
        /// Byte offset of the first byte that could not be converted; nil when the charset is unknown.
        var offset: Int?
        var message: String
    }

    static func isUTF8(_ name: String) -> Bool {
        ["utf-8", "utf8"].contains(name.lowercased())
    }

    static func isASCII(_ name: String) -> Bool {
        ["us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us"].contains(name.lowercased())
    }

    /// One iconv descriptor from a charset to UTF-8, for many strings; not shared between threads.
    final class Converter {
        let charset: String
        private let cd: iconv_t

        private init(_ charset: String, _ cd: iconv_t) { (self.charset, self.cd) = (charset, cd) }

        static func open(_ charset: String) -> Result<Converter, Failure> {
            guard charset.utf8.count < 64, charset.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                return .failure(Failure(message: "unknown charset '\(charset)'"))
            }
            let cd = iconv_open("UTF-8", charset)
            guard let cd, cd != iconv_t(bitPattern: -1) else {
                return .failure(Failure(message: "unknown charset '\(charset)' (iconv cannot convert it to UTF-8)"))
            }
            return .success(Converter(charset, cd))
        }

        deinit { iconv_close(cd) }

        func toUTF8(_ bytes: [UInt8]) -> Result<[UInt8], Failure> {
            iconv(cd, nil, nil, nil, nil) // each text starts in the initial shift state
            var input = bytes.map { CChar(bitPattern: $0) }
            var output = [CChar](repeating: 0, count: bytes.count * 4 + 16)
            let total = output.count
            let (consumed, produced, status): (Int, Int, Int32) = input.withUnsafeMutableBufferPointer { inBuf in
                output.withUnsafeMutableBufferPointer { outBuf in
                    var inPtr: UnsafeMutablePointer<CChar>? = inBuf.baseAddress
                    var inLeft = inBuf.count
                    var outPtr: UnsafeMutablePointer<CChar>? = outBuf.baseAddress
                    var outLeft = outBuf.count
                    var r = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                    // A stateful charset's return to the initial state, written at the end.
                    if r != -1 { r = iconv(cd, nil, nil, &outPtr, &outLeft) }
                    return (inBuf.count - inLeft, total - outLeft, r == -1 ? errno : 0)
                }
            }
            guard status == 0, consumed == bytes.count else {
                let reason = status == EINVAL ? "incomplete character at the end" : "a byte sequence that is not valid \(charset)"
                return .failure(Failure(offset: consumed, message: reason))
            }
            return .success(output.prefix(produced).map { UInt8(bitPattern: $0) })
        }
    }
}
