import Lokale
import Testing

/// SPEC §2, §3: a framework bundle shows the main bundle's language, whichever of the two is
/// opened first, unless the main bundle allows mixed localizations.
@Suite struct SwiftMainBundleTests {
    /// The app speaks en (development) and fr; the framework en (development), fr and es.
    static func appPath(mixed: Bool = false) throws -> String {
        var c = TestCatalog()
        c.add("app.title", [("en", .text("App")), ("fr", .text("Appli"))])
        return try TestBundles.compile(["Localizable": c], name: "App", identifier: "com.example.app", mixed: mixed)
    }

    static func kitPath() throws -> String {
        var c = TestCatalog()
        c.add("kit.title", [("en", .text("Kit")), ("fr", .text("Trousse")), ("es", .text("Equipo"))])
        c.add("%lld parts", [("en", .plural([("one", "%lld part"), ("other", "%lld parts")])),
                             ("fr", .plural([("one", "%lld pièce"), ("other", "%lld pièces")])),
                             ("es", .plural([("one", "%lld pieza"), ("other", "%lld piezas")]))])
        return try TestBundles.compile(["Localizable": c], name: "Kit", identifier: "com.example.kit")
    }

    @Test func theFrameworkFollowsTheMainBundle() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let app = try runtime.open(try Self.appPath(), main: true)
        let kit = try runtime.open(try Self.kitPath())
        // The app has no Spanish: it shows English, and so does the framework, which has Spanish.
        #expect(app.string("app.title") == "App")
        #expect(kit.string("kit.title") == "Kit")
        #expect(kit.string("\(2) parts") == "2 parts")
        #expect(kit.preferredLocalizations == ["en"])
        #expect(kit.explain("kit.title").text.contains("(the main bundle's localizations)"))
    }

    @Test func theFrameworkFollowsAMainBundleOpenedAfterIt() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let kit = try runtime.open(try Self.kitPath())
        // No main bundle yet: the framework answers in the user's language.
        #expect(kit.string("kit.title") == "Equipo")
        #expect(kit.string("\(1) parts") == "1 pieza")
        let app = try runtime.open(try Self.appPath(), main: true)
        #expect(kit.string("kit.title") == "Kit")
        #expect(kit.string("\(1) parts") == "1 part")
        #expect(kit.explain("kit.title").servedLocalization == "en")
        withExtendedLifetime(app) {}
    }

    @Test func theFrameworkFollowsTheMainBundlesLanguageChanges() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let kit = try runtime.open(try Self.kitPath())
        let app = try runtime.open(try Self.appPath(), main: true)
        try runtime.setLanguage("fr")
        #expect([app.string("app.title"), kit.string("kit.title")] == ["Appli", "Trousse"])
        try runtime.setLanguage("es-MX")
        #expect([app.string("app.title"), kit.string("kit.title")] == ["App", "Kit"])
        runtime.preferredLanguages = ["es", "fr"]
        try runtime.setLanguage(nil)
        // The app chooses French (the user's second language); the framework shows French too.
        #expect([app.string("app.title"), kit.string("kit.title")] == ["Appli", "Trousse"])
        #expect(kit.string("\(3) parts") == "3 pièces")
    }

    @Test func mixedLocalizationsLetTheFrameworkUseTheUsersLanguage() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let app = try runtime.open(try Self.appPath(mixed: true), main: true)
        let kit = try runtime.open(try Self.kitPath())
        #expect(app.string("app.title") == "App")
        #expect(kit.string("kit.title") == "Equipo")
        #expect(kit.string("\(2) parts") == "2 piezas")
        #expect(kit.preferredLocalizations.first == "es")
        let e = kit.explain("kit.title")
        #expect(e.step == .translation)
        #expect(e.servedLocalization == "es")
    }

    @Test func mixedLocalizationsWhicheverIsOpenedFirst() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let kit = try runtime.open(try Self.kitPath())
        let app = try runtime.open(try Self.appPath(mixed: true), main: true)
        #expect(kit.string("kit.title") == "Equipo")
        withExtendedLifetime(app) {}
    }

    /// A framework message looked up in the app's bundle is the caller's error: the key comes
    /// back, and the trace shows which bundle was searched.
    @Test func aFrameworkMessageInTheAppBundleIsVisibleInExplain() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["fr"])
        let app = try runtime.open(try Self.appPath(), main: true)
        _ = try runtime.open(try Self.kitPath())
        #expect(app.string("kit.title") == "kit.title")
        let e = app.explain("kit.title")
        #expect(e.step == .key)
        #expect(e.text.contains("bundle: com.example.app (main)"))
    }
}
