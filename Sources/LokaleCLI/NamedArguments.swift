import LokaleCore

/// `name=value` on the command line: an argument of a MessageFormat 2 message, by name. A value
/// that spells a number is a number, kept exactly as written (`MF2.Argument.decimal`); anything
/// else is text. Other ARGs stay positional (Apple-style messages).
func namedArgument(_ text: String) -> (name: String, value: MF2.Argument)? {
    guard let eq = text.firstIndex(of: "="), eq != text.startIndex else { return nil }
    let name = String(text[..<eq]), value = String(text[text.index(after: eq)...])
    guard (try? MF2.parse("{$\(name)}")) != nil else { return nil }
    return (name, MF2.Decimal(parsing: value) != nil ? .decimal(value) : .string(value))
}
