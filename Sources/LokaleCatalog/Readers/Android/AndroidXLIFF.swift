import FoundationEssentials
import LokaleCore

/// Android resources as `export-xliff` and `import-xliff` see them: the whole `res/` folder is the
/// table (named by the folder, a `values*` folder in it, or a file of one), the development
/// localization the one `values/` is in. A styled string's unit is its MF2 source (`Tap
/// {#b}Save{/b}`), so that translators keep the tags; its translation is read as MF2 again and
/// written back as tags.
public enum AndroidXLIFF {
    /// The `res/` folder `path` names or lies in; nil when it is no Android resource source.
    public static func resourceFolder(of path: String) -> String? {
        let clean = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        func parent(_ p: String) -> String {
            let parts = p.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            return parts.isEmpty ? "." : (parts.joined(separator: "/").isEmpty ? "/" : parts.joined(separator: "/"))
        }
        if isDirectory(clean) {
            if AndroidQualifiers.isValues(AndroidSources.lastComponent(clean)) { return parent(clean) }
            return AndroidSources.isResourceFolder(clean) ? clean : nil
        }
        return AndroidSources.isResourceFile(clean) ? parent(parent(clean)) : nil
    }

    /// The table of `res`, every localization in it, with styled strings' units as MF2.
    public static func table(res: String, development: String? = nil) throws(CatalogError) -> CatalogTable {
        var loader = CatalogLoader()
        try loader.add(res)
        if let development { loader.setDevelopmentLocalization(development) }
        let bundle = try loader.finish()
        var table = bundle.tables[Resolution.defaultTable] ?? CatalogTable(name: Resolution.defaultTable)
        table.sourceLanguage = bundle.developmentLocalization
        for (l, messages) in table.messages {
            table.messages[l] = messages.mapValues { m in
                var m = m
                m.variation = asSource(m.variation)
                return m
            }
        }
        return table
    }

    static func asSource(_ v: Variation) -> Variation {
        switch v {
        case .messageFormat(_, let message): .messageFormat(source: MF2.serialize(message), message: message)
        case .plural(let a, let o, let cases): .plural(argument: a, ordinal: o, cases: cases.mapValues(asSource))
        default: v
        }
    }
}
