import Lokale
import Testing

/// SPEC §7: bundles are shared by any number of threads; a language change publishes a new
/// state atomically, so every lookup answers in one language or another, never a mix or garbage.
@Suite struct SwiftConcurrencyTests {
    static let name = "Sample Set"

    /// What each message may show, by language (de, fr, pl, en).
    static let valid: [String: Set<String>] = [
        "Welcome": ["Willkommen", "Bienvenue", "Witamy", "Welcome"],
        "Collection: %@": ["Sammlung: Sample Set", "Collection : Sample Set", "Kolekcja: Sample Set", "Collection: Sample Set"],
        "%lld items": ["5 Elemente", "5 éléments", "5 elementów", "5 items"],
        "%lld items in %@": ["2 Elemente in Sample Set", "2 éléments dans Sample Set", "2 items in Sample Set"],
        "Average: %lf": ["Durchschnitt: 0,500000", "Moyenne : 0,500000", "Average: 0.500000", "Average: 0,500000"],
    ]

    static var messages: [Message] {
        let name = Self.name
        return ["Welcome", "Collection: \(name)", "\(5) items", "\(2) items in \(name)", "Average: \(0.5)"]
    }

    @Test func lookupsDuringLanguageChangesShowAValidText() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        let other = try runtime.open(try TestBundles.app(identifier: "com.example.other"))
        let messages = Self.messages
        let readers = 8, rounds = 300

        let invalid = try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask {
                for i in 0..<rounds {
                    try runtime.setLanguage(["de", "fr", "pl", nil][i % 4])
                    if i % 50 == 0 { runtime.preferredLanguages = i % 100 == 0 ? ["en"] : ["pl", "en"] }
                    await Task.yield()
                }
                try runtime.setLanguage(nil)
                return []
            }
            for r in 0..<readers {
                group.addTask {
                    var bad: [String] = []
                    let bundle = r % 2 == 0 ? app : other
                    for i in 0..<rounds {
                        let m = messages[(i + r) % messages.count]
                        let text = bundle.string(m)
                        if Self.valid[m.key]?.contains(text) != true { bad.append("\(m.key) → \(text)") }
                        if i % 25 == 0 {
                            let e = bundle.explain(m)
                            if Self.valid[m.key]?.contains(e.result) != true { bad.append("explain \(m.key) → \(e.result)") }
                        }
                        if i % 10 == 0 { await Task.yield() }
                    }
                    return bad
                }
            }
            var all: [String] = []
            for try await bad in group { all += bad }
            return all
        }
        #expect(invalid.isEmpty, "\(invalid.prefix(10))")
        // After the changes, the preferences apply again.
        runtime.preferredLanguages = ["de"]
        #expect(app.string("Welcome") == "Willkommen")
        #expect(other.string("Welcome") == "Willkommen")
    }

    /// Module bundles asked for concurrently: one file, one bundle.
    @Test func concurrentModuleAccessOpensOneBundle() async throws {
        let path = try TestBundles.app()
        let runtime = LokaleRuntime(preferredLanguages: ["fr"])
        let texts = await withTaskGroup(of: (String?, String).self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let b = LokaleBundle.module(resource: "App.lokale", folders: [], identifier: "App", kind: .main,
                                                buildPath: path, runtime: runtime)
                    return (b.path, b.string("Welcome"))
                }
            }
            var all: [(String?, String)] = []
            for await t in group { all.append(t) }
            return all
        }
        #expect(texts.count == 16)
        #expect(texts.allSatisfy { $0.0 == path && $0.1 == "Bienvenue" })
        #expect(runtime.mainBundle?.path == path)
        #expect(runtime.diagnostics.isEmpty, "\(runtime.diagnostics)")
    }
}
