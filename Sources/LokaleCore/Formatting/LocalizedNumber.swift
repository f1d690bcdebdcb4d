internal import CICU

/// Numbers as CFString writes them when it formats with a locale (`__CFStringFormatLocalizedNumber`,
/// a CFNumberFormatter of decimal style): `%d %i %u %f %F %g %G` are grouped by the locale's rules
/// and written with its digits and decimal separator; docs/FORMAT.md, "Localized numbers", has the
/// rules. The digits themselves still come from the C library (in the "C" locale): only their
/// layout is the locale's.
extension Formatter {
    /// Whether `conversion` is one that CFString localizes as a decimal (not %e, %x, %o, %c, %a).
    static func groupsLocalized(_ conversion: UInt8) -> Bool {
        switch conversion | 0x20 {
        case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "f"), UInt8(ascii: "g"): true
        default: false
        }
    }

    static func localizedNumber(_ seg: FormatSegment, flags: UInt32, width: Int?, precision: Int?, value: NumberValue,
                                symbols: NumberSymbols, into out: inout FormatOutput) {
        let conversion = seg.conversion | 0x20
        let leftAlign = flags & FormatSegment.Flag.leftAlign != 0
        let zeroPad = flags & FormatSegment.Flag.zeroPad != 0 && !leftAlign
        // CFString puts '+' into the pattern for a number that is not negative; the space and '#'
        // flags are not consulted.
        let plus = flags & FormatSegment.Flag.plus != 0
        var ascii: [UInt8] = []
        // ICU's minimum integer digits: the zeros are localized and grouped like any digit.
        var minimumDigits = 0
        switch value {
        case .integer(let v):
            if plus && v >= 0 { ascii.append(UInt8(ascii: "+")) }
            if conversion == UInt8(ascii: "u") && v < 0 {
                ascii.append(contentsOf: String(UInt64(bitPattern: v)).utf8) // printf's reading of %u
            } else {
                appendDecimal(v, to: &ascii)
            }
            // A precision pads with zeros to that many digits (and then with spaces to the width);
            // without one, the '0' flag pads the digits to the width.
            minimumDigits = precision ?? (zeroPad ? width ?? 0 : 0)
        case .floating(let v):
            let general = conversion == UInt8(ascii: "g")
            printDouble(v, plus: plus, precision: precision ?? 6, conversion: seg.conversion, into: &ascii)
            if !general, zeroPad, let w = width, w > 0 {
                // CFString: the width less the precision (0 when none was written) integer digits.
                let p = precision ?? 0
                minimumDigits = w > p ? w - p : w
            }
        }
        let start = out.bytes.count
        var i = 0
        if i < ascii.count, ascii[i] == UInt8(ascii: "-") || ascii[i] == UInt8(ascii: "+") {
            out.bytes.append(ascii[i])
            i += 1
        }
        let signEnd = out.bytes.count
        var intEnd = i
        while intEnd < ascii.count, ascii[intEnd] >= 0x30, ascii[intEnd] <= 0x39 { intEnd += 1 }
        let digits = intEnd - i
        let total = digits == 0 ? 0 : max(digits, minimumDigits) // "inf" and "nan" have no digits
        let group = symbols.groups(digits: total)
        for k in 0..<total {
            let zeros = total - digits
            symbols.appendDigit(k < zeros ? 0 : ascii[i + k - zeros] - 0x30, into: &out.bytes)
            if group, symbols.separatorAfter(remaining: total - k - 1) { out.bytes.append(contentsOf: symbols.grouping.utf8) }
        }
        for b in ascii[intEnd...] {
            if b >= 0x30 && b <= 0x39 {
                symbols.appendDigit(b - 0x30, into: &out.bytes)
            } else if b == UInt8(ascii: ".") {
                out.bytes.append(contentsOf: symbols.decimal.utf8)
            } else {
                out.bytes.append(b)
            }
        }
        guard let width else { return }
        let count = String(decoding: out.bytes[start...], as: UTF8.self).unicodeScalars.count
        guard count < width else { return }
        if leftAlign {
            out.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count))
        } else if zeroPad && conversion == UInt8(ascii: "g") {
            // CFString pads %g with an ASCII '0' after the sign (ICU cannot localize that padding).
            out.bytes.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count), at: signEnd)
        } else {
            out.bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: width - count), at: start)
        }
    }

    /// printf's `%[+].<precision>f` (or `g`) of `v` in the "C" locale, as ASCII.
    private static func printDouble(_ v: Double, plus: Bool, precision: Int, conversion: UInt8, into ascii: inout [UInt8]) {
        var spec: [CChar] = [CChar(bitPattern: UInt8(ascii: "%"))]
        if plus { spec.append(CChar(bitPattern: UInt8(ascii: "+"))) }
        spec.append(CChar(bitPattern: UInt8(ascii: ".")))
        spec.append(contentsOf: String(precision).utf8.map { CChar(bitPattern: $0) })
        spec.append(CChar(bitPattern: conversion))
        spec.append(0)
        var buffer = [CChar](repeating: 0, count: 64)
        var n = lk_format_double(&buffer, buffer.count, spec, v)
        if n >= Int32(buffer.count) {
            // Precisions are capped at 4096 and doubles have at most 309 integer digits.
            buffer = [CChar](repeating: 0, count: Int(n) + 1)
            n = lk_format_double(&buffer, buffer.count, spec, v)
        }
        guard n > 0 else { return }
        ascii.append(contentsOf: buffer[0..<Int(n)].map { UInt8(bitPattern: $0) })
    }
}

extension NumberSymbols {
    /// Appends the decimal digit `d` (0...9) in this locale's digits.
    func appendDigit(_ d: UInt8, into out: inout [UInt8]) {
        if asciiDigits {
            out.append(0x30 + d)
        } else if let digit = Unicode.Scalar(zero.value + UInt32(d)) {
            UTF8.encode(digit) { out.append($0) }
        }
    }
}
