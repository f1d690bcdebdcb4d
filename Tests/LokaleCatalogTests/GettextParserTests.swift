import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The `.po` reader on real files: syntax, escapes, flags, header fields, charsets, file layouts,
/// and hostile input (errors with line and column, never a crash).
struct GettextParserTests {
    static let header = """
        msgid ""
        msgstr ""
        "Language: fr\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

        """

    func parse(_ text: String, file: String = "app.po") throws -> GettextFile {
        try GettextReader.parse(Array(text.utf8), file: file)
    }

    @Test func readsEntriesContextsPluralsAndComments() throws {
        let f = try parse(Self.header + """
            # translator comment
            #. Shown on the door
            #: src/door.c:12
            msgctxt "door"
            msgid "Open"
            msgstr "Ouvert"

            msgctxt "file"
            msgid "Open"
            msgstr "Ouvrir"

            msgid ""
            "multi "
            "line"
            msgstr "sur "
            "plusieurs lignes"

            #, c-format
            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "%d fichier"
            msgstr[1] "%d fichiers"

            #, fuzzy
            msgid "Maybe"
            msgstr "Peut-être"

            msgid "Untranslated"
            msgstr ""

            #~ msgid "Old"
            #~ msgstr "Vieux"

            msgid "esc"
            msgstr "\\t\\"q\\"\\\\ \\303\\251 \\xc3\\xa9 \\101\\a\\?"
            """)
        #expect(f.localization == "fr")
        #expect(f.table == "app")
        #expect(f.translations["door\u{04}Open"] == CatalogMessage(text: "Ouvert"))
        #expect(f.translations["file\u{04}Open"] == CatalogMessage(text: "Ouvrir"))
        #expect(f.info["door\u{04}Open"]?.comment == "Shown on the door")
        #expect(f.translations["multi line"] == CatalogMessage(text: "sur plusieurs lignes"))
        guard case .forms(1, let rule, let forms) = f.translations["%d file"]?.variation else { Issue.record("not gettext forms"); return }
        #expect(forms == [.text("%d fichier"), .text("%d fichiers")])
        // As CLDR categories: French `many` (millions) takes what gettext's `n > 1` gives them.
        #expect(rule.categories == [.one: 0, .many: 1, .other: 1])
        #expect(f.translations["esc"] == CatalogMessage(text: "\t\"q\"\\ é é A\u{07}?"))
        // Fuzzy and untranslated entries are not translations, but their msgids are source text.
        #expect(f.translations["Maybe"] == nil && f.translations["Untranslated"] == nil)
        #expect(f.sources["Maybe"] == CatalogMessage(text: "Maybe"))
        #expect(f.sources["Untranslated"] == CatalogMessage(text: "Untranslated"))
        #expect(f.sources["Old"] == nil && f.translations["Old"] == nil)
        #expect(f.sources.count == 7)
    }

    @Test func commentsAndFlagsBelongToTheirOwnEntry() throws {
        let f = try parse(Self.header + """
            #. first
            #, fuzzy
            msgid "a"
            msgstr "A"

            #. second
            msgid "b"
            msgstr "B"
            """)
        #expect(f.translations["a"] == nil)
        #expect(f.translations["b"] == CatalogMessage(text: "B"))
        #expect(f.info["a"]?.comment == "first" && f.info["b"]?.comment == "second")
    }

    @Test func onlyCFormatEntriesAreFormatChecked() throws {
        let f = try parse(Self.header + """
            #, python-format
            msgid "%(name)s"
            msgstr "%(name)s"

            #, no-c-format
            msgid "100% %d"
            msgstr "100 %"

            msgid "by %B %Y"
            msgstr "par %B %Y"

            msgid "%s left"
            msgstr "%s restant"

            #, c-format
            msgid "%m"
            msgstr "%m"
            """)
        #expect(f.info["%(name)s"]?.checksFormat == false)
        #expect(f.info["100% %d"]?.checksFormat == false)
        #expect(f.info["by %B %Y"]?.checksFormat == false)
        #expect(f.info["%s left"] == nil) // a valid C format: checked (the default)
        #expect(f.info["%m"] == nil)
    }

    @Test func latin1IsConvertedAndUnknownCharsetsRefused() throws {
        var bytes = Array("msgid \"\"\nmsgstr \"Language: de\\nContent-Type: text/plain; charset=ISO-8859-1\\n\"\n\nmsgid \"cheese\"\nmsgstr \"K".utf8)
        bytes += [0xE4] + Array("se\"\n".utf8)
        let f = try GettextReader.parse(bytes, file: "x.po")
        #expect(f.translations["cheese"] == CatalogMessage(text: "Käse"))

        let unknown = "msgid \"\"\nmsgstr \"Language: de\\nContent-Type: text/plain; charset=KLINGON-8\\n\"\n"
        let e = catalogError { _ = try parse(unknown) }
        #expect(e?.message.contains("unknown charset 'KLINGON-8'") == true && e?.line == 1)

        // Bytes the declared charset cannot have: the line and column of the first.
        var bad = Array("msgid \"\"\nmsgstr \"Language: ja\\nContent-Type: text/plain; charset=EUC-JP\\n\"\n\nmsgid \"x\"\nmsgstr \"".utf8)
        bad += [0xFF, 0xFF, 0x22, 0x0A]
        let e2 = catalogError { _ = try GettextReader.parse(bad, file: "x.po") }
        #expect(e2?.line == 5 && e2?.column == 9, "\(e2.map(String.init(describing:)) ?? "")")
    }

    /// A .po in `charset`: the header, then `body` as bytes (ASCII syntax; escapes spelled out).
    static func po(charset: String, language: String, _ body: [UInt8]) -> [UInt8] {
        Array("msgid \"\"\nmsgstr \"Language: \(language)\\nContent-Type: text/plain; charset=\(charset)\\n\"\n\n".utf8) + body
    }

    /// msgfmt's reading: an escape in a non-UTF-8 file is a byte of the declared charset, so
    /// `\351` is "é" in ISO-8859-1 and `\244\242` "あ" in EUC-JP, beside the charset's own bytes.
    static let escapedCharsets: [(charset: String, language: String, body: [UInt8], expected: [String: String])] = [
        ("ISO-8859-1", "fr", Array("msgid \"coffee\"\nmsgstr \"caf\\351 \\xe9t\\xE9 \\n\\t".utf8) + [0xE9] + Array("\"\n".utf8),
         ["coffee": "café été \n\té"]),
        ("EUC-JP", "ja", Array("msgid \"a\"\nmsgstr \"\\244\\242\\x41".utf8) + [0xA4, 0xA2] + Array("\\244\\244\"\n".utf8),
         ["a": "あAあい"]),
        ("KOI8-R", "ru", Array("msgid \"yes\"\nmsgstr \"\\xc4\\301\"\n".utf8), ["yes": "да"]),
    ]

    @Test(arguments: escapedCharsets.indices)
    func escapesAreBytesOfTheDeclaredCharset(_ i: Int) throws {
        let c = Self.escapedCharsets[i]
        let f = try GettextReader.parse(Self.po(charset: c.charset, language: c.language, c.body), file: "x.po")
        for (key, text) in c.expected { #expect(f.translations[key] == CatalogMessage(text: text), "\(c.charset)") }
    }

    /// The same files through msgfmt (its .mo keeps the charset, which Lokale's .mo reader
    /// converts string by string): both readings agree.
    @Test(.enabled(if: Glibc.msgfmt != nil, "msgfmt is not installed"), arguments: escapedCharsets.indices)
    func escapesAgreeWithMsgfmt(_ i: Int) throws {
        let c = Self.escapedCharsets[i]
        let dir = Fixtures.temporaryDirectory("lokale-po-escapes")
        let po = dir + "/x.po", mo = dir + "/x.mo"
        try Data(Self.po(charset: c.charset, language: c.language, c.body)).write(to: URL(fileURLWithPath: po))
        try Glibc.msgfmt(po, to: mo)
        let fromPo = try GettextReader.read(path: po), fromMo = try GettextReader.read(path: mo)
        #expect(fromPo.translations == fromMo.translations, "\(c.charset)")
        #expect(!fromPo.translations.isEmpty)
    }

    /// Escaped bytes that are no character of the charset: an error naming them, where they start
    /// and the charset (a lone lead byte of EUC-JP, then the string ends).
    @Test func escapesThatAreNoCharacterAreNamed() {
        let body = Array("msgid \"a\"\nmsgstr \"ok \\244\"\n".utf8)
        let e = catalogError { _ = try GettextReader.parse(Self.po(charset: "EUC-JP", language: "ja", body), file: "x.po") }
        #expect(e?.line == 5 && e?.column == 12, "\(e.map(String.init(describing:)) ?? "")")
        #expect(e?.message.contains("\\244") == true && e?.message.contains("EUC-JP") == true, "\(e?.message ?? "")")
    }

    @Test(arguments: [
        // (text after the header, line, column, message part)
        ("msgid \"abc\nmsgstr \"\"", 6, 7, "unterminated string"),
        ("msgid \"abc", 6, 7, "unterminated string"),
        ("msgid \"a\\qb\"\nmsgstr \"\"", 6, 9, "invalid escape '\\q'"),
        ("msgid \"\\x\"\nmsgstr \"\"", 6, 8, "\\x without hex digits"),
        ("msgid \"\\777\"\nmsgstr \"\"", 6, 8, "octal escape out of range"),
        ("msgid \"\\x100\"\nmsgstr \"\"", 6, 8, "hex escape out of range"),
        ("msgid \"a\"\n\nmsgid \"b\"\nmsgstr \"\"", 8, 1, "missing msgstr"),
        ("msgid \"a\"", 6, 10, "missing msgstr"),
        ("msgstr \"a\"", 6, 1, "second msgstr"),
        ("msgid_plural \"a\"", 6, 1, "expected msgid, found msgid_plural"),
        ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[99999999] \"y\"", 9, 1, "more than 64 plural forms"),
        ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[999999999999] \"y\"", 9, 16, "malformed msgstr[N]"),
        ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[2] \"y\"", 9, 1, "out of order: expected msgstr[1]"),
        ("msgid \"a\"\nmsgid_plural \"b\"\nmsgstr \"x\"", 8, 1, "needs msgstr[0]"),
        ("msgid \"a\"\nmsgstr[0] \"x\"", 7, 1, "without msgid_plural"),
        ("msgid \"a\"\nmsgstr \"x\"\nmsgstr \"y\"", 8, 1, "second msgstr"),
        ("msgid \"a\"\nmsgstr \"x\"\n\nmsgid \"a\"\nmsgstr \"y\"", 9, 1, "duplicate message definition (first defined on line 6)"),
        ("msgctxt \"c\"\nmsgstr \"x\"", 7, 1, "msgctxt must be followed by msgid"),
        ("msgid \"a\"\nmsgtxt \"x\"", 7, 1, "unknown keyword 'msgtxt'"),
        ("msgid \"a\" msgstr", 6, 11, "msgstr must be followed by a string"),
        ("msgid \"a\"\nmsgstr \"b\" ;", 7, 12, "unexpected character ';'"),
    ] as [(String, Int, Int, String)])
    func hostileInputGivesLineAndColumn(body: String, line: Int, column: Int, message: String) {
        let e = catalogError { _ = try parse(Self.header + body) }
        #expect(e?.file == "app.po")
        #expect(e?.message.contains(message) == true, "\(e.map(String.init(describing:)) ?? "")")
        #expect(e?.line == line && e?.column == column, "\(e.map(String.init(describing:)) ?? "")")
    }

    @Test func invalidUTF8BytesAreRejected() throws {
        var bytes = Array((Self.header + "msgid \"a\"\nmsgstr \"b").utf8)
        bytes += [0xC3, 0x28] + Array("\"\n".utf8)
        let e = catalogError { _ = try GettextReader.parse(bytes, file: "app.po") }
        #expect(e?.message.contains("invalid UTF-8") == true && e?.line == 7)
    }

    @Test func everyTruncationAndCorruptionFailsCleanly() throws {
        let text = Self.header + "#, c-format\nmsgctxt \"c\"\nmsgid \"%d a\\n\"\nmsgid_plural \"%d b\"\nmsgstr[0] \"\\x41 x\"\nmsgstr[1] \"\\101 y\"\n"
        let bytes = Array(text.utf8)
        _ = try GettextReader.parse(bytes, file: "app.po")
        var failures = 0
        for end in 0..<bytes.count {
            do { _ = try GettextReader.parse(Array(bytes[..<end]), file: "app.po") } catch { failures += 1 }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var b = bytes
            for _ in 0..<3 { b[Int.random(in: 0..<b.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            do { _ = try GettextReader.parse(b, file: "app.po") } catch { failures += 1 }
        }
        #expect(failures > 0)
    }

    @Test func languageAndTableComeFromHeaderOrLayout() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-layout")
        let body = "msgid \"a\"\nmsgstr \"b\"\n"
        let noLanguage = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" + body
        // LL.po: the project's po/ folder; the table is the default one.
        let fr = try GettextReader.read(path: Fixtures.write(noLanguage, to: "po/fr.po", in: dir))
        #expect(fr.localization == "fr" && fr.table == "Localizable")
        let ptBR = try GettextReader.read(path: Fixtures.write(noLanguage, to: "po/pt_BR.po", in: dir))
        #expect(ptBR.localization == "pt-BR" && ptBR.table == "Localizable")
        let latin = try GettextReader.read(path: Fixtures.write(noLanguage, to: "po/sr@latin.po", in: dir))
        #expect(latin.localization == "sr-Latn" && latin.table == "Localizable")
        // LL/LC_MESSAGES/DOMAIN.po: glibc's layout.
        let domain = try GettextReader.read(path: Fixtures.write(noLanguage, to: "de_AT/LC_MESSAGES/shop.po", in: dir))
        #expect(domain.localization == "de-AT" && domain.table == "shop")
        // The Language header wins over the name; a name that is not a language is the table.
        let named = try GettextReader.read(path: Fixtures.write(Self.header + body, to: "shop.po", in: dir))
        #expect(named.localization == "fr" && named.table == "shop")
        let e = catalogError { _ = try GettextReader.read(path: Fixtures.write(noLanguage, to: "shop.po", in: dir)) }
        #expect(e?.message.contains("cannot tell the language") == true)
        let bad = "msgid \"\"\nmsgstr \"Language: 12 34\\n\"\n"
        let e2 = catalogError { _ = try GettextReader.read(path: Fixtures.write(bad, to: "x.po", in: dir)) }
        #expect(e2?.message.contains("language '12 34'") == true && e2?.line == 1)
    }

    /// The msgids are the development localization's text unless a catalog translates them.
    @Test func developmentLocalizationUsesMsgidsUnlessTranslated() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-dev")
        let fr = Fixtures.write(Self.header + "msgid \"Hello\"\nmsgstr \"Bonjour\"\n\nmsgid \"Bye\"\nmsgstr \"\"\n", to: "fr.po", in: dir)
        let en = Fixtures.write("msgid \"\"\nmsgstr \"Language: en\\n\"\n\nmsgid \"Hello\"\nmsgstr \"Hi there\"\n", to: "en.po", in: dir)
        let compiled = try CompiledBundle([fr, en])
        let french = try compiled.open(["fr"])
        #expect(try french.string("Hello") == "Bonjour")
        // Untranslated in French: Apple's rule gives the key (= msgid), as glibc does.
        #expect(try french.string("Bye") == "Bye")
        let english = try compiled.open(["en"])
        #expect(try english.string("Hello") == "Hi there")
        #expect(try english.string("Bye") == "Bye")
        #expect(try compiled.open(["de"]).string("Hello") == "Hi there")
    }

    @Test func twoCatalogsForOneTableAndLanguageAreRefused() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-dup")
        let a = Fixtures.write(Self.header, to: "a/fr.po", in: dir)
        let b = Fixtures.write(Self.header, to: "b/fr.po", in: dir)
        let e = catalogError { _ = try CatalogLoader.load([a, b]) }
        #expect(e?.message.contains("already defined by \(a)") == true)
    }
}
