import Lokale
import TestSupport
import Testing

/// SPEC §7, §12: the in-app language — set, reset, refused when malformed, persisted for the next
/// run — the preferences, display names for a picker, and diagnostics.
@Suite struct RuntimeLanguageTests {
    @Test func setLanguageSwitchesEveryBundleAtOnce() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        let other = try runtime.open(try TestBundles.app(identifier: "com.example.other"))
        #expect(runtime.language == nil)
        #expect([app.string("Welcome"), other.string("Welcome")] == ["Welcome", "Welcome"])

        try runtime.setLanguage("de")
        #expect(runtime.language == "de")
        #expect(runtime.effectiveLanguages == ["de", "en"])
        #expect([app.string("Welcome"), other.string("Welcome")] == ["Willkommen", "Willkommen"])
        #expect(app.currentLocalization == "de")

        try runtime.setLanguage("fr-CA")
        #expect([app.string("Welcome"), other.string("Welcome")] == ["Bienvenue", "Bienvenue"])
        #expect(app.preferredLocalizations == ["fr", "en"])
    }

    @Test func nilReturnsToThePreferences() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["pl", "en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        try runtime.setLanguage("de")
        #expect(app.string("Welcome") == "Willkommen")
        try runtime.setLanguage(nil)
        #expect(runtime.language == nil)
        #expect(runtime.effectiveLanguages == ["pl", "en"])
        #expect(app.string("Welcome") == "Witamy")
    }

    @Test(arguments: ["not a language!", "", "en--US", "-de", "C", "日本語"])
    func aMalformedTagThrowsAndChangesNothing(_ tag: String) throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        try runtime.setLanguage("fr")
        let error = #expect(throws: LokaleError.self) { try runtime.setLanguage(tag) }
        #expect(error?.message.isEmpty == false)
        #expect(runtime.language == "fr")
        #expect(app.string("Welcome") == "Bienvenue")
    }

    @Test func theLanguageIsStoredForTheNextRun() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-settings")
        let settings = dir + "/app.language"
        let path = try TestBundles.app()
        do {
            let first = LokaleRuntime(preferredLanguages: ["en"], settingsFile: settings)
            #expect(first.language == nil)
            try first.setLanguage("de")
        }
        let second = LokaleRuntime(preferredLanguages: ["en"], settingsFile: settings)
        #expect(second.language == "de")
        let app = try second.open(path, main: true)
        #expect(app.string("Welcome") == "Willkommen")

        // Reset, then a third run starts with the preferences.
        try second.setLanguage(nil)
        let third = LokaleRuntime(preferredLanguages: ["fr"], settingsFile: settings)
        #expect(third.language == nil)
        #expect(try third.open(path, main: true).string("Welcome") == "Bienvenue")
    }

    @Test func aRuntimeWithoutSettingsFileKeepsTheLanguageInMemory() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-settings")
        let settings = dir + "/app.language"
        try LokaleRuntime(preferredLanguages: ["en"]).setLanguage("de")
        #expect(LokaleRuntime(preferredLanguages: ["en"], settingsFile: settings).language == nil)
        #expect(LokaleRuntime(preferredLanguages: ["en"]).language == nil)
    }

    @Test func anUnreadableSettingsFileIsADiagnosticNotAFailure() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-settings")
        let settings = Fixtures.write("not a language!\n", to: "app.language", in: dir)
        let runtime = LokaleRuntime(preferredLanguages: ["fr"], settingsFile: settings)
        #expect(runtime.language == nil)
        #expect(runtime.diagnostics.contains { $0.contains("in-app language") }, "\(runtime.diagnostics)")
        #expect(try runtime.open(try TestBundles.app(), main: true).string("Welcome") == "Bienvenue")
    }

    @Test func thePreferredLanguagesCanBeChanged() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        #expect(runtime.preferredLanguages == ["en"])
        runtime.preferredLanguages = ["it", "pl"]
        #expect(runtime.preferredLanguages == ["it", "pl"])
        #expect(app.string("Welcome") == "Witamy")
        #expect(app.explain("Welcome").step == .laterPreference)
        // The in-app language goes before them; the preferences stay what they are.
        try runtime.setLanguage("fr")
        #expect(runtime.preferredLanguages == ["it", "pl"])
        #expect(runtime.effectiveLanguages == ["fr", "it", "pl"])
        #expect(app.string("Welcome") == "Bienvenue")
    }

    @Test func malformedPreferencesAreSkippedAndReported() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["??", "de"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        #expect(app.string("Welcome") == "Willkommen")
        #expect(runtime.diagnostics.contains { $0.contains("preferred language skipped") && $0.contains("??") },
                "\(runtime.diagnostics)")
        runtime.preferredLanguages = ["fr", "!!"]
        #expect(app.string("Welcome") == "Bienvenue")
        #expect(runtime.diagnostics.contains { $0.contains("!!") })
        #expect(LokaleRuntime(preferredLanguages: ["en"]).diagnostics.isEmpty)
    }

    @Test func displayNamesForALanguagePicker() {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        #expect(runtime.displayName(of: "de") == "Deutsch")
        #expect(runtime.displayName(of: "de", in: "en") == "German")
        #expect(runtime.displayName(of: "fr") == "français")
        #expect(runtime.displayName(of: "fr", in: "de") == "Französisch")
        #expect(runtime.displayName(of: "pl", in: "en") == "Polish")
        #expect(runtime.displayName(of: "not a language!") == nil)
        #expect(runtime.displayName(of: "de", in: "not a language!") == nil)
    }

    @Test func theMainBundleIsKnownToTheRuntime() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        #expect(runtime.mainBundle == nil)
        let other = try runtime.open(try TestBundles.app(identifier: "com.example.other"))
        #expect(!other.isMain)
        #expect(runtime.mainBundle == nil)
        let app = try runtime.open(try TestBundles.app(), main: true)
        #expect(runtime.mainBundle?.identifier == "com.example.app")
        #expect(runtime.mainBundle?.isMain == true)
        // One main bundle per runtime.
        let error = #expect(throws: LokaleError.self) { try runtime.open(try TestBundles.app(identifier: "x"), main: true) }
        #expect(error?.message.contains("main bundle") == true)
        #expect(runtime.mainBundle?.identifier == "com.example.app")
        withExtendedLifetime(app) {}
    }

    @Test func openingABadFileThrows() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let dir = Fixtures.temporaryDirectory("lokale-swift-bad")
        #expect(throws: LokaleError.self) { try runtime.open(dir + "/absent.lokale") }
        let garbage = Fixtures.write(String(repeating: "not a table ", count: 40), to: "garbage.lokale", in: dir)
        let error = #expect(throws: LokaleError.self) { try runtime.open(garbage, main: true) }
        #expect(error?.message.isEmpty == false)
        #expect(runtime.mainBundle == nil)
    }
}
