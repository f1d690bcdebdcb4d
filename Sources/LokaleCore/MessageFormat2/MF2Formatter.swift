/// Formatting a MessageFormat 2 message (LDML part 9, "Formatting"): resolution of declarations,
/// expressions and options, pattern selection, fallback values and the Default Bidi Strategy.
/// Declarations are resolved lazily, each once: a declaration that is never used reports nothing.
extension MF2 {
    /// `message` formatted in `locale` (a BCP 47 tag) with `arguments`. Always gives text: a value
    /// that cannot be formatted shows as its fallback (`{$x}`, `{|lit|}`, `{:fn}`), and a message
    /// with data model errors as `{�}`; `errors` says what went wrong.
    public static func format(_ message: Message, locale: String, arguments: [String: Argument] = [:],
                              bidiIsolation: BidiIsolation = .default, functions: Functions = .builtIn) -> Formatted {
        let dataModel = message.dataModelErrors
        guard dataModel.isEmpty else {
            return Formatted(text: "{\u{FFFD}}", errors: dataModel.map { FormatError($0.kind, $0.description) },
                             parts: [.fallback(source: "\u{FFFD}")])
        }
        var resolver = MF2Resolver(locale: locale, arguments: arguments, functions: functions, bidi: bidiIsolation)
        return resolver.run(message)
    }

    /// `source` parsed and formatted; a syntax error gives `{�}` and that error.
    public static func format(source: String, locale: String, arguments: [String: Argument] = [:],
                              bidiIsolation: BidiIsolation = .default, functions: Functions = .builtIn) -> Formatted {
        do {
            return format(try parse(source), locale: locale, arguments: arguments, bidiIsolation: bidiIsolation, functions: functions)
        } catch {
            return Formatted(text: "{\u{FFFD}}", errors: [FormatError(.syntaxError, error.description)], parts: [.fallback(source: "\u{FFFD}")])
        }
    }
}

struct MF2Resolver {
    let locale: String
    let arguments: [String: MF2.Argument]
    let functions: MF2.Functions
    let bidi: MF2.BidiIsolation
    var declarations: [String: MF2.Declaration] = [:]
    /// Declared variables resolved so far.
    var values: [String: Resolved] = [:]
    var errors: [MF2.FormatError] = []
    var selection: MF2.Selection? = nil

    /// A resolved expression: its value (nil: a fallback value), what its fallback shows, and the
    /// `u:` options that stay with it.
    struct Resolved {
        var value: (any MF2.ResolvedValue)?
        var source: String
        var dir: MF2.Direction?
        var id: String?
        var locale: String
    }

    init(locale: String, arguments: [String: MF2.Argument], functions: MF2.Functions, bidi: MF2.BidiIsolation) {
        self.locale = locale
        self.arguments = arguments
        self.functions = functions
        self.bidi = bidi
    }

    mutating func run(_ message: MF2.Message) -> MF2.Formatted {
        for d in message.declarations { declarations[d.variable.name] = d }
        let chosen: MF2.Pattern
        switch message {
        case .pattern(let m): chosen = m.pattern
        case .select(let m): chosen = select(m)
        }
        let parts = pattern(chosen)
        return MF2.Formatted(text: parts.map(\.text).joined(), errors: errors, parts: parts, selection: selection)
    }

    private mutating func error(_ kind: MF2.FormatError.Kind, _ message: String) {
        errors.append(MF2.FormatError(kind, message))
    }

    private func fallback(_ source: String) -> Resolved { Resolved(value: nil, source: source, locale: locale) }

    /// `|value|` with `\` and `|` escaped: a literal's fallback.
    static func quoted(_ value: String) -> String {
        var s = "|"
        for c in value {
            if c == "\\" || c == "|" { s.append("\\") }
            s.append(c)
        }
        return s + "|"
    }

    /// `$name`'s value: its declaration's (resolved once), else the argument. `external` reads the
    /// argument: the operand of `.input {$name}` is the argument it declares.
    mutating func variable(_ name: String, external: Bool = false) -> Resolved {
        let source = "$" + name
        if !external, let declaration = declarations[name] {
            var r: Resolved
            if let cached = values[name] {
                r = cached
            } else {
                // A fallback meanwhile, should a declaration reach itself (validation forbids it).
                values[name] = fallback(source)
                r = expression(declaration.expression, input: declaration.kind == .input ? name : nil)
                values[name] = r
            }
            r.source = source
            return r
        }
        if let argument = arguments[name] {
            return Resolved(value: MF2ArgumentValue.make(argument, locale: locale), source: source, locale: locale)
        }
        error(.unresolvedVariable, "$\(name) has no value")
        return fallback(source)
    }

    private mutating func option(_ value: MF2.Value) -> MF2.OptionValue? {
        switch value {
        case .literal(let l):
            return MF2.OptionValue(value: MF2StringValue(string: l.value), isLiteral: true)
        case .variable(let v):
            // An option whose variable has no value is left out (its error is already reported).
            return variable(v.name).value.map { MF2.OptionValue(value: $0, isLiteral: false) }
        }
    }

    /// Resolves an expression; `input` names the variable a `.input` declares.
    mutating func expression(_ e: MF2.Expression, input: String? = nil) -> Resolved {
        var operand: Resolved?
        let source: String
        switch e.operand {
        case .literal(let l)?:
            source = Self.quoted(l.value)
            operand = Resolved(value: MF2StringValue(string: l.value), source: source, locale: locale)
        case .variable(let v)?:
            source = "$" + v.name
            operand = variable(v.name, external: v.name == input)
        case nil:
            source = ":" + (e.function?.identifier.description ?? "")
        }
        guard let function = e.function else { return operand ?? fallback(source) }
        let name = function.identifier.description
        guard let implementation = functions[name] else {
            error(.unknownFunction, "no function :\(name)")
            return fallback(source)
        }
        // A function still gets an operand that failed, as its fallback's string (`{$x}`): a
        // number function refuses it (Bad Operand), `:string` takes it.
        let operandValue = operand.map { $0.value ?? MF2StringValue(string: "{" + $0.source + "}") }
        var options: [String: MF2.OptionValue] = [:]
        var dir: MF2.Direction?, id: String?, expressionLocale = locale
        for o in function.options {
            guard let value = option(o.value) else { continue }
            let optionName = o.identifier.description
            switch optionName {
            case "u:id":
                if let s = value.string { id = s } else { error(.badOption, "u:id is not a string") }
            case "u:dir":
                if let d = value.string.flatMap(MF2.Direction.init(rawValue:)) { dir = d } else { error(.badOption, "u:dir is not ltr, rtl or auto") }
            case "u:locale":
                // The first of a list is the one used: the functions format in one locale.
                let first = value.string.map { String($0.split(separator: ",").first ?? "").filter { $0 != " " } }
                if let tag = first, ICULocale(tag) != nil { expressionLocale = tag } else { error(.badOption, "u:locale is not a locale") }
            default:
                options[optionName] = value
            }
        }
        var call = MF2.FunctionCall(name: function.identifier, operand: operandValue, options: options, locale: expressionLocale)
        do {
            let value = try implementation(&call)
            errors += call.errors
            return Resolved(value: value, source: source, dir: dir, id: id, locale: expressionLocale)
        } catch {
            errors += call.errors
            errors.append(error)
            return fallback(source)
        }
    }

    /// Pattern Selection: the variants whose keys all match or are `*`, best first by the
    /// selectors' preferences (the first selector weighs most).
    mutating func select(_ m: MF2.SelectMessage) -> MF2.Pattern {
        var preferences: [[String]] = []
        for (i, selector) in m.selectors.enumerated() {
            let r = variable(selector.name)
            var keys: [String] = []
            for v in m.variants {
                if i < v.keys.count, case .literal(let l) = v.keys[i], !keys.contains(l.value) { keys.append(l.value) }
            }
            var matches: [String]?
            if let value = r.value {
                // A selector that fails matches nothing: only `*` is left for it.
                matches = try? value.select(keys) { errors.append($0) }
            }
            if matches == nil { error(.badSelector, "$\(selector.name) cannot select") }
            preferences.append(matches ?? [])
        }
        func rank(_ v: MF2.Variant, _ i: Int) -> Int? {
            switch v.keys[i] {
            case .catchAll: preferences[i].count
            case .literal(let l): preferences[i].firstIndex(of: l.value)
            }
        }
        var candidates = m.variants.indices.filter { v in
            m.variants[v].keys.count == preferences.count && m.variants[v].keys.indices.allSatisfy { rank(m.variants[v], $0) != nil }
        }
        for i in preferences.indices.reversed() {
            // Stable, so that the later selectors' order stays among equals.
            candidates = candidates.enumerated().sorted { (rank(m.variants[$0.element], i)!, $0.offset) < (rank(m.variants[$1.element], i)!, $1.offset) }
                .map(\.element)
        }
        let chosen = candidates.first
        selection = MF2.Selection(selectors: zip(m.selectors, preferences).map { MF2.Selection.Selector(name: $0.name, matches: $1) },
                                  variant: chosen,
                                  keys: chosen.map { m.variants[$0].keys.map { k in if case .literal(let l) = k { l.value } else { "*" } } } ?? [])
        return chosen.map { m.variants[$0].pattern } ?? []
    }

    mutating func markup(_ m: MF2.Markup) -> MF2.MarkupPart {
        var options: [String: String] = [:], id: String?
        for o in m.options {
            guard let value = option(o.value) else { continue }
            let name = o.identifier.description
            switch name {
            case "u:id":
                if let s = value.string { id = s } else { error(.badOption, "u:id is not a string") }
            case "u:dir", "u:locale":
                error(.badOption, "\(name) does not apply to markup")
            default:
                options[name] = value.string ?? (try? value.value.format()) ?? ""
            }
        }
        return MF2.MarkupPart(kind: m.kind, name: m.identifier.description, id: id, options: options)
    }

    mutating func pattern(_ p: MF2.Pattern) -> [MF2.Part] {
        var parts: [MF2.Part] = []
        let messageRTL = bidi == .default && MF2ICU.isRightToLeft(locale)
        for element in p {
            switch element {
            case .text(let t): parts.append(.text(t))
            case .markup(let m): parts.append(.markup(markup(m)))
            case .expression(let e):
                let r = expression(e)
                var part = MF2.Part.fallback(source: r.source), dir = MF2.Direction.auto
                if let value = r.value {
                    do {
                        let text = try value.format()
                        part = .value(MF2.ValuePart(type: value.type, source: r.source, value: text, locale: r.locale, dir: r.dir, id: r.id, fields: value.fields()))
                        dir = r.dir ?? value.direction
                    } catch {
                        errors.append(error)
                    }
                }
                guard bidi == .default else {
                    parts.append(part)
                    continue
                }
                // The Default Bidi Strategy: only a left-to-right value without u:dir in a
                // left-to-right message goes without isolation.
                let mark = switch dir {
                case .ltr: !messageRTL && r.dir == nil ? nil : "\u{2066}"
                case .rtl: "\u{2067}"
                case .auto: "\u{2068}" as String?
                }
                if let mark {
                    parts += [.bidiIsolation(mark), part, .bidiIsolation("\u{2069}")]
                } else {
                    parts.append(part)
                }
            }
        }
        return parts
    }
}
