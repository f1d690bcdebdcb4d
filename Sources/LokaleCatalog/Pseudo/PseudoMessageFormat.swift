import LokaleCore

extension Pseudolocalization {
    /// An ICU MessageFormat message (an ARB message) in the pseudo-language `kind`, still ICU
    /// MessageFormat: only its literal text changes (ICUMessageFormat.rewritingText); arguments,
    /// types, styles, keywords, `=N`, `offset:`, `#` and apostrophe quoting stay as written, so it
    /// selects and formats as the source does. Brackets (accented) go around the whole message;
    /// padding (long) ends each message — the pattern and each variant — by its own text's length.
    public static func icuMessageFormat(_ source: String, _ kind: PseudoLocale, quoting: ICUMessageFormat.Quoting = .icu) throws(ICUMessageFormat.SyntaxError) -> String {
        guard !source.isEmpty else { return source }
        return try ICUMessageFormat.rewritingText(source, quoting: quoting, text: { kind.transformLiteral($0) }, message: { body, shown, isPattern in
            switch kind {
            case .accented: return isPattern ? "[" + body + "]" : body
            case .long: return body + PseudoLocale.padding(forVisibleCharacters: shown.unicodeScalars.count { !$0.properties.isWhitespace })
            case .bidi: return body
            }
        })
    }

    /// A MessageFormat 2 message in the pseudo-language `kind`: only the text of its patterns
    /// changes (each variant's pattern is a whole message, so it gets its own brackets or padding);
    /// declarations, selectors, variant keys, placeholders (variables, functions, options,
    /// literals, attributes) and markup are kept, so the result formats with the same arguments
    /// and selects the same variant. Throws the source's syntax error; a message with data model
    /// errors keeps them.
    public static func messageFormat(_ source: String, _ kind: PseudoLocale) throws(MF2.SyntaxError) -> String {
        MF2.serialize(messageFormat(try MF2.parse(source), kind))
    }

    /// The same on a parsed message.
    public static func messageFormat(_ message: MF2.Message, _ kind: PseudoLocale) -> MF2.Message {
        switch message {
        case .pattern(var m):
            m.pattern = pattern(m.pattern, kind)
            return .pattern(m)
        case .select(var m):
            for i in m.variants.indices { m.variants[i].pattern = pattern(m.variants[i].pattern, kind) }
            return .select(m)
        }
    }

    /// Text parts transformed, then brackets (accented) or padding (long) around the whole
    /// pattern, joined to the text at either end so that the pattern stays as the parser gives
    /// it (no two text parts in a row). An empty pattern stays empty, as an empty text does.
    static func pattern(_ pattern: MF2.Pattern, _ kind: PseudoLocale) -> MF2.Pattern {
        guard !pattern.isEmpty else { return pattern }
        var visible = 0
        var out: MF2.Pattern = pattern.map { part in
            guard case .text(let t) = part else { return part }
            visible += t.unicodeScalars.count { !$0.properties.isWhitespace }
            return .text(kind.transformLiteral(t))
        }
        func prepend(_ s: String) {
            if case .text(let t) = out[0] { out[0] = .text(s + t) } else { out.insert(.text(s), at: 0) }
        }
        func append(_ s: String) {
            guard !s.isEmpty else { return }
            if case .text(let t) = out[out.count - 1] { out[out.count - 1] = .text(t + s) } else { out.append(.text(s)) }
        }
        switch kind {
        case .accented:
            prepend("[")
            append("]")
        case .long: append(PseudoLocale.padding(forVisibleCharacters: visible))
        case .bidi: break
        }
        return out
    }
}
