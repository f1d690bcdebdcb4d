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
}
