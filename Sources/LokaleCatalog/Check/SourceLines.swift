/// Lines of keys in their source files, for findings. A String Catalog is indexed in one pass
/// (the line of every key under `strings` and of each of its localizations), so a catalog with many
/// findings costs no more than one with few; other formats give the file alone.
struct SourceLines {
    private var index: [String: [String: Int]] = [:]
    /// JSON resources (`.arb`, `.mf2.json`): bytes and top-level value offsets, read once each.
    private var resources: [String: (bytes: [UInt8], values: [String: Int])] = [:]

    /// Line and column of the character at UTF-8 offset `messageOffset` of `key`'s message in a
    /// JSON resource (escapes counted as what they stand for); nil for other files.
    mutating func place(file: String, key: String, messageOffset: Int) -> (line: Int, column: Int)? {
        guard fileExtension(file) == "arb" || file.hasSuffix(MessageFormatJSON.suffix) else { return nil }
        if resources[file] == nil {
            let bytes = (try? readFile(file)) ?? []
            var values: [String: Int] = [:]
            for (path, at) in JSONLocator.offsets(bytes, depth: 1) where path.count == 1 { values[path[0]] = at.value }
            resources[file] = (bytes, values)
        }
        let r = resources[file]!
        guard let quote = r.values[key], quote < r.bytes.count, r.bytes[quote] == UInt8(ascii: "\""),
              let at = JSONLocator.stringOffset(r.bytes, quote: quote, decoded: messageOffset) else { return nil }
        return JSONLocator.position(r.bytes, at)
    }

    mutating func line(file: String, key: String, localization: String? = nil) -> Int? {
        guard fileExtension(file) == "xcstrings" else { return nil }
        if index[file] == nil { index[file] = Self.keyLines((try? readFile(file)) ?? []) }
        let lines = index[file]!
        return localization.flatMap { lines[key + "\u{0}" + $0] } ?? lines[key]
    }

    /// `key` → line and `key\0localization` → line, for a String Catalog's bytes (JSONLocator's
    /// key index of `strings.KEY` and `strings.KEY.localizations.LANG`).
    static func keyLines(_ b: [UInt8]) -> [String: Int] {
        var out: [String: Int] = [:]
        for (path, line) in JSONLocator.keyLines(b, depth: 4) where path.first == "strings" {
            if path.count == 2 { out[path[1]] = line }
            if path.count == 4, path[2] == "localizations" { out[path[1] + "\u{0}" + path[3]] = line }
        }
        return out
    }
}
