/// Parses format strings into segments: Apple's (CFString: `%@ %d %i %u %x %X %o %c %s %f %e %g %a`,
/// flags, width, precision, length modifiers, positional `%1$@`, `%%`, `%#@name@`) or Java's
/// (`java.util.Formatter`, `JavaFormatParser`).
///
/// Parsing never fails: a malformed specifier becomes literal text and a problem, so callers always
/// get text to show (the compiler turns problems into errors; the runtime into diagnostics).
public struct ParsedFormat: Sendable, Equatable {
    public var segments: [FormatSegment] = []
    public var problems: [String] = []

    /// The argument each position consumes, 1-based; conflicting uses are reported as problems.
    public var signature: [Int: ArgumentType] = [:]
    /// Numbered (%1$@) and unnumbered (%@) specifiers together. Apple formats it (unnumbered ones
    /// count from 1), so it is no problem for Lokale; gettext's C rules reject it. Java's ordinary
    /// index counts the same way.
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

/// What both grammars share: the bytes, literal runs, numbers, argument numbering and the
/// signature, and how a malformed specifier is kept.
struct FormatScanner {
    let bytes: UnsafeRawBufferPointer
    var result = ParsedFormat()
    var positional = false, sequential = false
    /// The next unnumbered specifier's argument.
    var next = 1
    var literalStart = 0
    /// The argument the last specifier read (Java's `%<s` reads it again); 0 before any.
    var previous = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var count: Int { bytes.count }

    func byte(_ j: Int) -> UInt8 { j < bytes.count ? bytes[j] : 0 }

    mutating func addLiteral(_ start: Int, _ end: Int) {
        guard end > start else { return }
        if let last = result.segments.last, last.kind == .literal, last.start + last.length == start {
            result.segments[result.segments.count - 1].length += end - start
        } else {
            result.segments.append(FormatSegment(kind: .literal, start: start, length: end - start))
        }
    }

    /// Decimal digits at `j` (advanced past them), saturating; nil when there are none.
    func digits(_ j: inout Int) -> Int? {
        var v = 0, any = false
        while j < bytes.count, bytes[j] >= 0x30, bytes[j] <= 0x39 {
            v = min(v * 10 + Int(bytes[j] - 0x30), 1_000_000_000)
            any = true
            j += 1
        }
        return any ? v : nil
    }

    /// An explicit position `N$` at `j`: (N, the index after '$'), or nil.
    func explicitPosition(at j: Int) -> (Int, Int)? {
        var k = j
        guard let v = digits(&k), k < bytes.count, bytes[k] == UInt8(ascii: "$") else { return nil }
        return (v, k + 1)
    }

    /// The argument a specifier reads: its explicit position, or the next unnumbered one (which
    /// counts apart from explicit positions, as CFString and Java count them).
    mutating func position(_ explicit: Int?) -> Int {
        if let p = explicit { positional = true; return p }
        sequential = true
        defer { next += 1 }
        return next
    }

    mutating func use(_ position: Int, _ type: ArgumentType, _ at: Int) {
        if let old = result.signature[position], !old.isCompatible(with: type) {
            result.problems.append("argument \(position) is used as \(old.rawValue) and as \(type.rawValue) (byte \(at))")
        } else if result.signature[position] == nil {
            result.signature[position] = type
        }
    }

    /// A malformed specifier from `start`: reported, and kept visible as literal text up to and
    /// including the byte at `j` (never consuming an argument). Returns where scanning goes on.
    mutating func reject(_ problem: String, from start: Int, through j: Int) -> Int {
        result.problems.append("\(problem) (byte \(start))")
        let end = max(min(j + 1, bytes.count), start + 1)
        addLiteral(start, end)
        literalStart = end
        return end
    }

    /// A specifier (or substitution) ending before `end`.
    mutating func add(_ seg: FormatSegment, end: Int) {
        result.segments.append(seg)
        literalStart = end
    }

    /// "%%" at `i`: one percent sign.
    mutating func percent(at i: Int) -> Int {
        addLiteral(i + 1, i + 2)
        literalStart = i + 2
        return i + 2
    }

    mutating func finish() -> ParsedFormat {
        addLiteral(literalStart, bytes.count)
        result.mixesNumbering = positional && sequential
        return result
    }

    static func describe(conversion c: UInt8) -> String {
        c < 0x80 && c >= 0x20 ? "'%\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
    }
}

public enum FormatParser {
    /// Widths and precisions above this are refused: no translation may ask for a megabyte of padding.
    public static let maxAmount = Limits.widthOrPrecision

    public static func parse(_ text: String, syntax: FormatSyntax = .apple) -> ParsedFormat {
        var copy = text
        return copy.withUTF8 { parse(UnsafeRawBufferPointer($0), syntax: syntax) }
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer, syntax: FormatSyntax = .apple) -> ParsedFormat {
        var s = FormatScanner(bytes)
        var i = 0
        while i < s.count {
            guard bytes[i] == UInt8(ascii: "%") else { i += 1; continue }
            s.addLiteral(s.literalStart, i)
            if s.byte(i + 1) == UInt8(ascii: "%") {
                i = s.percent(at: i)
                continue
            }
            i = syntax == .java ? JavaFormatParser.specifier(at: i, &s) : specifier(at: i, &s)
        }
        return s.finish()
    }

    /// One Apple specifier at `specStart` (a '%' not followed by '%'); returns where scanning goes on.
    static func specifier(at specStart: Int, _ s: inout FormatScanner) -> Int {
        let n = s.count
        var j = specStart + 1
        var seg = FormatSegment(kind: .specifier, start: specStart, length: 0)
        var explicit: Int? = nil
        if let (v, after) = s.explicitPosition(at: j) {
            if v == 0 || v > Limits.arguments { return s.reject("argument position \(v) out of range", from: specStart, through: after) }
            explicit = v
            j = after
        }
        // "%#@name@" substitution.
        if s.byte(j) == UInt8(ascii: "#"), s.byte(j + 1) == UInt8(ascii: "@") {
            var e = j + 2
            while e < n, s.bytes[e] != UInt8(ascii: "@") { e += 1 }
            if e >= n || e == j + 2 { return s.reject("unterminated %#@name@ substitution", from: specStart, through: j) }
            seg.kind = .substitution
            seg.start = j + 2
            seg.length = e - (j + 2)
            seg.argument = s.position(explicit)
            s.use(seg.argument, .integer, specStart)
            s.add(seg, end: e + 1)
            return e + 1
        }
        // Flags.
        while j < n, let flag = appleFlag(s.bytes[j]) {
            seg.flags |= flag
            j += 1
        }
        // Width and precision: digits, "*" or "*N$".
        var bad: String? = nil
        func amount() -> FormatSegment.Amount {
            if s.byte(j) == UInt8(ascii: "*") {
                j += 1
                if let (v, after) = s.explicitPosition(at: j) {
                    j = after
                    s.positional = true
                    s.use(v, .integer, specStart)
                    return .argument(v)
                }
                let p = s.position(nil)
                s.use(p, .integer, specStart)
                return .argument(p)
            }
            if let v = s.digits(&j) {
                if v > maxAmount { bad = "width or precision \(v) is larger than \(maxAmount)" }
                return .fixed(v)
            }
            return .none
        }
        seg.width = amount()
        if bad == nil, s.byte(j) == UInt8(ascii: ".") {
            j += 1
            let p = amount()
            seg.precision = p == .none ? .fixed(0) : p
        }
        if let bad { return s.reject(bad, from: specStart, through: j) }
        // Length modifier.
        let c = s.byte(j), c2 = s.byte(j + 1)
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
        guard j < n else { return s.reject("incomplete format specifier at the end of the text", from: specStart, through: j) }
        let conversion = s.bytes[j]
        let type = ArgumentType(conversion: conversion)
        if conversion == UInt8(ascii: "n") { return s.reject("%n is never allowed", from: specStart, through: j) }
        if type == .none { return s.reject("unknown conversion \(FormatScanner.describe(conversion: conversion))", from: specStart, through: j) }
        seg.conversion = conversion
        seg.argument = s.position(explicit)
        s.use(seg.argument, type, specStart)
        seg.length = j + 1 - specStart
        s.add(seg, end: j + 1)
        return j + 1
    }

    static func appleFlag(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "-"): FormatSegment.Flag.leftAlign
        case UInt8(ascii: "+"): FormatSegment.Flag.plus
        case UInt8(ascii: " "): FormatSegment.Flag.space
        case UInt8(ascii: "#"): FormatSegment.Flag.alternate
        case UInt8(ascii: "0"): FormatSegment.Flag.zeroPad
        case UInt8(ascii: "'"): FormatSegment.Flag.grouping
        default: nil
        }
    }
}
