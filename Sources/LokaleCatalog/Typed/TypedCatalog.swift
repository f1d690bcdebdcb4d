import LokaleCore

/// What the code generators (`--swift-messages`, `--emit-c-header`, `--emit-python`) know of a
/// bundle's messages: per table, per key, the arguments a call site passes and their types. One
/// model for every language, so that the Swift, C and Python accessors of one catalog always agree;
/// each writer only spells it.
public struct TypedCatalog: Sendable, Equatable {
    /// The bundle identifier (CFBundleIdentifier), nil when the catalogs name none.
    public var identifier: String?
    public var developmentLocalization: String?
    /// Sorted by name.
    public var tables: [TypedTable]
}

public struct TypedTable: Sendable, Equatable {
    public var name: String
    /// Sorted by key (UTF-8 bytes): the order collisions are numbered in.
    public var messages: [TypedMessage]
}

public struct TypedMessage: Sendable, Equatable {
    public var key: String
    /// The comment for translators, as the catalog has it.
    public var comment: String?
    /// The development localization's text (a plural's "other" variant; an MF2/ICU message's
    /// source): the default value the accessors pass, so that a bundle that cannot be opened still
    /// shows it. Nil for a message of substitutions.
    public var defaultValue: String?
    /// How the arguments are passed: by position (format specifiers) or by name (MF2, ICU, ARB).
    public var passing: Passing
    /// In the order a call passes them: by position for `.positional`, by name for `.named`.
    public var arguments: [TypedArgument]

    public enum Passing: Sendable, Equatable {
        /// Plain text, or format specifiers read by position (`%@`, `%1$lld`, Java's `%1$s`).
        case positional
        /// A MessageFormat message: arguments by name.
        case named
    }

    /// Plain text: no arguments, nothing formatted (a `%` in it is a percent sign).
    public var isPlain: Bool { arguments.isEmpty && passing == .positional }
}

public struct TypedArgument: Sendable, Equatable {
    /// The argument's own name: an MF2/ICU variable or ARB placeholder (`count`), a substitution
    /// (`%#@count@` drives argument N: `count`), else `arg1`, `arg2`, … by position. Writers make
    /// identifiers of it (`Identifiers`).
    public var name: String
    /// 1-based position for positional arguments; nil for named ones.
    public var position: Int?
    public var type: TypedValue

    public init(name: String, position: Int?, type: TypedValue) {
        self.name = name
        self.position = position
        self.type = type
    }
}

/// The value an argument takes, as the formatter reads it.
public enum TypedValue: String, Sendable, Equatable {
    /// `%d %i %lld %c`, Java's `%d`, MF2's `:integer`, ARB's `int`.
    case integer
    /// `%u %llu %x %o`.
    case unsigned
    /// `%f %e %g %a`, Java's `%f`, MF2's `:number` (and the functions of numbers), ARB's `num`/`double`.
    case double
    /// `%@ %s`, Java's `%s`, an MF2 placeholder without a function or with `:string`, ARB's `String`/`Object`.
    case string
    /// MF2's `:date :time :datetime`, ARB's `DateTime`: a moment in seconds since 1970 UTC.
    case date
}

extension TypedCatalog {
    /// The typed view of `bundle`. Each key is read in its development localization's message (what
    /// the code is written against), else in the first localization that has it.
    public init(_ bundle: CatalogBundle) {
        identifier = bundle.identifier.flatMap { $0.isEmpty ? nil : $0 }
        developmentLocalization = bundle.developmentLocalization
        let development = bundle.developmentLocalization
        tables = bundle.tables.keys.sorted(by: Identifiers.byteOrder).map { name in
            let table = bundle.tables[name]!
            let localizations = table.messages.keys.sorted()
            // The empty key is a gettext catalog's header, never a message a program asks for.
            let keys = table.keys.filter { !$0.isEmpty }.sorted(by: Identifiers.byteOrder)
            let messages = keys.compactMap { key -> TypedMessage? in
                let info = table.info[key] ?? MessageInfo()
                let source = development.flatMap { table.messages[$0]?[key] }
                    ?? localizations.lazy.compactMap { table.messages[$0]?[key] }.first
                return TypedMessage(key: key, message: source, info: info)
            }
            return TypedTable(name: name, messages: messages)
        }
    }
}

extension TypedMessage {
    init(key: String, message: CatalogMessage?, info: MessageInfo) {
        self.key = key
        comment = info.comment.flatMap { $0.isEmpty ? nil : $0 }
        guard let message else {
            // A key known only from its metadata (a String Catalog entry without any text yet): an
            // Apple key that is a format states its arguments itself.
            defaultValue = nil
            passing = .positional
            arguments = info.formatSyntax == .apple
                ? TypedArgumentInference.positional(CatalogMessage(text: key), key: key, info: info) : []
            return
        }
        // A plural's or a device variant's "other" text is what a bundle that cannot be opened
        // shows best; a text of substitutions cannot be formatted without them.
        defaultValue = message.substitutions.isEmpty ? message.variation.representativeText : nil
        if case .messageFormat(_, let mf2) = message.variation {
            passing = .named
            arguments = TypedArgumentInference.named(mf2, declared: info.arguments)
        } else {
            passing = .positional
            arguments = TypedArgumentInference.positional(message, key: key, info: info)
        }
    }
}
