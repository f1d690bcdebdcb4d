import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `.po` and `.mo` files through the real `lokale` command: compile, lookup, check.
struct GettextCommandTests {
    let cli = CompileCommandTests()

    static func po(_ language: String, plural: String, forms: [String], extra: String = "") -> String {
        """
        msgid ""
        msgstr ""
        "Language: \(language)\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: \(plural)\\n"

        msgctxt "door"
        msgid "Open"
        msgstr "\(language == "fr" ? "Ouvert" : "Offen")"

        #, c-format
        msgid "%d file"
        msgid_plural "%d files"
        \(forms.enumerated().map { "msgstr[\($0.offset)] \"\($0.element)\"" }.joined(separator: "\n"))
        \(extra)
        """
    }

    @Test func compileAndLookUp() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-cli")
        let fr = Fixtures.write(Self.po("fr", plural: "nplurals=2; plural=(n > 1);", forms: ["%d fichier", "%d fichiers"]), to: "po/fr.po", in: dir)
        let de = Fixtures.write(Self.po("de", plural: "nplurals=2; plural=(n != 1);", forms: ["%d Datei", "%d Dateien"]), to: "po/de.po", in: dir)
        let out = dir + "/app.lokale"
        let c = try cli.run(["compile", fr, de, "-o", out])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.stderr.contains("compiled"))
        for (prefer, key, args, expected) in [
            ("fr", "door\u{04}Open", [String](), "Ouvert"), ("de", "door\u{04}Open", [], "Offen"), ("it", "door\u{04}Open", [], "Open"),
            ("fr", "%d file", ["0"], "0 fichier"), ("fr", "%d file", ["2"], "2 fichiers"),
            ("de", "%d file", ["0"], "0 Dateien"), ("de", "%d file", ["1"], "1 Datei"), ("it", "%d file", ["1"], "1 file"), ("it", "%d file", ["3"], "3 files"),
        ] {
            let r = try cli.run(["lookup", out, key, "--prefer", prefer] + args)
            #expect(r.status == 0 && r.stdout == expected + "\n", "\(prefer) \(key.debugDescription) \(args): \(r.stdout.debugDescription) \(r.stderr)")
        }
        let info = try cli.run(["info", out])
        #expect(info.stdout.contains("localizations: de, en, fr"), "\(info.stdout)")
    }

    @Test func checkReportsFormatMismatchesAndPluralConflicts() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-cli")
        // `n != 1` for French: CLDR puts 0 with 1; and a translation that reads a string for %d.
        let fr = Fixtures.write(Self.po("fr", plural: "nplurals=2; plural=(n != 1);", forms: ["%d fichier", "%d fichiers"],
                                        extra: "\n#, c-format\nmsgid \"%d left\"\nmsgstr \"%s restant\"\n"), to: "fr.po", in: dir)
        let r = try cli.run(["check", fr])
        #expect(r.status == 1)
        #expect(r.stdout.contains("'(Plural-Forms)'") && r.stdout.contains("'one'"), "\(r.stdout)")
        #expect(r.stdout.contains("'%d left'"), "\(r.stdout)")
        // Compiled anyway: the mismatched translation is replaced by its msgid.
        let out = dir + "/fr.lokale"
        #expect(try cli.run(["compile", fr, "-o", out]).status == 0)
        #expect(try cli.run(["lookup", out, "%d left", "--prefer", "fr", "3"]).stdout == "3 left\n")
    }

    @Test func syntaxErrorsNameFileLineAndColumnAndWriteNothing() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-cli")
        let bad = Fixtures.write("msgid \"\"\nmsgstr \"Language: fr\\n\"\n\nmsgid \"a\\z\"\nmsgstr \"b\"\n", to: "fr.po", in: dir)
        let out = dir + "/out.lokale"
        let r = try cli.run(["compile", bad, "-o", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains("\(bad):4:9: error: invalid escape '\\z'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
