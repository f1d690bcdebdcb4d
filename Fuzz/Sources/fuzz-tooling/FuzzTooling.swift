#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCatalog
import LokaleCore

// Input: `c`, `p` or `s` then C, Python or Swift source (extraction); `<…` an XLIFF file (read,
// applied to a small catalog, exported again); `{…` a String Catalog (read, written, read again:
// the model must come back equal, and the XLIFF of each language must import without a change).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTooling(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    switch first {
    case UInt8(ascii: "c"): _ = Extractor.extract(Array(bytes.dropFirst()), kind: .c, file: "f.c")
    case UInt8(ascii: "p"): _ = Extractor.extract(Array(bytes.dropFirst()), kind: .python, file: "f.py")
    case UInt8(ascii: "s"): _ = Extractor.extract(Array(bytes.dropFirst()), kind: .swift, file: "f.swift")
    case UInt8(ascii: "<"): xliff(bytes)
    case UInt8(ascii: "{"): catalog(bytes)
    default: break
    }
    return 0
}

/// A small catalog (plain, plural and substitution messages) for XLIFF input to land in; built per
/// input (a global would be reported as a leak).
func base() -> CatalogTable {
    let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%lld items"}},"fr":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld élément"}},"other":{"stringUnit":{"state":"new","value":"%lld éléments"}}}}}}},"s":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@"},"substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}}}}}"#
    return try! StringCatalogReader.parse(Array(json.utf8), path: "Localizable.xcstrings").table
}

func xliff(_ bytes: [UInt8]) {
    guard let doc = try? XLIFFReader.parse(bytes, path: "f.xliff") else { return }
    // What the writer writes, the reader reads back as it was.
    if let encoded = try? XLIFFWriter.encode(doc) {
        guard var again = try? XLIFFReader.parse(encoded, path: "again.xliff") else { fatalError("XLIFFWriter wrote XML its reader rejects") }
        var expected = doc
        for f in expected.files.indices { for u in expected.files[f].units.indices { expected.files[f].units[u].line = 0 } }
        for f in again.files.indices { for u in again.files[f].units.indices { again.files[f].units[u].line = 0 } }
        if again != expected { fatalError("XLIFF write/read changed the document") }
    }
    for file in doc.files {
        var table = base()
        _ = try? XLIFFImport.apply(file, to: &table, xliffPath: "f.xliff")
        _ = StringCatalogWriter.encode(table)
        _ = XLIFFExport.file(table, language: file.targetLanguage ?? "fr", original: "Localizable.xcstrings")
    }
}

func catalog(_ bytes: [UInt8]) {
    guard let (table, _) = try? StringCatalogReader.parse(bytes, path: "Localizable.xcstrings") else { return }
    let written = StringCatalogWriter.encode(table)
    let again: CatalogTable
    do { again = try StringCatalogReader.parse(written, path: "Localizable.xcstrings").table }
    catch { fatalError("StringCatalogWriter wrote a catalog its reader rejects: \(error)") }
    if again.messages != table.messages || again.info != table.info { fatalError("String Catalog write/read changed the model") }
    for language in table.messages.keys.sorted().prefix(4) {
        let file = XLIFFExport.file(table, language: language, original: "Localizable.xcstrings")
        guard let encoded = try? XLIFFWriter.encode(XLIFFDocument(files: [file])),
              let doc = try? XLIFFReader.parse(encoded, path: "x.xliff") else { continue }
        var copy = table
        guard let summary = try? XLIFFImport.apply(doc.files[0], to: &copy, xliffPath: "x.xliff") else { continue }
        if summary.changed != 0 || copy.messages != table.messages { fatalError("XLIFF export/import of \(language) changed the catalog") }
    }
}

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzTooling(data, size)
}
