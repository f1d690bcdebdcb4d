import LokaleCore

/// The header entry of a gettext catalog (the translation of the empty msgid): `Name: value` lines,
/// of which Lokale reads `Language`, `Content-Type` (its charset) and `Plural-Forms`.
struct GettextHeader {
    var fields: [String: String] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces.lowercased()
            if fields[name] == nil { fields[name] = String(line[line.index(after: colon)...].trimmingSpaces) }
        }
    }

    var language: String? { fields["language"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The declared charset; nil when absent or left as the template's `CHARSET` placeholder (read as
    /// ASCII-compatible UTF-8, as msgfmt does with a warning).
    var charset: String? {
        guard let type = fields["content-type"], let r = type.firstRange(of: "charset=") else { return nil }
        let value = type[r.upperBound...].prefix { $0 != ";" && $0 != " " }
        return value.isEmpty || value == "CHARSET" ? nil : String(value)
    }

    /// `nplurals` and the `plural` expression text, or nil when there is no Plural-Forms field.
    func pluralForms() -> (count: Int, expression: String)?? {
        guard let value = fields["plural-forms"] else { return .some(nil) }
        guard let np = value.firstRange(of: "nplurals=") else { return nil }
        let digits = value[np.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard let count = Int(digits), count >= 1, count <= TableLayout.maxForms else { return nil }
        var rest = value[...]
        var found: Substring? = nil
        while let r = rest.firstRange(of: "plural=") {
            // Skip the `plural=` inside `nplurals=`.
            if r.lowerBound == value.startIndex || value[value.index(before: r.lowerBound)] != "n" {
                found = rest[r.upperBound...].prefix { $0 != ";" }
                break
            }
            rest = rest[r.upperBound...]
        }
        guard let expression = found else { return nil }
        return .some((count, String(expression)))
    }

    /// The header text as msgfmt writes it into a `.mo`: without its `POT-Creation-Date` line (so
    /// that a `.mo` does not change with the template's date).
    static func asCompiled(_ text: String) -> String {
        guard text.contains("POT-Creation-Date:") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("POT-Creation-Date:") }.joined(separator: "\n")
    }

}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
        return s
    }
}
