@testable import LokaleCore
import Testing

/// The integer evaluator of CLDR plural rules (what MF2FastPlan selects with) answers as ICU does.
struct IntegerPluralRulesTests {
    static let locales = ["en", "ru", "uk", "pl", "cs", "fr", "es", "it", "pt", "ca", "de", "ar", "he", "cy", "br", "ga", "gd", "gv",
                          "lv", "lt", "mt", "sl", "ro", "is", "mk", "be", "kw", "ja", "zh", "hi", "bn", "sv", "hu", "ka", "sq",
                          "az", "kk", "ne", "as", "or", "tk", "sc", "fil", "ast", "shi", "ksh", "lag", "dsb", "hsb", "da", "si", "ak"]

    @Test func agreesWithICUForIntegers() throws {
        var x: UInt64 = 0x2545F4914F6CDD1D, checked = 0, evaluated = 0
        for locale in Self.locales {
            for ordinal in [false, true] {
                let rules = try #require(PluralRules.forLocale(locale, ordinal: ordinal), "\(locale)")
                guard let integers = IntegerPluralRules.forRules(rules, ordinal: ordinal) else { continue }
                evaluated += 1
                for digits in 1...16 {
                    var limit: UInt64 = 1
                    for _ in 0..<digits { limit *= 10 }
                    for _ in 0..<60 {
                        x = x &* 6364136223846793005 &+ 1442695040888963407
                        let n = Int64((x >> 11) % limit) * (x & 1 == 0 ? 1 : -1)
                        #expect(integers.category(n) == rules.category(Double(n)).rawIndex, "\(locale) \(ordinal ? "ordinal" : "cardinal") \(n)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 50_000)
        #expect(evaluated == 2 * Self.locales.count) // every one of these rule sets is read
    }

    @Test func russianReadsAsCLDRWritesIt() throws {
        let rules = try #require(PluralRules.forLocale("ru", ordinal: false))
        let integers = try #require(IntegerPluralRules.forRules(rules, ordinal: false))
        let names = [1_000_001: "one", 1_000_002: "few", 1_000_011: "many", 5_000_000: "many", 1_234_567_891: "one"]
        for (n, name) in names { #expect(integers.category(Int64(n)) == PluralCategory(rawValue: name)!.rawIndex) }
    }
}
