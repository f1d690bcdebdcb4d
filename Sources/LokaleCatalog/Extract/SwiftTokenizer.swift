/// Tokens of Swift source: comments skipped (block comments nest), string literals decoded
/// (`"…"`, multi-line `"""`, raw `#"…"#`); literals with `\(…)` interpolation are marked.
enum SwiftTokenizer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        TokenScanner.scan(bytes, lineComment: "//", blockComments: true) { c, out in
            var hashes = 0
            while c.peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard c.peek(hashes) == UInt8(ascii: "\"") else { return false }
            let line = c.line
            c.skip(hashes)
            out.append(literal(&c, hashes: hashes, line: line))
            return true
        }
    }

    /// A literal whose opening quote is at the cursor (its `#`s already consumed).
    static func literal(_ c: inout ByteCursor, hashes: Int, line: Int) -> SourceToken {
        let multiline = c.peekIs("\"\"\"")
        let close = Array((multiline ? "\"\"\"" : "\"").utf8) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        let escape = [UInt8(ascii: "\\")] + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        c.skip(multiline ? 3 : 1)
        var raw: [UInt8] = []
        var interpolated = false
        while !c.atEnd {
            if c.bytes[c.at...].starts(with: close) { c.skip(close.count); break }
            if !multiline && c.peek() == 0x0A { break } // unterminated
            if c.bytes[c.at...].starts(with: escape) {
                c.skip(escape.count)
                if c.peek() == UInt8(ascii: "(") {
                    interpolated = true
                    skipInterpolation(&c)
                    continue
                }
                raw.append(0x5C) // a normalized escape: one backslash, then what follows
                if !c.atEnd { raw.append(c.next()) }
                continue
            }
            // In a raw literal a lone backslash is text: keep it through decode().
            if hashes > 0 && c.peek() == 0x5C { raw.append(0x5C) }
            raw.append(c.next())
        }
        if multiline { raw = stripIndentation(raw) }
        return SourceToken(kind: .string, text: decode(raw), line: line, interpolated: interpolated)
    }

    /// Skips `( … )` of an interpolation, with nested parentheses and string literals.
    static func skipInterpolation(_ c: inout ByteCursor) {
        var depth = 0
        while let b = c.peek() {
            if b == UInt8(ascii: "\"") { _ = literal(&c, hashes: 0, line: c.line); continue }
            c.next()
            if b == UInt8(ascii: "(") { depth += 1 }
            if b == UInt8(ascii: ")") { depth -= 1; if depth == 0 { return } }
        }
    }

    /// A multi-line literal: the first line (after `"""`) and the last (the closing delimiter's
    /// indentation) are not content; that indentation is removed from every line.
    static func stripIndentation(_ raw: [UInt8]) -> [UInt8] {
        var lines = raw.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        guard lines.count >= 2 else { return [] }
        lines.removeFirst()
        let indent = lines.removeLast()
        guard indent.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return lines.joined(separator: [0x0A]).map { $0 } }
        let stripped = lines.map { $0.starts(with: indent) ? Array($0.dropFirst(indent.count)) : $0 }
        return Array(stripped.joined(separator: [0x0A]))
    }

    /// Swift escapes (`\0 \\ \t \n \r \" \' \u{…}`); a backslash before a newline joins lines.
    static func decode(_ raw: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < raw.count {
            let b = raw[i]
            i += 1
            guard b == 0x5C, i < raw.count else { out.append(b); continue }
            let e = raw[i]
            i += 1
            switch e {
            case UInt8(ascii: "0"): out.append(0)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case 0x0A: break
            case UInt8(ascii: "u"):
                var v: UInt32 = 0
                if i < raw.count, raw[i] == UInt8(ascii: "{") {
                    i += 1
                    while i < raw.count, let d = raw[i].hexValue { v = v &* 16 &+ UInt32(d); i += 1 }
                    if i < raw.count, raw[i] == UInt8(ascii: "}") { i += 1 }
                }
                out.appendScalar(v)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
