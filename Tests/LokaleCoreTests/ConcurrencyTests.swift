#if canImport(Glibc)
import Glibc
#endif
import LokaleCore
import Synchronization
import Testing

/// Lookups from many threads while another changes the preferred languages and the
/// in-app language. Every answer must be one of the bundle's texts; run under ThreadSanitizer by
/// `make test-tsan` (TSAN_OPTIONS=halt_on_error=1), where any data race fails the run.
@Suite struct ConcurrencyTests {
    /// Runs `body` on a new POSIX thread (real threads: the cooperative pool may have only one or two).
    static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        var thread = pthread_t()
        let arg = Unmanaged.passRetained(Box(body)).toOpaque()
        let rc = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, arg)
        precondition(rc == 0, "pthread_create: \(rc)")
        return thread
    }

    static var readerCount: Int { max(4, 2 * Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    @Test func lookupsWhileLanguagesChange() throws {
        let runtime = Runtime(preferredLanguages: ["fr", "de"])
        let app = try runtime.adopt(MainBundleTests.app(), main: true)
        let kit = try runtime.adopt(MainBundleTests.framework(), main: false)
        let titles: Set<String> = ["App", "Anwendung", "アプリ"]
        let kitTitles: Set<String> = ["Kit", "Bausatz", "Trousse"]
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        let lookups = Atomic<Int>(0)

        var readers: [pthread_t] = []
        for r in 0..<Self.readerCount {
            readers.append(Self.spawn {
                var n = 0
                while !done.load(ordering: .relaxed) || n < 200 {
                    n += 1
                    var ok = true
                    // The allocation-free path: a pointer into the mapping.
                    let plain = "kit.title".utf8CString.withUnsafeBytes { k in
                        try? kit.plainLookup(key: UnsafeRawBufferPointer(rebasing: k.dropLast()), table: nil)
                    }
                    if let v = plain?.value { ok = ok && kitTitles.contains(String(decoding: v, as: UTF8.self)) } else { ok = false }
                    ok = ok && (try? app.string("app.title")).map(titles.contains) == true
                    if let m = try? kit.format("kit.count", arguments: [.int(Int64(n % 3))]) {
                        ok = ok && m.problems.isEmpty && !m.bytes.isEmpty
                    } else { ok = false }
                    if r == 0, n % 64 == 0 { _ = try? kit.explain("kit.title") }
                    if !ok { failures.add(1, ordering: .relaxed) }
                }
                lookups.add(n, ordering: .relaxed)
            })
        }
        let writer = Self.spawn {
            let preferences: [[String]] = [["fr", "de"], ["ja"], ["de-AT", "en"], ["en-GB"], ["xx", "fr"]]
            for i in 0..<400 {
                runtime.preferredLanguages = preferences[i % preferences.count]
                try? runtime.setLanguage(i % 3 == 0 ? nil : (i % 3 == 1 ? "ja" : "de"))
                if i % 50 == 0 { sched_yield() }
            }
            done.store(true, ordering: .releasing)
        }
        pthread_join(writer, nil)
        for t in readers { pthread_join(t, nil) }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(lookups.load(ordering: .relaxed) >= 200 * Self.readerCount)
    }

    /// Bundles opened and dropped on several threads while the language changes: the main bundle's
    /// registration and the per-generation plans are published without races.
    @Test func bundlesComeAndGoWhileLanguagesChange() throws {
        let runtime = Runtime(preferredLanguages: ["de"])
        let framework = try MainBundleTests.framework()
        let done = Atomic<Bool>(false)
        let failures = Atomic<Int>(0)
        var threads: [pthread_t] = []
        for _ in 0..<4 {
            threads.append(Self.spawn {
                var n = 0
                while !done.load(ordering: .relaxed) || n < 50 {
                    n += 1
                    guard let kit = try? runtime.adopt(framework, main: false),
                          let text = try? kit.string("kit.title"), ["Kit", "Bausatz", "Trousse"].contains(text)
                    else { failures.add(1, ordering: .relaxed); continue }
                }
            })
        }
        let writer = Self.spawn {
            for i in 0..<300 { try? runtime.setLanguage(i % 2 == 0 ? "fr" : nil) }
            done.store(true, ordering: .releasing)
        }
        pthread_join(writer, nil)
        for t in threads { pthread_join(t, nil) }
        #expect(failures.load(ordering: .relaxed) == 0)
    }
}
