/// A gettext `Plural-Forms` expression (`n != 1`, `n==1 ? 0 : n%10>=2 && … ? 1 : 2`), parsed once
/// and evaluated as glibc does: on unsigned 64-bit integers, comparisons giving 0 or 1. The grammar
/// is gettext's (plural.y): `n`, decimal integers, `! * / % + - < <= > >= == != && || ?:` and
/// parentheses. Hostile input gets an error, never a crash: nesting and length are bounded and a
/// division by zero is reported for the `n` that causes it (glibc raises SIGFPE there).
public struct PluralExpression: Sendable, CustomStringConvertible {
    indirect enum Node: Sendable {
        case n
        case number(UInt64)
        case not(Node)
        case binary(Operator, Node, Node)
        case conditional(Node, Node, Node)
    }

    enum Operator: String, Sendable {
        case multiply = "*", divide = "/", remainder = "%", add = "+", subtract = "-"
        case less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=", equal = "==", notEqual = "!="
        case and = "&&", or = "||"
    }

    public struct ParseError: Error, Sendable, CustomStringConvertible {
        /// 0-based byte offset in the expression.
        public var offset: Int
        public var message: String
        public var description: String { "\(message) at offset \(offset)" }
    }

    public struct EvaluationError: Error, Sendable, CustomStringConvertible {
        public var n: UInt64
        public var message: String
        public var description: String { "\(message) for n = \(n)" }
    }

    static let maxDepth = 64
    // Real expressions are under 200 bytes; the bound also caps the depth of a chain such as
    // `n+n+…`, which evaluation recurses through.
    static let maxLength = 1024

    let root: Node
    public let text: String
    public var description: String { text }

    public init(_ text: String) throws(ParseError) {
        var p = Parser(bytes: Array(text.utf8))
        guard p.bytes.count <= Self.maxLength else { throw ParseError(offset: Self.maxLength, message: "expression longer than \(Self.maxLength) bytes") }
        let node = try p.conditional(depth: 0)
        p.skipSpace()
        guard p.at == p.bytes.count else { throw p.error("unexpected '\(p.current)'") }
        root = node
        self.text = text
    }

    /// The form index for `n`.
    public func evaluate(_ n: UInt64) throws(EvaluationError) -> UInt64 {
        try Self.eval(root, n)
    }

    private static func eval(_ node: Node, _ n: UInt64) throws(EvaluationError) -> UInt64 {
        switch node {
        case .n: return n
        case .number(let v): return v
        case .not(let a): return try eval(a, n) == 0 ? 1 : 0
        case .conditional(let c, let a, let b): return try eval(c, n) != 0 ? eval(a, n) : eval(b, n)
        case .binary(let op, let l, let r):
            let a = try eval(l, n)
            // && and || short-circuit as in C, so `n != 0 && 10 / n` is safe.
            if op == .and { return a == 0 ? 0 : try eval(r, n) != 0 ? 1 : 0 }
            if op == .or { return a != 0 ? 1 : try eval(r, n) != 0 ? 1 : 0 }
            let b = try eval(r, n)
            switch op {
            case .multiply: return a &* b
            case .divide, .remainder:
                guard b != 0 else { throw EvaluationError(n: n, message: "division by zero") }
                return op == .divide ? a / b : a % b
            case .add: return a &+ b
            case .subtract: return a &- b
            case .less: return a < b ? 1 : 0
            case .lessEqual: return a <= b ? 1 : 0
            case .greater: return a > b ? 1 : 0
            case .greaterEqual: return a >= b ? 1 : 0
            case .equal: return a == b ? 1 : 0
            case .notEqual: return a != b ? 1 : 0
            case .and, .or: return 0 // handled above
            }
        }
    }

    /// Recursive descent, one function per precedence level (lowest first), all left-associative
    /// except `?:` and `!`.
    struct Parser {
        let bytes: [UInt8]
        var at = 0

        var current: String {
            at < bytes.count ? String(decoding: [bytes[at]], as: UTF8.self) : "end of expression"
        }

        func error(_ m: String) -> ParseError { ParseError(offset: at, message: m) }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
        }

        /// Consumes `token` if it comes next (and, for `<`/`>`/`!`, is not the start of a longer one).
        mutating func accept(_ token: String, notFollowedBy: UInt8? = nil) -> Bool {
            skipSpace()
            let t = Array(token.utf8)
            guard at + t.count <= bytes.count, Array(bytes[at..<(at + t.count)]) == t else { return false }
            if let f = notFollowedBy, at + t.count < bytes.count, bytes[at + t.count] == f { return false }
            at += t.count
            return true
        }

        mutating func conditional(depth: Int) throws(ParseError) -> Node {
            guard depth < PluralExpression.maxDepth else { throw error("expression nested deeper than \(PluralExpression.maxDepth) levels") }
            let c = try binary(level: 0, depth: depth)
            guard accept("?") else { return c }
            let a = try conditional(depth: depth + 1)
            guard accept(":") else { throw error("expected ':' of '?:', found \(current)") }
            let b = try conditional(depth: depth + 1)
            return .conditional(c, a, b)
        }

        static let levels: [[(String, Operator, UInt8?)]] = [
            [("||", .or, nil)],
            [("&&", .and, nil)],
            [("==", .equal, nil), ("!=", .notEqual, nil)],
            [("<=", .lessEqual, nil), (">=", .greaterEqual, nil), ("<", .less, nil), (">", .greater, nil)],
            [("+", .add, nil), ("-", .subtract, nil)],
            [("*", .multiply, nil), ("/", .divide, nil), ("%", .remainder, nil)],
        ]

        mutating func binary(level: Int, depth: Int) throws(ParseError) -> Node {
            guard level < Self.levels.count else { return try unary(depth: depth) }
            var left = try binary(level: level + 1, depth: depth)
            loop: while true {
                for (token, op, notFollowedBy) in Self.levels[level] where accept(token, notFollowedBy: notFollowedBy) {
                    left = .binary(op, left, try binary(level: level + 1, depth: depth))
                    continue loop
                }
                return left
            }
        }

        mutating func unary(depth: Int) throws(ParseError) -> Node {
            guard depth < PluralExpression.maxDepth else { throw error("expression nested deeper than \(PluralExpression.maxDepth) levels") }
            if accept("!", notFollowedBy: UInt8(ascii: "=")) { return .not(try unary(depth: depth + 1)) }
            if accept("(") {
                let inner = try conditional(depth: depth + 1)
                guard accept(")") else { throw error("expected ')', found \(current)") }
                return inner
            }
            skipSpace()
            guard at < bytes.count else { throw error("expression ends where a value was expected") }
            if bytes[at] == UInt8(ascii: "n") { at += 1; return .n }
            guard bytes[at] >= 0x30, bytes[at] <= 0x39 else { throw error("unexpected '\(current)' where a value was expected") }
            let start = at
            var value: UInt64 = 0
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39 {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(UInt64(bytes[at] - 0x30))
                guard !o1, !o2 else { throw ParseError(offset: start, message: "number too large") }
                value = s
                at += 1
            }
            return .number(value)
        }
    }
}
