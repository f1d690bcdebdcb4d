import LokaleCore

/// Compile-time checks of format specifiers: every text on its own, and every translation against
/// the development localization's message, as the runtime formatter will meet them. Each key's
/// texts are read in its `MessageInfo.formatSyntax` (Apple's or Java's specifiers).
enum FormatCheck {
    /// All the texts of a message parsed as one argument list (body and substitution variants).
    static func parsed(_ m: CatalogMessage, syntax: FormatSyntax = .apple) -> ParsedFormat {
        var merged = ParsedFormat()
        for text in m.variation.texts + m.substitutions.flatMap(\.variation.texts) {
            let p = FormatParser.parse(text, syntax: syntax)
            merged.segments += p.segments
            merged.problems += p.problems.map { "'\(text)': \($0)" }
            merged.signature.merge(p.signature) { a, _ in a }
        }
        for s in m.substitutions where !m.variation.texts.contains(where: { $0.contains("@" + s.name + "@") }) {
            merged.problems.append("substitution '\(s.name)' is never used")
        }
        return merged
    }

    /// Whether the message for `key` is plain text rather than a format: its development text and
    /// its key have no format specifier, substitution or `%%`, and it varies by nothing that needs
    /// an argument. Its call sites pass no arguments, so Apple never formats it: a `%` in any of its
    /// translations is a percent sign ("50% Rabatt" for "50% off"), and the texts are shown as they
    /// are. A `%` followed by a space ("50% off", "100% sure") reads as prose, not as the space
    /// flag of a specifier, which neither Xcode nor a translator writes.
    /// (An Android key is a resource name, never a format: only its texts count.)
    static func isPlain(source: CatalogMessage, key: String, syntax: FormatSyntax = .apple) -> Bool {
        isPlain(source, syntax: syntax) && (syntax == .java || takesNoArguments(key))
    }

    /// A message without substitutions or plural variants whose texts take no arguments.
    static func isPlain(_ m: CatalogMessage, syntax: FormatSyntax = .apple) -> Bool {
        if m.substitutions.isEmpty, case .text(let s) = m.variation { return takesNoArguments(s, syntax: syntax) }
        return needsNoArguments(m) && m.variation.texts.allSatisfy { takesNoArguments($0, syntax: syntax) }
    }

    /// A message that varies by nothing needing an argument (no substitutions, no plural): a
    /// translation of a plain message is shown as it is, whatever '%' it contains.
    static func needsNoArguments(_ m: CatalogMessage) -> Bool {
        m.substitutions.isEmpty && !m.variation.hasPlural
    }

    /// (Java's `%n` is a specifier here: a text with one is formatted, so that it shows a line break.)
    static func takesNoArguments(_ text: String, syntax: FormatSyntax = .apple) -> Bool {
        guard text.hasPercent else { return true }
        if text.contains("%%") { return false }
        return !FormatParser.parse(text, syntax: syntax).segments.contains {
            $0.kind == .substitution || ($0.kind == .specifier && $0.flags & FormatSegment.Flag.space == 0)
        }
    }

    /// Why `translation` cannot be formatted with the arguments its call site passes; empty when
    /// it can. Those arguments are the development text's, completed by the key's specifiers when
    /// the key is a format string (`FormatCompatibility.callSite`).
    /// An Android key is a resource name, so only Apple keys can state arguments.
    static func problems(source: CatalogMessage, translation: CatalogMessage, key: String? = nil, syntax: FormatSyntax = .apple) -> [String] {
        let t = parsed(translation, syntax: syntax)
        var reference = parsed(source, syntax: syntax)
        if let key, key.hasPercent, syntax == .apple {
            reference = FormatCompatibility.callSite(source: reference, key: FormatParser.parse(key))
        }
        var result = FormatCompatibility.problems(source: reference, translation: t)
        // Substitution names must exist in the translation's own definitions.
        let names = Set(translation.substitutions.map(\.name))
        for text in translation.variation.texts {
            let bytes = Array(text.utf8)
            for seg in FormatParser.parse(text, syntax: syntax).segments where seg.kind == .substitution {
                let name = String(decoding: bytes[seg.start..<(seg.start + seg.length)], as: UTF8.self)
                if !names.contains(name) { result.append("%#@\(name)@ has no substitution") }
            }
        }
        return result
    }
}

extension String {
    /// Whether the text has a '%' (a format specifier, maybe): asked of every message compiled,
    /// so a scan of the contiguous UTF-8, not of the generic view.
    var hasPercent: Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) } ?? utf8.contains(UInt8(ascii: "%"))
    }
}
