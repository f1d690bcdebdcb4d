#if canImport(Glibc)
import Glibc
#endif
import LokaleCatalog
import LokaleCommandLine
import LokaleCore

func compileCommand(_ a: Arguments) throws -> Int32 {
    guard let output = a.options["output"] else { throw Arguments.UsageError(message: "compile needs -o OUT.lokale") }
    guard !a.positionals.isEmpty else { throw Arguments.UsageError(message: "compile needs at least one SOURCE") }
    if let d = a.options["development-region"], let problem = LocalizationName.problem(d) {
        throw Arguments.UsageError(message: "--development-region: \(problem)")
    }
    for option in ["swift-kind", "swift-resource-folders"] where a.options[option] != nil && a.options["swift-accessor"] == nil {
        throw Arguments.UsageError(message: "--\(option) goes with --swift-accessor FILE.swift")
    }
    if a.flags.contains("swift-embed") && a.options["swift-accessor"] == nil {
        throw Arguments.UsageError(message: "--swift-embed goes with --swift-accessor FILE.swift")
    }
    if a.options["c-symbol"] != nil && a.options["emit-c-source"] == nil {
        throw Arguments.UsageError(message: "--c-symbol goes with --emit-c-source FILE.c")
    }
    let cSource = try a.options["emit-c-source"].map { path throws(Arguments.UsageError) in
        try CSource(path: path, symbol: a.options["c-symbol"], table: output)
    }
    if let config = a.options["plugin-config"] {
        // LokaleCompilerPlugin planned this command from the file's text then; SwiftPM reruns
        // the command when the file changes but keeps the plan (outputs, --swift-embed) until the
        // package's files or manifest change.
        guard Array((a.options["plugin-config-text"] ?? "").utf8) == (try readFile(config)) else {
            throw CatalogError(file: config, "changed since SwiftPM planned this build, and SwiftPM keeps a plan until the package's "
                               + "files or manifest change: `touch Package.swift` (or `swift package clean`), then build again")
        }
    }
    var bundle = try loadCatalogs(a)
    if let id = a.options["bundle-id"] { bundle.identifier = id }
    if let id = a.options["default-bundle-id"], bundle.identifier == nil { bundle.identifier = id }
    let accessor = try a.options["swift-accessor"].map { path throws(Arguments.UsageError) in
        try SwiftAccessor(path: path, kind: a.options["swift-kind"], folders: a.list("swift-resource-folders") ?? [],
                          table: output, identifier: bundle.identifier ?? "", embed: a.flags.contains("swift-embed"))
    }
    let generated = try GeneratedCode(a)
    let typed = generated.isEmpty ? nil : TypedCatalog(bundle)
    if a.flags.contains("allow-mixed-localizations") { bundle.allowsMixedLocalizations = true }
    if let p = a.options["pseudo"] {
        let (kinds, unknown) = PseudoLocale.list(p)
        if let unknown {
            throw Arguments.UsageError(message: "unknown pseudo-localization '\(unknown)' (\(PseudoLocale.allCases.map { "\($0.rawValue) (\($0.tag))" }.joined(separator: ", ")))")
        }
        try Pseudolocalization.add(kinds, to: &bundle)
    }
    // Given away: the writer frees the messages once it has sorted them.
    let (parts, stats) = try TableWriter.compileParts(handOver(&bundle))
    let strict = a.flags.contains("strict")
    for w in stats.warnings { printError(w.diagnostic(severity: strict ? "error" : "warning")) }
    if strict, !stats.warnings.isEmpty {
        let n = stats.warnings.count
        printError("lokale: \(n == 1 ? "1 warning is treated as an error" : "\(n) warnings are treated as errors") (--strict): \(output) was not written")
        return 1
    }
    try AtomicFile.write(parts: parts, to: output)
    if var accessor {
        if accessor.embed { accessor.tableBytes = parts.flatMap { $0 } }
        try accessor.write()
    }
    try cSource?.write(table: parts.flatMap { $0 })
    if let typed {
        for file in generated.files(typed, command: "lokale compile") { try AtomicFile.write(Array(file.text.utf8), to: file.path) }
    }
    printError("lokale: compiled \(English.count(stats.messages, "message")) (\(English.count(stats.localizations, "localization")), "
               + "\(English.count(stats.tables, "table"))) into \(output) (\(English.count(stats.bytes, "byte")))")
    printError("lokale: tables: \(stats.tableNames.isEmpty ? "(none)" : stats.tableNames.joined(separator: ", "))")
    if !stats.tableNames.contains(Resolution.defaultTable) {
        printError("lokale: note: no table is named \(Resolution.defaultTable), the table of lookups that name none; "
                   + "name the table in each lookup (--table \(stats.tableNames.first ?? "NAME"), tableName:, table=)")
    }
    return 0
}

/// `bundle`, leaving an empty one in its place: the value returned is then the only reference.
private func handOver(_ bundle: inout CatalogBundle) -> CatalogBundle {
    let given = bundle
    bundle = CatalogBundle()
    return given
}

/// The sources of `compile` as one bundle, which the caller then holds alone (the loader is gone).
private func loadCatalogs(_ a: Arguments) throws -> CatalogBundle {
    var loader = CatalogLoader()
    for p in a.positionals { try loader.add(p) }
    if let d = a.options["development-region"] { loader.setDevelopmentLocalization(d) }
    return try loader.finish()
}

func negotiateCommand(_ a: Arguments) throws -> Int32 {
    if let extra = a.positionals.first {
        throw Arguments.UsageError(message: "negotiate takes options only, not '\(extra)' (--available L,... --prefer L,...)")
    }
    guard let available = a.list("available") else { throw Arguments.UsageError(message: "negotiate needs --available") }
    let preferred = a.list("prefer") ?? SystemLanguages.preferred()
    let development = a.options["development"] ?? "en"
    let order = Negotiation.order(preferred: preferred, available: available, development: development,
                                  matcher: try matcher(a.options["strategy"]))
    print(order.joined(separator: ","))
    return 0
}

func infoCommand(_ a: Arguments) throws -> Int32 {
    guard a.positionals.count == 1 else { throw Arguments.UsageError(message: "info needs one BUNDLE.lokale") }
    let path = a.positionals[0]
    let t = try opening(path) { () throws(LokaleError) in try CompiledTable(path: path, verifyPayload: a.flags.contains("verify")) }
    print("bundle: \(t.identifier.isEmpty ? "(no identifier)" : t.identifier)")
    print("format: \(t.formatVersion.major).\(t.formatVersion.minor)\(a.flags.contains("verify") ? " (checksums verified)" : "")")
    print("size: \(English.count(t.file.count, "byte")), \(English.count(t.messageCount, "message")), string pool \(English.count(t.stringPoolSize, "byte"))")
    print("development localization: \(t.localizations[t.developmentLocalization])")
    print("allows mixed localizations: \(t.allowsMixedLocalizations ? "yes" : "no")")
    print("localizations: \(t.localizations.joined(separator: ", "))")
    print("locale data: \(t.hasLocaleData ? "recorded (plural rules, number symbols, language selection)" : "none (answered from ICU)")")
    print("tables:")
    for (ti, name) in t.tables.enumerated() {
        let counts = t.localizations.indices.filter { t.hasTable(localization: $0, table: ti) }
            .map { "\(t.localizations[$0]) \(t.keyCount(localization: $0, table: ti))" }
        print("  \(name): \(counts.joined(separator: ", "))")
    }
    return 0
}
