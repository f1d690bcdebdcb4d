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
        var out: [UInt8] = [UInt8(ascii: "\"")]
        cEscape(s.utf8, into: &out)
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// The inside of a C string literal holding `bytes` (see `cLiteral`), appended to `out`: also
    /// what an embedded table's literal is made of (`--emit-c-source`), where `octalOnly` spells
    /// `"` `\\` `?` in octal too, so that every escape is four bytes (a reader of the array needs
    /// to know one form only).
    public static func cEscape<C: Collection<UInt8>>(_ bytes: C, into out: inout [UInt8], octalOnly: Bool = false) {
        let octal = Array("01234567".utf8)
        for b in bytes {
            let special = b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == UInt8(ascii: "?")
            if special && !octalOnly {
                out += [UInt8(ascii: "\\"), b]
            } else if !special && b >= 0x20 && b < 0x7F {
                out.append(b)
            } else {
                out += [UInt8(ascii: "\\"), octal[Int(b >> 6)], octal[Int(b >> 3 & 7)], octal[Int(b & 7)]]
            }
        }
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
