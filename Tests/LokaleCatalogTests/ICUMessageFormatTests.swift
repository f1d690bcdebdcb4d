import CICU
import LokaleCore
import Testing

/// ICU MessageFormat read into MF2 (`ICUMessageFormat.parse`): hand cases, and a differential test
/// against ICU4C 72 itself (`umsg_open` + `umsg_format` through `lk_umsg_format`).
struct ICUMessageFormatTests {
    /// `pattern` parsed, checked and formatted without bidi isolation (ICU adds none).
    static func format(_ pattern: String, _ arguments: [String: MF2.Argument], locale: String = "en") throws -> String {
        let message = try ICUMessageFormat.parse(pattern)
        #expect(message.dataModelErrors.isEmpty, "\(pattern): \(message.dataModelErrors)")
        let f = MF2.format(message, locale: locale, arguments: arguments, bidiIsolation: .none)
        #expect(f.errors.isEmpty, "\(pattern) \(arguments): \(f.errors)")
        return f.text
    }

    static func syntaxError(_ pattern: String) -> ICUMessageFormat.SyntaxError? {
        do { _ = try ICUMessageFormat.parse(pattern); return nil } catch { return error }
    }

    @Test func apostrophes() throws {
        #expect(try Self.format("it''s '{0}' {0}", ["_0": .string("a")]) == "it's {0} a")
        #expect(try Self.format("'{0}", [:]) == "{0}")  // an unclosed quote runs to the end
        #expect(try Self.format("x'{0}'y'", [:]) == "x{0}y'")
        #expect(try Self.format("'''{0}'''", [:]) == "'{0}'")
        #expect(try Self.format("a'b '' a } b", [:]) == "a'b ' a } b")
        #expect(try Self.format("{n, plural, other{'#' #'}'}}", ["n": .int(3)]) == "# 3}")
        // In a select, `#` is text and an apostrophe before it is too.
        #expect(try Self.format("{g, select, a{A '#' #} other{O}}", ["g": .string("a")]) == "A '#' #")
    }

    @Test func argumentsAndNames() throws {
        #expect(try Self.format("{ name } and {0}", ["name": .string("Ana"), "_0": .string("Léa")]) == "Ana and Léa")
        #expect(ICUMessageFormat.variableName("0") == "_0")
        #expect(ICUMessageFormat.variableName("1a") == "_1a")
        #expect(Self.syntaxError("{01}")?.position.column == 2)
        #expect(Self.syntaxError("{a b}") != nil)
        #expect(Self.syntaxError("{a, select, x{y}}")?.expected.contains("other") == true)
        #expect(Self.syntaxError("hello\n{a, plural, one{x} other{y}")?.position.line == 2)
        #expect(Self.syntaxError("{a, plural, other{x}")?.expected.contains("}") == true)
        #expect(Self.syntaxError("a\u{0}b")?.position.column == 2)
    }

    @Test func pluralOffsetAndExactKeys() throws {
        let p = "{n, plural, offset:1 =0{nobody} =1{only {who}} one{{who} and # other} other{{who} and # others}}"
        #expect(try Self.format(p, ["n": .int(0), "who": .string("Ana")]) == "nobody")
        #expect(try Self.format(p, ["n": .int(1), "who": .string("Ana")]) == "only Ana")
        #expect(try Self.format(p, ["n": .int(2), "who": .string("Ana")]) == "Ana and 1 other")
        #expect(try Self.format(p, ["n": .int(3), "who": .string("Ana")]) == "Ana and 2 others")
        // `=N` beats a category wherever it is written; the first of duplicates wins.
        #expect(try Self.format("{n, plural, one{x} other{y} =1{z}}", ["n": .int(1)]) == "z")
        #expect(try Self.format("{n, plural, one{x} one{y} other{o}}", ["n": .int(1)]) == "x")
        #expect(try Self.format("{n, plural, =1.0{x} other{o}}", ["n": .double(1)]) == "x")
        #expect(try Self.format("{n, selectordinal, one{#st} two{#nd} few{#rd} other{#th}}", ["n": .int(22)]) == "22nd")
        #expect(try Self.format("{n, plural, one{# jour} other{# jours}}", ["n": .double(1.5)], locale: "fr") == "1,5 jour")
    }

    @Test func nestingFlattensToOneMatch() throws {
        let p = "{g, select, female{{n, plural, one{she has # cat} other{she has # cats}}} other{{n, plural, =0{none} other{they have #}}}}"
        guard case .select(let m) = try ICUMessageFormat.parse(p) else { Issue.record("no .match"); return }
        #expect(m.selectors.count == 3)
        #expect(m.variants.count == 4)
        #expect(try Self.format(p, ["g": .string("female"), "n": .int(1)]) == "she has 1 cat")
        #expect(try Self.format(p, ["g": .string("male"), "n": .int(0)]) == "none")
        #expect(try Self.format(p, ["g": .string("male"), "n": .int(1234)]) == "they have 1,234")
        // The flattened message is ordinary MF2: it serializes and parses back to itself.
        let message = try ICUMessageFormat.parse(p)
        #expect(try MF2.parse(MF2.serialize(message)) == message)
        // Text before and inside a variant joins; a key MF2 must quote is recorded as quoted.
        for p in ["It''s '{0}' and {0, plural, other{'#' is #}}", "{g, select, a€{x} b\u{3000}c{y} other{z}}"] {
            let m = try ICUMessageFormat.parse(p)
            #expect(try MF2.parse(MF2.serialize(m)) == m, "\(MF2.serialize(m))")
        }
    }

    @Test func numbersAndRefusals() throws {
        #expect(try Self.format("{n, number}", ["n": .int(1000)], locale: "pl") == "1\u{A0}000")
        #expect(try Self.format("{n, number, integer}", ["n": .double(2.5)]) == "2")
        #expect(try Self.format("{n, number, percent}", ["n": .double(0.505)]) == "50%")
        #expect(try Self.format("{n, number, ::currency/EUR}", ["n": .double(1.5)]) == "€1.50")
        #expect(try Self.format("{n, number, ::group-off}", ["n": .double(12345.1234567)]) == "12345.123457")
        #expect(Self.syntaxError("{n, number, currency}")?.expected.contains("::currency/XXX") == true)
        #expect(Self.syntaxError("{n, number, ::percent}") != nil)  // ICU shows 0.5 as 0.5%; MF2's :percent scales
        #expect(Self.syntaxError("{n, number, #,##0.00}") != nil)
        #expect(Self.syntaxError("{n, choice, 0#a|1#b}") != nil)
        #expect(Self.syntaxError("{n, spellout}") != nil)
        #expect(Self.syntaxError("{n, plural, offset:1.5 other{x}}") != nil)
        // A skeleton that gives a setting twice is refused, as ICU refuses it (its MF2 options
        // would name an option twice: not a valid message).
        for skeleton in ["group-off group-off", ".0 .0", ".0 precision-integer", "sign-always sign-never",
                         "currency/EUR currency/USD", "percent scale/100 percent scale/100", "rounding-mode-up rounding-mode-up",
                         "integer-width/+00 integer-width/+0", "unit-width-narrow currency/EUR unit-width-short"] {
            let pattern = "{0, number, ::\(skeleton)}"
            #expect(Self.syntaxError(pattern)?.found.contains("twice") == true, "\(skeleton)")
            #expect(Self.icu(pattern, "en", [.double], [(1.5, "")]) == nil, "ICU accepts \(skeleton)")
        }
    }

    @Test func formatsQuotingAndArgumentPositions() throws {
        // A caller's function for a bare argument (an ARB placeholder's type or format); an
        // argument with its own ICU type keeps it.
        let compact = MF2.Function(MF2.Identifier("number"), options: [
            MF2.Option(MF2.Identifier("notation"), .literal(MF2.Literal("compact")), position: MF2.Position(offset: 0, line: 1, column: 1))])
        let m = try ICUMessageFormat.parse("{n} / {n, number}", formats: ["n": compact])
        #expect(MF2.format(m, locale: "en", arguments: ["n": .int(1_234_567)], bidiIsolation: .none).text == "1.2M / 1,234,567")
        // gen-l10n without use-escaping: apostrophes are text, `'{name}'` shows the name quoted.
        let literal = try ICUMessageFormat.parse("Delete '{name}'? It''s gone.", quoting: .none)
        #expect(MF2.format(literal, locale: "en", arguments: ["name": .string("a.txt")], bidiIsolation: .none).text == "Delete 'a.txt'? It''s gone.")
        #expect(try Self.format("Delete '{name}'? It''s gone.", ["name": .string("a.txt")]) == "Delete {name}? It's gone.")
        // Every use of an argument with its `{`, nested ones included; quoted braces are text.
        let uses = try ICUMessageFormat.arguments(in: "'{x}' {a}\n{n, plural, one{{b} #} other{{c, number}}}")
        #expect(uses.map(\.name) == ["a", "n", "b", "c"])
        #expect(uses.map(\.position.column) == [7, 1, 17, 30], "\(uses)")
        #expect(uses[1].position.line == 2 && uses[0].position.offset == 6)
    }

    @Test func rewritingTextKeepsEverythingElse() throws {
        let patterns = ["It''s '{0}' and {0, plural, offset:1 =0{none} one{'#' is #} other{{who} and # others}}!",
                        "{g, select, female{{n, selectordinal, one{#st} other{#th}}} other{x {d, date, ::yMMMd} y}}",
                        "'{' unclosed {a} text '", "a}b", ""]
        for p in patterns {
            #expect(try ICUMessageFormat.rewritingText(p, text: { $0 }, message: { body, _, _ in body }) == p)
        }
        var shown: [String] = []
        let upper = try ICUMessageFormat.rewritingText(patterns[0], text: { $0.uppercased() }, message: { body, text, isPattern in
            shown.append(text)
            return isPattern ? "<" + body + ">" : body + "."
        })
        #expect(upper == "<IT''S '{0}' AND {0, plural, offset:1 =0{NONE.} one{'#' IS #.} other{{who} AND # OTHERS.}}!>")
        #expect(shown == ["none", "# is ", " and  others", "It's {0} and !"])
        #expect(try MF2.format(ICUMessageFormat.parse(upper), locale: "en", arguments: ["_0": .int(3), "who": .string("Ana")],
                               bidiIsolation: .none).text == "<IT'S {0} AND Ana AND 2 OTHERS.!>")
    }

    /// The differences docs/MESSAGEFORMAT.md lists, pinned so that a change is seen.
    @Test func documentedDifferences() throws {
        let m = try ICUMessageFormat.parse("{0} and {1, number}")
        let isolated = MF2.format(m, locale: "en", arguments: ["_0": .string("a"), "_1": .int(2)])
        #expect(isolated.text == "\u{2068}a\u{2069} and 2")  // a string's direction is unknown; a number's is the locale's
        // A bare placeholder of a number is MF2's default :number (Polish min2 grouping); `number` is ICU's.
        let pl = MF2.format(m, locale: "pl", arguments: ["_0": .int(1000), "_1": .int(1000)], bidiIsolation: .none)
        #expect(pl.text == "1000 and 1\u{A0}000")
        let missing = MF2.format(m, locale: "en", arguments: ["_1": .int(2)], bidiIsolation: .none)
        #expect(missing.text == "{$_0} and 2" && missing.errors.map(\.kind) == [.unresolvedVariable])
        let plural = try ICUMessageFormat.parse("{n, plural, one{one} other{#}}")
        let s = MF2.format(plural, locale: "en", arguments: ["n": .string("x")], bidiIsolation: .none)
        #expect(s.errors.contains { $0.kind == .badOperand })
        let select = try ICUMessageFormat.parse("{g, select, 3{three} other{other}}")
        #expect(MF2.format(select, locale: "en", arguments: ["g": .int(3)], bidiIsolation: .none).text == "three")
    }

    // MARK: Differential test against ICU4C

    enum Kind: Character { case double = "d", int = "i", string = "s", date = "t" }

    static let numbers: [Double] = Array(0...30).map(Double.init) + [100, 101, 1000, 1234567, -1, -5, 1.5, 2.25, 0.5, 21.0, 1000000.125, 0.0005, 3.14159]
    static let integers: [Double] = [0, 1, 2, 5, 11, 22, 101, 1000, 1234567, -1, -42]
    static let strings = ["female", "male", "a", "x"]
    static let dates: [Double] = [0, 1_136_214_245_000, 1_767_225_599_000]
    static let locales = ["en", "fr", "ru", "pl", "ar", "ja", "de", "cy"]

    /// Patterns with their arguments' kinds ({0}, {1}, …).
    static let patterns: [(String, [Kind])] = [
        ("{0, plural, one{# item} other{# items}}", [.double]),
        ("{0, plural, =0{none} one{just one} other{# of them}}", [.double]),
        ("{0, plural, zero{z #} one{o #} two{t #} few{f #} many{m #} other{x #}}", [.double]),
        ("{0, plural, offset:1 =0{nobody} =1{only {1}} one{{1} and # other} other{{1} and # others}}", [.double, .string]),
        ("{0, plural, offset:2 =2{two} zero{z #} one{o #} two{t #} few{f #} many{m #} other{x #}}", [.double]),
        ("{0, selectordinal, one{#st} two{#nd} few{#rd} other{#th}}", [.double]),
        ("{0, selectordinal, offset:1 =1{first} zero{z#} one{o#} two{t#} few{f#} many{m#} other{x#}}", [.double]),
        ("{0, number}", [.double]), ("{0, number, integer}", [.int]), ("{0, number, percent}", [.double]),
        ("{0, number, ::currency/EUR}", [.double]), ("{0, number, ::currency/JPY unit-width-iso-code}", [.double]),
        ("{0, number, ::.00}", [.double]), ("{0, number, ::percent scale/100 .0}", [.double]),
        ("{0, number, ::group-off}", [.double]), ("{0, number, ::sign-always precision-integer}", [.double]),
        ("{0, number, ::@@@}", [.double]), ("{0, number, ::integer-width/+000 .0#}", [.double]),
        ("It''s '{0}' and {0, plural, other{'#' is #}}", [.double]),
        ("'{'{0, number}'}' don't {0, plural, one{'#'1} other{#''s '}'}}", [.double]),
        ("{1, select, female{{0, plural, one{she has # cat} other{she has # cats}}} male{{0, plural, one{he has # cat} other{he has # cats}}} other{{0, plural, =0{they have none} other{they have #}}}}", [.double, .string]),
        ("{0, plural, one{# file} other{# files}} in {0, selectordinal, one{#st} two{#nd} few{#rd} other{#th}} folder", [.double]),
        ("{0, plural, other{{1, select, a{# a} other{{0, plural, offset:1 one{# one} other{# more}}}}}}", [.double, .string]),
        ("{1, select, a{A} x{X {0, number, integer}} other{O}}!", [.int, .string]),
        ("{0, date, short} {0, date} {0, date, long} / {0, date, full}", [.date]),
        ("{0, time, short} {0, time} {0, time, long}", [.date]),
        // Notations (MF2's `notation`, `compactDisplay`), date skeletons and patterns (Lokale's
        // private `lokale:skeleton` and `lokale:pattern` of :datetime).
        ("{0, number, ::compact-short}", [.double]), ("{0, number, ::compact-long}", [.double]),
        ("{0, number, ::scientific}", [.double]), ("{0, number, ::engineering .00}", [.double]),
        ("{0, number, ::compact-short currency/EUR}", [.double]), ("{0, number, ::K .0 group-off}", [.double]),
        ("{0, plural, one{# {0, number, ::compact-short} item} other{{0, number, ::compact-long} items}}", [.double]),
        ("{0, date, ::yMMMd} {0, date, ::jmv} {0, time, ::Hms} {0, date, ::QQQQ y}", [.date]),
        ("{0, date, ::yMMMMEEEEd} | {0, date, ::LLLL} | {0, time, ::jmz}", [.date]),
        ("{0, date,yyyy-MM-dd 'at' HH:mm} {0, time, EEEE, h:mm a } {0, date, ''d''MMM}", [.date]),
    ]

    /// Generated: plural and selectordinal × offsets × key sets (exact keys, categories), each
    /// variant showing `#` and a quoted `{…}` or `'#'`, the number also nested under a select.
    static let generated: [(String, [Kind])] = {
        let keySets = [["=0"], ["one"], ["=1", "one"], ["=0", "=1", "=2"], ["zero", "two", "few", "many"],
                       ["=5", "one", "few"], ["=-1", "=1.5", "other"], ["one", "two", "few", "many", "=3"]]
        var out: [(String, [Kind])] = []
        for type in ["plural", "selectordinal"] {
            for offset in [0, 1, 3] {
                for (k, keys) in keySets.enumerated() {
                    let variants = keys.map { "\($0){\($0) '{'#'}' ''#''}" }.joined(separator: " ")
                    let head = offset == 0 ? "" : "offset:\(offset) "
                    let inner = "{0, \(type), \(head)\(variants) other{o '#'=#}}"
                    out.append((k % 2 == 0 ? inner : "{1, select, a{A:\(inner)} other{\(inner)!}}", k % 2 == 0 ? [.double] : [.double, .string]))
                }
            }
        }
        return out
    }()

    static func values(_ kind: Kind) -> [(Double, String)] {
        switch kind {
        case .double: numbers.map { ($0, "") }
        case .int: integers.map { ($0, "") }
        case .date: dates.map { ($0, "") }
        case .string: strings.map { (0, $0) }
        }
    }

    static func icu(_ pattern: String, _ locale: String, _ kinds: [Kind], _ args: [(Double, String)]) -> String? {
        let numbers = args.map(\.0)
        var out = [CChar](repeating: 0, count: 4096)
        let strdup: [UnsafeMutablePointer<CChar>?] = args.map { strdupC($0.1) }
        defer { strdup.forEach { free($0) } }
        let n = strdup.map { UnsafePointer($0) }.withUnsafeBufferPointer { strings in
            lk_umsg_format(pattern, locale, String(kinds.map(\.rawValue)), numbers, strings.baseAddress, &out, 4096)
        }
        guard n >= 0 else { return nil }
        return String(decoding: out[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func strdupC(_ s: String) -> UnsafeMutablePointer<CChar>? {
        let bytes = Array(s.utf8CString)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        p.initialize(from: bytes, count: bytes.count)
        return p
    }

    static func free(_ p: UnsafeMutablePointer<CChar>?) { p?.deallocate() }

    static func argument(_ kind: Kind, _ value: (Double, String)) -> MF2.Argument {
        switch kind {
        case .double: .double(value.0)
        case .int: .int(Int64(value.0))
        case .date: .date(value.0 / 1000, timeZone: nil)
        case .string: .string(value.1)
        }
    }

    @Test func agreesWithICU4C() throws {
        var compared = 0, agree = 0
        var disagreements: [String] = []
        var outputs = Set<String>()
        for (pattern, kinds) in Self.patterns + Self.generated {
            let message = try ICUMessageFormat.parse(pattern)
            #expect(message.dataModelErrors.isEmpty, "\(pattern)")
            var combos: [[(Double, String)]] = [[]]
            for kind in kinds { combos = combos.flatMap { c in Self.values(kind).map { c + [$0] } } }
            for locale in Self.locales {
                for args in combos {
                    guard let expected = Self.icu(pattern, locale, kinds, args) else {
                        Issue.record("ICU refused \(pattern) in \(locale)")
                        continue
                    }
                    var arguments: [String: MF2.Argument] = [:]
                    for (k, kind) in kinds.enumerated() { arguments["_\(k)"] = Self.argument(kind, args[k]) }
                    let f = MF2.format(message, locale: locale, arguments: arguments, bidiIsolation: .none)
                    compared += 1
                    outputs.insert(expected)
                    if f.text == expected && f.errors.isEmpty {
                        agree += 1
                    } else if disagreements.count < 40 {
                        disagreements.append("\(locale) \(pattern) \(args.map { $0.1.isEmpty ? "\($0.0)" : $0.1 }): ICU «\(expected)» Lokale «\(f.text)» \(f.errors)")
                    }
                }
            }
        }
        print("ICU MessageFormat differential: \(Self.patterns.count + Self.generated.count) patterns, \(compared) (pattern × arguments × locale) compared with umsg_format, \(agree) agree, \(outputs.count) distinct outputs")
        for d in disagreements { print("  DIFF " + d) }
        #expect(outputs.count > 1000)  // the oracle answers, and not all alike
        #expect(compared > 0 && agree == compared)
    }
}
