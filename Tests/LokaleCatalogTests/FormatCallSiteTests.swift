import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Translations are checked against what the call site passes, the development
/// text's specifiers completed by the key's (a String Catalog key is the format written in code),
/// and mixed numbering is judged by the arguments it needs, not rejected as such. Each case goes
/// through `lokale check` (CatalogChecker) and the compiler, and the compiled table is then formatted
/// to show which text the runtime really uses.
@Suite struct FormatCallSiteTests {
    static func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    static let catalog = """
    {"sourceLanguage":"en","version":"1.0","strings":{
      "%lld starred":{"localizations":{
        "en":\(unit("Starred")),
        "de":{"stringUnit":{"state":"translated","value":"%#@count@"},"substitutions":{"count":{"argNum":1,"formatSpecifier":"lld",
          "variations":{"plural":{"one":\(unit("%arg Stern")),"other":\(unit("%arg Sterne"))}}}}}}},
      "%@ starred":{"localizations":{"en":\(unit("Starred")),"de":\(unit("%lld Sterne"))}},
      "starred":{"localizations":{"en":\(unit("Starred")),"de":\(unit("%lld Sterne"))}},
      "%lld of %lld":{"localizations":{"en":\(unit("%lld of %lld")),"de":\(unit("%1$lld von %lld"))}},
      "done %lld":{"localizations":{"en":\(unit("Done: %lld")),"de":\(unit("%1$lld erledigt (%lld)"))}},
      "only %@":{"localizations":{"en":\(unit("Only %@")),"de":\(unit("%2$@ und %@"))}}
    }}
    """

    static func load() throws -> CatalogBundle {
        let dir = Fixtures.temporaryDirectory("lokale-callsite")
        return try CatalogLoader.load([Fixtures.write(catalog, to: "Localizable.xcstrings", in: dir)])
    }

    /// The keys the compiler replaced (with its reasons), and the same from `lokale check`.
    static func rejected() throws -> (compile: [String: String], check: Set<String>, bundle: LokaleCore.Bundle) {
        let bundle = try load()
        let (bytes, stats) = try TableWriter.compile(bundle)
        var compile: [String: String] = [:]
        for w in stats.warnings where w.localization == "de" { compile[w.key, default: ""] += w.message }
        let check = Set(try CatalogChecker.check(bundle).problems.filter { $0.kind == .format && $0.localization == "de" }.compactMap(\.key))
        let table = try bytes.withUnsafeBytes { raw throws(LokaleError) in try CompiledTable(file: MappedFile(copying: raw), verifyPayload: true) }
        return (compile, check, try Runtime(preferredLanguages: ["de"]).adopt(table, main: true))
    }

    @Test func theKeyStatesArgumentsTheDevelopmentTextDrops() throws {
        let (compile, check, bundle) = try Self.rejected()
        // Before: "uses argument 1, which the source does not have", and "Starred" was shown.
        #expect(compile["%lld starred"] == nil)
        #expect(!check.contains("%lld starred"))
        #expect(try bundle.format("%lld starred", arguments: [.int(3)]).text == "3 Sterne")
        #expect(try bundle.format("%lld starred", arguments: [.int(1)]).text == "1 Stern")
        // The key's type still counts: `%@` in the key, an integer in the translation.
        #expect(compile["%@ starred"]?.contains("argument 1 is text in the source but integer here") == true)
        #expect(check.contains("%@ starred"))
        // A key and a development text without specifiers take no arguments: the
        // message is plain text in every language, shown as written, as Apple shows it (a lookup
        // without arguments is never formatted), so "%lld" in its translation is not rejected.
        #expect(compile["starred"] == nil)
        #expect(!check.contains("starred"))
        #expect(try bundle.format("starred", arguments: []).text == "%lld Sterne")
    }

    @Test func mixedNumberingNeedsOnlyArgumentsTheSourceHas() throws {
        let (compile, check, bundle) = try Self.rejected()
        // `%1$lld von %lld`: the unnumbered one counts from 1 (CFString), so both are argument 1.
        #expect(compile["%lld of %lld"] == nil && !check.contains("%lld of %lld"))
        #expect(try bundle.format("%lld of %lld", arguments: [.int(2), .int(5)]).text == "2 von 2")
        #expect(compile["done %lld"] == nil && !check.contains("done %lld"))
        // `%2$@ und %@` needs argument 2, which neither the text nor the key has: rejected.
        #expect(compile["only %@"]?.contains("uses argument 2, which the source does not have") == true)
        #expect(check.contains("only %@"))
        #expect(try bundle.format("only %@", arguments: [.string("x")]).text == "Only x")
    }

    @Test func callSiteSignatureIsTheUnion() {
        let source = FormatParser.parse("Starred"), key = FormatParser.parse("%lld starred")
        #expect(FormatCompatibility.callSite(source: source, key: key).signature == [1: .integer])
        // The development text decides a position both use.
        let text = FormatParser.parse("%@ by %@")
        #expect(FormatCompatibility.callSite(source: text, key: FormatParser.parse("%lld by %@ %f")).signature == [1: .object, 2: .object, 3: .floating])
        // A key that is no format string adds nothing.
        #expect(FormatCompatibility.callSite(source: source, key: FormatParser.parse("100%")).signature.isEmpty)
    }
}
