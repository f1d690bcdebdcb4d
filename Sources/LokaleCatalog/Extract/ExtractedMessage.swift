import LokaleCore
/// A message found in source code: what `lokale extract` adds to a catalog, and what
/// `lokale check` compares with the catalog's source values.
public struct ExtractedMessage: Sendable, Equatable {
    public var key: String
    /// The table named in the code; nil for the default table (`Localizable`).
    public var table: String?
    /// The source-language text given in the code; nil when the key is its own text.
    public var defaultValue: String?
    public var comment: String?
    /// gettext's `msgctxt` (`pgettext`); the key is then `context` U+0004 `msgid`, the key a `.po`
    /// entry with that context compiles to (docs/GETTEXT.md), so lookups find the same message.
    public var context: String?
    /// gettext's `msgid_plural` (`ngettext`): the source text for counts other than one. The
    /// message is then a plural on argument 1: `one` the msgid, `other` this.
    public var plural: String?
    public var file: String
    public var line: Int

    public init(key: String, table: String? = nil, defaultValue: String? = nil, comment: String? = nil,
                context: String? = nil, plural: String? = nil, file: String, line: Int) {
        self.key = context.map { $0 + "\u{4}" + key } ?? key
        self.table = table
        self.defaultValue = defaultValue
        self.comment = comment
        self.context = context
        self.plural = plural
        self.file = file
        self.line = line
    }

    /// The msgid: the key without its context.
    public var msgid: String {
        guard let context else { return key }
        return String(key.dropFirst(context.count + 1))
    }

    /// The table this message belongs to.
    public var tableName: String { table ?? Resolution.defaultTable }
}

/// Something extraction skipped or doubts (an interpolated literal it cannot read, an
/// interpolation whose type the source does not state, two defaults for one key).
public struct ExtractionWarning: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// 1-based, in bytes, when the warning is about one place on the line.
    public var column: Int? = nil
    public var message: String
    /// `file:line[:column]: warning: message`, as compilers write it.
    public var description: String { "\(file):\(line)\(column.map { ":\($0)" } ?? ""): warning: \(message)" }
}
