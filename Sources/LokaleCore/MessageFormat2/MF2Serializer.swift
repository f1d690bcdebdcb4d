extension MF2 {
    /// The data model back to MF2 source (LDML part 9, message.abnf), such that
    /// `parse(serialize(m)) == m` for every message `parse` gives: what tools that rewrite a
    /// message (pseudo-localization, migration) write back.
    ///
    /// Canonical spacing: one space between an expression's parts, one declaration a line, one
    /// variant a line. A message without declarations whose pattern cannot be mistaken for a
    /// complex message's start is written simple; any other pattern is quoted (`{{…}}`). Text
    /// escapes `\`, `{` and `}`; a literal is written as it was parsed (quoted or not), and quoted
    /// whenever it is not a valid unquoted literal (`|…|`, escaping `\` and `|`).
    public static func serialize(_ message: Message) -> String {
        var out = MF2Writer()
        switch message {
        case .pattern(let m):
            if m.declarations.isEmpty, MF2Writer.canBeSimple(m.pattern) {
                out.pattern(m.pattern)
            } else {
                out.declarations(m.declarations)
                out.text += "{{"
                out.pattern(m.pattern)
                out.text += "}}"
            }
        case .select(let m):
            out.declarations(m.declarations)
            out.text += ".match"
            for selector in m.selectors { out.text += " $" + selector.name }
            for variant in m.variants {
                out.text += "\n"
                for key in variant.keys {
                    switch key {
                    case .catchAll: out.text += "*"
                    case .literal(let l): out.literal(l)
                    }
                    out.text += " "
                }
                out.text += "{{"
                out.pattern(variant.pattern)
                out.text += "}}"
            }
        }
        return out.text
    }
}

/// Appends MF2 source for parts of the data model.
struct MF2Writer {
    var text = ""

    /// Whether `pattern`, written as a simple message, reads back as one: the parser takes a
    /// message whose first character after whitespace and bidi marks is `.` (or `{{`) as complex.
    /// A placeholder first is always fine (`{` and then not `{`); so is empty text.
    static func canBeSimple(_ pattern: MF2.Pattern) -> Bool {
        guard case .text(let t)? = pattern.first else { return true }
        for u in t.unicodeScalars {
            if MF2Scanner.isSpace(u.value) || MF2Scanner.isBidi(u.value) { continue }
            return u != "."
        }
        // Whitespace alone: the following part decides, and it is a placeholder (texts are joined).
        return true
    }

    mutating func declarations(_ declarations: [MF2.Declaration]) {
        for d in declarations {
            switch d.kind {
            case .input:
                // `.input {$x …}`: the expression's operand is the declared variable.
                text += ".input "
                expression(d.expression)
            case .local:
                text += ".local $" + d.variable.name + " = "
                expression(d.expression)
            }
            text += "\n"
        }
    }

    mutating func pattern(_ pattern: MF2.Pattern) {
        for part in pattern {
            switch part {
            case .text(let t):
                for u in t.unicodeScalars {
                    if u == "\\" || u == "{" || u == "}" { text += "\\" }
                    text.unicodeScalars.append(u)
                }
            case .expression(let e): expression(e)
            case .markup(let m): markup(m)
            }
        }
    }

    mutating func expression(_ e: MF2.Expression) {
        text += "{"
        var spaced = false
        switch e.operand {
        case .literal(let l)?: literal(l); spaced = true
        case .variable(let v)?: text += "$" + v.name; spaced = true
        case nil: break
        }
        if let f = e.function {
            if spaced { text += " " }
            text += ":" + f.identifier.description
            options(f.options)
        }
        attributes(e.attributes)
        text += "}"
    }

    mutating func markup(_ m: MF2.Markup) {
        text += (m.kind == .close ? "{/" : "{#") + m.identifier.description
        options(m.options)
        attributes(m.attributes)
        switch m.kind {
        case .open, .close: text += "}"
        // `{#b/}`, or `{#img src=x /}`: a space keeps `/` from reading as part of the last option.
        case .standalone: text += m.options.isEmpty && m.attributes.isEmpty ? "/}" : " /}"
        }
    }

    mutating func options(_ options: [MF2.Option]) {
        for o in options {
            text += " " + o.identifier.description + "="
            switch o.value {
            case .literal(let l): literal(l)
            case .variable(let v): text += "$" + v.name
            }
        }
    }

    mutating func attributes(_ attributes: [MF2.Attribute]) {
        for a in attributes {
            text += " @" + a.identifier.description
            if let v = a.value {
                text += "="
                literal(v)
            }
        }
    }

    /// `unquoted-literal = 1*name-char` when it was written so and can be; else `|…|`.
    mutating func literal(_ l: MF2.Literal) {
        if !l.quoted, !l.value.isEmpty, l.value.unicodeScalars.allSatisfy({ MF2Scanner.isNameChar($0.value) }) {
            text += l.value
            return
        }
        text += "|"
        for u in l.value.unicodeScalars {
            if u == "\\" || u == "|" { text += "\\" }
            text.unicodeScalars.append(u)
        }
        text += "|"
    }
}
