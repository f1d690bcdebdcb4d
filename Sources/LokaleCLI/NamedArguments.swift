import LokaleCore

/// An ARG of `lookup` and `explain` that names an argument of a MessageFormat 2 message: `NAME=VALUE`
/// or `NAME:=TEXT` as `format-message` reads them (`messageArgument`), when NAME is an MF2 name.
/// Any other ARG stays positional (Apple-style messages): `a b=c` is text for a `%@`.
func namedArgument(_ text: String) -> (name: String, value: MF2.Argument)? {
    guard let eq = text.firstIndex(of: "=") else { return nil }
    var name = Substring(text[..<eq])
    if name.hasSuffix(":") { name = name.dropLast() }
    if name.hasPrefix("$") { name = name.dropFirst() }
    guard !name.isEmpty, (try? MF2.parse("{$\(name)}")) != nil else { return nil }
    return try? messageArgument(text)
}
