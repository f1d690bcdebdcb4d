import LokaleCore
import Testing

/// SPEC §4 on a real compiled table: Apple's table rule, the opt-in `chain` policy, and the step of
/// the seeds' decision table that answers each lookup.
@Suite struct LookupFallbackTests {
    /// An app in en (development), en-GB, fr and de. Settings has no French; en-GB and fr lack
    /// some keys that English has.
    static let catalogs: [String: StringCatalog] = {
        var l = StringCatalog()
        l.add("greeting", [("en", .text("Hello")), ("en-GB", .text("Hello there")), ("fr", .text("Bonjour")), ("de", .text("Hallo"))])
        l.add("color", [("en", .text("Color")), ("en-GB", .text("Colour")), ("fr", .text("Couleur")), ("de", .text("Farbe"))])
        l.add("elevator", [("en", .text("Elevator")), ("fr", .text("Ascenseur"))])
        l.add("only.en", [("en", .text("English only"))])
        l.add("untranslated.key", []) // no source entry: the key is its own source text
        l.add("brand", [("en", .text("Lokale")), ("fr", .text("Lokalé"))], shouldTranslate: false)
        var s = StringCatalog()
        s.add("settings.title", [("en", .text("Settings")), ("de", .text("Einstellungen"))])
        return ["Localizable": l, "Settings": s]
    }()

    static func app(_ preferred: [String], policy: FallbackPolicy = .apple) throws -> Bundle {
        let runtime = Runtime(preferredLanguages: preferred)
        runtime.fallbackPolicy = policy
        return try runtime.adopt(CompiledCatalogs.table(catalogs) { $0.identifier = "com.example.app" }, main: true)
    }

    @Test func orderedLocalizationsEndWithTheDevelopmentLocalization() throws {
        #expect(try Self.app(["en-GB"]).preferredLocalizations == ["en-GB", "en"])
        #expect(try Self.app(["fr-CA", "de"]).preferredLocalizations == ["fr", "en"])
        #expect(try Self.app(["it", "de"]).preferredLocalizations == ["de", "en"])
        #expect(try Self.app(["it"]).preferredLocalizations == ["en"])
        let app = try Self.app(["fr"])
        #expect(app.developmentLocalization == "en")
        #expect(app.localizations == ["de", "en", "en-GB", "fr"])
        #expect(app.identifier == "com.example.app")
    }

    /// One row of the seeds' decision table per case.
    struct Row: Sendable, CustomTestStringConvertible {
        var preferred: [String], key: String, defaultValue: String?, table: String? = nil
        var text: String, step: Resolution.Step, served: String?
        var testDescription: String { "\(preferred) \(key) → \(step.rawValue)" }
    }

    static let decisionTable: [Row] = [
        // A preferred language has the translation.
        Row(preferred: ["fr", "en"], key: "greeting", defaultValue: nil, text: "Bonjour", step: .translation, served: "fr"),
        Row(preferred: ["fr-CA"], key: "greeting", defaultValue: "Hi", text: "Bonjour", step: .translation, served: "fr"),
        Row(preferred: ["en-GB"], key: "color", defaultValue: nil, text: "Colour", step: .translation, served: "en-GB"),
        // First preference unavailable, a later one matches.
        Row(preferred: ["it", "de"], key: "greeting", defaultValue: nil, text: "Hallo", step: .laterPreference, served: "de"),
        Row(preferred: ["ja", "pt", "fr"], key: "color", defaultValue: nil, text: "Couleur", step: .laterPreference, served: "fr"),
        // No preference matches: the development localization's text.
        Row(preferred: ["it"], key: "greeting", defaultValue: nil, text: "Hello", step: .development, served: "en"),
        Row(preferred: [], key: "color", defaultValue: "Default", text: "Color", step: .development, served: "en"),
        // The table comes from the first localization that has it: fr has no Settings.
        Row(preferred: ["fr"], key: "settings.title", defaultValue: nil, table: "Settings", text: "Settings", step: .development, served: "en"),
        Row(preferred: ["it", "de"], key: "settings.title", defaultValue: nil, table: "Settings", text: "Einstellungen", step: .laterPreference, served: "de"),
        // The selected lookup cannot resolve the key: the explicit default value...
        Row(preferred: ["fr"], key: "only.en", defaultValue: "Default text", text: "Default text", step: .defaultValue, served: nil),
        Row(preferred: ["en-GB"], key: "elevator", defaultValue: "Lift", text: "Lift", step: .defaultValue, served: nil),
        Row(preferred: ["fr"], key: "absent", defaultValue: "Absent", text: "Absent", step: .defaultValue, served: nil),
        // ...and with no default value (absent or empty), the key.
        Row(preferred: ["fr"], key: "only.en", defaultValue: nil, text: "only.en", step: .key, served: nil),
        Row(preferred: ["de"], key: "elevator", defaultValue: "", text: "elevator", step: .key, served: nil),
        Row(preferred: ["en"], key: "absent", defaultValue: nil, text: "absent", step: .key, served: nil),
        Row(preferred: ["en"], key: "greeting", defaultValue: "x", table: "NoSuchTable", text: "x", step: .defaultValue, served: nil),
        // A key without a source-language entry is its own source text.
        Row(preferred: ["en"], key: "untranslated.key", defaultValue: "x", text: "untranslated.key", step: .translation, served: "en"),
    ]

    @Test(arguments: decisionTable)
    func decisionTableRow(_ row: Row) throws {
        let app = try Self.app(row.preferred)
        #expect(try app.string(row.key, default: row.defaultValue, table: row.table) == row.text)
        let m = try app.format(row.key, default: row.defaultValue, table: row.table, arguments: [])
        #expect(m.text == row.text)
        #expect(m.resolution.step == row.step)
        #expect(m.resolution.served.map { app.localizations[$0] } == row.served)
        let trace = try app.explain(row.key, default: row.defaultValue, table: row.table)
        #expect(trace.step == row.step)
        #expect(trace.served == row.served)
        #expect(trace.result == row.text)
    }

    @Test func shouldTranslateFalseShowsTheSourceTextEverywhere() throws {
        for preferred in [["fr"], ["de"], ["en-GB"], ["it"]] {
            #expect(try Self.app(preferred).string("brand") == "Lokale")
        }
    }

    @Test func appleRuleDoesNotLookInTheNextLocalization() throws {
        // en-GB has the table, so its lack of "elevator" is final, although en has it.
        let gb = try Self.app(["en-GB"])
        let r = try gb.resolve(key: "elevator", hasDefault: false)
        #expect(r.entry == nil)
        #expect(r.tableLocalization.map { gb.localizations[$0] } == "en-GB")
        #expect(try gb.string("elevator") == "elevator")
        // French lacks a key only English has: the default, not English.
        #expect(try Self.app(["fr"]).string("only.en", default: "Fallback") == "Fallback")
    }

    @Test func chainPolicyLooksThroughTheRestOfTheList() throws {
        let gb = try Self.app(["en-GB"], policy: .chain)
        let m = try gb.format("elevator", default: "Lift", arguments: [])
        #expect(m.text == "Elevator")
        #expect(m.resolution.served.map { gb.localizations[$0] } == "en")
        #expect(m.resolution.tableLocalization.map { gb.localizations[$0] } == "en-GB")
        #expect(m.resolution.servedPosition == 1)
        // en is en-GB's fallback for the same preference: still that preference's translation.
        #expect(m.resolution.step == .translation)

        let fr = try Self.app(["fr"], policy: .chain)
        let dev = try fr.format("only.en", default: "Fallback", arguments: [])
        #expect(dev.text == "English only")
        #expect(dev.resolution.step == .development)
        // The chain ends at the development localization: then default, then key.
        #expect(try fr.string("absent", default: "Default") == "Default")
        #expect(try fr.string("absent") == "absent")
        #expect(try fr.explain("only.en").policy == .chain)
    }

    @Test func policyChangeTakesEffectOnTheNextLookup() throws {
        let fr = try Self.app(["fr"])
        #expect(try fr.string("only.en") == "only.en")
        fr.runtime.fallbackPolicy = .chain
        #expect(try fr.string("only.en") == "English only")
        fr.runtime.fallbackPolicy = .apple
        #expect(try fr.string("only.en") == "only.en")
    }

    @Test func languageChangeReordersTheLookup() throws {
        let app = try Self.app(["fr"])
        #expect(try app.string("greeting") == "Bonjour")
        app.runtime.preferredLanguages = ["de"]
        #expect(app.preferredLocalizations == ["de", "en"])
        #expect(try app.string("greeting") == "Hallo")
        app.runtime.preferredLanguages = ["it", "en-GB"]
        #expect(try app.string("greeting") == "Hello there")
        #expect(try app.format("greeting", arguments: []).resolution.step == .laterPreference)
        app.runtime.preferredLanguages = []
        #expect(try app.string("greeting") == "Hello")
    }

    @Test func defaultValueAndKeyAreFormatted() throws {
        let app = try Self.app(["fr"])
        #expect(try app.format("absent", default: "%lld new messages", arguments: [.int(3)]).text == "3 new messages")
        #expect(try app.format("%@ joined", arguments: [.string("Anna")]).text == "Anna joined")
        // The default never reads an argument that was not passed.
        let m = try app.format("absent", default: "%@ and %@", arguments: [.string("one")])
        #expect(m.text == "one and %@")
        #expect(m.problems.count == 1)
    }
}
