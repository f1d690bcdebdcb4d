import LokaleCore

/// A MessageFormat 2 message's data model as nodes: an `mf2` node over `pattern` nodes over
/// `expression` nodes, children written before their parent (as every node of the writer).
extension TableWriter {
    /// `icu`: read from ICU MessageFormat, so formatted as ICU formats it (LK_MF2_FLAG_ICU).
    mutating func node(messageFormat message: MF2.Message, icu: Bool = false) -> UInt32 {
        let declarations = message.declarations.map { d in
            NodeWords.Declaration(local: d.kind == .local, name: string(d.variable.name), expression: expression(d.expression))
        }
        let selectors: [NodeWords.StringRef]
        let variants: [NodeWords.Variant]
        switch message {
        case .pattern(let m):
            selectors = []
            variants = [NodeWords.Variant(pattern: pattern(m.pattern), keys: [])]
        case .select(let m):
            selectors = m.selectors.map { string($0.name) }
            variants = m.variants.map { v in
                let keys = v.keys.map { k -> NodeWords.StringRef? in
                    if case .literal(let l) = k { return string(l.value) }
                    return nil
                }
                return NodeWords.Variant(pattern: pattern(v.pattern), keys: keys)
            }
        }
        return append(.mf2(declarations: declarations, selectors: selectors, variants: variants, icu: icu))
    }

    private mutating func pattern(_ parts: MF2.Pattern) -> UInt32 {
        let words = parts.map { p -> NodeWords.Part in
            switch p {
            case .text(let s): .text(string(s))
            case .expression(let e): .expression(expression(e))
            case .markup(let m):
                .markup(append(.expression(flags: NodeWords.markupFlags(m.kind), operand: NodeWords.absent,
                                           function: string(m.identifier.description), options: m.options.map { option($0) },
                                           attributes: m.attributes.map { attribute($0) })))
            }
        }
        return append(.pattern(words))
    }

    private mutating func expression(_ e: MF2.Expression) -> UInt32 {
        let (flags, operand) = e.operand.map { value($0) } ?? (NodeWords.noValue, NodeWords.absent)
        return append(.expression(flags: flags, operand: operand, function: e.function.map { string($0.identifier.description) } ?? NodeWords.absent,
                                  options: e.function?.options.map { option($0) } ?? [], attributes: e.attributes.map { attribute($0) }))
    }

    private mutating func value(_ v: MF2.Value) -> (UInt32, NodeWords.StringRef) {
        switch v {
        case .literal(let l): (NodeWords.valueFlags(literal: true, quoted: l.quoted), string(l.value))
        case .variable(let x): (NodeWords.valueFlags(literal: false, quoted: false), string(x.name))
        }
    }

    private mutating func option(_ o: MF2.Option) -> NodeWords.Option {
        let (flags, v) = value(o.value)
        return NodeWords.Option(name: string(o.identifier.description), flags: flags, value: v)
    }

    private mutating func attribute(_ a: MF2.Attribute) -> NodeWords.Option {
        guard let l = a.value else { return NodeWords.Option(name: string(a.identifier.description), flags: NodeWords.noValue, value: NodeWords.absent) }
        return NodeWords.Option(name: string(a.identifier.description), flags: NodeWords.valueFlags(literal: true, quoted: l.quoted),
                                value: string(l.value))
    }

    private mutating func append(_ n: NodeWords) -> UInt32 {
        let at = UInt32(truncatingIfNeeded: nodes.count)
        nodes += n.words
        return at
    }
}
