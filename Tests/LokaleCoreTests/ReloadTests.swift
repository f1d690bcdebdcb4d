#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import LokaleCore
import Synchronization
import Testing
import TestSupport

/// A bundle reloads a file replaced by atomic rename without restarting; readers
/// keep what they were lent; a hostile writer that rewrites the file in place cannot crash them.
@Suite struct ReloadTests {
    static func catalog(_ title: String, extra: [(String, String)] = []) -> StringCatalog {
        var c = StringCatalog()
        c.add("title", [("en", .text("\(title)")), ("de", .text("\(title) (de)"))])
        for (k, v) in extra { c.add(k, [("en", .text(v)), ("de", .text(v))]) }
        return c
    }

    /// Compiles `catalog` beside `path` and renames it over `path`, as `lokale compile` does.
    static func replace(_ path: String, with catalog: StringCatalog) throws {
        let fresh = try CompiledCatalogs.compile(["Localizable": catalog], name: "fresh")
        #expect(rename(fresh, path) == 0)
    }

    static func newBundlePath(_ catalog: StringCatalog) throws -> String {
        let dir = Fixtures.temporaryDirectory("lokale-reload")
        let path = dir + "/app.lokale"
        try replace(path, with: catalog)
        return path
    }

    static func plain(_ bundle: LokaleCore.Bundle, _ key: String) -> UnsafeRawBufferPointer? {
        key.utf8CString.withUnsafeBytes { k in
            (try? bundle.plainLookup(key: UnsafeRawBufferPointer(rebasing: k.dropLast()), table: nil))?.value
        }
    }

    @Test func reloadsAFileReplacedByRename() throws {
        let path = try Self.newBundlePath(Self.catalog("One"))
        let runtime = Runtime(preferredLanguages: ["de"])
        let bundle = try runtime.open(path: path, main: true)
        let lent = try #require(Self.plain(bundle, "title"))
        #expect(String(decoding: lent, as: UTF8.self) == "One (de)")
        #expect(try bundle.reload() == false, "an unchanged file is not reloaded")

        let calls = Atomic<Int>(0)
        runtime.onChange { _ in calls.add(1, ordering: .relaxed) }
        try Self.replace(path, with: Self.catalog("Two", extra: [("new.key", "New")]))
        #expect(try bundle.reload() == true)
        #expect(try bundle.string("title") == "Two (de)")
        #expect(try bundle.string("new.key") == "New")
        #expect(bundle.versionCount == 2)
        #expect(calls.load(ordering: .relaxed) == 1, "change callbacks run after a reload")
        // What the first version lent is still readable and unchanged.
        #expect(String(decoding: lent, as: UTF8.self) == "One (de)")
        #expect(try bundle.reload() == false)
        #expect(try bundle.reload(force: true) == true)
        #expect(bundle.versionCount == 3)
    }

    /// A framework follows the main bundle's language: when the reloaded main bundle gains a
    /// localization, the framework switches to it too.
    @Test func frameworksFollowAReloadedMainBundle() throws {
        let path = try Self.newBundlePath(Self.catalog("App"))
        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let app = try runtime.open(path: path, main: true)
        let kit = try runtime.adopt(MainBundleTests.framework(), main: false)
        #expect(try kit.string("kit.title") == "Bausatz")
        var c = Self.catalog("App")
        c.add("fr.only", [("en", .text("en")), ("fr", .text("fr"))])
        try Self.replace(path, with: c)
        #expect(try app.reload())
        #expect(app.preferredLocalizations.first == "fr")
        #expect(try kit.string("kit.title") == "Trousse")
    }

    @Test func aFailedReloadKeepsTheVersionItHad() throws {
        let path = try Self.newBundlePath(Self.catalog("One"))
        let bundle = try Runtime(preferredLanguages: ["en"]).open(path: path)
        // Garbage renamed over the file.
        let junk = path + ".junk"
        try Data(repeating: 0x41, count: 4096).write(to: URL(filePath: junk))
        #expect(rename(junk, path) == 0)
        #expect(throws: LokaleError.self) { try bundle.reload() }
        #expect(try bundle.string("title") == "One")
        // The file removed.
        #expect(unlink(path) == 0)
        do { try bundle.reload(); Issue.record("reload of a missing file succeeded") }
        catch { #expect(error.code == .notFound) }
        #expect(try bundle.string("title") == "One")
        #expect(bundle.versionCount == 1)
        // A bundle adopted from memory has no file to reload.
        let adopted = try Runtime().adopt(bundle.table, main: false)
        do { try adopted.reload(); Issue.record("reload without a file succeeded") }
        catch { #expect(error.code == .state) }
    }

    /// A small file is read into memory: truncating it in place changes nothing for readers.
    @Test func inPlaceTruncationOfACopiedBundle() throws {
        let path = try Self.newBundlePath(Self.catalog("One"))
        let bundle = try Runtime(preferredLanguages: ["en"]).open(path: path)
        #expect(!bundle.table.file.isMapped)
        #expect(truncate(path, 10) == 0)
        #expect(try bundle.string("title") == "One")
        #expect(throws: LokaleError.self) { try bundle.reload() }
        #expect(try bundle.string("title") == "One")
    }

    /// A mapped file rewritten in place with garbage of the same size (a hostile writer): lookups
    /// answer or fail cleanly, never read outside the mapping (bounds checked at open were copied
    /// out of the file; everything else is checked on each read).
    @Test func inPlaceRewriteOfAMappedBundle() throws {
        var c = Self.catalog("One")
        let keys = (0..<300).map { "key.\($0)" }
        for k in keys { c.add(k, [("en", .text("value of \(k)")), ("de", .text("Wert von \(k)"))]) }
        let path = try Self.newBundlePath(c)
        let bundle = try Runtime(preferredLanguages: ["de"]).open(path: path, loading: .map)
        #expect(bundle.table.file.isMapped)
        #expect(try bundle.string("key.7") == "Wert von key.7")
        let size = bundle.table.file.count
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            // Overwrite everything after the header with random bytes, in place (same inode).
            let fd = open(path, O_WRONLY)
            #expect(fd >= 0)
            let junk = (0..<(size - 64)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = junk.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 64) }
            close(fd)
            for k in keys + ["title", "missing"] {
                _ = Self.plain(bundle, k)
                _ = try? bundle.string(k)
                _ = try? bundle.format(k, arguments: [.int(Int64(round))])
            }
        }
    }

    /// Readers on 2× the cores' threads while another thread replaces and reloads the file: every
    /// answer is one of the versions' texts. Runs under ThreadSanitizer in `make test-tsan`.
    @Test func lookupsWhileTheFileIsReplacedAndReloaded() throws {
        let path = try Self.newBundlePath(Self.catalog("v0"))
        let runtime = Runtime(preferredLanguages: ["de", "en"])
        let bundle = try runtime.open(path: path, main: true)
        let versions = 12
        let valid = Set((0..<versions).flatMap { ["v\($0) (de)", "v\($0)"] })
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        var readers: [pthread_t] = []
        for r in 0..<ConcurrencyTests.readerCount {
            readers.append(ConcurrencyTests.spawn {
                var n = 0
                while !done.load(ordering: .relaxed) || n < 100 {
                    n += 1
                    var ok = Self.plain(bundle, "title").map { valid.contains(String(decoding: $0, as: UTF8.self)) } ?? false
                    ok = ok && (try? bundle.string("title")).map(valid.contains) == true
                    if r == 0, n % 32 == 0 { ok = ok && (try? bundle.explain("title")) != nil }
                    if !ok { failures.add(1, ordering: .relaxed) }
                }
            })
        }
        let replacements = try (1..<versions).map { v in
            try CompiledCatalogs.compile(["Localizable": Self.catalog("v\(v)")], name: "v\(v)")
        }
        let writer = ConcurrencyTests.spawn {
            for (i, fresh) in replacements.enumerated() {
                if rename(fresh, path) != 0 { failures.add(1, ordering: .relaxed) }
                if (try? bundle.reload(force: true)) != true { failures.add(1, ordering: .relaxed) }
                if i % 3 == 0 { try? runtime.setLanguage(i % 2 == 0 ? "en" : nil) }
                usleep(2000)
            }
            done.store(true, ordering: .releasing)
        }
        pthread_join(writer, nil)
        for t in readers { pthread_join(t, nil) }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(bundle.versionCount == versions)
        #expect(try bundle.string("title").hasPrefix("v\(versions - 1)"))
    }
}
