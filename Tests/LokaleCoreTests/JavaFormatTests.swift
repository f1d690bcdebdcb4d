import CTable
import LokaleCatalog
@testable import LokaleCore
import TestSupport
import Testing

/// Java's `Formatter` specifiers (`FormatSyntax.java`, Android string resources): the parser's
/// segments, and a compiled table on disk whose keys are `.java`, formatted through the Swift
/// renderer and C's `lk_plan_format` with the same answers, in en, fr, de, ar and hi. The expected
/// texts are what `String.format(Locale.forLanguageTag(tag), …)` printed with OpenJDK 17
/// (JavaDifferentialTests compares with a live JDK over many more patterns).
@Suite struct JavaFormatTests {
    typealias Flag = FormatSegment.Flag

    /// pattern → the specifiers' (conversion, argument, flags besides `java`, width, precision, modifier).
    static let parses: [(String, [(Character, Int, UInt32, Int?, Int?, FormatSegment.LengthModifier)])] = [
        ("Hello, %1$s! You have %2$d new messages.", [("@", 1, 0, nil, nil, .none), ("d", 2, 0, nil, nil, .ll)]),
        ("%s %S %c %C", [("@", 1, 0, nil, nil, .none), ("@", 2, Flag.uppercase, nil, nil, .none),
                         ("c", 3, 0, nil, nil, .none), ("c", 4, Flag.uppercase, nil, nil, .none)]),
        ("%x %X %o %#x", [("x", 1, 0, nil, nil, .ll), ("X", 2, 0, nil, nil, .ll), ("o", 3, 0, nil, nil, .ll), ("x", 4, Flag.alternate, nil, nil, .ll)]),
        ("%f %e %E %g %G %a %A", [("f", 1, 0, nil, nil, .none), ("e", 2, 0, nil, nil, .none), ("E", 3, 0, nil, nil, .none),
                                  ("g", 4, 0, nil, nil, .none), ("G", 5, 0, nil, nil, .none), ("a", 6, 0, nil, nil, .none), ("A", 7, 0, nil, nil, .none)]),
        ("%-10s|%.2f|%10.3s|%-5d", [("@", 1, Flag.leftAlign, 10, nil, .none), ("f", 2, 0, nil, 2, .none),
                                    ("@", 3, 0, 10, 3, .none), ("d", 4, Flag.leftAlign, 5, nil, .ll)]),
        ("%+,d %(,.2f % d %08.2f", [("d", 1, Flag.plus | Flag.grouping, nil, nil, .ll), ("f", 2, Flag.parentheses | Flag.grouping, nil, 2, .none),
                                    ("d", 3, Flag.space, nil, nil, .ll), ("f", 4, Flag.zeroPad, 8, 2, .none)]),
        // Java's ordinary index counts apart from explicit ones; '<' reuses the previous argument.
        ("%2$s %s %<s %s %n", [("@", 2, 0, nil, nil, .none), ("@", 1, 0, nil, nil, .none), ("@", 1, 0, nil, nil, .none),
                               ("@", 2, 0, nil, nil, .none), ("n", 0, 0, nil, nil, .none)]),
    ]

    @Test func parsesJavaSpecifiersIntoSegments() {
        for (pattern, expected) in Self.parses {
            let p = FormatParser.parse(pattern, syntax: .java)
            #expect(p.problems.isEmpty, "\(pattern): \(p.problems)")
            let specs = p.segments.filter { $0.kind == .specifier }
            #expect(specs.count == expected.count, "\(pattern)")
            for (seg, e) in zip(specs, expected) {
                let width: Int? = if case .fixed(let w) = seg.width { w } else { nil }
                let precision: Int? = if case .fixed(let v) = seg.precision { v } else { nil }
                #expect(Character(Unicode.Scalar(seg.conversion)) == e.0 && seg.argument == e.1 && seg.flags == Flag.java | e.2
                        && width == e.3 && precision == e.4 && seg.lengthModifier == e.5, "\(pattern): \(seg)")
            }
        }
        let percent = FormatParser.parse("100%% sure", syntax: .java)
        #expect(percent.problems.isEmpty && !percent.hasSpecifiers)
        #expect(FormatParser.parse("%2$s %s", syntax: .java).mixesNumbering)
        #expect(FormatParser.parse("%1$s %2$d", syntax: .java).signature == [1: .object, 2: .integer])
    }

    /// What Java refuses (it throws) and what Lokale refuses (it does not support), each a problem.
    static let refused: [(String, String)] = [
        ("%ld", "Java has no length modifiers"), ("%lld", "Java has no length modifiers"), ("%hd", "Java has no length modifiers"),
        ("%@", "unknown conversion '@'"), ("%#@files@", "unknown conversion '@'"), ("%b", "%b (boolean) is not supported by Lokale"),
        ("%h", "%h (hash code) is not supported by Lokale"), ("%tY", "date and time) are not supported by Lokale"),
        ("%5%", "not supported by Lokale"), ("%i", "unknown conversion '%i'"), ("%u", "unknown conversion '%u'"), ("%F", "unknown conversion '%F'"),
        ("%0$s", "out of range"), ("%<s", "no previous argument"), ("%.2d", "precision does not apply"), ("%#d", "flag # does not apply"),
        ("%,x", "flag , does not apply"), ("%+x", "not supported by Lokale"), ("%-d", "needs a width"), ("%+ d", "exclude each other"),
        ("%-08d", "exclude each other"), ("%00d", "given twice"), ("%+s", "flag + does not apply"), ("%#s", "Formattable"),
        ("%.2c", "precision does not apply"), ("%(a", "flag ( does not apply"), ("%#g", "flag # does not apply"), ("%,e", "flag , does not apply"),
        ("%1$n", "%n takes no"), ("%*d", "unknown conversion '%*'"), ("%.f", "digits after '.'"), ("50%", "incomplete"),
    ]

    @Test func refusesWhatJavaOrLokaleRefuses() {
        for (pattern, problem) in Self.refused {
            let p = FormatParser.parse(pattern, syntax: .java)
            #expect(p.problems.count == 1 && p.problems[0].contains(problem), "\(pattern): \(p.problems)")
            // The malformed text stays visible and reads no argument.
            #expect(!p.hasSpecifiers && p.signature.isEmpty, "\(pattern)")
        }
        // Apple's syntax is unchanged: %n is never allowed there, %ld is a long.
        #expect(FormatParser.parse("%n").problems.first?.contains("%n is never allowed") == true)
        #expect(FormatParser.parse("%ld %@").problems.isEmpty)
    }

    /// Whatever a corrupt table puts in a Java segment, formatting reads only the arguments passed
    /// and stays within its bounds; `%n` writes a line break and reads nothing, Java or not.
    @Test func anySegmentWordsStaySafe() {
        let text = Array("%x".utf8)
        let args: [FormatArgument] = [.int(.min), .uint(.max), .double(-.infinity), .string("ß😀")]
        for conversion in UInt8.min...UInt8.max {
            for flags in [Flag.java, 0x1FF, Flag.java | Flag.uppercase | Flag.parentheses | Flag.zeroPad] {
                for (width, precision) in [(FormatSegment.Amount.none, FormatSegment.Amount.none), (.fixed(4096), .fixed(4096)), (.argument(999), .argument(1))] {
                    for argument in [0, 1, 2, 3, 4, 5] {
                        var seg = FormatSegment(kind: .specifier, start: 0, length: 2)
                        seg.conversion = conversion
                        seg.flags = flags
                        seg.width = width
                        seg.precision = precision
                        seg.argument = argument
                        var out = FormatOutput()
                        text.withUnsafeBytes { Formatter.render(text: $0, segments: [seg], arguments: args, into: &out) }
                        #expect(out.bytes.count <= 2 * 4096 + 64)
                        if conversion == FormatSegment.lineSeparator { #expect(out.bytes == [10] && out.problems.isEmpty) }
                    }
                }
            }
        }
    }

    // MARK: A compiled table

    static let locales = ["en", "fr", "de", "ar", "hi"]

    /// key → (Java text, arguments, what OpenJDK 17 printed per locale; nil: as in English).
    static let messages: [(String, String, [FormatArgument], [String: String])] = [
        ("welcome", "Hello, %1$s! You have %2$d new messages.", [.string("Ana"), .int(1234567)],
         ["en": "Hello, Ana! You have 1234567 new messages.", "ar": "Hello, Ana! You have ١٢٣٤٥٦٧ new messages."]),
        ("total", "%1$,d items, %2$,.2f in total%n", [.int(1_234_567), .double(9876.545)],
         ["en": "1,234,567 items, 9,876.55 in total\n", "fr": "1\u{202F}234\u{202F}567 items, 9\u{202F}876,55 in total\n",
          "de": "1.234.567 items, 9.876,55 in total\n", "ar": "١٬٢٣٤٬٥٦٧ items, ٩٬٨٧٦٫٥٥ in total\n", "hi": "1,234,567 items, 9,876.55 in total\n"]),
        ("padded", "[%1$-8s|%2$08.3f|%3$+,d|%3$(,d]", [.string("ab"), .double(-3.14159), .int(-1_234_567)],
         ["en": "[ab      |-003.142|-1,234,567|(1,234,567)]", "fr": "[ab      |-003,142|-1\u{202F}234\u{202F}567|(1\u{202F}234\u{202F}567)]",
          "de": "[ab      |-003,142|-1.234.567|(1.234.567)]", "ar": "[ab      |-٠٠٣٫١٤٢|-١٬٢٣٤٬٥٦٧|(١٬٢٣٤٬٥٦٧)]"]),
        ("science", "%1$.3e / %1$g / %1$s", [.double(12345.678)],
         ["en": "1.235e+04 / 12345.7 / 12345.678", "fr": "1,235e+04 / 12345,7 / 12345.678", "de": "1,235e+04 / 12345,7 / 12345.678",
          "ar": "١٫٢٣٥e+٠٤ / ١٢٣٤٥٫٧ / 12345.678"]),
        ("shout", "%s and %<S", [.string("straße")], ["en": "straße and STRASSE"]),
        ("progress", "%1$d%% done", [.int(42)], ["en": "42% done", "ar": "٤٢% done"]),
        ("lines", "Line one%nLine two", [], ["en": "Line one\nLine two"]),
        ("count", "%d", [.uint(.max)], ["en": "18446744073709551615", "ar": "١٨٤٤٦٧٤٤٠٧٣٧٠٩٥٥١٦١٥"]),
    ]

    static func javaBundle(_ messages: [(String, String, [FormatArgument], [String: String])] = messages,
                           translations: [String: [String: String]] = [:]) -> CatalogBundle {
        var bundle = CatalogBundle()
        bundle.developmentLocalization = "en"
        var table = CatalogTable(name: "Localizable")
        table.sources = ["res/values/strings.xml"]
        for (key, text, _, _) in messages {
            var info = MessageInfo()
            info.formatSyntax = .java
            table.info[key] = info
            // Every localization shows the same Java text, so each one's numbers are its own.
            for l in locales { table.messages[l, default: [:]][key] = CatalogMessage(text: translations[l]?[key] ?? text) }
        }
        bundle.tables["Localizable"] = table
        return bundle
    }

    static func open(_ bundle: CatalogBundle, _ languages: [String]) throws -> (LokaleCore.Bundle, Runtime) {
        let path = Fixtures.temporaryDirectory("lokale-java") + "/java.lokale"
        try TableWriter.write(bundle, to: path)
        let runtime = Runtime(preferredLanguages: languages)
        return (try runtime.open(path: path, main: true), runtime)
    }

    @Test func compiledJavaTableFormatsAsJavaThroughSwiftAndC() throws {
        let (bundle, runtime) = try Self.open(Self.javaBundle(), ["en"])
        var answeredByC = 0
        for locale in Self.locales {
            runtime.preferredLanguages = [locale]
            for (key, text, args, expected) in Self.messages {
                // A plain lookup answers the text as Android's getString(id) does.
                #expect(try bundle.string(key) == text)
                let swift = try bundle.format(key, arguments: args)
                #expect(swift.problems.isEmpty, "\(locale) \(key): \(swift.problems)")
                if let want = expected[locale] ?? (locale == "ar" ? nil : expected["en"]) {
                    #expect(swift.text == want, "\(locale) \(key)")
                }
                if let c = FormatFastPathTests.fast(bundle, table: "Localizable", key: key, args) {
                    #expect(c == swift.bytes, "\(locale) \(key): C '\(String(decoding: c, as: UTF8.self))', Swift '\(swift.text)'")
                    answeredByC += 1
                }
            }
        }
        // Plain %s and %d, and %n, are C's in the localizations with ASCII digits.
        #expect(answeredByC >= 4 * 3, "\(answeredByC)")
        runtime.preferredLanguages = ["de"]
        #expect(FormatFastPathTests.fast(bundle, table: "Localizable", key: "welcome", [.string("Ana"), .int(1_234_567)])
                    == Array("Hello, Ana! You have 1234567 new messages.".utf8))
        #expect(FormatFastPathTests.fast(bundle, table: "Localizable", key: "lines", []) == Array("Line one\nLine two".utf8))
        // A caller's locale for numbers is Swift's business, with Java's rules still.
        let marathi = try bundle.format("total", arguments: [.int(1_234_567), .double(0.5)], locale: "mr")
        #expect(marathi.text == "१,२३४,५६७ items, ०.५० in total\n")
    }

    @Test func mismatchedTranslationsAreReportedAndReplaced() throws {
        let messages: [(String, String, [FormatArgument], [String: String])] = [
            ("welcome", "Hello, %1$s! You have %2$d new messages.", [], [:]), ("extra", "%1$s", [], [:]), ("fine", "%1$,d", [], [:]),
        ]
        let bundle = Self.javaBundle(messages, translations: ["fr": ["welcome": "Bonjour %1$d ! Vous avez %2$d messages.", "extra": "%1$s et %2$s",
                                                                     "fine": "%1$,d"],
                                                              "de": ["fine": "%1$ld"]])
        let warnings = try TableWriter.compile(bundle).statistics.warnings
        func warned(_ l: String, _ k: String, _ text: String) -> Bool {
            warnings.contains { $0.localization == l && $0.key == k && $0.file == "res/values/strings.xml" && $0.message.contains(text) }
        }
        #expect(warned("fr", "welcome", "argument 1 is text in the source but integer here"))
        #expect(warned("fr", "extra", "uses argument 2, which the source does not have"))
        #expect(warned("de", "fine", "Java has no length modifiers"))
        #expect(!warnings.contains { $0.key == "fine" && $0.localization == "fr" })
        let (b, _) = try Self.open(bundle, ["fr"])
        // The runtime never gives the translation arguments it cannot read: the development text instead.
        #expect(try b.format("welcome", arguments: [.string("Ana"), .int(3)]).text == "Hello, Ana! You have 3 new messages.")
    }

    @Test func pseudoLocalizationKeepsJavaSpecifiers() throws {
        var bundle = Self.javaBundle()
        try Pseudolocalization.add([.accented, .bidi], to: &bundle)
        let pseudo = bundle.tables["Localizable"]!.messages["en-XA"]!
        #expect(pseudo["total"]?.representativeText.contains("%1$,d") == true)
        #expect(pseudo["total"]?.representativeText.contains("%2$,.2f") == true)
        #expect(pseudo["lines"]?.representativeText == "[Ļîñé öñé%nĻîñé ţŵö]")
        let warnings = try TableWriter.compile(bundle).statistics.warnings
        #expect(warnings.isEmpty, "\(warnings)")
        let (b, _) = try Self.open(bundle, ["en-XA"])
        #expect(try b.format("lines", arguments: []).text == "[Ļîñé öñé\nĻîñé ţŵö]")
        #expect(try b.format("welcome", arguments: [.string("Ana"), .int(2)]).text == "[Ĥéļļö, Ana! Ýöû ĥåṽé 2 ñéŵ ɱéššåĝéš.]")
    }
}
