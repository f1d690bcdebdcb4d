import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// XLIFF 1.2 export and import: every language of every real catalog goes out and comes back
/// unchanged; a translator's edits change exactly those values; bad XML is reported with its place.
struct XLIFFRoundTripTests {
    static let catalogs: [String] = Fixtures.hasConformance ? Conformance.files(under: "catalogs", ext: "xcstrings") : []
    let cli = CompileCommandTests()

    func languages(_ table: CatalogTable) -> [String] {
        Array(Set(table.messages.keys).union([table.sourceLanguage ?? "en"])).sorted()
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason), arguments: catalogs)
    func everyLanguageComesBackUnchanged(_ path: String) throws {
        let original = try StringCatalogReader.read(path: path).table
        let dir = Fixtures.temporaryDirectory("lokale-xliff")
        let copy = dir + "/" + (path as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        for language in languages(original) {
            // Through real files: the catalog's XLIFF written, read back by the XML parser, imported.
            let xliff = dir + "/\(language).xliff"
            try XLIFFWriter.write(XLIFFDocument(files: [XLIFFExport.file(original, language: language, original: copy)]), to: xliff)
            let document = try XLIFFReader.read(path: xliff)
            #expect(document.files.count == 1)
            var table = try StringCatalogReader.read(path: copy).table
            let summary = try XLIFFImport.apply(document.files[0], to: &table, xliffPath: xliff)
            #expect(summary.changed == 0, "\(language): \(summary.changed) messages changed")
            #expect(summary.unknown.isEmpty)
            // Written and read again all the same.
            try StringCatalogWriter.write(table, to: copy)
            let back = try StringCatalogReader.read(path: copy).table
            #expect(back.messages == original.messages, "\(language)")
            #expect(back.info == original.info)
        }
    }

    /// A catalog's state is any string: a tab, a quote or a `<` in it survives export and import
    /// (fuzz-tooling found a tab read back as a space).
    @Test func anyStateSurvivesExportAndImport() throws {
        var table = CatalogTable(name: "Localizable")
        table.sourceLanguage = "en"
        table.messages["ja", default: [:]]["k"] = CatalogMessage(.text("v"), state: "\tr\"an<s>&")
        let doc = try XLIFFReader.parse(try XLIFFWriter.encode(XLIFFDocument(files: [XLIFFExport.file(table, language: "ja",
                                                                                                 original: "Localizable.xcstrings")])),
                                        path: "t.xliff")
        var copy = table
        let summary = try XLIFFImport.apply(doc.files[0], to: &copy, xliffPath: "t.xliff")
        #expect(summary.changed == 0)
        #expect(copy.messages == table.messages)
    }

    @Test func escapingSurvivesTheXMLParser() throws {
        var table = CatalogTable(name: "Localizable")
        table.sourceLanguage = "en"
        let key = "a <b> & \"c\" 'd'\nline\ttab\rcr ]]> é"
        table.info[key] = MessageInfo(comment: "<note> & \"quotes\"")
        table.messages["en", default: [:]][key] = CatalogMessage(.text(key + " value"), state: "translated")
        table.messages["de", default: [:]][key] = CatalogMessage(.plural(argument: 1, ordinal: false, cases: [
            .one: .text("un <élément> & \r"), .other: .text("%lld éléments\n"),
        ]), state: "stale")
        let file = XLIFFExport.file(table, language: "de", original: "Localizable.xcstrings")
        let doc = XLIFFDocument(files: [file])
        var parsed = try XLIFFReader.parse(try XLIFFWriter.encode(doc), path: "t.xliff")
        for i in parsed.files[0].units.indices { parsed.files[0].units[i].line = 0 }
        #expect(parsed == doc)
        #expect(file.units.map(\.id) == [key + "|==|plural.one", key + "|==|plural.other"])
        #expect(file.units.allSatisfy { $0.state == "x-stale" && $0.source == key + " value" })
        // Control characters XML cannot carry are refused, not written half-way.
        table.messages["de"]![key] = CatalogMessage(.text("bell \u{7}"), state: "new")
        let bad = XLIFFDocument(files: [XLIFFExport.file(table, language: "de", original: "L.xcstrings")])
        #expect(throws: CatalogError.self) { try XLIFFWriter.encode(bad) }
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func translatorEditsChangeExactlyThoseValues() throws {
        let source = Conformance.path("catalogs/CotEditor/CotEditor/Localizables/Text Finder/TextFind.xcstrings")
        let dir = Fixtures.temporaryDirectory("lokale-xliff")
        let catalog = dir + "/TextFind.xcstrings"
        try FileManager.default.copyItem(atPath: source, toPath: catalog)
        let before = try StringCatalogReader.read(path: catalog).table
        let xliff = dir + "/de.xliff"
        let export = try cli.run(["export-xliff", catalog, "--language", "de", "-o", xliff])
        #expect(export.status == 0, "\(export.stderr)")
        var text = try String(contentsOfFile: xliff, encoding: .utf8)
        #expect(text.contains("target-language=\"de\""))

        // Pick a plain unit and one plural variant, and retranslate them as a translator would.
        let plainKey = try #require(before.messages["de"]?.keys.sorted().first { k in
            if case .text = before.messages["de"]![k]!.variation { return before.info[k]?.shouldTranslate ?? true } else { return false }
        })
        let pluralKey = try #require(before.messages["de"]?.keys.sorted().first { k in
            if case .plural(_, _, let c) = before.messages["de"]![k]!.variation { return c[.one] != nil } else { return false }
        })
        func retranslate(_ id: String, to value: String, state: String) throws {
            let escapedID = id.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            let start = try #require(text.range(of: "<trans-unit id=\"\(escapedID)\""), "no unit \(id)")
            let open = try #require(text.range(of: "<target", range: start.upperBound..<text.endIndex))
            let close = try #require(text.range(of: "</target>", range: open.upperBound..<text.endIndex))
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: "<target state=\"\(state)\">\(value)</target>")
        }
        try retranslate(plainKey, to: "Neu &amp; &lt;besser&gt;", state: "translated")
        try retranslate(pluralKey + "|==|plural.one", to: "%lld neuer Treffer", state: "needs-review-translation")
        // A unit the catalog does not know is reported, not imported.
        text = text.replacingOccurrences(of: "</body>", with: """
              <trans-unit id="no.such.key" xml:space="preserve"><source>x</source><target state="translated">y</target></trans-unit>
            </body>
            """)
        try text.write(toFile: xliff, atomically: true, encoding: .utf8)

        let r = try cli.run(["import-xliff", xliff, catalog])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("warning: unit 'no.such.key' was not imported"), "\(r.stderr)")
        #expect(r.stderr.contains("2 messages changed"), "\(r.stderr)")
        let after = try StringCatalogReader.read(path: catalog).table
        #expect(after.info == before.info)
        for language in Set(before.messages.keys).union(after.messages.keys) {
            for key in Set(before.messages[language]?.keys ?? [:].keys).union(after.messages[language]?.keys ?? [:].keys) {
                let (b, a) = (before.messages[language]?[key], after.messages[language]?[key])
                if language == "de" && (key == plainKey || key == pluralKey) { continue }
                #expect(a == b, "\(language) '\(key)' changed")
            }
        }
        #expect(after.messages["de"]?[plainKey] == CatalogMessage(.text("Neu & <besser>"), state: "translated"))
        var expected = before.messages["de"]![pluralKey]!
        if case .plural(let arg, let o, var cases) = expected.variation {
            cases[.one] = .text("%lld neuer Treffer")
            expected.variation = .plural(argument: arg, ordinal: o, cases: cases)
        }
        // The reader's view: the message's state is its first variant's (one), the rest differ.
        #expect(expected.state == "translated" && expected.variantStates.isEmpty)
        expected.state = "needs_review"
        expected.variantStates = ["plural.other": "translated"]
        #expect(after.messages["de"]?[pluralKey] == expected)
    }

    /// Russian needs few and many where English has one and other: the export offers them (with
    /// the English `other` as source, as Xcode does) and the import adds them.
    @Test func pluralCategoriesOfTheTargetLanguageAreOffered() throws {
        let dir = Fixtures.temporaryDirectory("lokale-xliff")
        let catalog = Fixtures.write(#"{"sourceLanguage":"en","version":"1.0","strings":{"files":{"localizations":{"en":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld file"}},"other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}}}}}}"#,
                                     to: "Localizable.xcstrings", in: dir)
        let xliff = dir + "/ru.xliff"
        #expect(try cli.run(["export-xliff", catalog, "--language", "ru", "-o", xliff]).status == 0)
        let doc = try XLIFFReader.read(path: xliff)
        #expect(doc.files[0].units.map(\.id) == ["files|==|plural.few", "files|==|plural.many", "files|==|plural.one", "files|==|plural.other"])
        #expect(doc.files[0].units.map(\.source) == ["%lld files", "%lld files", "%lld file", "%lld files"])
        let russian: [String: String] = ["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]
        var text = try String(contentsOfFile: xliff, encoding: .utf8)
        for (category, value) in russian {
            let id = "<trans-unit id=\"files|==|plural.\(category)\" xml:space=\"preserve\">"
            let start = try #require(text.range(of: id))
            let end = try #require(text.range(of: "</source>", range: start.upperBound..<text.endIndex))
            text.insert(contentsOf: "\n        <target state=\"translated\">\(value)</target>", at: end.upperBound)
        }
        try text.write(toFile: xliff, atomically: true, encoding: .utf8)
        let r = try cli.run(["import-xliff", xliff, catalog])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try StringCatalogReader.read(path: catalog).table
        guard case .plural(_, false, let cases)? = table.messages["ru"]?["files"]?.variation else {
            Issue.record("no Russian plural: \(String(describing: table.messages["ru"]?["files"]))")
            return
        }
        #expect(Dictionary(uniqueKeysWithValues: cases.map { ($0.key.rawValue, $0.value) }) == russian.mapValues { Variation.text($0) })
        #expect(table.messages["ru"]?["files"]?.state == "translated")
        #expect(table.messages["ru"]?["files"]?.variantStates == [:])
    }

    @Test func importIntoANewLanguageAndBadXML() throws {
        let dir = Fixtures.temporaryDirectory("lokale-xliff")
        let catalog = Fixtures.write(CompileCommandTests.goodCatalog, to: "Localizable.xcstrings", in: dir)
        let xliff = dir + "/fr.xliff"
        #expect(try cli.run(["export-xliff", catalog, "--language", "fr", "-o", xliff]).status == 0)
        var text = try String(contentsOfFile: xliff, encoding: .utf8)
        #expect(!text.contains("<target"))
        text = text.replacingOccurrences(of: "<source>Hello</source>", with: "<source>Hello</source>\n        <target state=\"translated\">Bonjour</target>")
        try text.write(toFile: xliff, atomically: true, encoding: .utf8)
        let r = try cli.run(["import-xliff", xliff, catalog])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try StringCatalogReader.read(path: catalog).table
        #expect(table.messages["fr"]?["hello"] == CatalogMessage(.text("Bonjour"), state: "translated"))
        #expect(table.messages["de"]?["hello"] == CatalogMessage(.text("Hallo"), state: "translated"))

        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        let broken = Fixtures.write("<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n  <file original=\"L\" source-language=\"en\">\n    <body><trans-unit id=\"a\"><source>x &bogus; y</source></trans-unit></body>\n  </file>\n</xliff>\n", to: "broken.xliff", in: dir)
        let bad = try cli.run(["import-xliff", broken, catalog])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("broken.xliff:4:47: error: undefined entity &bogus;"), "\(bad.stderr)")
        let mismatch = Fixtures.write("<xliff version=\"1.2\">\n<file original=\"L\" source-language=\"en\">\n<body><trans-unit id=\"a\"><source>x</sourc></trans-unit></body></file></xliff>", to: "mismatch.xliff", in: dir)
        let m = try cli.run(["import-xliff", mismatch, catalog])
        #expect(m.status != 0 && m.stderr.contains("mismatch.xliff:3:") && m.stderr.contains("closing tag does not match"), "\(m.stderr)")
        // A document cut short is an error, not a partial import.
        let cut = Fixtures.write(String(try String(contentsOfFile: xliff, encoding: .utf8).dropLast(30)), to: "cut.xliff", in: dir)
        let c = try cli.run(["import-xliff", cut, catalog])
        #expect(c.status != 0 && c.stderr.contains("cut.xliff:") && c.stderr.contains("truncated"), "\(c.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)
        let wrongRoot = Fixtures.write("<html><body/></html>", to: "page.xliff", in: dir)
        let w = try cli.run(["import-xliff", wrongRoot, catalog])
        #expect(w.status != 0 && w.stderr.contains("page.xliff:1:") && w.stderr.contains("root element is <html>"), "\(w.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["Localizable.xcstrings", "broken.xliff", "cut.xliff", "fr.xliff", "mismatch.xliff", "page.xliff"])
    }
}
