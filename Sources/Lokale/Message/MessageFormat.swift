public import LokaleCore

/// A Unicode MessageFormat 2 message given as source at run time (LDML part 9): parsed and checked
/// once, then formatted any number of times, from any thread, with named arguments.
///
/// ```swift
/// let files = try MessageFormat(".input {$count :integer} .match $count one {{One file}} * {{{$count} files}}", locale: "en")
/// files.format(["count": 3])  // "3 files"
/// ```
/// Formatting always gives text: a value that cannot be formatted shows as its fallback (`{$x}`)
/// and `formatted(_:)` says why.
public struct MessageFormat: Sendable {
    public typealias Argument = MF2.Argument
    public typealias Formatted = MF2.Formatted
    public typealias Part = MF2.Part

    public let source: String
    /// The locale numbers, dates and plural selection follow (a BCP 47 tag).
    public let locale: String
    private let message: MF2.Message

    /// - Throws: the message's syntax error, or its data model errors (a duplicate declaration, a
    ///   missing `*` variant, …), each with its position.
    public init(_ source: String, locale: String) throws(MF2.MessageErrors) {
        message = try MF2.checked(source)
        self.source = source
        self.locale = locale
    }

    /// The message's text for `arguments`.
    public func format(_ arguments: [String: Argument] = [:]) -> String {
        formatted(arguments).text
    }

    /// The text, its parts (text, markup, each expression's value with its source) for rich text,
    /// and the errors met (an unresolved variable, a bad operand, …).
    public func formatted(_ arguments: [String: Argument] = [:]) -> Formatted {
        MF2.format(message, locale: locale, arguments: arguments)
    }
}
