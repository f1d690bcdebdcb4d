import FoundationEssentials
@testable import LokaleCore
import TestSupport
import Testing

/// The locale data a table records for each localization (LOCD) against ICU's own answers: the
/// record reads back as `LocaleData.computed` made it, the rules and symbols built from it answer
/// as ICU's do, Apple's selection orders alike with and without it, and tables without the section
/// (older ones, or with it hidden) answer exactly as before.
@Suite struct LocaleDataTests {
    /// Localization names of every shape a bundle uses: plain, regional, scripted, legacy folder
    /// names, Apple's special parents, keywords, Base, and languages ICU has no data for.
    static let names = [
        "Base", "English", "French", "German", "Japanese", "en", "en-GB", "en_AU", "en-IN", "en-CA", "en-150", "en_001",
        "de", "de-AT", "de-CH", "fr", "fr-CA", "it", "es", "es-419", "es-MX", "pt", "pt-BR", "pt-PT", "pt_PT",
        "zh", "zh-Hans", "zh-Hant", "zh_CN", "zh_TW", "zh_HK", "zh-Hant-HK", "zh_MO", "yue", "ja", "ko", "ru", "uk",
        "pl", "cs", "sk", "lt", "lv", "sl", "hr", "sr", "sr-Latn", "sr_RS", "ar", "ar-EG", "he", "iw", "fa", "hi",
        "mr", "bn", "ga", "cy", "mt", "br", "gd", "is", "mk", "no", "nb", "ar-EG-u-nu-latn", "en-US-u-ca-buddhist",
        "tlh", "qqq",
    ]

    /// A compiled bundle with one message in each of `names` (its LOCD from this process's ICU).
    static func table(_ names: [String]) throws -> CompiledTable {
        var catalog = StringCatalog()
        catalog.add("count", names.map { ($0, CatalogValue.plural([("one", .text("one %lld")), ("other", .text("other %lld"))])) })
        return try CompiledCatalogs.table(["Localizable": catalog])
    }

    /// The same bytes with the LOCD section's tag changed to one no reader knows: a table as
    /// written before the section existed.
    static func withoutLocaleData(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        let count = Int(b[TableLayout.Header.sectionCount])
        for i in 0..<count {
            let e = TableLayout.headerSize + i * TableLayout.sectionEntrySize
            let tag = UInt32(b[e]) | UInt32(b[e + 1]) << 8 | UInt32(b[e + 2]) << 16 | UInt32(b[e + 3]) << 24
            if tag == TableLayout.Section.localeData.rawValue { TableCorruptionTests.put32(&b, e, 0x5858_5858) }
        }
        TableCorruptionTests.reseal(&b)
        return b
    }

    @Test func recordReadsBackAsComputed() throws {
        let t = try Self.table(Self.names)
        #expect(t.hasLocaleData)
        #expect(t.formatVersion.minor >= 4)
        for (i, name) in t.localizations.enumerated() {
            let computed = LocaleData.computed(for: name)
            #expect(t.localeData(i) == computed, "\(name)")
        }
        // As ICU reads the names (it reads "Base" as a language of its own, as the runtime always has).
        #expect(t.localeSelection(named: "Base")?.icuID == "base")
        #expect(t.localeSelection(named: "zh_TW")?.normal == "zh_Hant_TW")
        #expect(t.localeSelection(named: "en-IN")?.chain == ["en_IN", "en_GB", "en_001", "en"])
        #expect(t.localeSelection(named: "English")?.icuID == "en")
    }

    /// The rules made from a record against ICU's, for integers (small, large, negative) and
    /// decimals (which open ICU's rules on first need).
    @Test(arguments: [false, true]) func rulesFromTheRecordAnswerAsICU(ordinal: Bool) throws {
        let names = Self.names + (try? PluralSamplesTests.samples().map(\.locale)).map { Array(Set($0)).sorted() }.orEmpty
        let t = try Self.table(names)
        var probes: [Double] = (0..<2_100).map(Double.init)
        for p in 3...15 {
            let base = (0..<p).reduce(1.0) { r, _ in r * 10 }
            probes += [base, base + 1, base + 2, base + 5, base + 11, base + 12, base + 21, base + 100, 2 * base, 7 * base + 3]
        }
        probes += probes.map { -$0 } + [0.5, 1.5, 2.25, 1e20]
        let decimals = ["0.0", "1.0", "1.5", "2.00", "0.1", "11.1", "101.25", "-3.5"]
        var compared = 0
        for (i, name) in t.localizations.enumerated() {
            let icu = PluralRules.forLocale(name, ordinal: ordinal)
            guard let recorded = t.localeRules(i, ordinal: ordinal) else { Issue.record("\(name): no record"); continue }
            #expect((recorded == nil) == (icu == nil), "\(name)")
            guard let recorded, let icu else { continue }
            let rules = PluralRules(locale: icu.locale, ordinal: ordinal, recorded: recorded)
            for n in probes where rules.category(n) != icu.category(n) {
                Issue.record("\(name) \(ordinal ? "ordinal" : "cardinal") \(n): \(rules.category(n)) from the table, \(icu.category(n)) from ICU")
            }
            for d in decimals where rules.category(decimal: d) != icu.category(decimal: d) {
                Issue.record("\(name) \(d): \(String(describing: rules.category(decimal: d))) from the table, \(String(describing: icu.category(decimal: d)))")
            }
            #expect(rules.categories == icu.categories, "\(name)")
            compared += 1
        }
        #expect(compared > 60)
    }

    @Test func symbolsFromTheRecordAreICUs() throws {
        let t = try Self.table(Self.names)
        for (i, name) in t.localizations.enumerated() {
            #expect(t.localeSymbols(i) == NumberSymbols.forLocale(name), "\(name)")
        }
        #expect(t.localeSymbols(t.localizations.firstIndex(of: "ar")!)?.zero == "\u{660}")
        #expect(t.localeSymbols(t.localizations.firstIndex(of: "de")!)?.decimal == ",")
    }

    /// Apple's documented table, through the recorded locales of a table of each list's
    /// localizations: the same order and reasons as ICU's answers give.
    @Test func appleTableOrdersAlikeWithRecordedLocales() throws {
        var tables: [[String]: CompiledTable] = [:]
        for c in AppleLocalizationsToUseTests.cases {
            let t = try tables[c.available] ?? Self.table(c.available)
            tables[c.available] = t
            for preferred in [[c.preferred], [c.preferred, "fr"], ["pt-BR", c.preferred], ["ja", c.preferred]] {
                let known = AppleMatcher().order(preferred: preferred, available: c.available, known: { t.localeSelection(named: $0) })
                let asked = AppleMatcher().order(preferred: preferred, available: c.available)
                #expect(known == asked, "\(preferred) in \(c.available)")
            }
        }
        #expect(tables.count > 10)
    }

    /// Every case of ICU's matcher test file, read by Apple's selection, with the supported
    /// locales' data as a table records it and without: the same answer.
    @Test(.enabled(if: Fixtures.hasConformance, LocaleMatcherConformanceTests.skipReason))
    func icuMatcherCasesOrderAlikeWithRecordedLocales() throws {
        let path = Fixtures.conformance! + "/icu4c-72.1/localeMatcherTest.txt"
        let cases = try LocaleMatcherConformanceTests.parse(String(decoding: try Data(contentsOf: URL(filePath: path)), as: UTF8.self))
        var recorded: [String: LocaleData.Selection?] = [:]
        var compared = 0
        for c in cases {
            guard let supported = LocaleMatcherConformanceTests.priorityList(c.supported),
                  let desired = LocaleMatcherConformanceTests.priorityList(c.desired) else { continue }
            for name in supported + desired where recorded[name] == nil { recorded[name] = LocaleData.computed(for: name).selection }
            let known = AppleMatcher().order(preferred: desired, available: supported, known: { recorded[$0] ?? nil })
            #expect(known == AppleMatcher().order(preferred: desired, available: supported), "line \(c.line): \(c.text)")
            compared += 1
        }
        #expect(compared > 800)
    }

    /// Through the whole runtime: lookups and plural formats of a table with its locale data and
    /// of the same table without, for several preferred-language lists, answer alike.
    @Test func runtimeAnswersAlikeWithoutTheSection() throws {
        let path = try CompiledCatalogs.compile(["Localizable": {
            var catalog = StringCatalog()
            catalog.add("count", Self.names.map { ($0, CatalogValue.plural([("one", .text("one %lld")), ("few", .text("few %lld")),
                                                                             ("many", .text("many %lld")), ("other", .text("other %lld"))])) })
            catalog.add("price", Self.names.map { ($0, CatalogValue.text("%'lld · %.2f")) })
            return catalog
        }()])
        let with = try CompiledCatalogs.bytes(of: path)
        let without = Self.withoutLocaleData(with)
        #expect(try Runtime().open(table: without).table.hasLocaleData == false)
        for preferred in [["de"], ["fr-CA", "en"], ["pt-BR"], ["zh-HK"], ["ar-EG"], ["ar-EG-u-nu-latn"], ["sr-Latn-RS"], ["pl"], ["en-IN"], ["cy"], ["xx", "iw"]] {
            let a = try Runtime(preferredLanguages: preferred).open(table: with)
            let b = try Runtime(preferredLanguages: preferred).open(table: without)
            #expect(a.preferredLocalizations == b.preferredLocalizations, "\(preferred)")
            for n: Int64 in [0, 1, 2, 3, 5, 11, 21, 22, 101, 1_000, 1_001, 12_345, 1_000_000, -2] {
                #expect(try a.format("count", arguments: [.int(n)]).text == b.format("count", arguments: [.int(n)]).text, "\(preferred) \(n)")
            }
            let args: [FormatArgument] = [.int(1_234_567), .double(-1234.5)]
            #expect(try a.format("price", arguments: args).text == b.format("price", arguments: args).text, "\(preferred)")
        }
    }

    /// A table of format 2.3, committed before the section existed, opens and answers.
    @Test func tableWrittenBeforeTheSectionAnswers() throws {
        let bundle = try Runtime(preferredLanguages: ["de"]).open(path: Fixtures.packageRoot + "/Tests/compat/DesktopApp-2.2.lokale")
        #expect(bundle.table.formatVersion.minor < 4)
        #expect(!bundle.table.hasLocaleData)
        #expect(bundle.table.localeData(0) == nil)
        #expect(try bundle.string("workspace.title") == "Arbeitsbereich")
    }

    /// docs/FORMAT.md's record table names the schema's offsets, in order, and the record's size.
    @Test func formatDocumentDescribesTheRecord() {
        typealias R = TableLayout.LocaleRecord
        let offsets = FormatDocumentTests.rows(after: "| offset | field |").compactMap { Int($0[0]) }
        #expect(offsets == [R.flags, R.cardinal, R.ordinal, R.icuID, R.normal, R.maximized, R.chain, R.decimal, R.grouping, R.zero,
                            R.groupSizes, R.caseLocale, TableLayout.Section.localeData.recordSize - 4])
    }

    @Test func corruptRecordsAreRefusedAtOpen() throws {
        let bytes = try CompiledCatalogs.bytes(of: CompiledCatalogs.compile(["Localizable": {
            var catalog = StringCatalog()
            catalog.add("k", [("en", .text("a")), ("de", .text("b"))])
            return catalog
        }()]))
        let layout = TableCorruptionTests.Layout(bytes)
        let section = try #require(layout.sections[.localeData])
        #expect(section.count == 2 * TableLayout.Section.localeData.recordSize)
        // A rule past the nodes, a rule inside another node, and a string past the pool.
        for (field, value) in [(TableLayout.LocaleRecord.cardinal, UInt32(0x7FFF_FFF0)), (TableLayout.LocaleRecord.ordinal, UInt32(1)),
                               (TableLayout.LocaleRecord.decimal, UInt32(0x7FFF_FFF0))] {
            var b = bytes
            TableCorruptionTests.put32(&b, section.lowerBound + field, value)
            guard case .failure(let e) = TableCorruptionTests.open(b) else { Issue.record("opened with field \(field) = \(value)"); continue }
            #expect(e.code == .corrupt)
        }
        // A record missing.
        var b = bytes
        let count = Int(b[TableLayout.Header.sectionCount])
        for i in 0..<count {
            let e = TableLayout.headerSize + i * TableLayout.sectionEntrySize
            if b[e..<(e + 4)].elementsEqual(withUnsafeBytes(of: TableLayout.Section.localeData.rawValue.littleEndian, Array.init)) {
                TableCorruptionTests.put32(&b, e + TableLayout.SectionEntry.bytes, UInt32(TableLayout.Section.localeData.recordSize))
            }
        }
        TableCorruptionTests.reseal(&b)
        guard case .failure(let e) = TableCorruptionTests.open(b) else { Issue.record("opened with a record missing"); return }
        #expect(e.message.contains("LOCD"))
    }
}

private extension Optional where Wrapped == [String] {
    var orEmpty: [String] { self ?? [] }
}
