import LokaleCore

/// Text as the content of an Android string resource, such that aapt2 reads back exactly that text
/// (`AndroidStringBuilder`): XML's `&` `<` `>` as entities; `\` `'` `"` and newlines and tabs
/// escaped; a space aapt2 would trim or collapse (at an end, after a space) as `\u0020`, other
/// whitespace and characters XML cannot hold as `\uXXXX`; `@` and `?` escaped at the start, where
/// aapt2 would read a reference.
enum AndroidEscaping {
    /// `text`, a whole value or a piece of one between tags; `first`/`last`: whether it begins or
    /// ends the value.
    static func content(_ text: String, first: Bool = true, last: Bool = true) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        for (i, u) in scalars.enumerated() {
            switch u {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@" where i == 0 && first: out += "\\@"
            case "?" where i == 0 && first: out += "\\?"
            case " ":
                let lost = (i == 0 && first) || (i == scalars.count - 1 && last) || (i > 0 && scalars[i - 1] == " ")
                out += lost ? "\\u0020" : " "
            default:
                // Other ASCII whitespace would be collapsed; control characters cannot be in XML 1.0.
                if u.value < 0x20 || u.value == 0x7F || (0xFFFE...0xFFFF).contains(u.value) {
                    out += "\\u" + hex(u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out
    }

    static func hex(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    /// An attribute value between double quotes.
    static func attribute(_ value: String) -> String {
        var out = ""
        for c in value.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A message's content: its text, or an MF2 message of text and markup as text and tags.
    /// Anything else (a placeholder, a `.match`) has no Android form.
    static func content(_ v: Variation) -> String? {
        switch v {
        case .text(let s): return content(s)
        case .messageFormat(_, .pattern(let m)) where m.declarations.isEmpty:
            var out = ""
            for (i, part) in m.pattern.enumerated() {
                switch part {
                case .text(let s): out += content(s, first: i == 0, last: i == m.pattern.count - 1)
                case .markup(let k) where k.attributes.isEmpty:
                    var options = ""
                    for o in k.options {
                        guard case .literal(let l) = o.value else { return nil }
                        options += " \(o.identifier)=\"\(attribute(l.value))\""
                    }
                    switch k.kind {
                    case .open: out += "<\(k.identifier)\(options)>"
                    case .close: out += "</\(k.identifier)>"
                    case .standalone: out += "<\(k.identifier)\(options)/>"
                    }
                default: return nil
                }
            }
            return out
        default: return nil
        }
    }
}
