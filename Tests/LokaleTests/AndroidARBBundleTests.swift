import Lokale
import LokaleCore
import Testing
import TestSupport

/// Android string resources and Flutter ARB files through `import Lokale`, compiled from files on
/// disk: an Android key is a Java `Formatter` format that takes the message's values by position
/// (`string(_:)` of an interpolated `Message`, as `getString(id, args)`), its plurals chosen by CLDR
/// alone; an ARB key is ICU MessageFormat taking named arguments (`string(_:_:)`), formatted as ICU
/// formats it (no isolation marks), the template's message where a translation lacks the key.
struct AndroidARBBundleTests {
    static func android(_ languages: [String]) throws -> LokaleBundle {
        let dir = Fixtures.temporaryDirectory("lokale-swift-android-format")
        Fixtures.write("""
            <resources>
                <string name="score">%1$s has %2$,d points (%3$.2f%%)%n</string>
                <string name="tags">Tap <b>Save</b> or <a href="https://example.com/help">read the help</a>.</string>
                <plurals name="songs">
                    <item quantity="zero">no songs</item>
                    <item quantity="one">%d song</item>
                    <item quantity="other">%d songs</item>
                </plurals>
            </resources>
            """, to: "res/values/strings.xml", in: dir)
        Fixtures.write("""
            <resources>
                <string name="score">%1$s hat %2$,d Punkte (%3$.2f%%)%n</string>
                <string name="tags">Tippe auf <b>Speichern</b> oder <a href="https://example.com/hilfe">lies die Hilfe</a>.</string>
                <plurals name="songs">
                    <item quantity="one">%d Lied</item>
                    <item quantity="other">%d Lieder</item>
                </plurals>
            </resources>
            """, to: "res/values-de/strings.xml", in: dir)
        Fixtures.write("""
            <resources>
                <plurals name="songs">
                    <item quantity="zero">لا أغاني</item>
                    <item quantity="one">أغنية واحدة</item>
                    <item quantity="two">أغنيتان</item>
                    <item quantity="few">%d أغانٍ</item>
                    <item quantity="many">%d أغنية</item>
                    <item quantity="other">%d أغنية</item>
                </plurals>
            </resources>
            """, to: "res/values-ar/strings.xml", in: dir)
        let path = try Fixtures.compile([dir + "/res"], to: dir + "/Android.lokale")
        return try LokaleRuntime(preferredLanguages: languages).open(path, main: true)
    }

    static func score(_ bundle: LokaleBundle, _ name: String, _ points: Int, _ share: Double) -> String {
        bundle.string(Message("score", defaultValue: "\(name) has \(points) points (\(share, specifier: "%.2f")%)"))
    }

    static func songs(_ bundle: LokaleBundle, _ count: Int) -> String {
        bundle.string(Message("songs", defaultValue: "\(count) songs"))
    }

    @Test func androidStringsTakeTheValuesByPosition() throws {
        let en = try Self.android(["en"])
        #expect(Self.score(en, "Ana", 1_234_567, 99.5) == "Ana has 1,234,567 points (99.50%)\n")
        // English has no CLDR `zero`: the file's zero item is dropped, as Android never uses it.
        #expect([0, 1, 2].map { Self.songs(en, $0) } == ["0 songs", "1 song", "2 songs"])
        // Without values, a plain lookup: getString(id)'s text, the format as written.
        #expect(en.string(Message("score")) == "%1$s has %2$,d points (%3$.2f%%)%n")

        let de = try Self.android(["de-AT"])
        #expect(Self.score(de, "Ana", 1_234_567, 99.5) == "Ana hat 1.234.567 Punkte (99,50%)\n")
        #expect([0, 1, 2].map { Self.songs(de, $0) } == ["0 Lieder", "1 Lied", "2 Lieder"])

        // values-ar has no `score`: the default resource, written with Arabic's digits and separators.
        let ar = try Self.android(["ar"])
        #expect(Self.score(ar, "Ana", 1_234_567, 99.5) == "Ana has ١٬٢٣٤٬٥٦٧ points (٩٩٫٥٠%)\n")
        #expect([0, 1, 2, 3, 11].map { Self.songs(ar, $0) } == ["لا أغاني", "أغنية واحدة", "أغنيتان", "٣ أغانٍ", "١١ أغنية"])
        let e = ar.explain(Message("songs", defaultValue: "\(0) songs"))
        #expect(e.servedLocalization == "ar" && e.step == .translation && e.problems.isEmpty)
    }

    @Test func androidStyledStringPartsCarryTheTags() throws {
        let de = try Self.android(["de-CH"])
        #expect(de.string("tags") == "Tippe auf Speichern oder lies die Hilfe.")
        let parts = de.parts("tags", [:])
        #expect(parts.map(\.text).joined() == "Tippe auf Speichern oder lies die Hilfe.")
        let html = parts.map { part -> String in
            guard case .markup(let m) = part else { return part.text }
            let attributes = m.options.sorted { $0.key < $1.key }.map { " \($0.key)=\"\($0.value)\"" }.joined()
            return m.kind == .close ? "</\(m.name)>" : "<\(m.name)\(attributes)>"
        }.joined()
        #expect(html == "Tippe auf <b>Speichern</b> oder <a href=\"https://example.com/hilfe\">lies die Hilfe</a>.")
    }

    static func arb(_ languages: [String]) throws -> LokaleBundle {
        let dir = Fixtures.temporaryDirectory("lokale-swift-arb")
        Fixtures.write("""
            {"@@locale": "en",
             "inbox": "Hello {name}, you have {count, plural, =0{no messages} one{# message} other{# messages}}.",
             "@inbox": {"placeholders": {"name": {"type": "String"}, "count": {"type": "int"}}},
             "total": "Total: {amount}",
             "@total": {"placeholders": {"amount": {"type": "double", "format": "decimalPattern"}}}}
            """, to: "l10n/app_en.arb", in: dir)
        Fixtures.write("""
            {"@@locale": "de",
             "inbox": "Hallo {name}, du hast {count, plural, =0{keine Nachrichten} one{# Nachricht} other{# Nachrichten}}."}
            """, to: "l10n/app_de.arb", in: dir)
        Fixtures.write("""
            {"@@locale": "ar",
             "inbox": "مرحبا {name}، {count, plural, zero{لا رسائل} one{رسالة واحدة} two{رسالتان} few{# رسائل} many{# رسالة} other{# رسالة}}."}
            """, to: "l10n/app_ar.arb", in: dir)
        let path = try Fixtures.compile([dir + "/l10n"], to: dir + "/ARB.lokale")
        return try LokaleRuntime(preferredLanguages: languages).open(path, main: true)
    }

    @Test func arbMessagesTakeNamedArgumentsAsICUFormatsThem() throws {
        let de = try Self.arb(["de-AT"])
        #expect(de.string("inbox", ["name": "Ana", "count": 0]) == "Hallo Ana, du hast keine Nachrichten.")
        #expect(de.string("inbox", ["name": "Ana", "count": 1234]) == "Hallo Ana, du hast 1.234 Nachrichten.")
        // app_de.arb has no `total`: the template's message, formatted in German.
        #expect(de.string("total", ["amount": 1234.5]) == "Total: 1.234,5")
        #expect(de.string("total") == "Total: {amount}") // a plain lookup: the ICU text
        let e = de.explain("inbox", ["name": "Ana", "count": 1])
        #expect(e.servedLocalization == "de" && e.result == "Hallo Ana, du hast 1 Nachricht." && e.selection?.keys == ["one"])

        // No isolation marks around the name, as ICU writes it; Arabic's `zero` and its digits.
        let ar = try Self.arb(["ar"])
        #expect(ar.string("inbox", ["name": "Ana", "count": 0]) == "مرحبا Ana، لا رسائل.")
        #expect(ar.string("inbox", ["name": "Ana", "count": 11]) == "مرحبا Ana، ١١ رسالة.")
        #expect(ar.string("total", ["amount": 1234.5]) == "Total: ١٬٢٣٤٫٥")
    }
}

extension AndroidARBBundleTests {
    /// The example of docs/SWIFT.md ("Android and ARB catalogs"), on the repository's examples.
    @Test func theDocumentedExample() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-sources-doc")
        let androidPath = try Fixtures.compile([Fixtures.packageRoot + "/examples/AndroidApp/res"], to: dir + "/AndroidApp.lokale")
        let flutterPath = try Fixtures.compile([Fixtures.packageRoot + "/examples/FlutterApp"], to: dir + "/FlutterApp.lokale")

        let runtime = LokaleRuntime(preferredLanguages: ["pl", "fr"])
        let android = try runtime.open(androidPath)
        let name = "Ola", count = 5
        #expect(android.string(Message("greeting", defaultValue: "Hello, \(name)!")) == "Cześć, Ola!")
        #expect(android.string(Message("plants", defaultValue: "\(count) plants")) == "5 roślin")
        #expect(android.string("greeting") == "Cześć, %1$s!")
        #expect(android.string("seasons[2]") == "Jesień")
        let tags = android.parts("tap_save", [:]).compactMap { part -> String? in
            guard case .markup(let m) = part else { return nil }
            return (m.kind == .open ? "<" : "</") + m.name + ">"
        }
        #expect(tags == ["<b>", "</b>", "<i>", "</i>"])

        let flutter = try runtime.open(flutterPath)
        #expect(flutter.string("inbox", ["name": "Ola", "count": 3]) == "Bonjour Ola, vous avez 3 nouveaux messages.")
        #expect(flutter.string("harvest", ["weight": 1234.56]) == "Harvest: 1\u{202F}234,6 kg")
    }
}
