/// Reads ICU MessageFormat into `ICUMFNode`s, following ICU4C's MessagePattern: apostrophes in the
/// default mode (DOUBLE_OPTIONAL: `''` is one apostrophe; a single one starts quoted text only
/// before `{`, `}` and, in a plural or selectordinal variant, `#`; an unclosed quote runs to the end),
/// names and keywords as Pattern_Syntax-free identifiers, Pattern_White_Space around them.
struct ICUMFParser {
    let s: [Unicode.Scalar]
    let quoting: ICUMessageFormat.Quoting
    var i = 0

    init(_ pattern: String, quoting: ICUMessageFormat.Quoting = .icu) {
        s = Array(pattern.unicodeScalars)
        self.quoting = quoting
    }

    /// Where text runs and messages are, in scalars of `s`, when a caller rewrites a pattern's
    /// text as written (`ICUMessageFormat.rewritingText`); nil otherwise.
    var trace: Trace? = nil

    struct Trace {
        /// Each message (the pattern, each variant), its parent's index (-1 for the pattern).
        var messages: [(range: Range<Int>, parent: Int)] = []
        /// Each run of literal text as written, with what it shows and its message's index.
        var runs: [(range: Range<Int>, text: String, message: Int)] = []
        var current = -1
    }

    /// Nesting deeper than this is refused (the lowering's recursion stays bounded).
    static let maxDepth = 32

    // MARK: Errors and positions

    /// The last position computed: positions are asked for mostly in order, so each is found
    /// from the one before (linear over the pattern, not quadratic).
    var known = (index: 0, position: MF2.Position(offset: 0, line: 1, column: 1))

    mutating func position(_ at: Int? = nil) -> MF2.Position {
        let end = min(at ?? i, s.count)
        if end < known.index { known = (0, MF2.Position(offset: 0, line: 1, column: 1)) }
        var p = known.position
        for k in known.index..<end {
            p.offset += String(s[k]).utf8.count
            if s[k] == "\n" { p.line += 1; p.column = 1 } else { p.column += 1 }
        }
        known = (end, p)
        return p
    }

    mutating func error(_ expected: String, at: Int? = nil, found: String? = nil) -> ICUMessageFormat.SyntaxError {
        let k = at ?? i
        let what = found ?? (k < s.count ? "`\(s[k].escaped(asASCII: false))`" : "the end of the pattern")
        return ICUMessageFormat.SyntaxError(position: position(k), expected: expected, found: what)
    }

    // MARK: Character classes

    static func isWhiteSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200E, 0x200F, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Unicode's Pattern_Syntax (stable by policy), which ends ICU identifiers.
    static func isSyntax(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x5E, 0x60, 0x7B...0x7E, 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1,
             0xB6, 0xBB, 0xBF, 0xD7, 0xF7, 0x2010...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
             0x2190...0x245F, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003, 0x3008...0x3020,
             0x3030, 0xFD3E, 0xFD3F, 0xFE45, 0xFE46: true
        default: false
        }
    }

    mutating func skipWhiteSpace() { while i < s.count, Self.isWhiteSpace(s[i]) { i += 1 } }

    func at(_ c: Unicode.Scalar) -> Bool { i < s.count && s[i] == c }

    mutating func expect(_ c: Unicode.Scalar, _ expected: String) throws(ICUMessageFormat.SyntaxError) {
        guard at(c) else { throw error(expected) }
        i += 1
    }

    /// An identifier: scalars that are neither Pattern_Syntax nor Pattern_White_Space.
    mutating func identifier() -> String {
        var id = String.UnicodeScalarView()
        while i < s.count, !Self.isSyntax(s[i]), !Self.isWhiteSpace(s[i]) { id.append(s[i]); i += 1 }
        return String(id)
    }

    // MARK: Messages

    /// Text, `#` and arguments up to the end (depth 0) or up to the `}` closing a variant (left unread).
    /// `parent` is the kind of the complex argument whose variant this is.
    mutating func message(depth: Int, parent: ICUMFComplex.Kind?) throws(ICUMessageFormat.SyntaxError) -> [ICUMFNode] {
        var nodes: [ICUMFNode] = []
        var text = ""
        var runStart: Int? = nil
        let id = trace?.messages.count ?? 0, outer = trace?.current ?? -1
        if trace != nil {
            trace!.messages.append((i..<i, outer))
            trace!.current = id
        }
        func flush() {
            if let start = runStart, start < i, trace != nil { trace!.runs.append((start..<i, text, id)) }
            runStart = nil
            if !text.isEmpty { nodes.append(.text(text)); text = "" }
        }
        let pound = parent == .plural || parent == .selectordinal
        while i < s.count {
            if runStart == nil { runStart = i }
            let c = s[i]
            if c == "'", quoting == .icu {
                if i + 1 < s.count, s[i + 1] == "'" {
                    text += "'"
                    i += 2
                } else if i + 1 < s.count, s[i + 1] == "{" || s[i + 1] == "}" || (pound && s[i + 1] == "#") {
                    // Quoted text, `''` in it one apostrophe, to the next single apostrophe or the end.
                    i += 1
                    while i < s.count {
                        if s[i] == "'" {
                            if i + 1 < s.count, s[i + 1] == "'" { text += "'"; i += 2; continue }
                            i += 1
                            break
                        }
                        text.unicodeScalars.append(s[i])
                        i += 1
                    }
                } else {
                    text += "'"
                    i += 1
                }
            } else if c == "{" {
                flush()
                nodes.append(try argument(depth: depth + 1))
            } else if c == "}" {
                if depth > 0 { break }
                text += "}"
                i += 1
            } else if c == "#", pound {
                flush()
                nodes.append(.pound)
                i += 1
            } else {
                text.unicodeScalars.append(c)
                i += 1
            }
        }
        if depth > 0, i >= s.count { throw error("`}` closing the variant") }
        flush()
        if trace != nil {
            trace!.messages[id].range = trace!.messages[id].range.lowerBound..<i
            trace!.current = outer
        }
        return nodes
    }

    /// After `{`: `name}`, `name, type}`, `name, type, style}` or a plural, selectordinal or select.
    mutating func argument(depth: Int) throws(ICUMessageFormat.SyntaxError) -> ICUMFNode {
        guard depth <= Self.maxDepth else { throw error("at most \(Self.maxDepth) nested arguments") }
        let open = i, openPosition = position(open)
        i += 1
        skipWhiteSpace()
        let nameAt = i
        let name = identifier()
        guard !name.isEmpty else { throw error("an argument name or number") }
        if name.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            guard name == "0" || name.unicodeScalars.first != "0" else {
                throw error("an argument number without leading zeros", at: nameAt, found: "`\(name)`")
            }
            guard name.count <= 9 else { throw error("an argument number below 10⁹", at: nameAt, found: "`\(name)`") }
        }
        guard Self.isMF2Name(ICUMessageFormat.variableName(name)) else {
            throw error("an argument name MessageFormat 2 can spell", at: nameAt, found: "`\(name)`")
        }
        var simple = ICUMFSimple(name: name, position: position(nameAt), open: openPosition, type: nil, typePosition: position(nameAt),
                                 style: nil, stylePosition: position(nameAt))
        skipWhiteSpace()
        if at("}") { i += 1; return .simple(simple) }
        try expect(",", "`,` or `}` after the argument name")
        skipWhiteSpace()
        let typeAt = i
        let type = identifier().lowercased()
        guard !type.isEmpty else { throw error("an argument type") }
        simple.type = type
        simple.typePosition = position(typeAt)
        skipWhiteSpace()
        let kind: ICUMFComplex.Kind? = switch type {
        case "plural": .plural
        case "selectordinal": .selectordinal
        case "select": .select
        default: nil
        }
        if let kind {
            try expect(",", "`,` and the variants of `\(type)`")
            return .complex(try complex(kind, name: name, at: nameAt, open: openPosition, depth: depth))
        }
        if at("}") { i += 1; return .simple(simple) }
        try expect(",", "`,` or `}` after the argument type")
        let styleStart = i
        skipWhiteSpace()
        simple.stylePosition = position()
        // The style runs to the `}` that balances this argument's `{`; quotes hide braces.
        var style = String.UnicodeScalarView(), braces = 0
        while true {
            guard i < s.count else { throw error("`}` closing the argument that starts at \(openPosition)") }
            let c = s[i]
            if c == "'" {
                style.append(c)
                i += 1
                while i < s.count, s[i] != "'" { style.append(s[i]); i += 1 }
                if i < s.count { style.append(s[i]); i += 1 }
                continue
            }
            if c == "{" { braces += 1 }
            if c == "}" {
                if braces == 0 { i += 1; break }
                braces -= 1
            }
            style.append(c)
            i += 1
        }
        // ICU gives a date pattern the white space before it as text; keywords and skeletons trimmed.
        simple.patternStyle = String(String.UnicodeScalarView(s[styleStart..<(i - 1)]))
        while let last = style.last, Self.isWhiteSpace(last) { style.removeLast() }
        simple.style = String(style)
        return .simple(simple)
    }

    /// The variants of a plural, selectordinal or select, after its second `,`, through its `}`.
    mutating func complex(_ kind: ICUMFComplex.Kind, name: String, at nameAt: Int, open: MF2.Position, depth: Int) throws(ICUMessageFormat.SyntaxError) -> ICUMFComplex {
        var c = ICUMFComplex(kind: kind, name: name, position: position(nameAt), open: open, offset: 0, variants: [])
        var hasOther = false
        while true {
            skipWhiteSpace()
            if at("}") {
                guard hasOther else { throw error("an `other` variant (ICU requires one)") }
                i += 1
                return c
            }
            let keyAt = i
            let key: ICUMFComplex.Key
            if at("="), kind != .select {
                i += 1
                var number = ""
                while i < s.count, "0123456789.-eE+".unicodeScalars.contains(s[i]) { number.unicodeScalars.append(s[i]); i += 1 }
                guard let d = MF2.Decimal(parsing: number) else {
                    throw error("a number after `=` (an integer or decimal, optionally negative)", at: keyAt + 1)
                }
                key = .exact(d.description)
            } else {
                let word = identifier()
                guard !word.isEmpty else { throw error(kind == .select ? "a select keyword or `}`" : "a plural keyword, `=N` or `}`") }
                if kind != .select, word == "offset", c.variants.isEmpty, c.offset == 0, at(":") {
                    i += 1
                    skipWhiteSpace()
                    let offsetAt = i
                    let digits = identifier()
                    guard let n = Int(digits), n >= 0, n < 100, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
                        throw error("an offset from 0 to 99 (what MF2's `:offset` takes)", at: offsetAt,
                                    found: digits.isEmpty ? nil : "`\(digits)`")
                    }
                    c.offset = n
                    continue
                }
                key = .keyword(word)
                if word == "other" { hasOther = true }
            }
            skipWhiteSpace()
            try expect("{", "`{` starting the variant's message")
            let nodes = try message(depth: depth, parent: kind)
            try expect("}", "`}` closing the variant")
            c.variants.append(ICUMFComplex.Variant(key: key, nodes: nodes, position: position(keyAt)))
        }
    }

    /// Whether MF2 accepts `name` as a variable name (`name-start name-char*`).
    static func isMF2Name(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, MF2Scanner.isNameStart(first.value) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { MF2Scanner.isNameChar($0.value) }
    }
}
