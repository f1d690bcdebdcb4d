internal import CICU

/// Java specifiers (`Flag.java`), formatted as `java.util.Formatter` formats them with a locale:
/// its "number localization algorithm" (the locale's zero digit for every digit, its decimal
/// separator, with `,` its grouping separator every primary group's size, never ICU's secondary
/// groups or minimum grouping digits, zeros of the `0` flag after the sign and ungrouped), the
/// ASCII '-' and '+', `(` for negatives, "NaN" and "Infinity", `%s` of a number as Java's
/// `toString` writes it, widths and precisions of text counted in UTF-16 code units.
extension Formatter {
    static func renderJava(_ seg: FormatSegment, _ arg: FormatArgument, piece: UnsafeRawBufferPointer, flags: UInt32,
                           width: Int?, precision: Int?, symbols: NumberSymbols, into out: inout FormatOutput) {
        let leftAlign = flags & FormatSegment.Flag.leftAlign != 0
        var text: [UInt8] = []
        switch seg.argumentType {
        case .object, .cString:
            var s = javaText(arg)
            if let p = precision { s = prefix(s, utf16Units: p) }
            if flags & FormatSegment.Flag.uppercase != 0 { s = uppercased(s, symbols.caseLocale) }
            text = Array(s.utf8)
        case .character:
            guard let v = arg.integerValue else { return mismatch(seg, arg, piece, &out) }
            var s = String(Character(Unicode.Scalar(UInt32(truncatingIfNeeded: v)) ?? "\u{FFFD}"))
            if flags & FormatSegment.Flag.uppercase != 0 { s = uppercased(s, symbols.caseLocale) }
            text = Array(s.utf8)
        case .integer, .unsigned:
            let negative: Bool, magnitude: UInt64, bits: UInt64
            switch arg {
            case .int(let v): (negative, magnitude, bits) = (v < 0, v.magnitude, UInt64(bitPattern: v))
            case .uint(let u): (negative, magnitude, bits) = (false, u, u) // Java's BigInteger: any size
            default:
                guard let v = arg.integerValue else { return mismatch(seg, arg, piece, &out) }
                (negative, magnitude, bits) = (v < 0, v.magnitude, UInt64(bitPattern: v))
            }
            if seg.conversion == UInt8(ascii: "d") {
                let parenthesized = negative && flags & FormatSegment.Flag.parentheses != 0
                javaSigned(negative: negative, flags: flags, into: &text) { sb in
                    javaMagnitude(Array(String(magnitude).utf8), flags: flags, width: width.map { parenthesized ? $0 - 1 : $0 },
                                  symbols: symbols, into: &sb)
                }
            } else {
                // A long's bits, as Long.toHexString and toOctalString write them.
                let hex = seg.conversion | 0x20 == UInt8(ascii: "x"), upper = seg.conversion == UInt8(ascii: "X")
                let digits = Array(String(bits, radix: hex ? 16 : 8, uppercase: upper).utf8)
                if flags & FormatSegment.Flag.alternate != 0 { text = hex ? Array((upper ? "0X" : "0x").utf8) : [UInt8(ascii: "0")] }
                if flags & FormatSegment.Flag.zeroPad != 0, let w = width, w > digits.count + text.count {
                    text += repeatElement(UInt8(ascii: "0"), count: w - digits.count - text.count)
                }
                text += digits
            }
        case .floating:
            guard let v = arg.doubleValue else { return mismatch(seg, arg, piece, &out) }
            let upper = seg.conversion < UInt8(ascii: "a")
            if v.isNaN {
                text = Array((upper ? "NAN" : "NaN").utf8)
                break
            }
            let negative = v < 0 || (v == 0 && v.sign == .minus) // Java's Double.compare puts -0.0 below 0.0
            javaSigned(negative: negative, flags: flags, into: &text) { sb in
                if v.isInfinite {
                    sb += Array((upper ? "INFINITY" : "Infinity").utf8)
                } else {
                    javaDouble(v.magnitude, seg.conversion, negative: negative, flags: flags, width: width, precision: precision,
                               symbols: symbols, into: &sb)
                }
            }
        case .none:
            return out.bytes.append(contentsOf: piece)
        }
        let fill = max(0, (width ?? 0) - utf16Count(text))
        if !leftAlign { out.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: fill)) }
        out.bytes.append(contentsOf: text)
        if leftAlign { out.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: fill)) }
    }

    /// What Java's `%s` writes of an argument: `Long.toString`, `BigInteger.toString`,
    /// `Double.toString`, the text itself.
    static func javaText(_ arg: FormatArgument) -> String {
        if case .double(let v) = arg { return JavaDecimal.toString(v) }
        return arg.textValue
    }

    /// Java's leading and trailing sign around what `body` writes.
    static func javaSigned(negative: Bool, flags: UInt32, into sb: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
        let parentheses = negative && flags & FormatSegment.Flag.parentheses != 0
        if !negative {
            if flags & FormatSegment.Flag.plus != 0 { sb.append(UInt8(ascii: "+")) }
            else if flags & FormatSegment.Flag.space != 0 { sb.append(UInt8(ascii: " ")) }
        } else {
            sb.append(parentheses ? UInt8(ascii: "(") : UInt8(ascii: "-"))
        }
        body(&sb)
        if parentheses { sb.append(UInt8(ascii: ")")) }
    }

    /// Formatter.localizedMagnitude: ASCII digits (with a '.') in the locale's digits and
    /// separators, then the `0` flag's zeros after the sign until `width` UTF-16 units.
    static func javaMagnitude(_ value: [UInt8], flags: UInt32, width: Int?, symbols: NumberSymbols, into sb: inout [UInt8]) {
        let begin = sb.count
        let dot = value.firstIndex(of: UInt8(ascii: ".")) ?? value.count
        // Locale.US (no locale) groups by three with ','; a locale by its pattern's first group.
        let size = flags & FormatSegment.Flag.grouping == 0 ? 0 : symbols.localized ? symbols.primaryGroup : 3
        var grouping = size > 0
        for j in value.indices {
            if j == dot {
                sb += Array(symbols.decimal.utf8)
                grouping = false
                continue
            }
            symbols.appendDigit(value[j] &- 0x30, into: &sb)
            if grouping, j != dot - 1, (dot - j) % size == 1 { sb += Array(symbols.grouping.utf8) }
        }
        guard let width, flags & FormatSegment.Flag.zeroPad != 0 else { return }
        let have = utf16Count(sb)
        guard have < width else { return }
        var zero: [UInt8] = []
        symbols.appendDigit(0, into: &zero)
        sb.insert(contentsOf: Array([[UInt8]](repeating: zero, count: width - have).joined()), at: begin)
    }

    /// `%e %f %g %a` of a finite `v` ≥ 0 (Formatter.print(StringBuilder, double, …)).
    static func javaDouble(_ v: Double, _ conversion: UInt8, negative: Bool, flags: UInt32, width: Int?, precision: Int?,
                           symbols: NumberSymbols, into sb: inout [UInt8]) {
        let alternate = flags & FormatSegment.Flag.alternate != 0
        let upper = conversion < UInt8(ascii: "a")
        // The width the digits may fill: less the exponent, and less ')' for a negative in parentheses.
        func numberWidth(less: Int) -> Int? {
            guard let width else { return nil }
            return width - less - (negative && flags & FormatSegment.Flag.parentheses != 0 ? 1 : 0)
        }
        func withFraction(_ mantissa: [UInt8], _ digits: Int) -> [UInt8] {
            var m = mantissa
            let dot = m.firstIndex(of: UInt8(ascii: "."))
            let have = dot.map { m.count - $0 - 1 } ?? 0
            if have < digits {
                if dot == nil { m.append(UInt8(ascii: ".")) }
                m += repeatElement(UInt8(ascii: "0"), count: digits - have)
            }
            if alternate && digits == 0 && dot == nil { m.append(UInt8(ascii: ".")) }
            return m
        }
        func exponent(_ e: [UInt8]) {
            sb.append(upper ? UInt8(ascii: "E") : UInt8(ascii: "e"))
            sb.append(e[0])
            for d in e.dropFirst() { symbols.appendDigit(d &- 0x30, into: &sb) }
        }
        switch conversion | 0x20 {
        case UInt8(ascii: "e"):
            let prec = precision ?? 6
            var d = JavaDecimal(v)
            d.round(prec + 1)
            let (mantissa, e) = d.scientific(fraction: prec)
            javaMagnitude(withFraction(mantissa, prec), flags: flags, width: numberWidth(less: e.count + 1), symbols: symbols, into: &sb)
            exponent(e)
        case UInt8(ascii: "f"):
            let prec = precision ?? 6
            var d = JavaDecimal(v)
            d.round(d.n + d.e + prec)
            javaMagnitude(withFraction(d.plain, prec), flags: flags, width: numberWidth(less: 0), symbols: symbols, into: &sb)
        case UInt8(ascii: "g"):
            var prec = precision.map { $0 == 0 ? 1 : $0 } ?? 6
            var d = JavaDecimal(v)
            var e: [UInt8]? = nil
            var mantissa: [UInt8] = [UInt8(ascii: "0")]
            var rounded = 0
            if v != 0 {
                d.round(prec)
                rounded = d.exponentRounded
                if rounded >= -4 && rounded < prec {
                    mantissa = d.plain
                } else {
                    (mantissa, e) = { let s = d.scientific(fraction: prec - 1); return (s.mantissa, Optional(s.exponent)) }()
                }
            }
            prec -= e == nil ? rounded + 1 : 1
            javaMagnitude(withFraction(mantissa, prec), flags: flags, width: numberWidth(less: e.map { $0.count + 1 } ?? 0), symbols: symbols, into: &sb)
            if let e { exponent(e) }
        default: // a
            let prec = precision.map { $0 == 0 ? 1 : $0 } ?? 0
            let s = Array(JavaDecimal.hexDouble(v, precision: prec).utf8)
            sb += Array((upper ? "0X" : "0x").utf8)
            if flags & FormatSegment.Flag.zeroPad != 0, let width {
                let leading = flags & (FormatSegment.Flag.space | FormatSegment.Flag.plus) != 0 || negative ? 3 : 2
                sb += repeatElement(UInt8(ascii: "0"), count: max(0, width - s.count - leading))
            }
            let p = s.firstIndex(of: UInt8(ascii: "p")) ?? s.count
            var va = upper ? s[..<p].map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") ? $0 - 0x20 : $0 } : Array(s[..<p])
            if prec != 0 {
                let dot = va.firstIndex(of: UInt8(ascii: ".")) ?? va.count
                let have = max(0, va.count - dot - 1)
                if dot == va.count { va.append(UInt8(ascii: ".")) }
                if have < prec { va += repeatElement(UInt8(ascii: "0"), count: prec - have) }
            }
            sb += va
            sb.append(upper ? UInt8(ascii: "P") : UInt8(ascii: "p"))
            if p < s.count { sb += s[(p + 1)...] }
        }
    }

    /// Java's String lengths: UTF-16 code units (a character beyond U+FFFF counts two).
    static func utf16Count(_ utf8: [UInt8]) -> Int {
        utf8.reduce(0) { n, b in n + (b & 0xC0 == 0x80 ? 0 : b >= 0xF0 ? 2 : 1) }
    }

    /// The first `units` UTF-16 code units of `s`, never half a surrogate pair (Java's substring
    /// would cut one in two).
    static func prefix(_ s: String, utf16Units units: Int) -> String {
        var used = 0
        var end = s.unicodeScalars.startIndex
        for i in s.unicodeScalars.indices {
            let w = s.unicodeScalars[i].utf16.count
            guard used + w <= units else { break }
            used += w
            end = s.unicodeScalars.index(after: i)
        }
        return String(s.unicodeScalars[..<end])
    }

    /// `s` in upper case by `locale`'s rules (ICU's full case mapping, as Java's toUpperCase).
    static func uppercased(_ s: String, _ locale: String) -> String {
        var source = Array(s.utf8)
        var capacity = 3 * source.count + 16
        for _ in 0..<2 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let needed = source.withUnsafeMutableBufferPointer { src in
                src.withMemoryRebound(to: CChar.self) { lk_to_upper(locale, $0.baseAddress, Int32($0.count), &buffer, Int32(buffer.count)) }
            }
            if needed < 0 { break }
            if Int(needed) <= buffer.count { return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            capacity = Int(needed) // a mapping that grew more than threefold: once more, with the room it asked for
        }
        return s.uppercased() // ICU failed: Unicode's mapping without the locale's
    }
}
