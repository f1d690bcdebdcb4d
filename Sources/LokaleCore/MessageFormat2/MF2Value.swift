/// What formatting a MessageFormat 2 message takes and gives: arguments, the formatted text with
/// its parts, and the errors met on the way (the text is produced all the same, with fallback
/// representations where a value could not be formatted: `{$x}`, `{|lit|}`, `{:fn}`).
extension MF2 {
    /// A value the caller gives a message, by name.
    public enum Argument: Sendable, Equatable {
        case string(String)
        case int(Int64)
        case double(Double)
        /// A decimal number as text (`-12.50`, `1e3`, the spec's `number-literal`): kept exactly.
        case decimal(String)
        /// A moment, in seconds since 1970 UTC, shown in `timeZone` (an Olson id; nil: UTC).
        case date(Double, timeZone: String? = nil)
        case bool(Bool)
    }

    /// The errors of a message that is not well-formed or not valid: its syntax error, or its data
    /// model errors (what `MessageFormat`'s initializer reports).
    public struct MessageErrors: Error, Sendable, Equatable, CustomStringConvertible {
        public var errors: [FormatError]
        public var description: String { errors.map(\.description).joined(separator: "; ") }
    }

    /// `source` parsed and validated: the message, or its syntax error or data model errors.
    public static func checked(_ source: String) throws(MessageErrors) -> Message {
        let message: Message
        do { message = try parse(source) } catch {
            throw MessageErrors(errors: [FormatError(.syntaxError, error.description)])
        }
        let invalid = message.dataModelErrors
        guard invalid.isEmpty else { throw MessageErrors(errors: invalid.map { FormatError($0.kind, $0.description) }) }
        return message
    }

    /// The directionality of a formatted value (`auto`: unknown, found from its text).
    public enum Direction: String, Sendable, Equatable {
        case ltr, rtl, auto
    }

    /// How placeholders are isolated from the text around them.
    public enum BidiIsolation: Sendable, Equatable {
        /// The spec's Default Bidi Strategy: U+2066…U+2069 around placeholders whose direction is
        /// not the message's, or that have `u:dir`.
        case `default`
        case none
    }

    /// An error met while formatting; the text is produced anyway.
    public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
        public typealias Kind = ErrorKind

        public var kind: Kind
        public var message: String

        public init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }

        public var description: String { "\(kind.rawValue): \(message)" }
    }

    /// A message formatted: always some text, and what went wrong separately.
    public struct Formatted: Sendable, Equatable {
        public var text: String
        public var errors: [FormatError]
        public var parts: [Part]
        /// How a `.match` chose its variant (nil for a pattern message): what `explain` shows.
        public var selection: Selection? = nil
    }

    /// A `.match`'s choice: per selector the keys its value matched, best first, and the variant
    /// taken (its index among the message's variants, and its keys as written; nil: none matched).
    public struct Selection: Sendable, Equatable, CustomStringConvertible {
        public struct Selector: Sendable, Equatable {
            public var name: String
            public var matches: [String]
        }
        public var selectors: [Selector]
        public var variant: Int?
        public var keys: [String]

        public var description: String {
            let why = selectors.map { s in "$\(s.name) matches " + (s.matches.isEmpty ? "no key" : s.matches.joined(separator: ", ")) }
            guard let variant else { return why.joined(separator: "; ") + "; no variant matches" }
            return why.joined(separator: "; ") + "; variant \(variant + 1) (\(keys.joined(separator: " "))) chosen"
        }
    }

    /// One piece of a formatted message, in order; `text` is their concatenation.
    public enum Part: Sendable, Equatable {
        case text(String)
        case markup(MarkupPart)
        /// U+2066, U+2067, U+2068 before a placeholder, U+2069 after it.
        case bidiIsolation(String)
        case value(ValuePart)
        /// A placeholder that could not be formatted: `source` is what `{…}` shows.
        case fallback(source: String)

        public var text: String {
            switch self {
            case .text(let s), .bidiIsolation(let s): s
            case .markup: ""
            case .value(let v): v.value
            case .fallback(let source): "{" + source + "}"
            }
        }
    }

    public struct MarkupPart: Sendable, Equatable {
        public var kind: Markup.Kind
        public var name: String
        /// From `u:id`.
        public var id: String?
        /// Options other than `u:` ones, as strings.
        public var options: [String: String]
    }

    /// A placeholder's formatted value.
    public struct ValuePart: Sendable, Equatable {
        /// "string", "number", "datetime", or a custom function's type.
        public var type: String
        /// How the placeholder reads in the source (`$x`, `|lit|`, `:fn`).
        public var source: String
        public var value: String
        public var locale: String
        /// From `u:dir`.
        public var dir: Direction?
        /// From `u:id`.
        public var id: String?
        /// Its fields (for numbers: integer, group, decimal, fraction, …), when the function gives them.
        public var fields: [Field]?
    }

    public struct Field: Sendable, Equatable {
        public var type: String
        public var value: String

        public init(_ type: String, _ value: String) {
            self.type = type
            self.value = value
        }
    }
}

extension MF2 {
    /// A decimal number kept exactly, as the spec's `number-literal` writes it: `digits` × 10^`exponent`.
    public struct Decimal: Sendable, Hashable, CustomStringConvertible {
        public private(set) var negative: Bool
        /// ASCII digits, most significant first; at least one.
        private var digits: [UInt8]
        private var exponent: Int

        /// Exponents beyond this are refused: the plain notation would be unboundedly long.
        static let maxExponent = 1_000

        /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [-+]? [0-9]+)?`; nil for anything else.
        public init?(parsing text: String) {
            let b = Array(text.utf8)
            var i = 0
            negative = b.first == UInt8(ascii: "-")
            if negative { i += 1 }
            func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 0x30 && b[i] <= 0x39 }
            guard isDigit(i) else { return nil }
            var digits: [UInt8] = []
            if b[i] == 0x30 {
                digits.append(0x30)
                i += 1
            } else {
                while isDigit(i) { digits.append(b[i]); i += 1 }
            }
            var exponent = 0
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { return nil }
                while isDigit(i) { digits.append(b[i]); exponent -= 1; i += 1 }
            }
            if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                var sign = 1
                if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") {
                    sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                }
                guard isDigit(i) else { return nil }
                var e = 0
                while isDigit(i) {
                    e = e * 10 + Int(b[i] - 0x30)
                    guard e <= Self.maxExponent else { return nil }
                    i += 1
                }
                exponent += sign * e
            }
            guard i == b.count else { return nil }
            self.digits = digits
            self.exponent = exponent
        }

        public init(_ value: Int64) { self.init(parsing: String(value))! }

        /// Nil for infinities and NaN.
        public init?(_ value: Double) {
            guard value.isFinite else { return nil }
            // Swift writes the shortest text that reads back as the same Double.
            self.init(parsing: "\(value)")
        }

        /// The number as ICU's decimal parser reads it (`-420E-2`).
        var icuText: String {
            (negative ? "-" : "") + String(decoding: digits, as: UTF8.self) + (exponent == 0 ? "" : "E\(exponent)")
        }

        /// Plain notation without trailing fraction zeros (`-4.2`, `100`, `0`): the serialization
        /// exact selection compares keys with.
        public var description: String {
            var ds = digits, e = exponent
            while e < 0, ds.count > 1, ds.last == 0x30 { ds.removeLast(); e += 1 }
            if e < 0, ds.last == 0x30, ds.allSatisfy({ $0 == 0x30 }) { ds = [0x30]; e = 0 }
            if e > 0 { ds += Array(repeating: 0x30, count: e); e = 0 }
            var intPart = e < 0 ? Array(ds.dropLast(-e)) : ds
            var fracPart = e < 0 ? Array(ds.suffix(-e)) : []
            if fracPart.count < -e { fracPart = Array(repeating: 0x30, count: -e - fracPart.count) + fracPart }
            while intPart.count > 1, intPart.first == 0x30 { intPart.removeFirst() }
            if intPart.isEmpty { intPart = [0x30] }
            let isZero = intPart == [0x30] && fracPart.allSatisfy { $0 == 0x30 }
            let text = String(decoding: intPart, as: UTF8.self) + (fracPart.isEmpty ? "" : "." + String(decoding: fracPart, as: UTF8.self))
            return (negative && !isZero ? "-" : "") + text
        }

        public var doubleValue: Double { Double(icuText) ?? .nan }

        public var isInteger: Bool { exponent >= 0 || digits.suffix(-exponent).allSatisfy { $0 == 0x30 } }

        /// The integer part (toward zero).
        public var truncated: Decimal {
            guard exponent < 0 else { return self }
            var d = self
            d.digits = Array(digits.dropLast(-exponent))
            if d.digits.isEmpty { d.digits = [0x30] }
            d.exponent = 0
            return d
        }

        /// Times 10^n.
        func scaled(by n: Int) -> Decimal {
            var d = self
            d.exponent += n
            return d
        }

        /// Plus a (small) integer, exactly.
        public func adding(_ n: Int64) -> Decimal {
            let e = min(exponent, 0)
            // Both as magnitudes of units of 10^e, least significant digit first.
            func magnitude(_ ds: [UInt8], _ ex: Int) -> [Int] { Array(repeating: 0, count: ex - e) + ds.reversed().map { Int($0) - 0x30 } }
            let a = magnitude(digits, exponent)
            let b = magnitude(Array(String(n.magnitude).utf8), 0)
            let bNegative = n < 0
            func compare(_ x: [Int], _ y: [Int]) -> Int {
                let count = max(x.count, y.count)
                for i in stride(from: count - 1, through: 0, by: -1) {
                    let p = i < x.count ? x[i] : 0, q = i < y.count ? y[i] : 0
                    if p != q { return p < q ? -1 : 1 }
                }
                return 0
            }
            var result: [Int] = [], resultNegative: Bool
            if negative == bNegative {
                var carry = 0
                for i in 0..<max(a.count, b.count) {
                    let s = (i < a.count ? a[i] : 0) + (i < b.count ? b[i] : 0) + carry
                    result.append(s % 10)
                    carry = s / 10
                }
                if carry > 0 { result.append(carry) }
                resultNegative = negative
            } else {
                let (big, small) = compare(a, b) >= 0 ? (a, b) : (b, a)
                resultNegative = compare(a, b) >= 0 ? negative : bNegative
                var borrow = 0
                for i in 0..<big.count {
                    var s = big[i] - (i < small.count ? small[i] : 0) - borrow
                    borrow = s < 0 ? 1 : 0
                    if s < 0 { s += 10 }
                    result.append(s)
                }
            }
            while result.count > max(1, -e + 1), result.last == 0 { result.removeLast() }
            var d = self
            d.digits = result.reversed().map { UInt8($0 + 0x30) }
            d.exponent = e
            d.negative = resultNegative && !d.digits.allSatisfy { $0 == 0x30 }
            return d
        }
    }
}

// Literals as arguments: `["name": "Léa", "count": 3, "ratio": 0.5, "shown": true]`.
extension MF2.Argument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
