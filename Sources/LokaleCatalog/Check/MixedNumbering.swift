import LokaleCore

/// Numbered and unnumbered specifiers in one format (`%1$lld %lld`). CFString and Java's
/// `Formatter` read the unnumbered ones on a counter of their own that starts at 1, whatever the
/// numbered ones read (CFString's source calls the mix incorrect), so the `%lld` above prints
/// argument 1 again. Formatting is unchanged, since that is what both platforms print; a translator
/// almost never means it, hence a warning.
enum MixedNumbering {
    /// One warning per text of `m` (body, variants, substitutions) that mixes the two, naming the
    /// first unnumbered specifier and the argument it reads.
    static func findings(in m: CatalogMessage, syntax: FormatSyntax) -> [String] {
        guard !m.variation.isMessageFormat else { return [] }
        var out: [String] = []
        var seen = Set<String>()
        for text in m.variation.texts + m.substitutions.flatMap(\.variation.texts) where text.hasPercent && seen.insert(text).inserted {
            let parsed = FormatParser.parse(text, syntax: syntax)
            guard parsed.mixesNumbering else { continue }
            let bytes = Array(text.utf8)
            let specifiers = parsed.segments.filter { $0.kind != .literal }
            func spelled(_ s: FormatSegment) -> String { String(decoding: bytes[s.start..<min(s.start + s.length, bytes.count)], as: UTF8.self) }
            guard let plain = specifiers.first(where: { !isNumbered(spelled($0)) }),
                  let numbered = specifiers.first(where: { isNumbered(spelled($0)) }) else { continue }
            let platform = syntax == .java ? "Java's Formatter" : "CFString"
            out.append("'\(text)' mixes numbered (\(spelled(numbered))) and unnumbered (\(spelled(plain))) specifiers: "
                       + "\(platform) counts unnumbered ones on their own from 1, so \(spelled(plain)) reads argument \(plain.argument); "
                       + "number every specifier")
        }
        return out
    }

    /// `%2$@`, `%#2$@`-style: digits then `$` right after the `%`.
    static func isNumbered(_ specifier: String) -> Bool {
        let u = Array(specifier.utf8.dropFirst())
        var i = 0
        while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
        return i > 0 && i < u.count && u[i] == UInt8(ascii: "$")
    }
}
