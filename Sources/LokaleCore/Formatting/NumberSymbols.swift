internal import CICU
internal import CTable
import Synchronization

/// How a locale writes numbers, from ICU: its decimal and grouping separators and its digits
/// (Arabic-Indic for `ar`, Devanagari for `mr`, …). The formatter lays numbers out with the C
/// library in the "C" locale, then writes them with these.
public struct NumberSymbols: Sendable, Equatable {
    public var decimal: String
    public var grouping: String
    /// The digit zero; the other digits follow it in Unicode.
    public var zero: Unicode.Scalar
    /// Integer digits per group, counted from the decimal separator: the first group (0: this
    /// locale never groups), then every further one (hi, en-IN: 3 then 2: 12,34,567).
    public var primaryGroup = 0
    public var secondaryGroup = 0
    /// Digits a number needs beyond the first group before it is grouped at all (CLDR's
    /// minimumGroupingDigits; es, pl: 2, so 1000 stays "1000" but 10000 is "10 000").
    public var minimumGrouping = 1
    /// Whether numbers follow CFString's localized rules (a locale was given): grouping on, the
    /// `0` flag as minimum integer digits, no space flag. POSIX is printf's, as Apple's without one.
    public var localized = false
    /// The locale whose rules put letters in upper case (Java's `%S`), as ICU names it; "" (root)
    /// when none was given.
    public var caseLocale = ""

    public static let posix = NumberSymbols(decimal: ".", grouping: ",", zero: "0")

    public init(decimal: String, grouping: String, zero: Unicode.Scalar) {
        self.decimal = decimal
        self.grouping = grouping
        self.zero = zero
    }

    /// By the caller's spelling of the locale (`locale:` of format, from C and Python too), so any
    /// string can be a key: bounded (see `SharedCache`), and tags longer than any valid one are
    /// not kept. A bundle's own localizations are cached per table version in `BundleContents`.
    static let cache = SharedCache<String, NumberSymbols>(limit: 4096)

    /// The symbols of `locale` (a localization name or BCP 47 tag); POSIX's when ICU has none.
    public static func forLocale(_ locale: String) -> NumberSymbols {
        locale.utf8.count <= 2 * LanguageTag.maxLength ? cache.value(locale, compute) : compute(locale)
    }

    private static func compute(_ locale: String) -> NumberSymbols {
        var s = NumberSymbols.posix
        if let l = ICULocale(locale) {
            let cap = 16
            var buffer = [UInt16](repeating: 0, count: 3 * cap)
            var lengths: (Int32, Int32, Int32) = (-1, -1, -1)
            withUnsafeMutablePointer(to: &lengths) {
                $0.withMemoryRebound(to: Int32.self, capacity: 3) { lk_number_symbols(ICULocale.dataName(l.id), &buffer, Int32(cap), $0) }
            }
            func symbol(_ which: Int32) -> String? {
                let n = Int([lengths.0, lengths.1, lengths.2][Int(which)])
                return n > 0 ? String(decoding: buffer[Int(which) * cap ..< Int(which) * cap + n], as: UTF16.self) : nil
            }
            s.decimal = symbol(Int32(LK_SYMBOL_DECIMAL)) ?? "."
            s.grouping = symbol(Int32(LK_SYMBOL_GROUPING)) ?? ","
            if let z = symbol(Int32(LK_SYMBOL_ZERO_DIGIT))?.unicodeScalars, z.count == 1, let zero = z.first,
               zero.properties.numericType == .decimal, zero.properties.numericValue == 0 {
                s.zero = zero
            }
            var sizes: (Int32, Int32, Int32) = (0, 0, 1)
            withUnsafeMutablePointer(to: &sizes) {
                $0.withMemoryRebound(to: Int32.self, capacity: 3) { lk_number_grouping(ICULocale.dataName(l.id), $0) }
            }
            s.primaryGroup = Int(max(0, min(sizes.0, 9)))
            s.secondaryGroup = sizes.1 > 0 ? Int(min(sizes.1, 9)) : s.primaryGroup
            s.minimumGrouping = Int(max(1, min(sizes.2, 9)))
            s.localized = true
            // The nearest name ICU has data for: an unknown variant cases as its language does, and
            // is not remembered by ICU name by name.
            s.caseLocale = ICULocale.dataName(l.id)
        }
        return s
    }

    /// Whether digits are written as ASCII (integers without grouping then need no rewriting).
    public var asciiDigits: Bool { zero == "0" }

    /// Whether an integer part of `digits` digits is grouped (ICU: the digits beyond the first
    /// group must number at least the minimum grouping digits).
    func groups(digits: Int) -> Bool { primaryGroup > 0 && digits - primaryGroup >= minimumGrouping }

    /// Whether a separator follows an integer digit with `remaining` digits after it.
    func separatorAfter(remaining: Int) -> Bool {
        remaining >= primaryGroup && (remaining - primaryGroup) % max(secondaryGroup, 1) == 0 && remaining > 0
    }

    /// Integers below this magnitude are never grouped: the C fast path and Formatter's own
    /// shortcut write them as they are.
    public var ungroupedBelow: UInt64 {
        guard localized, primaryGroup > 0 else { return .max }
        let n = primaryGroup + minimumGrouping - 1 // the most digits that stay ungrouped
        return n >= 19 ? .max : (0..<n).reduce(UInt64(1)) { p, _ in p * 10 }
    }

    /// Appends `ascii` (a number the C library wrote: sign, digits, '.', exponent) in this locale's
    /// symbols; `group` inserts grouping separators every three integer digits (printf's `'`,
    /// for symbols that are not localized).
    func localize(_ ascii: UnsafeRawBufferPointer, group: Bool, into out: inout [UInt8]) {
        if asciiDigits && !group && (decimal == "." || !ascii.contains(UInt8(ascii: "."))) {
            out.append(contentsOf: ascii)
            return
        }
        let intStart = ascii.firstIndex { $0 >= 0x30 && $0 <= 0x39 } ?? ascii.count
        var intEnd = intStart
        while intEnd < ascii.count, ascii[intEnd] >= 0x30, ascii[intEnd] <= 0x39 { intEnd += 1 }
        for (i, b) in ascii.enumerated() {
            if b >= 0x30 && b <= 0x39 {
                if asciiDigits {
                    out.append(b)
                } else if let digit = Unicode.Scalar(zero.value + UInt32(b - 0x30)) {
                    // Decimal digits are consecutive code points after zero.
                    UTF8.encode(digit) { out.append($0) }
                }
                let remaining = intEnd - i - 1
                if group, i >= intStart, i < intEnd, remaining > 0, remaining % 3 == 0 { out.append(contentsOf: grouping.utf8) }
            } else if b == UInt8(ascii: ".") {
                out.append(contentsOf: decimal.utf8)
            } else {
                out.append(b)
            }
        }
    }
}

extension NumberSymbols {
    /// LK_GROUPING_VALID of lokale_table.h (a 64-bit macro that Swift does not import).
    static let groupingValid: UInt64 = 1 << 63

    /// The grouping as `lk_localization_info.grouping` packs it for the C fast path; without
    /// the valid bit (C then declines) when it does not fit the word.
    var groupingWord: UInt64 {
        Array(grouping.utf8).withUnsafeBufferPointer {
            lk_grouping_word(localized ? 1 : 0, $0.baseAddress, UInt64($0.count), UInt32(clamping: primaryGroup),
                             UInt32(clamping: secondaryGroup), UInt32(clamping: minimumGrouping))
        }
    }
}
