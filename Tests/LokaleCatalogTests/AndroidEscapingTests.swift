import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// A `res/` folder written to disk for a test.
struct AndroidRes {
    let root: String
    var path: String { root + "/res" }

    init(_ files: [String: String]) {
        root = Fixtures.temporaryDirectory("lokale-android")
        for (name, contents) in files { _ = Fixtures.write(contents, to: "res/" + name, in: root) }
    }

    /// `<resources>` around `body`, with the xliff and tools namespaces bound.
    static func resources(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2" xmlns:tools="http://schemas.android.com/tools">
        \(body)
        </resources>
        """
    }

    func load() throws -> CatalogBundle { try CatalogLoader.load([path]) }

    /// Compiled into a real table and opened for `languages`.
    func open(_ languages: [String]) throws -> LokaleCore.Bundle {
        let out = try Fixtures.compile([path], to: root + "/out.lokale")
        return try Runtime(preferredLanguages: languages).open(path: out, main: true)
    }
}

/// aapt2's escaping rules (ResourceUtils::StringBuilder, ResourceParser::FlattenXmlSubtree), each
/// as the text of a `<string>` in a real file and the text a compiled table answers for it, which
/// is what Android's `Resources.getString()` returns for the same resource.
struct AndroidEscapingTests {
    /// (the element's content as written in strings.xml, the text getString() returns)
    static let cases: [(String, String)] = [
        ("Hello", "Hello"),
        // Outside quotes a run of whitespace is one space; the value's ends are trimmed.
        ("  Hello   world \n ", "Hello world"),
        ("\n    First line\n    second line\n", "First line second line"),
        ("a\t\tb", "a b"),
        // Escapes.
        (#"Line\nbreak"#, "Line\nbreak"),
        (#"Tab\tstop"#, "Tab\tstop"),
        (#"It\'s"#, "It's"),
        (#"Say \"hi\""#, "Say \"hi\""),
        (#"back\\slash"#, "back\\slash"),
        (#"\@home"#, "@home"),
        (#"\?question"#, "?question"),
        (##"\#hash"##, "#hash"),
        (#"caf\u00e9 \u00C9t\u00e9"#, "café Été"),
        (#"\u00e9x"#, "éx"),
        (#"\uD83D\uDE00"#, "😀"),
        // Any other escaped character is itself; a backslash that ends the text is dropped.
        (#"\q\z"#, "qz"),
        (#"end\"#, "end"),
        // Trimming happens before escapes: an escaped space or newline at an end stays.
        (#"\u0020lead"#, " lead"),
        (#"Hi\n "#, "Hi\n"),
        // Double quotes keep whitespace and apostrophes; the quotes themselves are dropped.
        ("\"  keep   spaces  \"", "  keep   spaces  "),
        ("\"It's\"", "It's"),
        ("a \"b  c\" d", "a b  c d"),
        ("\"tab\there\"", "tab\there"),
        (#""quoted \"inner\" quote""#, "quoted \"inner\" quote"),
        // XML's entities and character references are XML's business, read before the rules.
        ("&amp; &lt;tag&gt; &quot;x&quot;", "& <tag> x"),
        ("&#169; 2026", "© 2026"),
        // CDATA is text to aapt2: its escapes and quotes still apply, its tags are characters.
        (#"<![CDATA[<b>bold</b> \'x\' "a  b"]]>"#, "<b>bold</b> 'x' a  b"),
        // xliff:g marks text not to translate: the tag goes, the text stays.
        (#"Hi <xliff:g id="name" example="Ana">%1$s</xliff:g>!"#, "Hi %1$s!"),
        // A comment inside the value is nothing.
        ("Hello<!-- note --> world", "Hello world"),
        // A value that only starts with @ but names no resource is text (aapt2 keeps it).
        ("@me and you", "@me and you"),
    ]

    @Test func everyRuleThroughACompiledTable() throws {
        let body = Self.cases.enumerated().map { "<string name=\"s\($0.offset)\">\($0.element.0)</string>" }.joined(separator: "\n")
        let res = AndroidRes(["values/strings.xml": AndroidRes.resources(body)])
        let bundle = try res.open(["en"])
        for (i, c) in Self.cases.enumerated() {
            #expect(try bundle.string("s\(i)") == c.1, "\(c.0)")
        }
    }

    /// With spans, aapt2 trims nothing: whitespace is collapsed, and each span's edge ends a run
    /// of spaces and a quoted part.
    @Test func spansCollapseButDoNotTrim() throws {
        let res = AndroidRes(["values/strings.xml": AndroidRes.resources("""
            <string name="a">  <b> Hi </b>  </string>
            <string name="b">"open <i>inside" closed</i> it\\'s</string>
            """)])
        let bundle = try res.open(["en"])
        #expect(try bundle.string("a") == "  Hi  ")
        #expect(try bundle.string("b") == "open inside closed it's")
    }

    /// An error names the file, and the line and column of the character at fault.
    static let errors: [(String, Int, Int, String)] = [
        ("<string name=\"x\">It's</string>", 3, 20, "unescaped apostrophe"),
        ("<string name=\"x\">\n  Don't\n</string>", 4, 6, "unescaped apostrophe"),
        ("<string name=\"x\">a &amp; it's</string>", 3, 28, "unescaped apostrophe"),
        ("<string name=\"x\">&apos;</string>", 3, 18, "unescaped apostrophe"),
        ("<string name=\"x\"><![CDATA[ok\nit's]]></string>", 4, 3, "unescaped apostrophe"),
        ("<string name=\"x\"><b/>it's</string>", 3, 24, "unescaped apostrophe"),
        ("<string name=\"x\">caf\\u00G9</string>", 3, 21, "bad \\u escape"),
        ("<string name=\"x\">\\uD83D alone</string>", 3, 18, "surrogate"),
        ("<string name=\"x\"><xliff:g id=\"a\"><xliff:g id=\"b\">x</xliff:g></xliff:g></string>", 3, 49, "<xliff:g> inside another"),
    ]

    @Test func errorsNameTheFileLineAndColumn() throws {
        for (body, line, column, words) in Self.errors {
            let res = AndroidRes(["values/strings.xml": AndroidRes.resources(body)])
            let e = try #require(catalogError { _ = try res.load() }, "\(body)")
            #expect(e.file.hasSuffix("res/values/strings.xml"), "\(body)")
            #expect(e.line == line && e.column == column, "\(body): \(e.description)")
            #expect(e.message.contains(words), "\(body): \(e.message)")
        }
    }
}

/// Folder names read as aapt2 reads their qualifiers, and written back the Android way.
struct AndroidQualifierTests {
    typealias Folder = AndroidQualifiers.Folder

    static let folders: [(String, Folder)] = [
        ("values", .defaults),
        ("values-fr", .language("fr")),
        ("values-fr-rCA", .language("fr-CA")),
        ("values-zh-rTW", .language("zh-TW")),
        ("values-b+sr+Latn", .language("sr-Latn")),
        ("values-b+es+419", .language("es-419")),
        ("values-b+zh+Hant+TW", .language("zh-Hant-TW")),
        // Java's old ISO 639 codes, which Android folders keep.
        ("values-in", .language("id")),
        ("values-iw", .language("he")),
        ("values-ji", .language("yi")),
        ("values-he", .language("he")),
        // Device configurations, no language.
        ("values-night", .configuration(["night"])),
        ("values-v21", .configuration(["v21"])),
        ("values-land", .configuration(["land"])),
        ("values-sw600dp", .configuration(["sw600dp"])),
        ("values-mcc310", .configuration(["mcc310"])),
        ("values-car", .configuration(["car"])),
        // A language for some devices only.
        ("values-fr-night", .languageForDevices("fr", extra: ["night"])),
        ("values-en-rGB-v21", .languageForDevices("en-GB", extra: ["v21"])),
        ("values-mcc310-fr", .languageForDevices("fr", extra: ["mcc310"])),
    ]

    @Test func foldersToLocalizations() {
        for (name, expected) in Self.folders {
            #expect(AndroidQualifiers.folder(name) == expected, "\(name)")
        }
        #expect(AndroidQualifiers.folder("layout") == nil)
        #expect(AndroidQualifiers.folder("valuesx") == nil)
    }

    @Test func localizationsToFolders() {
        let names = ["fr": "values-fr", "fr-CA": "values-fr-rCA", "sr-Latn": "values-b+sr+Latn", "es-419": "values-b+es+419",
                     "zh-TW": "values-zh-rTW", "zh-Hant-TW": "values-b+zh+Hant+TW", "he": "values-iw", "id": "values-in", "yi": "values-ji"]
        for (tag, folder) in names {
            #expect(AndroidQualifiers.folderName(for: tag) == folder, "\(tag)")
            // And read back as the same language.
            #expect(AndroidQualifiers.folder(folder) == .language(tag), "\(folder)")
        }
    }

    /// A res/ folder: configuration folders are passed over in silence, a language folder with
    /// other qualifiers with a warning; a configuration folder given by name is an error.
    @Test func resFolderSkipsConfigurations() throws {
        let s = AndroidRes.resources("<string name=\"a\">A</string>")
        let res = AndroidRes(["values/strings.xml": s, "values-night/strings.xml": AndroidRes.resources("<string name=\"a\">N</string>"),
                              "values-fr-night/strings.xml": AndroidRes.resources("<string name=\"a\">FN</string>"),
                              "values-fr/strings.xml": AndroidRes.resources("<string name=\"a\">F</string>"),
                              "layout/main.xml": "<LinearLayout/>"])
        let bundle = try res.load()
        #expect(bundle.localizations == ["en", "fr"])
        #expect(bundle.tables["Localizable"]?.messages["fr"]?["a"]?.representativeText == "F")
        #expect(bundle.warnings.count == 1)
        #expect(bundle.warnings.first?.file.hasSuffix("values-fr-night") == true)
        #expect(bundle.warnings.first?.message.contains("night") == true)
        let e = catalogError { _ = try CatalogLoader.load([res.path + "/values-night"]) }
        #expect(e?.message.contains("device configuration") == true)
    }
}
