import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// MessageFormat 2 messages in catalogs: read from `.mf2.json` resources and `.po` entries flagged
/// `mf2-format`, validated at compile, written into the table as nodes and formatted from it under
/// the bundle contract.
struct MF2CatalogTests {
    static let invite = """
        .input {$gender :string}
        .input {$count :integer}
        .match $gender $count
        female one {{{$host} invited one guest to her party.}}
        female * {{{$host} invited {$count} guests to her party.}}
        * one {{{$host} invited one guest to their party.}}
        * * {{{$host} invited {$count} guests to their party.}}
        """
    static let inviteFr = """
        .input {$gender :string}
        .input {$count :integer}
        .match $gender $count
        female one {{{$host} a invité une personne à sa fête.}}
        female * {{{$host} a invité {$count} personnes à sa fête.}}
        * one {{{$host} a invité une personne à leur fête.}}
        * * {{{$host} a invité {$count} personnes à leur fête.}}
        """

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    /// Every valid message of the official suite, compiled into one table and formatted from it,
    /// gives what the data model it was compiled from gives: the nodes keep the whole message.
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func everySuiteMessageSurvivesTheTable() throws {
        var messages: [String: CatalogMessage] = [:]
        var cases: [(key: String, message: MF2.Message, params: [String: MF2.Argument])] = []
        for path in Conformance.files(under: "mf2/tests", ext: "json") {
            let suite = try JSONValue.read(path)
            let defaults = suite["defaultTestProperties"]?.object ?? [:]
            guard case .array(let tests)? = suite["tests"] else { continue }
            for test in tests {
                guard let src = (test["src"] ?? defaults["src"])?.string, let m = try? MF2.parse(src), m.dataModelErrors.isEmpty else { continue }
                var params: [String: MF2.Argument] = [:]
                if case .array(let list)? = test["params"] ?? defaults["params"] {
                    for p in list { if let name = p["name"]?.string, let a = MF2FormatTests.argument(p) { params[name] = a } }
                }
                let key = "t\(cases.count)"
                messages[key] = CatalogMessage(.messageFormat(source: src, message: m))
                cases.append((key, m, params))
            }
        }
        #expect(cases.count >= 300)
        var bundle = CatalogBundle()
        bundle.developmentLocalization = "en"
        var table = CatalogTable(name: "Localizable")
        table.messages["en"] = messages
        bundle.tables["Localizable"] = table
        let path = Fixtures.temporaryDirectory("lokale-mf2") + "/suite.lokale"
        try TableWriter.write(bundle, to: path)
        let opened = try Runtime(preferredLanguages: ["en"]).open(path: path, main: true)
        for c in cases {
            let expected = MF2.format(c.message, locale: "en", arguments: c.params)
            let got = try opened.format(c.key, arguments: [], named: c.params)
            #expect(got.text == expected.text, "\(c.key): \(c.message)")
            #expect(got.problems == expected.errors.map(\.description), "\(c.key)")
            // A plain lookup answers the source, as it answers a format string unformatted.
            #expect(try opened.string(c.key) == messages[c.key]!.representativeText)
        }
    }

    @Test func resourcesAndPoEntriesFollowTheBundleContract() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        let en = Fixtures.write(try Self.json([
            "invite": Self.invite, "@invite": ["description": "Party invitation", "arguments": ["count": ["type": "integer"]]],
            "manual": "Read {#b}the manual{/b}.",
        ]), to: "Localizable.en.mf2.json", in: dir)
        let frJSON = Fixtures.write(try Self.json(["@@locale": "fr", "invite": Self.inviteFr]), to: "fr.lproj/Localizable.mf2.json", in: dir)
        let compiled = try Fixtures.compile([en, frJSON], to: dir + "/out.lokale")
        let runtime = Runtime(preferredLanguages: ["fr-CA", "en"])
        let bundle = try runtime.open(path: compiled, main: true)
        let args: [String: MF2.Argument] = ["host": "Ana", "gender": "female", "count": 1]
        #expect(try bundle.format("invite", arguments: [], named: args).text == "\u{2068}Ana\u{2069} a invité une personne à sa fête.")
        var many = args
        many["count"] = 1_234_567
        many["gender"] = "other"
        #expect(try bundle.format("invite", arguments: [], named: many).text == "\u{2068}Ana\u{2069} a invité 1\u{202F}234\u{202F}567 personnes à leur fête.")
        // Only English has `manual`: the table's rule answers from French's table, which lacks it:
        // the key (Apple's rule), or the default value.
        #expect(try bundle.format("manual", arguments: []).text == "manual")
        #expect(try bundle.format("manual", default: "Lisez le manuel.", arguments: []).text == "Lisez le manuel.")
        let english = try Runtime(preferredLanguages: ["de"]).open(path: compiled, main: true)
        #expect(try english.format("manual", arguments: []).text == "Read the manual.")
        #expect(try english.format("invite", arguments: [], named: args).text == "\u{2068}Ana\u{2069} invited one guest to her party.")
        // Missing arguments: text anyway, and the problems.
        let partial = try english.format("invite", arguments: [], named: ["count": 2])
        #expect(partial.text == "\u{2068}{$host}\u{2069} invited 2 guests to their party.")
        #expect(partial.problems.contains { $0.hasPrefix("unresolved-variable") })
        // explain says which variant and why.
        let trace = try bundle.explain("invite", named: many)
        #expect(trace.selection?.variant == 3)
        #expect(trace.text.contains("variant: $gender matches no key; $count matches no key; variant 4 (* *) chosen"))
        #expect(trace.json.contains("\"keys\""))
        // The description is the key's comment.
        let loaded = try CatalogLoader.load([en, frJSON])
        #expect(loaded.tables["Localizable"]?.info["invite"]?.comment == "Party invitation\nArguments: $count: integer")
    }

    @Test func poEntriesFlaggedMf2Format() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        func escaped(_ s: String) -> String { s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n") }
        let po = Fixtures.write("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            #. Party invitation
            #, mf2-format
            msgctxt "invite"
            msgid "\(escaped(Self.invite))"
            msgstr "\(escaped(Self.inviteFr))"

            #, mf2-format
            msgid "Hello {$name}!"
            msgstr ""

            """, to: "fr.po", in: dir)
        let compiled = try Fixtures.compile([po], to: dir + "/out.lokale") { $0.developmentLocalization = "en" }
        let fr = try Runtime(preferredLanguages: ["fr"]).open(path: compiled, main: true)
        let key = "invite\u{04}" + Self.invite
        #expect(try fr.format(key, arguments: [], named: ["host": "Léa", "count": 3]).text
                == "\u{2068}Léa\u{2069} a invité 3 personnes à leur fête.")
        // Untranslated: the msgid, an MF2 message of the development localization.
        #expect(try fr.format("Hello {$name}!", arguments: [], named: ["name": "Léa"]).text == "Hello \u{2068}Léa\u{2069}!")
        #expect(try CatalogLoader.load([po]).tables["Localizable"]?.info[key]?.comment == "Party invitation")
    }

    @Test func brokenMessagesAreRefusedWithTheirPlaceAndNothingIsWritten() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        let out = dir + "/out.lokale"
        func refusal(_ path: String) -> CatalogError? {
            catalogError { _ = try Fixtures.compile([path], to: out) }
        }
        let syntax = Fixtures.write("{\n  \"ok\": \"fine\",\n  \"bad\": \"Hello {$name\"\n}\n", to: "Localizable.en.mf2.json", in: dir)
        let e1 = try #require(refusal(syntax))
        #expect(e1.line == 3)
        #expect(e1.message.contains("message 'bad'") && e1.message.contains("syntax error at 1:13"))
        let model = Fixtures.write("{\"bad\": \".input {$x :number}\\n.match $x\\none {{a}}\"}", to: "B.en.mf2.json", in: dir)
        #expect(try #require(refusal(model)).message.contains("missing-fallback-variant"))
        let plural = Fixtures.write("""
            msgid ""
            msgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

            #, mf2-format
            msgid "{$n} file"
            msgid_plural "{$n} files"
            msgstr[0] "{$n} fichier"
            msgstr[1] "{$n} fichiers"

            """, to: "fr.po", in: dir)
        let e3 = try #require(refusal(plural))
        #expect(e3.line == 5 && e3.message.contains("msgid_plural"))
        let badPo = Fixtures.write("""
            msgid ""
            msgstr "Content-Type: text/plain; charset=UTF-8\\n"

            #, mf2-format
            msgid "Hello {$name}"
            msgstr "Bonjour {$name"

            """, to: "de.po", in: dir)
        let e4 = try #require(refusal(badPo))
        #expect(e4.file == badPo && e4.line == 6 && e4.message.contains("syntax error"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let noLocale = Fixtures.write("{\"a\": \"b\"}", to: "Strings.mf2.json", in: dir)
        #expect(try #require(refusal(noLocale)).message.contains("no locale"))
    }

    /// A translation that reads an argument the development message does not would show `{$x}`
    /// to every caller: compile warns and serves the development message; `check` reports it.
    @Test func translationsReadingOtherArgumentsAreReplaced() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        let en = Fixtures.write(#"{"hi": ".input {$n :integer}\n{{Hello {$name}, {$n} new}}"}"#, to: "en.lproj/Localizable.mf2.json", in: dir)
        let fr = Fixtures.write(#"{"hi": "Bonjour {$nom}, {$n :integer} nouveaux"}"#, to: "fr.lproj/Localizable.mf2.json", in: dir)
        let de = Fixtures.write(#"{"hi": ".input {$n :integer}\n.local $x = {$name}\n{{Hallo {$x}, {$n} neu}}"}"#, to: "de.lproj/Localizable.mf2.json", in: dir)
        var loaded = try CatalogLoader.load([en, fr, de])
        loaded.developmentLocalization = "en"
        let stats = try TableWriter.compile(loaded).statistics
        #expect(stats.replaced == 1)
        let warning = try #require(stats.warnings.first)
        #expect(warning.localization == "fr" && warning.file == fr && warning.message.contains("reads $nom"))
        #expect(MessageFormatCheck.arguments(of: try MF2.parse(".input {$n :integer}\n.local $x = {$name :string}\n{{{$x}{$y}}}")) == ["n", "name", "y"])
        let path = try Fixtures.compile([en, fr, de], to: dir + "/out.lokale")
        let args: [String: MF2.Argument] = ["name": "Ana", "n": 2]
        #expect(try Runtime(preferredLanguages: ["fr"]).open(path: path, main: true).format("hi", arguments: [], named: args).text
                == "Hello \u{2068}Ana\u{2069}, 2 new")
        #expect(try Runtime(preferredLanguages: ["de"]).open(path: path, main: true).format("hi", arguments: [], named: args).text
                == "Hallo \u{2068}Ana\u{2069}, 2 neu")
        let report = try CatalogChecker.check(loaded)
        let fromFrench = report.problems.filter { f in f.kind == .format && f.localization == "fr" }
        #expect(fromFrench.count == 1 && fromFrench.first?.severity == .error)
    }

    /// Pseudo-localizations of MF2 messages change only their text: they select and format as the
    /// development message does.
    @Test func pseudoLocalizationKeepsTheMessage() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        let en = Fixtures.write(try Self.json(["invite": Self.invite]), to: "Localizable.en.mf2.json", in: dir)
        var bundle = try CatalogLoader.load([en])
        try Pseudolocalization.add(PseudoLocale.allCases, to: &bundle)
        let path = dir + "/out.lokale"
        try TableWriter.write(bundle, to: path)
        let args: [String: MF2.Argument] = ["host": "Ana", "gender": "female", "count": 3]
        let accented = try Runtime(preferredLanguages: ["en-XA"]).open(path: path, main: true).format("invite", arguments: [], named: args)
        #expect(accented.text == "[\u{2068}Ana\u{2069} îñṽîţéð 3 ĝûéšţš ţö ĥéŕ þåŕţý.]")
        #expect(accented.problems.isEmpty)
        guard case .messageFormat(_, let pseudo)? = bundle.tables["Localizable"]?.messages["en-XA"]?["invite"]?.variation,
              case .select(let p) = pseudo, case .select(let original) = try MF2.parse(Self.invite) else {
            Issue.record("not an MF2 message")
            return
        }
        #expect(p.selectors == original.selectors && p.variants.map(\.keys) == original.variants.map(\.keys))
    }

    /// `check` judges an MF2 `.match` on a plural selector by CLDR's rules for each language, as it
    /// judges Apple's plural variations.
    @Test func checkReportsPluralKeysCLDRDoesNotExpect() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        let en = Fixtures.write(#"{"n": ".input {$n :integer}\n.match $n\none {{{$n} file}}\nfew {{odd}}\n* {{{$n} files}}"}"#,
                                to: "en.lproj/Localizable.mf2.json", in: dir)
        let pl = Fixtures.write(#"{"n": ".input {$n :integer}\n.match $n\none {{{$n} plik}}\n* {{{$n} plików}}"}"#,
                                to: "pl.lproj/Localizable.mf2.json", in: dir)
        let exact = Fixtures.write(#"{"n": ".input {$n :integer}\n.match $n\n0 {{żadnych}}\n* {{{$n}}}"}"#,
                                   to: "ru.lproj/Localizable.mf2.json", in: dir)
        var bundle = try CatalogLoader.load([en, pl, exact])
        bundle.developmentLocalization = "en"
        let problems = try CatalogChecker.check(bundle).problems
        let english = problems.filter { $0.localization == "en" && $0.kind == .unusedPluralCategory }
        #expect(english.count == 1 && english.first?.message.contains("few") == true)
        let polish = problems.filter { $0.localization == "pl" && $0.kind == .missingPluralCategory }
        #expect(polish.count == 1 && polish.first?.message.contains("few, many") == true, "\(problems)")
        // Exact keys and `*` only: no plural selection to judge.
        #expect(!problems.contains { $0.localization == "ru" && ($0.kind == .missingPluralCategory || $0.kind == .unusedPluralCategory) })
    }

    /// A table compiled again over the one a program uses: reloaded, its MF2 messages change too,
    /// on the C path as on the Swift one.
    @Test func hotReloadServesTheNewMessages() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2")
        let source = dir + "/Localizable.fr.mf2.json"
        Fixtures.write(#"{"n": ".input {$n :integer}\n.match $n\none {{{$n} fichier}}\n* {{{$n} fichiers}}"}"#, to: "Localizable.fr.mf2.json", in: dir)
        let path = try Fixtures.compile([source], to: dir + "/out.lokale") { $0.developmentLocalization = "fr" }
        let bundle = try Runtime(preferredLanguages: ["fr"]).open(path: path, main: true)
        #expect(try bundle.format("n", arguments: [], named: ["n": 2]).text == "2 fichiers")
        Fixtures.write(#"{"n": ".input {$n :integer}\n.match $n\none {{{$n} document}}\n* {{{$n} documents}}"}"#, to: "Localizable.fr.mf2.json", in: dir)
        _ = try Fixtures.compile([source], to: path) { $0.developmentLocalization = "fr" }
        #expect(try bundle.reload())
        #expect(try bundle.format("n", arguments: [], named: ["n": 2]).text == "2 documents")
        #expect(try bundle.format("n", arguments: [], named: ["n": 1]).text == "1 document")
    }
}
