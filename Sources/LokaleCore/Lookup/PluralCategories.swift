/// Which plural categories CLDR defines for a language, as the runtime's ICU rules see them: what a
/// catalog must provide so that every count finds its own variant.
public enum PluralCategories {
    /// The categories of `localization`'s cardinal (or ordinal) rules, in `PluralCategory` order;
    /// nil when ICU has no rules to open. Uses the same rules (and cache) as plural selection.
    public static func required(for localization: String, ordinal: Bool = false) -> [PluralCategory]? {
        guard let rules = PluralRules.forLocale(localization, ordinal: ordinal) else { return nil }
        let set = rules.categories
        return PluralCategory.allCases.filter(set.contains)
    }
}
