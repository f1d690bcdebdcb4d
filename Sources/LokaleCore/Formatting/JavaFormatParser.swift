/// `java.util.Formatter`'s specifiers, as Android's `String.format` (and `getString(id, args…)`)
/// reads a string resource: `%[index$][flags][width][.precision]conversion`, into the same
/// segments as Apple's, marked `Flag.java` so that the formatter applies Java's rules (its number
/// localization, rounding and spellings). Whatever Java would throw for is a problem, and so is
/// what Lokale does not support (`%b`, `%h`, dates); docs/SOURCES.md, "Java specifiers", lists them.
enum JavaFormatParser {
    typealias Flag = FormatSegment.Flag

    /// One specifier at `start` (a '%' not followed by '%'); returns where scanning goes on.
    static func specifier(at start: Int, _ s: inout FormatScanner) -> Int {
        var j = start + 1
        var explicit: Int? = nil
        if let (v, after) = s.explicitPosition(at: j) {
            if v == 0 || v > Limits.arguments { return s.reject("argument index \(v) out of range", from: start, through: after) }
            explicit = v
            j = after
        }
        var seg = FormatSegment(kind: .specifier, start: start, length: 0)
        seg.flags = Flag.java
        var relative = false
        while let c = Optional(s.byte(j)), let flag = flagBit(c) {
            if c == UInt8(ascii: "<") {
                if relative { return s.reject("flag '<' is given twice", from: start, through: j) }
                relative = true
            } else {
                if seg.flags & flag != 0 { return s.reject("flag '\(Character(Unicode.Scalar(c)))' is given twice", from: start, through: j) }
                seg.flags |= flag
            }
            j += 1
        }
        if let w = s.digits(&j) {
            if w > FormatParser.maxAmount { return s.reject("width \(w) is larger than \(FormatParser.maxAmount)", from: start, through: j) }
            seg.width = .fixed(w)
        }
        if s.byte(j) == UInt8(ascii: ".") {
            j += 1
            guard let p = s.digits(&j) else { return s.reject("a precision needs digits after '.'", from: start, through: j) }
            if p > FormatParser.maxAmount { return s.reject("precision \(p) is larger than \(FormatParser.maxAmount)", from: start, through: j) }
            seg.precision = .fixed(p)
        }
        guard j < s.count else { return s.reject("incomplete format specifier at the end of the text", from: start, through: j) }
        let c = s.bytes[j]
        let spelled = "'\(String(decoding: UnsafeRawBufferPointer(rebasing: s.bytes[start...j]), as: UTF8.self))'"
        if let refused = refusal(c, next: s.byte(j + 1)) { return s.reject("\(spelled): \(refused)", from: start, through: j) }
        let type: ArgumentType
        switch c {
        case UInt8(ascii: "s"), UInt8(ascii: "S"):
            seg.conversion = UInt8(ascii: "@") // any argument, written as text
            type = .object
        case UInt8(ascii: "c"), UInt8(ascii: "C"):
            seg.conversion = UInt8(ascii: "c")
            type = .character
        case UInt8(ascii: "d"):
            seg.conversion = c
            seg.lengthModifier = .ll // Java's integers are up to 64 bits (long); never truncated
            type = .integer
        case UInt8(ascii: "o"), UInt8(ascii: "x"), UInt8(ascii: "X"):
            seg.conversion = c
            seg.lengthModifier = .ll
            type = .unsigned
        case UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            seg.conversion = c
            type = .floating
        case UInt8(ascii: "n"):
            // The line separator: Android's is "\n". It takes no argument, flag, width or precision.
            if explicit != nil || relative || seg.flags != Flag.java || seg.width != .none || seg.precision != .none {
                return s.reject("\(spelled): %n takes no index, flag, width or precision", from: start, through: j)
            }
            seg.conversion = c
            seg.length = j + 1 - start
            s.add(seg, end: j + 1)
            return j + 1
        case UInt8(ascii: "%"):
            return s.reject("\(spelled): a flag or width on %% is not supported by Lokale", from: start, through: j)
        default:
            let problem = c == UInt8(ascii: "@") ? "unknown conversion '@' (Apple's; Java writes %s)"
                : c == UInt8(ascii: "l") || c == UInt8(ascii: "h") || c == UInt8(ascii: "q") || c == UInt8(ascii: "z") || c == UInt8(ascii: "j")
                ? "Java has no length modifiers (unknown conversion \(FormatScanner.describe(conversion: c)))"
                : "unknown conversion \(FormatScanner.describe(conversion: c))"
            return s.reject("\(spelled): \(problem)", from: start, through: j)
        }
        if let bad = misfit(seg, conversion: c) { return s.reject("\(spelled): \(bad)", from: start, through: j) }
        if c == UInt8(ascii: "S") || c == UInt8(ascii: "C") { seg.flags |= Flag.uppercase }
        if relative {
            guard s.previous > 0 else { return s.reject("\(spelled): '<' has no previous argument to reuse", from: start, through: j) }
            seg.argument = s.previous
        } else {
            seg.argument = s.position(explicit)
        }
        s.previous = seg.argument
        // Java's %s prints any argument, so it never conflicts with another use of it; the
        // argument's type is what the other use needs.
        if let old = s.result.signature[seg.argument], old == .object || type == .object {
            if old == .object { s.result.signature[seg.argument] = type }
        } else {
            s.use(seg.argument, type, start)
        }
        seg.length = j + 1 - start
        s.add(seg, end: j + 1)
        return j + 1
    }

    static func flagBit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "-"): Flag.leftAlign
        case UInt8(ascii: "+"): Flag.plus
        case UInt8(ascii: " "): Flag.space
        case UInt8(ascii: "#"): Flag.alternate
        case UInt8(ascii: "0"): Flag.zeroPad
        case UInt8(ascii: ","): Flag.grouping
        case UInt8(ascii: "("): Flag.parentheses
        case UInt8(ascii: "<"): 0 // the relative index, kept apart
        default: nil
        }
    }

    /// Java's conversions that Lokale refuses, and why.
    static func refusal(_ c: UInt8, next: UInt8) -> String? {
        switch c {
        case UInt8(ascii: "b"), UInt8(ascii: "B"):
            "Java's %b (boolean) is not supported by Lokale: its arguments have no boolean type (Java prints \"true\" for any argument but null)"
        case UInt8(ascii: "h"), UInt8(ascii: "H"):
            // "%h" is Java's hash code; "%hd" (Apple's short) is no Java at all.
            next.isASCIILetter ? nil : "Java's %h (hash code) is not supported by Lokale"
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            next.isASCIILetter ? "Java's %t and %T (date and time) are not supported by Lokale: its arguments have no date type" : nil
        default:
            nil
        }
    }

    /// What Java's Formatter throws for this combination of conversion, flags, width and
    /// precision (when the specifier is parsed, or for a `long` argument when it prints), as a problem.
    static func misfit(_ seg: FormatSegment, conversion c: UInt8) -> String? {
        let f = seg.flags
        func has(_ flag: UInt32) -> Bool { f & flag != 0 }
        func named(_ flag: UInt32) -> String {
            [(Flag.leftAlign, "-"), (Flag.plus, "+"), (Flag.space, "' '"), (Flag.alternate, "#"), (Flag.zeroPad, "0"),
             (Flag.grouping, ","), (Flag.parentheses, "(")].first { $0.0 == flag }!.1
        }
        func refuse(_ flags: UInt32...) -> String? {
            flags.first(where: has).map { "flag \(named($0)) does not apply to '%\(Character(Unicode.Scalar(c)))'" }
        }
        let numeric = !(c | 0x20 == UInt8(ascii: "s") || c | 0x20 == UInt8(ascii: "c"))
        if has(Flag.leftAlign) || (numeric && has(Flag.zeroPad)), seg.width == .none { return "flag \(has(Flag.leftAlign) ? "-" : "0") needs a width" }
        if numeric, has(Flag.plus) && has(Flag.space) { return "flags + and ' ' exclude each other" }
        if numeric, has(Flag.leftAlign) && has(Flag.zeroPad) { return "flags - and 0 exclude each other" }
        switch c | 0x20 {
        case UInt8(ascii: "s"):
            if has(Flag.alternate) { return "flag # needs a java.util.Formattable argument, which Lokale's arguments are not" }
            return refuse(Flag.plus, Flag.space, Flag.zeroPad, Flag.grouping, Flag.parentheses)
        case UInt8(ascii: "c"):
            if seg.precision != .none { return "a precision does not apply to '%c'" }
            return refuse(Flag.alternate, Flag.plus, Flag.space, Flag.zeroPad, Flag.grouping, Flag.parentheses)
        case UInt8(ascii: "d"):
            if seg.precision != .none { return "a precision does not apply to integers" }
            return refuse(Flag.alternate)
        case UInt8(ascii: "o"), UInt8(ascii: "x"):
            if seg.precision != .none { return "a precision does not apply to integers" }
            if let bad = refuse(Flag.grouping) { return bad }
            // Java takes them for a BigInteger only, and throws for a long.
            return refuse(Flag.plus, Flag.space, Flag.parentheses).map { $0 + " of a 64-bit integer: not supported by Lokale (Java throws for a long)" }
        case UInt8(ascii: "e"): return refuse(Flag.grouping)
        case UInt8(ascii: "g"): return refuse(Flag.alternate)
        case UInt8(ascii: "a"): return refuse(Flag.parentheses, Flag.grouping)
        default: return nil
        }
    }
}

extension UInt8 {
    var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
}
