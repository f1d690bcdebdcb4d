/// One argument of a call, as the recognizers see it.
enum ArgumentValue: Equatable {
    /// One string literal, or adjacent literals concatenated (C, Python).
    case literal(String, interpolated: Bool, line: Int)
    /// A Swift literal with interpolation: its text and `\( … )`s, in order.
    case interpolation([LiteralPiece], line: Int)
    /// NULL, nullptr, None, nil.
    case null
    /// Anything else: a variable, an expression, a non-text literal.
    case expression

    var text: String? { if case .literal(let s, false, _) = self { s } else { nil } }
}

/// The arguments of a call whose opening bracket is at `tokens[open]`: positional ones in order
/// and labeled ones (`name=` in Python, `name:` in Swift) by label.
struct CallArguments {
    var positional: [ArgumentValue] = []
    var labeled: [String: ArgumentValue] = [:]
    /// The same arguments' tokens (a labeled one without its label).
    var positionalTokens: [[SourceToken]] = []
    var labeledTokens: [String: [SourceToken]] = [:]
    /// The index of the closing bracket.
    var end: Int

    /// - Parameter labelSeparator: "=" (Python), ":" (Swift), nil (C).
    init?(_ tokens: [SourceToken], open: Int, labelSeparator: String?) {
        guard let (args, end) = Self.split(tokens, open: open) else { return nil }
        self.end = end
        for arg in args {
            if let sep = labelSeparator, arg.count >= 2, arg[0].kind == .identifier, arg[1].isPunctuation(sep),
               !(arg.count >= 3 && arg[2].isPunctuation(sep)) {
                labeled[arg[0].text] = Self.value(Array(arg.dropFirst(2)))
                labeledTokens[arg[0].text] = Array(arg.dropFirst(2))
            } else {
                positional.append(Self.value(arg))
                positionalTokens.append(arg)
            }
        }
    }

    /// The comma-separated items in the brackets opening at `tokens[open]`, in order (a call's
    /// arguments, a declaration's parameters), and the index of the closing bracket.
    static func split(_ tokens: [SourceToken], open: Int) -> (items: [[SourceToken]], end: Int)? {
        guard open < tokens.count, tokens[open].kind == .punctuation,
              let closer = ["(": ")", "{": "}", "[": "]"][tokens[open].text] else { return nil }
        var depth = 0
        var i = open + 1
        var current: [SourceToken] = []
        var args: [[SourceToken]] = []
        while i < tokens.count {
            let t = tokens[i]
            if t.kind == .punctuation {
                if ["(", "[", "{"].contains(t.text) { depth += 1 }
                else if [")", "]", "}"].contains(t.text) {
                    if depth == 0 {
                        guard t.text == closer else { return nil }
                        if !current.isEmpty { args.append(current) }
                        break
                    }
                    depth -= 1
                } else if t.text == "," && depth == 0 {
                    args.append(current)
                    current = []
                    i += 1
                    continue
                }
            }
            current.append(t)
            i += 1
        }
        guard i < tokens.count else { return nil }
        return (args, i)
    }

    static func value(_ tokens: [SourceToken]) -> ArgumentValue {
        if tokens.count == 1, tokens[0].kind == .identifier, ["NULL", "nullptr", "None", "nil"].contains(tokens[0].text) { return .null }
        guard !tokens.isEmpty, tokens.allSatisfy({ $0.kind == .string && !$0.notText }) else { return .expression }
        if tokens.count == 1, !tokens[0].pieces.isEmpty { return .interpolation(tokens[0].pieces, line: tokens[0].line) }
        return .literal(tokens.map(\.text).joined(), interpolated: tokens.contains { $0.interpolated }, line: tokens[0].line)
    }
}
