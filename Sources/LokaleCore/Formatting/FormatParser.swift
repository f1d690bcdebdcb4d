/// Parses Apple-style format strings (`%@ %d %i %u %x %X %o %c %s %f %e %g %a`, flags, width,
/// precision, length modifiers, positional `%1$@`, `%%`, `%#@name@`) into segments.
///
/// Parsing never fails: a malformed specifier becomes literal text and a problem, so callers always
/// get text to show (the compiler turns problems into errors; the runtime into diagnostics).
public struct ParsedFormat: Sendable, Equatable {
    public var segments: [FormatSegment] = []
    public var problems: [String] = []

    /// The argument each position consumes, 1-based; conflicting uses are reported as problems.
    public var signature: [Int: ArgumentType] = [:]
    /// Numbered (%1$@) and unnumbered (%@) specifiers together. Apple formats it (unnumbered ones
    /// count from 1), so it is no problem for Lokale; gettext's C rules reject it.
    public var mixesNumbering = false
    public init() {}

    public var hasSpecifiers: Bool { segments.contains { $0.kind != .literal } }
    public var argumentCount: Int { signature.keys.max() ?? 0 }

    /// Argument positions below the highest that no specifier uses (`%2$@` alone leaves 1 out):
    /// their type is unknown, so a C caller could not pass them correctly.
    public var gaps: [Int] {
        guard let top = signature.keys.max(), top > 1 else { return [] }
        return (1..<top).filter { signature[$0] == nil }
    }
}

public enum FormatParser {
    /// Widths and precisions above this are refused: no translation may ask for a megabyte of padding.
    public static let maxAmount = Limits.widthOrPrecision

    public static func parse(_ text: String) -> ParsedFormat {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ParsedFormat {
        var result = ParsedFormat()
        var positional = false, sequential = false
        var next = 1
        var literalStart = 0
        var i = 0
        let n = bytes.count

        func addLiteral(_ start: Int, _ end: Int) {
            guard end > start else { return }
            if let last = result.segments.last, last.kind == .literal, last.start + last.length == start {
                result.segments[result.segments.count - 1].length += end - start
            } else {
                result.segments.append(FormatSegment(kind: .literal, start: start, length: end - start))
            }
        }
        func digits(_ j: inout Int) -> Int? {
            var v = 0, any = false
            while j < n, bytes[j] >= 0x30, bytes[j] <= 0x39 {
                v = min(v * 10 + Int(bytes[j] - 0x30), 1_000_000_000)
                any = true
                j += 1
            }
            return any ? v : nil
        }
        func use(_ position: Int, _ type: ArgumentType, _ at: Int) {
            if let old = result.signature[position], !old.isCompatible(with: type) {
                result.problems.append("argument \(position) is used as \(old.rawValue) and as \(type.rawValue) (byte \(at))")
            } else if result.signature[position] == nil {
                result.signature[position] = type
            }
        }

        while i < n {
            guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
            let specStart = i
            addLiteral(literalStart, i)
            var j = i + 1
            if j < n, bytes[j] == UInt8(ascii: "%") {
                addLiteral(j, j + 1) // "%%" shows one percent sign
                i = j + 1
                literalStart = i
                continue
            }
            var bad: String? = nil
            var seg = FormatSegment(kind: .specifier, start: specStart, length: 0)
            // Positional "N$".
            var explicitPosition: Int? = nil
            var k = j
            if let v = digits(&k), k < n, bytes[k] == UInt8(ascii: "$") {
                explicitPosition = v
                j = k + 1
                if v == 0 || v > Limits.arguments { bad = "argument position \(v) out of range" }
            }
            func position() -> Int {
                if let p = explicitPosition { positional = true; return p }
                sequential = true
                defer { next += 1 }
                return next
            }
            // "%#@name@" substitution.
            if bad == nil, j + 1 < n, bytes[j] == UInt8(ascii: "#"), bytes[j + 1] == UInt8(ascii: "@") {
                var e = j + 2
                while e < n, bytes[e] != UInt8(ascii: "@") { e += 1 }
                if e >= n || e == j + 2 {
                    bad = "unterminated %#@name@ substitution"
                } else {
                    seg.kind = .substitution
                    seg.start = j + 2
                    seg.length = e - (j + 2)
                    seg.argument = position()
                    use(seg.argument, .integer, specStart)
                    result.segments.append(seg)
                    i = e + 1
                    literalStart = i
                    continue
                }
            }
            // Flags.
            while bad == nil, j < n {
                switch bytes[j] {
                case UInt8(ascii: "-"): seg.flags |= FormatSegment.Flag.leftAlign
                case UInt8(ascii: "+"): seg.flags |= FormatSegment.Flag.plus
                case UInt8(ascii: " "): seg.flags |= FormatSegment.Flag.space
                case UInt8(ascii: "#"): seg.flags |= FormatSegment.Flag.alternate
                case UInt8(ascii: "0"): seg.flags |= FormatSegment.Flag.zeroPad
                case UInt8(ascii: "'"): seg.flags |= FormatSegment.Flag.grouping
                default: break
                }
                if [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'")].contains(bytes[j]) {
                    j += 1
                } else { break }
            }
            // Width and precision: digits, "*" or "*N$".
            func amount() -> FormatSegment.Amount {
                if j < n, bytes[j] == UInt8(ascii: "*") {
                    j += 1
                    var k = j
                    if let v = digits(&k), k < n, bytes[k] == UInt8(ascii: "$") {
                        j = k + 1
                        positional = true
                        use(v, .integer, specStart)
                        return .argument(v)
                    }
                    let p = position()
                    use(p, .integer, specStart)
                    return .argument(p)
                }
                if let v = digits(&j) {
                    if v > maxAmount { bad = "width or precision \(v) is larger than \(maxAmount)" }
                    return .fixed(v)
                }
                return .none
            }
            if bad == nil { seg.width = amount() }
            if bad == nil, j < n, bytes[j] == UInt8(ascii: ".") {
                j += 1
                let p = amount()
                seg.precision = p == .none ? .fixed(0) : p
            }
            // Length modifier.
            if bad == nil, j < n {
                let c = bytes[j], c2: UInt8 = j + 1 < n ? bytes[j + 1] : 0
                switch c {
                case UInt8(ascii: "h"):
                    if c2 == c { seg.lengthModifier = .hh; j += 2 } else { seg.lengthModifier = .h; j += 1 }
                case UInt8(ascii: "l"):
                    if c2 == c { seg.lengthModifier = .ll; j += 2 } else { seg.lengthModifier = .l; j += 1 }
                case UInt8(ascii: "q"): seg.lengthModifier = .q; j += 1
                case UInt8(ascii: "z"): seg.lengthModifier = .z; j += 1
                case UInt8(ascii: "t"): seg.lengthModifier = .t; j += 1
                case UInt8(ascii: "j"): seg.lengthModifier = .j; j += 1
                case UInt8(ascii: "L"): seg.lengthModifier = .L; j += 1
                default: break
                }
            }
            if bad == nil {
                if j >= n {
                    bad = "incomplete format specifier at the end of the text"
                } else {
                    let c = bytes[j]
                    let type = ArgumentType(conversion: c)
                    if c == UInt8(ascii: "n") {
                        bad = "%n is never allowed"
                    } else if type == .none {
                        bad = c < 0x80 && c >= 0x20
                            ? "unknown conversion '%\(Character(Unicode.Scalar(c)))'"
                            : "unknown conversion byte 0x\(String(c, radix: 16))"
                    } else {
                        seg.conversion = c
                        seg.argument = position()
                        use(seg.argument, type, specStart)
                        j += 1
                    }
                }
            }
            if let bad {
                result.problems.append("\(bad) (byte \(specStart))")
                // Keep the malformed text visible, and never consume an argument for it.
                let end = max(min(j + 1, n), specStart + 1)
                addLiteral(specStart, end)
                i = end
                literalStart = i
                continue
            }
            seg.length = j - specStart
            result.segments.append(seg)
            i = j
            literalStart = i
        }
        addLiteral(literalStart, n)
        result.mixesNumbering = positional && sequential
        return result
    }
}
