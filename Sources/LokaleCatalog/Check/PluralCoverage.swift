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
            case .text, .forms: break
            case .messageFormat(_, let message): out += messageFormatGaps(message, rulesLocale: rulesLocale, shownAs: localization)
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

    /// A `.match` on a plural selector (`:integer` or `:number` without `select=exact`) whose keys
    /// name categories: those CLDR's rules for the language use and it lacks (they fall to `*`),
    /// and those the language never selects (never chosen).
    static func messageFormatGaps(_ message: MF2.Message, rulesLocale: String, shownAs localization: String) -> [Gap] {
        guard case .select(let m) = message else { return [] }
        var out: [Gap] = []
        for (column, selector) in m.selectors.enumerated() {
            guard let d = m.declarations.first(where: { $0.variable.name == selector.name }), let f = d.expression.function,
                  f.identifier.namespace == nil, ["integer", "number"].contains(f.identifier.name) else { continue }
            let select = f.options.first { $0.identifier.description == "select" }.flatMap { o -> String? in
                if case .literal(let l) = o.value { return l.value }
                return nil
            } ?? "plural"
            guard select != "exact", let required = PluralCategories.required(for: rulesLocale, ordinal: select == "ordinal") else { continue }
            var used = Set<PluralCategory>()
            for v in m.variants where column < v.keys.count {
                if case .literal(let l) = v.keys[column], let c = PluralCategory(rawValue: l.value) { used.insert(c) }
            }
            guard !used.isEmpty else { continue } // exact numbers and `*` only: no plural selection
            let noun = "$\(selector.name)'s \(select == "ordinal" ? "ordinal " : "")plural keys"
            let rules = "CLDR \(localization)\(select == "ordinal" ? " ordinals" : "") \(select == "ordinal" ? "use" : "needs") \(names(required))"
            let missing = required.filter { $0 != .other && !used.contains($0) }
            if !missing.isEmpty {
                out.append(Gap(severity: .warning, kind: .missingPluralCategory, message: "\(noun) lack \(names(missing)), which fall to * (\(rules))"))
            }
            let unused = PluralCategory.allCases.filter { used.contains($0) && !required.contains($0) }
            if !unused.isEmpty {
                out.append(Gap(severity: .warning, kind: .unusedPluralCategory,
                               message: "\(noun) include \(names(unused)), which CLDR \(localization) never selects (\(rules))"))
            }
        }
        return out
    }

    static func names(_ categories: [PluralCategory]) -> String {
        categories.map(\.rawValue).joined(separator: ", ")
    }
}
