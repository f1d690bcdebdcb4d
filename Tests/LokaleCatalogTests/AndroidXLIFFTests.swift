import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Android resources through the real `lokale` executable (compile, lookup, check, export-xliff,
/// import-xliff) and the Android writer: read → write → read gives the same messages.
struct AndroidXLIFFTests {
    static let defaults = AndroidRes.resources("""
        <!-- Greets the user by name. -->
        <string name="greeting">Hello, %1$s!</string>
        <string name="tap_save">Tap <b>Save</b> or <a href="https://example.com/?a=1&amp;b=2">learn more</a>.</string>
        <string name="offline">You\\'re offline.</string>
        <string name="percent" formatted="false">100% sure</string>
        <string name="brand" translatable="false">Sprout</string>
        <plurals name="plants">
            <item quantity="one">%d plant</item>
            <item quantity="other">%d plants</item>
        </plurals>
        <string-array name="seasons">
            <item>Spring</item>
            <item>Summer</item>
        </string-array>
        """)

    /// Text with every character Android escapes, in every kind of resource.
    static let french = AndroidRes.resources("""
        <string name="greeting">Bonjour, %1$s !</string>
        <string name="tap_save">Touchez <b>Enregistrer</b> ou <a href="https://example.com/?a=1&amp;b=2">en savoir "plus"</a>.</string>
        <string name="offline">"  Vous êtes   hors ligne  " \\@ \\? \\\\ \\"x\\" \\n\\t \\u00A0fin &amp; &lt;b&gt;</string>
        <string name="percent" formatted="false">\\@100 % sûr</string>
        <plurals name="plants">
            <item quantity="one">%d plante l\\'été</item>
            <item quantity="many">%d de plantes</item>
            <item quantity="other">%d plantes</item>
        </plurals>
        <string-array name="seasons">
            <item>Printemps</item>
            <item>"  Été  "</item>
        </string-array>
        """)

    @Test func writerRoundTrip() throws {
        let original = AndroidRes(["values/strings.xml": Self.defaults, "values-fr/strings.xml": Self.french])
        let table = try #require(try original.load().tables["Localizable"])
        let copy = AndroidRes(["values/strings.xml": Self.defaults])
        let written = try AndroidResourceWriter.write(table, localization: "fr", development: "en", res: copy.path)
        #expect(written == copy.path + "/values-fr/strings.xml")
        let reread = try #require(try copy.load().tables["Localizable"])
        #expect(reread.messages["fr"] == table.messages["fr"])
        #expect(reread.info == table.info)
        // What was escaped, as it reads: the apostrophe, the spaces aapt2 would lose, @ at the start.
        let text = try String(contentsOfFile: written, encoding: .utf8)
        let offline = #"<string name="offline">\u0020\u0020Vous êtes \u0020\u0020hors ligne \u0020\u0020@ ? \\ \"x\" \n\t "#
            + "\u{A0}fin &amp; &lt;b&gt;</string>"
        #expect(text.contains(offline), "\(text)")
        #expect(text.contains(#"<item quantity="one">%d plante l\'été</item>"#))
        #expect(text.contains(#"<string name="percent" formatted="false">\@100 % sûr</string>"#))
        // Quotes inside a span are aapt2's quoting, not text.
        #expect(text.contains(#"<a href="https://example.com/?a=1&amp;b=2">en savoir plus</a>"#))
        #expect(!text.contains("brand"), "a key not to translate is not written")
    }

    @Test func writerRefusesWhatItWouldLose() throws {
        let res = AndroidRes(["values/strings.xml": Self.defaults,
                              "values-fr/strings.xml": AndroidRes.resources("<string name=\"greeting\">Salut %1$s</string><color name=\"c\">#000</color>")])
        let table = try #require(try res.load().tables["Localizable"])
        let e = try #require(catalogError { try AndroidResourceWriter.write(table, localization: "fr", development: "en", res: res.path) })
        #expect(e.message.contains("holds other resources (color)"))
        let spread = AndroidRes(["values/strings.xml": Self.defaults,
                                 "values-fr/more.xml": AndroidRes.resources("<string name=\"offline\">Hors ligne</string>")])
        let t = try #require(try spread.load().tables["Localizable"])
        let s = try #require(catalogError { try AndroidResourceWriter.write(t, localization: "fr", development: "en", res: spread.path) })
        #expect(s.file.hasSuffix("values-fr/more.xml") && s.message.contains("merge the files"))
    }

    /// The task's own words: `lokale compile res/ -o x.lokale && lokale lookup x.lokale KEY --prefer fr`.
    @Test func compileAndLookupThroughTheCLI() throws {
        let cli = CompileCommandTests()
        let res = AndroidRes(["values/strings.xml": Self.defaults, "values-fr/strings.xml": Self.french,
                              "values-night/colors.xml": AndroidRes.resources("<color name=\"bg\">#000</color>")])
        let out = res.root + "/x.lokale"
        let compiled = try cli.run(["compile", res.path, "-o", out])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        func lookup(_ key: String, _ language: String, _ args: [String] = []) throws -> String {
            let r = try cli.run(["lookup", out, key, "--prefer", language] + args)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        // `%1$s` and `%d` with arguments: the same under Apple's parser and Java's Formatter; run
        // again once `.java` keys are formatted by the latter.
        #expect(try lookup("greeting", "fr", ["Ana"]) == "Bonjour, Ana !\n")
        #expect(try lookup("tap_save", "fr") == "Touchez Enregistrer ou en savoir plus.\n")
        #expect(try lookup("plants", "fr", ["1"]) == "1 plante l'été\n")
        #expect(try lookup("seasons[1]", "fr") == "  Été  \n")
        #expect(try lookup("brand", "fr") == "Sprout\n")
        #expect(try lookup("offline", "de") == "You're offline.\n")

        // An error: file:line:column on stderr, a non-zero status, nothing written.
        let bad = AndroidRes(["values/strings.xml": AndroidRes.resources("<string name=\"a\">It's</string>")])
        let r = try cli.run(["compile", bad.path, "-o", bad.root + "/y.lokale"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("res/values/strings.xml:3:20: error: unescaped apostrophe"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bad.root + "/y.lokale"))

        // check: the missing translation and the plural forms Polish needs, at file:line.
        let pl = AndroidRes(["values/strings.xml": Self.defaults,
                             "values-pl/strings.xml": AndroidRes.resources("""
                                <plurals name="plants">
                                    <item quantity="one">%d roślina</item>
                                    <item quantity="other">%d rośliny</item>
                                </plurals>
                                """)])
        let c = try cli.run(["check", pl.path])
        #expect(c.stdout.contains("res/values-pl/strings.xml: warning: [Localizable] pl: 6 of 7 keys untranslated"), "\(c.stdout)")
        #expect(c.stdout.contains("res/values-pl/strings.xml:3: warning: [Localizable] pl 'plants': plural variation lacks few, many"), "\(c.stdout)")
    }

    /// export-xliff gives styled strings as MF2 (the tags as markup); import-xliff writes the
    /// language's values folder the Android way, and the compiled table answers the translation.
    @Test func xliffExportImport() throws {
        let cli = CompileCommandTests()
        let res = AndroidRes(["values/strings.xml": Self.defaults])
        let xliff = res.root + "/sr.xliff"
        let exported = try cli.run(["export-xliff", res.path, "--language", "sr-Latn", "-o", xliff])
        #expect(exported.status == 0, "\(exported.stderr)")
        var text = try String(contentsOfFile: xliff, encoding: .utf8)
        #expect(text.contains("<source>Tap {#b}Save{/b} or {#a href=|https://example.com/?a=1&amp;b=2|}learn more{/a}.</source>"), "\(text)")
        #expect(text.contains("<note>Greets the user by name.</note>"))
        #expect(!text.contains("brand"))
        let targets = [
            "greeting": "Zdravo, %1$s!",
            "tap_save": "Dodirnite {#b}Sačuvaj{/b} ili {#a href=|https://example.com/?a=1&amp;b=2|}saznajte više{/a}.",
            "plants|==|plural.one": "%d biljka", "plants|==|plural.few": "%d biljke", "plants|==|plural.other": "%d biljaka",
            "offline": "Niste na mreži (it's \"off\").",
        ]
        for (id, target) in targets {
            let escaped = target.replacingOccurrences(of: "\"", with: "&quot;")
            text = text.replacingOccurrences(of: "<trans-unit id=\"\(id)\" xml:space=\"preserve\">",
                                             with: "<trans-unit id=\"\(id)\" xml:space=\"preserve\">\n        <target state=\"translated\">\(escaped)</target>")
        }
        try text.write(toFile: xliff, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import-xliff", xliff, res.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = res.path + "/values-b+sr+Latn/strings.xml"
        #expect(imported.stderr.contains("-> \(file)"), "\(imported.stderr)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written.contains(#"<string name="tap_save">Dodirnite <b>Sačuvaj</b> ili <a href="https://example.com/?a=1&amp;b=2">saznajte više</a>.</string>"#), "\(written)")
        #expect(written.contains(#"<string name="offline">Niste na mreži (it\'s \"off\").</string>"#))
        #expect(!written.contains("seasons"), "untranslated keys stay out")

        let out = res.root + "/sr.lokale"
        #expect(try cli.run(["compile", res.path, "-o", out]).status == 0)
        #expect(try cli.run(["lookup", out, "plants", "--prefer", "sr-Latn", "3"]).stdout == "3 biljke\n")
        #expect(try cli.run(["lookup", out, "tap_save", "--prefer", "sr-Latn"]).stdout == "Dodirnite Sačuvaj ili saznajte više.\n")
        #expect(try cli.run(["lookup", out, "seasons[0]", "--prefer", "sr-Latn"]).stdout == "Spring\n")
        // Exported again, the translation is the target: nothing changes on a second import.
        let again = res.root + "/again.xliff"
        #expect(try cli.run(["export-xliff", res.path, "--language", "sr-Latn", "-o", again]).status == 0)
        let second = try cli.run(["import-xliff", again, res.path])
        #expect(second.stderr.contains("0 messages changed"), "\(second.stderr)")
    }
}
