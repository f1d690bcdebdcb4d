#if canImport(Glibc)
import Glibc
#endif
import CTable
@testable import LokaleCore
import Testing

/// Every cache is bounded: caller input (a server formatting with each user's locale) must not
/// grow the process.
@Suite(.serialized) struct CacheBoundsTests {
    /// Current resident set size in bytes (/proc/self/statm, second field, in pages).
    static func residentBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return 0 }
        let fields = String(decoding: buffer.prefix(n), as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A distinct, valid caller locale per `i`: English with a private-use subtag, or Austrian
    /// German with a variant (a name ICU has no data for: it would remember each one).
    static func callerLocale(_ i: Int) -> String {
        let tag = String(i, radix: 36)
        return i % 2 == 0 ? "en-u-nu-latn-x-" + tag : "de-AT-v" + String(repeating: "0", count: max(0, 5 - tag.count)) + tag
    }

    /// Formats with 200,000 distinct caller locales and reports the growth of the resident set. Run
    /// in a process of its own (see `runAlone`): the other tests, running alongside, would move
    /// the process's RSS too.
    @Test func distinctCallerLocalesDoNotGrowTheProcess() throws {
        guard getenv(Self.childVariable) != nil else {
            let (status, output) = try Self.runAlone("CacheBoundsTests/distinctCallerLocalesDoNotGrowTheProcess")
            let report = output.split(separator: "\n").first { $0.hasPrefix("CacheBoundsTests:") }
            print(report ?? "CacheBoundsTests: no report; the child wrote:\n\(output)")
            #expect(status == 0, "\(output)")
            #expect(report != nil)
            return
        }
        var c = StringCatalog()
        c.add("n", [("en", .text("%lld items"))])
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
        func format(_ i: Int) throws {
            let m = try bundle.format("n", arguments: [.int(Int64(i))], locale: Self.callerLocale(i))
            // Numbers are grouped in the caller's locale (1 075 in de-AT): compare the digits.
            let separator = NumberSymbols.forLocale(Self.callerLocale(i)).grouping.unicodeScalars
            let digits = String(String.UnicodeScalarView(m.text.unicodeScalars.filter { !separator.contains($0) }))
            if digits != "\(i) items" { Issue.record("\(Self.callerLocale(i)): '\(m.text)'") }
        }
        // Warm-up: past every bounded cache's limit, so that they are at their steady size. Under a
        // sanitizer (shadow memory, quarantine) RSS says nothing: fewer locales, no measure.
        let warmUp = 10_000, count = Self.sanitized ? 20_000 : 200_000
        for i in 0..<warmUp { try format(i) }
        let before = Self.residentBytes()
        let start = clock()
        for i in warmUp..<(warmUp + count) { try format(i) }
        let seconds = Double(clock() - start) / Double(CLOCKS_PER_SEC)
        let growth = Self.residentBytes() - before
        print("CacheBoundsTests: \(count) distinct caller locales: RSS \(before / 1024) KiB -> +\(growth / 1024) KiB (\(seconds) s CPU)")
        #expect(Self.sanitized || growth < 8 << 20, "RSS grew by \(growth / 1024) KiB")
        #expect(NumberSymbols.cache.count <= 4096)
        // ICU was asked about a bounded number of the names it has no data for; past that, a name
        // is asked as its nearest ancestor with data.
        #expect(ICULocale.installed.contains("de_AT") && ICULocale.installed.contains("en_US_POSIX"))
        #expect(ICULocale.dataName("de_AT_VZZZZZ9@numbers=arab") == "de_AT@numbers=arab")
        #expect(ICULocale.dataName("en_US_POSIX") == "en_US_POSIX")
        #expect(NumberSymbols.forLocale("de-AT-v0zzzzz9") == NumberSymbols.forLocale("de-AT"))
    }

    static let childVariable = "LOKALE_CACHE_BOUNDS_CHILD"

    /// Whether a sanitizer instruments the process.
    static var sanitized: Bool { dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil }

    /// Runs this test binary again with only `test` selected and `childVariable` set: its exit
    /// status and what it wrote.
    static func runAlone(_ test: String) throws -> (status: Int32, output: String) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw LokaleError(.io, "pipe: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        let exe = "/proc/self/exe"
        let argv = [exe, "--testing-library", "swift-testing", "--filter", test].map { (s: String) in strdup(s) } + [nil]
        var env: [UnsafeMutablePointer<CChar>?] = [strdup("\(childVariable)=1")]
        var e = environ
        while let entry = e.pointee { env.append(strdup(entry)); e += 1 }
        env.append(nil)
        defer { (argv + env).forEach { free($0) } }
        var pid = pid_t()
        let rc = posix_spawn(&pid, exe, &actions, nil, argv, env)
        close(fds[1])
        defer { close(fds[0]) }
        guard rc == 0 else { throw LokaleError(.io, "posix_spawn: \(rc)") }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n > 0 { output += buffer.prefix(n) } else if n < 0 && errno == EINTR { continue } else { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally: its exit code; killed by a signal: 128 + the signal.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, String(decoding: output, as: UTF8.self))
    }

    /// A long tag is answered without being kept.
    @Test func longCallerLocalesAreNotKept() {
        let long = "en." + String(repeating: "x", count: 4 * LanguageTag.maxLength)
        #expect(NumberSymbols.forLocale(long) == NumberSymbols.forLocale("en"))
        #expect(PluralRules.forLocale(long, ordinal: false)?.category(1) == .one)
    }

    @Test func aSharedCacheKeepsWhatIsInUse() {
        let cache = SharedCache<Int, Int>(limit: 64)
        var computed = 0
        for i in 0..<10_000 {
            // Key 0 comes back every 16 keys; the others come once.
            let key = i % 16 == 0 ? 0 : i
            #expect(cache.value(key) { computed += 1; return $0 * 2 } == key * 2)
            #expect(cache.count <= 64)
        }
        #expect(computed == 10_000 - 10_000 / 16 + 1, "key 0 was computed again")
    }

    /// C reads a bundle's plural tables (`lk_localization_info`) without a reference: the bundle's
    /// table version owns them, so evicting their locale from the process-wide cache frees nothing
    /// C still reads. Welsh (all six categories) is a language no other test uses.
    @Test func publishedPluralTablesOutliveTheProcessCache() throws {
        var c = StringCatalog()
        c.add("files", [("en", .plural([("one", .text("%lld file")), ("other", .text("%lld files"))])),
                        ("cy", .plural([("zero", .text("%lld ffeil (zero)")), ("one", .text("%lld ffeil (one)")),
                                         ("two", .text("%lld ffeil (two)")), ("few", .text("%lld ffeil (few)")),
                                         ("many", .text("%lld ffeil (many)")), ("other", .text("%lld ffeil (other)"))]))])
        let runtime = Runtime(preferredLanguages: ["cy"])
        let bundle = try runtime.adopt(CompiledCatalogs.table(["Localizable": c]), main: true)
        let counts: [Int64] = [0, 1, 2, 3, 4, 5, 6, 7, 11, 20, 100, 999]
        let expected = try counts.map { try bundle.format("files", arguments: [.int($0)]).bytes }
        #expect(expected.map { String(decoding: $0, as: UTF8.self) }.prefix(7) == [
            "0 ffeil (zero)", "1 ffeil (one)", "2 ffeil (two)", "3 ffeil (few)", "4 ffeil (other)", "5 ffeil (other)", "6 ffeil (many)",
        ])
        let published = try #require(PluralRules.forLocale("cy", ordinal: false))
        // Many distinct locales push "cy" out of the process-wide cache.
        for i in 0..<600 {
            let l = "cy-x-" + String(i, radix: 36)
            #expect(PluralCategory.of(3, locale: l) == .few)
        }
        let fresh = try #require(PluralRules.forLocale("cy", ordinal: false))
        #expect(fresh !== published, "cy was not evicted")
        // Reuse freed memory of the size of a plural table, filled with bytes that are no category.
        let junk = (0..<2_000).map { _ in
            let p = UnsafeMutableRawPointer.allocate(byteCount: Int(LK_SMALL_COUNTS), alignment: 1)
            p.initializeMemory(as: UInt8.self, repeating: 0xEE, count: Int(LK_SMALL_COUNTS))
            return p
        }
        defer { junk.forEach { $0.deallocate() } }
        // Both paths still answer from the tables they were given: C's and Swift's.
        for (n, bytes) in zip(counts, expected) {
            #expect(FormatFastPathTests.fast(bundle, table: "Localizable", key: "files", [.int(n)]) == bytes, "\(n)")
            #expect(try bundle.format("files", arguments: [.int(n)]).bytes == bytes, "\(n)")
        }
    }

    /// Junk preferred languages, set again and again, keep only the last distinct diagnostics.
    @Test func diagnosticsAreBounded() {
        let runtime = Runtime(preferredLanguages: ["en"])
        for i in 0..<1_000 {
            runtime.preferredLanguages = ["bad!\(i)", "en", "bad!again"]
        }
        let d = runtime.diagnostics
        #expect(d.count == Runtime.diagnosticsLimit)
        #expect(Set(d).count == d.count)
        #expect(d.last?.contains("bad!again") == true)
        #expect(d.contains { $0.contains("bad!999") })
        #expect(!d.contains { $0.contains("bad!0'") })
    }
}
