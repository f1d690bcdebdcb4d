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

    static let cache = Mutex<[String: NumberSymbols]>([:])

    /// The symbols of `locale` (a localization name or BCP 47 tag); POSIX's when ICU has none.
    public static func forLocale(_ locale: String) -> NumberSymbols {
        if let hit = cache.withLock({ $0[locale] }) { return hit }
        var s = NumberSymbols.posix
        if let l = ICULocale(locale) {
            func symbol(_ which: Int32) -> String? {
                var buffer = [UInt16](repeating: 0, count: 16)
                let n = lk_number_symbol(l.id, which, &buffer, Int32(buffer.count))
                return n > 0 ? String(decoding: buffer.prefix(Int(n)), as: UTF16.self) : nil
            }
            s.decimal = symbol(Int32(LK_SYMBOL_DECIMAL)) ?? "."
            s.grouping = symbol(Int32(LK_SYMBOL_GROUPING)) ?? ","
            if let z = symbol(Int32(LK_SYMBOL_ZERO_DIGIT))?.unicodeScalars, z.count == 1, let zero = z.first,
               zero.properties.numericType == .decimal, zero.properties.numericValue == 0 {
                s.zero = zero
            }
        }
        cache.withLock { $0[locale] = s }
        return s
    }

    /// `ascii` (a number the C library wrote: sign, digits, '.', exponent) in this locale's symbols;
    /// `group` inserts grouping separators every three integer digits.
    func localize(_ ascii: some Collection<UInt8>, group: Bool) -> [UInt8] {
        guard self != .posix || group else { return Array(ascii) }
        let bytes = Array(ascii)
        // Where the integer digits run: the first run of digits.
        let intStart = bytes.firstIndex { $0 >= 0x30 && $0 <= 0x39 } ?? bytes.count
        var intEnd = intStart
        while intEnd < bytes.count, bytes[intEnd] >= 0x30, bytes[intEnd] <= 0x39 { intEnd += 1 }
        var out = String()
        for (i, b) in bytes.enumerated() {
            if b >= 0x30 && b <= 0x39 {
                out.unicodeScalars.append(Unicode.Scalar(zero.value + UInt32(b - 0x30)) ?? "?")
                let remaining = intEnd - i - 1
                if group, i >= intStart, i < intEnd, remaining > 0, remaining % 3 == 0 { out += grouping }
            } else if b == UInt8(ascii: ".") {
                out += decimal
            } else {
                out.unicodeScalars.append(Unicode.Scalar(b))
            }
        }
        return Array(out.utf8)
    }
}
