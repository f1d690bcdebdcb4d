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
