/// Where one localization's message for a key was read: the file, and its line when the reader
/// knows it. Bundle folders spread a table over one file per localization (`de.lproj/X.strings`,
/// `de.lproj/X.stringsdict`), so a finding about a message names that file, not the table's first.
public struct MessageLocation: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; nil when the reader cannot tell (binary property lists, gettext, or a String
    /// Catalog, whose lines `lokale check` finds itself with `JSONLocator`).
    public var line: Int?

    public init(file: String, line: Int? = nil) {
        self.file = file
        self.line = line
    }

    public var description: String { line.map { "\(file):\($0)" } ?? file }
}

extension CatalogTable {
    /// The file (and line) of `key` in `localization`: as recorded by the loader (for the key, or
    /// for every message of the localization: `files`), else the table's first source (a String
    /// Catalog holds every localization), else the table's name.
    public func location(of key: String, localization: String) -> MessageLocation {
        if let l = locations[localization]?[key] { return l }
        if let f = files[localization], messages[localization]?[key] != nil { return MessageLocation(file: f) }
        return MessageLocation(file: sources.first ?? name)
    }

    /// The file of a finding about a whole localization of the table: the first file that gave
    /// that localization messages, else the table's first source.
    public func file(localization: String) -> String {
        ((locations[localization]?.values.map(\.file) ?? []) + (files[localization].map { [$0] } ?? [])).min() ?? sources.first ?? name
    }
}

/// Lines of the top-level keys of an XML property list (a `.stringsdict`): `<key>` elements directly
/// inside the root `<dict>`. A best effort over the text (comments and CDATA are not special-cased):
/// it only places findings, and a key it misses is reported without a line.
enum PlistKeyLines {
    static func lines(_ bytes: [UInt8]) -> [String: Int] {
        guard !bytes.starts(with: Array("bplist".utf8)) else { return [:] }
        var out: [String: Int] = [:]
        var depth = 0, line = 1, i = 0
        let n = bytes.count
        func at(_ tag: String) -> Bool {
            let t = Array(tag.utf8)
            return i + t.count <= n && bytes[i..<(i + t.count)].elementsEqual(t)
        }
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\n") { line += 1; i += 1; continue }
            guard c == UInt8(ascii: "<") else { i += 1; continue }
            if at("<dict>") { depth += 1; i += 6; continue }
            if at("</dict>") { depth -= 1; i += 7; continue }
            if depth == 1, at("<key>") {
                let start = i + 5
                var end = start
                while end + 6 <= n, !bytes[end..<(end + 6)].elementsEqual(Array("</key>".utf8)) { end += 1 }
                guard end + 6 <= n else { break }
                let key = unescape(String(decoding: bytes[start..<end], as: UTF8.self))
                if out[key] == nil { out[key] = line }
                line += bytes[start..<end].count { $0 == UInt8(ascii: "\n") }
                i = end + 6
                continue
            }
            i += 1
        }
        return out
    }

    /// XML's five named entities and numeric references, as the property list parser reads them.
    static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = "", rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { break }
            let name = rest[rest.index(after: amp)..<semi]
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
                let digits = name.dropFirst(hex ? 2 : 1)
                if name.hasPrefix("#"), let v = UInt32(digits, radix: hex ? 16 : 10), let u = Unicode.Scalar(v) {
                    out.unicodeScalars.append(u)
                } else {
                    out += rest[amp...semi]
                }
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
