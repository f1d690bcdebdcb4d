import LokaleCore

/// An ARG of `lookup` and `explain` that names an argument of a MessageFormat 2 message: `NAME=VALUE`
/// or `NAME:=TEXT` as `format-message` reads them (`messageArgument`), when NAME is an MF2 name.
/// Any other ARG stays positional (Apple-style messages): `a b=c` is text for a `%@`.
package func namedArgument(_ text: String) -> (name: String, value: MF2.Argument)? {
    guard let eq = text.firstIndex(of: "=") else { return nil }
    var name = Substring(text[..<eq])
    if name.hasSuffix(":") { name = name.dropLast() }
    if name.hasPrefix("$") { name = name.dropFirst() }
    guard !name.isEmpty, (try? MF2.parse("{$\(name)}")) != nil else { return nil }
    return try? messageArgument(text)
}

/// `NAME=VALUE` (a decimal number, else an ISO 8601 date or date-time, else a string) or
/// `NAME:=TEXT` (always a string). A `$` before the name is allowed, as the message writes it.
package func messageArgument(_ word: String) throws(Arguments.UsageError) -> (String, MF2.Argument) {
    guard let eq = word.firstIndex(of: "=") else {
        throw Arguments.UsageError(message: "'\(word)' is not an argument NAME=VALUE (or NAME:=TEXT for text)")
    }
    var name = Substring(word[..<eq])
    let value = String(word[word.index(after: eq)...])
    let forcedString = name.hasSuffix(":")
    if forcedString { name = name.dropLast() }
    if name.hasPrefix("$") { name = name.dropFirst() }
    guard !name.isEmpty else { throw Arguments.UsageError(message: "'\(word)' has no argument name before '='") }
    if forcedString { return (String(name), .string(value)) }
    // Kept as text, exactly: `1.50` shows two fraction digits and selects as the number it writes.
    if MF2.Decimal(parsing: value) != nil { return (String(name), .decimal(value)) }
    if let date = MF2.Argument.date(iso8601: value) { return (String(name), date) }
    return (String(name), .string(value))
}
