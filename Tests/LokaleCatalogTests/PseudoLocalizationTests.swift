import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Pseudo-languages: specifiers, escapes and plural structure survive; the real compiler and
/// runtime serve and format them like any language.
@Suite struct PseudoLocalizationTests {
    static let samples = [
        "Hello", "Hello %@", "%1$@ has %2$lld files", "%2$@ before %1$@", "100%% done", "%%%d%%", "Price: %.2f€",
        "%lld", "%#@files@ in %#@folders@", "Line one\nLine two\t(tab) \"quoted\"", "%-5d|%05.1f|%x|%c|%s|%u",
        "Width %*d and %3$*2$d", "", "   ", "日本語 %@ text", "%@%@%@", "a%%b%%%@c",
    ]

    /// The specifiers of a text, as bytes, in order: what must not change.
    static func specifiers(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return FormatParser.parse(text).segments.filter { $0.kind != .literal }.map {
            $0.kind.code.description + String(decoding: bytes[$0.start..<($0.start + $0.length)], as: UTF8.self)
        }
    }

    static func stripBidi(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { !["\u{200F}", "\u{202E}", "\u{202C}"].contains($0) }))
    }

    @Test(arguments: PseudoLocale.allCases)
    func specifiersAndEscapesSurvive(_ kind: PseudoLocale) {
        for s in Self.samples {
            let p = kind.transform(s)
            let (a, b) = (FormatParser.parse(s), FormatParser.parse(p))
            #expect(b.problems.isEmpty, "\(kind) '\(p)'")
            #expect(a.signature == b.signature, "\(kind) '\(s)' -> '\(p)'")
            #expect(Self.specifiers(s) == Self.specifiers(p), "\(kind) '\(s)' -> '\(p)'")
            #expect(s.filter { $0 == "\n" || $0 == "\t" } == p.filter { $0 == "\n" || $0 == "\t" }, "\(kind) '\(s)'")
        }
    }

    @Test func accentedMapsEveryLetterAndBrackets() {
        for s in Self.samples where !s.isEmpty {
            let p = PseudoLocale.accented.transform(s)
            #expect(p.hasPrefix("[") && p.hasSuffix("]"), "'\(p)'")
            // Outside specifiers no ASCII letter is left.
            let bytes = Array(p.utf8)
            for seg in FormatParser.parse(p).segments where seg.kind == .literal {
                let literal = String(decoding: bytes[seg.start..<(seg.start + seg.length)], as: UTF8.self)
                #expect(!literal.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }, "'\(literal)' in '\(p)'")
            }
            #expect(p.count == s.count + 2, "one character for one character: '\(s)' -> '\(p)'")
        }
        #expect(PseudoLocale.accented.transform("Hello", outermost: false) == "Ĥéļļö")
    }

    @Test func bidiWrapsWordsAndNothingElse() {
        for s in Self.samples {
            let p = PseudoLocale.bidi.transform(s)
            #expect(Self.stripBidi(p) == s)
            // Every override is closed: the marks never leak into the text that follows.
            #expect(p.unicodeScalars.count { $0 == "\u{202E}" } == p.unicodeScalars.count { $0 == "\u{202C}" }, "'\(s)'")
        }
        #expect(PseudoLocale.bidi.transform("Open file").unicodeScalars.count { $0 == "\u{202E}" } == 2)
    }

    @Test func longGrowsByAboutFortyPercent() {
        let s = "The quick brown fox jumps over the lazy dog"
        let p = PseudoLocale.long.transform(s)
        #expect(p.hasPrefix(s))
        #expect(Double(p.count) >= Double(s.count) * 1.3 && Double(p.count) <= Double(s.count) * 1.6, "'\(p)'")
        #expect(PseudoLocale.long.transform("").isEmpty)
        #expect(PseudoLocale.long.transform("%@ %lld") == "%@ %lld", "nothing visible to expand")
    }

    @Test func malformedTextIsLeftAlone() {
        for s in ["100% ☃", "%n", "bad %", "%#@open"] {
            for kind in PseudoLocale.allCases { #expect(kind.transform(s) == s, "\(kind) '\(s)'") }
        }
    }

    @Test func listParsing() {
        #expect(PseudoLocale.list("accented, bidi,long").kinds == [.accented, .bidi, .long])
        #expect(PseudoLocale.list("en-XA,ar-xb").kinds == [.accented, .bidi])
        #expect(PseudoLocale.list("accented,klingon").unknown == "klingon")
    }

    // MARK: Compiled and looked up

    static let catalog = """
    {"sourceLanguage":"en","version":"1.0","strings":{
     "files":{"localizations":{"en":{"variations":{"plural":{
        "one":{"stringUnit":{"state":"translated","value":"%lld file"}},
        "other":{"stringUnit":{"state":"translated","value":"%lld files"}}}}}}},
     "hello":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Hello %@, 100%% done"}},
                                "de":{"stringUnit":{"state":"translated","value":"Hallo %@, 100%% fertig"}}}},
     "brand":{"shouldTranslate":false,"localizations":{"en":{"stringUnit":{"state":"translated","value":"Lokale"}}}},
     "sub":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@files@ in %@"},
        "substitutions":{"files":{"formatSpecifier":"lld","variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%arg file"}},
          "other":{"stringUnit":{"state":"translated","value":"%arg files"}}}}}}}}}
    }}
    """

    let cli = CompileCommandTests()

    func compile(_ pseudo: String = "accented,bidi,long") throws -> (path: String, source: String) {
        let dir = Fixtures.temporaryDirectory("lokale-pseudo")
        let source = Fixtures.write(Self.catalog, to: "Localizable.xcstrings", in: dir)
        let out = dir + "/out.lokale"
        let r = try cli.run(["compile", source, "-o", out, "--pseudo", pseudo])
        #expect(r.status == 0, "\(r.stderr)")
        return (out, source)
    }

    func lookup(_ path: String, _ key: String, _ prefer: String, _ args: [String]) throws -> String {
        let r = try cli.run(["lookup", path, key, "--prefer", prefer] + args)
        #expect(r.status == 0, "\(r.stderr)")
        return String(r.stdout.dropLast()) // print's newline
    }

    @Test func compiledPseudoLanguagesFormatWithArguments() throws {
        let (path, _) = try compile()
        let table = try CompiledTable(path: path, verifyPayload: true)
        #expect(Set(table.localizations) == ["en", "de", "en-XA", "ar-XB", "en-XL"])

        for kind in PseudoLocale.allCases {
            // The pseudo text with its arguments substituted, as printf would.
            let hello = kind.transform("Hello %@, 100%% done").replacing("%@", with: "World").replacing("%%", with: "%")
            #expect(try lookup(path, "hello", kind.tag, ["World"]) == hello, "\(kind)")
            #expect(try lookup(path, "brand", kind.tag, []) == "Lokale", "shouldTranslate false stays")
        }
        // Plurals keep their categories: one and other both pseudo-localized, and picked by count.
        let one = PseudoLocale.accented.transform("%lld file").replacing("%lld", with: "1")
        let many = PseudoLocale.accented.transform("%lld files").replacing("%lld", with: "7")
        #expect(try lookup(path, "files", "en-XA", ["1"]) == one)
        #expect(try lookup(path, "files", "en-XA", ["7"]) == many)
        // A substitution: brackets around the whole message, its own variant accented inside.
        let inner = PseudoLocale.accented.transform("%2$lld files", outermost: false).replacing("%2$lld", with: "3")
        let sub = PseudoLocale.accented.transform("%#@files@ in %@").replacing("%#@files@", with: inner).replacing("%@", with: "Docs")
        #expect(try lookup(path, "sub", "en-XA", ["3", "Docs"]) == sub)

        // Real users are not sent to a pseudo-language.
        #expect(try lookup(path, "hello", "en-US", ["World"]) == "Hello World, 100% done")
        #expect(try lookup(path, "hello", "de-AT", ["Welt"]) == "Hallo Welt, 100% fertig")
        // Not even when their language has no real localization: Arabic falls to the development
        // language, not to ar-XB; a pseudo-language must be named (in either spelling).
        #expect(try lookup(path, "hello", "ar", ["World"]) == "Hello World, 100% done")
        #expect(try lookup(path, "hello", "ar-EG,de", ["Welt"]) == "Hallo Welt, 100% fertig")
        let bidi = PseudoLocale.bidi.transform("Hello %@, 100%% done").replacing("%@", with: "World").replacing("%%", with: "%")
        #expect(try lookup(path, "hello", "fr,ar_XB", ["World"]) == bidi)
        let bundle = try Runtime(preferredLanguages: ["ar"]).open(path: path)
        #expect(!bundle.preferredLocalizations.contains("ar-XB"))
    }

    @Test func pluralStructureIsKept() throws {
        let dir = Fixtures.temporaryDirectory("lokale-pseudo")
        var bundle = try CatalogLoader.load([Fixtures.write(Self.catalog, to: "Localizable.xcstrings", in: dir)])
        try Pseudolocalization.add(PseudoLocale.allCases, to: &bundle)
        let t = try #require(bundle.tables["Localizable"])
        func shape(_ v: Variation) -> String {
            switch v {
            case .text: "text"
            case .plural(let a, let o, let c):
                "plural(\(a),\(o),\(PluralCategory.allCases.compactMap { k in c[k].map { "\(k):\(shape($0))" } }))"
            case .device(let c): "device(\(DeviceClass.allCases.compactMap { c[$0].map(shape) }))"
            case .forms(let a, let rule, let f): "forms(\(a),\(rule.expression),\(f.map(shape)))"
            case .messageFormat: "mf2"
            }
        }
        for kind in PseudoLocale.allCases {
            for (key, m) in t.messages["en"]! {
                let p = try #require(t.messages[kind.tag]?[key])
                #expect(shape(p.variation) == shape(m.variation), "\(kind) \(key)")
                #expect(p.substitutions.map(\.name) == m.substitutions.map(\.name))
                #expect(p.substitutions.map(\.argument) == m.substitutions.map(\.argument))
                #expect(p.substitutions.map { shape($0.variation) } == m.substitutions.map { shape($0.variation) })
            }
        }
        // The compiler finds nothing to replace in the pseudo-languages.
        #expect(try TableWriter.compile(bundle).statistics.warnings.isEmpty)
    }

    @Test func refusesToReplaceARealLocalizationAndUnknownNames() throws {
        let dir = Fixtures.temporaryDirectory("lokale-pseudo")
        let json = #"{"sourceLanguage":"en","version":"1.0","strings":{"a":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"A"}},"en-XA":{"stringUnit":{"state":"translated","value":"Å"}}}}}}"#
        let source = Fixtures.write(json, to: "Localizable.xcstrings", in: dir)
        let r = try cli.run(["compile", source, "-o", dir + "/out.lokale", "--pseudo", "accented"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("localization en-XA already exists"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.lokale"))
        let u = try cli.run(["compile", source, "-o", dir + "/out.lokale", "--pseudo", "klingon"])
        #expect(u.status == 2 && u.stderr.contains("unknown pseudo-localization 'klingon'"))
    }

    /// Every message of the collected catalogs: each pseudo text keeps its source's specifiers, and
    /// the compiler's own check finds no pseudo translation to replace.
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func conformanceCatalogsKeepTheirSignatures() throws {
        var texts = 0
        for path in Conformance.files(under: "catalogs", ext: "xcstrings") {
            var bundle = try CatalogLoader.load([path])
            let before = try TableWriter.compile(bundle).statistics.warnings
            try Pseudolocalization.add(PseudoLocale.allCases, to: &bundle)
            let after = try TableWriter.compile(bundle).statistics.warnings
            let tags = Set(PseudoLocale.allCases.map(\.tag))
            // Pseudo texts add no problem: only a source text that is itself malformed is reported again.
            let sourceProblems = Set(before.map(\.key))
            let pseudoProblems = after.filter { tags.contains($0.localization) }
            #expect(pseudoProblems.allSatisfy { sourceProblems.contains($0.key) }, "\(path): \(pseudoProblems)")
            #expect(after.count - pseudoProblems.count == before.count)
            let development = bundle.developmentLocalization!
            for t in bundle.tables.values {
                for (key, m) in t.messages[development] ?? [:] {
                    for kind in PseudoLocale.allCases {
                        let p = try #require(t.messages[kind.tag]?[key])
                        let source = m.variation.texts + m.substitutions.flatMap(\.variation.texts)
                        let pseudo = p.variation.texts + p.substitutions.flatMap(\.variation.texts)
                        #expect(source.count == pseudo.count)
                        for (s, q) in zip(source, pseudo) {
                            #expect(FormatParser.parse(s).signature == FormatParser.parse(q).signature, "\(path) \(key) \(kind)")
                            #expect(Self.specifiers(s) == Self.specifiers(q), "\(path) \(key) \(kind)")
                            texts += 1
                        }
                    }
                }
            }
        }
        #expect(texts > 300)
    }
}
