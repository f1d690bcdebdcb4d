#if canImport(Glibc)
import FuzzDriver
import Glibc
#endif
import LokaleCore
import CTable

// Input: the bytes of a compiled table (seeds: `lokale compile` output). Opens it from a copy,
// negotiates, and looks up and formats every NUL-terminated string of the file as a key — which
// includes every real key — under both fallback policies' paths (plainLookup, format, explain).
let arguments: [FormatArgument] = [.int(1), .double(2.5), .string("3"), .uint(4), .string("five")]
// MessageFormat 2 messages' named arguments: the names the seeds' messages read, of every kind.
let named: [[String: MF2.Argument]] = [
    ["count": .int(3), "host": .string("Ana"), "gender": .string("female"), "when": .date(1_767_312_000)],
    ["count": .double(1.5), "n": .decimal("1e3"), "name": .bool(true)],
    [:],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: data, count: size)
    // Opened as an embedded table is (Runtime.open(memory:), lokale_bundle_open_memory): mostly
    // borrowed, so every read lands in libFuzzer's own buffer of exactly `size` bytes, where
    // AddressSanitizer sees the first byte past the end; sometimes copied.
    let runtime = Runtime(preferredLanguages: [])
    guard let bundle = try? runtime.open(memory: input, main: size % 3 == 0, verify: size % 2 == 0, copy: size % 5 == 0) else { return 0 }
    let table = bundle.table
    // The languages negotiated against: the table's own, reversed, plus ones it may lack.
    runtime.preferredLanguages = table.localizations.reversed() + ["fr-CA", "zh-Hant", "pt"]
    _ = bundle.preferredLocalizations
    _ = bundle.followsMainBundle
    var keys: [UnsafeRawBufferPointer] = []
    var start = 0
    for i in 0..<size where input[i] == 0 {
        if i > start { keys.append(UnsafeRawBufferPointer(rebasing: input[start..<i])) }
        start = i + 1
        if keys.count >= 200 { break }
    }
    let tables = table.tables + ["NoSuchTable"]
    for (n, key) in keys.enumerated() {
        let name = tables[n % tables.count]
        _ = try? withBytes(name) { t throws(LokaleError) in try bundle.plainLookup(key: key, table: t) }
        _ = try? bundle.plainLookup(key: key, table: nil)
        let k = String(decoding: key, as: UTF8.self)
        _ = try? bundle.format(k, table: name, arguments: Array(arguments.prefix(n % 6)))
        _ = try? bundle.format(k, table: name, arguments: [], named: named[n % named.count])
        if n % 8 == 0, let trace = try? bundle.explain(k, default: "d %@", table: name, arguments: arguments) {
            // The JSON escapes the file's own strings (key, table and localization names); written
            // for a few traces only, as it costs more than the lookup it describes.
            if n % 64 == 0 { _ = trace.json }
        }
    }
    // The in-app language switches the plan; look again.
    if let first = table.localizations.first, (try? runtime.setLanguage(first)) != nil {
        for key in keys.prefix(20) { _ = try? bundle.plainLookup(key: key, table: nil) }
    }
    return 0
}

// Every bundle's C handle goes, when the bundle does, into a ring of the last
// LK_HANDLE_QUARANTINE retired handles (CTable's handle_quarantine.c), not back to malloc: until
// that ring is full, each input ends with one allocation more than it freed. libFuzzer takes that
// for a possible leak and answers with a second run of the input and a full LeakSanitizer pass over
// the heap, many times the input's own work, until it gives up on leak detection altogether.
// Filling the ring first makes every retirement free the oldest handle, so an input's allocations
// balance and LeakSanitizer runs only when an input really keeps memory.
for _ in 0..<LK_HANDLE_QUARANTINE { lk_handle_retire(lk_handle_new(nil)) }

// libFuzzer calls this for every input (see FuzzDriver).
runFuzzer { data, size in
    guard let data else { return 0 }
    return fuzzTable(data, size)
}
