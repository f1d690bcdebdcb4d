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
    static func gaps(in m: CatalogMessage, rulesLocale: String, shownAs localization: String, syntax: MessageSyntax = .mf2) -> [Gap] {
        var out: [Gap] = []
        func visit(_ v: Variation, _ context: String) {
            switch v {
            // The catalog's own rule chooses among gettext forms; the reader warns where it disagrees with CLDR.
            case .text, .forms: break
            case .messageFormat(_, let message): out += messageFormatGaps(message, rulesLocale: rulesLocale, shownAs: localization, syntax: syntax)
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

    /// A `.match` on a plural selector (`:integer` or `:number` without `select=exact`, directly or
    /// through `:offset`) whose keys name categories: those CLDR's rules for the language use and it
    /// lacks (they fall to `*`), and those the language never selects (never chosen). A category
    /// whose every count is an exact key (English `one` and `=1`) lacks nothing. An ICU plural
    /// (lowered: `syntax` is ICU) is judged even with exact keys only, and named as written.
    static func messageFormatGaps(_ message: MF2.Message, rulesLocale: String, shownAs localization: String, syntax: MessageSyntax = .mf2) -> [Gap] {
        guard case .select(let m) = message else { return [] }
        let icu = syntax.quoting != nil
        var out: [Gap] = []
        let roots = m.selectors.map { root(of: $0.name, in: m.declarations) }
        for (column, selector) in m.selectors.enumerated() {
            guard let r = roots[column], r.select != "exact",
                  let required = PluralCategories.required(for: rulesLocale, ordinal: r.select == "ordinal") else { continue }
            var used = Set<PluralCategory>(), exact = Set<String>(), exactBeforeOffset = Set<String>()
            for v in m.variants {
                for (c, key) in v.keys.enumerated() {
                    guard case .literal(let l) = key else { continue }
                    if c == column {
                        if let category = PluralCategory(rawValue: l.value) { used.insert(category) } else { exact.insert(l.value) }
                    } else if let other = roots[c], other.select == "exact", other.argument == r.argument, other.offset == 0 {
                        exactBeforeOffset.insert(l.value)
                    }
                }
            }
            // Exact numbers and `*` only: an MF2 message that does not select by category.
            guard !used.isEmpty || icu else { continue }
            // Without exact keys nothing is covered (and no count's category is asked for).
            var categories: [Int: PluralCategory?] = [:]
            func covered(_ c: PluralCategory) -> Bool {
                guard !exact.isEmpty || !exactBeforeOffset.isEmpty else { return false }
                var any = false
                for n in samples where n >= r.offset {
                    let value = n - r.offset
                    if categories[value] == nil { categories[value] = PluralCategory.of(Double(value), locale: rulesLocale, ordinal: r.select == "ordinal") }
                    guard categories[value]! == c else { continue }
                    guard exact.contains(String(n - r.offset)) || exactBeforeOffset.contains(String(n)) else { return false }
                    any = true
                }
                return any
            }
            let ordinal = r.select == "ordinal"
            let noun = icu ? "{\(MessageFormatCheck.name(of: r.argument, syntax).dropFirst().dropLast()), \(ordinal ? "selectordinal" : "plural")}"
                : "$\(selector.name)'s \(ordinal ? "ordinal " : "")plural keys"
            let fallback = icu ? "other" : "*"
            let rules = "CLDR \(localization)\(ordinal ? " ordinals" : "") \(ordinal ? "use" : "needs") \(names(required))"
            let missing = required.filter { $0 != .other && !used.contains($0) && !covered($0) }
            if !missing.isEmpty {
                out.append(Gap(severity: .warning, kind: .missingPluralCategory,
                               message: "\(noun) \(icu ? "lacks" : "lack") \(names(missing)), which fall to \(fallback) (\(rules))"))
            }
            let unused = PluralCategory.allCases.filter { used.contains($0) && !required.contains($0) }
            if !unused.isEmpty {
                out.append(Gap(severity: .warning, kind: .unusedPluralCategory,
                               message: "\(noun) \(icu ? "includes" : "include") \(names(unused)), which CLDR \(localization) never selects (\(rules))"))
            }
        }
        return out
    }

    /// Counts whose categories decide whether exact keys cover one: two periods of the rules'
    /// `n % 100`, and the powers where some languages' `many` starts (French and Spanish millions).
    static let samples: [Int] = Array(0...200) + [1000, 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000, 1_000_000_000]

    /// What a selector counts: the argument it reads in the end, the `select` of the number
    /// function it resolves to, and the offset subtracted on the way; nil when it is no number.
    static func root(of name: String, in declarations: [MF2.Declaration]) -> (argument: String, select: String, offset: Int)? {
        var name = name, offset = 0, select: String? = nil
        for _ in 0..<16 {
            guard let d = declarations.first(where: { $0.variable.name == name }) else { break }
            guard let f = d.expression.function, f.identifier.namespace == nil else { return nil }
            func option(_ o: String) -> String? {
                f.options.first { $0.identifier.description == o }.flatMap { o -> String? in
                    if case .literal(let l) = o.value { return l.value }
                    return nil
                }
            }
            switch f.identifier.name {
            case "integer", "number": select = select ?? option("select") ?? "plural"
            case "offset": offset += option("subtract").flatMap { Int($0) } ?? -(option("add").flatMap { Int($0) } ?? 0)
            default: return nil
            }
            guard case .variable(let v)? = d.expression.operand, v.name != name else { break }
            name = v.name
        }
        return select.map { (name, $0, offset) }
    }

    static func names(_ categories: [PluralCategory]) -> String {
        categories.map(\.rawValue).joined(separator: ", ")
    }
}
