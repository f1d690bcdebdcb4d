import LokaleCore
import Testing

/// SPEC §3's observed Apple results, and the legacy spellings Apple accepts.
@Suite struct AppleMatcherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var preferred: [String]
        var available: [String]
        var expected: [String]
        var testDescription: String { "\(preferred) in \(available)" }
    }

    static let specTable: [Case] = [
        Case(preferred: ["en-GB"], available: ["en", "en_GB"], expected: ["en_GB", "en"]),
        Case(preferred: ["en-IN"], available: ["en", "en_AU", "en_GB"], expected: ["en_GB", "en"]),
        Case(preferred: ["en-AU"], available: ["en", "en_AU", "en_GB"], expected: ["en_AU", "en_GB", "en"]),
        Case(preferred: ["en-US"], available: ["en", "en_GB"], expected: ["en"]),
        Case(preferred: ["zh-HK"], available: ["zh_CN", "zh_TW"], expected: ["zh_TW"]),
        Case(preferred: ["zh-HK"], available: ["zh_Hans", "zh_Hant"], expected: ["zh_Hant"]),
        Case(preferred: ["zh"], available: ["zh_Hans", "zh_Hant"], expected: ["zh_Hans"]),
        Case(preferred: ["pt-BR"], available: ["pt", "pt_PT"], expected: ["pt"]),
        Case(preferred: ["pt-PT"], available: ["pt", "pt_PT"], expected: ["pt_PT", "pt"]),
        Case(preferred: ["es-MX"], available: ["es", "es_419"], expected: ["es_419", "es"]),
        Case(preferred: ["de-AT", "fr"], available: ["en", "fr"], expected: ["fr"]),
        Case(preferred: ["it"], available: ["en", "fr", "de"], expected: []),
    ]

    static let legacyAndGeneral: [Case] = [
        Case(preferred: ["English"], available: ["en", "fr"], expected: ["en"]),
        Case(preferred: ["fr"], available: ["English", "French"], expected: ["French"]),
        Case(preferred: ["no"], available: ["nb", "en"], expected: ["nb"]),
        Case(preferred: ["nb-NO"], available: ["no", "en"], expected: ["no"]),
        Case(preferred: ["iw"], available: ["he", "en"], expected: ["he"]),
        Case(preferred: ["he"], available: ["iw", "en"], expected: ["iw"]),
        Case(preferred: ["zh_TW"], available: ["zh-Hant-TW", "en"], expected: ["zh-Hant-TW"]),
        Case(preferred: ["zh-Hant-TW"], available: ["zh_TW", "zh_CN"], expected: ["zh_TW"]),
        Case(preferred: ["EN_gb"], available: ["en", "en-GB"], expected: ["en-GB", "en"]),
        Case(preferred: ["pt-BR"], available: ["pt_PT", "fr"], expected: ["pt_PT"]),
        Case(preferred: ["zh-MO"], available: ["zh_HK", "zh_TW", "zh_CN"], expected: ["zh_HK", "zh_TW"]),
        Case(preferred: ["sr-Latn-RS"], available: ["sr", "sr_Latn"], expected: ["sr_Latn"]),
        Case(preferred: ["es-AR"], available: ["es", "es_MX", "es_419"], expected: ["es_419", "es"]),
        Case(preferred: ["fr-CA"], available: ["fr", "fr_CA", "en"], expected: ["fr_CA", "fr"]),
        Case(preferred: ["ja-JP", "en"], available: ["en", "de"], expected: ["en"]),
        Case(preferred: ["zh-Hant-HK"], available: ["zh_CN"], expected: []),
    ]

    @Test(arguments: specTable + legacyAndGeneral)
    func orders(_ c: Case) {
        let order = AppleMatcher().order(preferred: c.preferred, available: c.available).map { c.available[$0.localization] }
        #expect(order == c.expected)
    }

    @Test func developmentLocalizationIsAppended() {
        #expect(Negotiation.order(preferred: ["it"], available: ["en", "fr"], development: "en", matcher: AppleMatcher()) == ["en"])
        #expect(Negotiation.order(preferred: ["fr-CA"], available: ["en", "fr"], development: "en", matcher: AppleMatcher()) == ["fr", "en"])
    }

    @Test func malformedPreferencesAreSkipped() {
        let odd = ["", "-", "en--US", String(repeating: "a", count: 300), "été", "C.UTF-8@euro", "POSIX", "fr"]
        let order = AppleMatcher().order(preferred: odd, available: ["en", "fr"])
        #expect(order.map(\.localization) == [1])
        #expect(order.first?.reason == .matched(preference: 7, language: "fr"))
        let runtime = Runtime(preferredLanguages: odd)
        #expect(runtime.diagnostics.count == 7)
    }

    @Test func systemPreferencesFromTheEnvironment() {
        let env: [String: String] = ["LANGUAGE": "fr_CA:de::C", "LC_ALL": "", "LC_MESSAGES": "pt_BR.UTF-8@euro", "LANG": "en_US.UTF-8"]
        #expect(SystemLanguages.preferred { env[$0] } == ["fr-CA", "de", "pt-BR"])
        #expect(SystemLanguages.preferred { ["LANG": "C.UTF-8"][$0] } == [])
        #expect(SystemLanguages.preferred { ["LANG": "ja_JP.eucJP"][$0] } == ["ja-JP"])
    }
}
