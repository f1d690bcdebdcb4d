import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `check` warns where a format mixes numbered and unnumbered specifiers, in every source format,
/// at the message's file and line; compiling and formatting are unchanged (CFString's reading).
@Suite struct MixedNumberingTests {
    func mixed(_ r: CheckReport) -> [CheckFinding] { r.problems.filter { $0.kind == .mixedNumbering } }

    @Test func stringCatalogStringsAndGettextAreWarnedAtTheirLine() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mixed")
        let catalog = Fixtures.write("""
            {"sourceLanguage":"en","version":"1.0","strings":{
              "photos":{"localizations":{
                "en":{"stringUnit":{"state":"translated","value":"%1$@ added %2$lld photos"}},
                "fr":{"stringUnit":{"state":"translated","value":"%1$@ a ajouté %lld photos"}}}},
              "fine":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%2$lld by %1$@"}}}}
            }}
            """, to: "Localizable.xcstrings", in: dir)
        let r1 = try CatalogChecker.check(CatalogLoader.load([catalog]))
        let f1 = mixed(r1)
        #expect(f1.count == 1)
        #expect(f1.first?.key == "photos" && f1.first?.localization == "fr" && f1.first?.severity == .warning)
        #expect(f1.first?.file == catalog && f1.first?.line == 4)
        #expect(f1.first?.message.contains("%lld reads argument 1") == true)

        try FileManager.default.createDirectory(atPath: dir + "/de.lproj", withIntermediateDirectories: true)
        let strings = Fixtures.write("\"a\" = \"A\";\n\"photos\" = \"%lld Fotos von %1$@\";\n", to: "de.lproj/Other.strings", in: dir)
        let f2 = mixed(try CatalogChecker.check(CatalogLoader.load([dir + "/de.lproj"])))
        #expect(f2.map(\.file) == [strings] && f2.map(\.line) == [2])

        let po = Fixtures.write("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: pl\\n"

            #, c-format
            msgid "%1$s has %2$d files"
            msgstr "%1$s ma %d plików"
            """, to: "pl.po", in: dir)
        let f3 = mixed(try CatalogChecker.check(CatalogLoader.load([po])))
        #expect(f3.count == 1 && f3.first?.file == po && f3.first?.message.contains("%d reads argument 1") == true)
    }

    @Test func androidJavaSpecifiersAreWarnedWithJavasCounter() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mixed")
        try FileManager.default.createDirectory(atPath: dir + "/res/values-de", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/res/values", withIntermediateDirectories: true)
        _ = Fixtures.write("<resources>\n  <string name=\"shared\">%1$s shared %2$d photos</string>\n</resources>\n",
                           to: "res/values/strings.xml", in: dir)
        let de = Fixtures.write("<resources>\n\n  <string name=\"shared\">%1$s hat %d Fotos geteilt</string>\n</resources>\n",
                                to: "res/values-de/strings.xml", in: dir)
        let f = mixed(try CatalogChecker.check(CatalogLoader.load([dir + "/res"])))
        #expect(f.count == 1 && f.first?.file == de && f.first?.line == 3 && f.first?.localization == "de")
        #expect(f.first?.message.contains("Java's Formatter counts unnumbered ones on their own from 1, so %d reads argument 1") == true)
    }

    /// An Android quantity the language never uses (English `zero`) is advice, as the same finding
    /// about a String Catalog's plural: a warning, so `check` passes without --strict.
    @Test func androidQuantitiesALanguageNeverUsesAreWarnings() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mixed")
        try FileManager.default.createDirectory(atPath: dir + "/res/values", withIntermediateDirectories: true)
        let en = Fixtures.write("<resources>\n  <plurals name=\"songs\">\n    <item quantity=\"zero\">no songs</item>\n"
                                + "    <item quantity=\"one\">%d song</item>\n    <item quantity=\"other\">%d songs</item>\n  </plurals>\n</resources>\n",
                                to: "res/values/strings.xml", in: dir)
        let report = try CatalogChecker.check(CatalogLoader.load([dir + "/res"]))
        let unused = report.problems.filter { $0.kind == .unusedPluralCategory }
        #expect(unused.count == 1 && unused.first?.severity == .warning && unused.first?.file == en && unused.first?.line == 2)
        #expect(!report.hasErrors)
        let cli = try CompileCommandTests().run(["check", dir + "/res"])
        #expect(cli.status == 0, "\(cli.stdout)\(cli.stderr)")
    }

    @Test func formattingIsUnchangedAndWellNumberedFormatsAreQuiet() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mixed")
        let catalog = Fixtures.write("""
            {"sourceLanguage":"en","version":"1.0","strings":{
              "%1$lld of %lld":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%1$lld of %lld"}}}},
              "50% off":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"50% off"}}}}
            }}
            """, to: "Localizable.xcstrings", in: dir)
        let findings = mixed(try CatalogChecker.check(CatalogLoader.load([catalog])))
        #expect(findings.map(\.key) == ["%1$lld of %lld"])
        let path = try Fixtures.compile([catalog], to: dir + "/out.lokale")
        let bundle = try Runtime(preferredLanguages: ["en"]).open(path: path, main: true)
        // The unnumbered %lld reads argument 1 again, as CFString prints it.
        #expect(try bundle.format("%1$lld of %lld", arguments: [.int(5), .int(7)]).text == "5 of 5")
    }
}
