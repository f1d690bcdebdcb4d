import LokaleCatalog
@testable import LokaleCore
import Testing
import TestSupport

/// Per-call languages (a server's requests) against the contract they promise: on the real String
/// Catalogs of ../shared/conformance, every key answered through a `Languages` list is what a
/// runtime with those preferred languages answers — the same text, step, ordered localizations and
/// trace — whatever the process's own languages and in-app language are, with a framework bundle
/// following the main bundle under the list.
@Suite(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
struct RequestLanguagesTests {
    static let lists: [[String]] = [
        ["fr-CA", "en"], ["de"], ["pt-BR"], ["ja-JP", "fr"], ["zh-Hant-TW"], ["es-419", "es"], ["sv"], ["zz"], [],
        ["not a tag!", "it"], ["*", "ko"], ["en-GB"], ["ar-EG-u-nu-latn"], ["ru", "uk"], ["nb", "da"],
    ]

    static func catalogs() -> [String] { Conformance.files(under: "catalogs", ext: "xcstrings") }

    @Test(arguments: catalogs())
    func sameAnswersAsARuntimeWithThoseLanguages(path: String) throws {
        let dir = Fixtures.temporaryDirectory("lokale-requests")
        let compiled = try Fixtures.compile([path], to: dir + "/app.lokale")
        let keys = try RefCatalogReader.xcstrings(path).keys
        #expect(!keys.isEmpty)
        // The process's own state is deliberately different from every list.
        let process = Runtime(preferredLanguages: ["tr", "ja"])
        try process.setLanguage("el")
        let app = try process.open(path: compiled, main: true)
        for list in Self.lists {
            let languages = process.languages(list)
            let reference = try Runtime(preferredLanguages: list).open(path: compiled, main: true)
            #expect(app.preferredLocalizations(languages: languages) == reference.preferredLocalizations, "\(list)")
            for key in keys {
                for pass in 0..<2 { // the second reads the plan the first published
                    let got = try app.string(key, languages: languages), want = try reference.string(key)
                    #expect(got == want, "\(list) '\(key)' pass \(pass)")
                    let fast = try app.text(key, default: "d", table: nil, languages: languages)
                    #expect(fast == (try reference.text(key, default: "d", table: nil)), "\(list) '\(key)'")
                }
                let args: [FormatArgument] = [.int(3), .string("x")]
                let trace = try app.explain(key, arguments: args, languages: languages)
                let expected = try reference.explain(key, arguments: args)
                #expect(trace.json == expected.json, "\(list) '\(key)'")
                #expect(try app.formattedText(key, default: nil, table: nil, arguments: args, languages: languages)
                        == (try reference.formattedText(key, default: nil, table: nil, arguments: args)))
            }
        }
        // Untouched: the process still answers in its in-app language.
        #expect(process.language == "el")
        #expect(app.preferredLocalizations == (try Runtime(preferredLanguages: ["el", "tr", "ja"]).open(path: compiled, main: true)).preferredLocalizations)
    }

    @Test func aFrameworkFollowsTheMainBundleUnderTheList() throws {
        guard let path = Self.catalogs().first else { return }
        let dir = Fixtures.temporaryDirectory("lokale-requests")
        let appFile = try Fixtures.compile([path], to: dir + "/app.lokale")
        let kitFile = try Fixtures.compile([path], to: dir + "/kit.lokale") { $0.identifier = "com.example.kit" }
        let process = Runtime(preferredLanguages: ["en"])
        let app = try process.open(path: appFile, main: true)
        let kit = try process.open(path: kitFile)
        for list in Self.lists {
            let languages = process.languages(list)
            let r = Runtime(preferredLanguages: list)
            let refApp = try r.open(path: appFile, main: true), refKit = try r.open(path: kitFile)
            #expect(kit.preferredLocalizations(languages: languages) == refKit.preferredLocalizations, "\(list)")
            #expect(app.preferredLocalizations(languages: languages) == refApp.preferredLocalizations, "\(list)")
        }
    }

    @Test func equalListsShareOneSelectionAndTheCachesStayBounded() throws {
        guard let path = Self.catalogs().first else { return }
        let compiled = try Fixtures.compile([path], to: Fixtures.temporaryDirectory("lokale-requests") + "/app.lokale")
        let runtime = Runtime(preferredLanguages: ["en"])
        let app = try runtime.open(path: compiled, main: true)
        #expect(runtime.languages(["fr", "de"]) === runtime.languages(["fr", "de"]))
        #expect(runtime.languages(["fr", "de"]) !== runtime.languages(["de", "fr"]))
        for i in 0..<5000 { _ = try app.string("k", languages: runtime.languages(["x\(i)", i % 2 == 0 ? "fr" : "de"])) }
        // Plans are kept by content: thousands of lists make only the few distinct plans there are.
        #expect(app.plans.count < 16)
    }
}
