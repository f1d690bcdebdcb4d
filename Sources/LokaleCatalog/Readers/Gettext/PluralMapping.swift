import LokaleCore

/// Which gettext plural form (`msgstr[i]`) each CLDR category of a localization carries, found by
/// evaluating the `Plural-Forms` expression and ICU's rules on the same numbers.
struct PluralMapping: Sendable {
    var forms: [PluralCategory: Int] = [:]
    /// Categories reached by numbers that gettext sends to different forms: what differs from gettext.
    var conflicts: [String] = []

    /// 0…1000 covers every small-number rule; the larger numbers reach categories such as French
    /// and Spanish `many` (millions) and the last-digits rules of large counts.
    static let samples: [UInt64] = Array(0...1000) + [
        1001, 1011, 1021, 1100, 1101, 2000, 10_000, 10_001, 100_000, 100_001, 1_000_000, 1_000_001,
        2_000_000, 10_000_000, 100_000_000, 1_000_000_000, 1_000_000_001, 1_000_000_000_000,
    ]

    /// - Throws: the expression's evaluation error (division by zero), as a message.
    init(expression: PluralExpression, count: Int, localization: String) throws(PluralExpression.EvaluationError) {
        // Per category: each form reached, with the numbers that reach it (the first few, for messages).
        var reached: [PluralCategory: [Int: [UInt64]]] = [:]
        for n in Self.samples {
            var form = Int(clamping: try expression.evaluate(n))
            // glibc uses form 0 when the expression gives an index past nplurals.
            if form >= count { form = 0 }
            let category = PluralCategory.of(Double(n), locale: localization) ?? .other
            reached[category, default: [:]][form, default: []].append(n)
        }
        for category in PluralCategory.allCases {
            guard let byForm = reached[category] else { continue }
            // The form most numbers of the category take; ties go to the form of the smallest number.
            let chosen = byForm.max { a, b in
                a.value.count != b.value.count ? a.value.count < b.value.count : a.value[0] > b.value[0]
            }!.key
            forms[category] = chosen
            if byForm.count > 1 {
                let detail = byForm.sorted { $0.value[0] < $1.value[0] }.map { form, ns in
                    "form \(form) for n = \(ns.prefix(4).map(String.init).joined(separator: ", "))\(ns.count > 4 ? ", …" : "")"
                }.joined(separator: "; ")
                conflicts.append("CLDR category '\(category.rawValue)' of '\(localization)' covers numbers that Plural-Forms '\(expression)' sends to different forms (\(detail)); form \(chosen) is used for all of them")
            }
        }
        // No integer is `other` in some languages (ru, pl: only fractions are): it takes the last
        // form, gettext's most general plural.
        if forms[.other] == nil { forms[.other] = count - 1 }
    }
}
