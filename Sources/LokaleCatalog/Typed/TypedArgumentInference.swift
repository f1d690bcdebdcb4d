import LokaleCore

/// The arguments of one message, as its call sites must pass them: read from the same parse the
/// compiler checks translations against (`FormatCheck.parsed`, the key's specifiers included as
/// `FormatCompatibility.callSite` adds them), or from a MessageFormat message's variables.
enum TypedArgumentInference {
    // MARK: Specifiers

    static func positional(_ message: CatalogMessage, key: String, info: MessageInfo) -> [TypedArgument] {
        let syntax = info.formatSyntax
        guard info.checksFormat, !FormatCheck.isPlain(source: message, key: key, syntax: syntax) else { return [] }
        var parsed = FormatCheck.parsed(message, syntax: syntax)
        if syntax == .apple, key.hasPercent {
            parsed = FormatCompatibility.callSite(source: parsed, key: FormatParser.parse(key))
        }
        var types: [Int: TypedValue] = [:]
        for (position, type) in parsed.signature { types[position] = TypedValue(type) }
        for segment in parsed.segments {
            for amount in [segment.width, segment.precision] {
                if case .argument(let n) = amount, n > 0 { types[n] = .integer }
            }
        }
        var names: [Int: String] = [:]
        // A substitution names the argument it varies by; its format specifier types it even when
        // no variant prints it ("one": "item", "other": "items").
        for s in message.substitutions where s.argument > 0 {
            names[s.argument] = names[s.argument] ?? s.name
            if types[s.argument] == nil, let t = FormatParser.parse("%" + s.formatSpecifier, syntax: syntax).signature[1] {
                types[s.argument] = TypedValue(t)
            }
        }
        // A plural chooses by a number, whether or not a variant prints it.
        if let n = pluralArgument(message.variation, types: types) {
            if types[n] == nil || types[n] == .string { types[n] = .integer }
            if names[n] == nil, !names.values.contains("count") { names[n] = "count" }
        }
        guard let top = types.keys.max(), top > 0 else { return [] }
        // A position no text reads still takes an argument at the call site (`%2$@` without `%1$`).
        return (1...top).map { n in TypedArgument(name: names[n] ?? "arg\(n)", position: n, type: types[n] ?? .string) }
    }

    /// The argument a plural variant is chosen by (1-based); 0 in the model means the first
    /// numeric argument, as the compiler resolves it.
    private static func pluralArgument(_ v: Variation, types: [Int: TypedValue]) -> Int? {
        switch v {
        case .plural(let n, _, _), .forms(let n, _, _):
            if n > 0 { return n }
            return types.keys.sorted().first { types[$0] != .string } ?? 1
        case .device(let cases):
            return DeviceClass.allCases.lazy.compactMap { cases[$0].flatMap { pluralArgument($0, types: types) } }.first
        case .text, .messageFormat:
            return nil
        }
    }

    // MARK: MessageFormat

    /// A MessageFormat message's arguments, by the name a caller passes: the metadata's declared
    /// arguments first, in their order (an ARB template's placeholders), then the variables the
    /// message reads, by name. A declared type wins; otherwise the first function applied to the
    /// variable types it, and a variable only placed is text.
    static func named(_ message: MF2.Message, declared: [DeclaredArgument]) -> [TypedArgument] {
        let read = MessageFormatCheck.arguments(of: message)
        let inferred = functionTypes(message)
        var result: [TypedArgument] = []
        var seen = Set<String>()
        for d in declared where seen.insert(ICUMessageFormat.variableName(d.name)).inserted {
            let variable = ICUMessageFormat.variableName(d.name)
            let type = d.type.flatMap(declaredType) ?? inferred[variable] ?? .string
            result.append(TypedArgument(name: d.name, position: nil, type: type))
        }
        for variable in read.sorted(by: Identifiers.byteOrder) where !seen.contains(variable) {
            result.append(TypedArgument(name: callerName(variable), position: nil, type: inferred[variable] ?? .string))
        }
        return result
    }

    /// ARB's placeholder types (gen-l10n's: `int`, `num`, `double`, `String`, `Object`, `DateTime`)
    /// and an `.mf2.json` argument's (named after MF2's functions: `integer`, `number`, `string`,
    /// `date`, …). Another type says nothing; the message's functions decide.
    private static func declaredType(_ type: String) -> TypedValue? {
        switch type {
        case "int": .integer
        case "num", "double": .double
        case "String", "Object": .string
        case "DateTime": .date
        default: functionType(MF2.Identifier(type))
        }
    }

    /// ICU's numbered argument `{0}` is the MF2 variable `_0`; its caller passes "0".
    private static func callerName(_ variable: String) -> String {
        let u = variable.unicodeScalars
        if u.first == "_", let second = u.dropFirst().first, ("0"..."9").contains(second) { return String(variable.dropFirst()) }
        return variable
    }

    /// Per variable, the type the first function applied to it reads (declarations first, then
    /// selectors and placeholders, in source order).
    private static func functionTypes(_ message: MF2.Message) -> [String: TypedValue] {
        var out: [String: TypedValue] = [:]
        func visit(_ e: MF2.Expression) {
            guard case .variable(let v)? = e.operand, out[v.name] == nil, let f = e.function,
                  let type = functionType(f.identifier) else { return }
            out[v.name] = type
        }
        for d in message.declarations { visit(d.expression) }
        let patterns: [MF2.Pattern]
        switch message {
        case .pattern(let m): patterns = [m.pattern]
        case .select(let m): patterns = m.variants.map(\.pattern)
        }
        for p in patterns {
            for case .expression(let e) in p { visit(e) }
        }
        return out
    }

    private static func functionType(_ f: MF2.Identifier) -> TypedValue? {
        guard f.namespace == nil else { return nil }
        switch f.name {
        case "integer": return .integer
        case "number", "percent", "currency", "math", "offset", "unit": return .double
        case "date", "time", "datetime": return .date
        case "string": return .string
        default: return nil
        }
    }
}

extension TypedValue {
    init(_ t: ArgumentType) {
        switch t {
        case .integer, .character: self = .integer
        case .unsigned: self = .unsigned
        case .floating: self = .double
        case .object, .cString, .none: self = .string
        }
    }
}
