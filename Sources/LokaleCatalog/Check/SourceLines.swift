/// Lines of keys in their source files, for findings. A String Catalog is indexed in one pass
/// (the line of every key under `strings` and of each of its localizations), so a catalog with many
/// findings costs no more than one with few; other formats give the file alone.
struct SourceLines {
    private var index: [String: [String: Int]] = [:]

    mutating func line(file: String, key: String, localization: String? = nil) -> Int? {
        guard fileExtension(file) == "xcstrings" else { return nil }
        if index[file] == nil { index[file] = Self.keyLines((try? readFile(file)) ?? []) }
        let lines = index[file]!
        return localization.flatMap { lines[key + "\u{0}" + $0] } ?? lines[key]
    }

    /// `key` → line and `key\0localization` → line, for a String Catalog's bytes (already validated
    /// by the reader; anything else yields what was found before the first surprise).
    static func keyLines(_ b: [UInt8]) -> [String: Int] {
        var out: [String: Int] = [:]
        var names: [String] = [] // the key that opened each enclosing container, by depth
        var pendingKey: String? = nil
        var depth = 0, line = 1, i = 0
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x0A: line += 1; i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if names.count < depth { names.append("") }
                names[depth - 1] = pendingKey ?? ""
                pendingKey = nil
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                i += 1
            case UInt8(ascii: "\""):
                let startLine = line
                guard let (s, end) = string(b, from: i) else { return out }
                i = end
                var j = i
                while j < b.count, b[j] == 0x20 || b[j] == 0x09 || b[j] == 0x0D || b[j] == 0x0A { j += 1 }
                guard j < b.count, b[j] == UInt8(ascii: ":") else { pendingKey = nil; continue }
                pendingKey = s
                // names[0] is the root (""); names[1] "strings"; names[2] a key; names[3] "localizations".
                if depth == 2, names.count > 1, names[1] == "strings", out[s] == nil { out[s] = startLine }
                if depth == 4, names.count > 3, names[1] == "strings", names[3] == "localizations" {
                    let k = names[2] + "\u{0}" + s
                    if out[k] == nil { out[k] = startLine }
                }
            case UInt8(ascii: ","): pendingKey = nil; i += 1
            default: i += 1
            }
        }
        return out
    }

    /// The decoded JSON string starting at `b[at]` (a quote) and the index after its closing quote.
    static func string(_ b: [UInt8], from at: Int) -> (String, Int)? {
        var out: [UInt8] = []
        var i = at + 1
        var pendingHigh: UInt32? = nil
        func append(_ v: UInt32) {
            if let s = Unicode.Scalar(v) { out += Array(String(Character(s)).utf8) } else { out += [0xEF, 0xBF, 0xBD] }
        }
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { return (String(decoding: out, as: UTF8.self), i + 1) }
            guard c == UInt8(ascii: "\\") else { out.append(c); i += 1; continue }
            guard i + 1 < b.count else { return nil }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard i + 4 <= b.count, let v = UInt32(String(decoding: b[i..<(i + 4)], as: UTF8.self), radix: 16) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(v) { pendingHigh = v; continue }
                if (0xDC00..<0xE000).contains(v), let h = pendingHigh {
                    append(0x10000 + ((h - 0xD800) << 10) + (v - 0xDC00))
                } else {
                    append(v)
                }
            default: out.append(e) // \" \\ \/
            }
            pendingHigh = nil
        }
        return nil
    }
}
