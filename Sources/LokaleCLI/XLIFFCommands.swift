import FoundationEssentials
import LokaleCatalog
import LokaleCommandLine
import LokaleCore

/// `lokale export-xliff CATALOG.xcstrings --language L -o FILE.xliff` (or an `.mf2.json` resource, or Android's `res/`)
func exportXLIFFCommand(_ a: Arguments) throws -> Int32 {
    guard a.positionals.count == 1 else { throw Arguments.UsageError(message: "export-xliff needs one CATALOG.xcstrings") }
    guard let language = a.options["language"], !language.isEmpty else { throw Arguments.UsageError(message: "export-xliff needs --language L") }
    if let problem = LocalizationName.problem(language) { throw Arguments.UsageError(message: "--language: \(problem)") }
    guard let output = a.options["output"] else { throw Arguments.UsageError(message: "export-xliff needs -o FILE.xliff") }
    let catalog = a.positionals[0]
    let table = try xliffTable(catalog, language: language)
    let file = XLIFFExport.file(table, language: language, original: catalog)
    do { try XLIFFWriter.write(XLIFFDocument(files: [file]), to: output, toolVersion: Lokale.version) }
    catch { throw error.file == "(XLIFF)" ? CatalogError(file: catalog, error.message) : error }
    let translated = file.units.filter { $0.target != nil }.count
    printError("lokale: exported \(English.count(file.units.count, "unit")) (\(translated) with a \(language) target) -> \(output)")
    return 0
}

/// `lokale import-xliff FILE.xliff CATALOG.xcstrings`: the XLIFF's target language is updated;
/// the catalog is rewritten atomically (for Android's `res/`, the language's `values-…/strings.xml`).
/// Unknown unit ids are reported.
func importXLIFFCommand(_ a: Arguments) throws -> Int32 {
    guard a.positionals.count == 2 else { throw Arguments.UsageError(message: "import-xliff needs FILE.xliff and CATALOG.xcstrings") }
    let (xliff, catalog) = (a.positionals[0], a.positionals[1])
    let document = try XLIFFReader.read(path: xliff)
    // An Xcode export holds one <file> per catalog: take this catalog's (or the only one).
    let name = catalog.split(separator: "/").last.map(String.init) ?? catalog
    let matching = document.files.filter { ($0.original.split(separator: "/").last.map(String.init) ?? $0.original) == name }
    guard let file = matching.first ?? (document.files.count == 1 ? document.files[0] : nil) else {
        throw CatalogError(file: xliff, "no <file> for \(name) (the file's original attribute names the catalog)")
    }
    let language = file.targetLanguage ?? ""
    var table = try xliffTable(catalog, language: language)
    let summary = try XLIFFImport.apply(file, to: &table, xliffPath: xliff)
    for u in summary.unknown { printError("\(xliff):\(u.line): warning: unit '\(u.id)' was not imported: \(u.reason)") }
    var written = catalog
    if summary.changed > 0 {
        if let res = AndroidXLIFF.resourceFolder(of: catalog) {
            // The language's values folder gets its strings.xml; the default resources stay as they are.
            written = try AndroidResourceWriter.write(table, localization: language, development: table.sourceLanguage ?? "en", res: res)
        } else if catalog.hasSuffix(MessageFormatJSON.suffix) || catalog.hasSuffix(MessageFormatJSON.arbSuffix) {
            // The development resource stays as it is; the language's own resource is (re)written.
            written = MessageFormatJSON.sibling(of: catalog, table: table.name, localization: language)
            try MessageFormatJSON.write(table, localization: language, to: written)
        } else {
            try StringCatalogWriter.write(table, to: catalog)
        }
    }
    printError("lokale: imported \(English.count(summary.translated, "translated unit")) for \(file.targetLanguage ?? "?"): "
               + "\(English.count(summary.changed, "message")) changed, \(English.count(summary.unknown.count, "unit")) not imported -> \(written)")
    return 0
}

/// The table an XLIFF is made from or read into: a String Catalog, a development `.mf2.json`
/// resource or ARB template with `language`'s file beside it, when there is one, or Android's
/// `res/` folder.
private func xliffTable(_ catalog: String, language: String) throws -> CatalogTable {
    if let res = AndroidXLIFF.resourceFolder(of: catalog) { return try AndroidXLIFF.table(res: res) }
    guard catalog.hasSuffix(MessageFormatJSON.suffix) || catalog.hasSuffix(MessageFormatJSON.arbSuffix) else {
        return try StringCatalogReader.read(path: catalog).table
    }
    let development = try MessageFormatJSON.read(path: catalog)
    let translation = MessageFormatJSON.sibling(of: catalog, table: development.table, localization: language)
    var loader = CatalogLoader()
    try loader.add(catalog)
    if language != development.localization, FileManager.default.fileExists(atPath: translation) { try loader.add(translation) }
    loader.setDevelopmentLocalization(development.localization)
    var table = try loader.finish().tables[development.table] ?? CatalogTable(name: development.table)
    table.sourceLanguage = development.localization
    return table
}
