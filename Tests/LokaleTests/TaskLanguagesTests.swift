import Lokale
import Testing

/// A server's requests from Swift: `LokaleRuntime.withLanguages` binds languages to a task (and its
/// children) through a task-local, per-call `languages:` to one call; neither touches the
/// runtime's own languages, and concurrent tasks each see only theirs.
@Suite struct TaskLanguagesTests {
    static func expected(_ languages: [String], _ messages: [Message], app path: String) throws -> [String] {
        let bundle = try LokaleRuntime(preferredLanguages: languages).open(path, main: true)
        return messages.map { bundle.string($0) }
    }

    static let messages: [Message] = ["Welcome", "\(5) items", "\(2) items in \("Sample Set")", "Average: \(0.5)", "only.english"]
    static let requests: [[String]] = [["de"], ["fr-CA", "en"], ["pl"], ["ja", "de"], ["es"], ["*", "fr"], [], ["junk!", "pl"]]

    @Test func concurrentTasksEachAnswerInTheirOwnLanguages() async throws {
        let path = try TestBundles.app()
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(path, main: true)
        let want = try Self.requests.map { try Self.expected($0, Self.messages, app: path) }
        let wrong = await withTaskGroup(of: [String].self) { group in
            for task in 0..<16 {
                let r = task % Self.requests.count
                group.addTask {
                    await LokaleRuntime.withLanguages(Self.requests[r]) {
                        var bad: [String] = []
                        for round in 0..<200 {
                            let i = round % Self.messages.count
                            if round % 7 == 0 { await Task.yield() } // resumed on any thread, same languages
                            let got = app.string(Self.messages[i])
                            if got != want[r][i] { bad.append("\(Self.requests[r]) \(Self.messages[i].key): \(got) != \(want[r][i])") }
                        }
                        return bad
                    }
                }
            }
            // Meanwhile the process changes its own language: no request may see it.
            group.addTask {
                for l in ["de", "fr", "pl", nil] + Array(repeating: "de", count: 20) { try? runtime.setLanguage(l) }
                try? runtime.setLanguage(nil)
                return []
            }
            var all: [String] = []
            for await bad in group { all += bad }
            return all
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(runtime.language == nil)
    }

    @Test func childTasksInheritAndOtherTasksDoNot() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        let welcome: Message = "Welcome"
        #expect(LokaleRuntime.currentRequestLanguages == nil)
        await LokaleRuntime.withLanguages(["de"]) {
            #expect(LokaleRuntime.currentRequestLanguages == ["de"])
            #expect(app.string(welcome) == "Willkommen")
            #expect(app.preferredLocalizations.first == "de")
            async let child = app.string(welcome)
            #expect(await child == "Willkommen")
            // A detached task is another request.
            let detached = await Task.detached { app.string(welcome) }.value
            #expect(detached == "Welcome")
            // Nested: the inner list wins inside, the outer one is back after.
            LokaleRuntime.withLanguages(["fr"]) { #expect(app.string(welcome) == "Bienvenue") }
            #expect(app.string(welcome) == "Willkommen")
            // Per-call languages win over the task's.
            #expect(app.string(welcome, languages: ["pl"]) == "Witamy")
            #expect(app.explain(welcome).servedLocalization == "de")
        }
        #expect(app.string(welcome) == "Welcome")
        #expect(app.explain(welcome, languages: ["fr"]).result == "Bienvenue")
        #expect(app.explain(welcome, languages: ["fr"]).orderedLocalizations.first == "fr")
    }

    @Test func aLibraryFollowsTheAppUnderTheRequestsLanguages() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        let kit = try runtime.open(try TestBundles.app(identifier: "com.example.kit"))
        // The app has no Spanish or Japanese: the library shows the app's next choice, German.
        let langs = ["es", "ja", "de"]
        #expect(kit.string("Welcome", languages: langs) == "Willkommen")
        #expect(LokaleRuntime.withLanguages(langs) { kit.preferredLocalizations } == (try LokaleRuntime(preferredLanguages: langs)
            .open(try TestBundles.app(identifier: "com.example.kit2"), main: false)).preferredLocalizations)
        withExtendedLifetime(app) {}
    }

    @Test func headersBecomeLanguages() {
        #expect(LokaleRuntime.parseAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == ["fr-CH", "fr", "en", "de"])
        #expect(LokaleRuntime.parseAcceptLanguage("\u{0}\u{7F}garbage;;q=") == [])
    }
}
