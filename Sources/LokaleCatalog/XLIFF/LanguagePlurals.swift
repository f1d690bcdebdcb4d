import LokaleCore

/// The plural categories a language uses (CLDR, through ICU): Xcode exports a unit for each, so
/// that a translator into Russian sees `few` and `many` even when English has only `one` and `other`.
enum LanguagePlurals {
    static func categories(_ language: String, ordinal: Bool) -> [PluralCategory] {
        PluralCategories.required(for: language, ordinal: ordinal) ?? []
    }
}

extension Variation {
    /// This variation with every plural category of `language` present (a new one shows the
    /// `other` text): the shape of an export.
    func addingPluralCategories(of language: String) -> Variation {
        switch self {
        case .text, .messageFormat: return self
        case .plural(let a, let ordinal, var cases):
            cases = cases.mapValues { $0.addingPluralCategories(of: language) }
            for c in LanguagePlurals.categories(language, ordinal: ordinal) where cases[c] == nil {
                if let other = cases[.other] { cases[c] = other }
            }
            return .plural(argument: a, ordinal: ordinal, cases: cases)
        case .device(let cases): return .device(cases.mapValues { $0.addingPluralCategories(of: language) })
        case .forms: return categoryView.addingPluralCategories(of: language)
        }
    }

    /// The text at exactly `path`; nil when this variation has no such leaf.
    func exactText(at path: [Substring]) -> String? {
        switch self {
        case .text(let s), .messageFormat(let s, _): return path.isEmpty ? s : nil
        case .plural(_, let ordinal, let cases):
            guard path.count >= 2, path[0] == (ordinal ? "ordinal" : "plural"),
                  let c = PluralCategory(rawValue: String(path[1])), let v = cases[c] else { return nil }
            return v.exactText(at: Array(path.dropFirst(2)))
        case .device(let cases):
            guard path.count >= 2, path[0] == "device", let c = DeviceClass(rawValue: String(path[1])), let v = cases[c] else { return nil }
            return v.exactText(at: Array(path.dropFirst(2)))
        case .forms: return categoryView.exactText(at: path)
        }
    }
}
