import Lokale
import TestSupport
import Testing

/// SPEC §7, §12: `LokaleRuntime.changes` yields one element per change of language after the
/// moment it is subscribed to, so that a UI reloads its text without a restart.
///
/// No test waits for a time: the runtime yields on the changing thread before `setLanguage`
/// returns, so what a stream holds is known when the change returns. `pending(_:)` counts it
/// exactly by reading the stream from a cancelled task — an `AsyncStream` hands a cancelled
/// reader the elements it buffered and then ends, without waiting. The time limit only turns a
/// lost element (a `for await` loop left waiting) into a failure instead of a hang.
@Suite(.timeLimit(.minutes(1))) struct RuntimeChangesTests {
    /// How many elements `stream` holds now; the stream ends (its subscription is removed).
    static func pending(_ stream: AsyncStream<Void>) async -> Int {
        let reader = Task {
            var n = 0
            for await _ in stream { n += 1 }
            return n
        }
        reader.cancel()
        return await reader.value
    }

    @Test func oneElementPerChangeAfterSubscription() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        try runtime.setLanguage("fr") // before subscribing: not delivered
        let changes = runtime.changes
        try runtime.setLanguage("de")
        try runtime.setLanguage(nil)
        #expect(await Self.pending(changes) == 2)
    }

    @Test func aStreamWithoutChangesHoldsNothing() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        try runtime.setLanguage("fr")
        #expect(await Self.pending(runtime.changes) == 0)
    }

    /// The way a UI uses it: a `for await` loop that reloads on each element.
    @Test func aForAwaitLoopSeesEachChange() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let app = try runtime.open(try TestBundles.app(), main: true)
        try runtime.setLanguage("pl")
        let changes = runtime.changes
        try runtime.setLanguage("de")
        try runtime.setLanguage("fr")
        var seen: [String] = []
        for await _ in changes {
            seen.append(app.string("Welcome"))
            if seen.count == 2 { break }
        }
        // Both changes happened before the loop ran: each element shows the latest language.
        #expect(seen == ["Bienvenue", "Bienvenue"])
        #expect(await Self.pending(changes) == 0)
    }

    /// A consumer running concurrently with the changes: it gets one element per change.
    @Test func aConcurrentConsumerGetsEveryChange() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let changes = runtime.changes
        let consumer = Task {
            var n = 0
            for await _ in changes {
                n += 1
                if n == 5 { break }
            }
            return n
        }
        for language in ["de", "fr", "pl", "de"] { try runtime.setLanguage(language) }
        runtime.preferredLanguages = ["fr"]
        #expect(await consumer.value == 5)
        #expect(await Self.pending(changes) == 0)
    }

    @Test func everySubscriberHasItsOwnStream() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let early = runtime.changes
        try runtime.setLanguage("de")
        let late = runtime.changes
        runtime.preferredLanguages = ["fr"]
        try runtime.setLanguage(nil)
        #expect(await Self.pending(early) == 3)
        #expect(await Self.pending(late) == 2)
    }

    /// A stream whose reader stopped is unsubscribed: later changes do not reach it, and the
    /// others still get theirs.
    @Test func anEndedStreamIsUnsubscribed() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let ended = runtime.changes
        let kept = runtime.changes
        try runtime.setLanguage("de")
        #expect(await Self.pending(ended) == 1)
        try runtime.setLanguage("fr")
        #expect(await Self.pending(ended) == 0)
        #expect(await Self.pending(kept) == 2)
    }

    /// A malformed tag changes nothing, so nothing is announced.
    @Test func aRefusedChangeIsNotAnnounced() async throws {
        let runtime = LokaleRuntime(preferredLanguages: ["en"])
        let changes = runtime.changes
        #expect(throws: LokaleError.self) { try runtime.setLanguage("not a language!") }
        try runtime.setLanguage("de")
        #expect(await Self.pending(changes) == 1)
    }

    /// A bundle that reloads a new version of its file is a change too.
    @Test func aReloadIsAChange() async throws {
        var v1 = TestCatalog()
        v1.add("title", [("en", .text("Old title")), ("de", .text("Alter Titel"))])
        let path = try TestBundles.compile(["Localizable": v1], name: "Reload")
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = try runtime.open(path, main: true)
        #expect(bundle.string("title") == "Alter Titel")
        let changes = runtime.changes
        #expect(try bundle.reload() == false) // unchanged on disk: nothing to do
        var v2 = TestCatalog()
        v2.add("title", [("en", .text("New title")), ("de", .text("Neuer Titel"))])
        let dir = String(path[..<path.lastIndex(of: "/")!])
        Fixtures.write(v2.json, to: "v2/Localizable.xcstrings", in: dir)
        _ = try Fixtures.compile([dir + "/v2/Localizable.xcstrings"], to: path)
        #expect(try bundle.reload(force: true))
        #expect(bundle.string("title") == "Neuer Titel")
        #expect(await Self.pending(changes) == 1)
    }
}
