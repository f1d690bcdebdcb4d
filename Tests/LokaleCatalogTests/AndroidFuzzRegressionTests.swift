import LokaleCatalog
import LokaleCore
import Testing

/// Android resources that fuzz-android (Fuzz/Sources/fuzz-android) found mishandled, read from
/// memory (`CatalogLoader.load(android:)`) as the fuzzer reads them.
struct AndroidFuzzRegressionTests {
    static func load(_ defaults: String, _ french: String) throws -> CatalogTable {
        let bundle = try CatalogLoader.load(android: [("res/values/strings.xml", Array(defaults.utf8)),
                                                      ("res/values-fr/strings.xml", Array(french.utf8))], development: "en")
        return try #require(bundle.tables["Localizable"])
    }

    /// A styled value with Java specifiers keeps its tags only under formatted="false" (else its
    /// text is what String.format gives, without them): the writer must say formatted="false" for
    /// it, on a <string> whose default resource does not, and on <plurals> and <string-array>.
    @Test func writerKeepsFormattedFalseOfStyledFormats() throws {
        let defaults = AndroidRes.resources("""
            <string name="s"><b>%1$s</b> has %2$d</string>
            <plurals name="p" formatted="false">
                <item quantity="one"><b>%d</b> file</item>
                <item quantity="other"><b>%d</b> files</item>
            </plurals>
            <string-array name="r" formatted="false"><item><i>%s</i> first</item></string-array>
            """)
        let french = AndroidRes.resources("""
            <string name="s" formatted="false"><b>%1$s</b> a %2$d</string>
            <plurals name="p" formatted="false">
                <item quantity="one"><b>%d</b> fichier</item>
                <item quantity="other"><b>%d</b> fichiers</item>
            </plurals>
            <string-array name="r" formatted="false"><item><i>%s</i> premier</item></string-array>
            """)
        let table = try Self.load(defaults, french)
        for key in ["s", "r[0]"] {
            #expect(table.messages["fr"]?[key]?.variation.isMessageFormat == true, "\(key) keeps its tags")
        }
        let written = try AndroidResourceWriter.document(table, localization: "fr", development: "en")
        #expect(written.contains(#"<string name="s" formatted="false"><b>%1$s</b> a %2$d</string>"#), "\(written)")
        #expect(written.contains(#"<plurals name="p" formatted="false">"#), "\(written)")
        #expect(written.contains(#"<string-array name="r" formatted="false">"#), "\(written)")
        let reread = try Self.load(defaults, written)
        #expect(reread.messages["fr"] == table.messages["fr"], "\(written)")
    }

    /// libxml2 hands text over in pieces (where non-ASCII text begins, then every 300 bytes, at a
    /// CR): an escape cut in two by it is still one escape. Only a tag, a comment, CDATA or a
    /// reference ends a run of text (and drops a `\` before it).
    @Test func escapesCutByTheXMLParserStayWhole() throws {
        for padding in 280..<320 {
            let filler = String(repeating: "x", count: padding)
            let body = #"<string name="u">é\#(filler)\u0041\u00e9</string><string name="a">é\#(filler)\'\\\"</string>"#
            let table = try Self.load(AndroidRes.resources(body), AndroidRes.resources(""))
            #expect(table.messages["en"]?["u"]?.variation == .text("é" + filler + "Aé"), "\(padding)")
            #expect(table.messages["en"]?["a"]?.variation == .text("é" + filler + #"'\""#), "\(padding)")
        }
        let ends = try Self.load(AndroidRes.resources(#"<string name="s">b \&amp;c\<!-- -->d\&#92;u0041</string>"#), AndroidRes.resources(""))
        #expect(ends.messages["en"]?["s"]?.variation == .text("b &cdu0041"))
        // What the writer gives for a run of spaces in quotes (`\u0020` after the first) reads back.
        let spaces = AndroidRes.resources(#"<string name="e">"ś"# + String(repeating: " ", count: 51) + #"n"</string>"#)
        let table = try Self.load(spaces, spaces)
        let written = try AndroidResourceWriter.document(table, localization: "fr", development: "en")
        #expect(try Self.load(spaces, written).messages["fr"] == table.messages["fr"], "\(written)")
    }

    /// `tools:locale` names the development localization: a locale qualifier as a folder spells
    /// it, or a BCP 47 tag; anything else is an error at the `<resources>` element (it once
    /// reached ICU as a locale name, and ICU 72 crashes on some: ICULocaleSafetyTests).
    @Test func toolsLocaleIsAQualifierOrATag() throws {
        func development(_ value: String) throws -> String? {
            let defaults = "<resources xmlns:tools=\"http://schemas.android.com/tools\"\n  tools:locale=\"\(value)\"><string name=\"a\">A</string></resources>"
            return try CatalogLoader.load(android: [("res/values/strings.xml", Array(defaults.utf8)),
                                                    ("res/values-fr/strings.xml", Array(AndroidRes.resources("").utf8))]).developmentLocalization
        }
        for (value, tag) in [("de", "de"), ("en-rGB", "en-GB"), ("b+sr+Latn", "sr-Latn"), ("iw", "he"), ("es-419", "es-419"), ("zh-Hant", "zh-Hant")] {
            #expect(try development(value) == tag, "\(value)")
        }
        for value in ["@x=", "en@numbers=", "abcdefghijkl", "", "v21", "de-rUS-v21", String(repeating: "a", count: 300)] {
            let e = try #require(catalogError { _ = try development(value) }, "\(value)")
            #expect(e.file == "res/values/strings.xml" && e.line == 2 && e.message.contains("tools:locale does not name a language"), "\(e.description)")
        }
    }
}
