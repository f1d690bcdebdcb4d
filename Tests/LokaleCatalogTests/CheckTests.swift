import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `CatalogChecker` and the real `lokale-cli check` over catalogs written to disk.
@Suite struct CheckTests {
    static func unit(_ value: String, _ state: String = "translated") -> String {
        #"{"stringUnit":{"state":"\#(state)","value":"\#(value)"}}"#
    }
    static func plural(_ cases: [String: String]) -> String {
        let body = cases.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\(unit($0.value))" }.joined(separator: ",")
        return #"{"variations":{"plural":{\#(body)}}}"#
    }

    /// Russian with missing few/many (and one plural without `other`), English with `few`, a format
    /// mismatch, every state, a stale key and one that must not be translated.
    static let localizable = """
    {"sourceLanguage":"en","version":"1.0","strings":{
      "files.count":{"localizations":{
         "en":\(plural(["one": "%lld file", "other": "%lld files"])),
         "ru":\(plural(["one": "%lld файл", "other": "%lld файла"]))}},
      "items":{"localizations":{
         "en":\(plural(["one": "%lld item", "few": "%lld items (few)", "other": "%lld items"])),
         "ru":\(plural(["one": "%lld штука", "few": "%lld штуки", "many": "%lld штук"]))}},
      "greeting":{"localizations":{"en":\(unit("Hello %@")),"ru":\(unit("Привет %lld"))}},
      "review":{"localizations":{"en":\(unit("Review")),"ru":\(unit("Обзор", "needs_review"))}},
      "fresh":{"localizations":{"en":\(unit("Fresh")),"ru":\(unit("Свежий", "new"))}},
      "old":{"extractionState":"stale","localizations":{"en":\(unit("Old")),"ru":\(unit("Старый", "stale"))}},
      "missing":{"localizations":{"en":\(unit("Missing"))}},
      "brand":{"shouldTranslate":false,"localizations":{"en":\(unit("Lokale"))}},
      "shared":{"localizations":{"en":\(unit("Shared")),"ru":\(unit("Общий"))}}
    }}
    """
    static let other = """
    {"sourceLanguage":"en","version":"1.0","strings":{
      "shared":{"localizations":{"en":\(unit("Shared too")),"ru":\(unit("Тоже общий"))}}
    }}
    """

    static func write() -> (dir: String, localizable: String, other: String) {
        let dir = Fixtures.temporaryDirectory("lokale-check")
        return (dir, Fixtures.write(localizable, to: "Localizable.xcstrings", in: dir), Fixtures.write(other, to: "Other.xcstrings", in: dir))
    }

    /// 1-based line of the first line of `localizable` containing `text`.
    static func line(of text: String) -> Int? {
        localizable.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    static func report(_ paths: [String], codeDefaults: [ExtractedMessage] = []) throws -> CheckReport {
        try CatalogChecker.check(CatalogLoader.load(paths), options: .init(codeDefaults: codeDefaults))
    }

    func findings(_ r: CheckReport, _ kind: CheckFinding.Kind, key: String? = nil, _ localization: String? = nil) -> [CheckFinding] {
        r.problems.filter { $0.kind == kind && (key == nil || $0.key == key) && (localization == nil || $0.localization == localization) }
    }

    @Test func pluralCategoriesComeFromICU() throws {
        #expect(PluralCategories.required(for: "ru") == [.one, .few, .many, .other])
        #expect(PluralCategories.required(for: "en") == [.one, .other])
        #expect(PluralCategories.required(for: "en", ordinal: true) == [.one, .two, .few, .other])
        #expect(PluralCategories.required(for: "ja") == [.other])
        #expect(PluralCategories.required(for: "ar") == [.zero, .one, .two, .few, .many, .other])
        // Legacy folder names are their languages (English.lproj), and tags may use '_' or '-'.
        #expect(PluralCategories.required(for: "English") == [.one, .other])
        #expect(PluralCategories.required(for: "Russian") == PluralCategories.required(for: "ru"))
        #expect(PluralCategories.required(for: "pt_PT") == PluralCategories.required(for: "pt-PT"))
    }

    /// An English.lproj stringsdict: the runtime picks `one` for 1 with English rules, and the checker,
    /// asking the same rules, finds nothing to report.
    @Test func legacyLprojNamesUseTheirLanguagesRules() throws {
        let dir = Fixtures.temporaryDirectory("lokale-check")
        let dict = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>files</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
        <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>lld</string>
        <key>one</key><string>%lld file</string><key>other</key><string>%lld files</string></dict></dict></dict></plist>
        """
        Fixtures.write(dict, to: "English.lproj/Localizable.stringsdict", in: dir)
        let sources = [dir + "/English.lproj"]
        let bundle = try CompiledBundle(sources) { $0.developmentLocalization = "English" }.open(["en"])
        #expect(try bundle.format("files", arguments: [.int(1)]).text == "1 file")
        #expect(try bundle.format("files", arguments: [.int(2)]).text == "2 files")
        var catalog = try CatalogLoader.load(sources)
        catalog.developmentLocalization = "English"
        #expect(try CatalogChecker.check(catalog).problems.isEmpty)
    }

    /// Every (locale, type) of ICU's own plural samples: the categories sampled are the categories
    /// the rules define, and PluralCategories must list exactly those.
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func pluralCategoriesMatchICUSamples() throws {
        let text = try String(contentsOfFile: Conformance.path("icu4c-72.1/plural-samples-icu72-cldr42.tsv"), encoding: .utf8)
        var sampled: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t")
            guard f.count >= 3 else { continue }
            sampled["\(f[0])\t\(f[1])", default: []].insert(String(f[2]))
        }
        #expect(sampled.count > 300)
        for (id, categories) in sampled {
            let parts = id.split(separator: "\t")
            let required = PluralCategories.required(for: String(parts[0]), ordinal: parts[1] == "ordinal")
            #expect(required.map { Set($0.map(\.rawValue)) } == categories, "\(id)")
        }
    }

    @Test func findingsThroughTheAPI() throws {
        let files = Self.write()
        let r = try Self.report([files.localizable, files.other])

        // Russian lacks few and many: a warning naming what CLDR needs.
        let ru = findings(r, .missingPluralCategory, key: "files.count", "ru")
        #expect(ru.count == 1)
        #expect(ru.first?.severity == .warning)
        #expect(ru.first?.message == "plural variation lacks few, many (CLDR ru needs one, few, many, other)")
        #expect(ru.first?.file == files.localizable && ru.first?.table == "Localizable")
        #expect(ru.first?.line == Self.line(of: "%lld файл\""), "the line of the ru entry of files.count")
        // Without `other` some counts have no text: an error.
        let items = findings(r, .missingPluralCategory, key: "items", "ru")
        #expect(items.map(\.severity) == [.error])
        #expect(items.first?.message.contains("lacks other") == true)
        // English never selects `few`.
        let few = findings(r, .unusedPluralCategory, key: "items", "en")
        #expect(few.map(\.severity) == [.warning])
        #expect(few.first?.message.contains("has few, which CLDR en never selects") == true)
        #expect(findings(r, .unusedPluralCategory, key: "files.count").isEmpty)

        // The format mismatch is the compiler's own finding, as an error.
        let format = findings(r, .format, key: "greeting", "ru")
        #expect(format.map(\.severity) == [.error])
        #expect(format.first?.message.contains("argument 1 is text in the source but integer here") == true)
        #expect(format.first?.line == Self.line(of: "Привет"))

        // Duplicate key across the two tables, naming both files.
        let dup = findings(r, .duplicateKey, key: "shared")
        #expect(dup.count == 1)
        #expect(dup.first?.message.contains("'Localizable' (\(files.localizable))") == true)
        #expect(dup.first?.message.contains("'Other' (\(files.other))") == true)

        // States and completeness: 8 translatable keys (brand excluded); ru has 8 messages of which
        // `fresh` is new and `missing` absent.
        let stats = try #require(r.summary.localizations.first { $0.localization == "ru" })
        let localizableTotal = 8, otherTotal = 1
        #expect(stats.total == localizableTotal + otherTotal)
        #expect(stats.translated == stats.total - 2)
        #expect(stats.needsReview == 1 && stats.new == 1)
        #expect(stats.stale == 2, "one state stale, one extractionState stale")
        let en = try #require(r.summary.localizations.first { $0.localization == "en" })
        #expect(en.translated == en.total && en.percent == 100)
        #expect(r.summary.developmentLocalization == "en")
        let untranslated = findings(r, .untranslated, "ru")
        #expect(untranslated.count == 1)
        #expect(untranslated.first?.message.contains("2 of 8 keys untranslated: 'fresh', 'missing'") == true)
        #expect(findings(r, .needsReview, key: "review", "ru").count == 1)
        #expect(findings(r, .stale, key: "old", "ru").count == 1)
        #expect(findings(r, .stale, key: "old").contains { $0.localization == nil })
        #expect(r.errorCount == 2 && r.hasErrors)
        #expect(r.summary.errors == r.errorCount && r.summary.warnings == r.warningCount)
        #expect(r.promotingWarnings().problems.allSatisfy { $0.severity == .error })
    }

    @Test func codeDefaultsAreComparedWithTheDevelopmentText() throws {
        let files = Self.write()
        let defaults = [
            ExtractedMessage(key: "review", defaultValue: "Review", file: "App.swift", line: 3),
            ExtractedMessage(key: "missing", defaultValue: "Missing!", comment: "shown when…", file: "App.swift", line: 7),
            ExtractedMessage(key: "shared", table: "Other", defaultValue: "Shared", file: "Other.swift", line: 9),
            ExtractedMessage(key: "files.count", defaultValue: "%lld file(s)", file: "App.swift", line: 11), // plural: not compared
            ExtractedMessage(key: "fresh", defaultValue: nil, file: "App.swift", line: 12),
        ]
        let r = try Self.report([files.localizable, files.other], codeDefaults: defaults)
        let found = findings(r, .defaultMismatch)
        #expect(found.map(\.key) == ["missing", "shared"])
        #expect(found.allSatisfy { $0.severity == .warning && $0.localization == "en" })
        #expect(found.first?.file == "App.swift" && found.first?.line == 7)
        #expect(found.first?.message.contains("\"Missing!\" differs from the en text \"Missing\" in \(files.localizable):") == true)
        #expect(found.last?.table == "Other" && found.last?.message.contains(files.other) == true)
    }

    /// Lines point at the key itself, even when its text appears earlier as a value, and keys with
    /// JSON escapes are found.
    @Test func linesPointAtTheKey() throws {
        let ru = Self.plural(["one": "%lld x", "other": "%lld y"])
        let lines = [
            #"{"sourceLanguage":"en","version":"1.0","strings":{"#,
            #"  "aaa":{"localizations":{"en":\#(Self.unit("Line"))}},"#,
            #"  "Line":{"extractionState":"stale","localizations":{"#,
            #"     "ru":\#(ru)}},"#,
            #"  "caf\u00e9 \"quoted\"":{"localizations":{"#,
            #"     "ru":\#(ru)}},"#,
            #"  "emoji \ud83d\ude00":{"localizations":{"ru":\#(ru)}}"#,
            #"}}"#,
        ]
        let dir = Fixtures.temporaryDirectory("lokale-check")
        let path = Fixtures.write(lines.joined(separator: "\n"), to: "Localizable.xcstrings", in: dir)
        let r = try Self.report([path])
        func line(_ key: String) -> Int? { findings(r, .missingPluralCategory, key: key, "ru").first?.line }
        #expect(line("Line") == 4, "the ru entry of Line")
        let stale = findings(r, .stale, key: "Line").first { $0.localization == nil }
        #expect(stale?.line == 3, "the key itself, not the value \"Line\" on line 2")
        #expect(line("café \"quoted\"") == 6)
        #expect(line("emoji 😀") == 7)
    }

    /// Plurals inside device variants and substitutions, and ordinal variations judged by ordinal rules.
    @Test func nestedAndOrdinalPlurals() throws {
        let onlyOther = Self.plural(["other": "%lld"]).dropFirst(#"{"variations":"#.count).dropLast()
        let ordinal = #"{"variations":{"ordinal":{"one":\#(Self.unit("%lldst")),"other":\#(Self.unit("%lldth"))}}}"#
        let json = """
        {"sourceLanguage":"en","version":"1.0","strings":{
          "device":{"localizations":{"en":{"variations":{"device":{"iphone":{"variations":\(onlyOther)},"other":\(Self.unit("x %lld"))}}}}},
          "place":{"localizations":{"en":\(ordinal)}},
          "sub":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@n@"},
             "substitutions":{"n":{"formatSpecifier":"lld","variations":{"plural":{"other":\(Self.unit("%arg n"))}}}}}}}
        }}
        """
        let path = Fixtures.write(json, to: "Localizable.xcstrings", in: Fixtures.temporaryDirectory("lokale-check"))
        let r = try Self.report([path])
        #expect(findings(r, .missingPluralCategory, key: "device").map(\.message) == ["device 'iphone': plural variation lacks one (CLDR en needs one, other)"])
        #expect(findings(r, .missingPluralCategory, key: "place").map(\.message) == ["ordinal variation lacks two, few (CLDR en ordinals use one, two, few, other)"])
        #expect(findings(r, .missingPluralCategory, key: "sub").map(\.message) == ["substitution 'n': plural variation lacks one (CLDR en needs one, other)"])
    }

    // MARK: The command line

    let cli = CompileCommandTests()

    @Test func humanOutputAndExitStatus() throws {
        let files = Self.write()
        let r = try cli.run(["check", files.localizable, files.other])
        #expect(r.status == 1, "format mismatch and a plural without other are errors")
        #expect(r.stdout.contains("\(files.localizable):\(Self.line(of: "%lld файл\"")!): warning: [Localizable] ru 'files.count': plural variation lacks few, many (CLDR ru needs one, few, many, other)"), "\(r.stdout)")
        #expect(r.stdout.contains("\(files.localizable):\(Self.line(of: "Привет")!): error: [Localizable] ru 'greeting': argument 1"))
        #expect(r.stdout.contains("[Localizable] 'shared': key is defined in 2 tables"))
        let header = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("language") })
        #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["language", "translated", "needs_review", "new", "stale"])
        let ruRow = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("ru ") })
        #expect(ruRow.split(separator: " ", omittingEmptySubsequences: true) == ["ru", "77.8%", "(7/9)", "1", "1", "2"])
        #expect(r.stdout.contains("2 errors,"))
        // Nothing is written beside the sources.
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.dir).sorted() == ["Localizable.xcstrings", "Other.xcstrings"])
    }

    @Test func jsonListsTheProblems() throws {
        let files = Self.write()
        let r = try cli.run(["check", "--json", files.localizable, files.other])
        #expect(r.status == 1)
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(r.stdout.utf8))
        let api = try Self.report([files.localizable, files.other])
        #expect(report.problems == api.problems)
        #expect(report.summary.localizations == api.summary.localizations)
        // The raw field names the issue asks for.
        let raw = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let first = try #require((raw["problems"] as? [[String: Any]])?.first)
        for field in ["severity", "kind", "file", "table", "key", "localization", "message"] { #expect(first[field] != nil, "\(field)") }
    }

    /// `--code` runs the extractor over real source files: a default value that differs from the
    /// catalog's development text is reported at the code's line; agreeing ones are not.
    @Test func codeDefaultsThroughTheExtractor() throws {
        let dir = Fixtures.temporaryDirectory("lokale-check")
        let json = """
        {"sourceLanguage":"en","version":"1.0","strings":{
          "greeting":{"localizations":{"en":\(Self.unit("Hello"))}},
          "farewell":{"localizations":{"en":\(Self.unit("Goodbye"))}}}}
        """
        let catalog = Fixtures.write(json, to: "Localizable.xcstrings", in: dir)
        let swift = Fixtures.write("""
        import SwiftUI
        let a = String(localized: "greeting", defaultValue: "Hello!", comment: "changed in code")
        let b = String(localized: "farewell", defaultValue: "Goodbye")
        """, to: "src/App.swift", in: dir)
        let python = Fixtures.write("""
        title = bundle.string("farewell", default="Bye")
        """, to: "src/app.py", in: dir)
        let r = try cli.run(["check", catalog, "--code", dir + "/src"])
        #expect(r.status == 0, "mismatched defaults are warnings: \(r.stdout)\(r.stderr)")
        let mismatches = r.stdout.split(separator: "\n").filter { $0.contains("default") && $0.contains("'") }
        #expect(mismatches.count == 2, "\(r.stdout)")
        #expect(mismatches.contains { $0.hasPrefix("\(swift):2: warning:") && $0.contains("'greeting'") }, "\(r.stdout)")
        #expect(mismatches.contains { $0.hasPrefix("\(python):1: warning:") && $0.contains("'farewell'") }, "\(r.stdout)")
        #expect(try cli.run(["check", "--strict", catalog, "--code", swift]).status == 1)
        #expect(try cli.run(["check", catalog, "--code", dir + "/missing"]).status == 1)
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let dir = Fixtures.temporaryDirectory("lokale-check")
        let json = """
        {"sourceLanguage":"en","version":"1.0","strings":{
          "files":{"localizations":{"en":\(Self.plural(["one": "%lld file", "other": "%lld files"])),
                                    "ru":\(Self.plural(["one": "%lld файл", "other": "%lld файла"]))}}}}
        """
        let path = Fixtures.write(json, to: "Localizable.xcstrings", in: dir)
        let plain = try cli.run(["check", path])
        #expect(plain.status == 0, "warnings alone: \(plain.stdout)")
        #expect(plain.stdout.contains("0 errors, 1 warning"))
        let strict = try cli.run(["check", "--strict", path])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error: [Localizable] ru 'files': plural variation lacks few, many"))
        let json2 = try cli.run(["check", "--strict", "--json", path])
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(json2.stdout.utf8))
        #expect(report.problems.map(\.severity) == [.error] && report.summary.errors == 1)

        let clean = Fixtures.write(CompileCommandTests.goodCatalog, to: "Clean.xcstrings", in: Fixtures.temporaryDirectory("lokale-check"))
        #expect(try cli.run(["check", "--strict", clean]).status == 0)
    }

    @Test func usageAndInputErrors() throws {
        #expect(try cli.run(["check"]).status == 2)
        #expect(try cli.run(["check", "--bogus", "x.xcstrings"]).status == 2)
        let dir = Fixtures.temporaryDirectory("lokale-check")
        let bad = Fixtures.write(CompileCommandTests.badCatalog, to: "BAD.xcstrings", in: dir)
        let r = try cli.run(["check", bad])
        #expect(r.status == 1)
        #expect(r.stderr.contains("BAD.xcstrings:5:3:"))
    }

    // MARK: Real catalogs

    /// Every collected catalog: checking never fails, format findings are exactly the compiler's
    /// warnings, and the statistics agree with counts taken from the JSON directly.
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func conformanceCatalogs() throws {
        let catalogs = Conformance.files(under: "catalogs", ext: "xcstrings")
        #expect(catalogs.count >= 18)
        for path in catalogs {
            let bundle = try CatalogLoader.load([path])
            let r = try CatalogChecker.check(bundle)
            let compiled = try TableWriter.compile(bundle).statistics.warnings
            #expect(r.problems.filter { $0.kind == .format }.count == compiled.count, "\(path)")

            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let strings = try #require(json["strings"] as? [String: [String: Any]])
            let translatable = strings.filter { ($0.value["shouldTranslate"] as? Bool) != false }
            for s in r.summary.localizations {
                #expect(s.total == translatable.count, "\(path) \(s.localization)")
                guard s.localization != bundle.developmentLocalization else { continue }
                // Plain string units give a lower bound of each state; variations may add to it.
                var plain: [String: Int] = [:], varied = 0
                for entry in translatable.values {
                    guard let l = (entry["localizations"] as? [String: Any])?[s.localization] as? [String: Any] else { continue }
                    if let unit = l["stringUnit"] as? [String: Any], l["variations"] == nil {
                        plain[unit["state"] as? String ?? "", default: 0] += 1
                    } else { varied += 1 }
                }
                #expect((plain["needs_review", default: 0]...(plain["needs_review", default: 0] + varied)).contains(s.needsReview), "\(path) \(s.localization)")
                #expect(s.translated <= translatable.count - plain["new", default: 0] + 0, "\(path) \(s.localization)")
                #expect(s.translated >= plain["translated", default: 0] + plain["needs_review", default: 0], "\(path) \(s.localization)")
            }
        }
        // The whole CotEditor set through the real CLI: no crash, parseable JSON, a summary row per language.
        let cot = catalogs.filter { $0.contains("/CotEditor/") }
        let run = try cli.run(["check", "--json"] + cot)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(run.stdout.utf8))
        #expect(report.summary.localizations.count == 18)
        #expect(report.problems.contains { $0.kind == .missingPluralCategory && $0.localization == "fr" }, "French needs `many` (CLDR 42)")
    }

    /// .lproj bundles (.strings and .stringsdict) check too; their findings name the file without a line.
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func conformanceBundles() throws {
        for folder in ["catalogs/transmission@56209a8f86d6/macosx", "catalogs/adium@0f7136b34698/Resources"] {
            let run = try cli.run(["check", "--json", Conformance.path(folder)])
            #expect(run.status == 0 || run.status == 1, "\(folder): \(run.stderr)")
            let report = try JSONDecoder().decode(CheckReport.self, from: Data(run.stdout.utf8))
            #expect(!report.summary.localizations.isEmpty)
            #expect(report.problems.allSatisfy { !$0.file.isEmpty })
        }
    }
}
