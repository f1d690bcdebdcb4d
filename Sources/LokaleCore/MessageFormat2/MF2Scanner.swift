/// The tokens of the MF2 grammar (LDML part 9, message.abnf) over the message's UTF-8: whitespace
/// and bidi marks, names and identifiers, literals and escapes, and syntax errors that say where and
/// what was expected. `MF2Parser` builds the productions on it.
struct MF2Scanner {
    let bytes: [UInt8]
    var index = 0
    private var locator = Locator()

    init(_ source: String) { bytes = Array(source.utf8) }

    var atEnd: Bool { index >= bytes.count }

    func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    func at(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard index + n <= bytes.count else { return false }
        let p = text.utf8Start
        for i in 0..<n where bytes[index + i] != p[i] { return false }
        return true
    }

    /// Consumes `text` if it is next.
    @discardableResult
    mutating func take(_ text: StaticString) -> Bool {
        guard at(text) else { return false }
        index += text.utf8CodeUnitCount
        return true
    }

    /// The code point at byte offset `i` and its length; nil at the end. The bytes come from a
    /// `String`, so they are valid UTF-8.
    func scalar(at i: Int) -> (value: UInt32, length: Int)? {
        guard i < bytes.count else { return nil }
        let b = UInt32(bytes[i])
        // Only reached between code points; the guard keeps a mistake from reading past the end.
        guard b < 0x80 || (b >= 0xC0 && i + (b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3) < bytes.count) else { return (0xFFFD, 1) }
        switch b {
        case ..<0x80: return (b, 1)
        case ..<0xE0: return ((b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F), 2)
        case ..<0xF0: return ((b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F), 3)
        default:
            return ((b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6
                | UInt32(bytes[i + 3] & 0x3F), 4)
        }
    }

    // MARK: Positions and errors

    mutating func position(_ offset: Int? = nil) -> MF2.Position { locator.position(of: offset ?? index, in: bytes) }

    mutating func error(expected: String, at offset: Int? = nil) -> MF2.SyntaxError {
        let at = offset ?? index
        return MF2.SyntaxError(position: position(at), expected: expected, found: describe(at))
    }

    /// Refuses one more of something a message may hold at most `limit` of (docs/LIMITS.md):
    /// `count` are already read, and the next starts at `offset`.
    mutating func bound(_ count: Int, _ limit: Int, _ what: String, at offset: Int? = nil) throws(MF2.SyntaxError) {
        guard count >= limit else { return }
        let at = offset ?? index
        throw MF2.SyntaxError(position: position(at), expected: "at most \(limit) \(what)", found: "one more")
    }

    mutating func expect(_ text: StaticString, _ expected: String) throws(MF2.SyntaxError) {
        guard take(text) else { throw error(expected: expected) }
    }

    /// What is at `offset`, for an error: the character, or its code point when it is invisible.
    private func describe(_ offset: Int) -> String {
        guard let (c, _) = scalar(at: offset) else { return "end of message" }
        let visible = c > 0x20 && c != 0x7F && !Self.isSpace(c) && !Self.isBidi(c) && !(0x80...0xA0).contains(c)
            && !(0x2000...0x200F).contains(c) && !(0x2028...0x202F).contains(c)
        if visible, let s = Unicode.Scalar(c) { return "`\(Character(s))`" }
        let hex = String(c, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    // MARK: Whitespace

    /// `ws`: SP, HTAB, CR, LF, IDEOGRAPHIC SPACE.
    static func isSpace(_ c: UInt32) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A || c == 0x3000 }

    /// `bidi`: ALM, LRM, RLM, LRI, RLI, FSI, PDI.
    static func isBidi(_ c: UInt32) -> Bool { c == 0x061C || c == 0x200E || c == 0x200F || (0x2066...0x2069).contains(c) }

    /// Skips a run of `ws` and `bidi`. Such a run is always an `o`; it is an `s` (`*bidi ws o`)
    /// exactly when it holds a `ws`.
    @discardableResult
    mutating func skipWhitespace() -> (space: Bool, bidi: Bool) {
        var space = false, bidi = false
        while let (c, n) = scalar(at: index) {
            if Self.isSpace(c) { space = true } else if Self.isBidi(c) { bidi = true } else { break }
            index += n
        }
        return (space, bidi)
    }

    /// `s`, where the grammar requires whitespace.
    mutating func requireSpace(_ before: String) throws(MF2.SyntaxError) {
        let start = index
        guard skipWhitespace().space else { throw error(expected: "whitespace " + before, at: start) }
    }

    // MARK: Names

    /// `name-start`, as the ABNF lists it: letters, `+`, `_` and most of Unicode, without controls,
    /// whitespace, bidi controls, ASCII punctuation, surrogates and noncharacters.
    static func isNameStart(_ c: UInt32) -> Bool {
        switch c {
        case 0x41...0x5A, 0x61...0x7A, 0x2B, 0x5F: true
        case 0xA1...0x61B, 0x61D...0x167F, 0x1681...0x1FFF, 0x200B...0x200D, 0x2010...0x2027,
             0x2030...0x205E, 0x2060...0x2065, 0x206A...0x2FFF, 0x3001...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD:
            true
        case 0x10000...0x10FFFF: c & 0xFFFF < 0xFFFE
        default: false
        }
    }

    /// `name-char`: `name-start`, digits, `-` and `.`.
    static func isNameChar(_ c: UInt32) -> Bool { isNameStart(c) || (0x30...0x39).contains(c) || c == 0x2D || c == 0x2E }

    func atNameChar() -> Bool { scalar(at: index).map { Self.isNameChar($0.value) } ?? false }

    /// Whether a `name` starts here (its optional leading bidi mark included).
    func atNameStart() -> Bool {
        guard var (c, n) = scalar(at: index) else { return false }
        if Self.isBidi(c) {
            guard let next = scalar(at: index + n) else { return false }
            (c, n) = next
        }
        return Self.isNameStart(c)
    }

    /// `name = [bidi] name-start *name-char [bidi]`; the value leaves the bidi marks out.
    mutating func name(_ what: String) throws(MF2.SyntaxError) -> String {
        if let (c, n) = scalar(at: index), Self.isBidi(c) { index += n }
        guard let (c, _) = scalar(at: index), Self.isNameStart(c) else { throw error(expected: what) }
        let start = index
        while let (c, n) = scalar(at: index), Self.isNameChar(c) { index += n }
        let value = String(decoding: bytes[start..<index], as: UTF8.self)
        if let (c, n) = scalar(at: index), Self.isBidi(c) { index += n }
        return value
    }

    /// `identifier = [namespace ":"] name`.
    mutating func identifier(_ what: String) throws(MF2.SyntaxError) -> MF2.Identifier {
        let first = try name(what)
        guard at(UInt8(ascii: ":")) else { return MF2.Identifier(first) }
        index += 1
        return MF2.Identifier(namespace: first, try name("a name after the namespace `\(first):`"))
    }

    /// `variable = "$" name`, at its `$`.
    mutating func variable() throws(MF2.SyntaxError) -> MF2.Variable {
        let position = position()
        try expect("$", "`$`")
        return MF2.Variable(try name("a variable name after `$`"), position: position)
    }

    // MARK: Literals and escapes

    func atLiteral() -> Bool { at(UInt8(ascii: "|")) || atNameChar() }

    /// `literal = quoted-literal / unquoted-literal`, with `unquoted-literal = 1*name-char`.
    mutating func literal(_ what: String) throws(MF2.SyntaxError) -> MF2.Literal {
        if at(UInt8(ascii: "|")) {
            let open = index
            index += 1
            var value: [UInt8] = []
            while true {
                guard let b = atEnd ? nil : bytes[index] else {
                    throw error(expected: "`|` to close the literal opened at \(position(open))")
                }
                switch b {
                case UInt8(ascii: "|"):
                    index += 1
                    return MF2.Literal(String(decoding: value, as: UTF8.self), quoted: true)
                case UInt8(ascii: "\\"): value.append(try escape())
                case 0: throw error(expected: "a character other than U+0000 in a quoted literal")
                default:
                    value.append(b)
                    index += 1
                }
            }
        }
        let start = index
        while let (c, n) = scalar(at: index), Self.isNameChar(c) { index += n }
        guard index > start else { throw error(expected: what) }
        return MF2.Literal(String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// `escaped-char = backslash ( backslash / "{" / "|" / "}" )`: the escaped byte.
    mutating func escape() throws(MF2.SyntaxError) -> UInt8 {
        index += 1
        guard !atEnd, [UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}")].contains(bytes[index]) else {
            throw error(expected: "`\\`, `{`, `|` or `}` after `\\` (the only escapes)")
        }
        index += 1
        return bytes[index - 1]
    }
}

/// Line and column of byte offsets, computed forward from the last one asked: the parser asks in
/// source order, so a message costs one pass however many positions it keeps.
private struct Locator {
    var offset = 0, line = 1, column = 1

    mutating func position(of target: Int, in bytes: [UInt8]) -> MF2.Position {
        if target < offset { self = Locator() }
        for b in bytes[offset..<min(target, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        offset = min(target, bytes.count)
        return MF2.Position(offset: target, line: line, column: column)
    }
}
