import LokaleCore

/// Literals and comments of the generated languages. Catalog text can hold anything (quotes,
/// backslashes, control characters, `*/`), and generated code must compile whatever it holds.
public enum GeneratedSource {
    /// A Swift string literal.
    public static func swiftLiteral(_ s: String) -> String {
        JSONText.quote(s) { u in u.value < 0x20 || u.value == 0x7F ? "\\u{\(String(u.value, radix: 16))}" : nil }
    }

    /// A C string literal. Bytes other than printable ASCII are octal escapes (three digits, so a
    /// following digit never joins them), `?` is escaped (trigraphs of C99).
    public static func cLiteral(_ s: String) -> String {
        var out = "\""
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "?"): out += "\\?"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let octal = String(b, radix: 8)
                out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            }
        }
        return out + "\""
    }

    /// A Python string literal (UTF-8 source): C0 and C1 controls and the line separators, which
    /// Python's own line splitting would cut at, as escapes.
    public static func pythonLiteral(_ s: String) -> String {
        JSONText.quote(s) { u in
            guard u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029 else { return nil }
            let hex = String(u.value, radix: 16)
            return u.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// Comment text on lines of its own: control characters become spaces, and nothing in it can
    /// end a block comment or start a doc-comment directive.
    public static func commentLines(_ s: String) -> [String] {
        var cleaned = ""
        for u in s.unicodeScalars {
            if u == "\n" { cleaned.append("\n") } else if u.value < 0x20 || u.value == 0x7F || u.value == 0x2028 || u.value == 0x2029 {
                cleaned.append(" ")
            } else { cleaned.unicodeScalars.append(u) }
        }
        return cleaned.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).replacing("*/", with: "* /")
        }
    }

    /// Text shown inside a comment as code: `text`, quoted and clipped to one readable line.
    public static func excerpt(_ s: String, limit: Int = 120) -> String {
        let one = commentLines(s).joined(separator: "\\n")
        return one.count > limit ? String(one.prefix(limit)) + "…" : one
    }
}
