/// Tokens of Python source: `#` comments skipped, string literals decoded (single, double and
/// triple quotes, r-strings, escapes); f-strings with fields are marked interpolated, bytes not text.
enum PythonTokenizer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        var c = ByteCursor(bytes)
        var out: [SourceToken] = []
        while let b = c.peek() {
            if b.isSpace || b == UInt8(ascii: "\\") { c.next(); continue }
            if b == UInt8(ascii: "#") { c.skipLine(); continue }
            if b.isIdentifierStart {
                let line = c.line
                let name = c.identifier()
                let prefix = name.lowercased()
                if let q = c.peek(), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'"),
                   ["r", "u", "f", "b", "rb", "br", "fr", "rf"].contains(prefix) {
                    out.append(literal(&c, prefix: prefix, line: line))
                } else {
                    out.append(SourceToken(kind: .identifier, text: name, line: line))
                }
                continue
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                out.append(literal(&c, prefix: "", line: c.line))
                continue
            }
            if b.isDigit {
                let line = c.line
                while let d = c.peek(), d.isIdentifierByte || d == UInt8(ascii: ".") { c.next() }
                out.append(SourceToken(kind: .other, text: "", line: line))
                continue
            }
            let line = c.line
            c.next()
            out.append(SourceToken(kind: .punctuation, text: String(UnicodeScalar(b)), line: line))
        }
        return out
    }

    static func literal(_ c: inout ByteCursor, prefix: String, line: Int) -> SourceToken {
        let quote = c.peek()!
        let triple = c.peek(1) == quote && c.peek(2) == quote
        c.skip(triple ? 3 : 1)
        let isRaw = prefix.contains("r"), isFormat = prefix.contains("f")
        var out: [UInt8] = []
        var interpolated = false
        while let b = c.peek() {
            if b == quote && (!triple || (c.peek(1) == quote && c.peek(2) == quote)) { c.skip(triple ? 3 : 1); break }
            if b == 0x0A && !triple { break } // unterminated: ends with the line
            c.next()
            if isFormat && b == UInt8(ascii: "{") {
                if c.peek() == UInt8(ascii: "{") { c.next(); out.append(b) } else { interpolated = true; out.append(b) }
                continue
            }
            if isFormat && b == UInt8(ascii: "}") && c.peek() == UInt8(ascii: "}") { c.next(); out.append(b); continue }
            guard b == UInt8(ascii: "\\"), let e = c.peek() else { out.append(b); continue }
            if isRaw {
                // A raw string keeps the backslash; it only protects the quote after it.
                out.append(b)
                out.append(c.next())
                continue
            }
            c.next()
            switch e {
            case 0x0A: break
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): out.append(e)
            case UInt8(ascii: "x"): out.appendScalar(c.hex(max: 2, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "u"): out.appendScalar(c.hex(max: 4, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "U"): out.appendScalar(c.hex(max: 8, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = UInt32(e - 0x30), n = 1
                while n < 3, let d = c.peek(), d >= 0x30, d <= 0x37 { v = v * 8 + UInt32(d - 0x30); c.next(); n += 1 }
                out.appendScalar(v)
            default: out += [b, e] // unknown escapes (and \N{…}) stay as written
            }
        }
        var token = SourceToken(kind: .string, text: String(decoding: out, as: UTF8.self), line: line, interpolated: interpolated)
        token.notText = prefix.contains("b")
        return token
    }
}
