/// Apple's localization selection (`Bundle.preferredLocalizations`, `ualoc_localizationsToUse`),
/// rebuilt on ICU data. The algorithm is documented in docs/LANGUAGE-SELECTION.md.
///
/// For each preferred language in order: walk its fallback chain — the language itself, its
/// likely-script form, then parents (CLDR parent locales from ICU's data, with Apple's own
/// `en_001` children → `en_GB`) — and take the first step that an available localization
/// matches, exactly or once both are maximized with likely subtags. Failing that, a localization
/// of the same language and script. The first preference with a match decides; the result is the
/// match followed by the available localizations further up its chain.
public struct AppleMatcher: LocalizationMatcher {
    public init() {}

    public func order(preferred: [String], available: [String]) -> [LocalizationChoice] {
        let candidates: [(index: Int, locale: ICULocale, max: ICULocale)] = available.enumerated().compactMap { i, raw in
            guard let l = ICULocale(raw) else { return nil }
            return (i, l, l.maximized)
        }
        guard !candidates.isEmpty else { return [] }
        for (p, raw) in preferred.enumerated() {
            guard let want = ICULocale(raw) else { continue }
            let chain = AppleMatcher.chain(want)
            var result: [LocalizationChoice] = []
            var matchedAt: Int? = nil
            for (step, element) in chain.enumerated() {
                let elementMax = element.maximized
                let exact = candidates.first { $0.locale == element }
                let match = exact ?? (matchedAt == nil || AppleMatcher.hasSubtags(element)
                                      ? candidates.first { $0.max == elementMax } : nil)
                guard let m = match, !result.contains(where: { $0.localization == m.index }) else { continue }
                if matchedAt == nil {
                    matchedAt = step
                    result.append(LocalizationChoice(localization: m.index, reason: .matched(preference: p, language: raw)))
                } else {
                    result.append(LocalizationChoice(localization: m.index, reason: .fallback(of: available[result[0].localization], preference: p)))
                }
            }
            if result.isEmpty {
                // Same language and script, another region (pt-BR when only pt-PT exists).
                let max = want.maximized
                if let m = candidates.first(where: { $0.max.language == max.language && $0.max.script == max.script }) {
                    result.append(LocalizationChoice(localization: m.index, reason: .matched(preference: p, language: raw)))
                    for element in AppleMatcher.chain(m.locale).dropFirst() {
                        if let a = candidates.first(where: { $0.locale == element }), !result.contains(where: { $0.localization == a.index }) {
                            result.append(LocalizationChoice(localization: a.index, reason: .fallback(of: available[m.index], preference: p)))
                        }
                    }
                }
            }
            if !result.isEmpty { return result }
        }
        return []
    }

    /// An element with a script or region may match through likely subtags after the first match
    /// too (`zh_Hant` stands for `zh_TW`); a bare language may not (`en` is not `en_US`).
    static func hasSubtags(_ l: ICULocale) -> Bool { !l.script.isEmpty || !l.region.isEmpty }

    /// The fallback chain of a locale, most specific first (worked out once per locale).
    static func chain(_ start: ICULocale) -> [ICULocale] { chains.value(start, computeChain) }

    /// By locale: bounded (4096; see `SharedCache`), as preferred languages are caller input.
    private static let chains = SharedCache<ICULocale, [ICULocale]>()

    private static func computeChain(_ start: ICULocale) -> [ICULocale] {
        var result = [start]
        // A region without a script: the likely script comes next (zh_HK → zh_Hant_HK).
        if start.script.isEmpty, !start.region.isEmpty {
            let max = start.maximized
            if !max.script.isEmpty {
                let withScript = ICULocale(id: "\(start.language)_\(max.script)_\(start.region)")
                if withScript != start, withScript.hasData { result.append(withScript) }
            }
        }
        var current = result.last!
        while result.count < 12, let next = parent(current) {
            if !result.contains(next) { result.append(next) }
            current = next
        }
        return result
    }

    /// Apple's parent: CLDR's, except that the children of `en_001` (en_IN, en_AU, …) fall back to
    /// British English first.
    static func parent(_ l: ICULocale) -> ICULocale? {
        guard let p = l.cldrParent else { return nil }
        if p.id == "en_001", l.id != "en_GB" { return ICULocale(id: "en_GB") }
        if l.id == "en_GB" { return ICULocale(id: "en_001") }
        return p
    }
}
