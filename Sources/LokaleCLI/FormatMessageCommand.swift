import LokaleCommandLine
import LokaleCore

/// `lokale format-message [--locale L] [--parts] [--bidi default|none] SOURCE [NAME=VALUE...]`:
/// a MessageFormat 2 message formatted as a program would, for translators trying a message.
/// Exit 0: formatted; 1: formatted with errors (the text is printed, each error on stderr);
/// 2: usage, or a message that is not well-formed or not valid (nothing on stdout).
func formatMessageCommand(_ a: Arguments) throws -> Int32 {
    guard let source = a.positionals.first else { throw Arguments.UsageError(message: "format-message needs a message SOURCE") }
    let locale = a.options["locale"] ?? SystemLanguages.preferred().first ?? "en"
    if case .failure(let e) = LanguageTag.canonical(locale) { throw Arguments.UsageError(message: "--locale: \(e.message)") }
    let bidi: MF2.BidiIsolation
    switch a.options["bidi"] ?? "default" {
    case "default": bidi = .default
    case "none": bidi = .none
    case let other: throw Arguments.UsageError(message: "unknown --bidi '\(other)' (default or none)")
    }
    var arguments: [String: MF2.Argument] = [:]
    for word in a.positionals.dropFirst() {
        let (name, value) = try messageArgument(word)
        guard arguments.updateValue(value, forKey: name) == nil else {
            throw Arguments.UsageError(message: "the argument \(name) is given twice")
        }
    }

    let message: MF2.Message
    do { message = try MF2.parse(source) } catch {
        printError("lokale: error: \(error)")
        printError(caret(source, at: error.position))
        return 2
    }
    let invalid = message.dataModelErrors
    guard invalid.isEmpty else {
        for e in invalid {
            printError("lokale: error: \(e)")
            printError(caret(source, at: e.position))
        }
        return 2
    }

    let formatted = MF2.format(message, locale: locale, arguments: arguments, bidiIsolation: bidi)
    if a.flags.contains("parts") {
        for part in formatted.parts { print(partJSON(part)) }
    } else {
        print(formatted.text)
    }
    for e in formatted.errors { printError("lokale: error: \(e)") }
    return formatted.errors.isEmpty ? 0 : 1
}

/// The source line of `position` and a `^` under its column (code points; tabs kept, so that
/// the caret lines up in a terminal).
func caret(_ source: String, at position: MF2.Position) -> String {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard position.line >= 1, position.line <= lines.count else { return "" }
    let line = lines[position.line - 1]
    var pad = ""
    for (i, c) in line.unicodeScalars.enumerated() where i < position.column - 1 { pad.unicodeScalars.append(c == "\t" ? "\t" : " ") }
    return "  " + line + "\n  " + pad + "^"
}

/// One part as a JSON object, in the shape of the conformance suite's `expParts`.
func partJSON(_ part: MF2.Part) -> String {
    var j = JSONText()
    j.open()
    switch part {
    case .text(let s):
        j.string("type", "text")
        j.string("value", s)
    case .bidiIsolation(let s):
        j.string("type", "bidiIsolation")
        j.string("value", s)
    case .fallback(let source):
        j.string("type", "fallback")
        j.string("source", source)
    case .markup(let m):
        j.string("type", "markup")
        j.string("kind", "\(m.kind)")
        j.string("name", m.name)
        if let id = m.id { j.string("id", id) }
        if !m.options.isEmpty {
            j.open("options")
            for k in m.options.keys.sorted() { j.string(k, m.options[k]) }
            j.close()
        }
    case .value(let v):
        j.string("type", v.type)
        j.string("source", v.source)
        j.string("value", v.value)
        j.string("locale", v.locale)
        if let dir = v.dir { j.string("dir", dir.rawValue) }
        if let id = v.id { j.string("id", id) }
        if let fields = v.fields {
            j.open("parts", array: true)
            for f in fields {
                j.open()
                j.string("type", f.type)
                j.string("value", f.value)
                j.close()
            }
            j.close(array: true)
        }
    }
    j.close()
    return j.text
}
