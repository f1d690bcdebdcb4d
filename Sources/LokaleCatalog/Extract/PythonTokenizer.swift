/// Tokens of Python source: `#` comments skipped, string literals decoded (single, double and
/// triple quotes, r-strings, escapes); f-strings with fields are marked interpolated, bytes not text.
enum PythonTokenizer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] { scan(bytes, onComment: nil) }

    /// The tokens, and each `#` comment's line and text (`#` and surrounding spaces removed).
    static func tokens(_ bytes: [UInt8], comments: inout [(line: Int, text: String)]) -> [SourceToken] {
        var found: [(line: Int, text: String)] = []
        let tokens = scan(bytes) { line, text in
            var body = text.dropFirst()
            while let b = body.first, b == 0x20 || b == 0x09 { body.removeFirst() }
            while let b = body.last, b == 0x20 || b == 0x09 || b == 0x0D { body.removeLast() }
            found.append((line, String(decoding: body, as: UTF8.self)))
        }
        comments = found
        return tokens
    }

    private static func scan(_ bytes: [UInt8], onComment: ((_ line: Int, _ text: ArraySlice<UInt8>) -> Void)?) -> [SourceToken] {
        TokenScanner.scan(bytes, lineComment: "#", blockComments: nil, onComment: onComment) { c, out in
            let b = c.peek()!
            // A backslash outside a literal joins lines.
            if b == UInt8(ascii: "\\") { c.next(); return true }
            var n = 0
            if b.isIdentifierStart { while let d = c.peek(n), d.isIdentifierByte { n += 1 } }
            guard let q = c.peek(n), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") else { return false }
            let prefix = String(decoding: c.bytes[c.at..<(c.at + n)], as: UTF8.self).lowercased()
            guard ["", "r", "u", "f", "b", "rb", "br", "fr", "rf"].contains(prefix) else { return false }
            let line = c.line
            c.skip(n)
            out.append(literal(&c, prefix: prefix, line: line))
            return true
        }
    }

    /// Translator comments as `pybabel extract -c TAG` and `xgettext --add-comments=TAG` find them:
    /// a comment line that starts with a tag, with the comment lines right below it, is for the
    /// message whose call starts on the line after the block's last line. Its lines are joined
    /// with newlines, the tag kept (Babel keeps it too). By the call's line.
    static func translatorComments(_ comments: [(line: Int, text: String)], tags: [String]) -> [Int: String] {
        guard !tags.isEmpty else { return [:] }
        var out: [Int: String] = [:]
        var block: [String] = [], last = 0
        for c in comments {
            if !block.isEmpty && c.line == last + 1 {
                block.append(c.text)
                last = c.line
                continue
            }
            if !block.isEmpty { out[last + 1] = block.joined(separator: "\n") }
            block = tags.contains { c.text.hasPrefix($0) } ? [c.text] : []
            last = c.line
        }
        if !block.isEmpty { out[last + 1] = block.joined(separator: "\n") }
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
            if let control = ByteCursor.controlEscapes[e] { out.append(control); continue }
            switch e {
            case 0x0A: break
            case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): out.append(e)
            case UInt8(ascii: "x"): out.appendScalar(c.hex(max: 2, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "u"): out.appendScalar(c.hex(max: 4, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "U"): out.appendScalar(c.hex(max: 8, exactly: true) ?? 0xFFFD)
            case UInt8(ascii: "0")...UInt8(ascii: "7"): out.appendScalar(c.octal(first: e))
            default: out += [b, e] // unknown escapes (and \N{…}) stay as written
            }
        }
        var token = SourceToken(kind: .string, text: String(decoding: out, as: UTF8.self), line: line, interpolated: interpolated)
        token.notText = prefix.contains("b")
        return token
    }
}
