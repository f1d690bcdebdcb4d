import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `lokale check` on ARB files (and `.mf2.json` resources): translations the template fills in are
/// missing, plural forms each language needs, arguments a translation adds or leaves out — each
/// finding at its file, line and (for an added argument) column.
struct ARBCheckTests {
    static let template = """
        {
          "@@locale": "en",
          "hello": "Hello {name}",
          "@hello": {"placeholders": {"name": {"type": "String"}, "title": {"type": "String"}}},
          "wombats": "{count, plural, =0{no wombats} =1{1 wombat} other{{count} wombats}}",
          "guests": "{n, plural, offset:1 =0{nobody} =1{you} one{you and # other} other{you and # others}}",
          "nested": "{g, select, female{{n, plural, one{she has # cat} other{she has # cats}}} other{{n, plural, other{they have # cats}}}}",
          "few": "{n, plural, few{a few} other{many}}",
          "said": "{who} said"
        }
        """
    static let russian = """
        {
          "hello": "Привет, {name}",
          "wombats": "{count, plural, =0{нет вомбатов} =1{1 вомбат} other{{count} вомбатов}}",
          "guests": "{n, plural, offset:1 =0{никого} =1{вы} one{вы и # другой} few{вы и # других} many{вы и # других} other{вы и # других}}",
          "nested": "{g, select, female{{n, plural, one{у неё # кошка} few{у неё # кошки} many{у неё # кошек} other{у неё # кошки}}} other{{n, plural, one{#} few{#} many{#} other{#}}}}"
        }
        """
    static let french = """
        {
          "hello": "Bonjour {title} {name}",
          "wombats": "{count, plural, one{{count} wombat} other{{count} wombats}}",
          "said": "\\t« \\u00e9 » {nom} a dit"
        }
        """

    func check(_ files: [(String, String)]) throws -> (CheckReport, [String]) {
        let dir = Fixtures.temporaryDirectory("lokale-arb-check")
        let paths = files.map { Fixtures.write($0.1, to: $0.0, in: dir) }
        return (try CatalogChecker.check(CatalogLoader.load(paths)), paths)
    }

    @Test func fillsAreMissingTranslations() throws {
        let (r, _) = try check([("app_en.arb", Self.template), ("app_ru.arb", Self.russian), ("app_fr.arb", Self.french)])
        let untranslated = r.problems.filter { $0.kind == .untranslated }
        #expect(untranslated.map(\.localization) == ["fr", "ru"])
        #expect(untranslated.first { $0.localization == "ru" }?.message.contains("'few', 'said'") == true)
        #expect(r.summary.localizations.first { $0.localization == "fr" }?.translated == 3)
        #expect(r.summary.localizations.first { $0.localization == "ru" }.map { ($0.translated, $0.total) } ?? (0, 0) == (4, 6))
    }

    @Test func pluralFormsEachLanguageNeeds() throws {
        let (r, _) = try check([("app_en.arb", Self.template), ("app_ru.arb", Self.russian), ("app_fr.arb", Self.french)])
        func gaps(_ key: String, _ l: String) -> [String] {
            r.problems.filter { $0.key == key && $0.localization == l && [.missingPluralCategory, .unusedPluralCategory].contains($0.kind) }.map(\.message)
        }
        // =1 is English's only `one`: nothing lacks; Russian's `one` is 1, 21, 31…: =1 does not cover it.
        #expect(gaps("wombats", "en").isEmpty)
        #expect(gaps("wombats", "ru") == ["{count, plural} lacks one, few, many, which fall to other (CLDR ru needs one, few, many, other)"])
        #expect(gaps("wombats", "fr") == ["{count, plural} lacks many, which fall to other (CLDR fr needs one, many, other)"])
        // offset:1 with =N (the value before the offset) and categories (after it).
        #expect(gaps("guests", "en").isEmpty && gaps("guests", "ru").isEmpty)
        // Nested under a select: each plural judged; the template's second has only `other`.
        #expect(gaps("nested", "en") == ["{n, plural} lacks one, which fall to other (CLDR en needs one, other)"])
        #expect(gaps("nested", "ru").isEmpty)
        #expect(gaps("few", "en") == ["{n, plural} lacks one, which fall to other (CLDR en needs one, other)",
                                      "{n, plural} includes few, which CLDR en never selects (CLDR en needs one, other)"])
    }

    @Test func argumentsATranslationAddsOrDrops() throws {
        let (r, paths) = try check([("app_en.arb", Self.template), ("app_ru.arb", Self.russian), ("app_fr.arb", Self.french)])
        // {nom}: an error at its column, counting the \t and \u00e9 escapes before it as one character each.
        let added = r.problems.filter { $0.kind == .format && $0.key == "said" }
        #expect(added.count == 1)
        let line = Self.french.split(separator: "\n")[3]
        let column = line.range(of: "{nom}").map { line[..<$0.lowerBound].count + 1 }
        #expect(added.first.map { ($0.severity, $0.file, $0.line, $0.column) } ?? (.warning, "", nil, nil) == (.error, paths[2], 4, column))
        #expect(added.first?.message.contains("reads {nom}, which the development message does not (callers") == true)
        // {title} is declared by the template's placeholders: callers pass it.
        #expect(!r.problems.contains { $0.key == "hello" && $0.localization == "fr" })
        // A translation without {count}: a warning; one without {who} entirely is untranslated.
        let dropped = r.problems.filter { $0.kind == .missingArgument }
        #expect(dropped.map { "\($0.severity) \($0.localization!) \($0.key!)" } == ["warning fr said"])
        let lost = try check([("app_en.arb", Self.template), ("app_de.arb", #"{"wombats": "{count, plural, =0{keine} other{viele}}", "said": "jemand sagte"}"#)]).0
        let missing = lost.problems.filter { $0.kind == .missingArgument }.map { "\($0.key!): \($0.message)" }
        #expect(missing == ["said: the translation does not use {who}, which the development message does"])
    }

    @Test func mf2ResourcesToo() throws {
        let en = #"{"@@locale": "en", "hi": "Hi {$name}", "@hi": {"arguments": {"name": {"type": "string"}, "extra": {}}}}"#
        let fr = "{\"@@locale\": \"fr\",\n \"hi\": \"Salut\\n{$nom} {$extra}\"}"
        let (r, paths) = try check([("Localizable.en.mf2.json", en), ("Localizable.fr.mf2.json", fr)])
        let added = r.problems.filter { $0.kind == .format }
        let line = fr.split(separator: "\n")[1]
        let column = line.range(of: "$nom").map { line[..<$0.lowerBound].count + 1 } ?? 0
        #expect(added.map { "\($0.file):\($0.line ?? 0):\($0.column ?? 0)" } == ["\(paths[1]):2:\(column)"])
        #expect(added.first?.message.contains("reads $nom,") == true)
        #expect(r.problems.filter { $0.kind == .missingArgument }.map(\.message) == ["the translation does not use $name, which the development message does"])
    }
}
