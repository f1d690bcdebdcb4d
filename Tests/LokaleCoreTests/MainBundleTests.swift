import LokaleCatalog
import LokaleCore
import Testing

/// SPEC §3/§4: a framework (non-main bundle) shows the app's language unless the app allows mixed
/// localizations; a language change reaches every bundle of the runtime.
@Suite struct MainBundleTests {
    /// The app speaks en (development), de and ja; the framework en (development), de and fr.
    static func app(mixed: Bool = false) throws -> CompiledTable {
        var c = StringCatalog()
        c.add("app.title", [("en", .text("App")), ("de", .text("Anwendung")), ("ja", .text("アプリ"))])
        return try CompiledCatalogs.table(["Localizable": c]) {
            $0.identifier = "com.example.app"
            $0.allowsMixedLocalizations = mixed
        }
    }

    static func framework() throws -> CompiledTable {
        var c = StringCatalog()
        c.add("kit.title", [("en", .text("Kit")), ("de", .text("Bausatz")), ("fr", .text("Trousse"))])
        c.add("kit.count", [("en", .plural([("one", .text("%lld part")), ("other", .text("%lld parts"))])),
                            ("de", .plural([("one", .text("%lld Teil")), ("other", .text("%lld Teile"))])),
                            ("fr", .plural([("one", .text("%lld pièce")), ("other", .text("%lld pièces"))]))])
        return try CompiledCatalogs.table(["Localizable": c]) { $0.identifier = "com.example.kit" }
    }

    @Test func allowMixedLocalizationsIsCompiledIn() throws {
        #expect(try Self.app(mixed: true).allowsMixedLocalizations)
        #expect(try !Self.app(mixed: false).allowsMixedLocalizations)
    }

    @Test func frameworkFollowsTheMainBundlesLanguage() throws {
        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let app = try runtime.adopt(Self.app(), main: true)
        let kit = try runtime.adopt(Self.framework(), main: false)
        // The app has no French: it chooses German, and so does the framework although it has French.
        #expect(app.preferredLocalizations == ["de", "en"])
        #expect(kit.negotiatedAgainst == ["de", "en"])
        #expect(kit.preferredLocalizations == ["de", "en"])
        #expect(try kit.string("kit.title") == "Bausatz")
        #expect(try kit.format("kit.count", arguments: [.int(2)]).text == "2 Teile")
        let trace = try kit.explain("kit.title")
        #expect(trace.followsMainBundle)
        #expect(!trace.isMain)
        #expect(trace.text.contains("(the main bundle's localizations)"))
        #expect(!(try app.explain("app.title")).followsMainBundle)
    }

    @Test func frameworkFallsBackToItsOwnDevelopmentLocalization() throws {
        let runtime = Runtime(preferredLanguages: ["ja"])
        let app = try runtime.adopt(Self.app(), main: true)
        let kit = try runtime.adopt(Self.framework(), main: false)
        #expect(try app.string("app.title") == "アプリ")
        #expect(kit.preferredLocalizations == ["en"])
        let m = try kit.format("kit.title", arguments: [])
        #expect(m.text == "Kit")
        #expect(m.resolution.step == .development)
    }

    @Test func mixedLocalizationsLetTheFrameworkUseTheUsersPreferences() throws {
        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let app = try runtime.adopt(Self.app(mixed: true), main: true)
        let kit = try runtime.adopt(Self.framework(), main: false)
        #expect(try app.string("app.title") == "Anwendung")
        #expect(kit.negotiatedAgainst == ["fr", "de"])
        #expect(try kit.string("kit.title") == "Trousse")
        #expect(try kit.format("kit.count", arguments: [.int(1)]).text == "1 pièce")
        #expect(!(try kit.explain("kit.title")).followsMainBundle)
    }

    @Test func withoutAMainBundleAFrameworkUsesTheUsersPreferences() throws {
        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let kit = try runtime.adopt(Self.framework(), main: false)
        #expect(try kit.string("kit.title") == "Trousse")
        // Adopting the app later changes what the framework shows.
        let app = try runtime.adopt(Self.app(), main: true)
        #expect(try kit.string("kit.title") == "Bausatz")
        withExtendedLifetime(app) {}
    }

    @Test func releasingTheMainBundleUnregistersIt() throws {
        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let kit = try runtime.adopt(Self.framework(), main: false)
        do {
            let app = try runtime.adopt(Self.app(), main: true)
            #expect(try kit.string("kit.title") == "Bausatz")
            withExtendedLifetime(app) {}
        }
        #expect(try kit.string("kit.title") == "Trousse")
        // The slot is free again.
        _ = try runtime.adopt(Self.app(), main: true)
    }

    @Test func aRuntimeHasOneMainBundle() throws {
        let runtime = Runtime(preferredLanguages: ["de"])
        let app = try runtime.adopt(Self.app(), main: true)
        let error = #expect(throws: LokaleError.self) { try runtime.adopt(Self.framework(), main: true) }
        #expect(error?.code == .state)
        // The refused bundle did not unseat the first one.
        #expect(try runtime.adopt(Self.framework(), main: false).string("kit.title") == "Bausatz")
        withExtendedLifetime(app) {}
    }

    @Test func languageChangeReachesEveryBundle() throws {
        let runtime = Runtime(preferredLanguages: ["de"])
        let app = try runtime.adopt(Self.app(), main: true)
        let kit = try runtime.adopt(Self.framework(), main: false)
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["Anwendung", "Bausatz"])
        runtime.preferredLanguages = ["en"]
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["App", "Kit"])
        runtime.preferredLanguages = ["ja", "de"]
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["アプリ", "Kit"])
        // French: the app falls back to English, and so the framework, which has French, shows English.
        runtime.preferredLanguages = ["fr"]
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["App", "Kit"])
        runtime.preferredLanguages = ["de-CH", "fr"]
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["Anwendung", "Bausatz"])
        #expect(kit.preferredLocalizations == ["de", "en"])
    }

    @Test func languageChangeReachesEveryBundleWithMixedLocalizations() throws {
        let runtime = Runtime(preferredLanguages: ["de"])
        let app = try runtime.adopt(Self.app(mixed: true), main: true)
        let kit = try runtime.adopt(Self.framework(), main: false)
        runtime.preferredLanguages = ["fr"]
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["App", "Trousse"])
        runtime.preferredLanguages = ["ja", "fr"]
        #expect(try [app.string("app.title"), kit.string("kit.title")] == ["アプリ", "Trousse"])
        #expect(try kit.format("kit.title", arguments: []).resolution.step == .laterPreference)
    }

    @Test func aFrameworkMessageLookedUpInTheAppBundleIsVisibleInExplain() throws {
        let runtime = Runtime(preferredLanguages: ["de"])
        let app = try runtime.adopt(Self.app(), main: true)
        _ = try runtime.adopt(Self.framework(), main: false)
        // The caller's error: kit.title lives in the framework. The key comes back, and the trace
        // says which bundle was searched and that nothing served it.
        #expect(try app.string("kit.title") == "kit.title")
        let trace = try app.explain("kit.title")
        #expect(trace.bundle == "com.example.app")
        #expect(trace.isMain)
        #expect(trace.step == .key)
        #expect(trace.served == nil)
        #expect(trace.tableLocalization == "de")
        #expect(trace.text.contains("bundle: com.example.app (main)"))
        #expect(trace.text.contains("served by: (none)"))
        #expect(trace.text.contains("step: key"))
    }
}
