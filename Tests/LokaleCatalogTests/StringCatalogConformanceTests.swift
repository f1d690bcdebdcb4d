import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Every String Catalog collected in ../shared/conformance compiles, and every key of every
/// language resolves through the compiled table to what the catalog says.
@Suite(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
struct StringCatalogConformanceTests {
    static let catalogs: [String] = Fixtures.hasConformance ? Conformance.files(under: "catalogs", ext: "xcstrings") : []

    @Test func collectedCatalogsAreAllFound() {
        let names = Self.catalogs.map { $0.split(separator: "/").last.map(String.init)! }
        #expect(Self.catalogs.count == 18)
        #expect(Self.catalogs.filter { $0.contains("/CotEditor/") }.count == 6)
        #expect(names.filter { $0.hasPrefix("!") }.sorted()
            == ["!MismatchingArgumentType.xcstrings", "!MissingArgument.xcstrings", "!UnsupportedFormatSpecifiers.xcstrings"])
        #expect(names.contains("Variations.xcstrings") && names.contains("Substitution.xcstrings"))
    }

    /// The fixtures whose names start with '!' are deliberately broken for a code generator; the
    /// runtime still resolves them, but formatting may report problems.
    static func expectsCleanFormatting(_ path: String) -> Bool { !path.contains("/!") }

    @Test(arguments: catalogs)
    func everyKeyOfEveryLanguageResolves(_ path: String) throws {
        let json = try JSONValue.read(path)
        let source = try #require(json["sourceLanguage"]?.string)
        let strings = try #require(json["strings"]?.object)
        let tableName = String(path.split(separator: "/").last!.dropLast(".xcstrings".count))
        var languages: Set<String> = [source]
        for entry in strings.values { if let l = entry["localizations"]?.object { languages.formUnion(l.keys) } }

        let compiled = try CompiledBundle([path])
        let table = try compiled.table
        #expect(table.localizations == languages.sorted())
        #expect(table.tables == [tableName])
        #expect(table.localizations[table.developmentLocalization] == source)
        // The source language has every key (its own text when it has no entry).
        let sourceIndex = try #require(table.localizations.firstIndex(of: source))
        #expect(table.keyCount(localization: sourceIndex, table: 0) == strings.count)

        var checked = 0
        for language in languages.sorted() {
            let bundle = try compiled.open([language])
            #expect(bundle.preferredLocalizations.first == language)
            for key in strings.keys.sorted() {
                let entry = strings[key]!
                let localization = entry["localizations"]?[language]
                let unit = localization?["stringUnit"]
                let variations = localization?["variations"]
                let placeholder = unit?["state"]?.string == "new" && unit?["value"]?.string == ""
                let hasText = variations != nil || (unit != nil && !placeholder)

                let text = try bundle.string(key, table: tableName)
                let one = try bundle.format(key, table: tableName, arguments: sampleArguments("1"))
                let many = try bundle.format(key, table: tableName, arguments: sampleArguments("3"))
                let where_ = Comment(rawValue: "\(tableName) [\(language)] '\(key)'")

                if entry["shouldTranslate"]?.bool == false {
                    let sourceUnit = entry["localizations"]?[source]?["stringUnit"]?["value"]?.string
                    #expect(text == (sourceUnit ?? key), where_)
                } else if hasText {
                    #expect(one.resolution.served.map { table.localizations[$0] } == language, where_)
                    #expect(one.resolution.step == .translation, where_)
                    if variations == nil, let value = unit?["value"]?.string {
                        #expect(text == value, where_)
                        if !value.contains("%") { #expect(one.text == value, where_) }
                    }
                } else if language == source {
                    // No source-language entry: the key is its own source text.
                    #expect(text == key, where_)
                    #expect(one.resolution.served.map { table.localizations[$0] } == language, where_)
                } else {
                    // Apple's rule: the selected table lacks the key, so the key is shown.
                    #expect(text == key, where_)
                    #expect(one.resolution.entry == nil, where_)
                    #expect(one.resolution.step == .key, where_)
                }
                for m in [one, many] {
                    #expect(!m.text.contains("%#@") && !m.text.contains("%arg"), where_)
                    if Self.expectsCleanFormatting(path) { #expect(m.problems == [], where_) }
                }
                checked += 1
            }
        }
        #expect(checked == languages.count * strings.count)
    }

    // MARK: Specific keys

    static let fixtures = "catalogs/xcstrings-tool/Tests/XCStringsToolTests/__Fixtures__/"
    static let cotEditor = "catalogs/CotEditor/CotEditor/Localizables/"

    @Test func substitutionCatalogDrivesEachPluralByItsOwnArgument() throws {
        let bundle = try CompiledBundle([Conformance.path(Self.fixtures + "Substitution.xcstrings")]).open(["en"])
        let key = "substitutions_example.string"
        func render(_ args: [FormatArgument]) throws -> String { try bundle.format(key, table: "Substitution", arguments: args).text }
        #expect(try render([.string("Hi"), .int(1), .int(5)]) == "Hi! There is 1 string and you have 5 remaining")
        #expect(try render([.string("Hi"), .int(2), .int(1)]) == "Hi! There are 2 strings and you have 1 remaining")
        #expect(try render([.string("Hi"), .int(0), .int(0)]) == "Hi! There are 0 strings and you have 0 remaining")
        #expect(try bundle.string(key, table: "Substitution") == "%@! There %#@total.strings@ and you have %#@remaining.strings@ remaining")
    }

    @Test func variationsCatalogDeviceAndPlural() throws {
        let compiled = try CompiledBundle([Conformance.path(Self.fixtures + "Variations.xcstrings")])
        let bundle = try compiled.open(["en"])
        #expect(bundle.runtime.deviceClass == .mac)
        #expect(try bundle.format("String.Device", table: "Variations", arguments: []).text == "Click to open")
        bundle.runtime.deviceClass = .iphone
        #expect(try bundle.format("String.Device", table: "Variations", arguments: []).text == "Tap to open")
        bundle.runtime.deviceClass = .applevision
        #expect(try bundle.format("String.Device", table: "Variations", arguments: []).text == "Tap to open")
        // Plain string lookup shows the `other` variant.
        #expect(try bundle.string("String.Device", table: "Variations") == "Tap to open")

        func plural(_ n: FormatArgument) throws -> String { try bundle.format("String.Plural", table: "Variations", arguments: [n]).text }
        #expect(try plural(.int(0)) == "I have no strings")
        #expect(try plural(.int(1)) == "I have 1 string")
        #expect(try plural(.int(2)) == "I have 2 strings")
        // CLDR: "1.0" has a visible fraction digit (v = 1), so English gives `other`, not `one`.
        // Visible fraction digits: "1.0" is `other` in English.
        #expect(try plural(.string("1.0")) == "I have 1 strings")
        #expect(try bundle.string("String.Plural", table: "Variations") == "I have %lld strings")
    }

    @Test func fixtureLocalizableCatalog() throws {
        let compiled = try CompiledBundle([Conformance.path(Self.fixtures + "Localizable.xcstrings")])
        let bundle = try compiled.open(["en"])
        // No localizations at all: the key is the source text.
        #expect(try bundle.string("Empty") == "Empty")
        #expect(try bundle.string("Empty.Comment") == "Empty.Comment")
        #expect(try bundle.format("Empty", arguments: []).resolution.step == .translation)
        #expect(try bundle.string("Key") == "Default Value")
        #expect(try bundle.string("continue") == "Continue")
        #expect(try bundle.format("mySubstitute", arguments: [.int(3), .int(1)]).text == "3: People liked 1 posts")
        #expect(try bundle.format("mySubstitute", arguments: [.int(3), .int(7)]).text == "3: People liked 7 posts")
        #expect(try bundle.format("myPlural", arguments: [.int(1)]).text == "I have 1 plural")
        #expect(try bundle.format("myPlural", arguments: [.int(4)]).text == "I have 4 plurals")
        #expect(try bundle.format("myDeviceVariant", arguments: []).text == "macOS Original")
        bundle.runtime.deviceClass = .ipad
        #expect(try bundle.format("myDeviceVariant", arguments: []).text == "macOS Original")
        bundle.runtime.deviceClass = .iphone
        #expect(try bundle.format("myDeviceVariant", arguments: []).text == "Multiplatform Original")
        #expect(try compiled.table.messageCount == 9)
    }

    @Test func positionalAndFormatSpecifierFixtures() throws {
        let bundle = try CompiledBundle([
            Conformance.path(Self.fixtures + "Positional.xcstrings"),
            Conformance.path(Self.fixtures + "FormatSpecifiers.xcstrings"),
            Conformance.path(Self.fixtures + "Multiline.xcstrings"),
            Conformance.path(Self.fixtures + "Simple.xcstrings"),
        ]).open(["en"])
        #expect(bundle.table.tables == ["FormatSpecifiers", "Multiline", "Positional", "Simple"])
        func f(_ key: String, _ table: String, _ args: [FormatArgument]) throws -> String {
            try bundle.format(key, table: table, arguments: args).text
        }
        #expect(try f("reorder", "Positional", [.int(7), .string("x")]) == "Second: x - First: 7")
        #expect(try f("repeatExplicit", "Positional", [.int(4)]) == "4, I repeat: 4")
        #expect(try f("repeatImplicit", "Positional", [.string("Ann")]) == "Ann, are you there? Ann?")
        #expect(try f("f_precision", "FormatSpecifiers", [.double(3.14159)]) == "Test 3.14")
        #expect(try f("x", "FormatSpecifiers", [.int(255)]) == "Test ff")
        #expect(try f("o", "FormatSpecifiers", [.int(8)]) == "Test 10")
        #expect(try f("d_length", "FormatSpecifiers", [.int(-12)]) == "Test -12")
        #expect(try f("at", "FormatSpecifiers", [.string("object")]) == "Test object")
        #expect(try f("percentage_escaped", "FormatSpecifiers", []) == "Test %")
        #expect(try f("percentage_escaped_space_o", "FormatSpecifiers", []) == "Test 50% off")
        #expect(try f("multiline", "Multiline", []) == "Options:\n- One\n- Two\n- Three")
        #expect(try bundle.string("SimpleKey", table: "Simple") == "My Value")
    }

    @Test func bangFixturesCompileAndResolve() throws {
        let bundle = try CompiledBundle([
            Conformance.path(Self.fixtures + "!MissingArgument.xcstrings"),
            Conformance.path(Self.fixtures + "!MismatchingArgumentType.xcstrings"),
            Conformance.path(Self.fixtures + "!UnsupportedFormatSpecifiers.xcstrings"),
        ]).open(["en"])
        #expect(bundle.table.tables == ["!MismatchingArgumentType", "!MissingArgument", "!UnsupportedFormatSpecifiers"])
        #expect(try bundle.string("Key", table: "!MissingArgument") == "%2$@, %3$@")
        #expect(try bundle.format("Key", table: "!MissingArgument", arguments: [.string("a"), .string("b"), .string("c")]).text == "b, c")
        #expect(try bundle.string("Key", table: "!UnsupportedFormatSpecifiers") == "Test %c")
        #expect(try bundle.format("Key", table: "!UnsupportedFormatSpecifiers", arguments: [.int(65)]).text == "Test A")
        let mismatch = try bundle.format("Key", table: "!MismatchingArgumentType", arguments: [.int(5)])
        #expect(mismatch.text == "5 or 5")
        // Too few arguments is reported, never read out of bounds.
        let missing = try bundle.format("Key", table: "!MissingArgument", arguments: [.string("a")])
        #expect(!missing.problems.isEmpty)
    }

    @Test func pluginResourcesCatalogs() throws {
        let root = "catalogs/xcstrings-tool/Tests/PluginTests/Resources/"
        let bundle = try CompiledBundle([Conformance.path(root + "FeatureOne.xcstrings"), Conformance.path(root + "Localizable.xcstrings")]).open(["en"])
        #expect(try bundle.format("pluralExample", table: "FeatureOne", arguments: [.int(1)]).text == "1 string remaining")
        #expect(try bundle.format("pluralExample", table: "FeatureOne", arguments: [.int(9)]).text == "9 strings remaining")
        #expect(try bundle.format("multiline", arguments: [.int(2)]).text == "A string that\nspans 2 lines")
        #expect(try bundle.string("demo.basic") == "A basic string")
    }

    @Test func cotEditorDocumentCatalog() throws {
        let compiled = try CompiledBundle([Conformance.path(Self.cotEditor + "Document Window/Document.xcstrings")])
        let table = try compiled.table
        #expect(table.localizations.count == 18)
        #expect(table.localizations.contains("zh-Hant") && table.localizations.contains("en-GB"))
        let key = "FolderFind.Metrics.message"
        let cs = try compiled.open(["cs"])
        #expect(try cs.format(key, table: "Document", arguments: [.int(1), .int(1)]).text == "1 shoda v 1 souboru")
        #expect(try cs.format(key, table: "Document", arguments: [.int(3), .int(2)]).text == "3 shody v 2 souborech")
        #expect(try cs.format(key, table: "Document", arguments: [.int(12), .int(5)]).text == "12 shod v 5 souborech")
        let de = try compiled.open(["de"])
        #expect(try de.format(key, table: "Document", arguments: [.int(1), .int(4)]).text == "1 Treffer in 4 Dateien")
        #expect(try de.format("%@ pixels/inch", table: "Document", arguments: [.string("72")]).text == "72\u{A0}Pixel/Zoll")
        #expect(try de.string(" (default)", table: "Document") == " (Standard)")
        let incompatible = "Found %lld incompatible characters."
        #expect(try de.format(incompatible, table: "Document", arguments: [.int(1)]).text == "Ein inkompatibles Zeichen gefunden.")
        #expect(try de.format(incompatible, table: "Document", arguments: [.int(4)]).text == "4 inkompatiblen Zeichen gefunden.")
        #expect(try cs.format(incompatible, table: "Document", arguments: [.int(3)]).text == "Nalezeny 3 nekompatibilní znaky.")
        #expect(try cs.format(incompatible, table: "Document", arguments: [.int(1)]).text == "Nalezen nekompatibilní znak.")
        // en has no entry for these keys: the key is the text.
        let en = try compiled.open(["en"])
        #expect(try en.string(" (default)", table: "Document") == " (default)")
        #expect(try en.format("%@ pixels/inch", table: "Document", arguments: [.string("300")]).text == "300 pixels/inch")
        #expect(try en.format(incompatible, table: "Document", arguments: [.int(1)]).text == "Found an incompatible character.")
        let ja = try compiled.open(["ja"])
        #expect(try ja.string(" (default)", table: "Document") == "（デフォルト）")
        // A preference with a region falls back to its language.
        let deAT = try compiled.open(["de-AT"])
        #expect(try deAT.string(" (default)", table: "Document") == " (Standard)")
    }

    @Test func cotEditorCatalogsOfEveryVersionCompileTogether() throws {
        let paths = Self.catalogs.filter { $0.contains("/CotEditor/") }
        let compiled = try CompiledBundle(paths)
        let table = try compiled.table
        #expect(table.tables == ["AdvancedCharacterCount", "Document", "FileScopeEditor", "SettingsPorting", "SyntaxEditor", "TextFind"])
        // Keys per catalog in the source language, as the JSON files count them.
        let en = try #require(table.localizations.firstIndex(of: "en"))
        #expect((0..<table.tables.count).map { table.keyCount(localization: en, table: $0) } == [23, 190, 19, 17, 63, 74])
        let fr = try compiled.open(["fr"])
        #expect(try fr.string("Save as Named Scope…", table: "FileScopeEditor") == "Enregistrer comme périmètre nommé…")
    }
}
