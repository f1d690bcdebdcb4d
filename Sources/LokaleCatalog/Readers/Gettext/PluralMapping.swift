import LokaleCore

/// What a catalog's `Plural-Forms` means next to CLDR's rules for its localization, found by running
/// its rule and ICU's rules on the same numbers: which form each CLDR category takes (the view of
/// tools that speak categories), and the findings `msgfmt -c` and a translator would want to know.
/// None of it changes what the runtime chooses: the rule itself, as glibc runs it.
struct PluralMapping: Sendable {
    var forms: [PluralCategory: Int] = [:]
    /// Where the expression disagrees with CLDR, divides by zero or gives an index past nplurals.
    var findings: [String] = []

    /// 0…1000 covers every small-number rule; the larger numbers reach categories such as French
    /// and Spanish `many` (millions) and the last-digits rules of large counts.
    static let samples: [UInt64] = Array(0...1000) + [
        1001, 1011, 1021, 1100, 1101, 2000, 10_000, 10_001, 100_000, 100_001, 1_000_000, 1_000_001,
        2_000_000, 10_000_000, 100_000_000, 1_000_000_000, 1_000_000_001, 1_000_000_000_000,
    ]

    init(expression: PluralExpression, count: Int, localization: String) {
        // Per category: each form reached, with the numbers that reach it (the first few, for messages).
        var reached: [PluralCategory: [Int: [UInt64]]] = [:]
        var divisions: [UInt64] = [], past: [(n: UInt64, value: UInt64)] = []
        // Where ICU has no rules for the language (oc, tt, szl, …: `other` alone), CLDR says nothing to disagree with.
        let hasRules = (PluralCategories.required(for: localization)?.count ?? 0) > 1
        for n in Self.samples {
            let (value, dividedByZero) = expression.evaluate(n)
            if dividedByZero { divisions.append(n) }
            if value >= UInt64(count) { past.append((n, value)) }
            // glibc uses form 0 when the expression gives an index past nplurals.
            let form = value < UInt64(count) ? Int(value) : 0
            let category = PluralCategory.of(Double(n), locale: localization) ?? .other
            reached[category, default: [:]][form, default: []].append(n)
        }
        func list(_ ns: [UInt64]) -> String { ns.prefix(4).map(String.init).joined(separator: ", ") + (ns.count > 4 ? ", …" : "") }
        if !divisions.isEmpty {
            findings.append("Plural-Forms '\(expression)' divides by zero for n = \(list(divisions)): glibc stops the program there (SIGFPE), Lokale takes the division as 0 (msgfmt -c refuses the catalog)")
        }
        if let top = past.map(\.value).max() {
            findings.append("nplurals = \(count) but Plural-Forms '\(expression)' gives values as large as \(top) (for n = \(list(past.map(\.n)))): those counts take msgstr[0], as in glibc")
        }
        for category in PluralCategory.allCases {
            guard let byForm = reached[category] else { continue }
            // The form most numbers of the category take; ties go to the form of the smallest number.
            let chosen = byForm.max { a, b in
                a.value.count != b.value.count ? a.value.count < b.value.count : a.value[0] > b.value[0]
            }!.key
            forms[category] = chosen
            if byForm.count > 1, hasRules {
                let detail = byForm.sorted { $0.value[0] < $1.value[0] }.map { form, ns in "form \(form) for n = \(list(ns))" }.joined(separator: "; ")
                findings.append("CLDR category '\(category.rawValue)' of '\(localization)' covers numbers that Plural-Forms '\(expression)' sends to different forms (\(detail)); Lokale follows the expression, as glibc does (tools that speak CLDR categories, XLIFF and String Catalogs, see form \(chosen))")
            }
        }
        // No integer is `other` in some languages (ru, pl: only fractions are): it takes the last
        // form, gettext's most general plural.
        if forms[.other] == nil { forms[.other] = count - 1 }
    }
}
