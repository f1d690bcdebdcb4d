#if canImport(Glibc)
import Glibc
#endif
import LokaleCatalog
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

func lookupCommand(_ a: Arguments, explain: Bool) throws -> Int32 {
    guard a.positionals.count >= 2 else { throw Arguments.UsageError(message: "\(explain ? "explain" : "lookup") needs BUNDLE.lokale and KEY") }
    if !explain, a.flags.contains("json") { throw Arguments.UsageError(message: "--json is an option of explain, not of lookup") }
    let path = a.positionals[0], key = a.positionals[1]
    let given = a.positionals.dropFirst(2)
    let arguments = given.filter { namedArgument($0) == nil }.map { FormatArgument.string($0) }
    let named = Dictionary(given.compactMap(namedArgument), uniquingKeysWith: { _, last in last })
    let runtime = Runtime(preferredLanguages: a.list("prefer"), matcher: try matcher(a.options["strategy"]))
    if a.flags.contains("chain") { runtime.fallbackPolicy = .chain }
    if let d = a.options["device"] {
        guard let device = DeviceClass(rawValue: d) else {
            throw Arguments.UsageError(message: "unknown device '\(d)' (one of \(DeviceClass.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        runtime.deviceClass = device
    }
    if let l = a.options["locale"], case .failure(let e) = LanguageTag.canonical(l) {
        throw Arguments.UsageError(message: "--locale: \(e.message)")
    }
    if a.options["interval"] != nil, !a.flags.contains("watch") { throw Arguments.UsageError(message: "--interval goes with --watch") }
    guard let interval = Double(a.options["interval"] ?? "0.5"), interval >= 0.01, interval <= 3600 else {
        throw Arguments.UsageError(message: "--interval takes seconds between 0.01 and 3600")
    }
    var main: LokaleCore.Bundle? = nil
    if let m = a.options["main"], m != path { main = try opening(m) { () throws(LokaleError) in try runtime.open(path: m, main: true) } }
    let bundle = try opening(path) { () throws(LokaleError) in try runtime.open(path: path, main: a.options["main"] == path || a.options["main"] == nil) }
    defer { withExtendedLifetime(main) {} }
    // A table the bundle does not have answers every key with the key itself: say so.
    let tableName = a.options["table"] ?? Resolution.defaultTable
    if !explain, !bundle.table.tables.contains(tableName) {
        printError("lokale: note: \(missingTable(tableName, named: a.options["table"] != nil, in: bundle.table.tables))")
    }
    func show() throws(LokaleError) {
        if explain {
            let trace = try bundle.explain(key, default: a.options["default"], table: a.options["table"], arguments: arguments,
                                           named: named, locale: a.options["locale"])
            print(a.flags.contains("json") ? trace.json : trace.text, terminator: a.flags.contains("json") ? "\n" : "")
        } else {
            let m = try bundle.format(key, default: a.options["default"], table: a.options["table"], arguments: arguments,
                                      named: named, locale: a.options["locale"])
            print(m.text)
            for p in m.problems { printError("lokale: warning: \(p)\n") }
        }
        fflush(nil) // every stream: stdout is a pipe when watched by a program
    }
    try show()
    guard a.flags.contains("watch") else { return 0 }
    // --watch: poll the files, reload what changed, show the answer again. Runs until interrupted.
    while true {
        usleep(useconds_t(interval * 1_000_000))
        var changed = false
        for b in [main, bundle].compactMap({ $0 }) {
            do { changed = try b.reload() || changed }
            catch { printError("lokale: \(b.path ?? path) not reloaded: \(readable(error, path: b.path ?? path)) (still showing the version loaded before)\n") }
        }
        if changed { try show() }
    }
}

/// Why `name` finds nothing: the bundle's tables, and how to name one.
func missingTable(_ name: String, named: Bool, in tables: [String]) -> String {
    let list = tables.isEmpty ? "it has none" : "its \(tables.count == 1 ? "table is" : "tables are") \(tables.joined(separator: ", "))"
    return named ? "the bundle has no table '\(name)': \(list)"
        : "the bundle has no table \(name), the table of lookups without --table: \(list)"
            + (tables.isEmpty ? "" : " (--table \(tables[0]))")
}

/// Opens a compiled table: a failure names the file and says what is wrong, as a compiler's error.
func opening<T>(_ path: String, _ body: () throws(LokaleError) -> T) throws(CatalogError) -> T {
    do { return try body() } catch { throw CatalogError(file: path, readable(error, path: path)) }
}

/// A runtime error's message without the path it starts with, as a sentence's continuation.
func readable(_ error: LokaleError, path: String) -> String {
    var m = Substring(error.message)
    if m.hasPrefix(path + ": ") { m = m.dropFirst(path.count + 2) }
    if error.code == .notFound { return "no such file" }
    // strerror's capital ("No such file or directory"), not an acronym's ("I/O").
    if let f = m.first, f.isUppercase, m.dropFirst().first?.isLowercase == true { m = f.lowercased() + m.dropFirst() }
    if m.hasPrefix("not a Lokale compiled table") { return m + "; compile catalogs into one with 'lokale compile'" }
    if m == "not a regular file" { return isDirectory(path) ? "is a folder, not a compiled table (.lokale)" : String(m) }
    return String(m)
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

func matcher(_ name: String?) throws(Arguments.UsageError) -> any LocalizationMatcher {
    switch name ?? "apple" {
    case "apple": return AppleMatcher()
    case "icu": return ICUMatcher()
    case let other: throw Arguments.UsageError(message: "unknown strategy '\(other)' (apple or icu)")
    }
}
