@testable import LokaleCore
import CTable
import Testing

/// Lookup plans are kept by content and bounded: a language that comes back reuses its plan, and
/// past the limit a bundle stops publishing and answers through the general path, right all along.
@Suite struct PlanStoreTests {
    /// ISO 639's private-use codes (qaa–qtz): real language subtags that no CLDR data claims.
    static let codes: [String] = (0..<300).map { i in
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return "q" + String(letters[i / 26]) + String(letters[i % 26])
    }

    static func bundle(_ localizations: [String], runtime: Runtime) throws -> Bundle {
        var c = StringCatalog()
        c.add("greeting", localizations.map { ($0, .text("hello in \($0)")) })
        return try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
    }

    static func lookup(_ b: Bundle, _ key: String) throws -> String {
        try withBytes(key) { k throws(LokaleError) in
            String(decoding: try b.lookup(key: k, table: nil, default: nil).text, as: UTF8.self)
        }
    }

    @Test func aLanguageThatComesBackReusesItsPlan() throws {
        let runtime = Runtime(preferredLanguages: ["en"])
        let b = try Self.bundle(["en", "fr", "de"], runtime: runtime)
        for i in 0..<1_000 {
            let l = ["fr", "de", "en"][i % 3]
            runtime.preferredLanguages = [l]
            #expect(try Self.lookup(b, "greeting") == "hello in \(l)")
            #expect(b.currentPlan != nil)
        }
        #expect(b.plans.count == 3)
    }

    /// Per-call lists keep their plans in a bundle's list entries: two lists whose ids share a set
    /// both stay (two ways), a third in that set evicts the less recently written, and each list's
    /// plan answers in its own language.
    @Test func listsSharingASetKeepTheirPlans() throws {
        let runtime = Runtime(preferredLanguages: ["en"])
        let b = try Self.bundle(["en", "fr", "de", "it"], runtime: runtime)
        var lists: [Languages] = []
        while lists.count < 3 {
            // A junk second entry makes each list distinct; it is skipped, as any malformed tag.
            let l = Languages.named([["fr", "de", "it"][lists.count], "junk!\(UInt64.random(in: 0..<1 << 40))"])
            if lists.isEmpty || (l.id - lists[0].id) % UInt64(LK_LIST_SETS) == 0 { lists.append(l) }
        }
        func plan(_ l: Languages) -> Bool { b.plans.plan(for: runtime.generation, list: l.id) != nil }
        func lookup(_ l: Languages) throws -> String {
            try withBytes("greeting") { k throws(LokaleError) in String(decoding: try b.lookup(key: k, table: nil, default: nil, languages: l).text, as: UTF8.self) }
        }
        #expect(try lookup(lists[0]) == "hello in fr")
        #expect(try lookup(lists[1]) == "hello in de")
        #expect(plan(lists[0]) && plan(lists[1]))
        #expect(try lookup(lists[2]) == "hello in it")
        #expect(!plan(lists[0]) && plan(lists[1]) && plan(lists[2]))
        #expect(try lookup(lists[0]) == "hello in fr") // negotiated again, answered the same
        #expect(plan(lists[0]) && !plan(lists[1]) && plan(lists[2]))
    }

    @Test func pastTheLimitLookupsTakeTheGeneralPath() throws {
        let runtime = Runtime(preferredLanguages: ["en"])
        let b = try Self.bundle(["en"] + Self.codes, runtime: runtime)
        for l in Self.codes {
            runtime.preferredLanguages = [l]
            #expect(try Self.lookup(b, "greeting") == "hello in \(l)")
            #expect(try b.string("greeting") == "hello in \(l)")
            #expect(try b.format("greeting", arguments: []).text == "hello in \(l)")
        }
        #expect(b.plans.count == PlanStore.limit)
        #expect(b.currentPlan == nil) // the 300th language has no plan
        // A language seen early still has its plan.
        runtime.preferredLanguages = [Self.codes[0]]
        #expect(b.currentPlan != nil)
        #expect(try Self.lookup(b, "greeting") == "hello in qaa")
    }
}
