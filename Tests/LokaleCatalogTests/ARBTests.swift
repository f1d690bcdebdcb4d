import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Flutter ARB files (ICU MessageFormat messages) compiled into a table: read through the same JSON
/// resource reader as `.mf2.json`, each message parsed by `ICUMessageFormat` into the MF2 data model,
/// formatted under the bundle contract with named arguments.
struct ARBTests {
    static let english = """
        {
          "@@locale": "en",
          "helloWorld": "Hello World!",
          "@helloWorld": {"description": "The conventional newborn programmer greeting"},
          "nWombats": "{count, plural, =0{no wombats} =1{1 wombat} other{{count} wombats}}",
          "@nWombats": {"description": "A plural message", "placeholders": {"count": {"type": "num"}}},
          "said": "{gender, select, male{he} female{she} other{they}} said ''{count, plural, one{# item} other{# items}}''",
          "guests": "{host} invited {n, plural, offset:1 =0{nobody} =1{only you} one{you and # other} other{you and # others}}"
        }
        """
    static let french = """
        {
          "helloWorld": "Bonjour le monde !",
          "nWombats": "{count, plural, =0{aucun wombat} =1{1 wombat} other{{count} wombats}}",
          "guests": "{host} a invité {n, plural, offset:1 =0{personne} =1{vous seul} one{vous et # autre} other{vous et # autres}}"
        }
        """

    @Test func arbFilesFollowTheBundleContract() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb")
        let en = Fixtures.write(Self.english, to: "app_en.arb", in: dir)
        let fr = Fixtures.write(Self.french, to: "app_fr.arb", in: dir)
        let path = try Fixtures.compile([en, fr], to: dir + "/out.lokale")
        let french = try Runtime(preferredLanguages: ["fr-CA"]).open(path: path, main: true)
        func f(_ b: LokaleCore.Bundle, _ key: String, _ args: [String: MF2.Argument]) throws -> String {
            try b.format(key, arguments: [], named: args).text
        }
        #expect(try french.string("helloWorld") == "Bonjour le monde !")
        #expect(try f(french, "nWombats", ["count": 0]) == "aucun wombat")
        #expect(try f(french, "nWombats", ["count": 1]) == "1 wombat")
        #expect(try f(french, "nWombats", ["count": 1_000_000]) == "1\u{202F}000\u{202F}000 wombats")
        // offset:1: =N reads the value itself, categories and # the value minus one.
        #expect(try f(french, "guests", ["host": "Ana", "n": 0]) == "Ana a invité personne")
        #expect(try f(french, "guests", ["host": "Ana", "n": 2]) == "Ana a invité vous et 1 autre")
        #expect(try f(french, "guests", ["host": "Ana", "n": 4]) == "Ana a invité vous et 3 autres")
        // French has no `said`: as gen-l10n, the template's message (formatted in French).
        #expect(try f(french, "said", ["gender": "female", "count": 2]) == "she said '2 items'")
        #expect(try f(french, "said", ["gender": "x", "count": 1_000]) == "they said '1\u{202F}000 items'")
        let english = try Runtime(preferredLanguages: ["en"]).open(path: path, main: true)
        #expect(try f(english, "said", ["gender": "female", "count": 1]) == "she said '1 item'")
        #expect(try f(english, "said", ["gender": "x", "count": 3]) == "they said '3 items'")
        // A plain lookup answers the message as written; the description is the key's comment.
        #expect(try english.string("nWombats") == "{count, plural, =0{no wombats} =1{1 wombat} other{{count} wombats}}")
        let loaded = try CatalogLoader.load([en, fr])
        #expect(loaded.tables["Localizable"]?.info["helloWorld"]?.comment == "The conventional newborn programmer greeting")
        #expect(loaded.tables["Localizable"]?.info["nWombats"]?.comment == "A plural message\nArguments: $count: num")
    }

    @Test func localesComeFromTheFileNameAndErrorsHaveTheirPlace() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb")
        let brazil = Fixtures.write(#"{"hi": "Olá {name}"}"#, to: "app_pt_BR.arb", in: dir)
        #expect(try MessageFormatJSON.read(path: brazil).localization == "pt-BR")
        let bad = Fixtures.write("{\n  \"ok\": \"fine\",\n  \"bad\": \"{n, plural, one{x}}\"\n}\n", to: "app_en.arb", in: dir)
        let error = try #require(catalogError { _ = try CatalogLoader.load([bad]) })
        #expect(error.file == bad && error.line == 3)
        #expect(error.message.contains("message 'bad'") && error.message.contains("an `other` variant"))
        let currency = Fixtures.write(#"{"price": "{p, number, currency}"}"#, to: "shop_de.arb", in: dir)
        #expect(try #require(catalogError { _ = try CatalogLoader.load([currency]) }).message.contains("currency"))
        let noLocale = Fixtures.write(#"{"a": "b"}"#, to: "strings.arb", in: dir)
        #expect(try #require(catalogError { _ = try CatalogLoader.load([noLocale]) }).message.contains("no locale"))
    }
}
