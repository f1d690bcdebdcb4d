#if canImport(Glibc)
import Glibc
#endif
import LokaleCatalog
import LokaleCore

let usage = """
usage: lokale <command> [options]

  compile SOURCE... -o OUT.lokale [--development-region en] [--bundle-id ID] [--allow-mixed-localizations]
          [--pseudo accented,bidi,long] [--default-bundle-id ID]
          [--swift-accessor FILE.swift --swift-kind main|framework --swift-resource-folders F,...]
      SOURCE: .xcstrings, .strings, .stringsdict, gettext .po/.mo files, .lproj folders, bundle folders
      --pseudo adds pseudo-languages made from the development text: en-XA (accented), ar-XB (bidi),
      en-XL (long); they serve only a preference that names them (--prefer en-XA)
      --default-bundle-id: the identifier unless an Info.plist among the sources names one
      --swift-accessor: also writes Swift code declaring `LokaleBundle.module`, which finds OUT in one
      of the resource folders beside the executable (what LokaleCompilerPlugin does)
  lookup BUNDLE.lokale KEY [--table T] [--default TEXT] [--prefer fr-CA,en] [--main APP.lokale]
         [--device mac] [--locale L] [--strategy apple|icu] [--chain] [--watch [--interval S]] [ARG...]
      --watch: keep running; reload the bundle whenever its file is replaced and print the answer again
  explain (the same arguments as lookup) [--json]
  negotiate --prefer fr-CA,en --available en,fr,de [--development en] [--strategy apple|icu]
  info BUNDLE.lokale [--verify]
  check SOURCE... [--strict] [--json] [--development-region en] [--code PATH,...]
      completeness per language, CLDR plural categories, format mismatches, review/new/stale states,
      duplicate keys, code defaults (--code: C/C++/Python/Swift files or folders) that differ from the
      development text; writes nothing. Exit 1 on errors (--strict: on warnings too), 2 on usage errors
  extract PATH... -o CATALOG.xcstrings [--source-language en] [--table NAME]
      finds messages in C/C++, Python and Swift code and updates the catalog (one table:
      --table, else the catalog's file name)
  export-xliff CATALOG.xcstrings --language L -o FILE.xliff
  import-xliff FILE.xliff CATALOG.xcstrings   (XLIFF 1.2 as Xcode exports it; only L's values change)

Preferred languages default to LANGUAGE, LC_ALL, LC_MESSAGES and LANG.
"""

func fail(_ message: String, status: Int32 = 1) -> Never {
    printError("lokale: \(message)\n")
    exit(status)
}

var args = CommandLine.arguments.dropFirst()
guard let command = args.popFirst() else { printError(usage + "\n"); exit(2) }

do {
    switch command {
    case "compile": try compileCommand(args)
    case "lookup": try lookupCommand(args, explain: false)
    case "explain": try lookupCommand(args, explain: true)
    case "negotiate": try negotiateCommand(args)
    case "info": try infoCommand(args)
    case "check": exit(try checkCommand(args))
    case "extract": try extractCommand(args)
    case "export-xliff": try exportXLIFFCommand(args)
    case "import-xliff": try importXLIFFCommand(args)
    case "help", "--help", "-h": print(usage)
    case "--version", "version": print("lokale \(Lokale.version) (table format \(TableLayout.formatMajor).\(TableLayout.formatMinor))")
    default: fail("unknown command '\(command)'\n\n\(usage)", status: 2)
    }
} catch let e as Arguments.UsageError {
    fail("\(e.message)\n\n\(usage)", status: 2)
} catch let e as CatalogError {
    // The compiler's shape (file:line:column: error: message), which SwiftPM and editors show
    // as a diagnostic at that place.
    printError("\(e.diagnostic)\n")
    exit(1)
} catch {
    fail("\(error)")
}
