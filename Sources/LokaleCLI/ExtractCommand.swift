import FoundationEssentials
import LokaleCatalog
import LokaleCommandLine

/// `lokale extract PATH... -o CATALOG.xcstrings [--source-language en] [--table NAME]
/// [--swift-build-path DIR] [--swiftc-flags "FLAGS"]`: finds the messages in code and updates the
/// catalog; with a build's flags, the Swift compiler types the literals (`SwiftTypeCheck`). Only one table is written: --table, else the
/// catalog's file name; messages for other tables are counted and reported, not written.
func extractCommand(_ a: Arguments) throws -> Int32 {
    guard let output = a.options["output"] else { throw Arguments.UsageError(message: "extract needs -o CATALOG.xcstrings") }
    guard output.hasSuffix(".xcstrings") else { throw Arguments.UsageError(message: "extract writes a String Catalog: -o must name a .xcstrings file") }
    guard !a.positionals.isEmpty else { throw Arguments.UsageError(message: "extract needs at least one PATH") }
    if let l = a.options["source-language"], let problem = LocalizationName.problem(l) {
        throw Arguments.UsageError(message: "--source-language: \(problem)")
    }
    let tableName = a.options["table"] ?? String(output.split(separator: "/").last!.dropLast(".xcstrings".count))

    // The compiler-backed mode: a build's flags (SwiftPM's manifest, or given) let swiftc type the literals.
    var compiler: SwiftTypeCheck? = nil
    if a.options["swift-build-path"] != nil || a.options["swiftc-flags"] != nil {
        let flags = a.options["swiftc-flags"].map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init) } ?? []
        compiler = SwiftTypeCheck(buildPath: a.options["swift-build-path"], flags: flags)
    }
    let scan = try Extractor.scanWithWarnings(paths: a.positionals, declarations: a.list("declarations") ?? [], compiler: compiler,
                                              commentTags: a.list("add-comments") ?? [])
    for p in scan.compilerProblems { printError("lokale: warning: \(p)") }
    for n in scan.compilerNotes { printError("lokale: note: \(n)") }
    for w in scan.warnings { printError("\(w)") }
    // MessageFormat 2 sources in code are checked, not extracted: they are given as source.
    let broken = scan.messageFormats.filter { !$0.problems.isEmpty }.count
    for p in scan.messageFormatProblems { printError("\(p)") }
    let mine = scan.messages.filter { $0.tableName == tableName }
    var others: [String: Int] = [:]
    for m in scan.messages where m.tableName != tableName { others[m.tableName, default: 0] += 1 }

    var table: CatalogTable
    let existing: [UInt8]?
    if FileManager.default.fileExists(atPath: output) {
        table = try StringCatalogReader.read(path: output).table
        existing = try? [UInt8](Data(contentsOf: URL(filePath: output)))
    } else {
        table = CatalogTable(name: tableName)
        table.catalogVersion = "1.0"
        existing = nil
    }
    // Keys the code uses through the accessors generated from this catalog count as found.
    let uses = try AccessorUses.messages(inSwiftFiles: scan.files.filter { $0.hasSuffix(".swift") }, table: table)
    let summary = CatalogUpdate.apply(mine + uses, to: &table, sourceLanguage: a.options["source-language"] ?? "en")
    for w in summary.conflicts { printError("\(w)") }
    // Unchanged catalogs are not rewritten (their modification time stays).
    if StringCatalogWriter.encode(table) != existing { try StringCatalogWriter.write(table, to: output) }
    printError("lokale: \(English.count(mine.count, "message"))\(uses.isEmpty ? "" : " (and \(English.count(uses.count, "use")) of its accessors)") for table \(tableName) in \(English.count(scan.files.count, "file")): \(summary.added) added, "
               + "\(summary.updated) updated, \(summary.markedStale) marked stale, \(English.count(summary.needsReview, "translation")) to review -> \(output)")
    if !others.isEmpty {
        let list = others.keys.sorted().map { "\($0): \(others[$0]!)" }.joined(separator: ", ")
        printError("lokale: note: messages for other tables were not written (\(list)); extract into NAME.xcstrings for each")
    }
    if !scan.messageFormats.isEmpty {
        printError("lokale: \(English.count(scan.messageFormats.count, "MessageFormat 2 message")) given as source in code checked: "
                   + (broken == 0 ? "no errors" : "\(broken) with errors"))
    }
    return broken == 0 ? 0 : 1
}
