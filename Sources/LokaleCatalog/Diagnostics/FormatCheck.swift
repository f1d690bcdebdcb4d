import LokaleCore

/// Compile-time checks of format specifiers: every text on its own, and every translation against
/// the development localization's message, as the runtime formatter will meet them.
enum FormatCheck {
    /// All the texts of a message parsed as one argument list (body and substitution variants).
    static func parsed(_ m: CatalogMessage) -> ParsedFormat {
        var merged = ParsedFormat()
        for text in m.variation.texts + m.substitutions.flatMap(\.variation.texts) {
            let p = FormatParser.parse(text)
            merged.segments += p.segments
            merged.problems += p.problems.map { "'\(text)': \($0)" }
            merged.signature.merge(p.signature) { a, _ in a }
        }
        for s in m.substitutions where !m.variation.texts.contains(where: { $0.contains("@" + s.name + "@") }) {
            merged.problems.append("substitution '\(s.name)' is never used")
        }
        return merged
    }

    /// Why `translation` cannot be formatted with the arguments its call site passes; empty when
    /// it can. Those arguments are the development text's, completed by the key's specifiers when
    /// the key is a format string (`FormatCompatibility.callSite`).
    static func problems(source: CatalogMessage, translation: CatalogMessage, key: String? = nil) -> [String] {
        let t = parsed(translation)
        var reference = parsed(source)
        if let key, key.utf8.contains(UInt8(ascii: "%")) {
            reference = FormatCompatibility.callSite(source: reference, key: FormatParser.parse(key))
        }
        var result = FormatCompatibility.problems(source: reference, translation: t)
        // Substitution names must exist in the translation's own definitions.
        let names = Set(translation.substitutions.map(\.name))
        for text in translation.variation.texts {
            let bytes = Array(text.utf8)
            for seg in FormatParser.parse(text).segments where seg.kind == .substitution {
                let name = String(decoding: bytes[seg.start..<(seg.start + seg.length)], as: UTF8.self)
                if !names.contains(name) { result.append("%#@\(name)@ has no substitution") }
            }
        }
        return result
    }
}
