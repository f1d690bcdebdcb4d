/// ICU MessageFormat (the syntax of ARB files, FormatJS, Android's ICU messages and ICU4C's `umsg`),
/// read into the MessageFormat 2 data model so that one formatter serves both. Nothing here formats:
/// `parse` gives an `MF2.Message` whose `MF2.format` output is what ICU4C 72's `umsg_format` writes
/// (docs/MESSAGEFORMAT.md, "ICU MessageFormat": the mapping, refusals and deliberate differences).
public enum ICUMessageFormat {
    /// The pattern is not ICU MessageFormat, or uses what Lokale declines to represent (a locale's
    /// own currency, `choice`, `spellout`, DecimalFormat patterns, …): where, what was expected
    /// there, and what was found.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var position: MF2.Position
        public var expected: String
        public var found: String

        public init(position: MF2.Position, expected: String, found: String) {
            self.position = position
            self.expected = expected
            self.found = found
        }

        public var description: String { "\(position): ICU MessageFormat syntax error: expected \(expected), found \(found)" }
    }

    /// How apostrophes read.
    public enum Quoting: Sendable, Equatable {
        /// ICU's default mode (DOUBLE_OPTIONAL): `''` is one apostrophe; a single one quotes
        /// before `{`, `}` and, in a plural variant, `#`.
        case icu
        /// Apostrophes are text, as Flutter's gen-l10n reads ARB messages unless its `use-escaping`
        /// is on: `'{name}'` shows the name between apostrophes.
        case none
    }

    /// `pattern` (apostrophes as `quoting` says: ICU's default mode unless told) as an MF2 data
    /// model that passes MF2's data model checks. A bare `{name}` whose name `formats` has is
    /// formatted through that function (what a catalog knows of an argument's type and format:
    /// Flutter's placeholder formats); every other argument reads as ICU reads it.
    public static func parse(_ pattern: String, formats: [String: MF2.Function] = [:], quoting: Quoting = .icu) throws(SyntaxError) -> MF2.Message {
        let nodes = try tree(pattern, quoting: quoting)
        var lowering = ICUMFLowering(formats: formats)
        return try lowering.message(nodes)
    }

    /// The parser's tree of `pattern`, bounded as `parse` is.
    static func tree(_ pattern: String, quoting: Quoting) throws(SyntaxError) -> [ICUMFNode] {
        var p = try parser(pattern, quoting: quoting)
        return try p.message(depth: 0, parent: nil)
    }

    /// A parser of `pattern`, once its size and characters are known to be ones MF2 can hold.
    static func parser(_ pattern: String, quoting: Quoting) throws(SyntaxError) -> ICUMFParser {
        guard pattern.utf8.count <= MF2.maxMessageBytes else {
            throw SyntaxError(position: MF2.Position(offset: 0, line: 1, column: 1),
                              expected: "at most \(MF2.maxMessageBytes) bytes", found: "\(pattern.utf8.count) bytes")
        }
        var parser = ICUMFParser(pattern, quoting: quoting)
        // ICU takes U+0000; MF2 text and literals cannot hold it, and neither can a catalog's message.
        if let nul = parser.s.firstIndex(of: "\u{0}") { throw parser.error("any character but U+0000 (MF2 has no place for it)", at: nul) }
        return parser
    }

    /// One use of an argument in a pattern: its ICU name (`count`, `0`), its type as written
    /// (lowercased: `number`, `date`, `plural`, `select`, …; nil for a bare `{name}`) and where its
    /// `{` is.
    public struct ArgumentUse: Sendable, Equatable {
        public var name: String
        public var type: String?
        public var position: MF2.Position
    }

    /// Every argument `pattern` uses (simple, plural, selectordinal and select, nested ones
    /// included), in the order written: what tools compare between a message and its translation.
    public static func arguments(in pattern: String, quoting: Quoting = .icu) throws(SyntaxError) -> [ArgumentUse] {
        var out: [ArgumentUse] = []
        func visit(_ nodes: [ICUMFNode]) {
            for n in nodes {
                switch n {
                case .text, .pound: break
                case .simple(let a): out.append(ArgumentUse(name: a.name, type: a.type, position: a.open))
                case .complex(let c):
                    let type = switch c.kind {
                    case .plural: "plural"
                    case .selectordinal: "selectordinal"
                    case .select: "select"
                    }
                    out.append(ArgumentUse(name: c.name, type: type, position: c.open))
                    for v in c.variants { visit(v.nodes) }
                }
            }
        }
        visit(try tree(pattern, quoting: quoting))
        return out
    }

    /// `:name option=value …` as the lowering writes functions (a `ns:option` gets its namespace, a
    /// value MF2 must quote is recorded as quoted), for callers that give `parse` its `formats`.
    public static func function(_ name: String, _ options: [(String, String)]) -> MF2.Function {
        ICUMFLowering.function(name, options)
    }

    /// The MF2 variable name an ICU argument name becomes: itself, or with `_` before a leading
    /// digit (`{0}` → `$_0`, `{1a}` → `$_1a`), because an MF2 name cannot start with a digit.
    public static func variableName(_ argument: String) -> String {
        guard let first = argument.unicodeScalars.first, ("0"..."9").contains(first) else { return argument }
        return "_" + argument
    }
}

/// ICU MessageFormat's syntax tree, as the parser reads it (before lowering to MF2).
enum ICUMFNode {
    case text(String)
    /// `#` in a plural or selectordinal variant: the innermost such argument's number.
    case pound
    /// `{name}` or `{name, type[, style]}`.
    case simple(ICUMFSimple)
    /// plural, selectordinal or select.
    case complex(ICUMFComplex)
}

struct ICUMFSimple {
    var name: String
    var position: MF2.Position
    /// Where the argument's `{` is.
    var open: MF2.Position
    /// Lowercased (ICU reads types and style keywords case-insensitively); nil for `{name}`.
    var type: String?
    var typePosition: MF2.Position
    /// The style with surrounding white space trimmed; nil when there is none.
    var style: String?
    /// The style exactly as written after its comma (a date or time pattern keeps its spaces).
    var patternStyle: String = ""
    var stylePosition: MF2.Position
}

struct ICUMFComplex {
    enum Kind { case plural, selectordinal, select }
    enum Key: Equatable {
        /// `=N`: the number's canonical text (MF2's exact key).
        case exact(String)
        case keyword(String)
    }
    struct Variant {
        var key: Key
        var nodes: [ICUMFNode]
        var position: MF2.Position
    }
    var kind: Kind
    var name: String
    var position: MF2.Position
    /// Where the argument's `{` is.
    var open: MF2.Position
    var offset: Int
    var variants: [Variant]
}
