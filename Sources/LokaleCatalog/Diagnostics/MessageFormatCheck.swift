import LokaleCore

/// Compile-time check of a MessageFormat 2 translation against its development message: the
/// arguments a call site passes are those the development message reads, so a translation that
/// reads another would show its fallback (`{$guest}`) in every call.
public enum MessageFormatCheck {
    /// Why `translation` cannot be formatted with the development message's arguments; nil when it can.
    static func problem(source: Variation, translation: Variation) -> String? {
        guard case .messageFormat(_, let t) = translation, case .messageFormat(_, let s) = source else { return nil }
        let extra = arguments(of: t).subtracting(arguments(of: s))
        guard !extra.isEmpty else { return nil }
        let names = extra.sorted().map { "$" + $0 }.joined(separator: ", ")
        return "the translation reads \(names), which the development message does not (callers do not pass \(extra.count == 1 ? "it" : "them"))"
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
