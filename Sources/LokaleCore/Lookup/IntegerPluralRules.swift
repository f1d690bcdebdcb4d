internal import CICU
internal import CTable

/// A locale's CLDR plural rules evaluated for integers with integer arithmetic: ICU's own
/// evaluation (`uplrules_select`) reads a double's decimal digits and applies `mod` in floating
/// point, some hundreds of nanoseconds a call for Russian, more than formatting the number. An
/// integer's operands are n = i = |x| and v = w = f = t = c = e = 0, so each relation of ICU's
/// rule text (`i mod 10 in 2..4`, `v not in 0..0`) is a comparison of integers. The rules are
/// kept only when they agree with ICU on every count below 1000 (the table `PluralRules.small`)
/// and on large probes; otherwise there is no evaluator and callers ask ICU.
///
/// The rules are compiled into a rule program (`LK_OP_*`, the one that runs gettext's
/// Plural-Forms) that gives the category index, and run by the one evaluator, `lk_rule_run`: from
/// Swift, and from C, where a table's MF2 messages select large counts (`lk_plan_format_named`
/// reads `tree`, which lives as long as this object).
final class IntegerPluralRules: @unchecked Sendable {
    private struct Relation: Sendable {
        /// n or i (the integer itself); false: an operand that is 0 for integers (v, w, f, t, c, e).
        let integer: Bool
        let modulus: UInt64?
        let negated: Bool
        let ranges: [ClosedRange<UInt64>]
    }

    /// The compiled rules: one rule node at word 0, read only (immutable once made).
    private let words: UnsafeMutableBufferPointer<UInt32>
    let tree: UnsafeMutablePointer<lk_tree>
    /// The program's instruction words (what a table's locale data records).
    let code: [UInt32]

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
    private convenience init?(parsing text: String) {
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
        self.init(code: Self.compile(rules))
    }

    /// The rules compiled before (a table's locale data): `code` leaves a category index.
    init?(code: [UInt32]) {
        guard !code.isEmpty, code.count <= Int(LK_LIMIT_RULE_WORDS) else { return nil }
        self.code = code
        let node = NodeWords.rule(code: code).words
        words = .allocate(capacity: node.count)
        _ = words.initialize(from: node)
        tree = .allocate(capacity: 1)
        tree.initialize(to: lk_tree(nodes: UnsafeRawPointer(words.baseAddress!).assumingMemoryBound(to: UInt8.self),
                                    node_words: UInt64(node.count), strings: nil, strings_bytes: 0))
    }

    deinit {
        tree.deallocate()
        words.deallocate()
    }

    /// The rules, (category index, its condition: or of ands) in ICU's order (an empty condition is
    /// `other`), as a program leaving the category index: each rule's condition in ICU's order
    /// (`or` of `and`s of relations, evaluating only what they need), the first that holds giving
    /// its category; `other` when none does.
    private static func compile(_ rules: [(category: Int, condition: [[Relation]])]) -> [UInt32] {
        var code: [UInt32] = []
        typealias Op = TableLayout.RuleOperation
        func push(_ v: UInt64) {
            if v <= UInt64(Op.maxOperand) { code.append(Op.push.word(UInt32(v))) } else {
                code += [Op.push64.word(), UInt32(truncatingIfNeeded: v), UInt32(truncatingIfNeeded: v >> 32)]
            }
        }
        func jump(_ op: Op) -> Int { code.append(op.word()); return code.count - 1 }
        func land(_ at: Int, _ op: Op) { code[at] = op.word(UInt32(code.count - at - 1)) }
        func value(_ r: Relation) {
            guard r.integer else { return push(0) } // v, w, f, t, c, e of an integer
            code.append(Op.n.word())
            if let m = r.modulus { push(m); code.append(Op.remainder.word()) }
        }
        /// `a` then `b`, both leaving 0 or 1: `a && b` or `a || b`, `b` run only when needed.
        func both(_ a: () -> Void, _ b: () -> Void, or: Bool) {
            a()
            let toSecond = jump(.jumpIfZero)
            if or { push(1) } else { b() }
            let toEnd = jump(.jump)
            land(toSecond, .jumpIfZero)
            if or { b() } else { push(0) }
            land(toEnd, .jump)
        }
        func any<T>(_ items: ArraySlice<T>, _ one: @escaping (T) -> Void, or: Bool) {
            guard let first = items.first else { return push(or ? 0 : 1) }
            if items.count == 1 { return one(first) }
            both({ one(first) }, { any(items.dropFirst(), one, or: or) }, or: or)
        }
        func relation(_ r: Relation) {
            any(r.ranges[...], { range in
                value(r)
                if range.lowerBound == range.upperBound {
                    push(range.lowerBound); code.append(Op.equal.word())
                } else {
                    // a <= x <= b as one unsigned comparison: x - a wraps past b - a when x < a.
                    push(range.lowerBound); code.append(Op.subtract.word())
                    push(range.upperBound - range.lowerBound); code.append(Op.lessEqual.word())
                }
            }, or: true)
            if r.negated { code.append(Op.not.word()) }
        }
        /// A relation on v, w, f, t, c or e is the same for every integer (they are 0): true ones
        /// leave their `and`, false ones remove it.
        func constant(_ r: Relation) -> Bool? {
            r.integer ? nil : r.ranges.contains { $0.contains(0) } != r.negated
        }
        var exits: [Int] = [], ended = false
        for rule in rules {
            let condition = rule.condition.compactMap { and -> [Relation]? in
                and.contains { constant($0) == false } ? nil : and.filter { constant($0) == nil }
            }
            if rule.condition.isEmpty || condition.contains(where: \.isEmpty) { push(UInt64(rule.category)); ended = true; break }
            if condition.isEmpty { continue } // never holds for an integer
            any(condition[...], { and in any(and[...], relation, or: false) }, or: true)
            let toNext = jump(.jumpIfZero)
            push(UInt64(rule.category))
            exits.append(jump(.jump))
            land(toNext, .jumpIfZero)
        }
        if !ended { push(UInt64(PluralCategory.other.rawIndex)) }
        for e in exits { land(e, .jump) }
        return code
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

    /// The category index (`PluralCategory.rawIndex`) of the integer `x`, by the compiled rules.
    func category(_ x: Int64) -> Int {
        var result: UInt64 = 0
        guard lk_rule_run(tree, 0, x.magnitude, &result, nil) == Int32(LK_NODE_OK), result < UInt64(LK_CATEGORY_COUNT) else {
            return PluralCategory.other.rawIndex
        }
        return Int(result)
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
