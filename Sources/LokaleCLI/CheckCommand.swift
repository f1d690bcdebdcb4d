import FoundationEssentials
import LokaleCatalog
import LokaleCommandLine

/// `lokale check [--strict] [--json] [--development-region en] [--code PATH,...] SOURCE...`: reads the
/// catalogs, compiles them in memory and reports every problem (CatalogChecker); writes nothing.
/// `--code` scans source code (as `lokale extract` does) for keys the catalogs lack and default
/// values that disagree with the catalogs' development text.
/// Exit status: 0 without errors, 1 with errors (warnings count as errors under --strict), 2 for usage.
func checkCommand(_ a: Arguments) throws -> Int32 {
    guard !a.positionals.isEmpty else { throw Arguments.UsageError(message: "check needs at least one SOURCE") }
    if let d = a.options["development-region"], let problem = LocalizationName.problem(d) {
        throw Arguments.UsageError(message: "--development-region: \(problem)")
    }
    var loader = CatalogLoader()
    for p in a.positionals { try loader.add(p) }
    if let d = a.options["development-region"] { loader.setDevelopmentLocalization(d) }
    let code = try a.list("code").map { paths throws(CatalogError) in try Extractor.scanWithWarnings(paths: paths) }
    var report = try CatalogChecker.check(try loader.finish(), options: .init(codeDefaults: code?.messages ?? [],
                                                                               codeMessageFormats: code?.messageFormatProblems ?? []))
    if a.flags.contains("strict") { report = report.promotingWarnings() }
    if a.flags.contains("json") {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
        for p in report.problems { print(p.line(relativeTo: nil)) }
        print(summaryTable(report.summary))
        print("\(English.count(report.errorCount, "error")), \(English.count(report.warningCount, "warning"))")
    }
    return report.hasErrors ? 1 : 0
}

extension CheckFinding {
    /// `Localizable.xcstrings:12: error: [Localizable] ru 'files.count': message`; a finding in code
    /// that belongs to no table: `app.c:4:40: error: message`.
    func line(relativeTo: String?) -> String {
        var s = file + (line.map { ":\($0)" } ?? "") + (column.map { ":\($0)" } ?? "") + ": \(severity.rawValue)"
        if !table.isEmpty { s += ": [\(table)]" }
        if let localization { s += " \(localization)" }
        if let key { s += " '\(key)'" }
        return s + ": " + message
    }
}

/// language, translated %, needs_review, new, stale: one row per localization.
func summaryTable(_ summary: CheckSummary) -> String {
    let header = ["language", "translated", "needs_review", "new", "stale"]
    let rows = summary.localizations.map { s -> [String] in
        let name = s.localization + (s.localization == summary.developmentLocalization ? " (development)" : "")
        let percent = (s.percent * 10).rounded() / 10
        return [name, "\(percent)% (\(s.translated)/\(s.total))", "\(s.needsReview)", "\(s.new)", "\(s.stale)"]
    }
    let widths = header.indices.map { i in ([header] + rows).map { $0[i].count }.max()! }
    return ([header] + rows).map { row in
        row.indices.map { i in
            let pad = String(repeating: " ", count: widths[i] - row[i].count)
            return i == 0 ? row[i] + pad : pad + row[i]
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
