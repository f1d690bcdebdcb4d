/// Unicode MessageFormat 2 (LDML part 9): the data model a message parses into (`MF2.parse`) and
/// the data model errors it may have (`MF2.Message.dataModelErrors`). Nothing here formats.
///
/// Names, literals and text are the source's code points with escapes resolved and the bidi marks
/// around names dropped (the spec says they are not part of a name). Positions are where the parts
/// were in the source, for errors; they are not part of the data model, so `==` ignores them
/// (`{$x}` and `{ $x }` are the same message).
public enum MF2 {
    /// A place in the source: byte offset into its UTF-8, and 1-based line and column (the column
    /// counts code points).
    public struct Position: Sendable, Hashable, CustomStringConvertible {
        public var offset: Int
        public var line: Int
        public var column: Int

        public init(offset: Int, line: Int, column: Int) {
            self.offset = offset
            self.line = line
            self.column = column
        }

        public var description: String { "\(line):\(column)" }
    }

    public enum Message: Sendable, Equatable {
        /// A simple message, or a complex message whose body is a quoted pattern.
        case pattern(PatternMessage)
        /// A complex message whose body is a `.match`.
        case select(SelectMessage)

        public var declarations: [Declaration] {
            switch self {
            case .pattern(let m): m.declarations
            case .select(let m): m.declarations
            }
        }
    }

    public struct PatternMessage: Sendable, Equatable {
        public var declarations: [Declaration]
        public var pattern: Pattern

        public init(declarations: [Declaration] = [], pattern: Pattern) {
            self.declarations = declarations
            self.pattern = pattern
        }
    }

    public struct SelectMessage: Sendable, Equatable {
        public var declarations: [Declaration]
        public var selectors: [Variable]
        public var variants: [Variant]
        /// Where `.match` is (a missing fallback variant is reported there).
        public var position: Position

        public init(declarations: [Declaration], selectors: [Variable], variants: [Variant], position: Position) {
            self.declarations = declarations
            self.selectors = selectors
            self.variants = variants
            self.position = position
        }

        public static func == (a: Self, b: Self) -> Bool {
            a.declarations == b.declarations && a.selectors == b.selectors && a.variants == b.variants
        }
    }

    /// `.input {$x …}` (the expression's operand is `variable`) or `.local $x = {…}`.
    public struct Declaration: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case input, local }
        public var kind: Kind
        /// The variable it declares.
        public var variable: Variable
        public var expression: Expression

        public init(kind: Kind, variable: Variable, expression: Expression) {
            self.kind = kind
            self.variable = variable
            self.expression = expression
        }
    }

    public struct Variant: Sendable, Equatable {
        public var keys: [Key]
        public var pattern: Pattern
        /// Where its first key is.
        public var position: Position

        public init(keys: [Key], pattern: Pattern, position: Position) {
            self.keys = keys
            self.pattern = pattern
            self.position = position
        }

        public static func == (a: Self, b: Self) -> Bool { a.keys == b.keys && a.pattern == b.pattern }
    }

    public enum Key: Sendable, Equatable {
        case literal(Literal)
        /// `*`
        case catchAll
    }

    /// Text (escapes resolved, adjacent text joined), expressions and markup, in order.
    public typealias Pattern = [PatternPart]

    public enum PatternPart: Sendable, Equatable {
        case text(String)
        case expression(Expression)
        case markup(Markup)
    }

    /// `{operand :function options @attributes}`: the parser guarantees an operand, a function or both.
    public struct Expression: Sendable, Equatable {
        public var operand: Value?
        public var function: Function?
        public var attributes: [Attribute]

        public init(operand: Value? = nil, function: Function? = nil, attributes: [Attribute] = []) {
            self.operand = operand
            self.function = function
            self.attributes = attributes
        }
    }

    /// A literal or a variable: an operand, or an option's value.
    public enum Value: Sendable, Equatable {
        case literal(Literal)
        case variable(Variable)
    }

    public struct Literal: Sendable, Equatable {
        /// The string value: without the `|` quotes, escapes resolved.
        public var value: String
        /// Written `|…|` in the source. The spec gives quoted and unquoted literals of the same
        /// value the same meaning; this only records how it was written.
        public var quoted: Bool

        public init(_ value: String, quoted: Bool = false) {
            self.value = value
            self.quoted = quoted
        }
    }

    /// `$name`, a variable reference.
    public struct Variable: Sendable, Equatable {
        /// The name without `$` (nor bidi marks around it).
        public var name: String
        /// Where its `$` is.
        public var position: Position

        public init(_ name: String, position: Position) {
            self.name = name
            self.position = position
        }

        public static func == (a: Self, b: Self) -> Bool { a.name == b.name }
    }

    /// `ns:name` or `name`: a function's, markup's, option's or attribute's identifier.
    public struct Identifier: Sendable, Hashable, CustomStringConvertible {
        public var namespace: String?
        public var name: String

        public init(namespace: String? = nil, _ name: String) {
            self.namespace = namespace
            self.name = name
        }

        public var description: String { namespace.map { $0 + ":" + name } ?? name }
    }

    /// `:identifier option=value …`
    public struct Function: Sendable, Equatable {
        public var identifier: Identifier
        /// In source order, duplicates kept (they are a data model error, not a syntax error).
        public var options: [Option]

        public init(_ identifier: Identifier, options: [Option] = []) {
            self.identifier = identifier
            self.options = options
        }
    }

    public struct Option: Sendable, Equatable {
        public var identifier: Identifier
        public var value: Value
        /// Where its identifier is.
        public var position: Position

        public init(_ identifier: Identifier, _ value: Value, position: Position) {
            self.identifier = identifier
            self.value = value
            self.position = position
        }

        public static func == (a: Self, b: Self) -> Bool { a.identifier == b.identifier && a.value == b.value }
    }

    /// `@identifier` or `@identifier=literal`.
    public struct Attribute: Sendable, Equatable {
        public var identifier: Identifier
        public var value: Literal?

        public init(_ identifier: Identifier, _ value: Literal? = nil) {
            self.identifier = identifier
            self.value = value
        }
    }

    /// `{#name …}`, `{#name …/}` or `{/name …}`.
    public struct Markup: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case open, standalone, close }
        public var kind: Kind
        public var identifier: Identifier
        public var options: [Option]
        public var attributes: [Attribute]

        public init(_ kind: Kind, _ identifier: Identifier, options: [Option] = [], attributes: [Attribute] = []) {
            self.kind = kind
            self.identifier = identifier
            self.options = options
            self.attributes = attributes
        }
    }

    /// The message is not well-formed: where, what the grammar expected there, and what was found.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var position: Position
        public var expected: String
        public var found: String

        public init(position: Position, expected: String, found: String) {
            self.position = position
            self.expected = expected
            self.found = found
        }

        public var description: String { "\(position): syntax error: expected \(expected), found \(found)" }
    }

    /// Every error of the spec, by class; raw values are the conformance suite's type strings.
    public enum ErrorKind: String, Sendable, CaseIterable {
        case syntaxError = "syntax-error"
        // Data Model Errors
        case duplicateDeclaration = "duplicate-declaration"
        case duplicateOptionName = "duplicate-option-name"
        case duplicateVariant = "duplicate-variant"
        case missingFallbackVariant = "missing-fallback-variant"
        case missingSelectorAnnotation = "missing-selector-annotation"
        case variantKeyMismatch = "variant-key-mismatch"
        // Resolution, selection and formatting errors
        case unresolvedVariable = "unresolved-variable"
        case unknownFunction = "unknown-function"
        case badOperand = "bad-operand"
        case badOption = "bad-option"
        case badSelector = "bad-selector"
        case badVariantKey = "bad-variant-key"
        /// A function failed otherwise (the spec's Message Function Error), e.g. a value that
        /// can select but not be formatted.
        case messageFunction = "message-function-error"

        public static let dataModel: Set<ErrorKind> = [
            .duplicateDeclaration, .duplicateOptionName, .duplicateVariant, .missingFallbackVariant,
            .missingSelectorAnnotation, .variantKeyMismatch,
        ]
    }

    /// The message is well-formed but not valid (the spec's Data Model Errors: `ErrorKind.dataModel`).
    public struct DataModelError: Error, Sendable, Equatable, CustomStringConvertible {
        public typealias Kind = ErrorKind

        public var kind: Kind
        public var position: Position
        public var message: String

        public init(_ kind: Kind, at position: Position, _ message: String) {
            self.kind = kind
            self.position = position
            self.message = message
        }

        public var description: String { "\(position): \(kind.rawValue): \(message)" }
    }
}
