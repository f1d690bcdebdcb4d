#if canImport(Glibc)
import Glibc
#endif
internal import CICU

/// Text produced by formatting, with the problems met on the way (Fluent's rule: always produce text,
/// report problems separately).
public struct FormatOutput: Sendable {
    public var bytes: [UInt8] = []
    public var problems: [String] = []
    /// How a MessageFormat 2 message chose its variant, for `explain`.
    public var selection: MF2.Selection? = nil
    /// A MessageFormat 2 message's result as parts (text, markup, values), for rich text.
    public var parts: [MF2.Part]? = nil
    public init() {}
}

/// An argument that does not fit its specifier: text that is not a number given to a numeric
/// specifier or a plural, NaN given to an integer specifier (`notANumber`), or a number outside
/// what the specifier prints: above Int64.max for %d %i, a negative for %u, a double or numeric
/// text beyond 64-bit integers (`outOfRange`). Formatting still prints something (the text, the
/// C conversion of the bits) and reports a problem; a C caller that sets
/// LOKALE_MESSAGE_STRICT_ARGUMENTS gets an error instead (LokaleABIExports finds the problem with `of`).
public enum ArgumentMisfit: Sendable, Equatable {
    case notANumber
    case outOfRange

    /// The misfit a problem of formatting reports; nil for every other problem. The problems are
    /// written by `notANumberProblem` and `outOfRangeProblem` below and by nothing else.
    public static func of(_ problem: String) -> ArgumentMisfit? {
        guard problem.hasPrefix("argument ") else { return nil }
        if problem.contains(rangeMarker) { return .outOfRange }
        if problem.contains(numberMarker) { return .notANumber }
        return nil
    }

    private static let numberMarker = " needs a number"
    private static let rangeMarker = ", out of the range of "

    /// "argument 2 is a string, but '%lld' needs a number"
    static func notANumberProblem(_ argument: Int, is what: String, needer: String) -> String {
        "argument \(argument) is \(what), but \(needer)\(numberMarker)"
    }

    /// "argument 1 is 9223372036854775808, out of the range of '%lld' (-9223372036854775808 to 9223372036854775807)"
    static func outOfRangeProblem(_ argument: Int, is value: String, specifier: String, range: String) -> String {
        "argument \(argument) is \(value)\(rangeMarker)\(specifier) (\(range))"
    }

    static let signedRange = "\(Int64.min) to \(Int64.max)"
    static let unsignedRange = "0 to \(UInt64.max)"

    /// Whether an argument whose `integerValue` is nil is a number beyond 64-bit integers (as
    /// opposed to no number at all: text, NaN).
    static func isNumber(_ arg: FormatArgument) -> Bool {
        switch arg {
        case .int, .uint: true
        case .double(let v): !v.isNaN
        case .string(let s): Double(s.trimmedASCII).map { !$0.isNaN } ?? false
        }
    }
}

/// Interprets precompiled segments with typed arguments. It reads an argument only when the caller
/// passed it: a missing argument leaves the specifier's own text in the output and a problem.
public enum Formatter {
    /// No message renders to more than this, whatever widths and nesting a table asks for.
    public static let maxOutput = Limits.outputBytes

    /// Cuts output past `maxOutput` at a character boundary, and says so.
    static func cutToLimit(_ out: inout FormatOutput) {
        guard out.bytes.count > maxOutput else { return }
        var n = maxOutput
        while n > 0 && out.bytes[n] & 0xC0 == 0x80 { n -= 1 } // never half a UTF-8 sequence
        out.bytes.removeLast(out.bytes.count - n)
        out.problems.append("formatted text longer than \(maxOutput) bytes; cut")
    }

    public typealias SubstitutionRenderer = (_ name: UnsafeRawBufferPointer, _ argument: Int, _ out: inout FormatOutput) -> Void

    public static func render<S: Sequence<FormatSegment>>(
        text: UnsafeRawBufferPointer,
        segments: S,
        arguments: [FormatArgument],
        symbols: NumberSymbols = .posix,
        into out: inout FormatOutput,
        substitution: SubstitutionRenderer? = nil
    ) {
        defer { cutToLimit(&out) }
        for seg in segments {
            guard out.bytes.count <= maxOutput else { return }
            guard seg.start >= 0, seg.length >= 0, seg.start + seg.length <= text.count else {
                out.problems.append("format segment out of bounds")
                continue
            }
            let piece = UnsafeRawBufferPointer(rebasing: text[seg.start..<(seg.start + seg.length)])
            switch seg.kind {
            case .literal:
                out.bytes.append(contentsOf: piece)
            case .substitution:
                if let substitution {
                    substitution(piece, seg.argument, &out)
                } else {
                    out.problems.append("substitution %#@\(String(decoding: piece, as: UTF8.self))@ has no definition")
                    out.bytes.append(contentsOf: piece)
                }
            case .specifier:
                renderSpecifier(seg, piece: piece, arguments: arguments, symbols: symbols, into: &out)
            }
        }
    }

    /// Parses `text` (a caller's default value or an uncompiled string) and renders it.
    public static func render(format text: String, syntax: FormatSyntax = .apple, arguments: [FormatArgument],
                              symbols: NumberSymbols = .posix, into out: inout FormatOutput) {
        var copy = text
        copy.withUTF8 { render(formatBytes: UnsafeRawBufferPointer($0), syntax: syntax, arguments: arguments, symbols: symbols, into: &out) }
    }

    /// Parses `raw` (a caller's default value, uncompiled) and renders it.
    public static func render(formatBytes raw: UnsafeRawBufferPointer, syntax: FormatSyntax = .apple, arguments: [FormatArgument],
                              symbols: NumberSymbols = .posix, into out: inout FormatOutput) {
        let parsed = FormatParser.parse(raw, syntax: syntax)
        out.problems.append(contentsOf: parsed.problems)
        render(text: raw, segments: parsed.segments, arguments: arguments, symbols: symbols, into: &out)
    }

    static func argument(_ n: Int, _ arguments: [FormatArgument], _ out: inout FormatOutput) -> FormatArgument? {
        guard n >= 1, n <= arguments.count else {
            out.problems.append("argument \(n) was not passed (\(arguments.count) given)")
            return nil
        }
        return arguments[n - 1]
    }

    static func resolve(_ amount: FormatSegment.Amount, _ arguments: [FormatArgument], _ out: inout FormatOutput) -> Int? {
        switch amount {
        case .none: return nil
        case .fixed(let v): return min(v, FormatParser.maxAmount)
        case .argument(let n):
            guard let a = argument(n, arguments, &out), let v = a.integerValue else { return nil }
            return Int(max(-Int64(FormatParser.maxAmount), min(Int64(FormatParser.maxAmount), v)))
        }
    }

    static func renderSpecifier(_ seg: FormatSegment, piece: UnsafeRawBufferPointer, arguments: [FormatArgument],
                                symbols: NumberSymbols, into out: inout FormatOutput) {
        // Java's %n reads no argument, whichever table carries it.
        if seg.conversion == FormatSegment.lineSeparator { return out.bytes.append(UInt8(ascii: "\n")) }
        guard let arg = argument(seg.argument, arguments, &out) else {
            out.bytes.append(contentsOf: piece)
            return
        }
        var width = resolve(seg.width, arguments, &out)
        var flags = seg.flags
        if let w = width, w < 0 { flags |= FormatSegment.Flag.leftAlign; width = -w }
        let precision = resolve(seg.precision, arguments, &out).flatMap { $0 < 0 ? nil : $0 }
        if seg.flags & FormatSegment.Flag.java != 0 {
            return renderJava(seg, arg, piece: piece, flags: flags, width: width, precision: precision, symbols: symbols, into: &out)
        }

        switch seg.argumentType {
        case .object, .cString:
            var text = Array(arg.textValue.unicodeScalars)
            if let p = precision, p < text.count { text = Array(text[0..<p]) }
            pad(String(String.UnicodeScalarView(text)).utf8, width: width, leftAlign: flags & FormatSegment.Flag.leftAlign != 0, into: &out)
        case .character:
            guard let v = arg.integerValue else { return mismatch(seg, arg, piece, &out) }
            let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: v)) ?? "\u{FFFD}"
            pad(String(Character(scalar)).utf8, width: width, leftAlign: flags & FormatSegment.Flag.leftAlign != 0, into: &out)
        case .integer, .unsigned:
            guard var v = arg.integerValue else { return mismatch(seg, arg, piece, &out) }
            if let range = outOfRange(seg, arg, v) {
                // Printed as C prints the bits (as Apple does), and reported.
                out.problems.append(ArgumentMisfit.outOfRangeProblem(seg.argument, is: arg.textValue,
                                                              specifier: "'\(String(decoding: piece, as: UTF8.self))'", range: range))
            }
            switch seg.lengthModifier {
            case .hh: v = seg.argumentType == .integer ? Int64(Int8(truncatingIfNeeded: v)) : Int64(UInt8(truncatingIfNeeded: v))
            case .h: v = seg.argumentType == .integer ? Int64(Int16(truncatingIfNeeded: v)) : Int64(UInt16(truncatingIfNeeded: v))
            default: break
            }
            let decimal = seg.conversion == UInt8(ascii: "d") || seg.conversion == UInt8(ascii: "i") || seg.conversion == UInt8(ascii: "u")
            if flags == 0, width == nil, precision == nil, decimal, seg.conversion != UInt8(ascii: "u") || v >= 0, symbols.asciiDigits,
               v.magnitude < symbols.ungroupedBelow {
                appendDecimal(v, to: &out.bytes) // the common case, without the C library
                return
            }
            if decimal && symbols.localized {
                return localizedNumber(seg, flags: flags, width: width, precision: precision, value: .integer(v), symbols: symbols, into: &out)
            }
            cFormat(seg, flags: flags, width: width, precision: precision, value: .integer(v),
                    symbols: decimal ? symbols : .posix, into: &out)
        case .floating:
            guard let v = arg.doubleValue else { return mismatch(seg, arg, piece, &out) }
            // Hexadecimal floating point (%a) keeps C's spelling.
            let hex = seg.conversion == UInt8(ascii: "a") || seg.conversion == UInt8(ascii: "A")
            if symbols.localized && groupsLocalized(seg.conversion) {
                return localizedNumber(seg, flags: flags, width: width, precision: precision, value: .floating(v), symbols: symbols, into: &out)
            }
            cFormat(seg, flags: flags, width: width, precision: precision, value: .floating(v),
                    symbols: hex ? .posix : symbols, into: &out)
        case .none:
            out.bytes.append(contentsOf: piece)
        }
    }

    /// The decimal digits of `v`, written straight into `bytes` (no String in between).
    static func appendDecimal(_ v: Int64, to bytes: inout [UInt8]) {
        var m = v.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(truncatingIfNeeded: 48 + m % 10)
                m /= 10
            } while m > 0
            if v < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    /// An argument a numeric specifier cannot read: its text is shown, and the problem reported.
    static func mismatch(_ seg: FormatSegment, _ arg: FormatArgument, _ piece: UnsafeRawBufferPointer, _ out: inout FormatOutput) {
        let specifier = "'\(String(decoding: piece, as: UTF8.self))'"
        if ArgumentMisfit.isNumber(arg) { // a double or numeric text beyond 64-bit integers
            out.problems.append(ArgumentMisfit.outOfRangeProblem(seg.argument, is: arg.textValue, specifier: specifier,
                                                          range: seg.argumentType == .unsigned ? ArgumentMisfit.unsignedRange : ArgumentMisfit.signedRange))
        } else {
            out.problems.append(ArgumentMisfit.notANumberProblem(seg.argument, is: arg.isNaN ? "NaN" : "a \(arg.typeName)", needer: specifier))
        }
        out.bytes.append(contentsOf: arg.textValue.utf8)
    }

    /// The range an integer specifier prints when `arg` (whose integer is `v`) is outside it: above
    /// Int64.max for %d %i, a negative for %u. Not for %hd %hhu (they truncate, as C does) nor %x
    /// %o (they print the bits).
    static func outOfRange(_ seg: FormatSegment, _ arg: FormatArgument, _ v: Int64) -> String? {
        guard seg.lengthModifier != .h, seg.lengthModifier != .hh else { return nil }
        if seg.argumentType == .integer, case .uint(let u) = arg, u > UInt64(Int64.max) { return ArgumentMisfit.signedRange }
        if seg.conversion == UInt8(ascii: "u"), v < 0 {
            if case .uint = arg { return nil } // above Int64.max: printed right
            return ArgumentMisfit.unsignedRange
        }
        return nil
    }

    static func pad<C: Collection<UInt8>>(_ bytes: C, width: Int?, leftAlign: Bool, into out: inout FormatOutput) {
        let count = String(decoding: Array(bytes), as: UTF8.self).unicodeScalars.count
        let fill = max(0, (width ?? 0) - count)
        if !leftAlign { out.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: fill)) }
        out.bytes.append(contentsOf: bytes)
        if leftAlign { out.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: fill)) }
    }

    /// The C library formats one number whose type we chose ourselves, in the "C" locale so that the
    /// host's setlocale() cannot change digits or separators behind the catalog's back.
    /// One number through the C library in the "C" locale (CICU), then written with the
    /// locale's symbols. The specifier is built on the stack.
    static func cFormat(_ seg: FormatSegment, flags: UInt32, width: Int?, precision: Int?, value: NumberValue,
                        symbols: NumberSymbols = .posix, into out: inout FormatOutput) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { spec in
            var n = 0
            func put(_ c: UInt8) { spec[n] = CChar(bitPattern: c); n += 1 }
            func putNumber(_ v: Int) { for d in String(v).utf8 { put(d) } }
            put(UInt8(ascii: "%"))
            if flags & FormatSegment.Flag.leftAlign != 0 { put(UInt8(ascii: "-")) }
            if flags & FormatSegment.Flag.plus != 0 { put(UInt8(ascii: "+")) }
            if flags & FormatSegment.Flag.space != 0 { put(UInt8(ascii: " ")) }
            if flags & FormatSegment.Flag.alternate != 0 { put(UInt8(ascii: "#")) }
            if flags & FormatSegment.Flag.zeroPad != 0 { put(UInt8(ascii: "0")) }
            if let width { putNumber(width) }
            if let precision { put(UInt8(ascii: ".")); putNumber(precision) }
            if case .integer = value { put(UInt8(ascii: "l")); put(UInt8(ascii: "l")) }
            put(seg.conversion)
            spec[n] = 0
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 160) { buffer in
                let needed: Int32
                switch value {
                case .integer(let v): needed = lk_format_int64(buffer.baseAddress, buffer.count, spec.baseAddress, v)
                case .floating(let v): needed = lk_format_double(buffer.baseAddress, buffer.count, spec.baseAddress, v)
                }
                guard needed > 0 else { return }
                if Int(needed) < buffer.count {
                    emitNumber(UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(needed)), flags, symbols, &out)
                    return
                }
                // Widths are capped at 4096, so this stays small.
                var big = [CChar](repeating: 0, count: Int(needed) + 1)
                let m: Int32
                switch value {
                case .integer(let v): m = lk_format_int64(&big, big.count, spec.baseAddress, v)
                case .floating(let v): m = lk_format_double(&big, big.count, spec.baseAddress, v)
                }
                guard m > 0 else { return }
                big.withUnsafeBytes { emitNumber(UnsafeRawBufferPointer(rebasing: $0.prefix(Int(m))), flags, symbols, &out) }
            }
        }
    }

    static func emitNumber(_ ascii: UnsafeRawBufferPointer, _ flags: UInt32, _ symbols: NumberSymbols, _ out: inout FormatOutput) {
        symbols.localize(ascii, group: flags & FormatSegment.Flag.grouping != 0, into: &out.bytes)
    }

    enum NumberValue {
        case integer(Int64)
        case floating(Double)
    }
}
