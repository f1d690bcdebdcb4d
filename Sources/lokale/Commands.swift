#if canImport(Glibc)
import Glibc
#endif
import LokaleCatalog
import LokaleCore

func compileCommand(_ raw: ArraySlice<String>) throws {
    let (rest, o) = try Arguments.takeOutput(raw)
    var output = o
    let a = try Arguments(rest, valued: ["output", "development-region", "bundle-id", "default-bundle-id", "pseudo",
                                         "swift-accessor", "swift-kind", "swift-resource-folders"],
                          flags: ["allow-mixed-localizations"])
    output = output ?? a.options["output"]
    guard let output else { throw Arguments.UsageError(message: "compile needs -o OUT.lokale") }
    guard !a.positionals.isEmpty else { throw Arguments.UsageError(message: "compile needs at least one SOURCE") }
    var loader = CatalogLoader()
    for p in a.positionals { try loader.add(p) }
    if let d = a.options["development-region"] { loader.setDevelopmentLocalization(d) }
    var bundle = try loader.finish()
    if let id = a.options["bundle-id"] { bundle.identifier = id }
    if let id = a.options["default-bundle-id"], bundle.identifier == nil { bundle.identifier = id }
    let accessor = try a.options["swift-accessor"].map { path throws(Arguments.UsageError) in
        try SwiftAccessor(path: path, kind: a.options["swift-kind"], folders: a.list("swift-resource-folders") ?? [],
                          table: output, identifier: bundle.identifier ?? "")
    }
    if a.flags.contains("allow-mixed-localizations") { bundle.allowsMixedLocalizations = true }
    if let p = a.options["pseudo"] {
        let (kinds, unknown) = PseudoLocale.list(p)
        if let unknown {
            throw Arguments.UsageError(message: "unknown pseudo-localization '\(unknown)' (\(PseudoLocale.allCases.map { "\($0.rawValue) (\($0.tag))" }.joined(separator: ", ")))")
        }
        try Pseudolocalization.add(kinds, to: &bundle)
    }
    let stats = try TableWriter.write(bundle, to: output)
    try accessor?.write()
    for w in stats.warnings { printError("\(w)") }
    printError("lokale: compiled \(stats.messages) messages (\(stats.localizations) localizations, \(stats.tables) tables) into \(output) (\(stats.bytes) bytes)\n")
}

func lookupCommand(_ raw: ArraySlice<String>, explain: Bool) throws {
    let a = try Arguments(raw, valued: ["table", "default", "prefer", "main", "device", "locale", "strategy", "interval"],
                          flags: ["json", "chain", "watch"])
    guard a.positionals.count >= 2 else { throw Arguments.UsageError(message: "\(explain ? "explain" : "lookup") needs BUNDLE.lokale and KEY") }
    let path = a.positionals[0], key = a.positionals[1]
    let arguments = a.positionals.dropFirst(2).map { FormatArgument.string($0) }
    let runtime = Runtime(preferredLanguages: a.list("prefer"), matcher: try matcher(a.options["strategy"]))
    if a.flags.contains("chain") { runtime.fallbackPolicy = .chain }
    if let d = a.options["device"] {
        guard let device = DeviceClass(rawValue: d) else {
            throw Arguments.UsageError(message: "unknown device '\(d)' (one of \(DeviceClass.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        runtime.deviceClass = device
    }
    var main: LokaleCore.Bundle? = nil
    if let m = a.options["main"], m != path { main = try runtime.open(path: m, main: true) }
    let bundle = try runtime.open(path: path, main: a.options["main"] == path || a.options["main"] == nil)
    defer { withExtendedLifetime(main) {} }
    func show() throws(LokaleError) {
        if explain {
            let trace = try bundle.explain(key, default: a.options["default"], table: a.options["table"], arguments: arguments,
                                           locale: a.options["locale"])
            print(a.flags.contains("json") ? trace.json : trace.text, terminator: a.flags.contains("json") ? "\n" : "")
        } else {
            let m = try bundle.format(key, default: a.options["default"], table: a.options["table"], arguments: arguments,
                                      locale: a.options["locale"])
            print(m.text)
            for p in m.problems { printError("lokale: warning: \(p)\n") }
        }
        fflush(nil) // every stream: stdout is a pipe when watched by a program
    }
    try show()
    guard a.flags.contains("watch") else { return }
    // --watch: poll the files, reload what changed, show the answer again. Runs until interrupted.
    guard let interval = Double(a.options["interval"] ?? "0.5"), interval >= 0.01, interval <= 3600 else {
        throw Arguments.UsageError(message: "--interval takes seconds between 0.01 and 3600")
    }
    while true {
        usleep(useconds_t(interval * 1_000_000))
        var changed = false
        for b in [main, bundle].compactMap({ $0 }) {
            do { changed = try b.reload() || changed }
            catch { printError("lokale: \(b.path ?? path) not reloaded: \(error) (still showing the version loaded before)\n") }
        }
        if changed { try show() }
    }
}

func negotiateCommand(_ raw: ArraySlice<String>) throws {
    let a = try Arguments(raw, valued: ["prefer", "available", "development", "strategy"], flags: [])
    guard let available = a.list("available"), !available.isEmpty else { throw Arguments.UsageError(message: "negotiate needs --available") }
    let preferred = a.list("prefer") ?? SystemLanguages.preferred()
    let development = a.options["development"] ?? "en"
    let order = Negotiation.order(preferred: preferred, available: available, development: development,
                                  matcher: try matcher(a.options["strategy"]))
    print(order.joined(separator: ","))
}

func infoCommand(_ raw: ArraySlice<String>) throws {
    let a = try Arguments(raw, valued: [], flags: ["verify", "json"])
    guard a.positionals.count == 1 else { throw Arguments.UsageError(message: "info needs BUNDLE.lokale") }
    let t = try CompiledTable(path: a.positionals[0], verifyPayload: a.flags.contains("verify"))
    print("bundle: \(t.identifier.isEmpty ? "(no identifier)" : t.identifier)")
    print("format: \(t.formatVersion.major).\(t.formatVersion.minor)\(a.flags.contains("verify") ? " (checksums verified)" : "")")
    print("size: \(t.file.count) bytes, \(t.messageCount) messages, string pool \(t.stringPoolSize) bytes")
    print("development localization: \(t.localizations[t.developmentLocalization])")
    print("allows mixed localizations: \(t.allowsMixedLocalizations ? "yes" : "no")")
    print("localizations: \(t.localizations.joined(separator: ", "))")
    print("tables:")
    for (ti, name) in t.tables.enumerated() {
        let counts = t.localizations.indices.filter { t.hasTable(localization: $0, table: ti) }
            .map { "\(t.localizations[$0]) \(t.keyCount(localization: $0, table: ti))" }
        print("  \(name): \(counts.joined(separator: ", "))")
    }
}

func matcher(_ name: String?) throws(Arguments.UsageError) -> any LocalizationMatcher {
    switch name ?? "apple" {
    case "apple": return AppleMatcher()
    case "icu": return ICUMatcher()
    case let other: throw Arguments.UsageError(message: "unknown strategy '\(other)' (apple or icu)")
    }
}
