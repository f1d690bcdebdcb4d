import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Lokale against glibc on gettext's own `.po` test files: each is compiled by msgfmt into
/// `LANG/LC_MESSAGES/DOMAIN.mo` for glibc, and by Lokale twice (from the `.po`, and from that same
/// `.mo`) into real `.lokale` files. Every msgid is looked up on both sides (pgettext for entries
/// with a context) and every plural entry for n = 0…200. Lokale runs the `chain` policy, whose
/// fallback to the development text (the msgid) is gettext's answer for untranslated entries.
/// Differences are allowed only where Lokale differs by design, and are counted: a translation
/// whose C format does not match its msgid (Lokale shows the msgid). A plural msgid is also looked
/// up with gettext (glibc: msgstr[0]), and so is the empty msgid (the header).
@Suite(.serialized)
struct GettextDifferentialTests {
    /// Files without a `Language` header get the language their test in gettext uses.
    static let languages = [
        "gettextpo-1": "de", "intl-1": "fr", "intl-2-1": "de", "intl-2-2": "de", "intl-4": "de",
        "mm-ko": "ko", "mm-viet": "vi", "qttest_pl": "pl",
    ]

    static var poFiles: [String] {
        guard Fixtures.hasConformance else { return [] }
        return Conformance.files(under: "gettext-0.21/po", ext: "po")
    }

    struct Tally: CustomStringConvertible {
        var entries = 0, lookups = 0, agreed = 0, formatReplaced = 0
        var disagreements: [String] = []
        var description: String {
            "\(entries) entries, \(lookups) lookups: \(agreed) agree, \(formatReplaced) differ because Lokale replaced a translation whose format does not match, \(disagreements.count) other differences"
        }
    }

    @Test(.enabled(if: Glibc.skipReason == nil, Glibc.skipReason ?? ""), arguments: poFiles)
    func agreesWithGlibc(po: String) throws {
        let base = (po as NSString).lastPathComponent
        let domain = String(base[..<base.firstIndex(of: ".")!])
        let language = try #require(Self.languages[domain], "no language known for \(base)")
        let dir = Fixtures.temporaryDirectory("lokale-gettext-diff")
        // The .po in the layout that gives Lokale the language; the .mo where glibc looks for it.
        let poCopy = dir + "/po/\(language)/LC_MESSAGES/\(domain).po"
        try FileManager.default.createDirectory(atPath: (poCopy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: po, toPath: poCopy)
        let mo = dir + "/locale/\(language)/LC_MESSAGES/\(domain).mo"
        try Glibc.msgfmt(po, to: mo)

        let parsed = try GettextReader.read(path: poCopy)
        let fromMo = try GettextReader.read(path: mo)
        // msgfmt and Lokale agree on which entries are translated (fuzzy and empty ones left out).
        #expect(fromMo.translations.count == parsed.translations.count, "\(base): .mo has \(fromMo.translations.count) translations, .po \(parsed.translations.count)")
        #expect(Set(fromMo.translations.keys) == Set(parsed.translations.keys))

        var queries: [Glibc.Query] = []
        var keys: [String] = []
        for key in parsed.sources.keys.sorted() {
            let parts = key.split(separator: "\u{04}", maxSplits: 1, omittingEmptySubsequences: false)
            let context = parts.count == 2 ? String(parts[0]) : nil
            let msgid = String(parts.last!)
            // Every msgid through gettext (a plural one, and the header's empty one, too), a plural
            // one for n = 0…200.
            queries.append(Glibc.Query(context: context, msgid: msgid)); keys.append(key)
            if case .forms(_, _, let forms) = parsed.sources[key]!.variation, case .text(let plural) = forms[1] {
                for n in 0...200 { queries.append(Glibc.Query(context: context, msgid: msgid, plural: plural, n: UInt64(n))); keys.append(key) }
            }
        }
        // A program's msgids are in its catalog's charset: glibc compares them as bytes.
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: po)), as: UTF8.self)
        let charset = text.firstRange(of: "charset=").map { String(text[$0.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) }
        let glibc = try Glibc.answers(queries, localeDir: dir + "/locale", domain: domain, language: language,
                                      msgidCharset: charset.flatMap { ["UTF-8", "utf-8", "US-ASCII"].contains($0) ? nil : $0 })

        for (label, source) in [("po", poCopy), ("mo", mo)] {
            var loader = CatalogLoader()
            try loader.add(source)
            loader.setDevelopmentLocalization("en")
            let bundle = try loader.finish()
            let output = dir + "/\(label).lokale"
            let stats = try TableWriter.write(bundle, to: output)
            let replaced = Set(stats.warnings.filter { $0.message.contains("is used instead") }.map(\.key))

            let runtime = Runtime(preferredLanguages: [language])
            runtime.fallbackPolicy = .chain
            let lokale = try runtime.open(path: output, main: true)
            var tally = Tally(entries: parsed.sources.count)
            for (i, q) in queries.enumerated() {
                let key = keys[i]
                let mine: String, theirs: String
                if q.plural != nil {
                    let args: [FormatArgument] = [.int(Int64(q.n))]
                    mine = try lokale.format(key, table: domain, arguments: args, locale: language).text
                    // glibc's text goes through the same formatter, so only the choice of text is compared.
                    theirs = try lokale.format("\u{1}", default: glibc[i], table: domain, arguments: args, locale: language).text
                } else {
                    mine = try lokale.string(key, table: domain)
                    theirs = glibc[i]
                }
                tally.lookups += 1
                if mine == theirs { tally.agreed += 1 }
                else if replaced.contains(key) { tally.formatReplaced += 1 }
                else { tally.disagreements.append("\(key.debugDescription) n=\(q.n): Lokale \(mine.debugDescription), glibc \(theirs.debugDescription)") }
            }
            print("gettext differential \(base) (\(language), Lokale from .\(label)): \(tally)")
            #expect(tally.disagreements.isEmpty, "\(base) via .\(label): \(tally.disagreements.prefix(10).joined(separator: "\n"))")
            #expect(tally.agreed > 0)
        }
    }
}
