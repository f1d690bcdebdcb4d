extension MF2 {
    /// The longest message `parse` reads, in UTF-8 bytes.
    public static let maxMessageBytes = 1 << 20

    /// Parses a message into its data model. The message must be well-formed (LDML part 9's
    /// message.abnf); whether it is also valid is `Message.dataModelErrors`.
    public static func parse(_ source: String) throws(SyntaxError) -> Message {
        var parser = MF2Parser(source)
        return try parser.message()
    }
}

/// Recursive descent over message.abnf, one function per production. The grammar nests only
/// `pattern → placeholder → literal`, so the depth is fixed whatever the input.
struct MF2Parser {
    private var s: MF2Scanner

    init(_ source: String) { s = MF2Scanner(source) }

    /// `message = simple-message / complex-message`
    mutating func message() throws(MF2.SyntaxError) -> MF2.Message {
        guard s.bytes.count <= MF2.maxMessageBytes else {
            throw MF2.SyntaxError(position: s.position(MF2.maxMessageBytes), expected: "a message of at most \(MF2.maxMessageBytes) bytes",
                                  found: "\(s.bytes.count) bytes")
        }
        let lead = s.skipWhitespace()
        if s.at(".") || s.at("{{") {
            do throws(MF2.SyntaxError) {
                return try complexMessage()
            } catch {
                // `simple-message = o [simple-start pattern]`, and a bidi mark is a
                // `simple-start-char`: "\u{200E}.x" is the simple message of that text.
                if lead.bidi, let simple = try? simpleMessage() { return simple }
                throw error
            }
        }
        return try simpleMessage()
    }

    /// The whole source as one pattern: a simple message's leading whitespace is its text.
    private mutating func simpleMessage() throws(MF2.SyntaxError) -> MF2.Message {
        s.index = 0
        return .pattern(MF2.PatternMessage(pattern: try pattern(quoted: false)))
    }

    /// `complex-message = o *(declaration o) complex-body o`, after the leading `o`.
    private mutating func complexMessage() throws(MF2.SyntaxError) -> MF2.Message {
        var declarations: [MF2.Declaration] = []
        while true {
            if s.at(".input") || s.at(".local") {
                try s.bound(declarations.count, Limits.mf2Declarations, "declarations in a message")
            }
            if s.take(".input") {
                s.skipWhitespace()
                try s.expect("{", "`{` and a variable expression after `.input`")
                s.skipWhitespace()
                guard s.at(UInt8(ascii: "$")) else { throw s.error(expected: "a variable (`.input` takes a variable expression)") }
                let variable = try s.variable()
                let expression = try expressionRest(operand: .variable(variable))
                declarations.append(MF2.Declaration(kind: .input, variable: variable, expression: expression))
            } else if s.take(".local") {
                try s.requireSpace("after `.local`")
                guard s.at(UInt8(ascii: "$")) else { throw s.error(expected: "a variable after `.local`") }
                let variable = try s.variable()
                s.skipWhitespace()
                try s.expect("=", "`=` after the variable of `.local`")
                s.skipWhitespace()
                try s.expect("{", "`{` and an expression after `=`")
                s.skipWhitespace()
                let expression = try expressionBody("a literal, a variable or a function `:name`")
                declarations.append(MF2.Declaration(kind: .local, variable: variable, expression: expression))
            } else if s.at(".match") {
                let message = MF2.Message.select(try matcher(declarations))
                try end()
                return message
            } else if s.take("{{") {
                let message = MF2.Message.pattern(MF2.PatternMessage(declarations: declarations, pattern: try pattern(quoted: true)))
                try end()
                return message
            } else {
                throw s.error(expected: "`.input`, `.local`, `.match` or a quoted pattern `{{…}}`")
            }
            s.skipWhitespace()
        }
    }

    /// The trailing `o` of a complex message, then the end.
    private mutating func end() throws(MF2.SyntaxError) {
        s.skipWhitespace()
        guard s.atEnd else { throw s.error(expected: "the end of the message after its body") }
    }

    // MARK: Matcher

    /// `matcher = match-statement s variant *(o variant)`,
    /// `match-statement = match 1*(s selector)`, `selector = variable`.
    private mutating func matcher(_ declarations: [MF2.Declaration]) throws(MF2.SyntaxError) -> MF2.SelectMessage {
        let position = s.position()
        s.take(".match")
        var selectors: [MF2.Variable] = []
        try s.requireSpace("after `.match`")
        guard s.at(UInt8(ascii: "$")) else { throw s.error(expected: "a selector variable `$name` after `.match`") }
        selectors.append(try s.variable())
        while true {
            let save = s.index
            guard s.skipWhitespace().space else {
                throw s.error(expected: "whitespace after the selector `$\(selectors[selectors.count - 1].name)`")
            }
            guard s.at(UInt8(ascii: "$")) else { s.index = save; break }
            try s.bound(selectors.count, Limits.mf2Selectors, "selectors in a `.match`")
            selectors.append(try s.variable())
        }
        try s.requireSpace("before the first variant")
        var variants = [try variant()]
        while true {
            let save = s.index
            s.skipWhitespace()
            guard atKey() else { s.index = save; break }
            try s.bound(variants.count, Limits.mf2Variants, "variants in a message")
            variants.append(try variant())
        }
        return MF2.SelectMessage(declarations: declarations, selectors: selectors, variants: variants, position: position)
    }

    private func atKey() -> Bool { s.at(UInt8(ascii: "*")) || s.atLiteral() }

    /// `variant = key *(s key) o quoted-pattern`
    private mutating func variant() throws(MF2.SyntaxError) -> MF2.Variant {
        let position = s.position()
        var keys = [try key()]
        while true {
            let save = s.index
            guard s.skipWhitespace().space, atKey() else { s.index = save; break }
            // A variant has as many keys as there are selectors.
            try s.bound(keys.count, Limits.mf2Selectors, "keys in a variant")
            keys.append(try key())
        }
        s.skipWhitespace()
        try s.expect("{{", keys.count == 1 ? "a quoted pattern `{{…}}` or whitespace and another key" : "a quoted pattern `{{…}}`")
        return MF2.Variant(keys: keys, pattern: try pattern(quoted: true), position: position)
    }

    /// `key = literal / "*"`
    private mutating func key() throws(MF2.SyntaxError) -> MF2.Key {
        if s.at(UInt8(ascii: "*")) {
            s.index += 1
            return .catchAll
        }
        return .literal(try s.literal("a key: a literal or `*`"))
    }

    // MARK: Patterns and placeholders

    /// `pattern = *(text-char / escaped-char / placeholder)`, up to the end of the message, or
    /// (`quoted`) through the `}}` of a `quoted-pattern` whose `{{` is read.
    private mutating func pattern(quoted: Bool) throws(MF2.SyntaxError) -> MF2.Pattern {
        var parts: MF2.Pattern = []
        var text: [UInt8] = []
        func flush() {
            if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        // Before a text run or a placeholder that would be one part too many.
        func bound(_ offset: Int) throws(MF2.SyntaxError) {
            try s.bound(parts.count, Limits.mf2PatternParts, "parts (text runs, placeholders) in a pattern", at: offset)
        }
        while !s.atEnd {
            let b = s.bytes[s.index]
            if text.isEmpty, b != UInt8(ascii: "{"), b != UInt8(ascii: "}") { try bound(s.index) }
            switch b {
            case UInt8(ascii: "\\"):
                text.append(try s.escape())
            case UInt8(ascii: "{"):
                flush()
                try bound(s.index)
                parts.append(try placeholder())
            case UInt8(ascii: "}"):
                guard quoted, s.at("}}") else {
                    throw s.error(expected: quoted ? "`}}` to end the pattern, or `\\}` for the character" : "text or a placeholder (`}` is written `\\}` in text)")
                }
                s.index += 2
                flush()
                return parts
            case 0:
                throw s.error(expected: "text (U+0000 is not allowed)")
            default:
                text.append(b)
                s.index += 1
            }
        }
        if quoted { throw s.error(expected: "`}}` to end the quoted pattern") }
        flush()
        return parts
    }

    /// `placeholder = expression / markup`, at its `{`.
    private mutating func placeholder() throws(MF2.SyntaxError) -> MF2.PatternPart {
        s.index += 1
        s.skipWhitespace()
        if s.at(UInt8(ascii: "#")) || s.at(UInt8(ascii: "/")) { return .markup(try markupBody()) }
        return .expression(try expressionBody("a literal, a variable, a function `:name` or markup `#name` `/name`"))
    }

    /// The rest of `expression` after `"{" o`:
    /// `(literal / variable) [s function] *(s attribute) o "}"` or `function *(s attribute) o "}"`.
    private mutating func expressionBody(_ what: String) throws(MF2.SyntaxError) -> MF2.Expression {
        if s.at(UInt8(ascii: "$")) { return try expressionRest(operand: .variable(try s.variable())) }
        if s.atLiteral() { return try expressionRest(operand: .literal(try s.literal("a literal"))) }
        guard s.at(UInt8(ascii: ":")) else { throw s.error(expected: what) }
        return try expressionRest(operand: nil)
    }

    /// The rest of an expression after its operand, if any.
    private mutating func expressionRest(operand: MF2.Value?) throws(MF2.SyntaxError) -> MF2.Expression {
        var expression = MF2.Expression(operand: operand)
        if operand == nil {
            expression.function = try function()
        } else {
            let save = s.index
            if s.skipWhitespace().space, s.at(UInt8(ascii: ":")) { expression.function = try function() } else { s.index = save }
        }
        expression.attributes = try attributes()
        try close()
        return expression
    }

    /// `o "}"` at the end of an expression or markup.
    private mutating func close() throws(MF2.SyntaxError) {
        let spaced = s.skipWhitespace().space
        try s.expect("}", spaced ? "`}` (options follow the function or markup name, attributes `@name` come last)" : "whitespace or `}`")
    }

    /// `function = ":" identifier *(s option)`
    private mutating func function() throws(MF2.SyntaxError) -> MF2.Function {
        s.index += 1
        let identifier = try s.identifier("a function name after `:`")
        return MF2.Function(identifier, options: try options())
    }

    /// `*(s option)`, `option = identifier o "=" o (literal / variable)`
    private mutating func options() throws(MF2.SyntaxError) -> [MF2.Option] {
        var options: [MF2.Option] = []
        while true {
            let save = s.index
            guard s.skipWhitespace().space, s.atNameStart() else { s.index = save; return options }
            try s.bound(options.count, Limits.mf2Options, "options of a function or markup")
            let position = s.position()
            let identifier = try s.identifier("an option name")
            s.skipWhitespace()
            try s.expect("=", "`=` after the option name `\(identifier)`")
            s.skipWhitespace()
            options.append(MF2.Option(identifier, try value("a literal or a variable as the value of `\(identifier)`"), position: position))
        }
    }

    /// `literal / variable`
    private mutating func value(_ what: String) throws(MF2.SyntaxError) -> MF2.Value {
        if s.at(UInt8(ascii: "$")) { return .variable(try s.variable()) }
        return .literal(try s.literal(what))
    }

    /// `*(s attribute)`, `attribute = "@" identifier [o "=" o literal]`
    private mutating func attributes() throws(MF2.SyntaxError) -> [MF2.Attribute] {
        var attributes: [MF2.Attribute] = []
        while true {
            let save = s.index
            guard s.skipWhitespace().space, s.at(UInt8(ascii: "@")) else { s.index = save; return attributes }
            try s.bound(attributes.count, Limits.mf2Attributes, "attributes of an expression or markup")
            s.index += 1
            var attribute = MF2.Attribute(try s.identifier("an attribute name after `@`"))
            let beforeValue = s.index
            s.skipWhitespace()
            if s.at(UInt8(ascii: "=")) {
                s.index += 1
                s.skipWhitespace()
                attribute.value = try s.literal("a literal as the value of the attribute `@\(attribute.identifier)`")
            } else {
                s.index = beforeValue
            }
            attributes.append(attribute)
        }
    }

    /// The rest of `markup` after `"{" o`:
    /// `"#" identifier *(s option) *(s attribute) o ["/"] "}"` or
    /// `"/" identifier *(s option) *(s attribute) o "}"`.
    private mutating func markupBody() throws(MF2.SyntaxError) -> MF2.Markup {
        let opens = s.at(UInt8(ascii: "#"))
        s.index += 1
        let identifier = try s.identifier(opens ? "a markup name after `#`" : "a markup name after `/`")
        var markup = MF2.Markup(opens ? .open : .close, identifier, options: try options(), attributes: try attributes())
        s.skipWhitespace()
        if opens, s.at(UInt8(ascii: "/")) {
            s.index += 1
            markup.kind = .standalone
            try s.expect("}", "`}` right after the `/` of standalone markup")
        } else {
            try close()
        }
        return markup
    }
}
