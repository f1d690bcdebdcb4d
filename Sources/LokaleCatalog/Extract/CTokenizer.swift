/// Tokens of C and C++ source: comments skipped, string literals decoded (escapes, `u8`/`u`/`U`/`L`
/// prefixes, C++ raw strings `R"d(…)d"`), character literals skipped.
enum CTokenizer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        TokenScanner.scan(bytes, lineComment: "//", blockComments: false) { c, out in
            let b = c.peek()!
            let line = c.line
            if b.isIdentifierStart {
                // An encoding prefix or raw marker directly before a quote belongs to the literal.
                var n = 0
                while let d = c.peek(n), d.isIdentifierByte { n += 1 }
                let name = String(decoding: c.bytes[c.at..<(c.at + n)], as: UTF8.self)
                if c.peek(n) == UInt8(ascii: "\""), ["u8", "u", "U", "L", "R", "u8R", "uR", "UR", "LR"].contains(name) {
                    c.skip(n)
                    out.append(SourceToken(kind: .string, text: name.hasSuffix("R") ? raw(&c) : quoted(&c), line: line))
                    return true
                }
                if c.peek(n) == UInt8(ascii: "'"), ["u8", "u", "U", "L"].contains(name) {
                    c.skip(n)
                    skipCharacter(&c)
                    return true
                }
                return false
            }
            if b == UInt8(ascii: "\"") { out.append(SourceToken(kind: .string, text: quoted(&c), line: line)); return true }
            if b == UInt8(ascii: "'") { skipCharacter(&c); return true }
            return false
        }
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
            if let control = ByteCursor.controlEscapes[e] { out.append(control); continue }
            switch e {
            case UInt8(ascii: "e"): out.append(0x1B)
            case 0x0A: break // a line continuation
            case UInt8(ascii: "x"): out.append(UInt8(truncatingIfNeeded: c.hex(max: 8) ?? 0))
            case UInt8(ascii: "u"): out.appendScalar(c.hex(max: 4, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "U"): out.appendScalar(c.hex(max: 8, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "0")...UInt8(ascii: "7"): out.append(UInt8(truncatingIfNeeded: c.octal(first: e)))
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
