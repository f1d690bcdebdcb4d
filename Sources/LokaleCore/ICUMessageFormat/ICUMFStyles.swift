/// ICU MessageFormat's simple arguments (`{n, number, …}`, `{d, date, …}`) as MF2 expressions whose
/// output is ICU's: the options below reproduce the formatter ICU's MessageFormat creates.
enum ICUMFStyles {
    /// ICU's default NumberFormat (`#,##0.###`): half-even and the pattern's grouping, which ignores
    /// the locale's minimum grouping digits (pl `1 000`), hence `always` rather than MF2's `auto`.
    static let decimalDefaults: [(String, String)] = [("roundingMode", "halfEven"), ("useGrouping", "always")]

    static func error(_ at: MF2.Position, _ expected: String, _ found: String) -> ICUMessageFormat.SyntaxError {
        ICUMessageFormat.SyntaxError(position: at, expected: expected, found: found)
    }

    static func expression(_ a: ICUMFSimple, formats: [String: MF2.Function] = [:]) throws(ICUMessageFormat.SyntaxError) -> MF2.Expression {
        let operand = MF2.Value.variable(MF2.Variable(ICUMessageFormat.variableName(a.name), position: ICUMFLowering.origin))
        func call(_ name: String, _ options: [(String, String)]) -> MF2.Expression {
            MF2.Expression(operand: operand, function: ICUMFLowering.function(name, options))
        }
        guard let type = a.type else { return MF2.Expression(operand: operand, function: formats[a.name]) }
        let style = a.style ?? ""
        switch type {
        case "number":
            if style.hasPrefix("::") {
                let (name, options) = try skeleton(String(style.dropFirst(2)), at: a.stylePosition)
                return call(name, options)
            }
            switch style.lowercased() {
            case "": return call("number", decimalDefaults)
            // ICU's integer format is the default one with no fraction digits: it rounds half-even (MF2's :integer truncates).
            case "integer": return call("number", [("maximumFractionDigits", "0")] + decimalDefaults)
            case "percent": return call("percent", decimalDefaults)
            case "currency":
                throw error(a.stylePosition, "a currency Lokale can name: `::currency/XXX` (ICU takes the locale's own currency, which a parsed message cannot know)", "`currency`")
            default:
                throw error(a.stylePosition, "`integer`, `percent` or a `::` skeleton (DecimalFormat patterns are not supported)", "`\(style)`")
            }
        case "date", "time":
            let styles = ["short", "medium", "long", "full"]
            let s = style.isEmpty ? "medium" : style.lowercased()
            if styles.contains(s) { return call(type, [("style", s)]) }
            // ICU reads `::` as a skeleton (the locale's best pattern for its fields), anything else
            // as a pattern; MF2's options name neither, Lokale's private ones do (MF2DateFunctions).
            if style.hasPrefix("::") {
                let skeleton = style.dropFirst(2).trimmingPrefix { ICUMFParser.isWhiteSpace($0.unicodeScalars.first!) }
                guard MF2DateFunctions.isSkeleton(String(skeleton)) else {
                    throw error(a.stylePosition, "a date skeleton of pattern letters (`::yMMMd`, `::jm`)", "`\(style)`")
                }
                return call("datetime", [("lokale:skeleton", String(skeleton))])
            }
            return call("datetime", [("lokale:pattern", a.patternStyle)])
        case "spellout", "ordinal", "duration", "choice":
            throw error(a.typePosition, "`number`, `date`, `time`, `plural`, `selectordinal` or `select` (Lokale does not support `\(type)`)", "`\(type)`")
        default:
            throw error(a.typePosition, "an argument type (`number`, `date`, `time`, `plural`, `selectordinal`, `select`)", "`\(type)`")
        }
    }

    /// An ICU number skeleton as an MF2 function and options, for the stems MF2's options can say
    /// exactly; anything else is refused. A skeleton's own defaults differ from MessageFormat's:
    /// at most six fraction digits, the locale's grouping (`auto`), half-even.
    static func skeleton(_ text: String, at: MF2.Position) throws(ICUMessageFormat.SyntaxError) -> (String, [(String, String)]) {
        let stems = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        var function = "number"
        var options: [(String, String)] = []
        var precision: (min: Int, max: Int)?
        var percent = false, scaled = false, rounding = "halfEven", notation: String?
        func refuse(_ stem: String) -> ICUMessageFormat.SyntaxError {
            error(at, "a skeleton of stems MF2 options express (percent scale/100, currency/XXX, precision-integer, .00#, @@#, group-*, sign-*, rounding-mode-*, integer-width/+00, unit-width-*, compact-short, compact-long, scientific, engineering)", "`\(stem)`")
        }
        let groups = ["group-off": "never", "group-min2": "min2", "group-on-aligned": "always", "group-auto": "auto"]
        let signs = ["sign-auto": "auto", "sign-always": "always", "sign-never": "never", "sign-except-zero": "exceptZero", "sign-negative": "negative"]
        let widths = ["unit-width-iso-code": "code", "unit-width-narrow": "narrowSymbol", "unit-width-full-name": "name", "unit-width-short": "symbol"]
        let notations = ["compact-short": "compact", "K": "compact", "compact-long": "compact", "KK": "compact",
                         "scientific": "scientific", "E0": "scientific", "engineering": "engineering", "EE0": "engineering",
                         "notation-simple": "standard"]
        let modes = ["ceiling": "ceil", "floor": "floor", "up": "expand", "down": "trunc", "half-ceiling": "halfCeil",
                     "half-floor": "halfFloor", "half-up": "halfExpand", "half-down": "halfTrunc", "half-even": "halfEven"]
        // Each of ICU's settings at most once, as ICU's skeleton parser allows (a second one is its
        // syntax error; here it would also name an MF2 option twice).
        var settings = Set<String>()
        func once(_ setting: String, _ stem: String) throws(ICUMessageFormat.SyntaxError) {
            guard settings.insert(setting).inserted else { throw error(at, "each setting of a skeleton once", "`\(stem)` (a \(setting) given twice)") }
        }
        for stem in stems {
            if let n = notations[stem] {
                try once("notation", stem)
                notation = n
            } else if stem == "percent" { try once("unit", stem); percent = true }
            else if stem == "scale/100" { try once("scale", stem); scaled = true }
            else if stem.hasPrefix("currency/"), stem.utf8.count == 12,
                    stem.utf8.suffix(3).allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
                try once("unit", stem)
                function = "currency"
                options.append(("currency", String(stem.suffix(3))))
            } else if stem == "precision-integer" { try once("precision", stem); precision = (0, 0) }
            else if stem.hasPrefix("."), let p = fraction(stem.dropFirst()) { try once("precision", stem); precision = p }
            else if let g = groups[stem] { try once("grouping", stem); options.append(("useGrouping", g)) }
            else if let s = signs[stem] { try once("sign display", stem); options.append(("signDisplay", s)) }
            else if let w = widths[stem] { try once("unit width", stem); options.append(("currencyDisplay", w)) }
            else if stem.hasPrefix("rounding-mode-"), let m = modes[String(stem.dropFirst("rounding-mode-".count))] {
                try once("rounding mode", stem)
                rounding = m
            } else if stem.hasPrefix("integer-width/+"), let zeros = Optional(stem.dropFirst("integer-width/+".count)),
                    !zeros.isEmpty, zeros.count < 100, zeros.allSatisfy({ $0 == "0" }) {
                try once("integer width", stem)
                options.append(("minimumIntegerDigits", String(zeros.count)))
            } else if stem.hasPrefix("@"), let (lo, hi) = significant(Substring(stem)) {
                try once("precision", stem)
                options.append(("minimumSignificantDigits", String(lo)))
                if let hi { options.append(("maximumSignificantDigits", String(hi))) }
            } else { throw refuse(stem) }
        }
        // `percent` alone shows 0.5 as 0.5%; MF2's :percent always multiplies by 100.
        guard percent == scaled else { throw refuse(percent ? "percent without scale/100" : "scale/100 without percent") }
        if percent {
            guard function == "number" else { throw refuse("percent with currency") }
            function = "percent"
        }
        if options.contains(where: { $0.0 == "currencyDisplay" }), function != "currency" { throw refuse("unit-width-* without currency") }
        let significantGiven = options.contains { $0.0 == "minimumSignificantDigits" }
        if function == "currency" {
            if let p = precision {
                guard p.min == p.max else { throw refuse("currency with a variable fraction") }
                options.append(("fractionDigits", String(p.max)))
            }
        } else if let p = precision { // not with significant digits: one precision (`once`)
            options += [("minimumFractionDigits", String(p.min)), ("maximumFractionDigits", String(p.max))]
        } else if !significantGiven, notation != "compact" {
            // A compact number without precision rounds as ICU rounds the notation.
            options.append(("maximumFractionDigits", "6"))
        }
        if let notation, notation != "standard" {
            options.append(("notation", notation))
            if notation == "compact" { options.append(("compactDisplay", stems.contains { $0 == "compact-long" || $0 == "KK" } ? "long" : "short")) }
        }
        options.append(("roundingMode", rounding))
        return (function, options)
    }

    /// `0…0#…#` after `.`: (minimum, maximum) fraction digits, below 100.
    static func fraction(_ s: Substring) -> (min: Int, max: Int)? {
        let zeros = s.prefix { $0 == "0" }.count
        let rest = s.dropFirst(zeros)
        guard rest.allSatisfy({ $0 == "#" }), s.count < 100 else { return nil }
        return (zeros, s.count)
    }

    /// `@…@#…#` or `@…@+`: (minimum, maximum or nil for unbounded) significant digits.
    static func significant(_ s: Substring) -> (Int, Int?)? {
        let at = s.prefix { $0 == "@" }.count
        let rest = s.dropFirst(at)
        guard at > 0, s.count < 100 else { return nil }
        if rest == "+" { return (at, nil) }
        guard rest.allSatisfy({ $0 == "#" }) else { return nil }
        return (at, s.count)
    }
}
