import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Errors name the file, and the line and column where one can be found. The expected positions of
/// the JSON cases are those Python's json module reports for the same text.
struct CatalogErrorTests {
    struct JSONCase: CustomTestStringConvertible, Sendable {
        var name: String, text: String, line: Int, column: Int, message: String
        var testDescription: String { name }
    }

    static let jsonCases: [JSONCase] = [
        JSONCase(name: "trailing comma", text: "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { },\n  },\n  \"version\" : \"1.0\"\n}\n",
                 line: 5, column: 3, message: "trailing comma"),
        JSONCase(name: "line break in a string", text: "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"comment\" : \"abc\n    }\n  }\n}\n",
                 line: 4, column: 29, message: "unterminated string"),
        JSONCase(name: "string cut by the end of the file", text: "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"comment\" : \"abc",
                 line: 4, column: 25, message: "unterminated string"),
        JSONCase(name: "misspelt literal", text: "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"shouldTranslate\" : flase }\n  }\n}\n",
                 line: 4, column: 33, message: "false"),
        JSONCase(name: "capitalised literal", text: "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"shouldTranslate\" : True }\n  }\n}\n",
                 line: 4, column: 33, message: "'T'"),
        JSONCase(name: "missing comma", text: "{\n  \"sourceLanguage\" : \"en\"\n  \"strings\" : { }\n}\n",
                 line: 3, column: 3, message: "','"),
        JSONCase(name: "columns count characters", text: "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"ключ\" : { }, }\n}\n",
                 line: 3, column: 31, message: "trailing comma"),
        JSONCase(name: "empty file", text: "", line: 1, column: 1, message: "end of file"),
    ]

    @Test(arguments: jsonCases)
    func invalidJSONInAStringCatalog(_ c: JSONCase) throws {
        let dir = Fixtures.temporaryDirectory("lokale-errors")
        let path = Fixtures.write(c.text, to: "Broken.xcstrings", in: dir)
        let e = catalogError { _ = try StringCatalogReader.read(path: path) }
        #expect(e?.file == path)
        #expect(e?.line == c.line)
        #expect(e?.column == c.column)
        #expect(e?.message.contains("invalid JSON") == true)
        #expect(e?.message.contains(c.message) == true, "\(String(describing: e))")
        #expect(e?.description.hasPrefix("\(path):\(c.line):\(c.column): ") == true)
        // The loader reports the same error.
        let viaLoader = catalogError { _ = try CatalogLoader.load([path]) }
        #expect(viaLoader?.description == e?.description)
    }

    @Test func wrongShapeNamesTheLineOfTheKey() throws {
        let dir = Fixtures.temporaryDirectory("lokale-errors")
        let path = Fixtures.write("{\n  \"sourceLanguage\" : \"en\",\n  \"version\" : \"1.0\",\n  \"strings\" : [ ]\n}\n", to: "Shape.xcstrings", in: dir)
        let e = catalogError { _ = try StringCatalogReader.read(path: path) }
        #expect(e?.file == path)
        #expect(e?.line == 4)
        #expect(e?.message.contains("strings") == true)
        #expect(e?.message.contains("an object") == true)

        let missing = Fixtures.write("{\n  \"version\" : \"1.0\",\n  \"strings\" : { }\n}\n", to: "Missing.xcstrings", in: dir)
        let e2 = catalogError { _ = try StringCatalogReader.read(path: missing) }
        #expect(e2?.file == missing)
        #expect(e2?.message.contains("'sourceLanguage'") == true)

        let value = Fixtures.write("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"k\" : {\n      \"localizations\" : {\n        \"en\" : { \"stringUnit\" : { \"state\" : \"translated\" } }\n      }\n    }\n  }\n}\n",
                                   to: "NoValue.xcstrings", in: dir)
        let e3 = catalogError { _ = try StringCatalogReader.read(path: value) }
        #expect(e3?.file == value)
        #expect(e3?.line == 6)
        #expect(e3?.message.contains("'value'") == true)
    }

    @Test func stringsFileErrorsNameFileLineAndColumn() throws {
        let dir = Fixtures.temporaryDirectory("lokale-errors")
        let semicolon = Fixtures.write("/* header */\n\"a\" = \"A\";\n\"b\" = \"B\"\n\n\"c\" = \"C\";\n", to: "de.lproj/Semicolon.strings", in: dir)
        let e1 = catalogError { _ = try CatalogLoader.load([dir + "/de.lproj"]) }
        #expect(e1?.file == semicolon)
        // Where the ';' is missing, not where the next entry begins.
        #expect(e1?.line == 3)
        #expect(e1?.column == 10)
        #expect(e1?.description == "\(semicolon):3:10: expected ';' after the entry")

        let atEnd = Fixtures.write("\"a\" = \"A\"", to: "AtEnd.strings", in: dir)
        let e2 = catalogError { _ = try StringsFileReader.read(path: atEnd) }
        #expect(e2?.line == 1)
        #expect(e2?.column == 10)
        #expect(e2?.message.contains("';'") == true)

        let unterminated = Fixtures.write("\"a\" = \"A\";\n\"b\" = \"B;\n\"c\" = \"C\";\n", to: "Unterminated.strings", in: dir)
        // The closing quote of line 3 ends the string that began on line 2; the error is where
        // the text after it stops making sense, or the opening quote if none closes it.
        let e3 = catalogError { _ = try StringsFileReader.read(path: unterminated) }
        #expect(e3?.file == unterminated)
        #expect(e3?.line == 3)
        #expect(e3?.column == 2)

        let open = Fixtures.write("\"a\" = \"A\";\n  \"b\" = \"never closed;\n", to: "Open.strings", in: dir)
        let e4 = catalogError { _ = try StringsFileReader.read(path: open) }
        #expect(e4?.description == "\(open):2:9: unterminated string")

        let comment = Fixtures.write("\"a\" = \"A\";\n/* open comment\n\"b\" = \"B\";\n", to: "Comment.strings", in: dir)
        let e5 = catalogError { _ = try StringsFileReader.read(path: comment) }
        #expect(e5?.line == 2)
        #expect(e5?.column == 1)
        #expect(e5?.message.contains("comment") == true)

        let noValue = Fixtures.write("\"a\" = ;\n", to: "NoValue.strings", in: dir)
        let e6 = catalogError { _ = try StringsFileReader.read(path: noValue) }
        #expect(e6?.line == 1)
        #expect(e6?.column == 7)
    }

    @Test func unknownFileTypeAndMissingFiles() throws {
        let dir = Fixtures.temporaryDirectory("lokale-errors")
        let notes = Fixtures.write("hello", to: "notes.txt", in: dir)
        let e1 = catalogError { _ = try CatalogLoader.load([notes]) }
        #expect(e1?.file == notes)
        #expect(e1?.message.contains("unknown source type") == true)
        #expect(e1?.message.contains(".xcstrings") == true)

        let po = Fixtures.write("msgid \"\"\nmsgstr \"\"\n", to: "messages.json", in: dir)
        #expect(catalogError { _ = try CatalogLoader.load([po]) }?.message.contains("unknown source type") == true)

        let missing = dir + "/Nowhere.xcstrings"
        let e2 = catalogError { _ = try CatalogLoader.load([missing]) }
        #expect(e2?.file == missing)
        #expect(e2?.description == "\(missing): no such file or folder")
        #expect(catalogError { _ = try StringCatalogReader.read(path: missing) }?.message == "no such file")
        #expect(catalogError { _ = try StringsFileReader.read(path: dir + "/none.strings") }?.file == dir + "/none.strings")
        #expect(catalogError { _ = try StringsDictReader.read(path: dir + "/none.stringsdict") }?.file == dir + "/none.stringsdict")

        // Nothing to compile at all.
        var loader = CatalogLoader()
        #expect(catalogError { _ = try loader.finish() }?.message == "no catalogs found")
    }
}
