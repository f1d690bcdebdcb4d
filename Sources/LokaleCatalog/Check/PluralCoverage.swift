import LokaleCore

/// Plural variations of a message against the categories CLDR defines for its language: a count
/// whose category has no variant falls back to `other`, so a Russian "5 файла" goes unnoticed.
enum PluralCoverage {
    struct Gap {
        var severity: CheckFinding.Severity
        var kind: CheckFinding.Kind
        var message: String
    }

    /// Problems of every plural variation in `m` (body, device variants, substitutions), judged by
    /// `rulesLocale`'s cardinal or ordinal rules.
    static func gaps(in m: CatalogMessage, rulesLocale: String, shownAs localization: String) -> [Gap] {
        var out: [Gap] = []
        func visit(_ v: Variation, _ context: String) {
            switch v {
            // The catalog's own rule chooses among gettext forms; the reader warns where it disagrees with CLDR.
            case .text, .forms, .messageFormat: break
            case .device(let cases):
                for d in DeviceClass.allCases { if let c = cases[d] { visit(c, context + "device '\(d.rawValue)': ") } }
            case .plural(_, let ordinal, let cases):
                guard let required = PluralCategories.required(for: rulesLocale, ordinal: ordinal) else { break }
                let noun = ordinal ? "ordinal variation" : "plural variation"
                let rules = "CLDR \(localization)\(ordinal ? " ordinals" : "") \(ordinal ? "use" : "needs") \(names(required))"
                let missing = required.filter { cases[$0] == nil }
                if !missing.isEmpty {
                    // Without `other` some counts have no text at all; the rest fall back to `other`.
                    out.append(Gap(severity: missing.contains(.other) ? .error : .warning, kind: .missingPluralCategory,
                                   message: "\(context)\(noun) lacks \(names(missing)) (\(rules))"))
                }
                // `zero` is Apple's extra rule, used for 0 in every language.
                let unused = PluralCategory.allCases.filter { cases[$0] != nil && $0 != .zero && !required.contains($0) }
                if !unused.isEmpty {
                    out.append(Gap(severity: .warning, kind: .unusedPluralCategory,
                                   message: "\(context)\(noun) has \(names(unused)), which CLDR \(localization) never selects (\(rules))"))
                }
                for c in PluralCategory.allCases { if let v = cases[c] { visit(v, context + "'\(c.rawValue)': ") } }
            }
        }
        visit(m.variation, "")
        for s in m.substitutions { visit(s.variation, "substitution '\(s.name)': ") }
        return out
    }

    static func names(_ categories: [PluralCategory]) -> String {
        categories.map(\.rawValue).joined(separator: ", ")
    }
}
