import LokaleCore

/// Flutter's placeholder types and formats (gen-l10n: `@key.placeholders.NAME.type`, `format`,
/// `optionalParameters`, `isCustomDateFormat`) as the MF2 function a bare `{NAME}` of the message
/// formats through, chosen so that the text is what ICU writes for that format: the NumberFormat
/// style or skeleton, the DateTimePatternGenerator skeleton or the pattern (docs/SOURCES.md,
/// "Flutter ARB", has the table; ARBTests compares every format with ICU itself).
enum ARBFormats {
    /// Why a placeholder cannot be honoured, and which of its fields says so (`type`, `format`,
    /// `optionalParameters`), for the error's place.
    struct Problem: Error {
        var field: String
        var message: String
    }

    static let numberTypes: Set<String> = ["int", "num", "double"]

    /// DateFormat's named skeletons that gen-l10n accepts (joined by `+` into one).
    static let dateSkeletons: Set<String> = [
        "d", "E", "EEEE", "LLL", "LLLL", "M", "Md", "MEd", "MMM", "MMMd", "MMMEd", "MMMM", "MMMMd", "MMMMEEEEd", "QQQ", "QQQQ",
        "y", "yM", "yMd", "yMEd", "yMMM", "yMMMd", "yMMMEd", "yMMMM", "yMMMMd", "yMMMMEEEEd", "yQQQ", "yQQQQ",
        "H", "Hm", "Hms", "j", "jm", "jms", "jmv", "jmz", "jv", "jz", "m", "ms", "s",
    ]

    /// NumberFormat's constructors gen-l10n accepts, with the optional parameters each takes.
    static let numberFormats: [String: Set<String>] = [
        "compact": [], "compactLong": [], "decimalPattern": [], "percentPattern": [], "scientificPattern": [],
        "decimalPatternDigits": ["decimalDigits"], "decimalPercentPattern": ["decimalDigits"],
        "compactCurrency": ["name", "symbol", "decimalDigits"], "compactSimpleCurrency": ["name", "decimalDigits"],
        "currency": ["name", "symbol", "decimalDigits", "customPattern"], "simpleCurrency": ["name", "decimalDigits"],
    ]

    /// ICU's default NumberFormat (`{n, number}`): half-even, the pattern's grouping.
    static let decimal: [(String, String)] = [("roundingMode", "halfEven"), ("useGrouping", "always")]

    /// The function of a bare `{name}` for `a` in `locale` (whose currency a currency format without
    /// `name` shows, as gen-l10n passes the locale to NumberFormat); nil when the argument reads as
    /// ICU reads a bare one (a string, an object, a date used only in `{d, date, …}`).
    static func function(_ a: DeclaredArgument, locale: String) throws(Problem) -> MF2.Function? {
        let type = a.type ?? "Object"
        if numberTypes.contains(type) { return try number(a, locale: locale) }
        if type == "DateTime" { return try date(a) }
        if let f = a.format {
            throw Problem(field: "format", message: "placeholder '\(a.name)' has the format '\(f)' but its type '\(type)' takes none "
                          + "(formats are for int, num, double and DateTime)")
        }
        return nil
    }

    /// The functions of `source`'s bare arguments in `locale`, as compiling gives them (the
    /// placeholders Lokale cannot honour left out: compiling refused those already), for tools
    /// that read a message again (XLIFF import, pseudo-localization).
    static func functions(for source: String, arguments: [DeclaredArgument], locale: String, quoting: ICUMessageFormat.Quoting) -> [String: MF2.Function] {
        let uses = (try? ICUMessageFormat.arguments(in: source, quoting: quoting)) ?? []
        var formats: [String: MF2.Function] = [:]
        for a in arguments { if let f = try? function(inferred(a, uses: uses), locale: locale) { formats[a.name] = f } }
        inferNumbers(in: uses, declared: arguments, into: &formats)
        return formats
    }

    /// `a` with the type gen-l10n infers when it declares none: `num` for what a plural counts,
    /// `String` for what a select chooses on (so `{"format": "compact"}` on a plural's count applies).
    static func inferred(_ a: DeclaredArgument, uses: [ICUMessageFormat.ArgumentUse]) -> DeclaredArgument {
        guard a.type == nil else { return a }
        var a = a
        let kinds = Set(uses.filter { $0.name == a.name }.compactMap(\.type))
        if kinds.contains("plural") || kinds.contains("selectordinal") { a.type = "num" } else if kinds.contains("select") { a.type = "String" }
        return a
    }

    /// As gen-l10n infers it, an argument without a declared type that a plural counts is a number.
    static func inferNumbers(in uses: [ICUMessageFormat.ArgumentUse], declared: [DeclaredArgument], into formats: inout [String: MF2.Function]) {
        for u in uses where (u.type == "plural" || u.type == "selectordinal") && formats[u.name] == nil
            && !declared.contains(where: { $0.name == u.name && $0.type != nil }) {
            formats[u.name] = call("number", decimal)
        }
    }

    static func call(_ name: String, _ options: [(String, String)]) -> MF2.Function {
        ICUMessageFormat.function(name, options)
    }

    static func number(_ a: DeclaredArgument, locale: String) throws(Problem) -> MF2.Function {
        // A number without a format is ICU's number argument, as `{n}` given a number formats in ICU.
        guard let format = a.format else { return call("number", decimal) }
        guard let allowed = numberFormats[format] else {
            throw Problem(field: "format", message: "placeholder '\(a.name)' has the format '\(format)', which is not one of NumberFormat's "
                          + "(\(numberFormats.keys.sorted().joined(separator: ", ")))")
        }
        for p in a.parameters.keys.sorted() where !allowed.contains(p) {
            throw Problem(field: "optionalParameters", message: "placeholder '\(a.name)' (format '\(format)') has the optional parameter '\(p)', "
                          + (allowed.isEmpty ? "but the format takes none" : "which it does not take (\(allowed.sorted().joined(separator: ", ")))"))
        }
        if a.parameters["symbol"] != nil {
            throw Problem(field: "optionalParameters", message: "placeholder '\(a.name)' (format '\(format)'): Lokale cannot show a currency "
                          + "symbol of its own ('symbol'); leave it out to show ICU's symbol or code for the currency")
        }
        if a.parameters["customPattern"] != nil {
            throw Problem(field: "optionalParameters", message: "placeholder '\(a.name)' (format '\(format)'): Lokale does not read DecimalFormat "
                          + "patterns ('customPattern'); use the format's other parameters")
        }
        var digits: String?
        if let d = a.parameters["decimalDigits"] {
            guard let n = Int(d), n >= 0, n < 100 else {
                throw Problem(field: "optionalParameters", message: "placeholder '\(a.name)': 'decimalDigits' must be a whole number from 0 to 99, not \(d)")
            }
            digits = String(n)
        }
        func currency() throws(Problem) -> String {
            if let name = a.parameters["name"] {
                guard name.utf8.count == 3, name.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }) else {
                    throw Problem(field: "optionalParameters", message: "placeholder '\(a.name)': 'name' must be an ISO 4217 currency code (USD), not \(name)")
                }
                return name.uppercased()
            }
            guard let code = MF2.currency(forLocale: locale) else {
                throw Problem(field: "format", message: "placeholder '\(a.name)' (format '\(format)'): ICU knows no currency for '\(locale)'; "
                              + "give one in optionalParameters (\"name\": \"EUR\")")
            }
            return code
        }
        let fixed = digits.map { [("minimumFractionDigits", $0), ("maximumFractionDigits", $0)] } ?? []
        switch format {
        case "compact", "compactLong":
            return call("number", [("notation", "compact"), ("compactDisplay", format == "compact" ? "short" : "long"), ("roundingMode", "halfEven")])
        case "decimalPattern": return call("number", decimal)
        case "decimalPatternDigits": return call("number", fixed + decimal)
        case "percentPattern": return call("percent", decimal)
        case "decimalPercentPattern": return call("percent", fixed + decimal)
        // ICU's scientific NumberFormat (`#E0`) shows every digit of the number.
        case "scientificPattern": return call("number", [("notation", "scientific"), ("maximumFractionDigits", "99"), ("roundingMode", "halfEven")])
        default:
            // currency and compactCurrency name the currency by its code, as Dart does; the "simple"
            // ones by its narrow symbol ($ rather than US$).
            let display = format.lowercased().contains("simple") ? "narrowSymbol" : "code"
            var options = [("currency", try currency()), ("currencyDisplay", display)]
            if let digits { options.append(("fractionDigits", digits)) }
            if format.hasPrefix("compact") { options += [("notation", "compact"), ("compactDisplay", "short")] }
            options.append(("roundingMode", "halfEven"))
            if !format.hasPrefix("compact") { options.append(("useGrouping", "always")) }
            return call("currency", options)
        }
    }

    /// Nil for a date without a format: gen-l10n refuses one used as a bare `{name}`, which the
    /// reader checks where it sees the message.
    static func date(_ a: DeclaredArgument) throws(Problem) -> MF2.Function? {
        guard let format = a.format else { return nil }
        if !a.parameters.isEmpty {
            throw Problem(field: "optionalParameters", message: "placeholder '\(a.name)': a DateTime format takes no optional parameters")
        }
        if a.isCustomDateFormat {
            return call("datetime", [("lokale:pattern", format)])
        }
        let parts = format.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        for p in parts where !dateSkeletons.contains(p) {
            throw Problem(field: "format", message: "placeholder '\(a.name)' has the date format '\(p)', which is not one of DateFormat's "
                          + "skeletons (yMd, yMMMd, jm, …; join several with +) — a pattern needs \"isCustomDateFormat\": \"true\"")
        }
        // Joined skeletons are one skeleton: ICU's pattern for all the fields at once.
        return call("datetime", [("lokale:skeleton", parts.joined())])
    }
}
