import FoundationEssentials

/// A Flutter project's `l10n.yaml`, the file gen-l10n reads: where the ARB files are (`arb-dir`,
/// default `lib/l10n`, relative to the file's folder), which is the template (`template-arb-file`,
/// default `app_en.arb`: its locale is the development localization) and whether apostrophes quote
/// (`use-escaping`, default false). Only flat `key: value` lines are read — plain, single- or
/// double-quoted scalars, comments, blank lines, `---`; a key Lokale needs with a value of another
/// kind (a block, a flow collection, an alias, a value on the next lines) is an error at its line.
/// Keys Lokale does not need are skipped whatever they hold.
struct FlutterProject {
    var yaml: String
    var arbDir: String
    var template: String
    var useEscaping: Bool
    /// The line of each key read, for errors about its value.
    var lines: [String: Int] = [:]

    static let needed: Set<String> = ["arb-dir", "template-arb-file", "use-escaping"]

    static func read(path: String) throws(CatalogError) -> FlutterProject {
        let bytes = try readFile(path)
        guard let text = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self) else {
            throw CatalogError(file: path, "not UTF-8 text")
        }
        var values: [String: String] = [:], lines: [String: Int] = [:]
        var last: String? = nil
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") { continue }
            if line == "---" || line == "..." || line.hasPrefix("--- ") || line.hasPrefix("%") { last = nil; continue }
            if content.count != line.count {
                // Indented: the previous key's value goes on (a block, a nested mapping, a folded scalar).
                if let last, needed.contains(last) {
                    throw CatalogError(file: path, line: n + 1, "the value of '\(last)' continues on this line; Lokale reads one-line values only")
                }
                continue
            }
            guard let colon = colonOfKey(line) else {
                last = nil
                continue
            }
            let key = String(line[..<colon]).trimmingTrailingSpaces()
            let rest = line[line.index(after: colon)...]
            last = key
            guard needed.contains(key) else { continue }
            lines[key] = n + 1
            do throws(ScalarProblem) { values[key] = try scalar(rest) } catch {
                throw CatalogError(file: path, line: n + 1, "the value of '\(key)' \(error.message); Lokale reads plain or quoted one-line values only")
            }
        }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var useEscaping = false
        if let v = values["use-escaping"] {
            switch v.lowercased() {
            case "true": useEscaping = true
            case "false": useEscaping = false
            default: throw CatalogError(file: path, line: lines["use-escaping"], "use-escaping must be true or false, not '\(v)'")
            }
        }
        let dir = values["arb-dir"] ?? "lib/l10n"
        let resolved = dir.hasPrefix("/") ? dir : (folder.isEmpty ? dir : folder + "/" + dir)
        return FlutterProject(yaml: path, arbDir: resolved, template: values["template-arb-file"] ?? "app_en.arb",
                              useEscaping: useEscaping, lines: lines)
    }

    /// The `:` that ends a plain key (followed by a space or the end), outside quotes; nil for lines
    /// that are no `key: value` (a sequence item, a flow collection).
    static func colonOfKey(_ line: Substring) -> Substring.Index? {
        guard let first = line.first, !"-[{?&*!|>'\"%@`".contains(first) else { return nil }
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == ":" {
                let next = line.index(after: i)
                if next == line.endIndex || line[next] == " " || line[next] == "\t" { return i }
            }
            if line[i] == "#", i > line.startIndex, line[line.index(before: i)] == " " { return nil }
            i = line.index(after: i)
        }
        return nil
    }

    struct ScalarProblem: Error { var message: String }

    /// A one-line scalar after `key:`: plain (to a ` #` comment, trimmed), '…' (`''` is one
    /// apostrophe) or "…" (with `\"`, `\\`, `\n`, `\t`, `\uXXXX`), then only a comment.
    static func scalar(_ rest: Substring) throws(ScalarProblem) -> String {
        let s = rest.drop { $0 == " " || $0 == "\t" }
        guard let first = s.first, first != "#" else { throw ScalarProblem(message: "is empty (a nested mapping or a value on the next lines)") }
        if "[{".contains(first) { throw ScalarProblem(message: "is a flow collection") }
        if "|>".contains(first) { throw ScalarProblem(message: "is a block scalar") }
        if "&*!".contains(first) { throw ScalarProblem(message: "has an anchor, alias or tag") }
        if first == "'" || first == "\"" {
            var out = "", i = s.index(after: s.startIndex), closed = false
            while i < s.endIndex {
                let c = s[i]
                i = s.index(after: i)
                if c == first {
                    if first == "'", i < s.endIndex, s[i] == "'" { out.append("'"); i = s.index(after: i); continue }
                    closed = true
                    break
                }
                if first == "\"", c == "\\", i < s.endIndex {
                    let e = s[i]
                    i = s.index(after: i)
                    switch e {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "\"", "\\", "/": out.append(e)
                    case "u":
                        let end = s.index(i, offsetBy: 4, limitedBy: s.endIndex) ?? s.endIndex
                        guard let v = UInt32(s[i..<end], radix: 16), let u = Unicode.Scalar(v) else {
                            throw ScalarProblem(message: "has a \\u escape without four hexadecimal digits")
                        }
                        out.unicodeScalars.append(u)
                        i = end
                    default: throw ScalarProblem(message: "has the escape \\\(e), which Lokale does not read")
                    }
                    continue
                }
                out.append(c)
            }
            guard closed else { throw ScalarProblem(message: "has no closing \(first) on its line") }
            let after = s[i...].drop { $0 == " " || $0 == "\t" }
            guard after.isEmpty || after.hasPrefix("#") else { throw ScalarProblem(message: "has text after its closing quote") }
            return out
        }
        var plain = s
        if let hash = plain.firstRange(of: " #") { plain = plain[..<hash.lowerBound] }
        if let hash = plain.firstRange(of: "\t#") { plain = plain[..<hash.lowerBound] }
        return String(plain).trimmingTrailingSpaces()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
