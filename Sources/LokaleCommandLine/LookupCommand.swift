#if canImport(Glibc)
import Glibc
#endif
import LokaleCore

// `lokale lookup` and `lokale explain`: the commands of the whole tool (LokaleCLI) that the small
// `lokale` front (LokaleFront) also runs by itself, without loading Foundation, ICU or libxml2.

let lookupSpec = Arguments.Spec(
    valued: ["table", "default", "prefer", "main", "device", "locale", "strategy", "interval"],
    flags: ["json", "chain", "watch"], lists: ["prefer"], mayBeEmpty: ["default"], numericPositionals: true)

let lookupDetails = """
  KEY         the message's key; ARG... are its format arguments (numbers as numbers, `-3` too);
              NAME=VALUE (NAME:=TEXT for text) names an argument of a MessageFormat 2 message
  --table T   the table (a catalog's file name without extension; default Localizable)
  --default TEXT  shown when no localization has the key (else the key is shown)
  --prefer L,...  the user's preferred languages (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)
  --main APP.lokale  the main bundle, whose chosen language BUNDLE follows
  --device D  iphone, ipad, ipod, mac, applewatch, appletv, applevision or other
  --locale L  how numbers are written (never which translation is chosen)
  --strategy  apple (default) or icu: how preferences are matched to localizations
  --chain     fall back through every ordered localization, not only the development one
  --watch     keep running; reload the bundle whenever its file is replaced and print the answer
              again (--interval S: seconds between checks, default 0.5)
"""

/// The lookup and explain commands, as `lokale help` lists them.
package let lookupCommands: [Command] = [
    Command(
        name: "lookup",
        synopsis: """
        BUNDLE.lokale KEY [--table T] [--default TEXT] [--prefer fr-CA,en] [--main APP.lokale]
        [--device mac] [--locale L] [--strategy apple|icu] [--chain] [--watch [--interval S]] [ARG...]
        """,
        summary: "Prints the text a program would show for KEY: resolved, and formatted with ARG...",
        details: lookupDetails,
        spec: lookupSpec,
        run: { try lookupCommand($0, explain: false) }),
    Command(
        name: "explain",
        synopsis: """
        BUNDLE.lokale KEY [--json] [the options of lookup] [ARG...]
        """,
        summary: "Prints why a lookup gives its text: the languages, the order, the step that answered.",
        details: lookupDetails + "\n  --json      the trace as JSON",
        spec: lookupSpec,
        run: { try lookupCommand($0, explain: true) }),
]

/// A file that could not be opened or read, and why: printed as the compiler prints an error
/// (`file: error: message`), so that editors show it at that file.
package struct FileError: Error {
    package var file: String
    package var message: String
    package init(file: String, _ message: String) {
        self.file = file
        self.message = message
    }
    package var diagnostic: String { file + ": error: " + message }
}

package func lookupCommand(_ a: Arguments, explain: Bool) throws -> Int32 {
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
package func missingTable(_ name: String, named: Bool, in tables: [String]) -> String {
    let list = tables.isEmpty ? "it has none" : "its \(tables.count == 1 ? "table is" : "tables are") \(tables.joined(separator: ", "))"
    return named ? "the bundle has no table '\(name)': \(list)"
        : "the bundle has no table \(name), the table of lookups without --table: \(list)"
            + (tables.isEmpty ? "" : " (--table \(tables[0]))")
}

/// Opens a compiled table: a failure names the file and says what is wrong, as a compiler's error.
package func opening<T>(_ path: String, _ body: () throws(LokaleError) -> T) throws(FileError) -> T {
    do { return try body() } catch { throw FileError(file: path, readable(error, path: path)) }
}

/// A runtime error's message without the path it starts with, as a sentence's continuation.
package func readable(_ error: LokaleError, path: String) -> String {
    var m = Substring(error.message)
    if m.hasPrefix(path + ": ") { m = m.dropFirst(path.count + 2) }
    if error.code == .notFound { return "no such file" }
    // strerror's capital ("No such file or directory"), not an acronym's ("I/O").
    if let f = m.first, f.isUppercase, m.dropFirst().first?.isLowercase == true { m = f.lowercased() + m.dropFirst() }
    if m.hasPrefix("not a Lokale compiled table") { return m + "; compile catalogs into one with 'lokale compile'" }
    if m == "not a regular file" { return isDirectory(path) ? "is a folder, not a compiled table (.lokale)" : String(m) }
    return String(m)
}

package func matcher(_ name: String?) throws -> any LocalizationMatcher {
    switch name ?? "apple" {
    case "apple": return AppleMatcher()
    case "icu":
        if let why = ICUMatcher.unavailable { throw LokaleError(.notFound, "the icu strategy is unavailable: \(why)") }
        return ICUMatcher()
    case let other: throw Arguments.UsageError(message: "unknown strategy '\(other)' (apple or icu)")
    }
}
