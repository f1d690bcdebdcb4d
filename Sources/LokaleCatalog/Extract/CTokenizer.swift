/// Tokens of C and C++ source: comments skipped, string literals decoded (escapes, `u8`/`u`/`U`/`L`
/// prefixes, C++ raw strings `R"d(…)d"`), character literals skipped.
enum CTokenizer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        var c = ByteCursor(bytes)
        var out: [SourceToken] = []
        while let b = c.peek() {
            if b.isSpace { c.next(); continue }
            if c.peekIs("//") { c.skipLine(); continue }
            if c.peekIs("/*") { c.skipBlockComment(nested: false); continue }
            if b.isIdentifierStart {
                let line = c.line
                let name = c.identifier()
                // An encoding prefix or raw marker directly before a quote belongs to the literal.
                if c.peek() == UInt8(ascii: "\""), ["u8", "u", "U", "L", "R", "u8R", "uR", "UR", "LR"].contains(name) {
                    out.append(SourceToken(kind: .string, text: name.hasSuffix("R") ? raw(&c) : quoted(&c), line: line))
                } else if c.peek() == UInt8(ascii: "'"), ["u8", "u", "U", "L"].contains(name) {
                    skipCharacter(&c)
                } else {
                    out.append(SourceToken(kind: .identifier, text: name, line: line))
                }
                continue
            }
            if b == UInt8(ascii: "\"") {
                let line = c.line
                out.append(SourceToken(kind: .string, text: quoted(&c), line: line))
                continue
            }
            if b == UInt8(ascii: "'") { skipCharacter(&c); continue }
            if b.isDigit {
                // Numbers, including 1'000 digit separators and suffixes.
                let line = c.line
                while let d = c.peek(), d.isIdentifierByte || d == UInt8(ascii: ".") || (d == UInt8(ascii: "'") && c.peek(1)?.isIdentifierByte == true) { c.next() }
                out.append(SourceToken(kind: .other, text: "", line: line))
                continue
            }
            let line = c.line
            c.next()
            out.append(SourceToken(kind: .punctuation, text: String(UnicodeScalar(b)), line: line))
        }
        return out
    }

    static func skipCharacter(_ c: inout ByteCursor) {
        c.next()
        while let b = c.peek(), b != UInt8(ascii: "'"), b != 0x0A {
            if b == UInt8(ascii: "\\") { c.next() }
            if !c.atEnd { c.next() }
        }
        if !c.atEnd { c.next() }
    }

    /// `"…"` with C escapes; an unterminated literal ends at the line's end.
    static func quoted(_ c: inout ByteCursor) -> String {
        c.next()
        var out: [UInt8] = []
        while let b = c.peek(), b != UInt8(ascii: "\""), b != 0x0A {
            c.next()
            guard b == UInt8(ascii: "\\"), let e = c.peek() else { out.append(b); continue }
            c.next()
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "e"): out.append(0x1B)
            case 0x0A: break // a line continuation
            case UInt8(ascii: "x"): out.append(UInt8(truncatingIfNeeded: c.hex(max: 8) ?? 0))
            case UInt8(ascii: "u"): out.appendScalar(c.hex(max: 4, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "U"): out.appendScalar(c.hex(max: 8, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var v = UInt32(e - 0x30), n = 1
                while n < 3, let d = c.peek(), d >= 0x30, d <= 0x37 { v = v * 8 + UInt32(d - 0x30); c.next(); n += 1 }
                out.append(UInt8(truncatingIfNeeded: v))
            default: out.append(e) // \\ \" \' \? and unknown escapes
            }
        }
        if c.peek() == UInt8(ascii: "\"") { c.next() }
        return String(decoding: out, as: UTF8.self)
    }

    /// C++ `R"delim( … )delim"`: no escapes.
    static func raw(_ c: inout ByteCursor) -> String {
        c.next()
        var delimiter: [UInt8] = []
        while let b = c.peek(), b != UInt8(ascii: "("), delimiter.count <= 16, b != 0x0A { delimiter.append(c.next()) }
        guard c.peek() == UInt8(ascii: "(") else { return "" }
        c.next()
        let close = [UInt8(ascii: ")")] + delimiter + [UInt8(ascii: "\"")]
        var out: [UInt8] = []
        while !c.atEnd {
            if c.bytes[c.at...].starts(with: close) { c.skip(close.count); break }
            out.append(c.next())
        }
        return String(decoding: out, as: UTF8.self)
    }
}
