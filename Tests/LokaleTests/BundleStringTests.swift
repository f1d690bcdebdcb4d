import Lokale
import Testing

/// SPEC §4, §6, §12: `LokaleBundle.string` on real compiled catalogs — the translation, plurals,
/// interpolated keys filled in, default values and keys as the fallback, verbatim text, tables,
/// and numbers written the way the serving language writes them.
@Suite struct BundleStringTests {
    static let name = "Sample Set"

    /// The app bundle (TestBundles.appCatalogs) opened as the main bundle of a runtime of its own.
    static func app(_ preferred: [String]) throws -> LokaleBundle {
        try LokaleRuntime(preferredLanguages: preferred).open(try TestBundles.app(), main: true)
    }

    @Test func theBundleDescribesItself() throws {
        let path = try TestBundles.app()
        let bundle = try LokaleRuntime(preferredLanguages: ["fr-CA", "de"]).open(path, main: true)
        #expect(bundle.identifier == "com.example.app")
        #expect(bundle.isMain)
        #expect(bundle.path == path)
        #expect(bundle.developmentLocalization == "en")
        #expect(bundle.localizations == ["de", "en", "fr", "pl"])
        #expect(bundle.preferredLocalizations == ["fr", "en"])
        #expect(bundle.currentLocalization == "fr")
        #expect(bundle.problem == nil)
    }

    @Test func theTranslationInThePreferredLanguage() throws {
        #expect(try Self.app(["de"]).string("Welcome") == "Willkommen")
        #expect(try Self.app(["fr-FR"]).string("Welcome") == "Bienvenue")
        #expect(try Self.app(["en-US"]).string("Welcome") == "Welcome")
        #expect(try Self.app(["pl"]).string(Message("Welcome", comment: "The first screen's title.")) == "Witamy")
    }

    @Test func anInterpolatedKeyIsFoundAndFilled() throws {
        let name = Self.name
        #expect(try Self.app(["de"]).string("Collection: \(name)") == "Sammlung: Sample Set")
        #expect(try Self.app(["fr"]).string("Collection: \(name)") == "Collection : Sample Set")
        #expect(try Self.app(["en"]).string("Collection: \(name)") == "Collection: Sample Set")
        let count = 3
        #expect(try Self.app(["de"]).string("\(count) items in \(name)") == "3 Elemente in Sample Set")
        #expect(try Self.app(["fr"]).string("\(count) items in \(name)") == "3 éléments dans Sample Set")
    }

    @Test(arguments: [(1, "1 item"), (0, "0 items"), (2, "2 items"), (21, "21 items")])
    func englishPlurals(_ count: Int, _ expected: String) throws {
        #expect(try Self.app(["en"]).string("\(count) items") == expected)
    }

    /// Polish: one (1), few (2–4, 22–24…), many (0, 5–21, 25…) — CLDR's rules for `%lld`.
    @Test(arguments: [(1, "1 element"), (2, "2 elementy"), (4, "4 elementy"), (5, "5 elementów"), (12, "12 elementów"),
                      (22, "22 elementy"), (25, "25 elementów"), (0, "0 elementów"), (112, "112 elementów")])
    func polishPlurals(_ count: Int, _ expected: String) throws {
        #expect(try Self.app(["pl"]).string("\(count) items") == expected)
    }

    @Test func aStableKeyChoosesItsPluralVariant() throws {
        let app = try Self.app(["de"])
        for (n, text) in [(1, "1 Element"), (7, "7 Elemente")] {
            #expect(app.string(Message("summary.item-count", defaultValue: "\(n) items")) == text)
        }
    }

    @Test func aMissingKeyShowsItsDefaultValueFilledIn() throws {
        let app = try Self.app(["de"])
        let count = 3
        let name = Self.name
        #expect(app.string(Message("missing.key", defaultValue: "\(count) items in \(name)")) == "3 items in Sample Set")
        #expect(app.string(Message("missing.key", defaultValue: "Plain default")) == "Plain default")
        // Apple's rule: de has the table, so a key it lacks is not looked up in English.
        #expect(app.string(Message("only.english", defaultValue: "Fallback")) == "Fallback")
    }

    @Test func aMissingKeyWithoutDefaultShowsTheKeyFilledIn() throws {
        let app = try Self.app(["de"])
        let name = Self.name
        #expect(app.string("Folder: \(name)") == "Folder: Sample Set")
        #expect(app.string("\(2) folders of \(UInt8(4))") == "2 folders of 4")
        #expect(app.string("only.english") == "only.english")
        // An empty default value is no default value.
        #expect(app.string(Message("absent.key", defaultValue: "")) == "absent.key")
    }

    /// A literal without interpolation is text, not a format: its `%` is shown as written.
    @Test func aPlainLiteralIsNotFormatted() throws {
        let app = try Self.app(["de"])
        #expect(app.string("100%") == "100%")
        #expect(app.string("50% of %d") == "50% of %d")
        #expect(app.string(Message("missing.percent", defaultValue: "100% done")) == "100% done")
        // With interpolation the literal's `%` became `%%` and is written back as one `%`.
        let n = 40
        #expect(app.string("Progress: \(n)%") == "Progress: 40%")
    }

    @Test func verbatimTextIsNeverLookedUp() throws {
        let app = try Self.app(["de"])
        // The catalog translates the key "Sample Set"; verbatim text with the same words is not a key.
        #expect(app.string("Sample Set") == "Beispielsatz")
        #expect(app.string(Message(verbatim: "Sample Set")) == "Sample Set")
        #expect(app.string(Message(verbatim: "Welcome")) == "Welcome")
        #expect(app.string(Message(verbatim: "100% %@ %lld")) == "100% %@ %lld")
    }

    @Test func theDevelopmentLanguageWhenNoPreferenceMatches() throws {
        #expect(try Self.app(["it"]).string("Welcome") == "Welcome")
        #expect(try Self.app([]).string("Collection: \(Self.name)") == "Collection: Sample Set")
        #expect(try Self.app(["it"]).string("only.english") == "English only")
        #expect(try Self.app(["ja", "de"]).string("Welcome") == "Willkommen")
    }

    @Test func aNamedTable() throws {
        let app = try Self.app(["fr"])
        #expect(app.string(Message("settings.title", table: "Settings")) == "Réglages")
        // The same key in the default table is not there: the key comes back.
        #expect(app.string("settings.title") == "settings.title")
        #expect(app.string(Message("settings.title", defaultValue: "Settings!", table: "Localizable")) == "Settings!")
        #expect(app.string(Message("Welcome", table: "Settings")) == "Welcome")
        #expect(app.string(Message("settings.title", defaultValue: "Nope", table: "NoSuchTable")) == "Nope")
    }

    /// Numbers are written as the language that served the message writes them (CFString with a
    /// locale): German groups with "." and uses "," as the decimal separator.
    @Test func numbersAreWrittenPerLanguage() throws {
        let average = 1234.5
        #expect(try Self.app(["de"]).string("Average: \(average)") == "Durchschnitt: 1.234,500000")
        #expect(try Self.app(["en"]).string("Average: \(average)") == "Average: 1,234.500000")
        let count = 1_234_567
        #expect(try Self.app(["de"]).string("\(count) items") == "1.234.567 Elemente")
        #expect(try Self.app(["en"]).string("\(count) items") == "1,234,567 items")
        #expect(try Self.app(["fr"]).string("\(count) items") == "1\u{202F}234\u{202F}567 éléments")
    }

    @Test func aStringsBundle() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = try runtime.open(try TestBundles.stringsApp(), main: true)
        #expect(bundle.identifier == "com.example.strings")
        #expect(bundle.localizations == ["de", "en"])
        #expect(bundle.string("Welcome") == "Willkommen")
        #expect(bundle.string("Collection: \(Self.name)") == "Sammlung: Sample Set")
        // Positional specifiers let German reorder the values.
        #expect(bundle.string("\(5) items in \(Self.name)") == "In Sample Set: 5 Elemente")
        try runtime.setLanguage("en")
        #expect(bundle.string("\(5) items in \(Self.name)") == "5 items in Sample Set")
    }

    /// The message's values are typed: unsigned, small integers and floats reach the format as
    /// numbers of their kind.
    @Test func everyValueTypeIsFormatted() throws {
        let app = try Self.app(["en"])
        #expect(app.string("\(Int8(-5)) \(Int16(300)) \(Int32(-70000)) \(Int64(5))") == "-5 300 -70,000 5")
        #expect(app.string("\(UInt8(255)) \(UInt16(2)) \(UInt32(4_000_000_000)) \(UInt64.max)")
            == "255 2 4,000,000,000 18,446,744,073,709,551,615")
        #expect(app.string("\(Float(0.5)) \(Double(-2))") == "0.500000 -2.000000")
        #expect(app.string("\(true) \(Self.name.prefix(6))") == "true Sample")
        #expect(app.string("Ratio: \(0.4567, specifier: "%.2f")") == "Ratio: 0.46")
        #expect(app.string("Number \(42, specifier: "%05lld")") == "Number 00,042")
    }
}
