#if canImport(Glibc)
import Glibc
#endif
import LokaleCatalog
import LokaleCore
import TestSupport
import Testing

/// What the runtime answers to a careless user (docs/RELIABILITY.md, "Classes of user mistakes"):
/// nothing silently lost, every refusal quoting what was refused.
@Suite(.serialized) struct UserMistakeTests {
    static func app(identifier: String?) throws -> String {
        var c = StringCatalog()
        c.add("title", [("en", .text("Title")), ("fr", .text("Titre"))])
        let path = try CompiledCatalogs.compile(["Localizable": c], name: "MyApp") { $0.identifier = identifier }
        return path
    }

    /// A main bundle compiled without `--bundle-id` keeps the in-app language under the file's
    /// name, the runtime says so, and the path is known: it is never lost silently.
    @Test func inAppLanguageOfABundleWithoutIdentifierIsKeptAndReported() throws {
        let config = Fixtures.temporaryDirectory("lokale-config")
        setenv("XDG_CONFIG_HOME", config, 1)
        defer { unsetenv("XDG_CONFIG_HOME") }
        let path = try Self.app(identifier: nil)

        let first = Runtime(preferredLanguages: ["en"], settings: .automatic)
        let bundle = try first.open(path: path, main: true)
        #expect(bundle.identifier == "")
        try first.setLanguage("fr")
        #expect(first.settingsPath == config + "/lokale/MyApp.language")
        #expect(first.diagnostics.contains { $0.contains("no identifier") && $0.contains(config + "/lokale/MyApp.language") }, "\(first.diagnostics)")
        #expect(try bundle.string("title") == "Titre")

        let second = Runtime(preferredLanguages: ["en"], settings: .automatic)
        let again = try second.open(path: path, main: true)
        #expect(second.language == "fr")
        #expect(try again.string("title") == "Titre")
    }

    @Test func settingsPathIsTheRealOne() throws {
        let config = Fixtures.temporaryDirectory("lokale-config")
        setenv("XDG_CONFIG_HOME", config, 1)
        defer { unsetenv("XDG_CONFIG_HOME") }
        let runtime = Runtime(preferredLanguages: ["en"], settings: .automatic)
        #expect(runtime.settingsPath == nil) // no main bundle yet: no identifier to keep it under
        let bundle = try runtime.open(path: try Self.app(identifier: "com.example.app"), main: true)
        #expect(runtime.settingsPath == config + "/lokale/com.example.app.language")
        #expect(Runtime(settings: .file("/tmp/x.language")).settingsPath == "/tmp/x.language")
        #expect(Runtime(settings: .none).settingsPath == nil)
        withExtendedLifetime(bundle) {}
    }

    @Test func theInAppLanguageIsKeptCanonical() throws {
        let runtime = Runtime(preferredLanguages: ["en"])
        try runtime.setLanguage("de_DE.UTF-8")
        #expect(runtime.language == "de-DE")
    }

    @Test(arguments: ["../../etc", "./x", "."])
    func aPathIsNotALanguage(_ tag: String) {
        let runtime = Runtime(preferredLanguages: ["en"])
        #expect {
            try runtime.setLanguage(tag)
        } throws: { error in
            let message = (error as? LokaleError)?.message ?? ""
            return message.contains("'\(tag)'") && !message.hasPrefix("empty")
        }
        #expect(runtime.language == nil)
    }
}

/// A preference's numbering system (`-u-nu-`) decides the digits numbers are written with, as
/// Apple's current locale does, on every path (Swift's, and the one the C ABI takes).
@Suite struct NumberingSystemPreferenceTests {
    static let bundlePath: String = {
        var c = StringCatalog()
        c.add("items", [("en", .text("%lld items")), ("ar", .plural([("zero", .text("لا عناصر")), ("one", .text("عنصر واحد")),
                                                                        ("two", .text("عنصران")), ("few", .text("%lld عناصر")),
                                                                        ("many", .text("%lld عنصرًا")), ("other", .text("%lld عنصر"))]))])
        c.add("plain", [("en", .text("%lld plain")), ("ar", .text("%lld عادي"))])
        return try! CompiledCatalogs.compile(["Localizable": c])
    }()

    func formatted(_ preferred: [String], _ key: String, _ n: Int64) throws -> (swift: String, cPath: String) {
        let runtime = Runtime(preferredLanguages: preferred)
        let bundle = try runtime.open(path: Self.bundlePath)
        let swift = try bundle.format(key, arguments: [.int(n)]).text
        // The C ABI's general path; the C fast path declines when a numbering system is asked for.
        let c = try withBytes(key) { k throws(LokaleError) in try bundle.formatBytes(key: k, table: nil, defaultValue: nil, arguments: [.int(n)]) }
        return (swift, String(decoding: c.bytes, as: UTF8.self))
    }

    @Test func latinDigitsForArabicWhenAsked() throws {
        let own = try formatted(["ar-EG"], "plain", 1234)
        #expect(own.swift.contains("١٬٢٣٤"), "\(own.swift)")
        for _ in 0..<2 { // the second time through the plan published by the first
            let latin = try formatted(["ar-EG-u-nu-latn"], "plain", 1234)
            #expect(latin.swift.hasPrefix("1,234") || latin.swift.hasPrefix("1.234"), "\(latin.swift)")
            #expect(latin.cPath == latin.swift)
            let plural = try formatted(["ar-EG-u-nu-latn"], "items", 15)
            #expect(plural.swift == "15 عنصرًا" && plural.cPath == plural.swift, "\(plural)")
        }
    }

    @Test func arabicDigitsForEnglishWhenAsked() throws {
        let latin = try formatted(["en"], "plain", 1234)
        #expect(latin.swift == "1,234 plain")
        let arab = try formatted(["en-u-nu-arab"], "plain", 1234)
        #expect(arab.swift.contains("١") && !arab.swift.contains("1"), "\(arab.swift)")
        #expect(arab.cPath == arab.swift)
    }

    @Test func theKeywordIsRead() {
        #expect(LanguageTag.numberingSystem(of: "ar-EG-u-nu-latn") == "latn")
        #expect(LanguageTag.numberingSystem(of: "th-u-ca-buddhist-nu-thai") == "thai")
        #expect(LanguageTag.numberingSystem(of: "ar_EG") == nil)
        #expect(LanguageTag.numberingSystem(of: "en-x-nu-latn") == nil)
        #expect(LanguageTag.numberingSystem(of: "de-u-co-phonebk") == nil)
    }
}
