/// What the per-language tokenizers give the call recognizers: identifiers, string literals
/// (decoded), punctuation; everything else (numbers, operators) is `other`.
struct SourceToken: Equatable {
    enum Kind: Equatable { case identifier, string, punctuation, other }
    var kind: Kind
    /// The identifier, the literal's decoded value, or the punctuation character.
    var text: String
    var line: Int
    /// A literal with interpolation (`\(x)`, an f-string's `{x}`): not a constant.
    var interpolated = false
    /// A literal that is not text (Python bytes, a damaged Swift literal).
    var notText = false
    /// 1-based, in bytes (as compilers count).
    var column = 0
    /// A Swift literal with interpolation, in order: its text and its `\( … )`s.
    var pieces: [LiteralPiece] = []

    func isPunctuation(_ c: String) -> Bool { kind == .punctuation && text == c }
}

/// One part of an interpolated Swift literal.
enum LiteralPiece: Equatable {
    /// Text, escapes decoded.
    case text(String)
    case interpolation(Interpolation)
}

/// One `\( … )` (or `\#( … )`) of a Swift literal.
struct Interpolation: Equatable {
    /// The expression as written (with any labeled arguments), trimmed.
    var source: String
    var tokens: [SourceToken]
    /// Where the expression starts.
    var line: Int
    var column: Int
}

extension Interpolation {
    /// `\(x)` rather than `\(x, specifier: "%.2f")`: its type alone gives the specifier.
    var isSingleValue: Bool {
        var depth = 0
        for t in tokens where t.kind == .punctuation {
            if ["(", "[", "{"].contains(t.text) { depth += 1 } else if [")", "]", "}"].contains(t.text) { depth -= 1 }
            else if t.text == ",", depth == 0 { return false }
        }
        return true
    }
}

/// Where a token starts: 1-based line and byte column, as compilers count.
struct SourcePosition: Hashable {
    var line: Int
    var column: Int
    init(line: Int, column: Int) { self.line = line; self.column = column }
    init(_ token: SourceToken) { self.init(line: token.line, column: token.column) }
}

/// Swift literals known to become Lokale `Message`s (or `Message.Value`s) whatever call they are
/// in, and the types of interpolated values: from the compiler's typed syntax tree
/// (`compiled`), or from the file's own declarations (`let title: Message = "…"`).
struct TypedLiterals {
    /// Where each such literal starts (its opening quote, or `#` of a raw one).
    var messages: Set<SourcePosition> = []
    /// The type of each `\(x)` whose literal is a `Message`, by where `x` starts (`Int`, `Double`…;
    /// a type without an overload of its own is `CustomStringConvertible`).
    var interpolations: [SourcePosition: String] = [:]
    /// Whether the compiler typed the file: then a rule that knows a call only by its name takes
    /// the compiler's word for which literals are messages.
    var compiled = false
}

/// The loop the tokenizers share: spaces and comments skipped; identifiers, numbers and
/// punctuation made tokens. `literal` takes what is particular to a language (its string
/// literals, and identifiers that prefix them) and returns false to leave the byte to the rest.
enum TokenScanner {
    static func scan(_ bytes: [UInt8], lineComment: String, blockComments nested: Bool?,
                     onComment: ((_ line: Int, _ text: ArraySlice<UInt8>) -> Void)? = nil,
                     literal: (inout ByteCursor, inout [SourceToken]) -> Bool) -> [SourceToken] {
        var c = ByteCursor(bytes)
        return scan(&c, lineComment: lineComment, blockComments: nested, onComment: onComment, literal: literal).tokens
    }

    /// Scans from the cursor to the end; or, with `interpolation` (Swift's `\( … )`, the cursor
    /// after its `(`), to the `)` that closes it, consumed (`closed`), or — when the literal is
    /// one line (`interpolation == true`) — to the line's end, where it is left unterminated.
    /// `onComment` sees each line comment (its marker included): translator comments (Python's `-c`).
    static func scan(_ c: inout ByteCursor, lineComment: String, blockComments nested: Bool?, interpolation: Bool? = nil,
                     onComment: ((_ line: Int, _ text: ArraySlice<UInt8>) -> Void)? = nil,
                     literal: (inout ByteCursor, inout [SourceToken]) -> Bool) -> (tokens: [SourceToken], closed: Bool) {
        var out: [SourceToken] = []
        var depth = 0
        while let b = c.peek() {
            if interpolation == true && (b == 0x0A || b == 0x0D) { break }
            if b.isSpace { c.next(); continue }
            if c.peekIs(lineComment) {
                let line = c.line, start = c.at
                c.skipLine()
                onComment?(line, c.bytes[start..<c.at])
                continue
            }
            if let nested, c.peekIs("/*") { c.skipBlockComment(nested: nested); continue }
            let line = c.line, column = c.column, before = out.count
            if literal(&c, &out) {
                for k in before..<out.count { out[k].column = column }
                continue
            }
            if b.isIdentifierStart {
                out.append(SourceToken(kind: .identifier, text: c.identifier(), line: line, column: column))
            } else if b.isDigit {
                // Numbers with their suffixes, exponents and C++ digit separators (1'000).
                while let d = c.peek(), d.isIdentifierByte || d == UInt8(ascii: ".") || (d == UInt8(ascii: "'") && c.peek(1)?.isDigit == true) { c.next() }
                out.append(SourceToken(kind: .other, text: "", line: line, column: column))
            } else {
                c.next()
                if interpolation != nil {
                    if b == UInt8(ascii: "(") { depth += 1 }
                    if b == UInt8(ascii: ")") {
                        if depth == 0 { return (out, true) }
                        depth -= 1
                    }
                }
                out.append(SourceToken(kind: .punctuation, text: String(UnicodeScalar(b)), line: line, column: column))
            }
        }
        return (out, interpolation == nil)
    }
}

/// A cursor over a file's bytes that counts lines, shared by the tokenizers.
struct ByteCursor {
    let bytes: [UInt8]
    var at = 0
    var line = 1
    /// Where the current line starts.
    var lineStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { at >= bytes.count }
    /// The cursor's column: 1-based, in bytes.
    var column: Int { at - lineStart + 1 }
    func peek(_ offset: Int = 0) -> UInt8? { at + offset < bytes.count ? bytes[at + offset] : nil }
    func peekIs(_ s: String, _ offset: Int = 0) -> Bool {
        var i = at + offset
        for b in s.utf8 {
            guard i < bytes.count, bytes[i] == b else { return false }
            i += 1
        }
        return true
    }

    @discardableResult
    mutating func next() -> UInt8 {
        let b = bytes[at]
        at += 1
        if b == 0x0A { line += 1; lineStart = at }
        return b
    }

    mutating func skip(_ n: Int) { for _ in 0..<n where !atEnd { next() } }

    /// Skips to the end of the line (not consuming the newline).
    mutating func skipLine() { while let b = peek(), b != 0x0A { next() } }

    /// Skips a `/* … */` comment whose opening is at the cursor; nested when `nested` (Swift).
    mutating func skipBlockComment(nested: Bool) {
        skip(2)
        var depth = 1
        while !atEnd {
            if peekIs("*/") { skip(2); depth -= 1; if depth == 0 { return } }
            else if nested && peekIs("/*") { skip(2); depth += 1 }
            else { next() }
        }
    }

    mutating func identifier() -> String {
        let start = at
        while let b = peek(), b.isIdentifierByte { next() }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    /// The control characters C and Python write as `\n`, `\t`…, by their escape letter.
    static let controlEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "a"): 0x07,
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "v"): 0x0B,
    ]

    /// An octal escape whose first digit `first` was read: up to two more digits.
    mutating func octal(first: UInt8) -> UInt32 {
        var v = UInt32(first - 0x30), n = 1
        while n < 3, let d = peek(), d >= 0x30, d <= 0x37 { v = v * 8 + UInt32(d - 0x30); next(); n += 1 }
        return v
    }

    /// Reads `count` hex digits at most (`exactly`: all required); nil when none.
    mutating func hex(max count: Int, exactly: Bool = false) -> UInt32? {
        var value: UInt32 = 0, n = 0
        while n < count, let b = peek(), let d = b.hexValue {
            value = value &* 16 &+ UInt32(d)
            next()
            n += 1
        }
        return n == 0 || (exactly && n < count) ? nil : value
    }
}

extension UInt8 {
    var isIdentifierStart: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || self == 0x5F || self >= 0x80 }
    var isIdentifierByte: Bool { isIdentifierStart || (self >= 0x30 && self <= 0x39) }
    var isDigit: Bool { self >= 0x30 && self <= 0x39 }
    var isSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D || self == 0x0B || self == 0x0C }
    var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends a Unicode scalar as UTF-8 (U+FFFD for an invalid one).
    mutating func appendScalar(_ value: UInt32) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        append(contentsOf: Array(String(Character(scalar)).utf8))
    }
}
