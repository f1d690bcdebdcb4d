/// A problem in a source file, with where it is: `file:line:column: message`.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { place + ": " + message }

    /// As a compiler writes an error: `file:line:column: error: message`.
    public var diagnostic: String { place + ": error: " + message }

    private var place: String {
        var s = file
        if let line { s += ":\(line)" }
        if let column { s += ":\(column)" }
        return s
    }
}

/// A finding that does not stop compilation (a translation whose specifiers disagree, …).
public struct CatalogWarning: Sendable, CustomStringConvertible {
    public var file: String
    /// The line of the message in `file`, when its reader knows it (`.strings`, `.stringsdict`).
    public var line: Int? = nil
    /// The column (in characters, as JSONLocator counts them) of what the warning is about, when
    /// known: an argument inside a JSON resource's message.
    public var column: Int? = nil
    public var table: String
    public var localization: String
    public var key: String
    public var message: String
    /// How `check` reports it: nil for what it calls a format problem, an error (the compiler
    /// replaced or refused something); else this kind, as a warning (advice about the source that
    /// changes nothing the runtime shows, such as a plural quantity the language never uses).
    public var checkKind: CheckFinding.Kind? = nil
    public var description: String { diagnostic(severity: "warning") }

    public init(file: String, line: Int? = nil, table: String, localization: String, key: String, message: String) {
        self.file = file
        self.line = line
        self.table = table
        self.localization = localization
        self.key = key
        self.message = message
    }

    /// `file:line: SEVERITY: [table] localization 'key': message`; `compile --strict` writes its
    /// warnings as errors.
    public func diagnostic(severity: String) -> String {
        "\(file)\(line.map { ":\($0)" } ?? "")\(line != nil ? column.map { ":\($0)" } ?? "" : ""): \(severity): [\(table)] \(localization) '\(key)': \(message)"
    }
}
