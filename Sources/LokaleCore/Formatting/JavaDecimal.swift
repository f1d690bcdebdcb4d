internal import CICU

/// A finite, non-negative double as Java's Formatter sees it: the shortest decimal that reads
/// back as the same double (`f` × 10^`e`, `f` of `n` digits), rounded half up to what `%f %e %g`
/// ask for. Java rounds these digits, not the binary value as C's printf does: `%.2f` of 1.005
/// is "1.01" in Java and "1.00" in C, `%.20f` of 0.1 is "0.10000000000000000000".
/// (JDK 19 and later take the shortest digits, `FormattedFPDecimal`; JDK 17 and Android take
/// `FloatingDecimal`'s, which are longer for a few doubles, 1.0E23 among them: docs/SOURCES.md.)
struct JavaDecimal {
    var f: UInt64 = 0
    var e = 0
    var n = 0

    /// `v` must be finite and not negative.
    init(_ v: Double) {
        guard v != 0 else { return }
        // Swift's description is the shortest round-trip decimal, closest to the double.
        var afterPoint = false, exponent = 0
        var text = Substring(v.description)
        if let at = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: at)...]) ?? 0
            text = text[..<at]
        }
        for c in text.utf8 {
            if c == UInt8(ascii: ".") { afterPoint = true; continue }
            guard c >= 0x30, c <= 0x39 else { continue }
            // Every digit after the point, a leading zero too, is a tenth of the one before.
            if afterPoint { exponent -= 1 }
            if f == 0 && c == 0x30 { continue }
            f = f * 10 + UInt64(c - 0x30)
            n += 1
        }
        e = exponent
        while n > 1, f % 10 == 0 { f /= 10; n -= 1; e += 1 }
        // Java takes two digits when one would do and two are closer (Double.MIN_VALUE is
        // 4.9E-324, not 5E-324). Only a subnormal can have such a two-digit neighbour: a normal
        // double's one-digit decimal is within half a unit in its last place.
        if n == 1, v < Double.leastNormalMagnitude { closerTwoDigits(v) }
    }

    /// The two-digit decimal nearest `v` (printf's "%.1e" of the exact value), when it reads back as `v`.
    private mutating func closerTwoDigits(_ v: Double) {
        var buffer = [CChar](repeating: 0, count: 32)
        let count = lk_format_double(&buffer, buffer.count, "%.1e", v)
        guard count > 0, count < 32 else { return }
        let text = String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = text.split(separator: "e")
        guard Double(text) == v, parts.count == 2, let exponent = Int(parts[1]) else { return }
        let digits = parts[0].filter { $0 != "." }
        guard let two = UInt64(digits), two % 10 != 0 else { return }
        (f, n, e) = (two, 2, exponent - 1)
    }

    static func pow10(_ k: Int) -> UInt64 { (0..<k).reduce(UInt64(1)) { p, _ in p * 10 } }

    /// The exponent of the first digit.
    var exponentRounded: Int { n + e - 1 }

    /// To the `pp` most significant digits, ties up (FormattedFPDecimal.round).
    mutating func round(_ pp: Int) {
        if n == 0 || pp < 0 { f = 0; e = 0; n = 1; return }
        guard pp < n else { return }
        let p = pp
        e += n - p
        let scale = Self.pow10(n - p)
        f = (f + scale / 2) / scale
        if p == 0 {
            n = 1
            if f == 0 { e = 0 }
            return
        }
        n = p
        if f == Self.pow10(p) { f /= 10; e += 1 }
    }

    var digitBytes: [UInt8] {
        guard n > 0 else { return [UInt8(ascii: "0")] }
        var d = [UInt8](repeating: UInt8(ascii: "0"), count: n), x = f
        for i in stride(from: n - 1, through: 0, by: -1) { d[i] = UInt8(ascii: "0") + UInt8(x % 10); x /= 10 }
        return d
    }

    /// Plain notation: integer digits, '.', fraction digits (none when the number is whole).
    var plain: [UInt8] {
        let d = digitBytes, count = max(n, 1)
        if e >= 0 { return d + [UInt8](repeating: UInt8(ascii: "0"), count: e) }
        if count + e > 0 { return Array(d[0 ..< count + e]) + [UInt8(ascii: ".")] + Array(d[(count + e)...]) }
        return [UInt8(ascii: "0"), UInt8(ascii: ".")] + [UInt8](repeating: UInt8(ascii: "0"), count: -e - count) + d
    }

    /// "d.ddd" (or "d" without a fraction), and the exponent as Java writes it: sign, two digits at least.
    func scientific(fraction: Int) -> (mantissa: [UInt8], exponent: [UInt8]) {
        let d = digitBytes
        let mantissa = fraction != 0 && d.count > 1 ? [d[0], UInt8(ascii: ".")] + d[1...] : [d[0]]
        let er = f == 0 ? 0 : exponentRounded
        var exponent: [UInt8] = [er >= 0 ? UInt8(ascii: "+") : UInt8(ascii: "-")]
        let digits = Array(String(abs(er)).utf8)
        if digits.count < 2 { exponent.append(UInt8(ascii: "0")) }
        return (mantissa, exponent + digits)
    }

    /// `Double.toString(v)` (JDK 19 and later; earlier JDKs print a few doubles with one more
    /// digit): plain from 10^-3 to 10^7, else "d.dddE±x", one fraction digit at least.
    static func toString(_ v: Double) -> String {
        if v.isNaN { return "NaN" }
        if v.isInfinite { return v < 0 ? "-Infinity" : "Infinity" }
        let sign = v.sign == .minus ? "-" : ""
        if v == 0 { return sign + "0.0" }
        let d = JavaDecimal(v.magnitude)
        let digits = String(decoding: d.digitBytes, as: UTF8.self)
        let er = d.exponentRounded
        if er >= 0 && er < 7 {
            let whole = er + 1
            let integer = digits.count >= whole ? String(digits.prefix(whole)) : digits + String(repeating: "0", count: whole - digits.count)
            let fraction = digits.count > whole ? String(digits.dropFirst(whole)) : "0"
            return sign + integer + "." + fraction
        }
        if er >= -3 && er < 0 { return sign + "0." + String(repeating: "0", count: -er - 1) + digits }
        return sign + String(digits.prefix(1)) + "." + (digits.count > 1 ? String(digits.dropFirst()) : "0") + "E" + String(er)
    }

    /// `Double.toHexString(v)` without its sign and "0x": "1.8p1", "0.0p0", subnormals "0.…p-1022".
    static func hexString(_ v: Double) -> String {
        let d = v.magnitude
        if d == 0 { return "0.0p0" }
        let subnormal = d < Double.leastNormalMagnitude
        let bits = d.bitPattern & 0x000F_FFFF_FFFF_FFFF
        var significand = String(bits, radix: 16)
        significand = String(repeating: "0", count: 13 - significand.count) + significand
        while significand.count > 1, significand.hasSuffix("0") { significand.removeLast() }
        let exponent = subnormal ? -1022 : Int(d.exponent)
        return (subnormal ? "0." : "1.") + significand + "p" + String(exponent)
    }

    /// Java's `%a` digits for `prec` hexadecimal fraction digits (0: all of them), without "0x"
    /// (Formatter.hexDouble: the significand rounded to even on its bits).
    static func hexDouble(_ v: Double, precision prec: Int) -> String {
        guard v.isFinite, v != 0, prec > 0, prec < 13 else { return hexString(v) }
        var d = v.magnitude
        let subnormal = d < Double.leastNormalMagnitude
        if subnormal { d *= 0x1p54 }
        let shift = UInt64(53 - (1 + prec * 4))
        let doppel = d.bitPattern
        var significand = (doppel & 0x7FFF_FFFF_FFFF_FFFF) >> shift
        let dropped = doppel & ~(~UInt64(0) << shift)
        let leastZero = significand & 1 == 0
        let round = (UInt64(1) << (shift - 1)) & dropped != 0
        let sticky = shift > 1 && (~(UInt64(1) << (shift - 1)) & dropped) != 0
        if (leastZero && round && sticky) || (!leastZero && round) { significand += 1 }
        let result = Double(bitPattern: significand << shift)
        if result.isInfinite { return "1.0p1024" }
        let s = hexString(result)
        guard subnormal, let p = s.firstIndex(of: "p") else { return s }
        return s[..<p] + "p" + String((Int(s[s.index(after: p)...]) ?? 0) - 54)
    }
}
