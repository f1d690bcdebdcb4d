internal import CICU

/// A locale's CLDR plural rules evaluated for integers with integer arithmetic: ICU's own
/// evaluation (`uplrules_select`) reads a double's decimal digits and applies `mod` in floating
/// point, some hundreds of nanoseconds a call for Russian, more than formatting the number. An
/// integer's operands are n = i = |x| and v = w = f = t = c = e = 0, so each relation of ICU's
/// rule text (`i mod 10 in 2..4`, `v not in 0..0`) is a comparison of integers. The rules are
/// kept only when they agree with ICU on every count below 1000 (the table `PluralRules.small`)
/// and on large probes; otherwise there is no evaluator and callers ask ICU.
final class IntegerPluralRules: Sendable {
    private struct Relation: Sendable {
        /// n or i (the integer itself); false: an operand that is 0 for integers (v, w, f, t, c, e).
        let integer: Bool
        let modulus: UInt64?
        let negated: Bool
        let ranges: [ClosedRange<UInt64>]

        func holds(_ x: UInt64) -> Bool {
            var value = integer ? x : 0
            if let m = modulus { value %= m }
            return ranges.contains { $0.contains(value) } != negated
        }
    }

    /// (category index, its condition: or of ands) in ICU's order; an empty condition is `other`.
    private let rules: [(category: Int, condition: [[Relation]])]

    private static let cache = SharedCache<String, IntegerPluralRules?>(limit: 128)

    /// The evaluator of `rules` (cardinal, or ordinal), nil when ICU's rules text is not one it
    /// reads or it disagrees with ICU anywhere it was checked.
    static func forRules(_ rules: PluralRules, ordinal: Bool) -> IntegerPluralRules? {
        cache.value(rules.locale + (ordinal ? " ordinal" : "")) { _ in
            let text = ICUString.get(capacity: 2048) { lk_plural_rules_text(rules.locale, ordinal ? 1 : 0, $0, $1) }
            guard let text, let parsed = IntegerPluralRules(parsing: text), parsed.agrees(with: rules) else { return nil }
            return parsed
        }
    }

    /// ICU's normalized rule text: `few: v  in 0..0 and i mod 10 in 2..4 and i mod 100 not in 12..14; …; other: `.
    private init?(parsing text: String) {
        var rules: [(category: Int, condition: [[Relation]])] = []
        for rule in text.split(separator: ";") {
            let halves = rule.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard halves.count == 2, let category = PluralCategory(rawValue: halves[0].filter { $0 != " " }) else { return nil }
            let body = halves[1].split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0] // samples, if any
            var condition: [[Relation]] = []
            let words = body.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            if !words.isEmpty {
                var and: [Relation] = [], i = 0
                while i < words.count {
                    guard let relation = Self.relation(words, &i) else { return nil }
                    and.append(relation)
                    if i < words.count {
                        if words[i] == "or" { condition.append(and); and = [] } else if words[i] != "and" { return nil }
                        i += 1
                        guard i < words.count else { return nil }
                    }
                }
                condition.append(and)
            }
            rules.append((category: category.rawIndex, condition: condition))
        }
        guard !rules.isEmpty else { return nil }
        self.rules = rules
    }

    /// `operand [mod N] [not] (in|within|=|!=) A..B, C, …` from words[i...], leaving i after it.
    private static func relation(_ words: [String], _ i: inout Int) -> Relation? {
        guard i < words.count, ["n", "i", "v", "w", "f", "t", "c", "e"].contains(words[i]) else { return nil }
        let integer = words[i] == "n" || words[i] == "i"
        i += 1
        var modulus: UInt64?
        if i + 1 < words.count, words[i] == "mod" || words[i] == "%" {
            guard let m = UInt64(words[i + 1]), m > 0 else { return nil }
            modulus = m
            i += 2
        }
        var negated = false
        if i < words.count, words[i] == "not" { negated = true; i += 1 }
        guard i < words.count else { return nil }
        switch words[i] {
        case "in", "within", "=", "is": break
        case "!=": negated.toggle()
        default: return nil
        }
        i += 1
        var ranges: [ClosedRange<UInt64>] = []
        while i < words.count, words[i] != "and", words[i] != "or" {
            let bounds = words[i].parts(around: "..")
            guard let lo = UInt64(bounds[0]), let hi = UInt64(bounds.count == 2 ? bounds[1] : bounds[0]), bounds.count <= 2, lo <= hi else { return nil }
            ranges.append(lo...hi)
            i += 1
        }
        guard !ranges.isEmpty else { return nil }
        return Relation(integer: integer, modulus: modulus, negated: negated, ranges: ranges)
    }

    /// The category index (`PluralCategory.rawIndex`) of the integer `x`.
    func category(_ x: Int64) -> Int {
        let magnitude = x.magnitude
        for rule in rules where rule.condition.isEmpty || rule.condition.contains(where: { $0.allSatisfy { $0.holds(magnitude) } }) {
            return rule.category
        }
        return PluralCategory.other.rawIndex
    }

    /// Whether it gives ICU's answer for 0…999 (the small table) and for large probes.
    private func agrees(with icu: PluralRules) -> Bool {
        for n in 0..<PluralRules.smallLimit where category(Int64(n)) != Int(icu.small[n]) { return false }
        var probes: [Int64] = [1 << 53, 9_007_199_254_740_991, 123_456_789_012]
        for p in 3...15 {
            var base: Int64 = 1
            for _ in 0..<p { base *= 10 }
            probes += [base, base + 1, base + 2, base + 5, base + 11, base + 12, base + 21, base + 100, 2 * base, 7 * base + 3]
        }
        for n in probes + probes.map({ -$0 }) where category(n) != icu.category(Double(n)).rawIndex { return false }
        return true
    }
}

private extension String {
    /// The pieces between occurrences of `separator` ("2..4" → ["2", "4"]).
    func parts(around separator: String) -> [String] {
        var parts: [String] = [], rest = Substring(self)
        while let r = rest.firstRange(of: separator) {
            parts.append(String(rest[..<r.lowerBound]))
            rest = rest[r.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
