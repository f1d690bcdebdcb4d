import FoundationEssentials
import LokaleCore
import Testing
import TestSupport

/// MessageFormat 2 formatting: every test of the Unicode conformance suite through parse, data
/// model validation and `MF2.format`, with the suite's test functions registered from here.
struct MF2FormatTests {
    /// Passes of the whole suite at the last count; fewer is a regression.
    static let passFloor = 461

    struct Outcome {
        var text: String?
        var errors: [String]
        var parts: [JSONValue]?
    }

    static func run(src: String, locale: String, params: [String: MF2.Argument], bidi: MF2.BidiIsolation) -> Outcome {
        let message: MF2.Message
        do {
            message = try MF2.parse(src)
        } catch {
            return Outcome(text: nil, errors: ["syntax-error"], parts: nil)
        }
        let f = MF2.format(message, locale: locale, arguments: params, bidiIsolation: bidi, functions: MF2TestFunctions.registry)
        return Outcome(text: f.text, errors: f.errors.map(\.kind.rawValue), parts: f.parts.map(json))
    }

    /// A part as the suite's `expParts` write them.
    static func json(_ part: MF2.Part) -> JSONValue {
        switch part {
        case .text(let s): return .object(["type": .string("text"), "value": .string(s)])
        case .bidiIsolation(let s): return .object(["type": .string("bidiIsolation"), "value": .string(s)])
        case .fallback(let source): return .object(["type": .string("fallback"), "source": .string(source)])
        case .markup(let m):
            var o: [String: JSONValue] = ["type": .string("markup"), "kind": .string("\(m.kind)"), "name": .string(m.name)]
            if let id = m.id { o["id"] = .string(id) }
            if !m.options.isEmpty { o["options"] = .object(m.options.mapValues { .string($0) }) }
            return .object(o)
        case .value(let v):
            var o: [String: JSONValue] = ["type": .string(v.type), "source": .string(v.source), "value": .string(v.value), "locale": .string(v.locale)]
            if let dir = v.dir { o["dir"] = .string(dir.rawValue) }
            if let id = v.id { o["id"] = .string(id) }
            if let fields = v.fields { o["parts"] = .array(fields.map { .object(["type": .string($0.type), "value": .string($0.value)]) }) }
            return .object(o)
        }
    }

    /// Jest's toMatchObject, which the suite's parts are written for: every expected key is there
    /// with a matching value; arrays match element by element.
    static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.object(let e), .object(let a)): e.allSatisfy { k, v in a[k].map { matches(v, $0) } ?? false }
        case (.array(let e), .array(let a)): e.count == a.count && zip(e, a).allSatisfy(matches)
        default: expected == actual
        }
    }

    static func argument(_ param: JSONValue) -> MF2.Argument? {
        if param["type"]?.string == "datetime" { return param["value"]?.string.flatMap { MF2.Argument.date(iso8601: $0) } }
        switch param["value"] {
        case .string(let s)?: return .string(s)
        case .bool(let b)?: return .bool(b)
        case .number(let n)?: return n == n.rounded() && abs(n) < 9e15 ? .int(Int64(n)) : .double(n)
        default: return nil
        }
    }

    /// `make test-mf2 MF2_TESTS="FILE_OR_FOLDER …"`: other files in the suite's schema, run
    /// unchanged instead of the official suite (folders: every .json below them).
    static let chosenFiles: [String]? = ProcessInfo.processInfo.environment["MF2_TESTS"].flatMap { $0.isEmpty ? nil : $0 }.map { list in
        list.split(separator: " ").flatMap { item -> [String] in
            let path = String(item)
            // A folder lists its contents; anything else is read as a file.
            guard let below = try? FileManager.default.subpathsOfDirectory(atPath: path) else { return [path] }
            return below.filter { $0.hasSuffix(".json") }.sorted().map { path + "/" + $0 }
        }
    }

    @Test(.enabled(if: Fixtures.hasConformance || chosenFiles != nil, Conformance.skipReason))
    func conformanceSuiteFormatting() throws {
        let official = Self.chosenFiles == nil
        let root = official ? Conformance.path("mf2/tests") + "/" : ""
        var passed = 0, failed = 0, failures: [String] = []
        for path in Self.chosenFiles ?? Conformance.files(under: "mf2/tests", ext: "json") {
            let file = String(path.dropFirst(root.count))
            let suite = try JSONValue.read(path)
            let defaults = suite["defaultTestProperties"]?.object ?? [:]
            guard case .array(let tests)? = suite["tests"] else { Issue.record("\(file) has no tests"); continue }
            var filePassed = 0, fileFailed = 0
            for (i, test) in tests.enumerated() {
                func property(_ key: String) -> JSONValue? { test[key] ?? defaults[key] }
                let src = try #require(property("src")?.string, "\(file) #\(i) has no src")
                let locale = property("locale")?.string ?? "en-US"
                let bidi: MF2.BidiIsolation = property("bidiIsolation")?.string == "none" ? .none : .default
                var params: [String: MF2.Argument] = [:]
                if case .array(let list)? = property("params") {
                    for p in list { if let name = p["name"]?.string, let a = Self.argument(p) { params[name] = a } }
                }
                let got = Self.run(src: src, locale: locale, params: params, bidi: bidi)
                var wanted: [String] = []
                if case .array(let errors)? = property("expErrors") { wanted = errors.compactMap { $0["type"]?.string } }
                var problems: [String] = []
                if let exp = property("exp")?.string, exp != got.text { problems.append("text") }
                // In order: the suite lists errors as a lazy formatter meets them.
                if wanted != got.errors { problems.append("errors") }
                if let exp = property("expParts") {
                    if !(got.parts.map { Self.matches(exp, .array($0)) } ?? false) { problems.append("parts") }
                }
                if problems.isEmpty {
                    filePassed += 1
                } else {
                    fileFailed += 1
                    var line = "\(file) #\(i) [\(problems.joined(separator: ","))] src=\(src.debugDescription)"
                    if let exp = property("exp")?.string { line += " exp=\(exp.debugDescription)" }
                    line += " got=\((got.text ?? "nil").debugDescription) expErrors=\(wanted) gotErrors=\(got.errors)"
                    if problems.contains("parts"), let exp = property("expParts") { line += " expParts=\(exp) gotParts=\(got.parts ?? [])" }
                    failures.append(line)
                }
            }
            print("\(file): \(filePassed) passed, \(fileFailed) failed")
            passed += filePassed
            failed += fileFailed
        }
        for f in failures.prefix(official ? 30 : failures.count) { print("  FAIL " + f) }
        if official, failures.count > 30 { print("  … and \(failures.count - 30) more") }
        print("MF2 formatting conformance: \(passed) passed, \(failed) failed")
        #expect(passed + failed > 0)
        if official {
            #expect(passed >= Self.passFloor, "fewer tests pass than the recorded floor: \(passed) < \(Self.passFloor)")
        } else {
            #expect(failed == 0)
        }
    }

    // MARK: Beyond the suite

    static func text(_ src: String, _ locale: String = "en-US", _ args: [String: MF2.Argument] = [:], bidi: MF2.BidiIsolation = .none) -> String {
        MF2.format(source: src, locale: locale, arguments: args, bidiIsolation: bidi).text
    }

    @Test func pluralAndOrdinalSelectionFollowTheLocale() {
        let src = ".input {$n :number} .match $n 1 {{exactly one}} one {{one}} few {{few}} many {{many}} * {{other}}"
        #expect(Self.text(src, "pl", ["n": .int(1)]) == "exactly one")
        #expect(Self.text(src, "pl", ["n": .int(3)]) == "few")
        #expect(Self.text(src, "pl", ["n": .int(5)]) == "many")
        #expect(Self.text(src, "pl", ["n": .decimal("1.5")]) == "other")
        let ordinal = ".input {$n :integer select=ordinal} .match $n one {{st}} two {{nd}} few {{rd}} * {{th}}"
        #expect([1, 2, 3, 4, 11, 22].map { Self.text(ordinal, "en", ["n": .int($0)]) } == ["st", "nd", "rd", "th", "th", "nd"])
        // Visible fraction digits count: 1.0 is not `one` in English.
        #expect(Self.text(".input {$n :number minimumFractionDigits=1} .match $n one {{one}} * {{other}}", "en", ["n": .int(1)]) == "other")
    }

    @Test func numbersFollowTheLocaleAndOptions() {
        #expect(Self.text("{$n :number}", "de", ["n": .double(1234.5)]) == "1.234,5")
        #expect(Self.text("{$n :number useGrouping=never minimumIntegerDigits=6}", "en", ["n": .int(1234)]) == "001234")
        #expect(Self.text("{$n :number maximumSignificantDigits=2}", "en", ["n": .double(1234.5)]) == "1,200")
        #expect(Self.text("{$n :number signDisplay=exceptZero}", "en", ["n": .int(0)]) == "0")
        #expect(Self.text("{$n :number roundingMode=floor maximumFractionDigits=0}", "en", ["n": .double(2.9)]) == "2")
        #expect(Self.text("{$n :currency currency=JPY}", "ja", ["n": .int(1500)]) == "￥1,500")
        #expect(Self.text("{$n :currency currency=USD currencyDisplay=code trailingZeroDisplay=stripIfInteger}", "en", ["n": .int(5)]).contains("USD"))
        // A decimal given as text is formatted exactly, beyond a Double's precision.
        #expect(Self.text("{$n :number maximumFractionDigits=20}", "en", ["n": .decimal("0.12345678901234567891")]) == "0.12345678901234567891")
        #expect(Self.text("{$n :offset subtract=3}", "en", ["n": .decimal("-1.25")]) == "-4.25")
        #expect(Self.text("{$n :number roundingIncrement=5 maximumFractionDigits=2}", "en", ["n": .double(1.234)]) == "1.25")
        #expect(Self.text("{$n :number roundingPriority=morePrecision maximumFractionDigits=1 maximumSignificantDigits=2}", "en", ["n": .double(1.234)]) == "1.2")
        #expect(Self.text("{$n :currency currency=EUR currencySign=accounting}", "en", ["n": .int(-5)]) == "(€5.00)")
    }

    @Test func partsCarryNumberFieldsMarkupAndBidiIsolation() {
        let f = MF2.format(source: "{#b}{$n :number}{/b} {$name}", locale: "en", arguments: ["n": .int(-1234), "name": .string("Ada")])
        #expect(f.text == "-1,234 \u{2068}Ada\u{2069}")
        guard f.parts.count == 7, case .value(let n) = f.parts[1], case .value(let name) = f.parts[5] else {
            Issue.record("\(f.parts)")
            return
        }
        #expect(n.fields == [MF2.Field("minusSign", "-"), MF2.Field("integer", "1"), MF2.Field("group", ","), MF2.Field("integer", "234")])
        #expect(n.source == "$n" && name.source == "$name" && name.type == "string")
        #expect(f.parts[4] == .bidiIsolation("\u{2068}") && f.parts[6] == .bidiIsolation("\u{2069}"))
        // In a right-to-left message, a left-to-right number is isolated.
        #expect(Self.text("{$n :number}", "he", ["n": .int(5)], bidi: .default) == "\u{2067}5\u{2069}")
    }

    @Test func problemsNeverStopTheText() {
        let f = MF2.format(source: "Hi {$who}, {|x| :nope} {$n :number minimumFractionDigits=99x}", locale: "en", arguments: ["n": .int(2)], bidiIsolation: .none)
        #expect(f.text == "Hi {$who}, {|x|} 2")
        #expect(f.errors.map(\.kind) == [.unresolvedVariable, .unknownFunction, .badOption])
        let syntax = MF2.format(source: "{oops", locale: "en")
        #expect(syntax.text == "{\u{FFFD}}" && syntax.errors.map(\.kind) == [.syntaxError])
        let dataModel = MF2.format(source: ".input {$x :number} .match $x 1 {{one}}", locale: "en")
        #expect(dataModel.text == "{\u{FFFD}}" && dataModel.errors.map(\.kind) == [.missingFallbackVariant])
        // A key that is neither a number nor a category is reported; the others still match.
        let key = MF2.format(source: ".input {$n :number} .match $n few-ish {{a}} one {{b}} * {{c}}", locale: "en", arguments: ["n": .int(1)])
        #expect(key.text == "b" && key.errors.map(\.kind) == [.badVariantKey])
    }

    @Test func datesFromArgumentsAndLiterals() {
        let moment = MF2.Argument.date(iso8601: "2006-01-02T15:04:06Z")
        #expect(moment == .date(1_136_214_246, timeZone: nil))
        #expect(Self.text("{$d :date length=short}", "en-US", ["d": moment!]) == "1/2/06")
        #expect(Self.text("{$d :time precision=second}", "de", ["d": .date(1_136_214_246, timeZone: "Europe/Berlin")]) == "16:04:06")
        #expect(Self.text("{|2006-01-02T15:04:06+02:00| :time}", "en-GB") == "15:04")
        #expect(Self.text("{|2006-01-02T15:04:06| :time precision=hour}", "en-US") == "3\u{202F}PM")
        #expect(Self.text("{|2006-01-02T15:04:06| :datetime dateLength=short timePrecision=second}", "en-US") == "1/2/06, 3:04:06\u{202F}PM")
        #expect(Self.text("{$d :date}", "en", ["d": .bool(true)]) == "{$d}")
    }

    @Test func decimalArithmeticIsExact() {
        func d(_ s: String) -> MF2.Decimal { MF2.Decimal(parsing: s)! }
        #expect(d("0.42e+1").description == "4.2" && d("-4.20").description == "-4.2" && d("1e3").description == "1000")
        #expect(d("0.5").adding(-1).description == "-0.5" && d("-3").adding(3).description == "0" && d("999.99").adding(1).description == "1000.99")
        #expect(d("-4.7").truncated.description == "-4" && d("12e-1").truncated.description == "1")
        #expect(["01", "1.", ".1", "+1", "1e", "0x1", "1e9999"].allSatisfy { MF2.Decimal(parsing: $0) == nil })
    }
}

/// The suite's test-only functions (its README): `:test:function` formats and selects,
/// `:test:select` only selects, `:test:format` only formats.
enum MF2TestFunctions {
    static let registry: MF2.Functions = {
        var r = MF2.Functions.builtIn
        r["test:function"] = handler(formats: true, selects: true)
        r["test:select"] = handler(formats: false, selects: true)
        r["test:format"] = handler(formats: true, selects: false)
        return r
    }()

    struct Value: MF2.ResolvedValue {
        var number: MF2.Decimal
        var decimalPlaces: Int
        var failsFormat: Bool
        var failsSelect: Bool
        var formats: Bool
        var selects: Bool

        var type: String { "test" }
        var input: MF2.Input { .number(number) }
        var direction: MF2.Direction { .auto }

        func format() throws(MF2.FormatError) -> String {
            guard formats else { throw MF2.FormatError(.messageFunction, "not-formattable") }
            if failsFormat { throw MF2.FormatError(.badOption, "fails=format") }
            let x = number.doubleValue
            var s = x < 0 ? "-" : ""
            s += String(Int64(abs(x).rounded(.down)))
            if decimalPlaces == 1 { s += "." + String(Int64(((abs(x) - abs(x).rounded(.down)) * 10).rounded(.down))) }
            return s
        }

        func select(_ keys: [String], report: (MF2.FormatError) -> Void) throws(MF2.FormatError) -> [String]? {
            guard selects else { return nil }
            if failsSelect { throw MF2.FormatError(.badOption, "fails=select") }
            guard number.doubleValue == 1 else { return [] }
            // BetterThan prefers `1.0`.
            let accepted = decimalPlaces == 1 ? ["1.0", "1"] : ["1"]
            return accepted.filter(keys.contains)
        }
    }

    static func handler(formats: Bool, selects: Bool) -> MF2.FunctionHandler {
        { (call: inout MF2.FunctionCall) throws(MF2.FormatError) -> any MF2.ResolvedValue in
            var v: Value
            if let t = call.operand as? Value {
                v = Value(number: t.number, decimalPlaces: t.decimalPlaces, failsFormat: t.failsFormat, failsSelect: t.failsSelect,
                          formats: formats, selects: selects)
            } else {
                let number: MF2.Decimal?
                switch call.operand?.input {
                case .number(let d)?: number = d
                case .string(let s)?: number = MF2.Decimal(parsing: s)
                default: number = nil
                }
                guard let number else { throw MF2.FormatError(.badOperand, "not a number") }
                v = Value(number: number, decimalPlaces: 0, failsFormat: false, failsSelect: false, formats: formats, selects: selects)
            }
            if let o = call.options["decimalPlaces"] {
                guard let s = o.string, s == "0" || s == "1" else { throw MF2.FormatError(.badOption, "decimalPlaces") }
                v.decimalPlaces = Int(s)!
            }
            if let o = call.options["fails"] {
                switch o.string {
                case "always": (v.failsFormat, v.failsSelect) = (true, true)
                case "format": v.failsFormat = true
                case "select": v.failsSelect = true
                case "never": break
                default: call.report(.badOption, "fails")
                }
            }
            return v
        }
    }
}
