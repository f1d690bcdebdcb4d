import Lokale
import Testing

/// SPEC §4, §6, §12: `explain` returns what `string` shows and why — the step of the seeds'
/// decision table, the serving localization, the ordered list — and carries the problems that
/// `string` never throws.
@Suite struct ExplainTests {
    static let name = "Sample Set"

    static func app(_ preferred: [String]) throws -> LokaleBundle {
        try LokaleRuntime(preferredLanguages: preferred).open(try TestBundles.app(), main: true)
    }

    /// Messages of every kind; `explain(m).result` must equal `string(m)` for each, in every language.
    static var messages: [Message] {
        let name = Self.name
        let count = 3
        return [
            "Welcome", "Collection: \(name)", "\(count) items", "\(count) items in \(name)", "Average: \(1.5)",
            "100%", "Progress: \(count)%", "Folder: \(name)", "only.english", "Sample Set",
            Message(verbatim: "Sample Set"), Message(verbatim: "100% %@"),
            Message("summary.item-count", defaultValue: "\(count) items"),
            Message("missing", defaultValue: "\(count) missing in \(name)"), Message("missing", defaultValue: ""),
            Message("settings.title", table: "Settings"), Message("x", defaultValue: "X", table: "NoSuchTable"),
            Message("count.label", defaultValue: "\(count) things"), Message("greeting.pair", defaultValue: "Hello \(name)"),
            Message("name.count", defaultValue: "\(name) names"),
        ]
    }

    @Test(arguments: [["de"], ["fr-CA"], ["pl"], ["it"], ["ja", "de"], [String]()])
    func theResultIsWhatStringShows(_ preferred: [String]) throws {
        let app = try Self.app(preferred)
        for m in Self.messages {
            let e = app.explain(m)
            #expect(e.result == app.string(m), "\(m.key)")
            #expect(e.description == e.text)
            #expect(e.text.contains("result: \(e.result)"))
        }
    }

    @Test func translation() throws {
        let e = try Self.app(["de-AT"]).explain("Collection: \(Self.name)")
        #expect(e.step == .translation)
        #expect(e.result == "Sammlung: Sample Set")
        #expect(e.servedLocalization == "de")
        #expect(e.orderedLocalizations == ["de", "en"])
        #expect(e.problems.isEmpty)
        #expect(e.text.contains("key: Collection: %@"))
    }

    @Test func laterPreference() throws {
        let e = try Self.app(["ja", "fr"]).explain("Welcome")
        #expect(e.step == .laterPreference)
        #expect(e.result == "Bienvenue")
        #expect(e.servedLocalization == "fr")
        #expect(e.orderedLocalizations == ["fr", "en"])
    }

    @Test func development() throws {
        let e = try Self.app(["it"]).explain("\(2) items")
        #expect(e.step == .development)
        #expect(e.result == "2 items")
        #expect(e.servedLocalization == "en")
        #expect(e.orderedLocalizations == ["en"])
    }

    @Test func defaultValue() throws {
        let count = 2
        let e = try Self.app(["de"]).explain(Message("missing.key", defaultValue: "\(count) left"))
        #expect(e.step == .defaultValue)
        #expect(e.result == "2 left")
        #expect(e.servedLocalization == nil)
        #expect(e.problems.isEmpty)
    }

    @Test func key() throws {
        let e = try Self.app(["de"]).explain("Folder: \(Self.name)")
        #expect(e.step == .key)
        #expect(e.result == "Folder: Sample Set")
        #expect(e.servedLocalization == nil)
    }

    @Test func verbatimIsNotLookedUp() throws {
        let e = try Self.app(["de"]).explain(Message(verbatim: "Sample Set"))
        #expect(e.step == .notLookedUp)
        #expect(e.result == "Sample Set")
        #expect(e.servedLocalization == nil)
        #expect(e.orderedLocalizations.isEmpty)
        #expect(e.problems.isEmpty)
        #expect(e.text.contains("step: not-looked-up"))
        #expect(e.json.contains(#""step":"not-looked-up""#))
    }

    @Test func theStepsHaveTheNamesOfTheCommandLine() {
        #expect(Explanation.Step.translation.rawValue == "translation")
        #expect(Explanation.Step.laterPreference.rawValue == "later-preference")
        #expect(Explanation.Step.development.rawValue == "development")
        #expect(Explanation.Step.defaultValue.rawValue == "default")
        #expect(Explanation.Step.key.rawValue == "key")
        #expect(Explanation.Step.notLookedUp.rawValue == "not-looked-up")
    }

    @Test func theTraceAsJSON() throws {
        let e = try Self.app(["fr"]).explain(Message("settings.title", table: "Settings"))
        #expect(e.result == "Réglages")
        #expect(e.json.contains(#""table":"Settings""#))
        #expect(e.json.contains(#""served":"fr""#))
        #expect(e.json.contains(#""step":"translation""#))
        #expect(e.text.contains("bundle: com.example.app (main)"))
    }

    /// A stable key whose text reads `%@` where the caller passes a number: `%@` writes any value
    /// as text (as Foundation writes a boxed number), so the number is shown and nothing is wrong.
    @Test func aNumberForAnObjectSpecifierIsWrittenAsText() throws {
        let app = try Self.app(["de"])
        let count = 3
        let m = Message("count.label", defaultValue: "\(count) things")
        #expect(app.string(m) == "3 Dinge")
        let e = app.explain(m)
        #expect(e.result == "3 Dinge")
        #expect(e.servedLocalization == "de")
        #expect(e.problems.isEmpty, "\(e.problems)")
    }

    /// The other way round — a text that reads a number (`%lld`) where the caller passes a
    /// string: the string is shown in its place, and the trace names the mismatch.
    @Test func aStringForANumberSpecifierIsAProblemNotACrash() throws {
        let app = try Self.app(["de"])
        let m = Message("name.count", defaultValue: "\(Self.name) names")
        #expect(app.string(m) == "Sample Set Namen")
        let e = app.explain(m)
        #expect(e.result == "Sample Set Namen")
        #expect(e.step == .translation)
        #expect(e.problems.contains { $0.contains("argument 1") && $0.contains("%lld") && $0.contains("needs a number") },
                "\(e.problems)")
        #expect(e.text.contains("problem: "))
    }

    /// A text that reads two values where the message passes one: the missing one is reported,
    /// never read.
    @Test func aMissingValueIsAProblemNotACrash() throws {
        let app = try Self.app(["de"])
        let m = Message("greeting.pair", defaultValue: "Hello \(Self.name)")
        let shown = app.string(m)
        #expect(shown.hasPrefix("Hallo Sample Set und"))
        let e = app.explain(m)
        #expect(e.result == shown)
        #expect(e.problems.contains { $0.contains("argument 2") }, "\(e.problems)")
        #expect(e.text.contains("problem: "))
    }

    /// A translation whose specifiers do not match the development text (`%@` for an integer) is
    /// never given the values: the development localization's text is shown, and explained.
    @Test func aMismatchedTranslationIsReplacedAndExplained() throws {
        var c = TestCatalog()
        c.add("%lld files", [
            ("en", .plural([("one", "%lld file"), ("other", "%lld files")])),
            ("de", .text("%@ Dateien")),
            ("fr", .text("%lld fichiers et %@")),
        ])
        c.add("Folder: %@", [("en", .text("Folder: %@")), ("de", .text("Ordner: %@ %@"))])
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = try runtime.open(try TestBundles.compile(["Localizable": c], name: "Mismatch"), main: true)
        let count = 2
        #expect(bundle.string("\(count) files") == "2 files")
        let e = bundle.explain("\(count) files")
        #expect(e.result == "2 files")
        #expect(e.problems.contains { $0.contains("translation is not used") }, "\(e.problems)")

        try runtime.setLanguage("fr")
        #expect(bundle.string("\(1) files") == "1 file")
        #expect(!bundle.explain("\(1) files").problems.isEmpty)

        try runtime.setLanguage("de")
        #expect(bundle.string("Folder: \(Self.name)") == "Folder: Sample Set")
        #expect(!bundle.explain("Folder: \(Self.name)").problems.isEmpty)
    }

    /// A plain message (no interpolation) is shown as found, never formatted: the trace says the
    /// same text, and reports no problem of a format it is not.
    @Test func aPlainMessageIsExplainedAsItIsShown() throws {
        var c = TestCatalog()
        c.add("Done", [("en", .text("Done: 100%%")), ("de", .text("Fertig: 100%%"))])
        let bundle = try LokaleRuntime(preferredLanguages: ["de"]).open(try TestBundles.compile(["Localizable": c], name: "Plain"),
                                                                         main: true)
        #expect(bundle.string("Done") == "Fertig: 100%%")
        let done = bundle.explain("Done")
        #expect(done.result == "Fertig: 100%%")
        #expect(done.step == .translation)
        #expect(done.text.contains("result: Fertig: 100%%\n"))
        #expect(done.json.contains(#""result":"Fertig: 100%%""#))

        for m: Message in ["100%", "50% off", Message("missing", defaultValue: "50% done")] {
            let e = bundle.explain(m)
            #expect(e.result == bundle.string(m))
            #expect(e.problems.isEmpty, "\(m.key): \(e.problems)")
        }
        #expect(bundle.explain("100%").step == .key)
        #expect(bundle.explain(Message("missing", defaultValue: "50% done")).step == .defaultValue)
    }
}
