import FoundationEssentials
import LokaleCore
import TestSupport
import Testing

/// ICU's localeMatcherTest.txt once more, this time through `ICUMatcher.order` — the path a bundle
/// takes, where preferences and localizations pass `LanguageTag` first — rather than the shim alone.
@Suite struct LocaleMatcherStrategyConformanceTests {
    /// Each case with the parameters `LocaleMatcherConformanceTests.run` uses. Where ICU finds no
    /// match (its default locale stands in) the strategy must report none; otherwise its first
    /// localization must be the file's expected match. The 2 ICU-20727 cases differ only in the
    /// combined locale, which `order` does not report, so every case is expected to pass.
    @Test(.enabled(if: Fixtures.hasConformance, LocaleMatcherConformanceTests.skipReason))
    func everyCaseThroughTheStrategy() throws {
        let path = Fixtures.conformance! + "/icu4c-72.1/localeMatcherTest.txt"
        let data = try Data(contentsOf: URL(filePath: path))
        let cases = try LocaleMatcherConformanceTests.parse(String(decoding: data, as: UTF8.self))
        var passed = 0
        for c in cases {
            var parameters = ICUMatcher.Parameters(defaultLocale: .firstSupported)
            if !c.defaultLocale.isEmpty { parameters.defaultLocale = .locale(c.defaultLocale) }
            if c.favor == "script" { parameters.favorSubtag = .script }
            parameters.threshold = Int(c.threshold)
            if c.demotion == "none" { parameters.demotion = .none }
            if c.direction == "only-two-way" { parameters.direction = .onlyTwoWay }
            guard let supported = LocaleMatcherConformanceTests.priorityList(c.supported),
                  let desired = LocaleMatcherConformanceTests.priorityList(c.desired),
                  let icu = ICULocaleMatcher(supported: supported, parameters: parameters)?.bestMatch(desired) else {
                Issue.record("line \(c.line): ICU could not run '\(c.text)'")
                continue
            }
            let order = ICUMatcher(parameters: parameters).order(preferred: desired, available: supported)
            let got = order.first.map { ICULocaleMatcher.localeString(supported[$0.localization]) ?? "?" } ?? "none"
            let want = icu.supportedIndex == nil ? "none" : LocaleMatcherConformanceTests.expected(c.expMatch)
            if got == want {
                passed += 1
            } else {
                Issue.record("line \(c.line) '\(c.text)': the strategy gave \(got), expected \(want)")
            }
        }
        print("LocaleMatcher conformance through ICUMatcher.order: \(passed) of \(cases.count) cases passed")
        #expect(passed == cases.count)
    }

    /// CLDR gives `und` a meaning of its own: it matches `und` and nothing else (ICU's testUndefined).
    @Test func undefinedLanguage() {
        func order(_ p: [String], _ a: [String]) -> [String] {
            ICUMatcher().order(preferred: p, available: a).map { a[$0.localization] }
        }
        #expect(order(["und"], ["it", "und"]) == ["und"])
        #expect(order(["und"], ["it", "en"]).isEmpty)
        #expect(order(["en"], ["it", "und"]).isEmpty)
        #expect(order(["und", "en"], ["it", "en"]) == ["en"])
        // Legacy tags are read as their replacements (ICU's testMatchLegacyCode).
        #expect(order(["i-klingon"], ["fr", "tlh", "en"]) == ["tlh"])
        #expect(order(["tlh"], ["fr", "i-klingon", "en-Latn-US"]) == ["i-klingon"])
    }
}
