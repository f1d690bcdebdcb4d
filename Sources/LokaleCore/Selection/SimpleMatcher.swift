/// A small, predictable matcher: for each preference in order, an exact match, else a localization of
/// the same language (the bare language first); the first preference with any match decides, and its
/// bare-language localization follows a regional match.
public struct SimpleMatcher: LocalizationMatcher {
    public init() {}

    public func order(preferred: [String], available: [String]) -> [LocalizationChoice] {
        let canon: [String?] = available.map { try? LanguageTag.canonical($0).get() }
        for (p, raw) in preferred.enumerated() {
            guard case .success(let want) = LanguageTag.canonical(raw) else { continue }
            let language = LanguageTag.language(of: want)
            var match = canon.firstIndex { $0 == want }
            if match == nil {
                let same = canon.indices.filter { canon[$0].map { LanguageTag.language(of: $0) == language } ?? false }
                match = same.first { canon[$0] == String(language) } ?? same.first
            }
            guard let m = match else { continue }
            var result = [LocalizationChoice(localization: m, reason: .matched(preference: p, language: raw))]
            if canon[m] != String(language), let bare = canon.firstIndex(where: { $0 == String(language) }) {
                result.append(LocalizationChoice(localization: bare, reason: .fallback(of: available[m], preference: p)))
            }
            return result
        }
        return []
    }
}
