import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// String Catalog rules that the collected catalogs do not exercise, on small catalogs written for
/// each case: missing argNum, shouldTranslate false, keys without a source-language entry, nested
/// device and plural variations, placeholders.
struct StringCatalogSemanticsTests {
    func compile(_ json: String, name: String = "Localizable.xcstrings") throws -> CompiledBundle {
        let dir = Fixtures.temporaryDirectory("lokale-xcstrings")
        return try CompiledBundle([Fixtures.write(json, to: name, in: dir)])
    }

    static func plural(_ one: String, _ other: String) -> String {
        #"{"plural":{"one":{"stringUnit":{"state":"translated","value":"\#(one)"}},"other":{"stringUnit":{"state":"translated","value":"\#(other)"}}}}"#
    }

    @Test func missingArgNumIsInferredFromThePositionOfTheSubstitution() throws {
        let compiled = try compile(#"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "account.label.followers %lld %@":{"localizations":{"en":{
            "stringUnit":{"state":"translated","value":"%@ has %#@followers@"},
            "substitutions":{"followers":{"formatSpecifier":"lld","variations":\#(Self.plural("%arg follower", "%arg followers"))}}}}},
          "first":{"localizations":{"en":{
            "stringUnit":{"state":"translated","value":"%#@items@ for %@"},
            "substitutions":{"items":{"formatSpecifier":"ld","variations":\#(Self.plural("one item", "%arg items"))}}}}}
        }}
        """#)
        let bundle = try compiled.open(["en"])
        let key = "account.label.followers %lld %@"
        #expect(try bundle.format(key, arguments: [.string("Ann"), .int(1)]).text == "Ann has 1 follower")
        #expect(try bundle.format(key, arguments: [.string("Ann"), .int(5)]).text == "Ann has 5 followers")
        #expect(try bundle.format(key, arguments: [.string("Ann"), .int(5)]).problems == [])
        #expect(try bundle.format("first", arguments: [.int(1), .string("Bo")]).text == "one item for Bo")
        #expect(try bundle.format("first", arguments: [.int(4), .string("Bo")]).text == "4 items for Bo")

        let (table, _) = try StringCatalogReader.read(path: compiled.sourcesPath("Localizable.xcstrings"))
        #expect(table.messages["en"]?[key]?.substitutions.map(\.argument) == [2])
        #expect(table.messages["en"]?["first"]?.substitutions.map(\.argument) == [1])
    }

    @Test func missingArgNumWithoutAReferenceFailsCleanly() throws {
        let dir = Fixtures.temporaryDirectory("lokale-xcstrings")
        let path = Fixtures.write(#"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "orphan" : {
              "localizations" : {
                "en" : {
                  "stringUnit" : { "state" : "translated", "value" : "No reference here %lld" },
                  "substitutions" : { "count" : { "formatSpecifier" : "lld", "variations" : \#(Self.plural("%arg", "%arg")) } }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """#, to: "Orphan.xcstrings", in: dir)
        let error = catalogError { _ = try CatalogLoader.load([path]) }
        #expect(error?.file == path)
        #expect(error?.line == 6)
        #expect(error?.message.contains("'orphan'") == true)
        #expect(error?.message.contains("%#@count@") == true)
    }

    @Test func shouldTranslateFalseShowsTheSourceTextInEveryLanguage() throws {
        let compiled = try compile(#"""
        {"sourceLanguage":"en","version":"1.1","strings":{
          "brand":{"shouldTranslate":false,"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"Lokale Pro"}},
            "de":{"stringUnit":{"state":"translated","value":"Lokale Profi"}}}},
          "brand.bare":{"shouldTranslate":false},
          "hello":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"Hello"}},
            "de":{"stringUnit":{"state":"translated","value":"Hallo"}},
            "fr":{"stringUnit":{"state":"translated","value":"Bonjour"}}}}
        }}
        """#)
        for language in ["en", "de", "fr"] {
            let bundle = try compiled.open([language])
            #expect(try bundle.string("brand") == "Lokale Pro", "\(language)")
            #expect(try bundle.string("brand.bare") == "brand.bare", "\(language)")
        }
        #expect(try compiled.open(["de"]).string("hello") == "Hallo")
        #expect(try compiled.open(["fr"]).string("hello") == "Bonjour")
        #expect(try compiled.open(["fr"]).format("brand", arguments: []).resolution.step == .translation)
    }

    @Test func keyWithoutSourceLanguageEntryUsesTheKeyAsSourceText() throws {
        let compiled = try compile(#"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "Only in German %@":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"Nur Deutsch %@"}}}},
          "Nothing":{}
        }}
        """#)
        let en = try compiled.open(["en"])
        #expect(try en.string("Only in German %@") == "Only in German %@")
        #expect(try en.format("Only in German %@", arguments: [.string("x")]).text == "Only in German x")
        #expect(try en.format("Only in German %@", arguments: [.string("x")]).resolution.step == .translation)
        #expect(try en.string("Nothing") == "Nothing")
        let de = try compiled.open(["de"])
        #expect(try de.format("Only in German %@", arguments: [.string("x")]).text == "Nur Deutsch x")
        // de has no entry for "Nothing": Apple's rule shows the key, without looking further.
        #expect(try de.format("Nothing", arguments: []).resolution.step == .key)
        // Unknown preference: the development localization (the source language) answers.
        let ja = try compiled.open(["ja"])
        #expect(try ja.format("Only in German %@", arguments: [.string("y")]).text == "Only in German y")
        #expect(try ja.format("Only in German %@", arguments: [.string("y")]).resolution.step == .development)
    }

    @Test func deviceVariationNestingAPlural() throws {
        let compiled = try compile(#"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "photos":{"localizations":{"en":{"variations":{"device":{
            "iphone":{"variations":\#(Self.plural("%lld photo on your iPhone", "%lld photos on your iPhone"))},
            "mac":{"variations":\#(Self.plural("%lld photo on your Mac", "%lld photos on your Mac"))},
            "other":{"stringUnit":{"state":"translated","value":"%lld photos"}}}}}}}
        }}
        """#)
        let bundle = try compiled.open(["en"])
        func render(_ n: Int64) throws -> String { try bundle.format("photos", arguments: [.int(n)]).text }
        #expect(try render(1) == "1 photo on your Mac")
        #expect(try render(3) == "3 photos on your Mac")
        bundle.runtime.deviceClass = .iphone
        #expect(try render(1) == "1 photo on your iPhone")
        #expect(try render(2) == "2 photos on your iPhone")
        bundle.runtime.deviceClass = .applewatch
        #expect(try render(1) == "1 photos")
        #expect(try bundle.string("photos") == "%lld photos")
    }

    @Test func pluralWithoutNumberBeforeStringArgumentChoosesTheNumericArgument() throws {
        // The plural is driven by the first numeric argument, here the second one.
        let compiled = try compile(#"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "files":{"localizations":{"en":{"variations":\#(Self.plural("%1$@ has %2$lld file", "%1$@ has %2$lld files"))}}}
        }}
        """#)
        let bundle = try compiled.open(["en"])
        #expect(try bundle.format("files", arguments: [.string("Disk"), .int(1)]).text == "Disk has 1 file")
        #expect(try bundle.format("files", arguments: [.string("Disk"), .int(2)]).text == "Disk has 2 files")
    }

    @Test func emptyNewPlaceholderIsNotATranslation() throws {
        let compiled = try compile(#"""
        {"sourceLanguage":"en","version":"1.0","strings":{
          "greeting":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"Hello"}},
            "fr":{"stringUnit":{"state":"new","value":""}},
            "de":{"stringUnit":{"state":"needs_review","value":"Hallo"}}}},
          "other":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"Other"}},
            "fr":{"stringUnit":{"state":"translated","value":"Autre"}}}}
        }}
        """#)
        let fr = try compiled.open(["fr"])
        #expect(try fr.string("other") == "Autre")
        let greeting = try fr.format("greeting", arguments: [])
        #expect(greeting.resolution.entry == nil)
        #expect(greeting.text == "greeting")
        #expect(try compiled.open(["de"]).string("greeting") == "Hallo")

        let (table, _) = try StringCatalogReader.read(path: compiled.sourcesPath("Localizable.xcstrings"))
        #expect(table.messages["fr"]?["greeting"] == nil)
        #expect(table.messages["de"]?["greeting"]?.state == "needs_review")
    }

    @Test func catalogMetadataIsKept() throws {
        let dir = Fixtures.temporaryDirectory("lokale-xcstrings")
        let path = Fixtures.write(#"""
        {"sourceLanguage":"de","version":"1.3","strings":{
          "k":{"comment":"A comment","extractionState":"manual","localizations":{"de":{"stringUnit":{"state":"translated","value":"Wert"}}}}
        }}
        """#, to: "Settings.xcstrings", in: dir)
        let (table, source) = try StringCatalogReader.read(path: path)
        #expect(source == "de")
        #expect(table.name == "Settings")
        #expect(table.info["k"] == MessageInfo(comment: "A comment", shouldTranslate: true, extractionState: "manual"))
        #expect(table.sources == [path])
        let bundle = try CatalogLoader.load([path])
        #expect(bundle.developmentLocalization == "de")
        let compiled = try CompiledBundle([path])
        #expect(try compiled.table.localizations == ["de"])
        #expect(try compiled.open(["fr"]).string("k", table: "Settings") == "Wert")
    }

    @Test func structuralErrorsNameTheKeyAndLine() throws {
        let dir = Fixtures.temporaryDirectory("lokale-xcstrings")
        let unknownCategory = Fixtures.write(#"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "a" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "A" } } } },
            "b" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : { "several" : { "stringUnit" : { "state" : "translated", "value" : "x" } } } } }
              }
            }
          }
        }
        """#, to: "Bad.xcstrings", in: dir)
        let e1 = catalogError { _ = try CatalogLoader.load([unknownCategory]) }
        #expect(e1?.file == unknownCategory)
        #expect(e1?.line == 7)
        #expect(e1?.message.contains("'b'") == true)
        #expect(e1?.message.contains("several") == true)

        let noSource = Fixtures.write(#"{"strings":{}}"#, to: "NoSource.xcstrings", in: dir)
        let e2 = catalogError { _ = try CatalogLoader.load([noSource]) }
        #expect(e2?.file == noSource)
        #expect(e2?.message.contains("sourceLanguage") == true)

        let wrongType = Fixtures.write("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"k\": { \"shouldTranslate\": \"no\" }\n  }\n}\n",
                                       to: "WrongType.xcstrings", in: dir)
        let e3 = catalogError { _ = try CatalogLoader.load([wrongType]) }
        #expect(e3?.file == wrongType)
        #expect(e3?.line == 4)
        #expect(e3?.message.contains("shouldTranslate") == true)
    }

    @Test func twoCatalogsForOneTableAreRefused() throws {
        let a = Fixtures.temporaryDirectory("lokale-xcstrings"), b = Fixtures.temporaryDirectory("lokale-xcstrings")
        let json = #"{"sourceLanguage":"en","strings":{"k":{}}}"#
        let first = Fixtures.write(json, to: "Main.xcstrings", in: a)
        let second = Fixtures.write(json, to: "Main.xcstrings", in: b)
        let e = catalogError { _ = try CatalogLoader.load([first, second]) }
        #expect(e?.file == second)
        #expect(e?.message.contains(first) == true)
    }
}

extension CompiledBundle {
    /// The source it was compiled from whose file name is `name`.
    func sourcesPath(_ name: String) -> String { sources.first { $0.hasSuffix("/" + name) }! }
}
