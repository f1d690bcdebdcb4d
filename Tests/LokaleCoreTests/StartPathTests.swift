#if canImport(Glibc)
import Glibc
#endif
import CTable
@testable import LokaleCore
import TestSupport
import Testing

/// The C start (lokale_start.h) against the Swift runtime: for every table and language list it
/// answers, the plan it publishes is the one the Swift runtime makes for the same languages (so
/// every lookup and format through it answers alike), and it declines what the records cannot tell.
@Suite struct StartPathTests {
    /// A plan's content, table by table, with the slots as offsets into the table's bytes.
    struct Entry: Equatable, CustomStringConvertible {
        var slots: Int?
        var count: UInt32
        var step: Int32
        var localization: Int32
        var numbering: UInt32
        var description: String { "slots \(slots.map(String.init) ?? "-")×\(count) step \(step) loc \(localization) nu \(numbering)" }
    }

    static func entries(_ plan: UnsafePointer<lk_plan>, base: UnsafeRawPointer) -> [Entry] {
        let p = UnsafeMutablePointer(mutating: plan)
        return (0..<Int(p.pointee.table_count)).map { t in
            let e = lk_plan_tables(p)![t]
            return Entry(slots: e.slots.map { UnsafeRawPointer($0) - base }, count: e.slot_count, step: e.step,
                         localization: e.localization, numbering: e.numbering)
        }
    }

    /// The C start's plan for `languages` over the table at `path` (nil: it declined), and whether
    /// it declined; everything it made is freed before this returns.
    static func startPlan(path: String, languages: [String]) -> [Entry]? {
        var copies = languages.map { strdup($0) }
        defer { for c in copies { free(c) } }
        let runtime: UnsafeMutablePointer<lk_start_runtime>? = copies.withUnsafeMutableBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(b.count, 1)) { list in
                lk_start_runtime_new(list, languages.count, LK_POLICY_APPLE, LK_DEVICE_MAC)
            }
        }
        guard let runtime else { Issue.record("out of memory"); return nil }
        var handle: UnsafeMutablePointer<lk_handle>? = nil
        let opened = lk_start_open(runtime, path, 0, 1, &handle)
        lk_start_lock()
        defer {
            lk_handle_retire(runtime.pointee.handle)
            runtime.pointee.handle = nil
            lk_start_runtime_release(runtime)
            lk_start_unlock()
        }
        guard opened == LK_START_OK, let handle, let plan = lk_handle_plan(handle) else { return nil }
        let bundle = lk_handle_start(handle)!.assumingMemoryBound(to: lk_start_bundle.self)
        #expect(lk_plan_generation(plan) == lk_shared_generation(runtime.pointee.shared))
        let result = entries(plan, base: UnsafeRawPointer(bundle.pointee.bytes))
        _ = lk_handle_mark_freed(handle, LK_HANDLE_BUNDLE)
        lk_start_bundle_free(bundle)
        return result
    }

    /// The Swift runtime's plan for the same languages over the same file.
    static func swiftPlan(path: String, languages: [String]) throws -> [Entry] {
        let bundle = try Runtime(preferredLanguages: languages).open(path: path)
        let plan = UnsafePointer<lk_plan>(bundle.currentPlan!)
        return entries(plan, base: bundle.table.file.base)
    }

    /// Tables whose localizations are the lists of Apple's documented table (canonicalized, so that
    /// a preference spelled as one is read from the records), in two tables each, with the
    /// development localization first or last, and one table with Base.
    static func tables() throws -> [(path: String, names: [String])] {
        var lists = AppleLocalizationsToUseTests.cases.map { c in c.available.compactMap { try? LanguageTag.canonical($0).get() } }
        lists += [["en", "de", "fr", "pt-PT", "pt-BR", "zh-Hans", "zh-Hant", "zh-HK", "en-GB", "en-AU", "es", "es-MX", "es-419", "ar"]]
        var seen = Set<[String]>(), result: [(String, [String])] = []
        for names in lists where !names.isEmpty && seen.insert(names).inserted {
            for development in Set([names[0], names[names.count - 1]]) {
                var main = StringCatalog(), other = StringCatalog()
                main.sourceLanguage = development
                other.sourceLanguage = development
                main.add("title", names.map { ($0, CatalogValue.text("title \($0)")) })
                main.add("count", names.map { ($0, CatalogValue.plural([("one", .text("one %lld")), ("other", .text("\($0) %lld"))])) })
                other.add("only", [(development, CatalogValue.text("only"))] + names.prefix(2).filter { $0 != development }.map { ($0, .text("only \($0)")) })
                result.append((try CompiledCatalogs.compile(["Localizable": main, "Other": other]), names))
            }
        }
        return result
    }

    @Test func thePlanIsTheSwiftRuntimes() throws {
        var answered = 0, declined = 0
        for (path, names) in try Self.tables() {
            var lists: [[String]] = [[]]
            for a in names {
                lists.append([a])
                for b in names.prefix(4) where b != a { lists.append([a, b]); lists.append([b, a, names[names.count - 1]]) }
            }
            lists += [["xx"], [names[0], "xx"], ["de-CH", names[0]], ["C"]]
            for languages in lists {
                let swift = try Self.swiftPlan(path: path, languages: languages)
                guard let start = Self.startPlan(path: path, languages: languages) else {
                    declined += 1
                    // What it declines is what the records cannot tell: a name that is not one of the
                    // table's own canonical tags.
                    #expect(languages.contains { !names.contains($0) } || names.contains(where: LanguageTag.isPseudo),
                            "\(languages) over \(names) declined")
                    continue
                }
                answered += 1
                #expect(start == swift, "\(languages) over \(names)")
            }
        }
        #expect(answered > 1000)
        #expect(declined > 10)
    }

    /// A pseudo-localization is served only to who names it: the start declines a table with one.
    @Test func aPseudoLocalizationIsTheSwiftRuntimes() throws {
        var catalog = StringCatalog()
        catalog.add("title", [("en", .text("Title")), ("en-XA", .text("[Ţîţļé]")), ("de", .text("Titel"))])
        let path = try CompiledCatalogs.compile(["Localizable": catalog])
        #expect(Self.startPlan(path: path, languages: ["de"]) == nil)
        #expect(Self.startPlan(path: path, languages: ["en-XA"]) == nil)
    }

    /// A damaged file is the Swift runtime's to report: the start declines it, whatever the damage.
    @Test func aDamagedTableIsDeclined() throws {
        var catalog = StringCatalog()
        catalog.add("title", [("en", .text("Title")), ("de", .text("Titel"))])
        let path = try CompiledCatalogs.compile(["Localizable": catalog])
        #expect(Self.startPlan(path: path, languages: ["de"]) != nil)
        var bytes = try CompiledCatalogs.bytes(of: path)
        for at in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            let kept = bytes[at]
            bytes[at] ^= 0x5A
            let damaged = Fixtures.write("", to: "damaged.lokale", in: Fixtures.temporaryDirectory())
            let fd = open(damaged, O_WRONLY | O_TRUNC)
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            let start = Self.startPlan(path: damaged, languages: ["de"])
            switch Result(catching: { try Self.swiftPlan(path: damaged, languages: ["de"]) }) {
            case .failure: #expect(start == nil, "byte \(at)")
            case .success(let swift): #expect(start == nil || start == swift, "byte \(at)")
            }
            bytes[at] = kept
        }
    }
}
