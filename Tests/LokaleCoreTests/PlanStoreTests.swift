@testable import LokaleCore
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

    /// Per-call lists keep their plans in their own entries: any number of lists used with one
    /// bundle all keep theirs (no list evicts another's), a list used with several bundles keeps one
    /// per bundle, and a bundle opened after another was freed never reads the freed one's plan.
    @Test func listsKeepTheirPlansPerBundle() throws {
        let runtime = Runtime(preferredLanguages: ["en"])
        let b = try Self.bundle(["en", "fr", "de", "it"], runtime: runtime)
        func lookup(_ bundle: Bundle, _ l: Languages) throws -> String {
            try withBytes("greeting") { k throws(LokaleError) in
                String(decoding: try bundle.lookup(key: k, table: nil, default: nil, languages: l).text, as: UTF8.self)
            }
        }
        // A junk second entry makes each list distinct; it is skipped, as any malformed tag.
        let lists = (0..<2000).map { i in Languages.named([["fr", "de", "it"][i % 3], "junk!\(i)-\(UInt64.random(in: 0..<1 << 40))"]) }
        for l in lists { _ = try lookup(b, l) }
        for (i, l) in lists.enumerated() {
            #expect(b.plans.plan(for: runtime.generation, list: l) != nil)
            #expect(try lookup(b, l) == "hello in \(["fr", "de", "it"][i % 3])")
        }
        let others = try (0..<3).map { _ in try runtime.adopt(try CompiledCatalogs.table(["Localizable": {
            var c = StringCatalog(); c.add("greeting", [("en", .text("hi")), ("de", .text("hallo"))]); return c }()]), main: false) }
        let l = lists[1] // German
        for o in others { #expect(try lookup(o, l) == "hallo") }
        #expect(others.allSatisfy { $0.plans.plan(for: runtime.generation, list: l) != nil })
        #expect(b.plans.plan(for: runtime.generation, list: l) != nil)
        // A language change moves the generation: every entry is stale, then made again.
        runtime.preferredLanguages = ["it"]
        #expect(b.plans.plan(for: runtime.generation, list: l) == nil)
        #expect(try lookup(b, l) == "hello in de")
        #expect(b.plans.plan(for: runtime.generation, list: l) != nil)
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
