/// The specifier language of a message's texts. Both parse into the same `FormatSegment`s, which
/// one formatter (Swift) and one fast path (C) interpret.
public enum FormatSyntax: UInt8, Sendable, Equatable {
    /// CFString's (`%@`, `%lld`, `%1$@`, `%#@name@`), which gettext's c-format is a subset of.
    case apple
    /// `java.util.Formatter`'s, as Android's `String.format` reads a string resource (`%s`, `%d`,
    /// `%1$s`, `%,d`, `%n`).
    case java
}
