import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The command line and the compiler: every mistake a careless user makes
/// gets a clear answer. Each test runs the real `lokale-cli`.
@Suite struct CLIMistakesTests {
    let cli = CompileCommandTests()
    static let commands = ["compile", "lookup", "explain", "negotiate", "info", "check", "extract", "format-message", "export-xliff", "import-xliff",
                           "help", "version"]

    /// Text that only Foundation's errors contain: none of it may reach the user.
    static let foundationWords = ["Error Domain", "NSCocoaErrorDomain", "Code=", "(null)", "The given data", "Encountered unexpected",
                                  "NSDebugDescription", "UserInfo"]

    func expectNoFoundationText(_ r: CompileCommandTests.Run, sourceLocation: SourceLocation = #_sourceLocation) {
        for w in Self.foundationWords {
            #expect(!r.stderr.contains(w) && !r.stdout.contains(w), "'\(w)' in: \(r.stderr)", sourceLocation: sourceLocation)
        }
    }

    static func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    /// A pretty-printed catalog (one key and one localization per line), as Xcode writes them.
    static func catalog(source: String = "en", _ entries: [(key: String, localizations: [(String, String)])]) -> String {
        var lines = ["{", "  \"sourceLanguage\" : \"\(source)\",", "  \"strings\" : {"]
        for (i, e) in entries.enumerated() {
            lines.append("    \"\(e.key)\" : {")
            lines.append("      \"localizations\" : {")
            for (j, (l, v)) in e.localizations.enumerated() {
                lines.append("        \"\(l)\" : \(unit(v))\(j + 1 < e.localizations.count ? "," : "")")
            }
            lines.append("      }")
            lines.append("    }\(i + 1 < entries.count ? "," : "")")
        }
        lines += ["  },", "  \"version\" : \"1.0\"", "}", ""]
        return lines.joined(separator: "\n")
    }

    func compiled(_ json: String, name: String = "Localizable.xcstrings") throws -> (dir: String, table: String) {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let source = Fixtures.write(json, to: name, in: dir)
        let r = try cli.run(["compile", source, "-o", dir + "/App.lokale"])
        #expect(r.status == 0, "\(r.stderr)")
        return (dir, dir + "/App.lokale")
    }

    // MARK: Item 2: discoverability

    @Test func everySubcommandAnswersHelpWithItsOwnUsage() throws {
        for name in Self.commands {
            for flag in ["--help", "-h"] {
                let r = try cli.run([name, flag])
                #expect(r.status == 0, "\(name) \(flag): \(r.stderr)")
                #expect(r.stdout.hasPrefix("usage: lokale \(name)"), "\(name) \(flag): \(r.stdout)")
                #expect(r.stderr.isEmpty, "\(name) \(flag): \(r.stderr)")
            }
        }
        // Help wins over the other arguments, even wrong ones.
        let withOthers = try cli.run(["compile", "--bogus", "x.xcstrings", "--help"])
        #expect(withOthers.status == 0 && withOthers.stdout.hasPrefix("usage: lokale compile"))
        #expect(try cli.run(["compile", "--help"]).stdout.contains("--strict"))
    }

    @Test func helpCommandPrintsOneCommandsUsage() throws {
        let r = try cli.run(["help", "compile"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("usage: lokale compile SOURCE..."), "\(r.stdout)")
        #expect(!r.stdout.contains("lokale lookup"), "only compile's usage: \(r.stdout)")
        #expect(r.stdout == (try cli.run(["compile", "--help"])).stdout)

        // The global help lists every command, with its synopsis and summary, from the same table.
        let global = try cli.run(["help"])
        #expect(global.status == 0)
        for name in Self.commands { #expect(global.stdout.contains("\n  \(name) ") || global.stdout.contains("\n  \(name)\n"), "\(name)") }
        #expect(global.stdout == (try cli.run(["--help"])).stdout)
        #expect(global.stdout.contains("SOURCE... -o OUT.lokale"))

        let unknown = try cli.run(["help", "compil"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean 'compile'?"), "\(unknown.stderr)")
    }

    @Test func unknownCommandSuggestsTheNearest() throws {
        for (typed, meant) in [("compil", "compile"), ("lokup", "lookup"), ("chekc", "check"), ("negociate", "negotiate"), ("inf", "info")] {
            let r = try cli.run([typed, "x"])
            #expect(r.status == 2)
            #expect(r.stderr.contains("unknown command '\(typed)'; did you mean '\(meant)'?"), "\(r.stderr)")
        }
        let far = try cli.run(["xyzzy"])
        #expect(far.status == 2)
        #expect(!far.stderr.contains("did you mean"))
        #expect(far.stderr.contains("lokale help"))
        // An unknown option suggests the command's nearest option.
        let option = try cli.run(["negotiate", "--availabel", "en"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option --availabel; did you mean --available?"), "\(option.stderr)")
        #expect(option.stderr.contains("usage: lokale negotiate"), "the command's own usage: \(option.stderr)")
    }

    @Test func dashWordsAreOptionsNumbersOrAfterDoubleDash() throws {
        let json = Self.catalog([("%lld items", [("en", "%lld items")]), ("-x", [("en", "Dash")])])
        let (_, table) = try compiled(json)
        // `-x` is an unknown option, not a format argument nor a key.
        let x = try cli.run(["lookup", table, "%lld items", "-x"])
        #expect(x.status == 2)
        #expect(x.stderr.contains("unknown option -x"), "\(x.stderr)")
        // Negative numbers are arguments where a command takes numbers.
        let negative = try cli.run(["lookup", table, "%lld items", "-3"])
        #expect(negative.status == 0, "\(negative.stderr)")
        #expect(negative.stdout == "-3 items\n")
        // `--` ends the options: everything after it is a positional.
        let key = try cli.run(["lookup", table, "--", "-x"])
        #expect(key.status == 0, "\(key.stderr)")
        #expect(key.stdout == "Dash\n")
        let helpKey = try cli.run(["lookup", "--prefer", "en", "--", table, "--help"])
        #expect(helpKey.status == 0 && helpKey.stdout == "--help\n", "\(helpKey.stdout)\(helpKey.stderr)")
        // A lone `-` is a positional (here: a source that does not exist), and `-o` is an option anywhere.
        let dash = try cli.run(["compile", "-", "-o", table + ".2"])
        #expect(dash.status == 1 && dash.stderr.contains("-: error:"), "\(dash.stderr)")
        // Commands without numeric arguments reject negative numbers as options.
        #expect(try cli.run(["compile", "-1", "-o", table + ".2"]).status == 2)
    }

    @Test func emptyValuesAreNamedAsEmptyNotMissing() throws {
        let available = try cli.run(["negotiate", "--available", ""])
        #expect(available.status == 2)
        #expect(available.stderr.contains("the --available list is empty"), "\(available.stderr)")
        #expect(!available.stderr.contains("needs --available"))
        #expect(try cli.run(["negotiate", "--available", " , "]).stderr.contains("the --available list is empty"))
        #expect(try cli.run(["negotiate", "--available", "en", "--prefer", ""]).stderr.contains("the --prefer list is empty"))
        let (_, table) = try compiled(CompileCommandTests.goodCatalog)
        let tableOption = try cli.run(["lookup", table, "hello", "--table", ""])
        #expect(tableOption.status == 2 && tableOption.stderr.contains("--table is empty"), "\(tableOption.stderr)")
        let output = try cli.run(["compile", "x.xcstrings", "-o", ""])
        #expect(output.status == 2 && output.stderr.contains("-o is empty"), "\(output.stderr)")
        #expect(try cli.run(["compile", "x.xcstrings", "--output="]).stderr.contains("--output is empty"))
        // An empty default text is Apple's "no default": allowed.
        #expect(try cli.run(["lookup", table, "hello", "--default", ""]).status == 0)
        // Options that mean nothing without another are refused, not ignored.
        let kind = try cli.run(["compile", "x.xcstrings", "-o", "y.lokale", "--swift-kind", "main"])
        #expect(kind.status == 2 && kind.stderr.contains("--swift-kind goes with --swift-accessor"), "\(kind.stderr)")
        #expect(try cli.run(["lookup", table, "hello", "--interval", "1"]).stderr.contains("--interval goes with --watch"))
        #expect(try cli.run(["lookup", table, "hello", "--json"]).stderr.contains("--json is an option of explain"))
        let locale = try cli.run(["lookup", table, "hello", "--locale", "../x"])
        #expect(locale.status == 2 && locale.stderr.contains("--locale:"), "\(locale.stderr)")
        // Positionals a command does not take are refused, not ignored.
        #expect(try cli.run(["negotiate", "en,fr"]).status == 2)
    }

    // MARK: Item 3: readable errors

    @Test func writeErrorsSayWhatIsWrongWithTheFolder() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let source = Fixtures.write(CompileCommandTests.goodCatalog, to: "Localizable.xcstrings", in: dir)
        let missing = try cli.run(["compile", source, "-o", dir + "/missing/dir/out.lokale"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(dir)/missing/dir/out.lokale: error: cannot write: the folder \(dir)/missing/dir does not exist"),
                "\(missing.stderr)")
        expectNoFoundationText(missing)

        let folder = dir + "/somefolder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for output in [folder, folder + "/"] {
            let r = try cli.run(["compile", source, "-o", output])
            #expect(r.status == 1)
            #expect(r.stderr.contains("error: cannot write: this is a folder"), "\(r.stderr)")
            expectNoFoundationText(r)
        }
        // Nothing was written anywhere: no table, no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["Localizable.xcstrings", "somefolder"])

        // The same sentences for extract and export-xliff.
        let code = Fixtures.write("let a = String(localized: \"hello\")\n", to: "src/App.swift", in: dir)
        let extract = try cli.run(["extract", code, "-o", dir + "/nope/Localizable.xcstrings"])
        #expect(extract.status == 1 && extract.stderr.contains("the folder \(dir)/nope does not exist"), "\(extract.stderr)")
        let xliff = try cli.run(["export-xliff", source, "--language", "de", "-o", folder])
        #expect(xliff.status == 1 && xliff.stderr.contains("this is a folder"), "\(xliff.stderr)")
    }

    @Test func unreadableFilesSayWhy() throws {
        #expect(FileProblem.reading(EACCES) == "cannot be read: permission denied")
        #expect(FileProblem.writing(EACCES, folder: "/x") == "permission denied: the folder /x is not writable by this user")
        #expect(FileProblem.writing(ENOSPC, folder: "/x") == "no space left on the device")
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        // A folder where a file is expected.
        try FileManager.default.createDirectory(atPath: dir + "/Folder.xcstrings", withIntermediateDirectories: true)
        let r = try cli.run(["export-xliff", dir + "/Folder.xcstrings", "--language", "de", "-o", dir + "/de.xliff"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("Folder.xcstrings: error: is a folder, not a file"), "\(r.stderr)")
        let table = try cli.run(["info", dir])
        #expect(table.status == 1 && table.stderr.contains("\(dir): error: is a folder, not a compiled table"), "\(table.stderr)")
        let missing = try cli.run(["lookup", dir + "/Nope.lokale", "key"])
        #expect(missing.status == 1 && missing.stderr.contains("Nope.lokale: error: no such file"), "\(missing.stderr)")
        // Permission denied (root reads every file: then only the sentence above is checked).
        guard getuid() != 0 else { return }
        let locked = Fixtures.write(CompileCommandTests.goodCatalog, to: "Locked.xcstrings", in: dir)
        chmod(locked, 0)
        let denied = try cli.run(["compile", locked, "-o", dir + "/out.lokale"])
        #expect(denied.status == 1)
        #expect(denied.stderr.contains("Locked.xcstrings: error: cannot be read: permission denied"), "\(denied.stderr)")
    }

    @Test func nonUTF8CatalogNamesTheByteAndWhereItIs() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        var bytes = Array(Self.catalog([("cafe", [("en", "Cafe"), ("fr", "Caf_")])]).utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "_"))!
        bytes[at] = 0xE9 // é in Latin-1
        let path = dir + "/Localizable.xcstrings"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let p = JSONLocatorPosition.of(bytes, at)
        for command in [["compile", path, "-o", dir + "/out.lokale"], ["check", path]] {
            let r = try cli.run(command)
            #expect(r.status == 1)
            #expect(r.stderr.contains("\(path):\(p.line):\(p.column): error: not UTF-8: the byte 0xE9 at byte offset \(at)"), "\(r.stderr)")
            expectNoFoundationText(r)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.lokale"))

        // A UTF-16 catalog says so.
        let utf16: [UInt8] = [0xFF, 0xFE] + CompileCommandTests.goodCatalog.utf16.flatMap { u -> [UInt8] in [UInt8(u & 0xFF), UInt8(u >> 8)] }
        try Data(utf16).write(to: URL(fileURLWithPath: path))
        let r = try cli.run(["compile", path, "-o", dir + "/out.lokale"])
        #expect(r.status == 1 && r.stderr.contains("error: not UTF-8: the file is UTF-16"), "\(r.stderr)")

        // A Latin-1 .strings file, and a lone surrogate escape (JSONDecoder gave no position).
        var strings = Array("\"a\" = \"A\";\n\"cafe\" = \"Caf_\";\n".utf8)
        strings[strings.firstIndex(of: UInt8(ascii: "_"))!] = 0xE9
        try FileManager.default.createDirectory(atPath: dir + "/fr.lproj", withIntermediateDirectories: true)
        try Data(strings).write(to: URL(fileURLWithPath: dir + "/fr.lproj/Localizable.strings"))
        let latin1 = try cli.run(["compile", dir + "/fr.lproj", "-o", dir + "/out.lokale"])
        #expect(latin1.stderr.contains("fr.lproj/Localizable.strings:2:14: error: not UTF-8: the byte 0xE9 at byte offset 24"), "\(latin1.stderr)")
        Fixtures.write(#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"new","value":"\ud800!"}}}}}}"#,
                       to: "Localizable.xcstrings", in: dir)
        let surrogate = try cli.run(["compile", path, "-o", dir + "/out.lokale"])
        #expect(surrogate.stderr.contains("Localizable.xcstrings:1:100: error: invalid JSON: invalid escape: the high surrogate \\uD800"),
                "\(surrogate.stderr)")
        expectNoFoundationText(surrogate)

        // Invalid JSON keeps its position.
        Fixtures.write("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : tru\n  }\n}\n", to: "Localizable.xcstrings", in: dir)
        let json = try cli.run(["compile", path, "-o", dir + "/out.lokale"])
        #expect(json.stderr.contains("Localizable.xcstrings:4:11: error: invalid JSON: invalid literal, expected 'true'"), "\(json.stderr)")
    }

    static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>%d files</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@n@</string>
    \t\t<key>n</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>d</string>
    \t\t\t<key>one</key>
    \t\t\t<string>%d file</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%d files</string>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """

    @Test func damagedStringsDictNamesFileLineAndWhatIsWrong() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let path = dir + "/de.lproj/Localizable.stringsdict"
        let out = dir + "/out.lokale"
        func compile(_ text: String) throws -> CompileCommandTests.Run {
            Fixtures.write(text, to: "de.lproj/Localizable.stringsdict", in: dir)
            let r = try cli.run(["compile", dir + "/de.lproj", "-o", out])
            #expect(r.status == 1, "\(r.stderr)")
            expectNoFoundationText(r)
            #expect(!FileManager.default.fileExists(atPath: out))
            return r
        }
        let full = Self.stringsdict
        #expect(try cli.run(["compile", Fixtures.write(full, to: "en.lproj/Localizable.stringsdict", in: dir), "-o", out]).status == 0)
        try FileManager.default.removeItem(atPath: out)
        // Truncated anywhere: the file, the line where it ends, and "ends early".
        let cut = String(full.prefix(through: full.range(of: "<string>%d file</string>")!.upperBound))
        let truncated = try compile(cut)
        #expect(truncated.stderr.contains("\(path):16:"), "\(truncated.stderr)")
        #expect(truncated.stderr.contains("error: invalid property list: the file ends early: <dict> opened on line 10 is not closed"),
                "\(truncated.stderr)")
        // Cut in the DOCTYPE, in a tag, right before the closing </plist>.
        #expect(try compile(String(full.prefix(80))).stderr.contains("\(path):2:1: error: invalid property list: the file ends inside the <!DOCTYPE"))
        #expect(try compile(String(full.prefix(full.count - 5))).stderr.contains("the file ends inside the tag </pl"))
        #expect(try compile(String(full.dropLast("</plist>\n".count))).stderr.contains("<plist> opened on line 3 is not closed"))
        // A mistyped closing tag and a bare '&'.
        let typo = try compile(full.replacingOccurrences(of: "<string>d</string>", with: "<string>d</strin>"))
        #expect(typo.stderr.contains("\(path):14:"), "\(typo.stderr)")
        #expect(typo.stderr.contains("</strin> does not close <string>, opened on line 14"), "\(typo.stderr)")
        let amp = try compile(full.replacingOccurrences(of: "%d files</string>", with: "%d files & more</string>"))
        #expect(amp.stderr.contains("\(path):18:"), "\(amp.stderr)")
        #expect(amp.stderr.contains("write & as &amp;"), "\(amp.stderr)")
        // A damaged binary property list.
        #expect(try compile("bplist00\u{1}\u{2}").stderr.contains("Localizable.stringsdict: error:"))
        // An Info.plist is read the same way.
        let info = Fixtures.write("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>CFBundleIdentifier</key>\n<string>x",
                                  to: "App/Info.plist", in: dir)
        let r = try cli.run(["compile", dir + "/App", "-o", out])
        #expect(r.status == 1 && r.stderr.contains("\(info):5:"), "\(r.stderr)")
        #expect(r.stderr.contains("the file ends early"), "\(r.stderr)")
    }

    // MARK: Item 4: nothing silently wrong

    @Test func compileNamesItsTablesAndLookupsNameMissingOnes() throws {
        let (dir, table) = try {
            let dir = Fixtures.temporaryDirectory("lokale-mistakes")
            let panels = Fixtures.write(Self.catalog([("title", [("en", "Panels"), ("de", "Tafeln")])]), to: "Panels.xcstrings", in: dir)
            let menus = Fixtures.write(Self.catalog([("open", [("en", "Open")])]), to: "Menus.xcstrings", in: dir)
            let r = try cli.run(["compile", panels, menus, "-o", dir + "/App.lokale"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("lokale: tables: Menus, Panels"), "\(r.stderr)")
            #expect(r.stderr.contains("no table is named Localizable"), "\(r.stderr)")
            return (dir, dir + "/App.lokale")
        }()
        _ = dir
        // Without --table: the key, and a note saying which tables exist.
        let plain = try cli.run(["lookup", table, "title", "--prefer", "de"])
        #expect(plain.status == 0)
        #expect(plain.stdout == "title\n")
        #expect(plain.stderr.contains("the bundle has no table Localizable"), "\(plain.stderr)")
        #expect(plain.stderr.contains("its tables are Menus, Panels"), "\(plain.stderr)")
        let named = try cli.run(["lookup", table, "title", "--table", "Panel", "--prefer", "de"])
        #expect(named.stderr.contains("the bundle has no table 'Panel': its tables are Menus, Panels"), "\(named.stderr)")
        let right = try cli.run(["lookup", table, "title", "--table", "Panels", "--prefer", "de"])
        #expect(right.stdout == "Tafeln\n" && right.stderr.isEmpty, "\(right.stderr)")
        // explain says it in its trace, as text and as JSON.
        let explain = try cli.run(["explain", table, "title", "--table", "Panel"])
        #expect(explain.stdout.contains("table: Panel (the bundle has no such table; its tables are Menus, Panels)"), "\(explain.stdout)")
        let json = try cli.run(["explain", table, "title", "--json"])
        #expect(json.stdout.contains("\"tables\":[\"Menus\",\"Panels\"]") || json.stdout.contains("\"tables\": ["), "\(json.stdout)")
        let found = try cli.run(["explain", table, "title", "--table", "Panels"])
        #expect(found.stdout.contains("table: Panels\n"), "\(found.stdout)")
    }

    /// A mismatched translation: `compile` warns at the same file:line as `check` reports, and
    /// `compile --strict` refuses it and writes nothing.
    @Test func strictCompileAndTheSameLineAsCheck() throws {
        let json = Self.catalog([
            ("greeting", [("en", "Hello"), ("de", "Hallo")]),
            ("%lld items", [("de", "%@ Artikel"), ("en", "%lld items")]),
        ])
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let source = Fixtures.write(json, to: "Localizable.xcstrings", in: dir)
        let out = dir + "/App.lokale"
        let line = json.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("%@ Artikel") }! + 1
        let prefix = "\(source):\(line): "

        let lenient = try cli.run(["compile", source, "-o", out])
        #expect(lenient.status == 0)
        #expect(lenient.stderr.contains(prefix + "warning: [Localizable] de '%lld items':"), "\(lenient.stderr)")
        let check = try cli.run(["check", source])
        #expect(check.status == 1)
        #expect(check.stdout.contains(prefix + "error: [Localizable] de '%lld items':"), "\(check.stdout)")

        try FileManager.default.removeItem(atPath: out)
        let strict = try cli.run(["compile", source, "-o", out, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(prefix + "error: [Localizable] de '%lld items':"), "\(strict.stderr)")
        #expect(strict.stderr.contains("1 warning is treated as an error (--strict)"), "\(strict.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["Localizable.xcstrings"])
        // Without warnings --strict compiles.
        let clean = Fixtures.write(Self.catalog([("greeting", [("en", "Hello"), ("de", "Hallo")])]), to: "Clean.xcstrings", in: dir)
        #expect(try cli.run(["compile", clean, "-o", out, "--strict"]).status == 0)
    }

    @Test func languageTagsAreValidatedAtCompileTime() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let out = dir + "/out.lokale"
        let evil = Fixtures.write(Self.catalog(source: "../../etc", [("a", [("../../etc", "A")])]), to: "Evil.xcstrings", in: dir)
        let r = try cli.run(["compile", evil, "-o", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(evil):2: error: sourceLanguage: '../../etc' is not a language tag"), "\(r.stderr)")

        let x = Fixtures.write(Self.catalog([("a", [("en", "A"), ("x", "X")])]), to: "X.xcstrings", in: dir)
        let rx = try cli.run(["compile", x, "-o", out])
        #expect(rx.status == 1)
        #expect(rx.stderr.contains("\(x):7: error: key 'a': the localization 'x' is not a language tag"), "\(rx.stderr)")
        #expect(try cli.run(["check", x]).stderr.contains("'x' is not a language tag"))

        Fixtures.write("\"a\" = \"A\";\n", to: "Bundle/bad tag.lproj/Localizable.strings", in: dir)
        let lproj = try cli.run(["compile", dir + "/Bundle/bad tag.lproj", "-o", out])
        #expect(lproj.status == 1 && lproj.stderr.contains("'bad tag' is not a language tag"), "\(lproj.stderr)")
        let region = try cli.run(["compile", x, "-o", out, "--development-region", "../x"])
        #expect(region.status == 2 && region.stderr.contains("--development-region: '../x' is not a language tag"), "\(region.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // The other commands' language options too.
        let code = Fixtures.write("let a = String(localized: \"a\")\n", to: "src/App.swift", in: dir)
        let extract = try cli.run(["extract", code, "-o", dir + "/New.xcstrings", "--source-language", "../x"])
        #expect(extract.status == 2 && extract.stderr.contains("--source-language: '../x' is not a language tag"), "\(extract.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/New.xcstrings"))
        let xliff = try cli.run(["export-xliff", x, "--language", "x", "-o", dir + "/x.xliff"])
        #expect(xliff.status == 2 && xliff.stderr.contains("--language: 'x' is not a language tag"), "\(xliff.stderr)")

        // What Xcode writes is accepted.
        let good = Fixtures.write(Self.catalog([("a", ["en", "pt-BR", "zh-Hans", "sr-Latn", "es-419", "Base", "en-GB"].map { ($0, "A \($0)") })]),
                                  to: "Good.xcstrings", in: dir)
        let ok = try cli.run(["compile", good, "-o", out])
        #expect(ok.status == 0, "\(ok.stderr)")
        Fixtures.write("\"a\" = \"A\";\n", to: "Legacy/English.lproj/Localizable.strings", in: dir)
        Fixtures.write("\"a\" = \"A\";\n", to: "Legacy/pt_BR.lproj/Localizable.strings", in: dir)
        #expect(try cli.run(["compile", dir + "/Legacy/English.lproj", dir + "/Legacy/pt_BR.lproj", "-o", out]).status == 0)
        for tag in ["en", "pt-BR", "zh-Hans", "sr-Latn", "es-419", "Base", "pt_BR", "English", "en-US-u-nu-latn"] {
            #expect(LocalizationName.problem(tag) == nil, "\(tag)")
        }
        for tag in ["", "x", "../../etc", "en.UTF-8", "de@euro", "en/US", "C", "-en", "en--US"] {
            #expect(LocalizationName.problem(tag) != nil, "\(tag)")
        }
    }

    /// A message whose development text has no specifiers takes no arguments: its translations are
    /// plain text, shown as they are (Apple formats only what has arguments).
    @Test func plainTextTranslationsAreNotFormats() throws {
        let json = Self.catalog([
            ("50% off", [("de", "50% Rabatt"), ("fr", "50 % de remise")]),
            ("savings", [("en", "Save 100%"), ("de", "100% sparen")]),
            ("sure", [("en", "100% sure"), ("de", "100%ig sicher")]),
            ("%lld items", [("en", "%lld items"), ("de", "%@ Artikel")]),
            ("done", [("en", "%lld%% done"), ("de", "%lld %% erledigt")]),
        ])
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let source = Fixtures.write(json, to: "Localizable.xcstrings", in: dir)
        let out = dir + "/App.lokale"
        let r = try cli.run(["compile", source, "-o", out])
        #expect(r.status == 0)
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "only the real format mismatch: \(r.stderr)")
        #expect(warnings.first?.contains("'%lld items'") == true)
        func lookup(_ key: String, _ language: String, _ args: [String] = []) throws -> CompileCommandTests.Run {
            try cli.run(["lookup", out, key, "--prefer", language] + args)
        }
        for (key, language, expected) in [("50% off", "de", "50% Rabatt"), ("50% off", "fr", "50 % de remise"), ("50% off", "en", "50% off"),
                                          ("savings", "de", "100% sparen"), ("savings", "en", "Save 100%"),
                                          ("sure", "de", "100%ig sicher"), ("sure", "en", "100% sure")] {
            let run = try lookup(key, language)
            #expect(run.stdout == expected + "\n", "\(key) \(language): \(run.stdout)")
            #expect(run.stderr.isEmpty, "\(key) \(language): \(run.stderr)")
        }
        // Formats stay formats.
        #expect(try lookup("done", "de", ["3"]).stdout == "3 % erledigt\n")
        #expect(try lookup("%lld items", "de", ["3"]).stdout == "3 items\n")
        // The runtime's plain lookup (what C and Python call) gives the translation too.
        let bundle = try Runtime(preferredLanguages: ["de"]).open(path: out, main: true, verify: true)
        #expect(try bundle.string("50% off") == "50% Rabatt")
        #expect(try bundle.format("50% off", arguments: []).text == "50% Rabatt")
        // And `check` agrees with the compiler.
        let check = try cli.run(["check", source])
        #expect(check.stdout.split(separator: "\n").filter { $0.contains(" error: ") }.count == 1, "\(check.stdout)")
    }

    // MARK: Item 5

    @Test func checkCodeReportsKeysMissingFromTheCatalog() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let catalog = Fixtures.write(Self.catalog([("present", [("en", "Present")])]), to: "Localizable.xcstrings", in: dir)
        let swift = Fixtures.write("""
        import Foundation
        let a = String(localized: "present")
        let b = String(localized: "absent", defaultValue: "Absent!")
        let c = String(localized: "absent", defaultValue: "Absent!")
        let d = String(localized: "menu.open", table: "Menus")
        """, to: "src/App.swift", in: dir)
        let r = try cli.run(["check", catalog, "--code", dir + "/src"])
        #expect(r.status == 0, "missing keys are warnings: \(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("\(swift):3: warning: [Localizable] 'absent': the code uses this key (and 1 other use), which is not in \(catalog)"),
                "\(r.stdout)")
        #expect(r.stdout.contains("every language shows its default value \"Absent!\""), "\(r.stdout)")
        #expect(r.stdout.contains("\(swift):5: warning: [Menus] 'menu.open': the code uses 1 key of table 'Menus'"), "\(r.stdout)")
        #expect(!r.stdout.contains("'present': the code uses"))
        #expect(try cli.run(["check", "--strict", catalog, "--code", swift]).status == 1)
        let json = try cli.run(["check", "--json", catalog, "--code", swift])
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(json.stdout.utf8))
        #expect(report.problems.filter { $0.kind == .missingKey }.map(\.key) == ["absent", "menu.open"])
    }

    @Test func summariesCountInTheRightNumber() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mistakes")
        let source = Fixtures.write(Self.catalog([("hello", [("en", "Hello")])]), to: "Localizable.xcstrings", in: dir)
        let compile = try cli.run(["compile", source, "-o", dir + "/App.lokale"])
        #expect(compile.stderr.contains("compiled 1 message (1 localization, 1 table)"), "\(compile.stderr)")
        let info = try cli.run(["info", dir + "/App.lokale"])
        #expect(info.stdout.contains(" bytes, 1 message, string pool "), "\(info.stdout)")
        let code = Fixtures.write("let a = String(localized: \"hello\")\n", to: "src/App.swift", in: dir)
        let extract = try cli.run(["extract", code, "-o", dir + "/Out.xcstrings", "--table", "Out"])
        #expect(extract.status == 0, "\(extract.stderr)")
        #expect(extract.stderr.contains("0 messages for table Out in 1 file:"), "\(extract.stderr)")
        let extract2 = try cli.run(["extract", code, "-o", dir + "/Localizable.xcstrings"])
        #expect(extract2.stderr.contains("1 message for table Localizable in 1 file:"), "\(extract2.stderr)")
        #expect(extract2.stderr.contains("0 translations to review"), "\(extract2.stderr)")
        let xliff = try cli.run(["export-xliff", source, "--language", "de", "-o", dir + "/de.xliff"])
        #expect(xliff.stderr.contains("exported 1 unit (0 with a de target)"), "\(xliff.stderr)")
        #expect(English.count(1, "table") == "1 table" && English.count(2, "table") == "2 tables" && English.count(0, "file") == "0 files")
        // No summary anywhere says "1 <plural>".
        for r in [compile, info, extract, extract2, xliff] {
            for noun in ["tables", "files", "messages", "localizations", "units", "translations", "bytes", "keys", "errors", "warnings"] {
                #expect(!(r.stdout + r.stderr).contains(" 1 \(noun)") && !(r.stdout + r.stderr).hasPrefix("1 \(noun)"), "\(noun): \(r.stderr)")
            }
        }
    }
}

/// Line and column of a byte offset, as the CLI reports them (columns count characters).
enum JSONLocatorPosition {
    static func of(_ bytes: [UInt8], _ at: Int) -> (line: Int, column: Int) {
        var line = 1, col = 1
        for b in bytes.prefix(at) {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }
}
