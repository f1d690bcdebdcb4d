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
