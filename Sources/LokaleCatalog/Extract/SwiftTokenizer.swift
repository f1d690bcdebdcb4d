/// Tokens of Swift source: comments skipped (block comments nest), numbers kept as written, string
/// literals decoded (`"…"`, multi-line `"""`, raw `#"…"#`). A literal with interpolation
/// (`\(…)`, `\#(…)` in a raw one) keeps its pieces: the text between, and each expression's
/// source and tokens (nested parentheses, literals and comments included).
enum SwiftTokenizer {
    static func tokens(_ bytes: [UInt8]) -> [SourceToken] {
        var c = ByteCursor(bytes)
        return scan(&c, interpolation: nil).tokens
    }

    static func scan(_ c: inout ByteCursor, interpolation oneLine: Bool?) -> (tokens: [SourceToken], closed: Bool) {
        TokenScanner.scan(&c, lineComment: "//", blockComments: true, interpolation: oneLine) { c, out in
            let line = c.line
            if c.peek()!.isDigit {
                out.append(SourceToken(kind: .other, text: number(&c), line: line))
                return true
            }
            var hashes = 0
            while c.peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
            guard c.peek(hashes) == UInt8(ascii: "\"") else { return false }
            c.skip(hashes)
            out.append(literal(&c, hashes: hashes, line: line))
            return true
        }
    }

    /// Stands for an interpolation in a literal's bytes until they are decoded: 0xFF never occurs
    /// in UTF-8 (a source's stray 0xFF is read as U+FFFD, which is what decoding makes of it).
    static let placeholder: UInt8 = 0xFF

    /// A literal whose opening quote is at the cursor (its `#`s already consumed).
    static func literal(_ c: inout ByteCursor, hashes: Int, line: Int) -> SourceToken {
        let multiline = c.peekIs("\"\"\"")
        let close = Array((multiline ? "\"\"\"" : "\"").utf8) + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        let escape = [UInt8(ascii: "\\")] + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        c.skip(multiline ? 3 : 1)
        var raw: [UInt8] = []
        var interpolations: [Interpolation] = []
        func append(_ b: UInt8) { if b == placeholder { raw += [0xEF, 0xBF, 0xBD] } else { raw.append(b) } }
        while !c.atEnd {
            if c.bytes[c.at...].starts(with: close) { c.skip(close.count); break }
            if !multiline && c.peek() == 0x0A { break } // unterminated
            if c.bytes[c.at...].starts(with: escape) {
                c.skip(escape.count)
                if c.peek() == UInt8(ascii: "(") {
                    interpolations.append(interpolation(&c, oneLine: !multiline))
                    raw.append(placeholder)
                    continue
                }
                raw.append(0x5C) // a normalized escape: one backslash, then what follows
                if !c.atEnd { append(c.next()) }
                continue
            }
            // In a raw literal a lone backslash is text: keep it through decode().
            if hashes > 0 && c.peek() == 0x5C { raw.append(0x5C) }
            append(c.next())
        }
        if multiline { raw = stripIndentation(raw) }
        var token = SourceToken(kind: .string, text: "", line: line, interpolated: !interpolations.isEmpty)
        let parts = raw.split(separator: placeholder, omittingEmptySubsequences: false).map { decode(Array($0)) }
        // An interpolation on a multi-line literal's delimiter lines is no content: a damaged literal.
        guard parts.count == interpolations.count + 1 else { token.notText = true; return token }
        token.text = parts[0]
        guard !interpolations.isEmpty else { return token }
        if !parts[0].isEmpty { token.pieces.append(.text(parts[0])) }
        for (x, text) in zip(interpolations, parts.dropFirst()) {
            token.text += "\\(" + x.source + ")" + text
            token.pieces.append(.interpolation(x))
            if !text.isEmpty { token.pieces.append(.text(text)) }
        }
        return token
    }

    /// `( … )` of an interpolation, the cursor at `(`: scanned as code up to the `)` that closes it.
    /// In a one-line literal it cannot go past the line's end (the literal is then unterminated).
    static func interpolation(_ c: inout ByteCursor, oneLine: Bool) -> Interpolation {
        c.next()
        let start = c.at, line = c.line, column = c.column
        let (tokens, closed) = scan(&c, interpolation: oneLine)
        let inner = c.bytes[start..<(closed ? c.at - 1 : c.at)]
        let source = String(decoding: inner, as: UTF8.self)
        return Interpolation(source: trimmed(source), tokens: tokens, line: tokens.first?.line ?? line,
                             column: tokens.first?.column ?? column)
    }

    static func trimmed(_ s: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(s.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// A number as written: `42`, `1_000`, `0.5`, `1e-3`, `0x1p4`, `0b101`.
    static func number(_ c: inout ByteCursor) -> String {
        let start = c.at
        let radix = c.peek() == UInt8(ascii: "0") && [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(c.peek(1) ?? 0)
        let hex = radix && c.peek(1) == UInt8(ascii: "x")
        if radix { c.skip(2) }
        let exponent: [UInt8] = hex ? [UInt8(ascii: "p"), UInt8(ascii: "P")] : radix ? [] : [UInt8(ascii: "e"), UInt8(ascii: "E")]
        func digits() { while let d = c.peek(), d.isIdentifierByte, !exponent.contains(d) { c.next() } }
        digits()
        if c.peek() == UInt8(ascii: "."), let d = c.peek(1), hex ? d.hexValue != nil : d.isDigit, !radix || hex {
            c.next()
            digits()
        }
        if let e = c.peek(), exponent.contains(e) {
            c.next()
            if c.peek() == UInt8(ascii: "+") || c.peek() == UInt8(ascii: "-") { c.next() }
        }
        while let d = c.peek(), d.isIdentifierByte { c.next() }
        return String(decoding: c.bytes[start..<c.at], as: UTF8.self)
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

/// What a Swift file states about the types of its names, for the specifiers of interpolations:
/// annotations (`let n: Int`, parameters `count: Int`, `_ n: UInt`), literal initial values
/// (`@State private var n = 2`, `let label = "Sample Set"`) and initializer calls
/// (`let d = Double(x)`). No scoping: the last declaration of a name before its use wins, else the
/// first after it.
struct SwiftDeclarations {
    struct Declaration: Equatable {
        var line: Int
        var column: Int
        /// nil: declared, but with a value whose type the source does not state.
        var type: String?
    }
    private(set) var names: [String: [Declaration]] = [:]

    /// The specifier `String.LocalizationValue` (and SwiftUI's `LocalizedStringKey`) gives a value
    /// of each type; every other type is text or an object: `%@`.
    static let specifiers: [String: String] = [
        "Int": "%lld", "Int64": "%lld", "Int32": "%d", "Int16": "%d", "Int8": "%d",
        "UInt": "%llu", "UInt64": "%llu", "UInt32": "%u", "UInt16": "%u", "UInt8": "%u",
        "Double": "%lf", "Float64": "%lf", "CGFloat": "%lf", "TimeInterval": "%lf", "Float": "%f", "Float32": "%f",
    ]

    /// The same for Lokale's `Message.Value`: its overloads are `String.LocalizationValue`'s (a
    /// `CGFloat` converts to `Double` implicitly, so `%lf` in both; ExtractionAgreesWithRuntimeTests
    /// checks it against the runtime).
    static func specifier(of type: String) -> String { specifiers[type] ?? "%@" }

    init(_ t: [SourceToken]) {
        for i in t.indices where t[i].kind == .identifier && i + 2 < t.count {
            if t[i].text == "let" || t[i].text == "var" {
                // `let name = "Sample Set", count = 3`: each binding of the statement.
                for n in [i + 1] + Self.moreBindings(t, after: i + 1) where t[n].kind == .identifier && n + 1 < t.count {
                    if t[n + 1].isPunctuation(":") { add(t[n], Self.annotation(t, at: n + 2)?.type) }
                    else if t[n + 1].isPunctuation("=") { add(t[n], Self.initialValue(t, at: n + 2)) }
                }
            } else if t[i + 1].isPunctuation(":"), Self.isParameter(t, at: i), let written = Self.annotation(t, at: i + 2),
                      let type = written.type, type.first?.isUppercase == true,
                      !(written.after < t.count && (t[written.after].isPunctuation(".") || t[written.after].isPunctuation("("))) {
                // `count: Int` in a parameter list (not a call's `count: total`).
                add(t[i], type)
            }
        }
    }

    /// The names after the first in one `let`/`var` statement (`, count = 3`): a top-level `,`
    /// followed by a name and `=` or `:`, until the statement ends (a new line not continuing it,
    /// `;`, a `{` of accessors or a closure, or the brackets around it closing).
    static func moreBindings(_ t: [SourceToken], after first: Int) -> [Int] {
        var found: [Int] = [], depth = 0, k = first + 1
        while k < t.count {
            let tok = t[k]
            if depth == 0, tok.line != t[k - 1].line, !t[k - 1].isPunctuation(","), !tok.isPunctuation(","), !tok.isPunctuation("."),
               !(t[k - 1].kind == .punctuation && "=+-*/:?".contains(t[k - 1].text)) { break }
            if tok.kind == .punctuation {
                if tok.text == "(" || tok.text == "[" { depth += 1 }
                else if tok.text == ")" || tok.text == "]" { depth -= 1; if depth < 0 { break } }
                else if depth == 0, tok.text == ";" || tok.text == "{" || tok.text == "}" { break }
                else if depth == 0, tok.text == ",", k + 2 < t.count, t[k + 1].kind == .identifier,
                        t[k + 2].isPunctuation("=") || t[k + 2].isPunctuation(":") { found.append(k + 1) }
            }
            k += 1
        }
        return found
    }

    mutating func add(_ name: SourceToken, _ type: String?) {
        names[name.text, default: []].append(Declaration(line: name.line, column: name.column, type: type))
    }

    /// The declaration of `name` that a use at `line`:`column` sees.
    func declaration(of name: String, line: Int, column: Int) -> Declaration? {
        guard let all = names[name] else { return nil }
        return all.last { ($0.line, $0.column) < (line, column) } ?? all.first
    }

    /// `[label] name:` right after `(` or `,`: a parameter (or a call's argument: the caller checks
    /// that a type follows).
    static func isParameter(_ t: [SourceToken], at i: Int) -> Bool {
        func opens(_ k: Int) -> Bool { k >= 0 && (t[k].isPunctuation("(") || t[k].isPunctuation(",")) }
        if opens(i - 1) { return true }
        return i >= 2 && t[i - 1].kind == .identifier && !["let", "var", "case"].contains(t[i - 1].text) && opens(i - 2)
    }

    /// The type written at `k` (its last name: `Swift.Int` → Int; `Int?` → Optional) and the index
    /// after it; nil when no type is written there.
    static func annotation(_ t: [SourceToken], at start: Int) -> (type: String?, after: Int)? {
        var k = start
        while k < t.count {
            if t[k].kind == .identifier, ["inout", "borrowing", "consuming", "some", "any"].contains(t[k].text) { k += 1 }
            else if t[k].isPunctuation("@"), k + 1 < t.count, t[k + 1].kind == .identifier { k += 2 }
            else { break }
        }
        guard k < t.count else { return nil }
        if t[k].isPunctuation("[") { return ("Array", k + 1) }
        if t[k].isPunctuation("(") { return (nil, k + 1) }
        guard t[k].kind == .identifier else { return nil }
        var name = t[k].text
        k += 1
        while k + 1 < t.count, t[k].isPunctuation("."), t[k + 1].kind == .identifier { name = t[k + 1].text; k += 2 }
        if k < t.count, t[k].line == t[k - 1].line, t[k].isPunctuation("?") || t[k].isPunctuation("!") { return ("Optional", k + 1) }
        return (name, k)
    }

    /// The type of an initial value at `k` when it is a literal or an initializer call that ends the
    /// statement (`= 2`, `= -0.5`, `= "…"`, `= Int(x)`, `= Double(x) ?? 0`).
    static func initialValue(_ t: [SourceToken], at start: Int) -> String? {
        func ends(_ j: Int) -> Bool {
            j >= t.count || t[j].line != t[j - 1].line || [";", "}", ")", ",", "{"].contains { t[j].isPunctuation($0) }
        }
        var k = start
        if k + 1 < t.count, t[k].isPunctuation("-"), t[k + 1].kind == .other { k += 1 }
        guard k < t.count else { return nil }
        if let type = literalType(t[k]), ends(k + 1) { return type }
        if t[k].kind == .identifier, t[k].text.first?.isUppercase == true, k + 1 < t.count, t[k + 1].isPunctuation("("),
           let call = CallArguments(t, open: k + 1, labelSeparator: ":") {
            let after = call.end + 1
            if ends(after) || (t[after].isPunctuation("!") && ends(after + 1)) || (after + 1 < t.count && t[after].isPunctuation("?") && t[after + 1].isPunctuation("?")) {
                return t[k].text
            }
        }
        return nil
    }

    /// Int, Double or String for a literal token; nil for anything else.
    static func literalType(_ token: SourceToken) -> String? {
        if token.kind == .string { return token.notText ? nil : "String" }
        guard token.kind == .other, !token.text.isEmpty else { return nil }
        let n = token.text.lowercased()
        if n.hasPrefix("0x") { return n.contains(".") || n.contains("p") ? "Double" : "Int" }
        if n.hasPrefix("0b") || n.hasPrefix("0o") { return "Int" }
        return n.contains(".") || n.contains("e") ? "Double" : "Int"
    }

    /// The specifier for one interpolation, and a warning when the source does not say it.
    func resolve(_ x: Interpolation) -> (specifier: String, warning: String?) {
        var args: [[SourceToken]] = [[]]
        var depth = 0
        for t in x.tokens {
            if t.kind == .punctuation {
                if ["(", "[", "{"].contains(t.text) { depth += 1 }
                if [")", "]", "}"].contains(t.text) { depth -= 1 }
                if t.text == "," && depth == 0 { args.append([]); continue }
            }
            args[args.count - 1].append(t)
        }
        if args.count > 1 {
            // `\(x, specifier: "%.2f")` says it; `format:`, `style:`, `formatter:` produce text.
            for a in args.dropFirst() where a.count == 3 && a[0].text == "specifier" && a[1].isPunctuation(":") {
                if a[2].kind == .string, a[2].pieces.isEmpty, !a[2].notText, !a[2].text.isEmpty { return (a[2].text, nil) }
            }
            return ("%@", "cannot tell the specifier of `\(x.source)`; assumed %@ — only `specifier: \"…\"` is read")
        }
        if let type = type(of: args[0], line: x.line, column: x.column) { return (Self.specifier(of: type), nil) }
        return ("%@", "cannot tell the type of `\(x.source)`; assumed %@ — annotate its type or use Message(...defaultValue:)")
    }

    /// The type of an expression when the source states it: a literal, a declared name
    /// (`count`, `self.count`), an initializer call (`Double(x)`), a cast (`x as Int`).
    func type(of expression: [SourceToken], line: Int, column: Int) -> String? {
        var e = expression
        if e.count >= 3, e[0].kind == .identifier, e[0].text == "self", e[1].isPunctuation(".") { e.removeFirst(2) }
        if e.count >= 3, e[e.count - 2].kind == .identifier, e[e.count - 2].text == "as", e[e.count - 1].kind == .identifier {
            return e[e.count - 1].text
        }
        if e.count == 2, e[0].isPunctuation("-"), e[1].kind == .other { e.removeFirst() }
        if e.count == 1, let type = Self.literalType(e[0]) { return type }
        if e.count == 1, e[0].kind == .identifier {
            return declaration(of: e[0].text, line: line, column: column)?.type
        }
        if e.count >= 3, e[0].kind == .identifier, e[0].text.first?.isUppercase == true, e[1].isPunctuation("("),
           CallArguments(e, open: 1, labelSeparator: ":")?.end == e.count - 1 {
            return e[0].text
        }
        return nil
    }
}
