internal import CICU
internal import CTable
import Synchronization

/// ICU plural rules, opened once per (locale, type) and kept: opening them costs far more than a lookup.
final class PluralRules: @unchecked Sendable {
    /// Cardinal and ordinal rules by locale identifier as callers spell it (`PluralCategory.of` and
    /// `PluralCategories.required` take any string), so bounded: 128 locales each (see
    /// `SharedCache`; ICU's cardinal rules take some 9 KB, ordinal 1 KB, plus `small`). Rules whose
    /// `small` table C reads are owned by the table version that published it
    /// (`BundleContents.rulesCache`), not by these caches.
    static let cardinalCache = SharedCache<String, PluralRules?>(limit: 128)
    static let ordinalCache = SharedCache<String, PluralRules?>(limit: 128)

    /// ICU's rules: opened with these, or for rules read from a table, on first need (a decimal, a
    /// count its program cannot answer, the keywords), so that a table's integer counts never
    /// load ICU's rules. Nil only when ICU cannot open them.
    var rules: UnsafeMutableRawPointer? { opened ?? lazilyOpened() }
    private let opened: UnsafeMutableRawPointer?
    private let lazy: Locked<UnsafeMutableRawPointer?>?
    private let ordinal: Bool
    /// ICU's id of the locale the rules are for.
    let locale: String
    /// Number formatters by count of fraction digits, for decimals given as text: at most 16
    /// (`fractionDigits` accepts 0...15).
    private let formatters = Locked<[Int: UnsafeMutableRawPointer]>([:])

    /// Categories of 0..<smallLimit (as `rawIndex`), read instead of asking ICU: most counts are
    /// small, and a table read is far cheaper than ICU's rule evaluation (hundreds of instructions
    /// a call; filling the table once costs about a tenth of a millisecond per locale). C memory
    /// freed with these rules; the C format path reads it too, through the `lk_localization_info`
    /// of a table version, which keeps the rules it published alive (`BundleContents.pluralRules`).
    let small: UnsafeMutablePointer<UInt8>
    static let smallLimit = Int(LK_SMALL_COUNTS)
    /// For rules read from a table: its program for any integer (nil: ICU answers past `small`).
    let integer: IntegerPluralRules?

    private init?(locale: String, ordinal: Bool) {
        guard let r = lk_plural_open(locale, ordinal ? 1 : 0) else { return nil }
        (opened, lazy, integer) = (r, nil, nil)
        self.locale = locale
        self.ordinal = ordinal
        small = .allocate(capacity: PluralRules.smallLimit)
        for n in 0..<PluralRules.smallLimit {
            let c = ICUString.get(capacity: 16) { lk_plural_select(r, Double(n), $0, $1) }.flatMap(PluralCategory.init(rawValue:)) ?? .other
            small[n] = UInt8(c.rawIndex)
        }
    }

    /// Rules a table recorded for `locale` (ICU's id): its answers for small counts and its program.
    init(locale: String, ordinal: Bool, recorded: LocaleData.Rules) {
        (opened, lazy) = (nil, Locked(nil))
        self.locale = locale
        self.ordinal = ordinal
        small = .allocate(capacity: PluralRules.smallLimit)
        for n in 0..<PluralRules.smallLimit {
            small[n] = n < recorded.small.count ? min(recorded.small[n], UInt8(PluralCategory.other.rawIndex)) : UInt8(PluralCategory.other.rawIndex)
        }
        integer = IntegerPluralRules(code: recorded.code)
    }

    private func lazilyOpened() -> UnsafeMutableRawPointer? {
        lazy?.withLock { r in
            if r == nil { r = lk_plural_open(locale, ordinal ? 1 : 0) }
            return r
        }
    }

    deinit {
        small.deallocate()
        if let r = opened ?? lazy?.withLock({ $0 }) { lk_plural_close(r) }
        formatters.withLock { for f in $0.values { lk_number_formatter_close(f) } }
    }

    /// The rules of `locale` (any spelling `ICULocale` reads); nil when ICU cannot open them.
    /// Tags longer than any valid one are not kept.
    static func forLocale(_ locale: String, ordinal: Bool) -> PluralRules? {
        guard locale.utf8.count <= 2 * LanguageTag.maxLength else { return open(locale, ordinal: ordinal) }
        return (ordinal ? ordinalCache : cardinalCache).value(locale) { open($0, ordinal: ordinal) }
    }

    private static func open(_ locale: String, ordinal: Bool) -> PluralRules? {
        // Canonical first, so that legacy folder names (English.lproj) get their language's rules, not root's.
        let id = ICULocale(locale)?.id ?? locale.replacingOccurrences("-", "_")
        return PluralRules(locale: id, ordinal: ordinal)
    }

    /// The category of a decimal written as text, keeping its visible fraction digits: ICU formats
    /// it with exactly that many digits and selects on the formatted number. Nil when the text is
    /// not a plain decimal number.
    func category(decimal text: String) -> PluralCategory? {
        let bytes = Array(text.utf8)
        guard let digits = PluralRules.fractionDigits(bytes) else { return nil }
        guard let rules, let formatter = formatter(fractionDigits: digits) else { return nil }
        let keyword = ICUString.get(capacity: 16) { out, cap in
            bytes.withUnsafeBufferPointer { b in
                b.withMemoryRebound(to: CChar.self) { lk_plural_select_decimal(rules, formatter, $0.baseAddress, Int32($0.count), out, cap) }
            }
        }
        return keyword.flatMap(PluralCategory.init(rawValue:))
    }

    /// Visible fraction digits of `-?digits(.digits)?`; nil for anything else.
    static func fractionDigits(_ b: [UInt8]) -> Int? {
        var i = 0
        if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
        let intStart = i
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
        guard i > intStart, i - intStart <= 30 else { return nil }
        guard i < b.count else { return 0 }
        guard b[i] == UInt8(ascii: "."), i + 1 < b.count else { return nil }
        let fracStart = i + 1
        i = fracStart
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
        guard i == b.count, i - fracStart <= 15 else { return nil }
        return i - fracStart
    }

    private func formatter(fractionDigits: Int) -> UnsafeMutableRawPointer? {
        formatters.withLock { cache in
            if let f = cache[fractionDigits] { return f }
            guard let f = lk_number_formatter_open(locale, Int32(fractionDigits)) else { return nil }
            cache[fractionDigits] = f
            return f
        }
    }

    func category(_ number: Double) -> PluralCategory {
        if number >= 0, number < Double(PluralRules.smallLimit), number.rounded(.towardZero) == number {
            return PluralCategory(rawIndex: small[Int(number)])
        }
        if let integer, number.rounded(.towardZero) == number, number.magnitude < 0x1p63 {
            return PluralCategory(rawIndex: UInt8(integer.category(Int64(number))))
        }
        guard let rules else { return .other }
        return ICUString.get(capacity: 16) { lk_plural_select(rules, number, $0, $1) }.flatMap(PluralCategory.init(rawValue:)) ?? .other
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: Character) -> String {
        String(map { $0 == a ? b : $0 })
    }
}

extension PluralRules {
    /// The categories these rules use, from ICU (`uplrules_getKeywords`).
    var categories: Set<PluralCategory> {
        let words = rules.flatMap { r in ICUString.get(capacity: 64) { lk_plural_keywords(r, $0, $1) } } ?? "other"
        return Set(words.split(separator: " ").compactMap { PluralCategory(rawValue: String($0)) })
    }
}

extension PluralCategory {
    /// The CLDR category of `number` in `locale` by ICU's rules (cardinal unless `ordinal`); nil when
    /// ICU cannot open rules for the locale. Tooling uses it to map other plural systems (gettext's
    /// `Plural-Forms`) onto CLDR categories.
    public static func of(_ number: Double, locale: String, ordinal: Bool = false) -> PluralCategory? {
        PluralRules.forLocale(locale, ordinal: ordinal)?.category(number)
    }
}
