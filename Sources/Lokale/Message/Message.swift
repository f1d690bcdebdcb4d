internal import LokaleCore

/// A localizable message: a key, the table it lives in, an optional default value, a comment for
/// translators, and the values it interpolates — Apple's `LocalizedStringResource` contract,
/// without Foundation.
///
/// A string literal is a message whose key is its format, as Xcode extracts it:
///
/// ```swift
/// let title: Message = "Collection: \(name)"          // key "Collection: %@"
/// bundle.string("\(count) items in \(name)")          // key "%lld items in %@"
/// ```
///
/// A stable key with a default value in the development language:
///
/// ```swift
/// Message("summary.item-count", defaultValue: "\(count) items",
///         comment: "Summary below the item-count control.")
/// ```
///
/// A key known only at run time goes through the initializer explicitly (`Message(key)`), as with
/// `LocalizedStringKey(variable)`; text that must never be translated is `Message(verbatim:)`.
///
/// Interpolation is kept until localization: each value keeps its type (see `Message.Value`) and
/// is written by the language that answers, in the specifier's place.
public struct Message: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The key looked up (for a verbatim message, its text).
    public let key: String
    /// The development-language text, a format when it interpolates values; nil when the key is
    /// its own text.
    public let defaultValue: String?
    /// The table (`Localizable` when nil).
    public let table: String?
    /// The note for translators. It never changes what is shown.
    public let comment: String?
    /// Whether the message is shown as written, never looked up.
    public let isVerbatim: Bool
    /// The bundle the message belongs to (the generated accessors' own `LokaleBundle.module`);
    /// nil: the caller's choice, else the main bundle. `String(localized:)` looks it up there; a
    /// bundle's own `string(_:)` looks up in that bundle.
    public let bundle: LokaleBundle?
    let arguments: [FormatArgument]
    /// The arguments of a MessageFormat message, by name (generated accessors); nil for a message
    /// whose arguments are positional.
    let namedArguments: [String: MessageFormat.Argument]?
    /// Whether the text found is a format to fill, rather than shown as found.
    let isFormat: Bool

    /// A message whose key is its text, interpolations included (`"Collection: \(name)"` has the
    /// key `Collection: %@`).
    public init(_ keyAndValue: Value, table: String? = nil, comment: StaticString? = nil) {
        self.init(key: keyAndValue.format, defaultValue: nil, table: table, comment: comment.map(\.description),
                  arguments: keyAndValue.arguments, isFormat: keyAndValue.isFormat)
    }

    /// A message with a stable key and its development-language text, which may interpolate
    /// values: `Message("summary.item-count", defaultValue: "\(count) items")`. The default value
    /// is shown when no localization has the key.
    public init(_ key: StaticString, defaultValue: Value, table: String? = nil, comment: StaticString? = nil) {
        self.init(key: key.description, defaultValue: defaultValue.format, table: table, comment: comment.map(\.description),
                  arguments: defaultValue.arguments, isFormat: defaultValue.isFormat)
    }

    /// A message whose key is known only at run time. A string literal never lands here: it is
    /// a `Value`, so that its interpolations stay values (the seeds' warning about wrappers
    /// that accept only `String`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ key: S, defaultValue: Value? = nil, table: String? = nil, comment: StaticString? = nil) {
        self.init(key: String(key), defaultValue: defaultValue?.format, table: table, comment: comment.map(\.description),
                  arguments: defaultValue?.arguments ?? [], isFormat: defaultValue?.isFormat ?? false)
    }

    /// Text shown exactly as given: never looked up, never formatted.
    public init(verbatim text: String) {
        self.init(key: text, defaultValue: nil, table: nil, comment: nil, arguments: [], isFormat: false, isVerbatim: true)
    }

    public init(stringLiteral value: String) {
        self.init(Value(stringLiteral: value))
    }

    public init(stringInterpolation: Value.StringInterpolation) {
        self.init(Value(stringInterpolation: stringInterpolation))
    }

    init(key: String, defaultValue: String?, table: String?, comment: String?, arguments: [FormatArgument], isFormat: Bool,
         isVerbatim: Bool = false, namedArguments: [String: MessageFormat.Argument]? = nil, bundle: LokaleBundle? = nil) {
        self.key = key
        self.defaultValue = defaultValue
        self.table = table
        self.comment = comment
        self.arguments = arguments
        self.isFormat = isFormat
        self.isVerbatim = isVerbatim
        self.namedArguments = namedArguments
        self.bundle = bundle
    }

    /// How many values the message interpolates.
    public var argumentCount: Int { arguments.count }

    /// The key, or the text of a verbatim message.
    public var description: String { key }

    /// Two messages are equal when they look up the same thing with the same values; the bundle
    /// is not compared (it is where, not what).
    public static func == (a: Message, b: Message) -> Bool {
        a.key == b.key && a.defaultValue == b.defaultValue && a.table == b.table && a.comment == b.comment
            && a.isVerbatim == b.isVerbatim && a.isFormat == b.isFormat && a.arguments == b.arguments
            && a.namedArguments == b.namedArguments
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(key)
        hasher.combine(defaultValue)
        hasher.combine(table)
        hasher.combine(comment)
        hasher.combine(isVerbatim)
        hasher.combine(isFormat)
        hasher.combine(arguments)
        hasher.combine(namedArguments?.keys.sorted())
    }
}
