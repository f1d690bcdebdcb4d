import FoundationEssentials
import LokaleCore
import Testing

/// `explain`: which bundle and table, the ordered localizations and why, which one served, which
/// step answered; as text and as JSON that a JSON parser accepts.
@Suite struct ExplainTraceTests {
    struct JSONTrace: Decodable {
        struct Localization: Decodable {
            var localization: String
            var reason: String
            var preference: Int?
            var language: String?
            var of: String?
            var hasTable: Bool
        }
        var bundle: String
        var main: Bool
        var table: String
        var key: String
        var `default`: String?
        var policy: String
        var negotiatedAgainst: [String]
        var followsMainBundle: Bool
        var localizations: [Localization]
        var tableLocalization: String?
        var served: String?
        var step: String
        var result: String
        var problems: [String]
    }

    static func decode(_ trace: Trace) throws -> JSONTrace {
        try JSONDecoder().decode(JSONTrace.self, from: Data(trace.json.utf8))
    }

    static func app(_ preferred: [String]) throws -> Bundle {
        try LookupFallbackTests.app(preferred)
    }

    @Test func translationTrace() throws {
        let trace = try Self.app(["en-GB"]).explain("color")
        // These lines, in this order (the trace may carry more).
        let expected = [
            "bundle: com.example.app (main)", "table: Localizable", "key: color", "negotiated against: en-GB",
            "ordered localizations:", "  1. en-GB: matches preference #1 'en-GB'", "  2. en: fallback of 'en-GB' (preference #1)",
            "table read from: en-GB", "served by: en-GB", "step: translation: a preferred language has the translation", "result: Colour",
        ]
        var lines = trace.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        for line in expected {
            guard let i = lines.firstIndex(of: line) else { Issue.record("missing or out of order: \(line)\n\(trace.text)"); break }
            lines = lines[(i + 1)...]
        }
        #expect(trace.text.hasSuffix("result: Colour\n"))
        let j = try Self.decode(trace)
        #expect(j.bundle == "com.example.app" && j.main && j.table == "Localizable" && j.key == "color")
        #expect(j.default == nil)
        #expect(j.policy == "apple")
        #expect(j.negotiatedAgainst == ["en-GB"])
        #expect(j.localizations.map(\.localization) == ["en-GB", "en"])
        #expect(j.localizations.map(\.reason) == ["matched", "fallback"])
        #expect(j.localizations[0].language == "en-GB" && j.localizations[0].preference == 0)
        #expect(j.localizations[1].of == "en-GB")
        #expect(j.localizations.allSatisfy { $0.hasTable })
        #expect(j.tableLocalization == "en-GB" && j.served == "en-GB")
        #expect(j.step == "translation" && j.result == "Colour" && j.problems.isEmpty)
    }

    @Test func defaultValueTraceNamesTheTableWithoutTheKey() throws {
        let trace = try Self.app(["fr"]).explain("only.en", default: "Fallback")
        #expect(trace.text.contains("default value: Fallback\n"))
        #expect(trace.text.contains("table read from: fr\n"))
        #expect(trace.text.contains("served by: (none)\n"))
        #expect(trace.text.contains("step: default: the lookup failed: the explicit default value\n"))
        #expect(trace.text.hasSuffix("result: Fallback\n"))
        let j = try Self.decode(trace)
        #expect(j.default == "Fallback" && j.served == nil && j.tableLocalization == "fr")
        #expect(j.step == "default" && j.result == "Fallback")
        #expect(j.localizations.map(\.reason) == ["matched", "development"])
    }

    @Test func tableMissingFromTheFirstLocalizationIsMarked() throws {
        let trace = try Self.app(["fr"]).explain("settings.title", table: "Settings")
        #expect(trace.text.contains("1. fr: matches preference #1 'fr' [no table 'Settings']\n"))
        #expect(trace.text.contains("2. en: development localization\n"))
        #expect(trace.text.contains("table read from: en\n"))
        #expect(trace.text.contains("step: development:"))
        let j = try Self.decode(trace)
        #expect(j.localizations.map(\.hasTable) == [false, true])
        #expect(j.table == "Settings")
    }

    @Test func unknownTableAndLaterPreference() throws {
        let unknown = try Self.app(["de"]).explain("greeting", table: "Nope")
        #expect(unknown.text.contains("table read from: (no localization has this table)\n"))
        #expect(unknown.step == .key)
        #expect(try Self.decode(unknown).localizations.allSatisfy { !$0.hasTable })

        let later = try Self.app(["it", "de"]).explain("greeting")
        #expect(later.text.contains("negotiated against: it, de\n"))
        #expect(later.text.contains("1. de: matches preference #2 'de'\n"))
        #expect(later.text.contains("step: later-preference:"))
        let j = try Self.decode(later)
        #expect(j.step == "later-preference" && j.localizations[0].preference == 1)

        let none = try Self.app([]).explain("greeting")
        #expect(none.text.contains("negotiated against: (no preferences)\n"))
        #expect(try Self.decode(none).negotiatedAgainst.isEmpty)
    }

    @Test func problemsAppearInTheTrace() throws {
        let trace = try Self.app(["fr"]).explain("absent", default: "%@ has %lld", arguments: [.string("Anna")])
        #expect(trace.result == "Anna has %lld")
        #expect(trace.problems.count == 1)
        #expect(trace.text.contains("problem: argument 2 was not passed (1 given)\n"))
        #expect(try Self.decode(trace).problems == trace.problems)
    }

    @Test(arguments: ["quote \"x\" and \\ backslash", "new\nline\ttab\r", "control \u{01}\u{1F}\u{7F}", "ünïcödé ✓ 🎉", "</script>"])
    func jsonEscapesEverything(_ key: String) throws {
        let trace = try Self.app(["fr"]).explain(key, default: key + " (default)")
        let j = try Self.decode(trace)
        #expect(j.key == key)
        #expect(j.default == key + " (default)")
        #expect(j.result == key + " (default)")
    }

    @Test func jsonIsOneObject() throws {
        let json = try Self.app(["en"]).explain("greeting").json
        #expect(json.first == "{" && json.last == "}")
        #expect(!json.contains("\n"))
        #expect(!json.contains(",,") && !json.contains(",}") && !json.contains(",]") && !json.contains("[,") && !json.contains("{,"))
    }
}
