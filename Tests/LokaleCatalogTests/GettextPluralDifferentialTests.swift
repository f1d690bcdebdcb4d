import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Plural forms against glibc: catalogs whose `Plural-Forms` CLDR cannot express (languages ICU has
/// no rules for, expressions that disagree with CLDR, indices past nplurals, entries missing
/// forms) and gettext's own plural-2 test expressions, each compiled by msgfmt for glibc and by
/// Lokale from the same `.po`. Every answer must be glibc's: `dngettext`/`npgettext` for
/// n = 0…300 and large counts (through `format` and through the unformatted variant that
/// `ngettext` returns), `gettext` on a plural msgid, and `gettext("")`.
@Suite(.serialized)
struct GettextPluralDifferentialTests {
    struct Catalog: CustomStringConvertible {
        var folder: String
        var language: String
        var count: Int
        var expression: String
        /// msgstr[] forms the entries carry (fewer than `count`: a catalog missing forms).
        var forms: Int? = nil
        var description: String { "\(folder) nplurals=\(count); plural=\(expression)" }
    }

    static let slavic = "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"
    static let csNew = "(n == 1 && n % 1 == 0) ? 0 : (n >= 2 && n <= 4 && n % 1 == 0) ? 1: (n % 1 != 0 ) ? 2 : 3"

    static let catalogs: [Catalog] = [
        // Languages ICU 72 has no plural rules for, with the Plural-Forms their catalogs use.
        .init(folder: "xx", language: "xx", count: 2, expression: "n != 1"),
        .init(folder: "oc", language: "oc", count: 2, expression: "n > 1"),
        .init(folder: "tt", language: "tt", count: 1, expression: "0"),
        .init(folder: "szl", language: "szl", count: 3, expression: "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"),
        .init(folder: "nds", language: "nds", count: 2, expression: "n != 1"),
        .init(folder: "sco", language: "sco", count: 2, expression: "n != 1"),
        .init(folder: "ht", language: "ht", count: 2, expression: "n != 1"),
        .init(folder: "li", language: "li", count: 2, expression: "n != 1"),
        .init(folder: "frp", language: "frp", count: 2, expression: "n > 1"),
        .init(folder: "mi", language: "mi", count: 2, expression: "n > 1"),
        .init(folder: "la", language: "la", count: 2, expression: "n != 1"),
        .init(folder: "mai", language: "mai", count: 2, expression: "n != 1"),
        .init(folder: "hne", language: "hne", count: 2, expression: "n != 1"),
        .init(folder: "crh", language: "crh", count: 1, expression: "0"),
        .init(folder: "csb", language: "csb", count: 3, expression: "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"),
        .init(folder: "tlh", language: "tlh", count: 2, expression: "n > 1"),
        // Expressions that disagree with CLDR for their language.
        .init(folder: "fr", language: "fr", count: 2, expression: "n != 1"),
        .init(folder: "wa", language: "wa", count: 2, expression: "n != 1"),
        .init(folder: "fil", language: "fil", count: 2, expression: "n > 1"),
        .init(folder: "kab", language: "kab", count: 2, expression: "n != 1"),
        .init(folder: "hsb", language: "hsb", count: 4, expression: "n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3"),
        .init(folder: "dsb", language: "dsb", count: 4, expression: "n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3"),
        .init(folder: "lv", language: "lv", count: 3, expression: "n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2"),
        .init(folder: "he", language: "he", count: 4, expression: "(n==1 ? 0 : n==2 ? 1 : n>10 && n%10==0 ? 2 : 3)"),
        .init(folder: "ga", language: "ga", count: 5, expression: "n==1 ? 0 : n==2 ? 1 : (n>2 && n<7) ? 2 :(n>6 && n<11) ? 3 : 4"),
        .init(folder: "gd", language: "gd", count: 4, expression: "(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3"),
        .init(folder: "cs-old", language: "cs", count: 3, expression: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"),
        .init(folder: "cs-new", language: "cs", count: 4, expression: csNew),
        .init(folder: "sk-old", language: "sk", count: 3, expression: "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"),
        .init(folder: "sk-new", language: "sk", count: 4, expression: csNew),
        .init(folder: "cy", language: "cy", count: 4, expression: "(n==1) ? 0 : (n==2) ? 1 : (n != 8 && n != 11) ? 2 : 3"),
        .init(folder: "ro", language: "ro", count: 3, expression: "n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2"),
        .init(folder: "is", language: "is", count: 2, expression: "n%10!=1 || n%100==11"),
        .init(folder: "mk", language: "mk", count: 2, expression: "n==1 || n%10==1 ? 0 : 1"),
        .init(folder: "ar", language: "ar", count: 6, expression: "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5"),
        .init(folder: "ru", language: "ru", count: 3, expression: slavic),
        // An expression giving indices past nplurals (glibc: form 0), and entries missing forms
        // (glibc: the msgid; npgettext: the untranslated choice).
        .init(folder: "de-past", language: "de", count: 2, expression: "n"),
        .init(folder: "pl-short", language: "pl", count: 3, expression: "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2", forms: 2),
    ]

    static let numbers: [UInt64] = Array(0...300) + [1000, 1001, 1011, 1_000_000, 2_000_001, 4_294_967_296, 4_294_967_297,
                                                        9_223_372_036_854_775_808, UInt64.max]

    /// A catalog with a plural entry, the same in a context, and a plain one; forms say their index.
    static func po(_ c: Catalog) -> String {
        var s = "msgid \"\"\nmsgstr \"\"\n\"Language: \(c.language)\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        s += "\"Plural-Forms: nplurals=\(c.count); plural=\(c.expression);\\n\"\n\n"
        for context in [nil, "menu"] as [String?] {
            s += "#, c-format\n"
            if let context { s += "msgctxt \"\(context)\"\n" }
            s += "msgid \"%d file\"\nmsgid_plural \"%d files\"\n"
            for i in 0..<(c.forms ?? c.count) { s += "msgstr[\(i)] \"\(context ?? "plain") form \(i): %d\"\n" }
            s += "\n"
        }
        return s + "msgid \"Open\"\nmsgstr \"Open (\(c.folder))\"\n"
    }

    /// The catalogs above, then gettext's plural-2 languages and expressions and the Plural-Forms
    /// its cldr-plurals-1 test derives from CLDR rules.
    static var all: [Catalog] {
        catalogs + GettextPluralTests.plural2.map { p in
            let language = String(p.language.split(separator: "-").first!)
            return Catalog(folder: "plural2-" + p.language, language: language, count: Int(p.expected.max()!) + 1, expression: p.expression)
        } + cldrPlurals
    }

    /// `cldr-plurals-1__LL.ok`: `nplurals=N; plural=EXPRESSION;` for LL.
    static var cldrPlurals: [Catalog] {
        guard Fixtures.hasConformance else { return [] }
        return Conformance.files(under: "gettext-0.21/heredoc-data", ext: "ok").filter { $0.contains("cldr-plurals-1__") }.compactMap { path in
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let count = text.firstRange(of: "nplurals=").flatMap({ Int(text[$0.upperBound...].prefix { $0.isNumber }) }),
                  let start = text.firstRange(of: "; plural=")?.upperBound
            else { return nil }
            let language = String((path as NSString).lastPathComponent.dropFirst("cldr-plurals-1__".count).prefix { $0 != "." })
            return Catalog(folder: "cldr-" + language, language: language, count: count, expression: String(text[start...].prefix { $0 != ";" }))
        }
    }

    @Test(.enabled(if: Glibc.skipReason == nil, Glibc.skipReason ?? ""))
    func everyAnswerIsGlibcs() throws {
        var total = 0
        var differences: [String] = []
        for c in Self.all {
            let dir = Fixtures.temporaryDirectory("lokale-gettext-plural-diff")
            // The folder name is the language glibc is asked for (LANGUAGE); Lokale reads the header.
            let po = Fixtures.write(Self.po(c), to: "po/\(c.folder)/LC_MESSAGES/p.po", in: dir)
            try Glibc.msgfmt(po, to: dir + "/locale/\(c.folder)/LC_MESSAGES/p.mo")
            var queries: [Glibc.Query] = [Glibc.Query(msgid: ""), Glibc.Query(msgid: "Open"), Glibc.Query(msgid: "%d file"),
                                          Glibc.Query(context: "menu", msgid: "%d file")]
            for context in [nil, "menu"] as [String?] {
                queries += Self.numbers.map { Glibc.Query(context: context, msgid: "%d file", plural: "%d files", n: $0) }
            }
            let glibc = try Glibc.answers(queries, localeDir: dir + "/locale", domain: "p", language: c.folder)

            var loader = CatalogLoader()
            try loader.add(po)
            loader.setDevelopmentLocalization("en")
            try TableWriter.write(try loader.finish(), to: dir + "/p.lokale")
            let bundle = try Runtime(preferredLanguages: [c.language]).open(path: dir + "/p.lokale", main: true)
            for (q, theirs) in zip(queries, glibc) {
                let key = q.context.map { $0 + GettextReader.contextSeparator + q.msgid } ?? q.msgid
                var answers: [(String, String)] = []
                if q.plural == nil {
                    answers.append(("gettext", try bundle.string(key, table: "p")))
                } else {
                    let args: [FormatArgument] = [.uint(q.n)]
                    answers.append(("ngettext", try Self.variant(bundle, key: key, arguments: args)))
                    // glibc's text through the same formatter: the formatted answers compare the choice.
                    let formatted = try bundle.format("\u{1}", default: theirs, table: "p", arguments: args, locale: "en").text
                    answers.append(("format", try bundle.format(key, table: "p", arguments: args, locale: "en").text))
                    if answers[1].1 != formatted { differences.append("\(c) format \(key.debugDescription) n=\(q.n): Lokale \(answers[1].1.debugDescription), glibc \(formatted.debugDescription)") }
                    answers.removeLast()
                }
                for (call, mine) in answers where mine != theirs {
                    differences.append("\(c) \(call) \(key.debugDescription) n=\(q.n): Lokale \(mine.debugDescription), glibc \(theirs.debugDescription)")
                }
                total += 1
            }
        }
        print("gettext plural forms vs glibc: \(Self.all.count) catalogs, \(total) queries, \(differences.count) differences")
        #expect(Self.all.count > Self.catalogs.count || !Fixtures.hasConformance)
        #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(12).joined(separator: "\n"))")
    }

    /// gettext's own plural-1 catalog (French, no header: glibc's `n != 1`), every count, from the
    /// `.po` and from msgfmt's `.mo`.
    @Test(.enabled(if: Glibc.skipReason == nil, Glibc.skipReason ?? ""))
    func gettextsCakeCatalog() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-cake")
        let po = dir + "/po/fr/LC_MESSAGES/cake.po"
        try FileManager.default.createDirectory(atPath: (po as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Conformance.path("gettext-0.21/heredoc-data/plural-1__plural-1-fr.po"), toPath: po)
        let mo = dir + "/locale/fr/LC_MESSAGES/cake.mo"
        try Glibc.msgfmt(po, to: mo)
        let queries = Self.numbers.map { Glibc.Query(msgid: "a piece of cake", plural: "%d pieces of cake", n: $0) }
        let glibc = try Glibc.answers(queries, localeDir: dir + "/locale", domain: "cake", language: "fr")
        #expect(glibc[1] == "un morceau de gateau" && glibc[2] == "%d morceaux de gateau")
        for source in [po, mo] {
            var loader = CatalogLoader()
            try loader.add(source)
            try TableWriter.write(try loader.finish(), to: dir + "/cake.lokale")
            let bundle = try Runtime(preferredLanguages: ["fr"]).open(path: dir + "/cake.lokale", main: true)
            let mine = try queries.map { try Self.variant(bundle, key: "a piece of cake", table: "cake", arguments: [.uint($0.n)]) }
            #expect(mine == glibc, "from \((source as NSString).pathExtension)")
        }
    }

    /// What `ngettext` returns: the chosen form, unformatted (lokale_bundle_lookup_variant).
    static func variant(_ bundle: LokaleCore.Bundle, key: String, table: String = "p", arguments: [FormatArgument]) throws -> String {
        var k = key, t = table
        return try k.withUTF8 { kb in
            try t.withUTF8 { tb in
                String(decoding: try bundle.variantBytes(key: UnsafeRawBufferPointer(kb), table: UnsafeRawBufferPointer(tb), defaultValue: nil,
                                                         arguments: arguments).bytes, as: UTF8.self)
            }
        }
    }
}
