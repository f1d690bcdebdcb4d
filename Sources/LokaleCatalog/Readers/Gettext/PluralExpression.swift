import LokaleCore

/// A gettext `Plural-Forms` expression (`n != 1`, `n==1 ? 0 : n%10>=2 && … ? 1 : 2`), parsed once
/// and compiled into a rule program (`LK_OP_*`) that the table carries and the runtime's one C
/// evaluator runs as glibc evaluates the expression: unsigned 64-bit integers, comparisons giving
/// 0 or 1, `&&` `||` `?:` evaluating only what they need. The grammar is gettext's (plural.y): `n`,
/// decimal integers, `! * / % + - < <= > >= == != && || ?:` and parentheses. Hostile input gets an
/// error, never a crash: nesting, length and the program's stack are bounded; where glibc raises
/// SIGFPE (x / 0), the program gives 0 and says so.
public struct PluralExpression: Sendable, CustomStringConvertible, Equatable {
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

    static let maxDepth = 64
    // Real expressions are under 200 bytes; the bound also caps the depth of a chain such as
    // `n+n+…`, which compilation recurses through.
    static let maxLength = 1024

    public let text: String
    /// The rule's instruction words, as the table stores them.
    public let code: [UInt32]
    private let program: RuleProgram
    public var description: String { text }

    public init(_ text: String) throws(ParseError) {
        var p = Parser(bytes: Array(text.utf8))
        guard p.bytes.count <= Self.maxLength else { throw ParseError(offset: Self.maxLength, message: "expression longer than \(Self.maxLength) bytes") }
        let node = try p.conditional(depth: 0)
        p.skipSpace()
        guard p.at == p.bytes.count else { throw p.error("unexpected '\(p.current)'") }
        var code: [UInt32] = []
        let stack = Self.compile(node, into: &code)
        guard stack <= TableLayout.ruleStack, code.count <= TableLayout.maxRuleWords else {
            throw ParseError(offset: 0, message: "expression needs more than \(TableLayout.ruleStack) values at once or \(TableLayout.maxRuleWords) instructions")
        }
        self.text = text
        self.code = code
        program = RuleProgram(code: code)
    }

    public static func == (a: Self, b: Self) -> Bool { a.text == b.text }

    /// The form index for `n`, and whether a division by zero (which gives 0) was met.
    public func evaluate(_ n: UInt64) -> (value: UInt64, dividedByZero: Bool) {
        // The code was compiled here, within the bounds the evaluator checks.
        program.run(n) ?? (0, false)
    }

    /// Appends `node`'s instructions (postfix, with forward jumps for `&&` `||` `?:`); returns the
    /// stack depth it needs.
    private static func compile(_ node: Node, into code: inout [UInt32]) -> Int {
        typealias Op = TableLayout.RuleOperation
        /// A jump's word, patched once its target is known.
        func jump(_ op: Op) -> Int { code.append(op.word()); return code.count - 1 }
        func land(_ at: Int) { code[at] = Op(rawValue: code[at]).word(UInt32(code.count - at - 1)) }
        switch node {
        case .n:
            code.append(Op.n.word())
            return 1
        case .number(let v):
            if v <= UInt64(Op.maxOperand) { code.append(Op.push.word(UInt32(v))) }
            else { code += [Op.push64.word(), UInt32(truncatingIfNeeded: v), UInt32(truncatingIfNeeded: v >> 32)] }
            return 1
        case .not(let a):
            let d = compile(a, into: &code)
            code.append(Op.not.word())
            return d
        case .conditional(let c, let a, let b):
            let dc = compile(c, into: &code)
            let toElse = jump(.jumpIfZero)
            let da = compile(a, into: &code)
            let toEnd = jump(.jump)
            land(toElse)
            let db = compile(b, into: &code)
            land(toEnd)
            return max(dc, da, db)
        case .binary(.and, let a, let b): // a ? (b != 0) : 0
            let da = compile(a, into: &code)
            let toFalse = jump(.jumpIfZero)
            let db = compile(b, into: &code)
            code.append(Op.bool.word())
            let toEnd = jump(.jump)
            land(toFalse)
            code.append(Op.push.word(0))
            land(toEnd)
            return max(da, db)
        case .binary(.or, let a, let b): // a ? 1 : (b != 0)
            let da = compile(a, into: &code)
            let toRight = jump(.jumpIfZero)
            code.append(Op.push.word(1))
            let toEnd = jump(.jump)
            land(toRight)
            let db = compile(b, into: &code)
            code.append(Op.bool.word())
            land(toEnd)
            return max(da, db)
        case .binary(let op, let l, let r):
            let dl = compile(l, into: &code)
            let dr = compile(r, into: &code)
            code.append(Self.operation[op]!.word())
            return max(dl, 1 + dr)
        }
    }

    private static let operation: [Operator: TableLayout.RuleOperation] = [
        .multiply: .multiply, .divide: .divide, .remainder: .remainder, .add: .add, .subtract: .subtract,
        .less: .less, .lessEqual: .lessEqual, .greater: .greater, .greaterEqual: .greaterEqual,
        .equal: .equal, .notEqual: .notEqual,
    ]

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
