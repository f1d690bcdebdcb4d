import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Android string resources read into the catalog model, compiled into a real table and looked up
/// through the runtime: plurals as Android chooses them, arrays, styled strings as parts, the
/// per-string fallback to `values/`, aliases, and errors with their place.
struct AndroidResourcesTests {
    static let plurals = """
        <plurals name="files">
            <item quantity="zero">no file</item>
            <item quantity="one">%d file</item>
            <item quantity="two">%d files (two)</item>
            <item quantity="few">%d files (few)</item>
            <item quantity="many">%d files (many)</item>
            <item quantity="other">%d files</item>
        </plurals>
        """

    /// Android chooses a quantity by CLDR's rules only: English's `zero` item is never used (it is
    /// dropped, with a warning), while Arabic and Latvian, whose rules have `zero`, use it for 0.
    @Test func pluralsChooseAsAndroidDoes() throws {
        let res = AndroidRes([
            "values/strings.xml": AndroidRes.resources(Self.plurals),
            "values-ar/strings.xml": AndroidRes.resources(Self.plurals),
            "values-lv/strings.xml": AndroidRes.resources(Self.plurals),
            "values-pl/strings.xml": AndroidRes.resources(Self.plurals),
            "values-ja/strings.xml": AndroidRes.resources(Self.plurals),
        ])
        let loaded = try res.load()
        let dropped = Dictionary(loaded.warnings.map { ($0.localization, $0.message) }, uniquingKeysWith: { a, _ in a })
        #expect(dropped["en"]?.contains("zero, two, few, many dropped") == true, "\(dropped)")
        #expect(dropped["lv"]?.contains("two, few, many dropped") == true)
        #expect(dropped["pl"]?.contains("zero, two dropped") == true)
        #expect(dropped["ja"]?.contains("zero, one, two, few, many dropped") == true)
        #expect(dropped["ar"] == nil)
        let w = try #require(loaded.warnings.first { $0.localization == "en" })
        #expect(w.file.hasSuffix("res/values/strings.xml") && w.line == 3 && w.key == "files")

        let expected: [String: [Int: String]] = [
            "en": [0: "0 files", 1: "1 file", 2: "2 files", 5: "5 files"],
            // Arabic writes its own digits. (These format `%d`: written before Java's Formatter
            // formats `.java` keys; run again once it does. Java's `%d` localizes digits too.)
            "ar": [0: "no file", 1: "١ file", 2: "٢ files (two)", 3: "٣ files (few)", 11: "١١ files (many)", 100: "١٠٠ files"],
            "lv": [0: "no file", 1: "1 file", 10: "no file", 11: "no file", 21: "21 file", 5: "5 files"],
            "pl": [0: "0 files (many)", 1: "1 file", 2: "2 files (few)", 5: "5 files (many)", 22: "22 files (few)"],
            "ja": [0: "0 files", 1: "1 files", 5: "5 files"],
        ]
        for (language, counts) in expected {
            let bundle = try res.open([language])
            for (n, text) in counts {
                #expect(try bundle.format("files", arguments: [.int(Int64(n))]).text == text, "\(language) \(n)")
            }
        }
    }

    /// `<string-array name="x">` is `x[0]`, `x[1]`, …; a shorter translation shows the default
    /// items it lacks (and check reports them).
    @Test func arraysAreIndexedKeys() throws {
        let res = AndroidRes([
            "values/arrays.xml": AndroidRes.resources("""
                <string-array name="planets" translatable="true">
                    <item>Mercury</item>
                    <item>Venus</item>
                    <item>@string/earth</item>
                </string-array>
                <string name="earth">Earth</string>
                """),
            "values-fr/arrays.xml": AndroidRes.resources("""
                <string-array name="planets">
                    <item>Mercure</item>
                    <item>Vénus</item>
                </string-array>
                <string name="earth">Terre</string>
                """),
        ])
        let table = try #require(try res.load().tables["Localizable"])
        #expect(table.messages["en"]?.keys.sorted() == ["earth", "planets[0]", "planets[1]", "planets[2]"])
        #expect(table.locations["en"]?["planets[1]"]?.line == 5)
        let fr = try res.open(["fr"])
        #expect(try ["planets[0]", "planets[1]", "planets[2]"].map { try fr.string($0) } == ["Mercure", "Vénus", "Earth"])
        let report = try CatalogChecker.check(try res.load())
        let untranslated = try #require(report.problems.first { $0.kind == .untranslated && $0.localization == "fr" })
        #expect(untranslated.message.contains("'planets[2]'"))
    }

    /// A styled string without specifiers is an MF2 message with markup: parts give the tags, a
    /// plain lookup gives getString()'s text. With specifiers it is the text getString(id, args) formats.
    @Test func tagsBecomeMarkupParts() throws {
        let res = AndroidRes(["values/strings.xml": AndroidRes.resources("""
            <string name="save">Tap <b>Save</b> or <a href="https://example.com/?a=1&amp;b={2}">read {more}</a>.</string>
            <string name="styled_args">Hello <b>%1$s</b>, 50%% done</string>
            <string name="nested"><font color="#FF0000"><i>red</i> text</font></string>
            """)])
        let bundle = try res.open(["en"])
        #expect(try bundle.string("save") == "Tap Save or read {more}.")
        let parts = try bundle.format("save", arguments: [], named: [:]).parts
        #expect(parts.map(\.text).joined() == "Tap Save or read {more}.")
        let markup = parts.compactMap { p -> String? in
            guard case .markup(let m) = p else { return nil }
            return "\(m.kind == .open ? "#" : "/")\(m.name)\(m.options.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined())"
        }
        #expect(markup == ["#b", "/b", "#a href=https://example.com/?a=1&b={2}", "/a"])
        #expect(parts.first == .text("Tap "))

        // The model: the text as source, the markup in the data model, built without MF2 syntax.
        let table = try #require(try res.load().tables["Localizable"])
        guard case .messageFormat(let source, let message)? = table.messages["en"]?["nested"]?.variation else {
            Issue.record("a styled string without specifiers is an MF2 message")
            return
        }
        #expect(source == "red text")
        #expect(MF2.serialize(message) == "{#font color=|#FF0000|}{#i}red{/i} text{/font}")
        // With a specifier: the Java text, tags stripped.
        #expect(table.messages["en"]?["styled_args"]?.variation == .text("Hello %1$s, 50%% done"))
        #expect(table.info["styled_args"]?.formatSyntax == .java)
    }

    /// A string `values-fr` lacks shows the default one; check reports it untranslated and XLIFF
    /// exports it without a target.
    @Test func perStringFallbackToDefaults() throws {
        let res = AndroidRes([
            "values/strings.xml": AndroidRes.resources("""
                <string name="hello">Hello</string>
                <string name="bye">Goodbye</string>
                <string name="brand" translatable="false">Sprout</string>
                """),
            "values-fr/strings.xml": AndroidRes.resources("<string name=\"hello\">Bonjour</string>"),
        ])
        let loaded = try res.load()
        let table = try #require(loaded.tables["Localizable"])
        #expect(table.fallsBackPerKey)
        #expect(table.messages["fr"]?["bye"]?.isImplicit == true)
        #expect(table.messages["fr"]?["hello"]?.isImplicit == false)
        #expect(table.info["brand"]?.shouldTranslate == false)
        let fr = try res.open(["fr"])
        #expect(try fr.string("hello") == "Bonjour")
        #expect(try fr.string("bye") == "Goodbye")
        #expect(try fr.string("brand") == "Sprout")
        let report = try CatalogChecker.check(loaded)
        let finding = try #require(report.problems.first { $0.kind == .untranslated })
        #expect(finding.localization == "fr" && finding.message.contains("1 of 2 keys untranslated: 'bye'"))
        #expect(report.summary.localizations.first { $0.localization == "fr" }?.translated == 1)
        var exportTable = table
        exportTable.sourceLanguage = "en"
        let units = XLIFFExport.file(exportTable, language: "fr", original: "res").units
        #expect(units.map(\.id) == ["bye", "hello"])
        #expect(units.first { $0.id == "bye" }?.target == nil)
        #expect(units.first { $0.id == "hello" }?.target == "Bonjour")
    }

    /// `@string/other` shows the other string's text in the language shown: a translation that
    /// does not define the alias still shows its own text of the target.
    @Test func aliasesResolveInEachLanguage() throws {
        let res = AndroidRes([
            "values/strings.xml": AndroidRes.resources("""
                <string name="title">@string/settings</string>
                <string name="settings">Settings</string>
                <string name="chain">  @string/title </string>
                """),
            "values-de/strings.xml": AndroidRes.resources("<string name=\"settings\">Einstellungen</string>"),
        ])
        let de = try res.open(["de"])
        #expect(try de.string("title") == "Einstellungen")
        #expect(try de.string("chain") == "Einstellungen")
        #expect(try res.open(["en"]).string("title") == "Settings")
        let table = try #require(try res.load().tables["Localizable"])
        #expect(table.info["title"]?.shouldTranslate == false)

        for (body, words) in [("<string name=\"a\">@string/missing</string>", "@string/missing names no string"),
                              ("<string name=\"a\">@string/b</string><string name=\"b\">@string/a</string>", "refers back to itself"),
                              ("<string name=\"a\">@color/red</string>", "names a color resource"),
                              ("<string name=\"a\">?attr/colorPrimary</string>", "theme attribute"),
                              ("<string name=\"a\">@null</string>", "@null is no text")] {
            let bad = AndroidRes(["values/strings.xml": AndroidRes.resources(body)])
            let e = try #require(catalogError { _ = try bad.load() })
            #expect(e.message.contains(words), "\(e.message)")
            #expect(e.line == 3 && e.column != nil, "\(e.description)")
        }
    }

    /// formatted="false": `%` is a percent sign, even when the caller passes arguments.
    /// translatable="false": the default text everywhere, not for translators.
    @Test func formattedAndTranslatableAttributes() throws {
        let res = AndroidRes([
            "values/strings.xml": AndroidRes.resources("""
                <string name="rate" formatted="false">100% sure, 50%% off, %d%s</string>
                <string name="name" translatable="false">Sprout</string>
                <item type="string" name="item_string">From an item</item>
                <string name="tablet" product="tablet">Tablet text</string>
                <string name="tablet" product="default">Phone text</string>
                <color name="red">#FF0000</color>
                <dimen name="gap">8dp</dimen>
                <integer name="max">3</integer>
                <bool name="on">true</bool>
                <style name="Theme"><item name="android:color">#000</item></style>
                """),
            "values-fr/strings.xml": AndroidRes.resources("<string name=\"rate\" formatted=\"false\">100% sûr, %d</string>"),
        ])
        let table = try #require(try res.load().tables["Localizable"])
        #expect(table.messages["en"]?.keys.sorted() == ["item_string", "name", "rate", "tablet"])
        #expect(table.info["rate"]?.checksFormat == false)
        #expect(table.info["name"]?.shouldTranslate == false)
        let en = try res.open(["en"]), fr = try res.open(["fr"])
        #expect(try en.format("rate", arguments: [.int(7), .string("x")]).text == "100% sure, 50%% off, %d%s")
        #expect(try fr.format("rate", arguments: [.int(7)]).text == "100% sûr, %d")
        #expect(try en.string("tablet") == "Phone text")
        #expect(try en.string("item_string") == "From an item")
        #expect(try fr.string("name") == "Sprout")
    }

    /// Every refused input names the file, line and column; nothing is compiled.
    @Test func errorsHaveTheirPlace() throws {
        let cases: [(String, String, Int, String)] = [
            ("values/strings.xml", AndroidRes.resources("<string>no name</string>"), 3, "<string> without a name"),
            ("values/strings.xml", AndroidRes.resources("<plurals name=\"p\"><item quantity=\"several\">x</item></plurals>"), 3, "unknown quantity 'several'"),
            ("values/strings.xml", AndroidRes.resources("<plurals name=\"p\"><item quantity=\"one\">a</item><item quantity=\"one\">b</item></plurals>"), 3, "quantity 'one' given twice"),
            ("values/strings.xml", AndroidRes.resources("<string name=\"a\">x</string>\n<string name=\"a\">y</string>"), 4, "defined twice in values: here and at"),
            ("values/strings.xml", AndroidRes.resources("<string name=\"a\">x</string>\n<plurals name=\"a\"><item quantity=\"other\">y</item></plurals>"), 4, "would be one key 'a'"),
            ("values/strings.xml", AndroidRes.resources("<string name=\"a\" translatable=\"maybe\">x</string>"), 3, "is not a boolean"),
            ("values/strings.xml", AndroidRes.resources("<string name=\"a\">x</b></string>"), 3, "not well-formed XML"),
            ("values/strings.xml", AndroidRes.resources("stray text <string name=\"a\">x</string>"), 3, "text outside any resource"),
            ("values/strings.xml", "<?xml version=\"1.0\"?>\n<LinearLayout/>", 2, "not <resources>"),
        ]
        for (name, contents, line, words) in cases {
            let res = AndroidRes([name: contents])
            let e = try #require(catalogError { _ = try res.load() }, "\(contents)")
            #expect(e.file.hasSuffix(name), "\(e.description)")
            #expect(e.line == line && e.column != nil, "\(e.description)")
            #expect(e.message.contains(words), "\(e.description)")
        }
        // Two files of one folder defining one name: both places named.
        let twice = AndroidRes(["values/a.xml": AndroidRes.resources("<string name=\"x\">1</string>"),
                                "values/b.xml": AndroidRes.resources("\n<string name=\"x\">2</string>")])
        let e = try #require(catalogError { _ = try twice.load() })
        #expect(e.file.hasSuffix("values/b.xml") && e.line == 4 && e.message.contains("values/a.xml:3"), "\(e.description)")
        // Invalid UTF-8: the place of the first bad byte.
        let dir = Fixtures.temporaryDirectory("lokale-android")
        let bad = dir + "/res/values/strings.xml"
        try FileManager.default.createDirectory(atPath: dir + "/res/values", withIntermediateDirectories: true)
        try Data(Array("<resources>\n  <string name=\"a\">caf".utf8) + [0xE9] + Array("</string>\n</resources>\n".utf8)).write(to: URL(filePath: bad))
        let u = try #require(catalogError { _ = try CatalogLoader.load([dir + "/res"]) })
        #expect(u.line == 2 && u.column == 23 && u.message.contains("not UTF-8"), "\(u.description)")
    }

    /// The loader's ways in: res/, a values folder, a file inside one; tools:locale names the
    /// default language; the development localization can be set.
    @Test func sourcesAndDevelopmentLocalization() throws {
        let res = AndroidRes([
            "values/strings.xml": """
                <resources xmlns:tools="http://schemas.android.com/tools" tools:locale="de"><string name="a">Hallo</string></resources>
                """,
            "values-en/strings.xml": AndroidRes.resources("<string name=\"a\">Hello</string>"),
        ])
        let fromTools = try res.load()
        #expect(fromTools.developmentLocalization == "de")
        #expect(fromTools.tables["Localizable"]?.messages["de"]?["a"]?.representativeText == "Hallo")
        var loader = CatalogLoader()
        try loader.add(res.path + "/values/strings.xml")
        try loader.add(res.path + "/values-en")
        loader.setDevelopmentLocalization("fr")
        let set = try loader.finish()
        #expect(set.developmentLocalization == "fr")
        #expect(set.tables["Localizable"]?.messages["fr"]?["a"]?.representativeText == "Hallo")
        #expect(set.tables["Localizable"]?.messages["en"]?["a"]?.representativeText == "Hello")
        let e = catalogError { _ = try CatalogLoader.load([res.root + "/nowhere.xml"]) }
        #expect(e?.message.contains("no such file") == true)
        let strays = Fixtures.write("<resources/>", to: "layout/main.xml", in: res.root)
        let u = catalogError { _ = try CatalogLoader.load([strays]) }
        #expect(u?.message.contains("an Android res/ or values*/ folder") == true)
    }

    /// The line of every key, for check and explain; plural forms a language needs, at that line.
    @Test func checkPointsAtLines() throws {
        let res = AndroidRes([
            "values/strings.xml": AndroidRes.resources("""
                <string name="a">A</string>
                <plurals name="n">
                    <item quantity="one">%d thing</item>
                    <item quantity="other">%d things</item>
                </plurals>
                """),
            "values-pl/strings.xml": AndroidRes.resources("""
                <string name="a">A pl</string>

                <plurals name="n">
                    <item quantity="one">%d rzecz</item>
                    <item quantity="other">%d rzeczy</item>
                </plurals>
                """),
        ])
        let report = try CatalogChecker.check(try res.load())
        let gap = try #require(report.problems.first { $0.kind == .missingPluralCategory })
        #expect(gap.file.hasSuffix("values-pl/strings.xml") && gap.line == 5 && gap.key == "n", "\(gap)")
        #expect(gap.message.contains("few, many"))
    }
}
