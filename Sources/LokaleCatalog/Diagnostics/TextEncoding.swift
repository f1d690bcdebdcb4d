/// Where a file that must be UTF-8 stops being UTF-8, for an error that points at the byte.
enum TextEncoding {
    struct Problem { var line: Int?; var column: Int?; var message: String }

    /// Nil when `bytes` are UTF-8 (with or without a byte order mark). `what` says which files
    /// must be UTF-8 ("String Catalogs are UTF-8 JSON").
    static func utf8Problem(_ bytes: [UInt8], what: String) -> Problem? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || (bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0)) {
            return Problem(line: nil, column: nil, message: "not UTF-8: the file is UTF-16 (\(what); convert it, for example with iconv -f UTF-16 -t UTF-8)")
        }
        guard let at = firstInvalidUTF8(bytes) else { return nil }
        let p = JSONLocator.position(bytes, at)
        let byte = "0x" + String(bytes[at], radix: 16, uppercase: true)
        let kind = at + 1 >= bytes.count || bytes[at] < 0xC2 || bytes[at] > 0xF4 ? "is not valid UTF-8" : "starts an invalid UTF-8 sequence"
        return Problem(line: p.line, column: p.column,
                       message: "not UTF-8: the byte \(byte) at byte offset \(at) \(kind) (\(what); was the file saved as Latin-1 or Windows-1252?)")
    }

    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (RFC 3629: no
    /// overlong forms, surrogates or values past U+10FFFF), or nil.
    static func firstInvalidUTF8(_ b: [UInt8]) -> Int? {
        b.withUnsafeBufferPointer { firstInvalidUTF8($0) }
    }

    static func isUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Bool { firstInvalidUTF8(b) == nil }

    static func firstInvalidUTF8(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = b.count
        while i < n {
            // Eight ASCII bytes at a time (no copy of the text, as String(validating:) would make).
            if i + 8 <= n, UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            var need = 0
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: need = 1
            case 0xE0: need = 2; low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: need = 2
            case 0xED: need = 2; high = 0x9F
            case 0xF0: need = 3; low = 0x90
            case 0xF1...0xF3: need = 3
            case 0xF4: need = 3; high = 0x8F
            default: return i
            }
            guard i + need < n, b[i + 1] >= low, b[i + 1] <= high else { return i }
            if need >= 2 {
                for k in 2...need where b[i + k] & 0xC0 != 0x80 { return i }
            }
            i += need + 1
        }
        return nil
    }
}
