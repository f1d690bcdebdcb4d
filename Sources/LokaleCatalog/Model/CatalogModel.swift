import LokaleCore

/// One bundle's catalogs, whatever they were read from (.xcstrings, .strings, .stringsdict, .lproj
/// folders, bundle folders, gettext .po/.mo): the single model the compiled-table writer takes.
public struct CatalogBundle: Sendable {
    public var identifier: String? = nil
    /// CFBundleDevelopmentRegion; nil until a source or the caller sets it.
    public var developmentLocalization: String? = nil
    /// Localizations declared without resources (CFBundleLocalizations).
    public var declaredLocalizations: [String] = []
    public var allowsMixedLocalizations = false
    public var tables: [String: CatalogTable] = [:]
    /// Findings of the readers that do not stop compilation (gettext plural forms CLDR cannot express).
    public var warnings: [CatalogWarning] = []

    public init() {}

    /// Every localization that has a table or was declared, in a stable order.
    public var localizations: [String] {
        var set = Set(declaredLocalizations)
        for t in tables.values { set.formUnion(t.messages.keys) }
        if let d = developmentLocalization { set.insert(d) }
        return set.sorted()
    }

    public mutating func table(_ name: String) -> CatalogTable {
        tables[name] ?? CatalogTable(name: name)
    }
}

/// A named table: per localization, its messages by key.
public struct CatalogTable: Sendable {
    public var name: String
    public var messages: [String: [String: CatalogMessage]] = [:]
    /// Language-independent facts about each key (comment, shouldTranslate).
    public var info: [String: MessageInfo] = [:]
    /// The files this table was read from, for diagnostics.
    public var sources: [String] = []

    public init(name: String) { self.name = name }

    public var keys: Set<String> {
        var k = Set(info.keys)
        for m in messages.values { k.formUnion(m.keys) }
        return k
    }
}

public struct MessageInfo: Sendable, Equatable {
    public var comment: String? = nil
    public var shouldTranslate = true
    public var extractionState: String? = nil
    /// Whether the texts are format strings whose specifiers the compiler checks (gettext entries
    /// flagged `no-c-format` or with another language's format, such as `python-format`, are not).
    public var checksFormat = true
    public init(comment: String? = nil, shouldTranslate: Bool = true, extractionState: String? = nil, checksFormat: Bool = true) {
        self.comment = comment
        self.shouldTranslate = shouldTranslate
        self.extractionState = extractionState
        self.checksFormat = checksFormat
    }
}

/// One localization's text for one key: a plain string or a tree of variants, plus substitutions.
public struct CatalogMessage: Sendable, Equatable {
    public var variation: Variation
    public var substitutions: [Substitution] = []
    /// translated, needs_review, new, stale (String Catalogs); nil elsewhere.
    public var state: String? = nil

    public init(_ variation: Variation, substitutions: [Substitution] = [], state: String? = nil) {
        self.variation = variation
        self.substitutions = substitutions
        self.state = state
    }

    public init(text: String) { self.init(.text(text)) }

    /// The text shown when no variant applies (device `other`, plural `other`).
    public var representativeText: String { variation.representativeText }
}

public indirect enum Variation: Sendable, Equatable {
    case text(String)
    /// `argument` is 1-based; 0 means "the message's first numeric argument" (resolved at compile).
    case plural(argument: Int, ordinal: Bool, cases: [PluralCategory: Variation])
    case device([DeviceClass: Variation])

    public var representativeText: String {
        switch self {
        case .text(let s): s
        case .plural(_, _, let c): (c[.other] ?? c.values.sorted { $0.representativeText < $1.representativeText }.first)?.representativeText ?? ""
        case .device(let c): (c[.other] ?? c[.mac] ?? c.values.sorted { $0.representativeText < $1.representativeText }.first)?.representativeText ?? ""
        }
    }

    /// Every text leaf.
    public var texts: [String] {
        switch self {
        case .text(let s): [s]
        case .plural(_, _, let c): PluralCategory.allCases.compactMap { c[$0] }.flatMap(\.texts)
        case .device(let c): DeviceClass.allCases.compactMap { c[$0] }.flatMap(\.texts)
        }
    }
}

public struct Substitution: Sendable, Equatable {
    public var name: String
    /// 1-based argument of the outer message that drives this substitution.
    public var argument: Int
    public var formatSpecifier: String
    public var variation: Variation
    public init(name: String, argument: Int, formatSpecifier: String, variation: Variation) {
        self.name = name
        self.argument = argument
        self.formatSpecifier = formatSpecifier
        self.variation = variation
    }
}
