public import LokaleCore

/// What the accessors generated from a catalog (`lokale compile --swift-messages`, on by default
/// in LokaleCompilerPlugin) build their messages with: the key, table and default value exactly as
/// the catalog has them, typed arguments in the catalog's order, and the target's own bundle.
extension Message {
    /// A value passed to a format specifier, by position.
    public enum Argument: Sendable, Hashable {
        case int(Int64)
        case uint(UInt64)
        case double(Double)
        case string(String)

        var formatArgument: FormatArgument {
            switch self {
            case .int(let v): .int(v)
            case .uint(let v): .uint(v)
            case .double(let v): .double(v)
            case .string(let v): .string(v)
            }
        }
    }

    /// A message whose arguments fill its format specifiers by position (`%lld`, `%1$@`). With no
    /// argument it is plain text: a `%` in a translation is a percent sign.
    public init(key: String, table: String?, defaultValue: String?, comment: String? = nil,
                arguments: [Argument], bundle: LokaleBundle?) {
        self.init(key: key, defaultValue: defaultValue, table: table, comment: comment,
                  arguments: arguments.map(\.formatArgument), isFormat: !arguments.isEmpty, bundle: bundle)
    }

    /// A MessageFormat message (MF2, ICU, ARB) with its arguments by name.
    public init(key: String, table: String?, defaultValue: String?, comment: String? = nil,
                namedArguments: [String: MessageFormat.Argument], bundle: LokaleBundle?) {
        self.init(key: key, defaultValue: defaultValue, table: table, comment: comment, arguments: [], isFormat: false,
                  namedArguments: namedArguments, bundle: bundle)
    }

    /// The named arguments of a MessageFormat message; nil when its arguments are positional.
    public var messageFormatArguments: [String: MessageFormat.Argument]? { namedArguments }
}

extension String {
    /// The text of `message` in its own bundle (`message.bundle`, which generated accessors set),
    /// else in the shared runtime's main bundle; without either, its default value or key, as a
    /// bundle that cannot be opened shows it.
    public init(localized message: Message) {
        if let bundle = message.bundle ?? LokaleRuntime.shared.mainBundle {
            self = bundle.string(message)
        } else {
            self = LokaleBundle.unresolved(message)
        }
    }
}
