import LokaleCore

/// A MessageFormat 2 message given as source in code (`MessageFormat("…", locale:)` in Swift,
/// `lokale.MessageFormat("…", locale)` in Python, `lokale_message_format_new(&f, "…", -1, locale)`
/// in C): the call parses it at run time and fails when it is not well-formed or not valid, so
/// `lokale extract` and `lokale check --code` parse it now and report its errors where they are.
///
/// Such messages are checked, not added to a catalog: they are given as source, not looked up.
public struct MessageFormatSite: Sendable, Equatable {
    public var file: String
    /// Where the literal starts (1-based; the column in bytes, as compilers count).
    public var line: Int
    public var column: Int
    /// The message, escapes of the host language decoded.
    public var source: String
    public var problems: [MessageFormatProblem]
}

/// An error of a MessageFormat 2 message in code, at its place in the file: the error's own place
/// when the literal maps byte for byte to the message (one line, common escapes), else the
/// literal's start, with the place in the message in `message`.
public struct MessageFormatProblem: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// `file:line:column: error: message`, as compilers write it.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Which calls take a MessageFormat 2 source, per language, and in which argument.
struct MessageFormatRule {
    var name: String
    var receiver: MessageRule.Receiver
    var source: MessageRule.Slot

    static let c = [MessageFormatRule(name: "lokale_message_format_new", receiver: .free, source: .init(1))]
    static let python = [
        MessageFormatRule(name: "MessageFormat", receiver: .free, source: .init(0, "source")),
        MessageFormatRule(name: "MessageFormat", receiver: .method, source: .init(0, "source")),
    ]
    static let swift = [MessageFormatRule(name: "MessageFormat", receiver: .module("Lokale"), source: .init(0))]

    static func rules(_ kind: Extractor.SourceKind) -> [MessageFormatRule] {
        switch kind {
        case .c: c
        case .python: python
        case .swift: swift
        }
    }
}

extension MessageFormatSite {
    /// The call sites of `rules` in a file's tokens whose source argument is one constant
    /// literal (a variable or an interpolated literal is not known until run time), checked.
    static func find(_ tokens: [SourceToken], kind: Extractor.SourceKind, bytes: [UInt8], file: String,
                     labelSeparator: String?) -> [MessageFormatSite] {
        let rules = Dictionary(grouping: MessageFormatRule.rules(kind), by: \.name)
        var sites: [MessageFormatSite] = []
        for (i, t) in tokens.enumerated() where t.kind == .identifier {
            guard let candidates = rules[t.text], i + 1 < tokens.count, tokens[i + 1].isPunctuation("(") else { continue }
            guard let rule = candidates.first(where: { $0.receiver.accepts(tokens, at: i) }),
                  let args = CallArguments(tokens, open: i + 1, labelSeparator: labelSeparator) else { continue }
            var argument: [SourceToken]?
            if let l = rule.source.label, let a = args.labeledTokens[l] { argument = a }
            else if let p = rule.source.position, p < args.positionalTokens.count { argument = args.positionalTokens[p] }
            guard let literal = argument, case .literal(let source, false, _) = CallArguments.value(literal) else { continue }
            let map = LiteralMap(bytes: bytes, kind: kind, literal: literal)
            let problems = check(source).map { offset, position, message in
                if let (line, column) = map?.place(ofDecodedOffset: offset) {
                    return MessageFormatProblem(file: file, line: line, column: column, message: message)
                }
                return MessageFormatProblem(file: file, line: literal[0].line, column: literal[0].column,
                                            message: message + " (at \(position) of the message)")
            }
            sites.append(MessageFormatSite(file: file, line: literal[0].line, column: literal[0].column, source: source, problems: problems))
        }
        return sites
    }

    /// The message's syntax error, or its data model errors: where (byte offset and line:column
    /// in the message) and what.
    static func check(_ source: String) -> [(Int, MF2.Position, String)] {
        do {
            return try MF2.parse(source).dataModelErrors.map {
                ($0.position.offset, $0.position, "MessageFormat 2 data model error (\($0.kind.rawValue)): \($0.message)")
            }
        } catch {
            return [(error.position.offset, error.position, "MessageFormat 2 syntax error: expected \(error.expected), found \(error.found)")]
        }
    }
}

/// Where a byte of a literal's decoded text is in the file, for a literal written on one line
/// whose escapes decode to one byte (`\\`, `\"`, `\n`, …) or, in Python, stay as written (`\{`);
/// nil otherwise (concatenated, multi-line, `\x41`, `\u{E9}`…), and the caller names the
/// literal's start.
struct LiteralMap {
    let bytes: [UInt8]
    let line: Int
    /// Where the text after the opening quote starts, as a byte offset into the file.
    let start: Int
    let lineStart: Int
    /// The escape introducer (`\`, or `\#` in a Swift raw string); nil where `\` is text.
    let escape: [UInt8]?
    let quote: UInt8
    let kind: Extractor.SourceKind

    init?(bytes: [UInt8], kind: Extractor.SourceKind, literal: [SourceToken]) {
        guard literal.count == 1, let token = literal.first, token.column > 0 else { return nil }
        // The file offset of the token's line.
        var lineStart = 0, line = 1
        while line < token.line {
            guard let nl = bytes[lineStart...].firstIndex(of: 0x0A) else { return nil }
            lineStart = nl + 1
            line += 1
        }
        var i = lineStart + token.column - 1
        var prefix: [UInt8] = []
        while i < bytes.count, bytes[i].isIdentifierByte { prefix.append(bytes[i]); i += 1 }
        var hashes = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        quote = bytes[i]
        // Triple-quoted: multi-line, with indentation stripped (Swift) or lines joined.
        if i + 2 < bytes.count, bytes[i + 1] == quote, bytes[i + 2] == quote { return nil }
        i += 1
        let p = String(decoding: prefix, as: UTF8.self).lowercased()
        switch kind {
        case .c where p.hasSuffix("r"):
            // C++ raw `R"delim(…)delim"`: no escapes.
            guard let open = bytes[i...].prefix(18).firstIndex(of: UInt8(ascii: "(")) else { return nil }
            i = open + 1
            escape = nil
        case .python where p.contains("r"): escape = nil
        case .swift: escape = [UInt8(ascii: "\\")] + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        default: escape = [UInt8(ascii: "\\")]
        }
        self.bytes = bytes
        self.kind = kind
        self.line = token.line
        self.start = i
        self.lineStart = lineStart
    }

    /// Line and byte column in the file of the decoded text's byte `offset`.
    func place(ofDecodedOffset offset: Int) -> (line: Int, column: Int)? {
        var raw = start, decoded = 0
        while decoded < offset {
            // The text ended before the offset: the literal is not what was decoded.
            guard raw < bytes.count, bytes[raw] != 0x0A, bytes[raw] != quote || escape == nil else { return nil }
            if let escape, bytes[raw...].starts(with: escape) {
                let e = raw + escape.count
                guard e < bytes.count, let kept = keeps(bytes[e]) else { return nil }
                // Kept as written: the backslash is one byte of text, what follows the next.
                raw = kept ? raw + 1 : e + 1
            } else {
                raw += 1
            }
            decoded += 1
        }
        guard raw <= bytes.count, !bytes[start..<min(raw, bytes.count)].contains(0x0A) else { return nil }
        return (line, raw - lineStart + 1)
    }

    /// What the tokenizer makes of the escape `\e`: one decoded byte (false), the two bytes as
    /// written (true, Python's unknown escapes), or a length this map does not follow (nil).
    func keeps(_ e: UInt8) -> Bool? {
        let c = Character(Unicode.Scalar(e))
        switch kind {
        case .c: return "xuU01234567\n".contains(c) ? nil : false
        case .python:
            if "\\'\"abfnrtv".contains(c) { return false }
            return "xNuU01234567\n".contains(c) ? nil : true
        case .swift: return "0\\tnr\"'".contains(c) ? false : nil
        }
    }
}
