import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The `.mo` reader: both byte orders as msgfmt writes them, every truncation of a valid file, and
/// gettext's own corrupt `.mo` set compared with glibc (each file in a child process, where a crash
/// shows as a signal) — the table in docs/RELIABILITY.md comes from `corruptSetAgainstGlibc`.
@Suite(.serialized)
struct GettextMoTests {
    static let po = """
        msgid ""
        msgstr ""
        "Language: ru\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        msgctxt "menu"
        msgid "Open"
        msgstr "Открыть"

        #, c-format
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d файл"
        msgstr[1] "%d файла"
        msgstr[2] "%d файлов"

        msgid "untranslated"
        msgstr ""

        """

    @Test(.enabled(if: Glibc.msgfmt != nil, "msgfmt is not installed (apt package gettext)"), arguments: ["little", "big"])
    func readsBothByteOrdersAsThePo(endianness: String) throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-mo")
        let po = Fixtures.write(Self.po, to: "app.po", in: dir)
        let mo = dir + "/ru/LC_MESSAGES/app.mo"
        try Glibc.msgfmt(po, to: mo, extra: ["--endianness=\(endianness)"])
        let fromPo = try GettextReader.read(path: po)
        let fromMo = try GettextReader.read(path: mo)
        #expect(fromMo.localization == "ru" && fromMo.table == "app")
        #expect(fromMo.translations == fromPo.translations)
        #expect(fromMo.translations["menu\u{04}Open"] == CatalogMessage(text: "Открыть"))
        // The two translated entries, and the header (gettext("") answers it).
        #expect(fromMo.translations.count == 3 && fromMo.translations[""] != nil)
        // An untranslated entry is not in a .mo at all.
        #expect(fromPo.sources["untranslated"] != nil && fromMo.sources["untranslated"] == nil)
    }

    @Test(.enabled(if: Glibc.msgfmt != nil, "msgfmt is not installed (apt package gettext)"))
    func everyTruncationIsAnError() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-mo")
        let po = Fixtures.write(Self.po, to: "app.po", in: dir)
        let mo = dir + "/ru/LC_MESSAGES/app.mo"
        try Glibc.msgfmt(po, to: mo)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: mo)))
        var errors = 0
        // msgfmt puts the strings last, so every shorter file loses part of one.
        for end in 0..<bytes.count {
            let e = catalogError { _ = try GettextReader.parse(Array(bytes[..<end]), file: mo) }
            #expect(e?.file == mo)
            if e != nil { errors += 1 }
        }
        #expect(errors == bytes.count)
        // Random words overwritten: an error or a catalog, never a crash.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var b = bytes
            let at = Int.random(in: 0..<(b.count / 4), using: &generator) * 4
            for i in 0..<4 { b[at + i] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? GettextReader.parse(b, file: mo)
        }
    }

    @Test func hostileHeadersAreRejected() {
        func mo(_ words: [UInt32]) -> [UInt8] { words.flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> (8 * $0)) } } }
        let cases: [([UInt8], String)] = [
            ([0xde, 0x12, 0x04], "shorter than the 28-byte header"),
            (mo([0x1234_5678, 0, 0, 0, 0, 0, 0]), "bad magic number"),
            (mo([0x9504_12de, 0x0002_0000, 0, 28, 28, 0, 0]), "newer than"),
            (mo([0x9504_12de, 0, 0xFFFF_FFFF, 28, 28, 0, 0]), "cannot fit"),
            (mo([0x9504_12de, 0, 1, 0xFFFF_FFF0, 28, 0, 0]), "original string table"),
            (mo([0x9504_12de, 0, 1, 28, 28, 0, 0, 5, 0xFFFF_FF00]), "original string 0"),
            (mo([0x9504_12de, 0, 1, 28, 28, 0, 0, 1, 36, 0x41414141]), "not NUL terminated"),
            (mo([0x9504_12de, 1, 0, 28, 28, 0, 0]), "header ends before"),
        ]
        for (bytes, reason) in cases {
            let e = catalogError { _ = try GettextReader.parse(bytes, file: "fr.mo") }
            #expect(e?.message.contains(reason) == true, "\(reason): \(e.map(String.init(describing:)) ?? "")")
        }
    }

    struct Row { var file: String; var glibc: String; var lokale: String }

    static let corruptMsgids = ["msg 1", "error 3", "mesg 4", "error 5", "window 6", "help 2 %d", "SYS_(C)\n"]

    /// glibc's gettext on one corrupt file, in a child process.
    func glibcResult(_ file: String, dir: String) throws -> String {
        let domain = "corrupt"
        let mo = dir + "/glibc-\(file)/fr/LC_MESSAGES/\(domain).mo"
        try FileManager.default.createDirectory(atPath: (mo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Conformance.path("gettext-0.21/mo-corrupt/\(file)"), toPath: mo)
        let r = try Glibc.run(try Glibc.helper.get(), [dir + "/glibc-\(file)", domain, "--lookup-all"] + Self.corruptMsgids,
                              environment: ["LC_ALL": "C.UTF-8", "LANGUAGE": "fr"])
        if let s = r.signal { return "crash (signal \(s): \(s == 11 ? "SIGSEGV" : s == 7 ? "SIGBUS" : "other"))" }
        let answers = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(Glibc.unhex)
        let translated = zip(answers, Self.corruptMsgids).filter { $0 != $1 }.count
        return translated == 0 ? "no crash; every msgid comes back untranslated" : "no crash; \(translated) of \(Self.corruptMsgids.count) msgids translated"
    }

    /// Lokale's `.mo` path through the real CLI: compile, then look up every key of what compiled.
    func lokaleResult(_ file: String, dir: String) throws -> (text: String, crashed: Bool, rejected: Bool) {
        let cli = try #require(CompileCommandTests.cli, "lokale-cli was not found beside the test bundle")
        let domain = String(file.dropLast(3))
        let mo = dir + "/lokale/fr/LC_MESSAGES/\(domain).mo"
        try FileManager.default.createDirectory(atPath: (mo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Conformance.path("gettext-0.21/mo-corrupt/\(file)"), toPath: mo)
        let out = dir + "/\(domain).lokale"
        let r = try Glibc.run(cli, ["compile", mo, "-o", out])
        if let s = r.signal { return ("crash (signal \(s))", true, false) }
        guard r.status == 0 else {
            let message = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(!FileManager.default.fileExists(atPath: out), "a failed compile wrote \(out)")
            return ("rejected: `\(message.replacingOccurrences(of: dir + "/lokale/", with: ""))`", false, true)
        }
        let keys = try GettextReader.read(path: mo).sources.keys.sorted()
        var answered = 0
        for key in keys {
            let l = try Glibc.run(cli, ["lookup", out, key, "--table", domain, "--prefer", "fr"])
            if l.signal != nil { return ("crash in lookup (signal \(l.signal!))", true, false) }
            if l.status == 0 { answered += 1 }
        }
        let replaced = r.stderr.components(separatedBy: "is used instead").count - 1
        return ("compiles; \(answered) of \(keys.count) keys looked up\(replaced > 0 ? " (\(replaced) translation with a mismatched format replaced by its msgid)" : "")", false, false)
    }

    @Test(.enabled(if: Glibc.skipReason == nil, Glibc.skipReason ?? ""))
    func corruptSetAgainstGlibc() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Conformance.path("gettext-0.21/mo-corrupt")).filter { $0.hasSuffix(".mo") }.sorted()
        #expect(files.count == 9)
        let dir = Fixtures.temporaryDirectory("lokale-gettext-corrupt")
        var rows: [Row] = []
        var glibcCrashes = 0
        for file in files {
            let g = try glibcResult(file, dir: dir)
            if g.hasPrefix("crash") { glibcCrashes += 1 }
            let l = try lokaleResult(file, dir: dir)
            #expect(!l.crashed, "\(file): Lokale \(l.text)")
            if file == "test.mo" { #expect(!l.rejected, "\(file): \(l.text)") }
            else {
                #expect(l.rejected, "\(file) should be rejected: \(l.text)")
                #expect(l.text.contains(file.dropLast(3) + ".mo:"), "the error names the file: \(l.text)")
                // The problem itself, as msgunfmt names it, not only "unsupported".
                #expect(l.text.contains("is truncated") || l.text.contains("not NUL terminated"), "\(file): \(l.text)")
            }
            rows.append(Row(file: file, glibc: g, lokale: l.text))
        }
        print("| file | glibc 2.36 `gettext()` | Lokale (`lokale compile`, then lookups) |\n|---|---|---|")
        for r in rows { print("| `\(r.file)` | \(r.glibc) | \(r.lokale) |") }
        print("gettext corrupt .mo: glibc crashed on \(glibcCrashes) of \(files.count); Lokale on 0")
    }
}
