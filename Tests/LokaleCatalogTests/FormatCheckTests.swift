import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// SPEC §6 safety at compile time: every text's specifiers, and every translation's against the
/// development localization's, reported with table, key and language.
@Suite struct FormatCheckTests {
    static func compile(_ json: String) throws -> TableWriter.Statistics {
        let dir = Fixtures.temporaryDirectory("format-check")
        let path = Fixtures.write(json, to: "Checks.xcstrings", in: dir)
        return try TableWriter.compile(CatalogLoader.load([path])).statistics
    }

    static func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    @Test func translationsAreCheckedAgainstTheSource() throws {
        let json = """
        {"sourceLanguage":"en","version":"1.0","strings":{
          "ok":      {"localizations":{"en":\(Self.unit("%1$@ has %2$lld")),"fr":\(Self.unit("%2$lld pour %1$@"))}},
          "swapped": {"localizations":{"en":\(Self.unit("%@ has %lld")),"fr":\(Self.unit("%lld pour %@"))}},
          "extra":   {"localizations":{"en":\(Self.unit("%lld files")),"de":\(Self.unit("%lld Dateien in %lld"))}},
          "stray":   {"localizations":{"en":\(Self.unit("%lld%% done")),"de":\(Self.unit("%lld% fertig"))}},
          "count":   {"localizations":{"en":\(Self.unit("%lld files")),"ja":\(Self.unit("%n"))}},
          "omits":   {"localizations":{"en":\(Self.unit("%lld files")),"de":\(Self.unit("Dateien"))}}
        }}
        """
        let stats = try Self.compile(json)
        let byKey = Dictionary(grouping: stats.warnings, by: \.key)
        #expect(byKey["ok"] == nil)
        #expect(byKey["omits"] == nil) // leaving an argument out is safe
        #expect(byKey["swapped"]?.first?.localization == "fr")
        #expect(byKey["swapped"]?.first?.table == "Checks")
        #expect(byKey["swapped"]?.contains { $0.message.contains("argument 1 is text in the source but integer here") } == true)
        #expect(byKey["extra"]?.contains { $0.message.contains("uses argument 2, which the source does not have") } == true)
        #expect(byKey["stray"]?.first?.localization == "de")
        #expect(byKey["count"]?.contains { $0.message.contains("%n is never allowed") } == true)
        #expect(stats.replaced == 4)
        // Each names the line of the translation, as `lokale check` does.
        #expect(stats.warnings.allSatisfy { $0.line != nil && $0.description.contains("Checks.xcstrings:\($0.line!): warning: [Checks]") })

        // At run time the replaced translations show the development text and say why.
        let dir = Fixtures.temporaryDirectory("format-check-run")
        let table = try Fixtures.compile([Fixtures.write(json, to: "Checks.xcstrings", in: dir)], to: dir + "/C.lokale")
        let runtime = Runtime(preferredLanguages: ["de"])
        let bundle = try runtime.open(path: table)
        let extra = try bundle.format("extra", table: "Checks", arguments: [.int(3)])
        #expect(extra.text == "3 files")
        #expect(extra.problems.count == 1)
        #expect(try bundle.string("extra", table: "Checks") == "%lld files") // a plain lookup is safe to format too
        #expect(try bundle.format("omits", table: "Checks", arguments: [.int(3)]).text == "Dateien")
    }

    @Test(.enabled(if: Fixtures.hasConformance, "../shared/conformance is absent (set LOKALE_CONFORMANCE to run these tests)"))
    func xcstringsToolBrokenFixtures() throws {
        let fixtures = Fixtures.conformance! + "/catalogs/xcstrings-tool/Tests/XCStringsToolTests/__Fixtures__/"
        func warnings(_ name: String) throws -> [CatalogWarning] {
            try TableWriter.compile(CatalogLoader.load([fixtures + name])).statistics.warnings
        }
        let mismatch = try warnings("!MismatchingArgumentType.xcstrings")
        #expect(mismatch.count == 1)
        #expect(mismatch.first?.key == "Key" && mismatch.first?.localization == "en")
        #expect(mismatch.first?.message.contains("argument 1 is used as integer and as object") == true)
        let missing = try warnings("!MissingArgument.xcstrings")
        #expect(missing.first?.message.contains("argument 1 is never used although a later one is") == true)
        // %c is a specifier Apple accepts, and so does Lokale (xcstrings-tool does not).
        #expect(try warnings("!UnsupportedFormatSpecifiers.xcstrings").isEmpty)
        // Apple formats "%@, are you there? %1$@?": unnumbered specifiers count from 1.
        #expect(try warnings("Positional.xcstrings").isEmpty)
    }
}
