import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// A Flutter project as gen-l10n reads it: `l10n.yaml`, a folder of ARB files, the template's
/// placeholders, per-key fallback, and the errors that stop a compile at their file:line:column.
struct ARBProjectTests {
    /// The 1-based column (in characters) of `needle` on line `line` of `text`.
    static func column(of needle: String, in text: String, line: Int) -> Int? {
        let l = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
        return l.range(of: needle).map { l[..<$0.lowerBound].count + 1 }
    }

    static let template = """
        {
          "@@locale": "en",
          "greeting": "Hello {name}!",
          "@greeting": {"placeholders": {"name": {"type": "String"}}},
          "quote": "Delete '{name}'?",
          "price": "Total: {amount}",
          "@price": {"placeholders": {"amount": {"type": "double", "format": "simpleCurrency"}}}
        }
        """

    /// `lib/l10n/app_en.arb` and `app_fr.arb` under `dir`, with `yaml` as `dir/l10n.yaml`.
    func project(_ yaml: String?, template: String = Self.template, french: String = #"{"greeting": "Bonjour {name} !"}"#) -> String {
        let dir = Fixtures.temporaryDirectory("lokale-flutter")
        if let yaml { _ = Fixtures.write(yaml, to: "l10n.yaml", in: dir) }
        _ = Fixtures.write(template, to: "lib/l10n/app_en.arb", in: dir)
        _ = Fixtures.write(french, to: "lib/l10n/app_fr.arb", in: dir)
        return dir
    }

    @Test func l10nYamlNamesTheFolderTheTemplateAndTheQuoting() throws {
        // Defaults: lib/l10n, app_en.arb, apostrophes as text (gen-l10n's use-escaping is off).
        let dir = project("# Flutter's file\nsynthetic-package: false   # ignored\noutput-class: 'S'\n")
        for source in [dir, dir + "/l10n.yaml"] {
            let bundle = try CatalogLoader.load([source])
            #expect(bundle.developmentLocalization == "en")
            let t = try #require(bundle.tables["Localizable"])
            #expect(t.fallsBackPerKey && t.info["quote"]?.messageSyntax == .icuApostrophesAsText)
            #expect(t.messages["fr"]?["price"]?.isImplicit == true && t.messages["fr"]?["greeting"]?.isImplicit == false)
        }
        let path = try Fixtures.compile([dir], to: dir + "/out.lokale")
        let fr = try Runtime(preferredLanguages: ["fr"]).open(path: path, main: true)
        #expect(try fr.format("quote", arguments: [], named: ["name": .string("a.txt")]).text == "Delete 'a.txt'?")
        // The template's message in French, with French's own currency (gen-l10n passes the locale).
        #expect(try fr.format("price", arguments: [], named: ["amount": .double(1234.5)]).text == "Total: 1\u{202F}234,50\u{A0}€")
        let en = try Runtime(preferredLanguages: ["en"]).open(path: path, main: true)
        #expect(try en.format("price", arguments: [], named: ["amount": .double(1234.5)]).text == "Total: $1,234.50")

        // use-escaping on: ICU's quoting; another folder and template, quoted values, a comment.
        let other = Fixtures.temporaryDirectory("lokale-flutter")
        _ = Fixtures.write("arb-dir: \"i18n/arb\"\ntemplate-arb-file: 'app_fr.arb'  # French first\nuse-escaping: true\n", to: "l10n.yaml", in: other)
        _ = Fixtures.write(#"{"quote": "Supprimer '{name}' ?", "only": "seul"}"#, to: "i18n/arb/app_fr.arb", in: other)
        _ = Fixtures.write(#"{"quote": "Delete '{name}'?"}"#, to: "i18n/arb/app_en.arb", in: other)
        let b = try CatalogLoader.load([other + "/l10n.yaml"])
        #expect(b.developmentLocalization == "fr")
        #expect(b.tables["Localizable"]?.info["quote"]?.messageSyntax == .icu)
        #expect(b.tables["Localizable"]?.messages["en"]?["only"]?.isImplicit == true)
        let compiled = try Fixtures.compile([other], to: other + "/out.lokale")
        let en2 = try Runtime(preferredLanguages: ["en"]).open(path: compiled, main: true)
        #expect(try en2.format("quote", arguments: [], named: ["name": .string("x")]).text == "Delete {name}?")
        #expect(try en2.string("only") == "seul")
    }

    @Test func yamlValuesLokaleCannotReadAreErrorsAtTheirLine() throws {
        let cases: [(String, Int, String)] = [
            ("arb-dir: [a, b]\n", 1, "flow collection"),
            ("output-dir: x\narb-dir: |\n  lib/l10n\n", 2, "block scalar"),
            ("arb-dir:\n  - lib\n", 1, "empty"),
            ("template-arb-file: \"app_en.arb\n", 1, "no closing"),
            ("arb-dir: &a lib/l10n\n", 1, "anchor"),
            ("use-escaping: maybe\n", 1, "true or false"),
            ("template-arb-file: app_de.arb\n", 1, "is not in"),
            ("arb-dir: missing/dir\n", 1, "is not a folder"),
        ]
        for (yaml, line, words) in cases {
            let dir = project(yaml)
            let e = try #require(catalogError { _ = try CatalogLoader.load([dir]) })
            #expect(e.file.hasSuffix("l10n.yaml") && e.line == line && e.message.contains(words), "\(yaml): \(e)")
        }
        // What Lokale does not need may be anything.
        _ = try CatalogLoader.load([project("preferred-supported-locales:\n  - en\nheader: |\n  // generated\n")])
    }

    @Test func aFolderOfARBFilesIsASource() throws {
        let dir = project(nil)
        let bundle = try CatalogLoader.load([dir + "/lib/l10n"])
        #expect(bundle.tables["Localizable"]?.messages.keys.sorted() == ["en", "fr"])
        // Without l10n.yaml, ARB files are ICU MessageFormat: apostrophes quote.
        #expect(bundle.tables["Localizable"]?.info["quote"]?.messageSyntax == .icu)
    }

    /// Each refused placeholder stops the compile at its file, line and column, naming it.
    @Test func placeholdersLokaleCannotHonourAreErrorsAtTheirPlace() throws {
        let cases: [(String, String, String)] = [
            (#""@m": {"placeholders": {"v": {"type": "double", "format": "percent"}}}"#, "\"format\"", "'percent', which is not one of NumberFormat's"),
            (#""@m": {"placeholders": {"v": {"type": "double", "format": "currency", "optionalParameters": {"symbol": "€"}}}}"#, "\"optionalParameters\"", "symbol"),
            (##""@m": {"placeholders": {"v": {"type": "double", "format": "currency", "optionalParameters": {"customPattern": "#0"}}}}"##, "\"optionalParameters\"", "customPattern"),
            (#""@m": {"placeholders": {"v": {"type": "double", "format": "compact", "optionalParameters": {"decimalDigits": 2}}}}"#, "\"optionalParameters\"", "takes none"),
            (#""@m": {"placeholders": {"v": {"type": "double", "format": "currency", "optionalParameters": {"name": "Euro"}}}}"#, "\"optionalParameters\"", "ISO 4217"),
            (#""@m": {"placeholders": {"v": {"type": "DateTime", "format": "yMMMMMd"}}}"#, "\"format\"", "'yMMMMMd', which is not one of DateFormat's"),
            (#""@m": {"placeholders": {"v": {"type": "DateTime", "format": "yMd+dd"}}}"#, "\"format\"", "'dd'"),
            (#""@m": {"placeholders": {"v": {"type": "String", "format": "compact"}}}"#, "\"format\"", "type 'String' takes none"),
        ]
        for (metadata, field, words) in cases {
            let dir = Fixtures.temporaryDirectory("lokale-arb-errors")
            let text = "{\n  \"m\": \"Value: {v}\",\n  \(metadata)\n}\n"
            let path = Fixtures.write(text, to: "app_en.arb", in: dir)
            let e = try #require(catalogError { _ = try CatalogLoader.load([path]) })
            #expect(e.file == path && e.line == 3 && e.column == Self.column(of: field, in: text, line: 3), "\(e)")
            #expect(e.message.contains("message 'm'") && e.message.contains("'v'") && e.message.contains(words), "\(e.message)")
        }
        // A DateTime shown bare needs a format (gen-l10n refuses it too); in {d, date, ::…} it has one.
        let dir = Fixtures.temporaryDirectory("lokale-arb-errors")
        let bare = Fixtures.write("{\n  \"m\": \"On \\\"{d}\\\"\",\n  \"@m\": {\"placeholders\": {\"d\": {\"type\": \"DateTime\"}}}\n}\n", to: "app_en.arb", in: dir)
        let e = try #require(catalogError { _ = try CatalogLoader.load([bare]) })
        let bareText = try String(contentsOfFile: bare, encoding: .utf8)
        #expect(e.line == 2 && e.column == Self.column(of: "{d}", in: bareText, line: 2) && e.message.contains("without a format"), "\(e)")
        let typed = Fixtures.write(#"{"m": "On {d, date, ::yMMMd}", "@m": {"placeholders": {"d": {"type": "DateTime"}}}}"#, to: "app_de.arb", in: dir)
        _ = try CatalogLoader.load([typed])
        // A count without a type is a number (gen-l10n infers num), so its format applies.
        let inferred = Fixtures.write(#"{"m": "{n, plural, one{# item} other{{n} items}}", "@m": {"placeholders": {"n": {"format": "compact"}}}}"#,
                                      to: "y_en.arb", in: dir)
        let compiled = try Fixtures.compile([inferred], to: dir + "/inferred.lokale")
        let en = try Runtime(preferredLanguages: ["en"]).open(path: compiled, main: true)
        #expect(try en.format("m", arguments: [], named: ["n": .int(2_500_000)]).text == "2.5M items")
        // A plural's count must be a number.
        let plural = Fixtures.write(#"{"m": "{n, plural, other{#}}", "@m": {"placeholders": {"n": {"type": "String"}}}}"#, to: "x_en.arb", in: dir)
        #expect(try #require(catalogError { _ = try CatalogLoader.load([plural]) }).message.contains("plurals take int or num"))
    }

    /// A syntax error is placed at its character in the file, escapes counted as what they are.
    @Test func syntaxErrorsHaveTheirColumnInTheFile() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb-errors")
        let text = "{\n  \"ok\": \"fine\",\n    \"bad\":  \"tab\\t\\u00e9\\\"{n, plural, one{x} oops}\"\n}\n"
        let path = Fixtures.write(text, to: "app_en.arb", in: dir)
        let e = try #require(catalogError { _ = try CatalogLoader.load([path]) })
        // The message is `tab\té"{n, plural, one{x} oops}`: the error is at the `}` after `oops`
        // (column 30 of the message), which the file spells after `\t`, `\u00e9` and `\"`.
        #expect(e.line == 3 && e.column == Self.column(of: "oops}", in: text, line: 3).map { $0 + 4 }, "\(e)")
        #expect(e.message.contains("at 1:30 of the message") && e.message.contains("message 'bad'"))
        // A surrogate pair escape is one character, as raw UTF-8 (é, 😀) is: the file's column counts
        // characters, as JSONLocator's own errors do.
        let pairs = "{\"x\": \"\\ud83d\\ude00 😀 é {a} {b, plural, other{x} =}\"}\n"
        let p2 = Fixtures.write(pairs, to: "app_fr.arb", in: dir)
        let e2 = try #require(catalogError { _ = try CatalogLoader.load([p2]) })
        #expect(e2.line == 1 && e2.column == Self.column(of: "=}", in: pairs, line: 1).map { $0 + 1 }, "\(e2)")
    }
}
