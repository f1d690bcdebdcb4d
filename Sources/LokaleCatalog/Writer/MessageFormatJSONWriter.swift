import FoundationEssentials
import LokaleCore

/// Writes one localization of a table as an `.mf2.json` resource (what `import-xliff` gives a
/// translation): `@@locale`, `@@table`, then the MF2 messages by key, sorted, one per line, so
/// that a translator's diff shows one line per changed message. Written atomically. States are
/// not kept: a message present is translated.
extension MessageFormatJSON {
    public static func text(_ table: CatalogTable, localization: String) -> String {
        var lines = ["  \"@@locale\": \(JSONText.quote(localization))", "  \"@@table\": \(JSONText.quote(table.name))"]
        // A message still "new" is the development text a new language started from, not a translation.
        for (key, m) in (table.messages[localization] ?? [:]).sorted(by: { $0.key < $1.key }) where !m.isImplicit && m.state != "new" {
            lines.append("  \(JSONText.quote(key)): \(JSONText.quote(m.variation.representativeText))")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    public static func write(_ table: CatalogTable, localization: String, to path: String) throws(CatalogError) {
        // A new language's `.lproj` folder is made beside the development one.
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            catch { throw CatalogError(file: path, "cannot make the folder \(folder)") }
        }
        try AtomicFile.write(parts: [Array(text(table, localization: localization).utf8)], to: path)
    }

    /// Where the resource of `localization` lives beside `path`, a resource of the same table:
    /// `fr.lproj/T.mf2.json` beside `en.lproj/T.mf2.json`, else `T.fr.mf2.json`.
    public static func sibling(of path: String, table: String, localization: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let file = parts.removeLast()
        if let folder = parts.last, folder.hasSuffix(".lproj") {
            parts[parts.count - 1] = localization + ".lproj"
            return (parts + [file]).joined(separator: "/")
        }
        return (parts + [table + "." + localization + suffix]).joined(separator: "/")
    }
}
