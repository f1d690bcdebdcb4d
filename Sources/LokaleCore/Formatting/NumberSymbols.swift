internal import CICU
import Synchronization

/// How a locale writes numbers, from ICU: its decimal and grouping separators and its digits
/// (Arabic-Indic for `ar`, Devanagari for `mr`, …). The formatter lays numbers out with the C
/// library in the "C" locale, then writes them with these.
public struct NumberSymbols: Sendable, Equatable {
    public var decimal: String
    public var grouping: String
    /// The digit zero; the other digits follow it in Unicode.
    public var zero: Unicode.Scalar

    public static let posix = NumberSymbols(decimal: ".", grouping: ",", zero: "0")

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
        }
        return s
    }

    /// Whether digits are written as ASCII (integers without grouping then need no rewriting).
    public var asciiDigits: Bool { zero == "0" }

    /// Appends `ascii` (a number the C library wrote: sign, digits, '.', exponent) in this locale's
    /// symbols; `group` inserts grouping separators every three integer digits.
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
