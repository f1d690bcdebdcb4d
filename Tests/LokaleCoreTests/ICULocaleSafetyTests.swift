import CICU
@testable import LokaleCore
import Testing

/// Locale names ICU 72 crashes on instead of failing: names icu::Locale makes "bogus" (uloc_getName
/// refuses them, or their first field has 12 bytes or more), on which ordinal plural rules, date
/// formats and pattern generators copy a NULL name, and names longer than ICU's fixed buffers,
/// which plural rules overflow. Every CICU function that opens an ICU service for a locale answers
/// for such a name as ICU does for a bogus locale where it does not crash: as for root (""). The
/// Swift layers above read most names first (`ICULocale`), but not all: PluralRules takes any
/// string, and an Android `tools:locale` once reached it raw.
@Suite struct ICULocaleSafetyTests {
    static let hostile: [String] = {
        let long = String(repeating: "a", count: 300), variant = String(repeating: "v", count: 160)
        return ["@x=", "@=", "en@numbers=", "en@a=b;c", "en@collation=;", "abcdefghijkl", "latn." + String(repeating: "a", count: 40) + "_419",
                long, "en_" + long, "en_US_" + variant, "en@x=" + variant]
    }()

    /// Names the guard lets through, some near its limits (155 bytes; a tag whose ICU name drops
    /// a long extension): ICU serves them as the languages they name, not as root.
    static let served = ["en_GB", "cy_GB@collation=standard", "en@x=" + String(repeating: "v", count: 150), "en-u-nu-" + String(repeating: "a", count: 300)]

    /// What the plural rules of `name` answer for 0..<40 and 1.5, and their text.
    static func plurals(_ name: String, ordinal: Bool) -> [String] {
        guard let rules = lk_plural_open(name, ordinal ? 1 : 0) else { return ["(none)"] }
        defer { lk_plural_close(rules) }
        var answers = (0..<40).map { n in ICUString.get(capacity: 16) { lk_plural_select(rules, Double(n), $0, $1) } ?? "?" }
        if let formatter = lk_number_formatter_open(name, 1) {
            answers.append(ICUString.get(capacity: 16) { lk_plural_select_decimal(rules, formatter, "1.5", 3, $0, $1) } ?? "?")
            lk_number_formatter_close(formatter)
        }
        answers.append(ICUString.get(capacity: 4096) { lk_plural_rules_text(name, ordinal ? 1 : 0, $0, $1) } ?? "?")
        return answers
    }

    /// A date (a skeleton's best pattern, and a style), symbols, grouping, currency and upper case in `name`.
    static func formats(_ name: String) -> [String] {
        func utf16(_ f: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String {
            var out = [UInt16](repeating: 0, count: 256)
            let n = out.withUnsafeMutableBufferPointer { f($0.baseAddress!, 256) }
            return n < 0 || n > 256 ? "(\(n))" : String(decoding: out[..<Int(n)], as: UTF16.self)
        }
        let skeleton = Array("yMMMdjm".utf16)
        var symbols = [UInt16](repeating: 0, count: 3 * 16), lengths: [Int32] = [0, 0, 0], sizes: [Int32] = [0, 0, 0]
        lk_number_symbols(name, &symbols, 16, &lengths)
        lk_number_grouping(name, &sizes)
        let upper = ICUString.get(capacity: 16) { lk_to_upper(name, "iß", 3, $0, $1) } ?? "?"
        return [utf16 { lk_mf2_date_format(name, -1, -1, skeleton, Int32(skeleton.count), 0, nil, 0, 1e12, $0, $1) },
                utf16 { lk_mf2_date_format(name, 2, 2, nil, 0, 0, nil, 0, 1e12, $0, $1) },
                utf16 { lk_currency_for_locale(name, $0, $1) },
                "\(symbols) \(lengths) \(sizes)", upper]
    }

    @Test(arguments: [false, true]) func pluralRulesOfHostileNamesAreRoots(ordinal: Bool) {
        let root = Self.plurals("", ordinal: ordinal)
        #expect(!root.contains("?") && root.count == 42, "\(root)")
        for name in Self.hostile { #expect(Self.plurals(name, ordinal: ordinal) == root, "\(name)") }
        // The guard is no wider than ICU's failures: these are served as the languages they name.
        for name in Self.served { #expect(Self.plurals(name, ordinal: ordinal) != root, "\(name)") }
    }

    @Test func formattersOfHostileNamesAreRoots() {
        let root = Self.formats("")
        #expect(!root.contains { $0.hasPrefix("(") }, "\(root)")
        for name in Self.hostile { #expect(Self.formats(name) == root, "\(name)") }
        for name in Self.served { #expect(Self.formats(name) != root, "\(name)") }
    }

    /// What reads a table's localization names gives ICU those names as they are (LocaleData,
    /// PluralRules for names ICULocale cannot read): a table for such a name compiles and serves.
    @Test func localeDataOfHostileNamesIsRoots() {
        let root = LocaleData.computed(for: "root")
        for name in Self.hostile where ICULocale(name) == nil {
            let data = LocaleData.computed(for: name)
            #expect(data.cardinal == root.cardinal && data.ordinal == root.ordinal, "\(name)")
        }
    }
}
