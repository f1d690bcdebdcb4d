import LokaleCore

/// Adds pseudo-localizations to a bundle at compile time, generated from the development
/// localization's messages, so an app selects them like any language (`--prefer en-XA`).
public enum Pseudolocalization {
    /// `m` in `kind`: every text of its variations and substitutions transformed; structure
    /// (plural categories, device variants, substitution names and arguments) unchanged.
    /// `info` says an ICU message's syntax and placeholders, and `locale` the localization whose
    /// formats its pseudo text takes (the development one's).
    public static func message(_ m: CatalogMessage, _ kind: PseudoLocale, info: MessageInfo? = nil, locale: String = "en") -> CatalogMessage {
        var out = m
        let syntax = info?.formatSyntax ?? .apple
        if case .messageFormat(let source, _) = m.variation, let quoting = info?.messageSyntax.quoting,
           let pseudo = try? icuMessageFormat(source, kind, quoting: quoting),
           let message = try? ICUMessageFormat.parse(pseudo, formats: ARBFormats.functions(for: pseudo, arguments: info?.arguments ?? [],
                                                                                             locale: locale, quoting: quoting), quoting: quoting) {
            // ICU text stays ICU text: a plain lookup answers it, and the tools read it as ICU.
            out.variation = .messageFormat(source: pseudo, message: message)
            out.state = nil
            return out
        }
        if case .messageFormat(_, let message) = m.variation {
            // Only pattern text changes: syntax, names, options, keys and markup stay as written.
            let pseudo = messageFormat(message, kind)
            out.variation = .messageFormat(source: MF2.serialize(pseudo), message: pseudo)
            out.state = nil
            return out
        }
        out.variation = m.variation.mapTexts { kind.transform($0, syntax: syntax) }
        out.substitutions = m.substitutions.map { s in
            var s = s
            s.variation = s.variation.mapTexts { kind.transform($0, outermost: false, syntax: syntax) }
            return s
        }
        out.state = nil
        return out
    }

    /// Adds each of `kinds` to every table that has development messages. Keys with
    /// `shouldTranslate: false` keep their source text, as in every other language. Refuses to
    /// replace a localization the sources already define.
    public static func add(_ kinds: [PseudoLocale], to bundle: inout CatalogBundle) throws(CatalogError) {
        let development = bundle.developmentLocalization ?? "en"
        for name in bundle.tables.keys.sorted() {
            var table = bundle.tables[name]!
            guard let source = table.messages[development] ?? table.messages["Base"] else { continue }
            for kind in kinds {
                guard table.messages[kind.tag] == nil else {
                    throw CatalogError(file: table.sources.first ?? name, "localization \(kind.tag) already exists; cannot add the \(kind.rawValue) pseudo-localization")
                }
                table.messages[kind.tag] = source.mapValuesWithKeys { key, m in
                    table.info[key]?.shouldTranslate == false ? m : message(m, kind, info: table.info[key], locale: development)
                }
            }
            bundle.tables[name] = table
        }
    }
}

extension Dictionary {
    func mapValuesWithKeys<T>(_ f: (Key, Value) -> T) -> [Key: T] {
        Dictionary<Key, T>(uniqueKeysWithValues: map { ($0.key, f($0.key, $0.value)) })
    }
}
