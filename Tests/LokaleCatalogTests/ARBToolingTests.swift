import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// ARB files through the real `lokale` tools, as subprocesses: compile a Flutter project,
/// `lookup` with NAME=VALUE, `check` with file:line:column, and the XLIFF round trip that writes
/// `app_pt_BR.arb` beside the template.
struct ARBToolingTests {
    let cli = CompileCommandTests()

    static let template = """
        {
          "@@locale": "en",
          "inbox": "{count, plural, =0{No messages} one{# message from {sender}} other{# messages from {sender}}}",
          "@inbox": {"description": "Inbox summary", "placeholders": {"count": {"type": "int"}, "sender": {"type": "String"}}},
          "saved": "Saved {size} on {day}",
          "@saved": {"placeholders": {"size": {"type": "int", "format": "compact"}, "day": {"type": "DateTime", "format": "yMMMd"}}},
          "quoted": "It's '{name}'",
          "@quoted": {"placeholders": {"name": {}}}
        }
        """

    @Test func compileAndLookUpAFlutterProject() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb-cli")
        _ = Fixtures.write("arb-dir: l10n\n", to: "l10n.yaml", in: dir)
        _ = Fixtures.write(Self.template, to: "l10n/app_en.arb", in: dir)
        _ = Fixtures.write(#"{"inbox": "{count, plural, =0{Aucun message} one{# message de {sender}} other{# messages de {sender}}}", "saved": "{size} enregistrés le {day}"}"#,
                           to: "l10n/app_fr.arb", in: dir)
        let table = dir + "/App.lokale"
        let compiled = try cli.run(["compile", dir, "-o", table])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        func lookup(_ args: [String]) throws -> String {
            let r = try cli.run(["lookup", table] + args)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        #expect(try lookup(["inbox", "--prefer", "fr", "count=1000", "sender:=Ana"]) == "1\u{202F}000 messages de Ana\n")
        #expect(try lookup(["inbox", "--prefer", "en", "count=0", "sender:=Ana"]) == "No messages\n")
        #expect(try lookup(["saved", "--prefer", "fr", "size=1234567", "day=2026-12-05T10:00:00Z"]) == "1,2\u{A0}M enregistrés le 5 déc. 2026\n")
        #expect(try lookup(["saved", "--prefer", "en", "size=1234567", "day=2026-12-05T10:00:00Z"]) == "Saved 1.2M on Dec 5, 2026\n")
        // French lacks `quoted`: the template's message; l10n.yaml without use-escaping keeps apostrophes.
        #expect(try lookup(["quoted", "--prefer", "fr", "name:=x"]) == "It's 'x'\n")
    }

    @Test func checkReportsTheColumnOfAnAddedArgument() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb-cli")
        let en = Fixtures.write(Self.template, to: "app_en.arb", in: dir)
        let de = Fixtures.write("{\n  \"saved\": \"{size} am {tag} gespeichert\"\n}\n", to: "app_de.arb", in: dir)
        let r = try cli.run(["check", en, de])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(de):2:23: error: [Localizable] de 'saved': the translation reads {tag}, which the development message does not nor declares"), "\(r.stdout)")
        #expect(r.stdout.contains("\(de):2: warning: [Localizable] de 'saved': the translation does not use {day}, which the development message does"))
        #expect(r.stdout.contains("2 of 3 keys untranslated: 'inbox', 'quoted'"), "\(r.stdout)")
        // The compile warns at the same place and serves the template's message instead.
        let c = try cli.run(["compile", en, de, "-o", dir + "/out.lokale"])
        #expect(c.status == 0 && c.stderr.contains("\(de):2:23: warning:"), "\(c.stderr)")
    }

    @Test func xliffRoundTripWritesTheTranslationsARBFile() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb-xliff")
        let en = Fixtures.write(Self.template, to: "app_en.arb", in: dir)
        let xliff = dir + "/pt.xliff"
        let exported = try cli.run(["export-xliff", en, "--language", "pt-BR", "-o", xliff])
        #expect(exported.status == 0, "\(exported.stderr)")
        var text = try String(contentsOfFile: xliff, encoding: .utf8)
        // The ICU text is the source, as written (XML-escaped by the writer).
        #expect(text.contains("<source>{count, plural, =0{No messages} one{# message from {sender}} other{# messages from {sender}}}</source>"))
        #expect(text.contains("<note>Inbox summary"))
        func translate(_ source: String, _ target: String) {
            text = text.replacingOccurrences(of: "<source>\(source)</source>", with: "<source>\(source)</source>\n        <target state=\"translated\">\(target)</target>")
        }
        translate("{count, plural, =0{No messages} one{# message from {sender}} other{# messages from {sender}}}",
                  "{count, plural, =0{Nenhuma mensagem} one{# mensagem de {sender}} other{# mensagens de {sender}}}")
        translate("Saved {size} on {day}", "{size} salvos em {day}")
        translate("It's '{name}'", "É '{name}' {broken")
        try text.write(toFile: xliff, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import-xliff", xliff, en])
        #expect(imported.status == 0, "\(imported.stderr)")
        // ICU MessageFormat, not MF2: an ICU syntax error is what keeps a target out.
        #expect(imported.stderr.contains("unit 'quoted' was not imported: not a valid ICU MessageFormat message"), "\(imported.stderr)")
        let pt = dir + "/app_pt_BR.arb"
        let written = try String(contentsOfFile: pt, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"@@locale\": \"pt_BR\",\n  \"inbox\": ") && !written.contains("@@table") && !written.contains("quoted"), "\(written)")
        // Compiled with the template: Brazilian Portuguese, and the template's message where it has none.
        let table = dir + "/out.lokale"
        #expect(try cli.run(["compile", en, pt, "-o", table]).status == 0)
        let lookup = try cli.run(["lookup", table, "inbox", "--prefer", "pt-BR", "count=2", "sender:=Ana"])
        #expect(lookup.stdout == "2 mensagens de Ana\n", "\(lookup.stderr)")
        let fallback = try cli.run(["lookup", table, "quoted", "--prefer", "pt-BR", "name:=x"])
        #expect(fallback.stdout == "It's {name}\n", "\(fallback.stderr)")  // no l10n.yaml: ICU quoting
        // Exported again: the targets are there, the message still missing is untranslated.
        #expect(try cli.run(["export-xliff", en, "--language", "pt-BR", "-o", xliff]).status == 0)
        let again = try String(contentsOfFile: xliff, encoding: .utf8)
        #expect(again.contains("<target>{size} salvos em {day}</target>") && again.components(separatedBy: "<target").count == 3)
    }
}
