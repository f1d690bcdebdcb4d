/// The function registry of MF2 formatting: what a function gets (`FunctionCall`), what it gives
/// (`ResolvedValue`), and `:string`. Numbers are in MF2NumberFunctions, dates in MF2DateFunctions.
extension MF2 {
    /// The underlying value of a resolved value: what another function takes as its operand, and
    /// what an option's value reads as.
    public enum Input: Sendable {
        case string(String)
        case number(Decimal)
        /// Seconds since 1970 UTC, and the time zone to show it in (nil: UTC).
        case date(Double, timeZone: String?)
        case bool(Bool)
    }

    /// What an expression resolves to, as functions make and take it.
    public protocol ResolvedValue: Sendable {
        /// The part type: "string", "number", "datetime", or a custom function's.
        var type: String { get }
        var input: Input { get }
        /// The options of the expression that made it, as strings: a function given this value as
        /// its operand may take them over.
        var options: [String: String] { get }
        /// The directionality of its formatted text.
        var direction: Direction { get }
        /// Its text; throws when it cannot be formatted.
        func format() throws(FormatError) -> String
        /// The fields of its text, when it has some.
        func fields() -> [Field]?
        /// The keys among `keys` that match, best first (the spec's Match and BetterThan); nil when
        /// the value cannot select. `report` takes errors that do not stop selection.
        func select(_ keys: [String], report: (FormatError) -> Void) throws(FormatError) -> [String]?
    }

    /// An option as the function gets it: its resolved value, and whether the source wrote it as a
    /// literal (`select` must be one).
    public struct OptionValue: Sendable {
        public var value: any ResolvedValue
        public var isLiteral: Bool

        /// The value as text: a string, or a number's plain notation; nil for other values.
        public var string: String? {
            switch value.input {
            case .string(let s): s
            case .number(let d): d.description
            case .bool(let b): b ? "true" : "false"
            case .date: nil
            }
        }
    }

    /// One call of a function: its operand, options (without `u:` ones), locale, and the errors it
    /// reports without failing (a bad option it ignores).
    public struct FunctionCall: Sendable {
        public var name: Identifier
        /// Nil when the expression has none.
        public var operand: (any ResolvedValue)?
        public var options: [String: OptionValue]
        /// The expression's locale: `u:locale`, else the message's.
        public var locale: String
        public internal(set) var errors: [FormatError] = []

        public mutating func report(_ kind: FormatError.Kind, _ message: String) {
            errors.append(FormatError(kind, message))
        }
    }

    /// A function handler: a value from a call, or an error (a fallback value replaces the expression).
    public typealias FunctionHandler = @Sendable (inout FunctionCall) throws(FormatError) -> any ResolvedValue

    /// Functions by name (`number`, `ns:name`). `builtIn` has the spec's; tests add their own.
    public struct Functions: Sendable {
        private var table: [String: FunctionHandler]

        public init(_ table: [String: FunctionHandler] = [:]) { self.table = table }

        public subscript(name: String) -> FunctionHandler? {
            get { table[name] }
            set { table[name] = newValue }
        }

        public static let builtIn = Functions([
            "string": MF2StringFunction.call,
            "number": { (c: inout FunctionCall) throws(FormatError) in try MF2NumberFunctions.number(&c, .number) },
            "integer": { (c: inout FunctionCall) throws(FormatError) in try MF2NumberFunctions.number(&c, .integer) },
            "percent": { (c: inout FunctionCall) throws(FormatError) in try MF2NumberFunctions.number(&c, .percent) },
            "currency": { (c: inout FunctionCall) throws(FormatError) in try MF2NumberFunctions.number(&c, .currency) },
            "offset": MF2NumberFunctions.offset,
            "date": { (c: inout FunctionCall) throws(FormatError) in try MF2DateFunctions.call(&c, .date) },
            "time": { (c: inout FunctionCall) throws(FormatError) in try MF2DateFunctions.call(&c, .time) },
            "datetime": { (c: inout FunctionCall) throws(FormatError) in try MF2DateFunctions.call(&c, .datetime) },
        ])
    }
}

extension MF2.ResolvedValue {
    public var options: [String: String] { [:] }
    public func fields() -> [MF2.Field]? { nil }
    public func select(_ keys: [String], report: (MF2.FormatError) -> Void) throws(MF2.FormatError) -> [String]? { nil }
}

/// A string: a literal, a string argument, or `:string`'s value (which alone selects).
struct MF2StringValue: MF2.ResolvedValue {
    var string: String
    var selects = false

    var type: String { "string" }
    var input: MF2.Input { .string(string) }
    var direction: MF2.Direction { .auto }
    func format() throws(MF2.FormatError) -> String { string }

    func select(_ keys: [String], report: (MF2.FormatError) -> Void) throws(MF2.FormatError) -> [String]? {
        // String == is canonical equivalence: the spec compares keys in NFC.
        selects ? keys.filter { $0 == string } : nil
    }
}

enum MF2StringFunction {
    @Sendable static func call(_ c: inout MF2.FunctionCall) throws(MF2.FormatError) -> any MF2.ResolvedValue {
        guard let operand = c.operand else { throw MF2.FormatError(.badOperand, ":string needs an operand") }
        let text: String
        switch operand.input {
        case .string(let s): text = s
        case .number, .bool: text = try operand.format()
        case .date: throw MF2.FormatError(.badOperand, ":string does not take a date")
        }
        return MF2StringValue(string: text, selects: true)
    }
}

/// An argument referenced without a function: formatted as its type is by default.
enum MF2ArgumentValue {
    static func make(_ argument: MF2.Argument, locale: String) -> any MF2.ResolvedValue {
        switch argument {
        case .string(let s): return MF2StringValue(string: s)
        case .bool(let b): return MF2StringValue(string: b ? "true" : "false")
        case .int(let i): return MF2NumberValue(kind: .number, number: MF2.Decimal(i), locale: locale)
        case .double(let d):
            guard let n = MF2.Decimal(d) else { return MF2StringValue(string: "\(d)") }
            return MF2NumberValue(kind: .number, number: n, locale: locale)
        case .decimal(let text):
            guard let n = MF2.Decimal(parsing: text) else { return MF2StringValue(string: text) }
            return MF2NumberValue(kind: .number, number: n, locale: locale)
        case .date(let seconds, let zone):
            return MF2DateValue(kind: .datetime, seconds: seconds, timeZone: zone, options: [:], locale: locale)
        }
    }
}
