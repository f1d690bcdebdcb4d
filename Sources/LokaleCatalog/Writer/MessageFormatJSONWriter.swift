import FoundationEssentials
import LokaleCore

/// Writes one localization of a table as an `.mf2.json` resource or, for `arb`, a Flutter ARB file
/// (what `import-xliff` gives a translation): `@@locale` (in ARB spelled as gen-l10n names files,
/// `pt_BR`), `@@table` (not in ARB: one table), then the messages by key, sorted, one per line, so
/// that a translator's diff shows one line per changed message. Written atomically. States are
/// not kept: a message present is translated; one filled in from the development localization
/// (`isImplicit`) is left out.
extension MessageFormatJSON {
    public static func text(_ table: CatalogTable, localization: String, arb: Bool = false) -> String {
        var lines = ["  \"@@locale\": \(JSONText.quote(arb ? arbLocale(localization) : localization))"]
        if !arb { lines.append("  \"@@table\": \(JSONText.quote(table.name))") }
        // A message still "new" is the development text a new language started from, not a translation.
        for (key, m) in (table.messages[localization] ?? [:]).sorted(by: { $0.key < $1.key }) where !m.isImplicit && m.state != "new" {
            lines.append("  \(JSONText.quote(key)): \(JSONText.quote(m.variation.representativeText))")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// A BCP 47 tag as gen-l10n spells locales in ARB files and their names (`pt-BR` → `pt_BR`).
    public static func arbLocale(_ localization: String) -> String {
        String(localization.map { $0 == "-" ? "_" : $0 })
    }

    public static func write(_ table: CatalogTable, localization: String, to path: String) throws(CatalogError) {
        // A new language's `.lproj` folder is made beside the development one.
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            catch { throw CatalogError(file: path, "cannot make the folder \(folder)") }
        }
        try AtomicFile.write(parts: [Array(text(table, localization: localization, arb: path.hasSuffix(arbSuffix)).utf8)], to: path)
    }

    /// Where the resource of `localization` lives beside `path`, a resource of the same table:
    /// `fr.lproj/T.mf2.json` beside `en.lproj/T.mf2.json`, else `T.fr.mf2.json`.
    public static func sibling(of path: String, table: String, localization: String) -> String {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let file = parts.removeLast()
        if file.hasSuffix(arbSuffix) {
            // app_en.arb → app_pt_BR.arb: the name before the template's locale, as gen-l10n names files.
            let name = file.dropLast(arbSuffix.count)
            let stem = name.firstIndex(of: "_").map { name[..<$0] } ?? name
            return (parts + [stem + "_" + arbLocale(localization) + arbSuffix]).joined(separator: "/")
        }
        if let folder = parts.last, folder.hasSuffix(".lproj") {
            parts[parts.count - 1] = localization + ".lproj"
            return (parts + [file]).joined(separator: "/")
        }
        return (parts + [table + "." + localization + suffix]).joined(separator: "/")
    }
}
