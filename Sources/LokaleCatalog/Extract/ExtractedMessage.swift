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
    public var file: String
    public var line: Int

    public init(key: String, table: String? = nil, defaultValue: String? = nil, comment: String? = nil, file: String, line: Int) {
        self.key = key
        self.table = table
        self.defaultValue = defaultValue
        self.comment = comment
        self.file = file
        self.line = line
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
