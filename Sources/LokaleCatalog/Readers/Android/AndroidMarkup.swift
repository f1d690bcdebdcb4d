import LokaleCore

/// A styled Android string (`Tap <b>Save</b>`) as a message: `Resources.getString()` gives its text
/// without tags, `getText()` the same text with spans. Without format specifiers it becomes an
/// MF2 message whose pattern carries the tags as markup (`{#b}Save{/b}`, attributes as options),
/// so formatting to parts gives the spans and a plain lookup the text; it is built as a data model,
/// never through MF2 source, so braces in the text are just text. With specifiers the text is
/// what `getString(id, args)` formats: the tags are gone, as `String.format` drops them.
enum AndroidMarkup {
    static func variation(_ value: AndroidStringBuilder.Result, formatted: Bool) -> Variation {
        guard value.hasSpans, !formatted || !JavaSpecifiers.takeArguments(value.text) else { return .text(value.text) }
        return .messageFormat(source: value.text, message: message(value.pieces))
    }

    static let nowhere = MF2.Position(offset: 0, line: 1, column: 1)

    static func message(_ pieces: [AndroidStringBuilder.Piece]) -> MF2.Message {
        var pattern: MF2.Pattern = []
        for piece in pieces {
            switch piece {
            case .text(let s):
                if case .text(let before)? = pattern.last { pattern[pattern.count - 1] = .text(before + s) } else { pattern.append(.text(s)) }
            case .open(let name, let attributes):
                let options = attributes.map { a in MF2.Option(identifier(a.0), .literal(MF2.Literal(a.1, quoted: true)), position: nowhere) }
                pattern.append(.markup(MF2.Markup(.open, identifier(name), options: options)))
            case .close(let name):
                pattern.append(.markup(MF2.Markup(.close, identifier(name))))
            }
        }
        return .pattern(MF2.PatternMessage(pattern: pattern))
    }

    /// `b`, or `android:color` as a namespaced identifier.
    static func identifier(_ name: String) -> MF2.Identifier {
        guard let colon = name.firstIndex(of: ":") else { return MF2.Identifier(name) }
        return MF2.Identifier(namespace: String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}

/// Just enough of `java.util.Formatter`'s syntax to tell whether a text takes arguments: a `%`,
/// an optional `n$` or `<`, flags, width, precision, and a conversion; `%%` and `%n` take none.
/// (Parsing and formatting Java's specifiers is the formatter's business; this only decides how a
/// styled string is stored.)
enum JavaSpecifiers {
    static func takeArguments(_ text: String) -> Bool {
        let s = Array(text.unicodeScalars)
        var i = 0
        while i < s.count {
            guard s[i] == "%" else { i += 1; continue }
            var j = i + 1
            while j < s.count, "0123456789$<-#+ ,(".unicodeScalars.contains(s[j]) { j += 1 }
            if j < s.count, s[j] == "." { j += 1; while j < s.count, s[j].properties.numericType != nil, s[j].isASCII { j += 1 } }
            guard j < s.count else { return false }
            let c = s[j]
            if c == "%" || c == "n" { i = j + 1; continue }
            if c.isASCII, c.properties.isAlphabetic { return true }
            i = j
        }
        return false
    }
}
