internal import CICU

/// A checked message compiled, once, for the shape a program formats in a loop: `.input`
/// declarations of `:number` or `:integer` with literal options, `.match` on them, and patterns of
/// text and bare `{$variable}` placeholders (a declared number, or a string argument). It writes
/// the text straight into bytes — formatter and plural rules found once, no dictionary, no
/// existential value, no String — and produces exactly what `MF2.format` produces for such a
/// message without errors (`MF2FastPlanTests` compares the two). Anything else — another shape at
/// build time, an argument it does not take, any error — it declines (nil), and the caller formats
/// through `MF2.format`, which reports what went wrong.
public final class MF2FastPlan: @unchecked Sendable {
    /// An argument as the plan takes it.
    public enum Argument {
        case int(Int64)
        /// UTF-8 text, borrowed for the call.
        case text(UnsafeRawBufferPointer)
        /// Absent, or a value the plan does not format (the general path does).
        case other
    }

    /// The variables the plan reads, as UTF-8: `format`'s arguments are in this order.
    public let names: [[UInt8]]

    /// A class, so that reading one in the hot path retains one reference, not each of its own.
    private final class NumberInput {
        let formatter: OpaquePointer
        /// Nil for `select=exact`, and for values that do not select.
        let rules: PluralRules?
        /// The rules evaluated for integers without ICU, when they could be (see IntegerPluralRules).
        let integerRules: IntegerPluralRules?
        let selects: Bool
        /// How ICU writes integers with this formatter, when the plan may write them itself: then
        /// the plural operands are the integer's own (no fraction, no rounding).
        let layout: MF2IntegerLayout?

        init(formatter: OpaquePointer, rules: PluralRules?, integerRules: IntegerPluralRules?, selects: Bool, layout: MF2IntegerLayout?) {
            (self.formatter, self.rules, self.integerRules, self.selects, self.layout) = (formatter, rules, integerRules, selects, layout)
        }
    }

    /// A number key matches an int whose plain notation it is (`MF2.Decimal.description`): nil for
    /// a key no Int64 writes as (`1.0`, `007`).
    private enum Key { case exact(Int64?), category(Int), any }
    private enum Piece { case text([UInt8]), number(Int), string(Int) }
    private struct Variant { let keys: [Key]; let pieces: [Piece] }

    private let inputs: [NumberInput]
    /// The input each selector reads.
    private let selectors: [Int]
    private let variants: [Variant]
    /// The Default Bidi Strategy's marks around a number and around a string.
    private let numberMarks: (open: [UInt8], close: [UInt8])
    private let stringMarks: (open: [UInt8], close: [UInt8]) = (Array("\u{2068}".utf8), Array("\u{2069}".utf8))

    /// Room for one formatted number (UTF-8); a longer one is left to the general path.
    static let numberRoom = 96
    /// At most this many number inputs.
    static let maxInputs = 8

    private init(names: [[UInt8]], inputs: [NumberInput], selectors: [Int], variants: [Variant], rtl: Bool) {
        self.names = names
        self.inputs = inputs
        self.selectors = selectors
        self.variants = variants
        numberMarks = rtl ? (Array("\u{2067}".utf8), Array("\u{2069}".utf8)) : ([], [])
    }

    deinit { for input in inputs { lk_mf2_formatter_release(input.formatter) } }

    /// The plan of `message` (checked: no data model errors) in `locale` with the built-in
    /// functions; nil when its shape is not one the plan covers.
    public static func make(_ message: MF2.Message, locale: String) -> MF2FastPlan? {
        guard let icu = ICULocale(locale)?.id else { return nil }
        var names: [[UInt8]] = [], inputs: [NumberInput] = [], inputByName: [String: Int] = [:]
        var acquired: [OpaquePointer] = []
        var done = false
        defer { if !done { acquired.forEach { lk_mf2_formatter_release($0) } } }
        for d in message.declarations {
            guard d.kind == .input, inputs.count < maxInputs, let input = numberInput(d.expression, locale: locale, icu: icu) else { return nil }
            acquired.append(input.formatter)
            inputByName[d.variable.name] = inputs.count
            inputs.append(input)
            names.append(Array(d.variable.name.utf8))
        }
        var stringByName: [String: Int] = [:]
        func pieces(_ pattern: MF2.Pattern) -> [Piece]? {
            var out: [Piece] = []
            for part in pattern {
                switch part {
                case .text(let t): out.append(.text(Array(t.utf8)))
                case .expression(let e):
                    guard e.function == nil, case .variable(let v)? = e.operand else { return nil }
                    if let i = inputByName[v.name] {
                        out.append(.number(i))
                    } else {
                        let j = stringByName[v.name] ?? names.count
                        if j == names.count { stringByName[v.name] = j; names.append(Array(v.name.utf8)) }
                        out.append(.string(j))
                    }
                case .markup: return nil
                }
            }
            return out
        }
        var selectors: [Int] = [], variants: [Variant] = []
        switch message {
        case .pattern(let m):
            guard let p = pieces(m.pattern) else { return nil }
            variants = [Variant(keys: [], pieces: p)]
        case .select(let m):
            for s in m.selectors {
                guard let i = inputByName[s.name], inputs[i].selects else { return nil }
                selectors.append(i)
            }
            for v in m.variants {
                guard v.keys.count == selectors.count, let p = pieces(v.pattern) else { return nil }
                var keys: [Key] = []
                for k in v.keys {
                    switch k {
                    case .catchAll: keys.append(.any)
                    case .literal(let l):
                        if MF2.Decimal(parsing: l.value) != nil {
                            keys.append(.exact(Int64(l.value).flatMap { String($0) == l.value ? $0 : nil }))
                        } else if let c = PluralCategory(rawValue: l.value) {
                            keys.append(.category(c.rawIndex))
                        } else {
                            return nil // a bad variant key: an error the general path reports
                        }
                    }
                }
                variants.append(Variant(keys: keys, pieces: p))
            }
        }
        done = true
        return MF2FastPlan(names: names, inputs: inputs, selectors: selectors, variants: variants, rtl: MF2ICU.isRightToLeft(locale))
    }

    /// `.input {$x :number|:integer option=literal…}` as the built-in function resolves it, when
    /// it reports nothing.
    private static func numberInput(_ e: MF2.Expression, locale: String, icu: String) -> NumberInput? {
        guard case .variable? = e.operand, let f = e.function, f.identifier.namespace == nil else { return nil }
        let kind: MF2NumberFunctions.Kind
        switch f.identifier.name {
        case "number": kind = .number
        case "integer": kind = .integer
        default: return nil
        }
        var options: [String: MF2.OptionValue] = [:]
        for o in f.options {
            guard case .literal(let l) = o.value, o.identifier.namespace == nil else { return nil }
            options[o.identifier.description] = MF2.OptionValue(value: MF2StringValue(string: l.value), isLiteral: true)
        }
        // The operand an int argument gives: a number without options (the value it carries does
        // not change the options the function resolves).
        var call = MF2.FunctionCall(name: f.identifier, operand: MF2NumberValue(kind: .number, number: MF2.Decimal(0), locale: locale),
                                    options: options, locale: locale)
        // Compact and scientific numbers select by their exponent as shown: the general path asks ICU.
        guard let value = try? MF2NumberFunctions.number(&call, kind) as? MF2NumberValue, call.errors.isEmpty,
              value.options["notation"] ?? "standard" == "standard" else { return nil }
        let skeleton = Array(value.skeleton.utf16)
        guard let formatter = lk_mf2_formatter_acquire(icu, skeleton, Int32(skeleton.count)) else { return nil }
        let mode = value.options["select"] ?? "plural"
        let rules = value.selects && mode != "exact" ? PluralRules.forLocale(locale, ordinal: mode == "ordinal") : nil
        if value.selects && mode != "exact" && rules == nil {
            lk_mf2_formatter_release(formatter)
            return nil
        }
        let layout = MF2IntegerLayout.forFormatter(formatter, locale: icu, skeleton: value.skeleton)
        let integerRules = rules.flatMap { IntegerPluralRules.forRules($0, ordinal: mode == "ordinal") }
        return NumberInput(formatter: formatter, rules: rules, integerRules: integerRules, selects: value.selects, layout: layout)
    }

    /// Bytes written into a caller's buffer, counted; false once they do not fit. A struct passed
    /// inout, not a captured variable: no dynamic exclusivity check per append.
    private struct Writer {
        let buffer: UnsafeMutableRawBufferPointer
        var count = 0

        mutating func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard bytes.count <= buffer.count - count else { return false }
            if !bytes.isEmpty { (buffer.baseAddress! + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
            count += bytes.count
            return true
        }

        mutating func append(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { append($0) } }
    }

    /// The message for `arguments` (in `names`' order) written into `buffer`: the number of bytes,
    /// or nil when the plan declines (then nothing it wrote means anything).
    public func format(_ arguments: UnsafeBufferPointer<Argument>, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard arguments.count == names.count else { return nil }
        let inputCount = inputs.count, S = selectors.count
        // On the stack: each input's formatted text (numberRoom bytes a slot), then per input its
        // text's length (-1: not formatted yet) and category (-1: none), then per selector whether
        // a number key and a category key match, and two rank vectors (the candidate's, the best's).
        return withUnsafeTemporaryAllocation(byteCount: inputCount * Self.numberRoom + 1, alignment: 8) { scratch -> Int? in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * inputCount + 4 * S + 1) { state -> Int? in
                for i in 0..<(2 * inputCount) { state[i] = -1 }
                let exactHit = 2 * inputCount, categoryHit = exactHit + S, ranks = categoryHit + S, bestRanks = ranks + S
                for k in exactHit..<(exactHit + 2 * S) { state[k] = 0 }
                let best: Int
                if S > 0 {
                    for s in 0..<S {
                        let i = selectors[s]
                        guard prepare(i, arguments, scratch, state), case .int(let n) = arguments[i] else { return nil }
                        for v in variants {
                            switch v.keys[s] {
                            case .exact(let k): if k == n { state[exactHit + s] = 1 }
                            case .category(let c): if c == state[2 * i + 1] { state[categoryHit + s] = 1 }
                            case .any: break
                            }
                        }
                    }
                    // Each selector's matches ranked as `MF2NumberValue.select` and the resolver's
                    // sort rank them (an exact key before the category, `*` after both); the first
                    // variant of the lowest ranks wins.
                    var found = -1
                    candidates: for index in variants.indices {
                        let keys = variants[index].keys
                        for s in 0..<S {
                            let i = selectors[s]
                            switch keys[s] {
                            case .exact(let k):
                                guard case .int(let n) = arguments[i], k == n else { continue candidates }
                                state[ranks + s] = 0
                            case .category(let c):
                                guard c == state[2 * i + 1] else { continue candidates }
                                state[ranks + s] = state[exactHit + s]
                            case .any:
                                state[ranks + s] = state[exactHit + s] + state[categoryHit + s]
                            }
                        }
                        var better = found < 0
                        for s in 0..<S where !better {
                            if state[ranks + s] != state[bestRanks + s] { better = state[ranks + s] < state[bestRanks + s]; break }
                        }
                        if better {
                            found = index
                            for s in 0..<S { state[bestRanks + s] = state[ranks + s] }
                        }
                    }
                    guard found >= 0 else { return 0 } // no variant matches: an empty pattern
                    best = found
                } else {
                    best = 0
                }
                var out = Writer(buffer: buffer)
                for piece in variants[best].pieces {
                    switch piece {
                    case .text(let t): guard out.append(t) else { return nil }
                    case .number(let i):
                        guard prepare(i, arguments, scratch, state), out.append(numberMarks.open),
                              out.append(UnsafeRawBufferPointer(rebasing: scratch[(i * Self.numberRoom)..<(i * Self.numberRoom + state[2 * i])])),
                              out.append(numberMarks.close) else { return nil }
                    case .string(let j):
                        guard case .text(let t) = arguments[j], Self.isUTF8(t),
                              out.append(stringMarks.open), out.append(t), out.append(stringMarks.close) else { return nil }
                    }
                }
                return out.count
            }
        }
    }

    /// Input `i` formatted into its slot of `scratch`, its length and category in `state`, once a
    /// call; false when its argument is not an int the plan formats.
    private func prepare(_ i: Int, _ arguments: UnsafeBufferPointer<Argument>, _ scratch: UnsafeMutableRawBufferPointer,
                         _ state: UnsafeMutableBufferPointer<Int>) -> Bool {
        if state[2 * i] >= 0 { return true }
        guard case .int(let n) = arguments[i] else { return false }
        let slot = UnsafeMutableRawBufferPointer(rebasing: scratch[(i * Self.numberRoom)..<((i + 1) * Self.numberRoom)])
        guard let (length, category) = format(n, inputs[i], into: slot) else { return false }
        state[2 * i] = length
        state[2 * i + 1] = category
        return true
    }

    /// `n` formatted as input `input` into `slot`: the length and the plural category's index (-1
    /// for none); nil when it does not fit or ICU fails.
    private func format(_ n: Int64, _ input: NumberInput, into slot: UnsafeMutableRawBufferPointer) -> (Int, Int)? {
        // Integers a Double holds exactly: the layout ICU showed, the category from the rules'
        // table of small counts or from the rules (ICU's plural operands of n are n's own).
        if let layout = input.layout, n.magnitude <= 1 << 53, let length = layout.write(n, into: slot) {
            guard let rules = input.rules, let icu = rules.rules else { return (length, -1) }
            if n >= 0 && n < PluralRules.smallLimit { return (length, Int(rules.small[Int(n)])) }
            if let integerRules = input.integerRules { return (length, integerRules.category(n)) }
            var keyword: (UInt64, UInt64) = (0, 0)
            let k = withUnsafeMutableBytes(of: &keyword) { k in
                lk_plural_select(icu, Double(n), k.baseAddress!.assumingMemoryBound(to: CChar.self), 16) < 16 ? Self.categoryIndex(k) : -1
            }
            return (length, k)
        }
        // Through ICU: the decimal text of n, formatted with the plan's formatter.
        var digits = (0..<21).map { _ in CChar(0) }, d = 21, m = n.magnitude
        repeat { d -= 1; digits[d] = CChar(0x30 + Int(m % 10)); m /= 10 } while m > 0
        if n < 0 { d -= 1; digits[d] = CChar(UInt8(ascii: "-")) }
        var keyword = (0..<16).map { _ in CChar(0) }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 64) { utf16 -> (Int, Int)? in
            let units = digits.withUnsafeBufferPointer { p in
                lk_mf2_number_format_with(input.formatter, p.baseAddress! + d, Int32(21 - d), input.rules.flatMap { $0.rules.map(UnsafeRawPointer.init) },
                                          &keyword, 16, nil, 0, nil, utf16.baseAddress, 64)
            }
            guard units >= 0, units <= 64 else { return nil }
            // Short texts (15 bytes and less) stay inside the String: no allocation.
            let text = String(decoding: UnsafeBufferPointer(rebasing: utf16[..<Int(units)]), as: UTF16.self)
            guard text.utf8.count <= slot.count else { return nil }
            var length = 0
            for byte in text.utf8 { slot[length] = byte; length += 1 }
            let word = String(decoding: keyword.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (length, input.rules == nil ? -1 : PluralCategory(rawValue: word)?.rawIndex ?? -1)
        }
    }

    /// The index (`PluralCategory.rawIndex`) of a NUL-terminated ICU keyword; -1 for another word.
    static func categoryIndex(_ k: UnsafeMutableRawBufferPointer) -> Int {
        switch (k[0], k[1], k[3]) {
        case (UInt8(ascii: "z"), _, _): PluralCategory.zero.rawIndex
        case (UInt8(ascii: "o"), UInt8(ascii: "n"), 0): PluralCategory.one.rawIndex
        case (UInt8(ascii: "t"), _, _): PluralCategory.two.rawIndex
        case (UInt8(ascii: "f"), _, _): PluralCategory.few.rawIndex
        case (UInt8(ascii: "m"), _, _): PluralCategory.many.rawIndex
        case (UInt8(ascii: "o"), UInt8(ascii: "t"), _): PluralCategory.other.rawIndex
        default: -1
        }
    }

    /// Whether `bytes` is well-formed UTF-8 (what `String(decoding:)` keeps unchanged).
    public static func isUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let count: Int, lo: UInt8, hi: UInt8
            switch b {
            case 0xC2...0xDF: (count, lo, hi) = (1, 0x80, 0xBF)
            case 0xE0: (count, lo, hi) = (2, 0xA0, 0xBF)
            case 0xED: (count, lo, hi) = (2, 0x80, 0x9F)
            case 0xE1...0xEF: (count, lo, hi) = (2, 0x80, 0xBF)
            case 0xF0: (count, lo, hi) = (3, 0x90, 0xBF)
            case 0xF4: (count, lo, hi) = (3, 0x80, 0x8F)
            case 0xF1...0xF3: (count, lo, hi) = (3, 0x80, 0xBF)
            default: return false
            }
            guard i + count < n else { return false }
            guard bytes[i + 1] >= lo, bytes[i + 1] <= hi else { return false }
            for k in 2..<(count + 1) where k <= count { guard bytes[i + k] & 0xC0 == 0x80 else { return false } }
            i += count + 1
        }
        return true
    }
}
