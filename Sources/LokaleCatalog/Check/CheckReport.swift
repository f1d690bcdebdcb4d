/// What `CatalogChecker` found: typed problems and per-localization statistics.
public struct CheckReport: Sendable, Codable {
    public var problems: [CheckFinding]
    public var summary: CheckSummary

    public var errorCount: Int { problems.count { $0.severity == .error } }
    public var warningCount: Int { problems.count { $0.severity == .warning } }
    public var hasErrors: Bool { errorCount > 0 }

    /// `--strict`: every warning becomes an error.
    public func promotingWarnings() -> CheckReport {
        var copy = self
        for i in copy.problems.indices { copy.problems[i].severity = .error }
        copy.summary.errors = copy.errorCount
        copy.summary.warnings = 0
        return copy
    }
}

public struct CheckFinding: Sendable, Codable, Equatable {
    public enum Severity: String, Sendable, Codable { case error, warning }

    public enum Kind: String, Sendable, Codable {
        /// A malformed specifier, or a translation whose specifiers do not match the source's
        /// (the runtime shows the development text instead).
        case format
        /// A plural variation without a category CLDR's rules for its language use.
        case missingPluralCategory = "missing-plural-category"
        /// A plural variation with a category its language never selects (`few` in English).
        case unusedPluralCategory = "unused-plural-category"
        /// Keys of the development localization that a localization does not translate.
        case untranslated
        /// Translations marked needs_review.
        case needsReview = "needs-review"
        /// Keys marked stale (extractionState) or translations marked stale (state).
        case stale
        /// One key defined in several tables of the bundle.
        case duplicateKey = "duplicate-key"
        /// The default value written in code differs from the development localization's text.
        case defaultMismatch = "default-mismatch"
        /// A key the code looks up (`--code`) that its table's catalog does not have: every
        /// language shows the code's default value, or the key.
        case missingKey = "missing-key"
        /// A key that translations have and the development localization does not.
        case onlyInTranslation = "only-in-translation"
        /// A MessageFormat 2 message given as source in code (`--code`) that is not well-formed
        /// or not valid: the call that parses it fails at run time.
        case messageFormat = "message-format"
        /// A format that mixes numbered and unnumbered specifiers (`%1$lld %lld`): formatted as
        /// CFString and Java do, which is rarely what the translator meant.
        case mixedNumbering = "mixed-numbering"
        /// A MessageFormat translation that leaves out an argument its development message reads
        /// (a count, a name the translator dropped).
        case missingArgument = "missing-argument"
    }

    public var severity: Severity
    public var kind: Kind
    /// The source file (catalog, or the code file for `defaultMismatch` and `missingKey`).
    public var file: String
    /// 1-based line in `file`, when it is known.
    public var line: Int?
    /// 1-based column in `file`, for findings at one place of a line: bytes in code; characters
    /// (as JSONLocator counts them) in a JSON resource's message.
    public var column: Int?
    /// Empty for findings in code that belong to no table (`messageFormat`).
    public var table: String
    /// Nil for findings about a whole localization.
    public var key: String?
    /// Nil for findings that concern every localization.
    public var localization: String?
    public var message: String

    public init(severity: Severity, kind: Kind, file: String, line: Int? = nil, column: Int? = nil, table: String, key: String?,
                localization: String?, message: String) {
        self.severity = severity
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.table = table
        self.key = key
        self.localization = localization
        self.message = message
    }
}

public struct CheckSummary: Sendable, Codable, Equatable {
    public var developmentLocalization: String
    public var localizations: [LocalizationStatistics]
    public var errors: Int
    public var warnings: Int

    enum CodingKeys: String, CodingKey { case developmentLocalization = "development_localization", localizations, errors, warnings }
}

/// Completeness of one localization over every table of the bundle.
public struct LocalizationStatistics: Sendable, Codable, Equatable {
    public var localization: String
    /// Translatable keys (shouldTranslate false excluded) of the development localization.
    public var total: Int
    /// Of those, the keys this localization has a message for whose state is not `new`.
    public var translated: Int
    public var needsReview: Int
    public var new: Int
    public var stale: Int

    /// Translated share in percent (100 when there is nothing to translate).
    public var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }

    enum CodingKeys: String, CodingKey { case localization, total, translated, percent, needsReview = "needs_review", new, stale }

    public init(localization: String, total: Int = 0, translated: Int = 0, needsReview: Int = 0, new: Int = 0, stale: Int = 0) {
        self.localization = localization
        self.total = total
        self.translated = translated
        self.needsReview = needsReview
        self.new = new
        self.stale = stale
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(localization: try c.decode(String.self, forKey: .localization), total: try c.decode(Int.self, forKey: .total),
                  translated: try c.decode(Int.self, forKey: .translated), needsReview: try c.decode(Int.self, forKey: .needsReview),
                  new: try c.decode(Int.self, forKey: .new), stale: try c.decode(Int.self, forKey: .stale))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(localization, forKey: .localization)
        try c.encode(total, forKey: .total)
        try c.encode(translated, forKey: .translated)
        try c.encode((percent * 10).rounded() / 10, forKey: .percent)
        try c.encode(needsReview, forKey: .needsReview)
        try c.encode(new, forKey: .new)
        try c.encode(stale, forKey: .stale)
    }
}
