import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Findings about a bundle folder name the file and line that hold the message
/// (before, every one was blamed on the table's alphabetically first file, `de.lproj/…`, without a
/// line), and `lokale check` reports keys that only translations have.
@Suite struct BundleFolderDiagnosticsTests {
    static let stringsdict = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>files</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@n@ (%f)</string>
        <key>n</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key><string>lld</string>
          <key>one</key><string>%lld Datei</string>
          <key>other</key><string>%lld Dateien</string>
        </dict>
      </dict>
      <key>a &amp; b</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key><string>A und B</string>
      </dict>
    </dict>
    </plist>
    """

    /// en (development) and de, each a `.strings` file; de also has a `.stringsdict`.
    static func write() -> (folder: String, en: String, de: String, deDict: String) {
        let dir = Fixtures.temporaryDirectory("lokale-bundle-diag") + "/App"
        Fixtures.write(BundleFolderTests.infoPlist("<key>CFBundleDevelopmentRegion</key><string>en</string>"), to: "Info.plist", in: dir)
        let en = Fixtures.write("""
            /* Greeting */
            "greeting" = "Hello %@";

            "files" = "%lld files";
            "bad" = "%lld of 50%";
            "missing" = "Missing";
            """, to: "en.lproj/Localizable.strings", in: dir)
        let de = Fixtures.write("""
            "greeting" = "Hallo %lld";
            // left over from an old release
            "legacy.title" = "Alt";
            "bad" = "%lld von 50";
            "unquoted_key" = "Ohne";
            """, to: "de.lproj/Localizable.strings", in: dir)
        let deDict = Fixtures.write(stringsdict, to: "de.lproj/Localizable.stringsdict", in: dir)
        return (dir, en, de, deDict)
    }

    @Test func compileWarningsNameTheMessagesFileAndLine() throws {
        let f = Self.write()
        let warnings = try TableWriter.compile(CatalogLoader.load([f.folder])).statistics.warnings
        let greeting = try #require(warnings.first { $0.key == "greeting" && $0.localization == "de" })
        #expect(greeting.file == f.de && greeting.line == 1)
        #expect(greeting.description.hasPrefix("\(f.de):1: warning:"))
        // The development text's own problem is in en's file, line 5 (not de's, the first file).
        let bad = try #require(warnings.first { $0.key == "bad" && $0.localization == "en" })
        #expect(bad.file == f.en && bad.line == 5)
        // A .stringsdict message (its `%f` is an argument 2 the source lacks): its file and the
        // line of its top-level key.
        let files = try #require(warnings.first { $0.key == "files" && $0.localization == "de" })
        #expect(files.file == f.deDict && files.line == 4)
    }

    @Test func checkFindingsNameTheMessagesFileAndLine() throws {
        let f = Self.write()
        let report = try CatalogChecker.check(CatalogLoader.load([f.folder]))
        func finding(_ kind: CheckFinding.Kind, _ key: String, _ localization: String) -> CheckFinding? {
            report.problems.first { $0.kind == kind && $0.key == key && $0.localization == localization }
        }
        let greeting = try #require(finding(.format, "greeting", "de"))
        #expect(greeting.file == f.de && greeting.line == 1)
        let bad = try #require(finding(.format, "bad", "en"))
        #expect(bad.file == f.en && bad.line == 5)
        // Keys only translations have: a warning each, at the translation's file and line.
        let legacy = try #require(finding(.onlyInTranslation, "legacy.title", "de"))
        #expect(legacy.severity == .warning && legacy.file == f.de && legacy.line == 3)
        #expect(finding(.onlyInTranslation, "unquoted_key", "de")?.line == 5)
        let escaped = try #require(finding(.onlyInTranslation, "a & b", "de"))
        #expect(escaped.file == f.deDict && escaped.line == 15)
        // Keys the development localization has are not reported.
        #expect(finding(.onlyInTranslation, "greeting", "de") == nil)
        #expect(finding(.onlyInTranslation, "files", "de") == nil)
        // A finding about the whole localization names that localization's file.
        let untranslated = try #require(report.problems.first { $0.kind == .untranslated && $0.localization == "de" })
        #expect(untranslated.file == f.de || untranslated.file == f.deDict)
    }

    @Test func stringsKeyLinesFollowTheParsersUnescaping() throws {
        let dir = Fixtures.temporaryDirectory("lokale-strings-lines")
        let path = Fixtures.write("""
            "plain" = "1";
            /* a comment
               over lines */ "esc\\"aped\\n" = "2";
            "u\\U00e9" =
              "3";
            word = "4";
            "plain" = "5";
            """, to: "X.strings", in: dir)
        let (values, lines) = try StringsFileReader.readWithLines(path: path)
        #expect(Set(lines.keys) == Set(values.keys))
        #expect(lines["esc\"aped\n"] == 3)
        #expect(lines["u\u{e9}"] == 4)
        #expect(lines["word"] == 6)
        // A repeated key: the line of the entry whose value the parser keeps.
        #expect(values["plain"] == "5" && lines["plain"] == 7)
    }
}
