internal import CICU

/// `:number`, `:integer`, `:percent`, `:currency` and `:offset` (LDML part 9, functions/number):
/// options checked here, formatted by ICU's number formatter from a skeleton built from them.
///
/// Beyond the spec's options, `notation` (`standard`, `scientific`, `engineering`, `compact`) and
/// `compactDisplay` (`short`, `long`) of the earlier registry draft, which ICU's own MF2 reads too:
/// ICU MessageFormat's `::compact-short`/`::scientific` skeletons and Flutter's compact and
/// scientific formats need them. Without a digit option, a compact number keeps ICU's own rounding
/// for the notation (two significant digits below 100: `1.2M`).
enum MF2NumberFunctions {
    enum Kind: Sendable { case number, integer, percent, currency }

    static let signDisplays = ["auto": "", "always": "sign-always", "exceptZero": "sign-except-zero", "negative": "sign-negative", "never": "sign-never"]
    static let groupings = ["auto": "", "always": "group-on-aligned", "never": "group-off", "min2": "group-min2"]
    static let roundingModes = ["ceil": "ceiling", "floor": "floor", "expand": "up", "trunc": "down", "halfCeil": "half-ceiling",
                                "halfFloor": "half-floor", "halfExpand": "half-up", "halfTrunc": "half-down", "halfEven": "half-even"]
    static let currencyDisplays = ["symbol": "", "narrowSymbol": "unit-width-narrow", "name": "unit-width-full-name", "code": "unit-width-iso-code", "never": "unit-width-hidden"]
    static let keywordOptions: [String: Set<String>] = [
        "select": ["plural", "ordinal", "exact"], "trailingZeroDisplay": ["auto", "stripIfInteger"],
        "roundingPriority": ["auto", "morePrecision", "lessPrecision"], "currencySign": ["standard", "accounting"],
        "roundingIncrement": ["1", "2", "5", "10", "20", "25", "50", "100", "200", "250", "500", "1000", "2000", "2500", "5000"],
        "signDisplay": Set(signDisplays.keys), "useGrouping": Set(groupings.keys), "roundingMode": Set(roundingModes.keys),
        "currencyDisplay": Set(currencyDisplays.keys),
        "notation": ["standard", "scientific", "engineering", "compact"], "compactDisplay": ["short", "long"],
    ]
    static let digitOptions: Set<String> = ["minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits",
                                            "minimumSignificantDigits", "maximumSignificantDigits"]

    /// The options each function reads; others are ignored, as the spec says.
    static func accepts(_ kind: Kind, _ name: String) -> Bool {
        switch kind {
        case .number: name != "currency" && name != "currencyDisplay" && name != "currencySign" && name != "fractionDigits"
        case .integer: ["select", "signDisplay", "useGrouping", "minimumIntegerDigits", "maximumSignificantDigits"].contains(name)
        case .percent: !["select", "minimumIntegerDigits", "roundingIncrement", "currency", "currencyDisplay", "currencySign", "fractionDigits"].contains(name)
        case .currency: !["select", "minimumFractionDigits", "maximumFractionDigits"].contains(name)
        }
    }

    /// Options an operand's value gives that this function drops (integer: fraction digits, …).
    static func dropsFromOperand(_ kind: Kind, _ name: String) -> Bool {
        switch kind {
        case .integer: ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits"].contains(name)
        case .percent: ["minimumIntegerDigits", "roundingIncrement", "select"].contains(name)
        default: false
        }
    }

    /// `0` or `[1-9][0-9]?`, the spec's digit size option.
    static func digitSize(_ s: String) -> Int? {
        guard let n = Int(s), n >= 0, n < 100, String(n) == s else { return nil }
        return n
    }

    /// The operand as a number, and its options when it is a number function's value.
    static func operand(_ c: MF2.FunctionCall) throws(MF2.FormatError) -> (MF2.Decimal, MF2NumberValue?) {
        guard let operand = c.operand else { throw MF2.FormatError(.badOperand, ":\(c.name) needs an operand") }
        if let n = operand as? MF2NumberValue { return (n.number, n) }
        switch operand.input {
        case .number(let d): return (d, nil)
        case .string(let s):
            guard let d = MF2.Decimal(parsing: s) else { throw MF2.FormatError(.badOperand, "|\(s)| is not a number") }
            return (d, nil)
        case .date, .bool: throw MF2.FormatError(.badOperand, ":\(c.name) takes a number")
        }
    }

    @Sendable static func number(_ c: inout MF2.FunctionCall, _ kind: Kind) throws(MF2.FormatError) -> any MF2.ResolvedValue {
        let (n, from) = try operand(c)
        var options: [String: String] = [:]
        var selects = true
        for (name, value) in from?.options ?? [:] where !dropsFromOperand(kind, name) && accepts(kind, name) {
            // Selection must be chosen by the message's own literal, not carried in by a value.
            if name == "select", kind != .percent {
                c.report(.badOption, "`select` comes from the operand, not a literal")
                selects = false
                continue
            }
            options[name] = value
        }
        if kind == .currency, c.options["currency"] != nil, options["currency"] != nil {
            c.report(.badOption, "`currency` cannot change the currency of a currency value")
            c.options["currency"] = nil
        }
        for (name, option) in c.options.sorted(by: { $0.key < $1.key }) where accepts(kind, name) {
            guard let value = option.string else {
                c.report(.badOption, "`\(name)` is not a string or number")
                continue
            }
            if name == "select", !option.isLiteral {
                c.report(.badOption, "`select` must be a literal")
                selects = false
                continue
            }
            let valid: Bool
            if let allowed = keywordOptions[name] {
                valid = allowed.contains(value)
            } else if digitOptions.contains(name) {
                valid = digitSize(value) != nil
            } else if name == "fractionDigits" {
                valid = value == "auto" || digitSize(value) != nil
            } else if name == "currency" {
                valid = value.utf8.count == 3 && value.utf8.allSatisfy { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
            } else {
                continue
            }
            if valid { options[name] = value } else { c.report(.badOption, "`\(name)=\(value)` is not a valid value") }
        }
        if kind == .currency, options["currency"] == nil {
            throw MF2.FormatError(.badOperand, ":currency needs a currency")
        }
        return MF2NumberValue(kind: kind, number: kind == .integer ? n.truncated : n, options: options,
                              selects: selects && kind != .currency, locale: c.locale)
    }

    /// `:offset add=n` or `subtract=n`: exactly one of them.
    @Sendable static func offset(_ c: inout MF2.FunctionCall) throws(MF2.FormatError) -> any MF2.ResolvedValue {
        let (n, from) = try operand(c)
        let add = c.options["add"], subtract = c.options["subtract"]
        guard (add == nil) != (subtract == nil), let option = add ?? subtract else {
            throw MF2.FormatError(.badOption, ":offset needs exactly one of `add` and `subtract`")
        }
        guard let text = option.string, let delta = digitSize(text) else {
            throw MF2.FormatError(.badOption, "`\(add == nil ? "subtract" : "add")` is not a digit size")
        }
        var value = from ?? MF2NumberValue(kind: .number, number: n, locale: c.locale)
        value.number = n.adding(Int64(add == nil ? -delta : delta))
        value.locale = c.locale
        return value
    }
}

/// The value of a number function (or a number argument): the number, its options, and ICU.
struct MF2NumberValue: MF2.ResolvedValue {
    var kind: MF2NumberFunctions.Kind
    var number: MF2.Decimal
    var options: [String: String] = [:]
    var selects = true
    var locale: String

    var type: String { "number" }
    var input: MF2.Input { .number(number) }
    var direction: MF2.Direction { MF2ICU.isRightToLeft(locale) ? .rtl : .ltr }

    func format() throws(MF2.FormatError) -> String {
        guard let r = MF2ICU.formatNumber(locale: locale, skeleton: skeleton, number: number.icuText, rules: nil, fields: false) else {
            throw MF2.FormatError(.messageFunction, "ICU cannot format \(number) with `\(skeleton)`")
        }
        return r.text
    }

    func fields() -> [MF2.Field]? {
        MF2ICU.formatNumber(locale: locale, skeleton: skeleton, number: number.icuText, rules: nil, fields: true)?.fields
    }

    func select(_ keys: [String], report: (MF2.FormatError) -> Void) throws(MF2.FormatError) -> [String]? {
        guard selects else { return nil }
        let mode = kind == .percent ? "plural" : options["select"] ?? "plural"
        let exact = (kind == .percent ? number.scaled(by: 2) : number).description
        var keyword = ""
        if mode != "exact" {
            let rules = PluralRules.forLocale(locale, ordinal: mode == "ordinal")
            keyword = MF2ICU.formatNumber(locale: locale, skeleton: skeleton, number: number.icuText, rules: rules, fields: false)?.keyword ?? ""
        }
        var exactMatches: [String] = [], keywordMatches: [String] = []
        for key in keys {
            if MF2.Decimal(parsing: key) != nil {
                if key == exact { exactMatches.append(key) }
            } else if ["zero", "one", "two", "few", "many", "other"].contains(key) {
                if key == keyword { keywordMatches.append(key) }
            } else {
                report(MF2.FormatError(.badVariantKey, "`\(key)` is neither a number nor a plural category"))
            }
        }
        return exactMatches + keywordMatches
    }

    /// The ICU number skeleton for the kind and options.
    var skeleton: String {
        var stems: [String] = []
        func int(_ name: String) -> Int? { options[name].flatMap(MF2NumberFunctions.digitSize) }
        switch kind {
        case .percent: stems += ["percent", "scale/100"]
        case .currency:
            stems.append("currency/" + (options["currency"] ?? "XXX").uppercased())
            if let d = options["currencyDisplay"].flatMap({ MF2NumberFunctions.currencyDisplays[$0] }), !d.isEmpty { stems.append(d) }
        default: break
        }
        let strip = options["trailingZeroDisplay"] == "stripIfInteger" ? "/w" : ""
        var precision: String
        let minSig = int("minimumSignificantDigits"), maxSig = int("maximumSignificantDigits")
        switch options["notation"] {
        case "scientific": stems.append("scientific")
        case "engineering": stems.append("engineering")
        case "compact": stems.append(options["compactDisplay"] == "long" ? "compact-long" : "compact-short")
        default: break
        }
        var significant: String?
        if minSig != nil || maxSig != nil {
            let lo = max(1, minSig ?? 1), hi = maxSig.map { max($0, lo) }
            significant = String(repeating: "@", count: lo) + (hi.map { String(repeating: "#", count: $0 - lo) } ?? "+")
        }
        switch kind {
        case .integer:
            precision = significant.map { $0 } ?? "precision-integer"
        case .currency:
            if let f = options["fractionDigits"].flatMap(MF2NumberFunctions.digitSize) {
                precision = f == 0 ? "precision-integer" : "." + String(repeating: "0", count: f)
            } else {
                precision = significant ?? "precision-currency-standard"
            }
        case .number, .percent:
            let minF = int("minimumFractionDigits") ?? 0
            let maxF = max(minF, int("maximumFractionDigits") ?? (kind == .percent ? 0 : 3))
            let fraction = maxF == 0 ? "precision-integer" : "." + String(repeating: "0", count: minF) + String(repeating: "#", count: maxF - minF)
            let increment = Int(options["roundingIncrement"] ?? "1") ?? 1
            if increment != 1 {
                precision = "precision-increment/" + MF2NumberFunctions.incrementText(increment, fractionDigits: maxF)
            } else if let sig = significant {
                let hasFraction = options["minimumFractionDigits"] != nil || options["maximumFractionDigits"] != nil
                switch options["roundingPriority"] {
                case "morePrecision" where hasFraction: precision = (maxF == 0 ? "." : fraction) + "/" + sig + "r"
                case "lessPrecision" where hasFraction: precision = (maxF == 0 ? "." : fraction) + "/" + sig + "s"
                default: precision = sig
                }
            } else {
                precision = fraction
            }
        }
        // A compact number without digit options rounds as ICU rounds the notation.
        let digitsGiven = MF2NumberFunctions.digitOptions.contains { $0 != "minimumIntegerDigits" && options[$0] != nil }
            || options["fractionDigits"] != nil || options["roundingIncrement"].map { $0 != "1" } == true
        if options["notation"] != "compact" || digitsGiven { stems.append(precision + strip) }
        stems.append("rounding-mode-" + (options["roundingMode"].flatMap { MF2NumberFunctions.roundingModes[$0] } ?? "half-up"))
        if let n = int("minimumIntegerDigits"), n > 1 { stems.append("integer-width/+" + String(repeating: "0", count: n)) }
        if let g = options["useGrouping"].flatMap({ MF2NumberFunctions.groupings[$0] }), !g.isEmpty { stems.append(g) }
        let accounting = kind == .currency && options["currencySign"] == "accounting"
        if let s = options["signDisplay"].flatMap({ MF2NumberFunctions.signDisplays[$0] }), !s.isEmpty {
            stems.append(accounting ? "sign-accounting" + s.dropFirst("sign".count) : s)
        } else if accounting {
            stems.append("sign-accounting")
        }
        return stems.joined(separator: " ")
    }
}

extension MF2NumberFunctions {
    /// `increment` × 10^-fractionDigits in plain notation (5, 2 → "0.05").
    static func incrementText(_ increment: Int, fractionDigits: Int) -> String {
        var digits = String(increment)
        guard fractionDigits > 0 else { return digits }
        if digits.count <= fractionDigits { digits = String(repeating: "0", count: fractionDigits - digits.count + 1) + digits }
        return String(digits.dropLast(fractionDigits)) + "." + String(digits.suffix(fractionDigits))
    }
}
