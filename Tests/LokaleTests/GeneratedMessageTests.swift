import Lokale
import Testing
import TestSupport

/// The initializers the generated accessors call (`lokale compile --swift-messages`): a message
/// that carries its bundle, typed positional arguments in the catalog's order, or named arguments
/// for a MessageFormat message; `String(localized:)` resolves it in its own bundle.
struct GeneratedMessageTests {
    @Test func positionalArgumentsInTheCatalogsOrder() throws {
        let de = try AndroidARBBundleTests.android(["de-AT"])
        let score = Message(key: "score", table: "Localizable", defaultValue: "%1$s has %2$,d points (%3$.2f%%)%n",
                            arguments: [.string("Ana"), .int(1_234_567), .double(99.5)], bundle: de)
        #expect(String(localized: score) == "Ana hat 1.234.567 Punkte (99,50%)\n")
        #expect(de.string(score) == String(localized: score))
        #expect(score.bundle?.identifier == de.identifier)
        // The same message as the interpolated literal of the documented idiom: equal, and equal text.
        let literal = AndroidARBBundleTests.score(de, "Ana", 1_234_567, 99.5)
        #expect(literal == String(localized: score))
        let songs = Message(key: "songs", table: "Localizable", defaultValue: "%d songs", arguments: [.int(2)], bundle: de)
        #expect(String(localized: songs) == "2 Lieder")
        // No argument: plain text, shown as found.
        let plain = Message(key: "tags", table: "Localizable", defaultValue: nil, arguments: [], bundle: de)
        #expect(String(localized: plain) == "Tippe auf Speichern oder lies die Hilfe.")
    }

    @Test func namedArgumentsForMessageFormatMessages() throws {
        let ar = try AndroidARBBundleTests.arb(["ar"])
        let inbox = Message(key: "inbox", table: "Localizable", defaultValue: nil,
                            namedArguments: ["name": .string("Ana"), "count": .int(2)], bundle: ar)
        #expect(String(localized: inbox) == ar.string("inbox", ["name": "Ana", "count": 2]))
        #expect(String(localized: inbox) == "مرحبا Ana، رسالتان.")
        #expect(ar.explain(inbox).servedLocalization == "ar")
        #expect(inbox.messageFormatArguments?["count"] == .int(2))
    }

    @Test func theBundleIsWhereNotWhat() throws {
        let de = try AndroidARBBundleTests.android(["de"])
        let a = Message(key: "songs", table: "Localizable", defaultValue: "%d songs", arguments: [.int(1)], bundle: de)
        let b = Message(key: "songs", table: "Localizable", defaultValue: "%d songs", arguments: [.int(1)], bundle: nil)
        #expect(a == b && Set([a, b]).count == 1)
        #expect(a != Message(key: "songs", table: "Localizable", defaultValue: "%d songs", arguments: [.int(2)], bundle: de))
        // A bundle that could not be opened (a module without its table): the default value, formatted.
        let missing = LokaleBundle.module(resource: "Nowhere.lokale", folders: [], identifier: "Nowhere", kind: .framework,
                                          runtime: LokaleRuntime(preferredLanguages: ["de"]))
        let orphan = Message(key: "nowhere", table: nil, defaultValue: "%lld left", arguments: [.int(3)], bundle: missing)
        #expect(String(localized: orphan) == "3 left")
    }
}
