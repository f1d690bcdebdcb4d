/// Lines of keys in their source files, for findings. String Catalogs are searched with
/// `JSONLocator` (best effort: the key's first quoted occurrence after `"strings"`); other formats
/// give the file alone.
struct SourceLines {
    private var files: [String: [UInt8]] = [:]

    mutating func line(file: String, key: String, localization: String? = nil) -> Int? {
        guard fileExtension(file) == "xcstrings" else { return nil }
        if files[file] == nil { files[file] = (try? readFile(file)) ?? [] }
        let path = ["strings", key] + (localization.map { ["localizations", $0] } ?? [])
        return JSONLocator.line(of: path, in: files[file]!)
    }
}
