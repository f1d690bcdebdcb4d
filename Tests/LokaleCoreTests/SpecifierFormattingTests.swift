import LokaleCore
import Testing

/// Format specifiers of compiled messages: positional arguments, `%%`, flags, widths and
/// precisions with their bounds, typed arguments, and missing arguments that are never read.
@Suite struct SpecifierFormattingTests {
    static let catalogs: [String: StringCatalog] = {
        var c = StringCatalog()
        c.add("photos", [("en", .text("%1$@ sent %2$lld photos")), ("fr", .text("%2$lld photos envoyées par %1$@")),
                         ("de", .text("%@ hat %lld Fotos gesendet"))])
        c.add("swap", [("en", .text("%2$@, %1$@, %2$@"))])
        c.add("percent", [("en", .text("%lld%% complete")), ("fr", .text("%lld %% terminé"))])
        c.add("only.percent", [("en", .text("100%%"))])
        c.add("widths", [("en", .text("[%5d] [%-5d] [%05.1f] [%.3@] [%x] [%X] [%o] [%+d] [%#x] [% d]"))])
        c.add("floats", [("en", .text("%.2f|%e|%g|%a|%10.3f|%-8.1f|"))])
        c.add("chars", [("en", .text("%c%c %s %@ %hhd %hd %lu %zd"))])
        c.add("star.width", [("en", .text("[%*d]"))])
        c.add("star.precision", [("en", .text("[%.*f]"))])
        c.add("star.positional", [("en", .text("[%2$*1$d]"))])
        c.add("too.wide", [("en", .text("[%5000d] %@"))])
        c.add("widest", [("en", .text("[%4096d]"))])
        c.add("two", [("en", .text("%@ and %@"))])
        // The French translation swaps the argument types of the source.
        c.add("mismatch", [("en", .text("%@ has %lld files")), ("fr", .text("%lld fichiers pour %@"))])
        c.add("no.specifiers", [("en", .text("Just 100 percent, no specifiers"))])
        return ["Localizable": c]
    }()

    static let table = Result { try CompiledCatalogs.table(catalogs) }

    static func format(_ key: String, _ args: [FormatArgument], language: String = "en") throws -> FormattedMessage {
        try Runtime(preferredLanguages: [language]).adopt(table.get(), main: false).format(key, arguments: args)
    }

    static func text(_ key: String, _ args: [FormatArgument], language: String = "en") throws -> String {
        let m = try format(key, args, language: language)
        #expect(m.problems.isEmpty, "\(key): \(m.problems)")
        return m.text
    }

    @Test func positionalArgumentsFollowTheTranslation() throws {
        let args: [FormatArgument] = [.string("Anna"), .int(3)]
        #expect(try Self.text("photos", args) == "Anna sent 3 photos")
        #expect(try Self.text("photos", args, language: "fr") == "3 photos envoyées par Anna")
        #expect(try Self.text("photos", args, language: "de") == "Anna hat 3 Fotos gesendet")
        #expect(try Self.text("swap", [.string("a"), .string("b")]) == "b, a, b")
    }

    @Test func percentSigns() throws {
        #expect(try Self.text("percent", [.int(42)]) == "42% complete")
        #expect(try Self.text("percent", [.int(42)], language: "fr") == "42 % terminé")
        #expect(try Self.text("only.percent", []) == "100%")
        #expect(try Self.text("no.specifiers", [.int(1)]) == "Just 100 percent, no specifiers")
    }

    @Test func flagsWidthsAndPrecisions() throws {
        #expect(try Self.text("widths", [.int(42), .int(42), .double(3.14159), .string("abcdef"), .int(255), .int(255), .int(8), .int(5), .int(255), .int(7)])
            // Localized as CFString does: '0' pads the integer digits (width less precision), which
            // are then grouped; the space flag is not consulted; %x %o are C's.
            == "[   42] [42   ] [0,003.1] [abc] [ff] [FF] [10] [+5] [0xff] [7]")
        #expect(try Self.text("floats", [.double(2.5), .double(12345.678), .double(0.0001), .double(1), .double(3.14159), .double(2)])
            == "2.50|1.234568e+04|0.0001|0x1p+0|     3.142|2.0     |")
        #expect(try Self.text("chars", [.int(72), .int(0x263A), .string("str"), .int(12), .int(300), .int(70000), .uint(7), .int(-3)])
            == "H☺ str 12 44 4,464 7 -3")
    }

    @Test func argumentWidthAndPrecisionAreBounded() throws {
        #expect(try Self.text("star.width", [.int(6), .int(42)]) == "[    42]")
        #expect(try Self.text("star.width", [.int(-6), .int(42)]) == "[42    ]")
        #expect(try Self.text("star.positional", [.int(4), .int(7)]) == "[   7]")
        #expect(try Self.text("star.precision", [.int(3), .double(2)]) == "[2.000]")
        // A width or precision taken from an argument is clamped to FormatParser.maxAmount.
        let wide = try Self.text("star.width", [.int(1_000_000_000), .int(1)])
        #expect(wide.utf8.count == FormatParser.maxAmount + 2)
        let negative = try Self.text("star.width", [.int(Int64.min), .int(1)])
        #expect(negative.utf8.count == FormatParser.maxAmount + 2 && negative.hasPrefix("[1 "))
        let precise = try Self.text("star.precision", [.int(Int64.max), .double(1)])
        #expect(precise.utf8.count == FormatParser.maxAmount + 4) // "[1." + digits + "]"
        // A negative precision means none.
        #expect(try Self.text("star.precision", [.int(-1), .double(2)]) == "[2.000000]")
    }

    @Test func literalWidthBeyondTheBoundStaysText() throws {
        #expect(try Self.text("widest", [.int(1)]).utf8.count == FormatParser.maxAmount + 2)
        // %5000d is refused when parsed: it stays visible and reads no argument, so %@ takes the first.
        #expect(try Self.text("too.wide", [.string("x")]) == "[%5000d] x")
    }

    @Test func missingArgumentsStayVisibleAndAreRecorded() throws {
        let none = try Self.format("photos", [])
        #expect(none.text == "%1$@ sent %2$lld photos")
        #expect(none.problems == ["argument 1 was not passed (0 given)", "argument 2 was not passed (0 given)"])
        let one = try Self.format("photos", [.string("Anna")], language: "fr")
        #expect(one.text == "%2$lld photos envoyées par Anna")
        #expect(one.problems == ["argument 2 was not passed (1 given)"])
        let star = try Self.format("star.width", [.int(5)])
        #expect(star.text == "[%*d]")
        #expect(star.problems.count == 1)
        let starWidthMissing = try Self.format("star.positional", [])
        #expect(starWidthMissing.text == "[%2$*1$d]")
        #expect(!starWidthMissing.problems.isEmpty)
    }

    @Test func mismatchedArgumentTypesShowTheValue() throws {
        let m = try Self.format("photos", [.int(7), .string("three")])
        #expect(m.text == "7 sent three photos")
        #expect(m.problems.count == 1)
        #expect(try Self.text("two", [.int(1), .double(2.5)]) == "1 and 2.5")
    }

    @Test func translationWhoseSpecifiersDisagreeNeverReadsMismatchedArguments() throws {
        let m = try Self.format("mismatch", [.string("Anna"), .int(3)], language: "fr")
        // The compiler replaced the French text, whose argument types are swapped, by the
        // development localization's; the trace says why.
        #expect(m.text == "Anna has 3 files")
        #expect(m.problems.count == 1)
        #expect(m.problems.first?.contains("fr translation is not used") == true)
        #expect(m.problems.first?.contains("argument 1 is text in the source but integer here") == true)
        #expect(m.resolution.served.map { m.resolution.choices.isEmpty ? "" : "\($0)" } != nil)
    }
}
