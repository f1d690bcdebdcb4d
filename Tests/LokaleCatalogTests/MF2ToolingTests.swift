import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// MF2 resources through the real `lokale` tools, as subprocesses: XLIFF export and import (an
/// invalid MF2 translation is not imported), `lookup` and `explain` with NAME=VALUE arguments.
struct MF2ToolingTests {
    let cli = CompileCommandTests()

    @Test func xliffRoundTripOfAnMF2Resource() throws {
        let dir = Fixtures.temporaryDirectory("lokale-mf2-xliff")
        let en = Fixtures.write("""
            {"files": ".input {$count :integer}\\n.match $count\\none {{{$count} file}}\\n* {{{$count} files}}",
             "@files": {"description": "Files in the folder"},
             "manual": "Read {#b}the manual{/b}.", "due": "Due {$when :date}."}
            """, to: "en.lproj/Localizable.mf2.json", in: dir)
        let xliff = dir + "/de.xliff"
        let exported = try cli.run(["export-xliff", en, "--language", "de", "-o", xliff])
        #expect(exported.status == 0, "\(exported.stderr)")
        var text = try String(contentsOfFile: xliff, encoding: .utf8)
        #expect(text.contains("<note>Files in the folder</note>"))
        func translate(_ source: String, _ target: String) {
            text = text.replacingOccurrences(of: "<source>\(source)</source>", with: "<source>\(source)</source>\n        <target state=\"translated\">\(target)</target>")
        }
        translate(".input {$count :integer}\n.match $count\none {{{$count} file}}\n* {{{$count} files}}",
                  ".input {$count :integer}\n.match $count\none {{{$count} Datei}}\n* {{{$count} Dateien}}")
        translate("Read {#b}the manual{/b}.", "Lesen Sie {#b}das Handbuch{/b}.")
        translate("Due {$when :date}.", "Fällig {$when :date")
        try text.write(toFile: xliff, atomically: true, encoding: .utf8)
        let imported = try cli.run(["import-xliff", xliff, en])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("unit 'due' was not imported: not a valid MessageFormat 2 message"))
        let de = dir + "/de.lproj/Localizable.mf2.json"
        let written = try String(contentsOfFile: de, encoding: .utf8)
        #expect(written.contains("\"@@locale\": \"de\"") && written.contains("Datei") && !written.contains("\"due\""))
        // Compiled with the development resource, the translation serves German.
        let table = dir + "/out.lokale"
        #expect(try cli.run(["compile", en, de, "-o", table]).status == 0)
        let lookup = try cli.run(["lookup", table, "files", "--prefer", "de", "count=3"])
        #expect(lookup.stdout == "3 Dateien\n", "\(lookup.stderr)")
        let explain = try cli.run(["explain", table, "files", "--prefer", "de", "count=1"])
        #expect(explain.stdout.contains("variant: $count matches one; variant 1 (one) chosen"))
        // Exported again: the German targets are there.
        #expect(try cli.run(["export-xliff", en, "--language", "de", "-o", xliff]).status == 0)
        #expect(try String(contentsOfFile: xliff, encoding: .utf8).contains("<target>Lesen Sie {#b}das Handbuch{/b}.</target>"))
    }
}
