import LokaleCore
import Testing

/// Numbers as CFString writes them with a locale (docs/FORMAT.md, "Localized numbers"): the
/// serving localization's (or the caller's `locale:`) grouping, digits and decimal separator,
/// through the real ICU data; plain Formatter.render (no locale) keeps printf's spelling.
@Suite struct LocalizedNumberTests {
    static let languages = ["en", "ru", "ar", "hi", "es", "pl", "fr"]

    static let bundle = Result { () throws -> (Runtime, Bundle) in
        var c = StringCatalog()
        c.add("n", languages.map { ($0, CatalogValue.text("%lld")) })
        c.add("flags", [("en", .text("[%5d] [%-7d|] [%07d] [%.5d] [%8.5d] [%+d] [%'d] [% d] [%x] [%o] [%hd]"))])
        c.add("floats", [("en", .text("[%.2f] [%f] [%012.2f] [%15.3f] [%g] [%g] [%e] [%a] [%.0f]"))])
        let runtime = Runtime(preferredLanguages: ["en"])
        return (runtime, try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true))
    }

    static func text(_ key: String, _ language: String, _ args: [FormatArgument], locale: String? = nil) throws -> String {
        let (runtime, bundle) = try bundle.get()
        runtime.preferredLanguages = [language]
        let m = try bundle.format(key, arguments: args, locale: locale)
        #expect(m.problems.isEmpty, "\(m.problems)")
        return m.text
    }

    @Test(arguments: [
        ("en", 1_000_000, "1,000,000"), ("en", 999, "999"), ("en", 1000, "1,000"), ("en", -1234567, "-1,234,567"),
        ("ru", 1_000_000, "1\u{A0}000\u{A0}000"), ("fr", 1_000_000, "1\u{202F}000\u{202F}000"),
        ("ar", 1_000_000, "١٬٠٠٠٬٠٠٠"), ("ar", 999, "٩٩٩"),
        // 3;2 (lakh) grouping, and a minimum of two grouping digits.
        ("hi", 1_000_000, "10,00,000"), ("hi", 123_456_789, "12,34,56,789"), ("hi", 1000, "1,000"),
        ("es", 1000, "1000"), ("es", 9999, "9999"), ("es", 10000, "10.000"), ("es", 1_234_567, "1.234.567"),
        ("pl", 1000, "1000"), ("pl", 10000, "10\u{A0}000"),
    ] as [(String, Int64, String)])
    func integersAreGroupedByTheServingLocalization(_ language: String, _ value: Int64, _ expected: String) throws {
        #expect(try Self.text("n", language, [.int(value)]) == expected)
    }

    @Test func theCallersLocaleGroupsWithoutChangingTheTranslation() throws {
        #expect(try Self.text("n", "en", [.int(1_000_000)], locale: "de") == "1.000.000")
        #expect(try Self.text("n", "en", [.int(1_000_000)], locale: "en-IN") == "10,00,000")
        #expect(try Self.text("n", "ru", [.int(1_000_000)], locale: "ar") == "١٬٠٠٠٬٠٠٠")
    }

    @Test func flagsWidthAndPrecisionFollowCFString() throws {
        let args: [FormatArgument] = [.int(12345), .int(12345), .int(1234), .int(42), .int(1234), .int(1234), .int(1234), .int(1234),
                                      .int(0xABCDE), .int(0o1234567), .int(70000)]
        // Width pads with spaces around the grouped number; '0' and a precision are minimum integer
        // digits, grouped like any digit; the space flag is not consulted; %x %o are C's.
        #expect(try Self.text("flags", "en", args)
            == "[12,345] [12,345 |] [0,001,234] [00,042] [  01,234] [+1,234] [1,234] [1,234] [abcde] [1234567] [4,464]")
    }

    @Test func floatingPointFollowsCFString() throws {
        let args: [FormatArgument] = [.double(1234567.891), .double(-1234.5), .double(3.14159), .double(-9876543.21),
                                      .double(123456), .double(1234567), .double(12345.678), .double(1), .double(2.5e6)]
        #expect(try Self.text("floats", "en", args)
            == "[1,234,567.89] [-1,234.500000] [0,000,000,003.14] [ -9,876,543.210] [123,456] [1.23457e+06] [1.234568e+04] [0x1p+0] [2,500,000]")
        #expect(try Self.text("floats", "en", args, locale: "ar").hasPrefix("[١٬٢٣٤٬٥٦٧٫٨٩] "))
    }

    @Test func withoutALocaleNumbersStayUngrouped() {
        var out = FormatOutput()
        Formatter.render(format: "%d %.1f %'d", arguments: [.int(1_000_000), .double(12345.5), .int(1_000_000)], into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "1000000 12345.5 1,000,000")
    }
}
