import Lokale
import LokaleCore
import Testing
import TestSupport

/// An Android styled string through `import Lokale`: `string` gives what `Resources.getString()`
/// gives, `parts` the spans as markup, as `getText()`'s spans would be.
struct AndroidStyledStringTests {
    @Test func partsGiveTheTags() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-android")
        _ = Fixtures.write("""
            <resources>
                <string name="tap_save">Tap <b>Save</b> to keep <font color="#2E7D32">your garden</font>.</string>
            </resources>
            """, to: "res/values/strings.xml", in: dir)
        _ = Fixtures.write("""
            <resources>
                <string name="tap_save">Touchez <b>Enregistrer</b> pour garder <font color="#2E7D32">votre jardin</font>.</string>
            </resources>
            """, to: "res/values-fr/strings.xml", in: dir)
        let path = try Fixtures.compile([dir + "/res"], to: dir + "/Android.lokale")
        let fr = try LokaleRuntime(preferredLanguages: ["fr-CA"]).open(path, main: true)
        #expect(fr.string("tap_save") == "Touchez Enregistrer pour garder votre jardin.")
        let parts = fr.parts("tap_save", [:])
        #expect(parts.map(\.text).joined() == "Touchez Enregistrer pour garder votre jardin.")
        let tags = parts.compactMap { p -> String? in
            guard case .markup(let m) = p else { return nil }
            return (m.kind == .open ? "<" : "</") + m.name + m.options.map { " \($0.key)=\($0.value)" }.joined() + ">"
        }
        #expect(tags == ["<b>", "</b>", "<font color=#2E7D32>", "</font>"])
    }
}
