#if canImport(Glibc)
import Glibc
#endif
import LokaleCatalog
import LokaleCommandLine
import LokaleCore

/// Every command, in the order the global help lists them. Each command's `--help` and the global
/// help are both made from this table.
let commands: [Command] = [
    Command(
        name: "compile",
        synopsis: """
        SOURCE... -o OUT.lokale [--strict] [--development-region en] [--bundle-id ID]
        [--allow-mixed-localizations] [--pseudo accented,bidi,long] [--default-bundle-id ID]
        [--swift-accessor FILE.swift --swift-kind main|framework --swift-resource-folders F,...
        [--swift-embed]] [--emit-c-source FILE.c [--c-symbol NAME]]
        [--swift-messages FILE.swift] [--emit-c-header FILE.h [--c-prefix NAME]] [--emit-python FILE.py]
        """,
        summary: "Compiles catalogs into one table (.lokale) that the runtime maps.",
        details: """
          SOURCE      .xcstrings, .strings, .stringsdict, gettext .po/.mo files, .lproj folders,
                      bundle folders (an Info.plist and .lproj folders), .mf2.json resources,
                      Flutter .arb files, folders of them, l10n.yaml (or a folder holding it),
                      Android res/ and values*/ folders and their .xml files (one table,
                      Localizable); each catalog is a table
          -o, --output OUT.lokale  the table to write (atomically: a failed compile writes nothing)
          --strict    warnings are errors: nothing is written when there is one (exit 1)
          --development-region L   the development localization (default: the catalogs' source
                      language, else en)
          --bundle-id ID   the bundle's identifier (names its saved in-app language)
          --default-bundle-id ID   the identifier unless an Info.plist among the sources names one
          --allow-mixed-localizations  as CFBundleAllowMixedLocalizations
          --pseudo K,...   adds pseudo-languages made from the development text: en-XA (accented),
                      ar-XB (bidi), en-XL (long); they serve only a preference that names them
          --swift-accessor FILE.swift  also writes Swift code declaring `LokaleBundle.module`, which
                      finds OUT in one of the resource folders beside the executable (what
                      LokaleCompilerPlugin does)
          --swift-embed   the Swift code carries the table itself (base64), so the program needs
                      no resource folder and runs copied alone; no hot reload
          --emit-c-source FILE.c   also writes the table as a C array in FILE.c, and FILE.h
                      declaring `int NAME_open(lokale_bundle **, lokale_runtime *, uint32_t flags)`
                      (lokale_bundle_open_memory on it): the program carries its messages
          --c-symbol NAME   the prefix of those C names (default: OUT's file name, made an
                      identifier: App.lokale gives App_open)
          --plugin-config FILE --plugin-config-text TEXT   (LokaleCompilerPlugin) fails unless
                      FILE (a target's lokale.json) still holds TEXT, what the plugin planned with
          --swift-messages FILE.swift  also writes typed Swift accessors: per table an enum in
                      `Message`, per key a `Message` or a function of typed, labeled arguments
          --emit-c-header FILE.h   also writes a C header: per key a constant and a static inline
                      function of typed arguments over lokale.h (C++: overloads on lokale::Bundle)
          --c-prefix NAME  the prefix of the header's names (default: FILE's name)
          --emit-python FILE.py   also writes a Python module and its stub FILE.pyi: per table a
                      class, per key a lokale.Message or a function of typed keyword arguments
        """,
        spec: .init(valued: Set(["output", "development-region", "bundle-id", "default-bundle-id", "pseudo",
                                 "swift-accessor", "swift-kind", "swift-resource-folders", "emit-c-source", "c-symbol",
                                 "plugin-config", "plugin-config-text"]).union(GeneratedCode.options),
                    flags: ["allow-mixed-localizations", "strict", "swift-embed"],
                    lists: ["pseudo", "swift-resource-folders"], short: ["o": "output"]),
        run: compileCommand),
    lookupCommands[0],
    lookupCommands[1],
    Command(
        name: "negotiate",
        synopsis: "--available en,fr,de [--prefer fr-CA,en] [--development en] [--strategy apple|icu]",
        summary: "Prints the localizations in the order a bundle would try them, comma-separated.",
        details: """
          --available L,...  the bundle's localizations
          --prefer L,...     the user's preferred languages (default: LANGUAGE, LC_ALL, LC_MESSAGES, LANG)
          --development L    the development localization (default en)
          --strategy         apple (default) or icu
        """,
        spec: .init(valued: ["prefer", "available", "development", "strategy"], lists: ["prefer", "available"]),
        run: negotiateCommand),
    Command(
        name: "info",
        synopsis: "BUNDLE.lokale [--verify]",
        summary: "Describes a compiled table: identifier, localizations, tables and their sizes.",
        details: "  --verify    also checks the checksum of the whole file",
        spec: .init(flags: ["verify"]),
        run: infoCommand),
    Command(
        name: "check",
        synopsis: "SOURCE... [--strict] [--json] [--development-region en] [--code PATH,...]",
        summary: "Reports what is missing or wrong in catalogs; writes nothing.",
        details: """
          completeness per language, CLDR plural categories, format mismatches, review/new/stale
          states, duplicate keys; exit 1 on errors, 2 on usage errors
          --strict    warnings are errors
          --json      the report as JSON
          --code PATH,...  C/C++/Python/Swift files or folders: keys the code uses that the catalogs
                      lack, and default values in code that differ from the development text
        """,
        spec: .init(valued: ["development-region", "code"], flags: ["strict", "json"], lists: ["code"]),
        run: checkCommand),
    Command(
        name: "extract",
        synopsis: "PATH... -o CATALOG.xcstrings [--source-language en] [--table NAME] [--declarations PATH,...] [--add-comments TAG,...] [--swift-build-path DIR | --swiftc-flags FLAGS]",
        summary: "Finds the messages in C/C++, Python and Swift code and adds them to a String Catalog.",
        details: """
          PATH        source files or folders (searched recursively; hidden folders skipped)
          -o, --output CATALOG.xcstrings  the catalog to update (created when missing)
          --table NAME   the one table written (default: the catalog's file name)
          --source-language L   the catalog's source language when it is created (default en)
          --swift-build-path DIR  type-check the Swift files with the compiler of this SwiftPM
                      build (.build or .build/debug, after swift build): every literal the compiler
                      types as a Lokale Message is found, with its values' exact specifiers
          --swiftc-flags FLAGS  the same with these swiftc flags (-I …/Modules -Xcc …), one module
          --declarations PATH,...  Swift files or folders (a library the code calls) whose
                      functions and initializers with Message parameters are read, not extracted
          --add-comments TAG,...  a Python comment starting with TAG (TRANSLATORS:), and the
                      comment lines below it, is the comment of the message called on the next
                      line (pybabel extract -c TAG)
          MessageFormat 2 messages given as source (MessageFormat("…"), lokale_message_format_new)
          are checked: their errors are printed at file:line:column and the exit status is 1
        """,
        spec: .init(valued: ["output", "source-language", "table", "swift-build-path", "swiftc-flags", "declarations", "add-comments"],
                    lists: ["declarations", "add-comments"], short: ["o": "output"]),
        run: extractCommand),
    Command(
        name: "format-message",
        synopsis: "[--locale L] [--parts] [--bidi default|none] SOURCE [NAME=VALUE | NAME:=TEXT]...",
        summary: "Formats a MessageFormat 2 message with arguments, as a program would show it.",
        details: """
          SOURCE      the message (quote it for the shell; after -- when it starts with '-')
          NAME=VALUE  an argument: a number when VALUE is one (-12.50, 1e3: kept exactly as written),
                      a date when it is ISO 8601 (2026-12-05, 2026-12-05T10:00:00Z, …+01:00),
                      else text; NAME:=TEXT is always text (n:=42 is the string "42")
          --locale L  the formatting locale (default: the first preferred language, else en)
          --parts     prints the formatted parts as JSON, one a line, instead of the text
          --bidi none  no isolation marks (U+2066…U+2069) around placeholders (default: the
                      spec's default strategy)
          exit 1 when formatting met errors (the text is printed; each error, its type and why on
          stderr); exit 2 when the message is not well-formed or not valid (line:column on stderr)
        """,
        spec: .init(valued: ["locale", "bidi"], flags: ["parts"]),
        run: formatMessageCommand),
    Command(
        name: "export-xliff",
        synopsis: "CATALOG.xcstrings|RESOURCE.mf2.json|TEMPLATE.arb --language L -o FILE.xliff",
        summary: "Writes one language of a catalog as XLIFF 1.2 for translators.",
        details: "  CATALOG     a .xcstrings catalog, a development .mf2.json resource, or an Android res/ folder",
        spec: .init(valued: ["output", "language"], short: ["o": "output"]),
        run: exportXLIFFCommand),
    Command(
        name: "import-xliff",
        synopsis: "FILE.xliff CATALOG.xcstrings|RESOURCE.mf2.json|TEMPLATE.arb",
        summary: "Reads translations back from XLIFF 1.2 (as Xcode exports it); only its language changes.",
        details: "  CATALOG     as for export-xliff; for an Android res/ folder, the language's values-…/strings.xml is written",
        run: importXLIFFCommand),
    Command(
        name: "help",
        synopsis: "[COMMAND]",
        summary: "Prints the list of commands, or one command's usage.",
        run: { a in
            // Commands run on the main thread (runCommand, from the top-level code below).
            try MainActor.assumeIsolated {
                guard let name = a.positionals.first else { print(globalHelp); return 0 }
                guard a.positionals.count == 1 else { throw Arguments.UsageError(message: "help takes one COMMAND") }
                guard let c = command(named: name) else { unknownCommand(name) }
                print(c.help, terminator: "")
                return 0
            }
        }),
    Command(
        name: "version",
        synopsis: "",
        summary: "Prints the version of lokale and of its table format.",
        run: { _ in
            print("lokale \(Lokale.version) (table format \(TableLayout.formatMajor).\(TableLayout.formatMinor))")
            return 0
        }),
]

let globalHelp: String = {
    var s = "usage: lokale <command> [arguments]\n\ncommands:\n"
    for c in commands {
        let head = "  \(c.name)" + (c.synopsis.isEmpty ? "" : " ")
        let pad = String(repeating: " ", count: head.count)
        s += head + c.synopsis.split(separator: "\n").joined(separator: "\n" + pad) + "\n"
        s += "      \(c.summary)\n"
    }
    s += """

    'lokale help COMMAND' or 'lokale COMMAND --help' shows a command's arguments and options.
    Preferred languages default to LANGUAGE, LC_ALL, LC_MESSAGES and LANG.

    """
    return s
}()

@MainActor func command(named name: String) -> Command? { commands.first { $0.name == name } }

@MainActor func unknownCommand(_ name: String) -> Never {
    let suggestion = Arguments.nearest(name, among: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
    fail("unknown command '\(name)'\(suggestion)\nRun 'lokale help' for the list of commands.", status: 2)
}

var args = CommandLine.arguments.dropFirst()
guard let name = args.popFirst() else { printError(globalHelp); exit(2) }

let chosen: Command
switch name {
case "--help", "-h": print(globalHelp); exit(0)
case "--version": chosen = command(named: "version")!
default:
    guard let c = command(named: name) else { unknownCommand(name) }
    chosen = c
}
// A catalog's error in the compiler's shape (file:line:column: error: message), which SwiftPM and
// editors show as a diagnostic at that place.
runCommand(chosen, args, diagnostic: { ($0 as? CatalogError)?.diagnostic })
