internal import CTable

/// One piece of a parsed format string. Segments are computed once (by the catalog compiler, or at
/// run time for a caller's default value) and then only interpreted, never re-parsed.
public struct FormatSegment: Sendable, Equatable {
    public enum Kind: Sendable {
        case literal // bytes [start, start+length) of the text
        case specifier // a conversion such as %1$lld
        case substitution // %#@name@: [start, start+length) is the name

        /// The segment's first word in the FMTS section (`lokale_schema.h`).
        public var code: UInt32 {
            switch self {
            case .literal: LK_SEGMENT_LITERAL
            case .specifier: LK_SEGMENT_SPECIFIER
            case .substitution: LK_SEGMENT_SUBSTITUTION
            }
        }

        public init?(code: UInt32) {
            switch code {
            case LK_SEGMENT_LITERAL: self = .literal
            case LK_SEGMENT_SPECIFIER: self = .specifier
            case LK_SEGMENT_SUBSTITUTION: self = .substitution
            default: return nil
            }
        }
    }

    public var kind: Kind
    public var start: Int
    public var length: Int
    /// 1-based argument number; 0 for literals.
    public var argument: Int = 0
    public var flags: UInt32 = 0
    public var width: FormatSegment.Amount = .none
    public var precision: FormatSegment.Amount = .none
    public var conversion: UInt8 = 0
    public var lengthModifier: LengthModifier = .none

    public init(kind: Kind, start: Int, length: Int) {
        self.kind = kind
        self.start = start
        self.length = length
    }

    /// A width or precision: absent, literal, or read from an argument (`*`, `*2$`).
    public enum Amount: Sendable, Equatable {
        case none
        case fixed(Int)
        case argument(Int)

        static let fromArgumentBit: UInt32 = LK_AMOUNT_FROM_ARGUMENT

        public var encoded: UInt32 {
            switch self {
            case .none: TableLayout.none
            case .fixed(let n): UInt32(n)
            case .argument(let n): Amount.fromArgumentBit | UInt32(n)
            }
        }

        public init(encoded: UInt32) {
            if encoded == TableLayout.none { self = .none }
            else if encoded & Amount.fromArgumentBit != 0 { self = .argument(Int(encoded & ~Amount.fromArgumentBit)) }
            else { self = .fixed(Int(encoded)) }
        }
    }

    public enum Flag {
        public static let leftAlign: UInt32 = 1, plus: UInt32 = 2, space: UInt32 = 4
        /// `'` (Apple's, which CFString does not read) and Java's `,`.
        public static let alternate: UInt32 = 8, zeroPad: UInt32 = 16, grouping: UInt32 = 32
        /// A Java specifier: formatted by java.util.Formatter's rules (`Formatter.renderJava`).
        public static let java: UInt32 = LK_FLAG_JAVA
        /// Java's `%S` and `%C`: the text in upper case, by the formatting locale's rules.
        public static let uppercase: UInt32 = LK_FLAG_UPPERCASE
        /// Java's `(`: a negative number in parentheses.
        public static let parentheses: UInt32 = LK_FLAG_PARENTHESES
    }

    /// The conversion of Java's `%n` (argument 0): a line break, "\n" as on Android.
    public static let lineSeparator = UInt8(LK_CONVERSION_LINE_SEPARATOR)

    public enum LengthModifier: UInt8, Sendable {
        case none = 0, h, hh, l, ll, q, z, t, j, L
        var spelling: String {
            switch self {
            case .none: ""
            case .h: "h"
            case .hh: "hh"
            case .l: "l"
            case .ll: "ll"
            case .q: "q"
            case .z: "z"
            case .t: "t"
            case .j: "j"
            case .L: "L"
            }
        }
    }

    /// The kind of value a specifier consumes.
    public var argumentType: ArgumentType {
        switch kind {
        case .literal: return .none
        case .substitution: return .integer
        case .specifier: return ArgumentType(conversion: conversion)
        }
    }
}

public enum ArgumentType: String, Sendable, Equatable {
    case none, integer, unsigned, floating, object, cString, character

    init(conversion c: UInt8) {
        switch c {
        case UInt8(ascii: "d"), UInt8(ascii: "i"): self = .integer
        case UInt8(ascii: "u"), UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"): self = .unsigned
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"),
             UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"): self = .floating
        case UInt8(ascii: "@"): self = .object
        case UInt8(ascii: "s"): self = .cString
        case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
        default: self = .none
        }
    }

    /// Integer and unsigned conversions read the same kind of value; so do %@ and %s.
    public func isCompatible(with other: ArgumentType) -> Bool {
        family == other.family
    }

    var family: Int {
        switch self {
        case .none: 0
        case .integer, .unsigned, .character: 1
        case .floating: 2
        case .object, .cString: 3
        }
    }
}

extension FormatSegment {
    /// The segment's words in the FMTS section, placed by the names of `lokale_schema.h` (read back
    /// by `StoredSegments`).
    public var words: [UInt32] {
        var w = [UInt32](repeating: 0, count: Int(LK_SEGMENT_WORDS))
        w[Int(LK_SEGMENT_KIND)] = kind.code
        w[Int(LK_SEGMENT_START)] = UInt32(start)
        w[Int(LK_SEGMENT_LENGTH)] = UInt32(length)
        w[Int(LK_SEGMENT_ARGUMENT)] = UInt32(argument)
        w[Int(LK_SEGMENT_FLAGS)] = flags
        w[Int(LK_SEGMENT_WIDTH)] = width.encoded
        w[Int(LK_SEGMENT_PRECISION)] = precision.encoded
        w[Int(LK_SEGMENT_CONVERSION)] = UInt32(conversion) | UInt32(lengthModifier.rawValue) << 8
        return w
    }
}
