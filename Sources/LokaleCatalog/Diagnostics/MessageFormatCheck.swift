import LokaleCore

/// Compile-time check of a MessageFormat 2 translation against its development message: the
/// arguments a call site passes are those the development message reads, so a translation that
/// reads another would show its fallback (`{$guest}`) in every call.
public enum MessageFormatCheck {
    /// A translation's argument its development message neither reads nor declares: the words,
    /// and where the first such argument is in the translation's source (a UTF-8 offset) when known.
    struct Problem {
        var message: String
        var offset: Int?
    }

    /// Why `translation` cannot be formatted with the development message's arguments — those it
    /// reads, and those the key's metadata declares (`info.arguments`: callers written against an
    /// ARB template's placeholders pass them) —; nil when it can.
    static func problem(source: Variation, translation: Variation, info: MessageInfo?) -> Problem? {
        guard case .messageFormat(let text, let t) = translation, case .messageFormat(_, let s) = source else { return nil }
        let declared = Set((info?.arguments ?? []).map { ICUMessageFormat.variableName($0.name) })
        let extra = arguments(of: t).subtracting(arguments(of: s)).subtracting(declared)
        guard !extra.isEmpty else { return nil }
        let syntax = info?.messageSyntax ?? .mf2
        let names = extra.sorted().map { name(of: $0, syntax) }.joined(separator: ", ")
        let words = "the translation reads \(names), which the development message does not\(declared.isEmpty ? "" : " nor declares")"
            + " (callers do not pass \(extra.count == 1 ? "it" : "them"))"
        return Problem(message: words, offset: position(of: extra, in: text, message: t, syntax: syntax))
    }

    /// Arguments the development message reads that `translation` does not (its callers pass them
    /// for nothing: a translation that drops a count or a name), as they are written; empty when none.
    static func missing(source: Variation, translation: Variation, syntax: MessageSyntax) -> [String] {
        guard case .messageFormat(_, let t) = translation, case .messageFormat(_, let s) = source else { return [] }
        return arguments(of: s).subtracting(arguments(of: t)).sorted().map { name(of: $0, syntax) }
    }

    /// `$name` in MF2, `{name}` in ICU MessageFormat (`_0` is ICU's `{0}`).
    static func name(of variable: String, _ syntax: MessageSyntax) -> String {
        guard syntax.quoting != nil else { return "$" + variable }
        let u = variable.unicodeScalars
        let icu = u.first == "_" && u.dropFirst().first.map { ("0"..."9").contains($0) } == true ? String(variable.dropFirst()) : variable
        return "{" + icu + "}"
    }

    /// The UTF-8 offset in `text` of the first use of any of `names`: the `{` of an ICU argument, the
    /// `$` of an MF2 variable (the parser's positions); nil when it cannot be told.
    static func position(of names: Set<String>, in text: String, message: MF2.Message, syntax: MessageSyntax) -> Int? {
        if let quoting = syntax.quoting {
            let uses = (try? ICUMessageFormat.arguments(in: text, quoting: quoting)) ?? []
            return uses.first { names.contains(ICUMessageFormat.variableName($0.name)) }?.position.offset
        }
        var best: Int? = nil
        func visit(_ v: MF2.Value?) {
            if case .variable(let x)? = v, names.contains(x.name), x.position.offset > 0 || x.position.line > 1 || x.position.column > 1 {
                best = min(best ?? x.position.offset, x.position.offset)
            }
        }
        func visit(_ e: MF2.Expression) {
            visit(e.operand)
            for o in e.function?.options ?? [] { visit(o.value) }
        }
        for d in message.declarations { visit(d.expression) }
        switch message {
        case .pattern(let m): for case .expression(let e) in m.pattern { visit(e) }
        case .select(let m): for v in m.variants { for case .expression(let e) in v.pattern { visit(e) } }
        }
        return best
    }

    /// The variables a message reads from its caller's arguments: those its `.input` declarations
    /// name, and those it refers to without declaring them.
    public static func arguments(of message: MF2.Message) -> Set<String> {
        var declared = Set<String>(), read = Set<String>()
        func visit(_ v: MF2.Value?) {
            if case .variable(let x)? = v, !declared.contains(x.name) { read.insert(x.name) }
        }
        func visit(_ options: [MF2.Option]) { for o in options { visit(o.value) } }
        func visit(_ e: MF2.Expression) {
            visit(e.operand)
            visit(e.function?.options ?? [])
        }
        for d in message.declarations {
            if d.kind == .input { read.insert(d.variable.name) } else { visit(d.expression) }
            if d.kind == .input { visit(d.expression.function?.options ?? []) }
            declared.insert(d.variable.name)
        }
        let patterns: [MF2.Pattern]
        switch message {
        case .pattern(let m): patterns = [m.pattern]
        case .select(let m):
            for s in m.selectors where !declared.contains(s.name) { read.insert(s.name) }
            patterns = m.variants.map(\.pattern)
        }
        for p in patterns {
            for part in p {
                switch part {
                case .text: break
                case .expression(let e): visit(e)
                case .markup(let m): visit(m.options)
                }
            }
        }
        return read
    }
}
