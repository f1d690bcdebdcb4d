// The Swift driver of the benchmark suite: engine `lokale-swift`, `LokaleBundle.string` called
// from Swift through the `Lokale` library product. The same data, streams, arguments, method and
// output lines as src/bench.c (see there); no Foundation.
//
// usage: bench-swift DATADIR N [--ops K] [--reps R] [--opens O] [--batch B] [--touch T]
//
// Each key record of a stream is made a String once, before timing (a program holding its keys
// as Strings); every timed operation builds its Message from that String and asks the bundle:
// `bundle.string(Message(key))`. The plural case is
// `bundle.string(Message("files.count", defaultValue: "\(n) files"))` with an Int.
// A lookup is a hit when the text returned is not the key (a miss without a default value
// returns the key; no value of the data equals its key).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Lokale

let engine = "lokale-swift"
let kw = 16  // key record width
let pluralKey: StaticString = "files.count"

// MARK: Output

func cformat(_ format: String, _ args: CVarArg...) -> String {
    withVaList(args) { va in
        var buf = [CChar](repeating: 0, count: 512)
        let n = Int(vsnprintf(&buf, buf.count, format, va))
        if n >= buf.count {
            buf = [CChar](repeating: 0, count: n + 1)
            return withVaList(args) { va2 in
                _ = vsnprintf(&buf, buf.count, format, va2)
                return String(decoding: buf.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return String(decoding: buf.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

func writeAll(_ fd: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    var done = 0
    while done < bytes.count {
        let r = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
        if r <= 0 { return }
        done += r
    }
}

/// One result line on stdout (unbuffered: one write per line, as bench.c's fflush).
func out(_ line: String) { writeAll(1, line) }

func err(_ line: String) { writeAll(2, line) }

func fail(_ line: String) -> Never {
    err(line)
    exit(1)
}

// MARK: Harness

nonisolated(unsafe) var sink = 0

@inline(__always)
func nowNs() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) * 1e9 + Double(t.tv_nsec)
}

nonisolated(unsafe) var datadir = ""

func load(_ name: String) -> [UInt8] {
    let path = datadir + "/" + name
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 { fail("\(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var st = stat()
    fstat(fd, &st)
    let size = Int(st.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
        let r = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
        if r <= 0 { fail("\(path): short read") }
        done += r
    }
    return bytes
}

/// The first `limit` NUL-padded records of a stream, as Strings.
func keys(_ raw: [UInt8], limit: Int) -> [String] {
    let count = min(limit, raw.count / kw)
    var keys: [String] = []
    keys.reserveCapacity(count)
    for i in 0..<count {
        let rec = raw[(i * kw)..<((i + 1) * kw)]
        let end = rec.firstIndex(of: 0) ?? rec.endIndex
        keys.append(String(decoding: raw[rec.startIndex..<end], as: UTF8.self))
    }
    return keys
}

struct Mem { var rss = 0, file = 0, anon = 0 }

func statm() -> Mem {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return Mem() }
    defer { close(fd) }
    var buf = [UInt8](repeating: 0, count: 256)
    let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 255) }
    guard n > 0 else { return Mem() }
    let fields = buf[0..<n].split(separator: UInt8(ascii: " ")).prefix(3).map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 }
    guard fields.count == 3 else { return Mem() }
    let kb = sysconf(Int32(_SC_PAGESIZE)) / 1024
    return Mem(rss: fields[1] * kb, file: fields[2] * kb, anon: (fields[1] - fields[2]) * kb)
}

/// The measured loops, as in bench.c: a lookup is `bundle.string(Message(key))`.
@inline(never)
func runLookups(_ bundle: LokaleBundle, _ keys: UnsafeBufferPointer<String>, _ start: Int, _ count: Int) -> Int {
    var hits = 0
    for i in start..<(start + count) {
        let key = keys[i]
        let s = bundle.string(Message(key))
        // hit: the text is not the key (the count first: cheap, and differs on every hit here)
        if s.utf8.count != key.utf8.count || s != key { hits += 1 }
    }
    return hits
}

@inline(never)
func plural(_ bundle: LokaleBundle, _ n: Int) -> String {
    bundle.string(Message(pluralKey, defaultValue: "\(n) files"))
}

@inline(never)
func runPlurals(_ bundle: LokaleBundle, _ ns: UnsafeBufferPointer<Int>, _ start: Int, _ count: Int) -> Int {
    var total = 0
    for i in start..<(start + count) {
        total += plural(bundle, ns[i]).utf8.count
    }
    return total
}

func pct(_ sorted: [Double], _ p: Double) -> Double {
    let idx = p * Double(sorted.count - 1)
    let lo = Int(idx)
    let frac = idx - Double(lo)
    return lo + 1 < sorted.count ? sorted[lo] * (1 - frac) + sorted[lo + 1] * frac : sorted[lo]
}

nonisolated(unsafe) var nMessages = 0

func printStats(_ casename: String, _ samples: [Double], _ repP50: [Double], reps: Int, ops: Int, batch: Int, extra: String) {
    let sum = samples.reduce(0, +)
    let s = samples.sorted()
    var line = "{\"engine\": \"\(engine)\", \"case\": \"\(casename)\", \"n\": \(nMessages), "
    line += cformat("\"ns_per_op\": {\"p50\": %.2f, \"p90\": %.2f, \"p99\": %.2f, \"mean\": %.2f, \"min\": %.2f}, \"rep_p50\": [",
                    pct(s, 0.5), pct(s, 0.9), pct(s, 0.99), sum / Double(s.count), s[0])
    line += repP50.prefix(reps).map { cformat("%.2f", $0) }.joined(separator: ", ")
    line += cformat("], \"reps\": %ld, \"ops_per_rep\": %ld, \"batch\": %ld, \"samples\": %ld", reps, ops, batch, s.count)
    line += extra + "}"
    out(line)
}

enum Kind { case lookups([String]), plurals([Int]) }

/// Warm-up pass, then reps x (ops / batch) timed batches.
func measure(_ casename: String, _ bundle: LokaleBundle, _ kind: Kind, ops: Int, reps: Int, batch: Int, expectHits: Int) {
    let nb = ops / batch
    var samples = [Double](repeating: 0, count: nb * reps)
    var repP50: [Double] = []
    var tmp = [Double](repeating: 0, count: nb)
    var hits = 0
    switch kind {
    case .lookups(let keys):
        keys.withUnsafeBufferPointer { k in
            sink &+= runLookups(bundle, k, 0, nb * batch)  // warm-up: one full pass
            for r in 0..<reps {
                hits = 0
                for b in 0..<nb {
                    let t0 = nowNs()
                    let v = runLookups(bundle, k, b * batch, batch)
                    let t1 = nowNs()
                    hits += v
                    tmp[b] = (t1 - t0) / Double(batch)
                    samples[r * nb + b] = tmp[b]
                }
                repP50.append(pct(tmp.sorted(), 0.5))
            }
        }
    case .plurals(let ns):
        ns.withUnsafeBufferPointer { k in
            sink &+= runPlurals(bundle, k, 0, nb * batch)
            for r in 0..<reps {
                for b in 0..<nb {
                    let t0 = nowNs()
                    let v = runPlurals(bundle, k, b * batch, batch)
                    let t1 = nowNs()
                    sink &+= v
                    tmp[b] = (t1 - t0) / Double(batch)
                    samples[r * nb + b] = tmp[b]
                }
                repP50.append(pct(tmp.sorted(), 0.5))
            }
        }
    }
    var extra = ""
    if case .lookups = kind {
        extra = ", \"hits\": \(hits)"
        if hits != expectHits {
            fail("\(engine) \(casename) N=\(nMessages): \(hits) hits of \(nb * batch), expected \(expectHits)")
        }
    }
    printStats(casename, samples, repP50, reps: reps, ops: nb * batch, batch: batch, extra: extra)
}

func checkPlural(_ bundle: LokaleBundle) {
    let want: [(Int, String)] = [
        (1, "1 файл в «Документах»"), (3, "3 файла в «Документах»"), (5, "5 файлов в «Документах»"),
        (11, "11 файлов в «Документах»"), (21, "21 файл в «Документах»"), (22, "22 файла в «Документах»"),
        (0, "0 файлов в «Документах»"), (112, "112 файлов в «Документах»"),
    ]
    for (n, text) in want {
        let got = plural(bundle, n)
        if got != text { fail("\(engine) plural(\(n)) = \"\(got)\", expected \"\(text)\"") }
    }
}

// MARK: Main

let argv = CommandLine.arguments
if argv.count < 3 {
    err("usage: \(argv[0]) DATADIR N [--ops K] [--reps R] [--opens O] [--batch B] [--touch T]")
    exit(2)
}
func opt(_ name: String, _ def: Int) -> Int {
    var i = 3
    while i + 1 < argv.count {
        if argv[i] == name { return Int(argv[i + 1]) ?? def }
        i += 1
    }
    return def
}
if argv.contains("--callgrind") { fail("\(engine): --callgrind is not supported (use bench_lokale)") }
datadir = argv[1]
if !datadir.hasPrefix("/") {  // the open case's symlinks point at an absolute path
    var cwd = [CChar](repeating: 0, count: 4096)
    if getcwd(&cwd, cwd.count) != nil { datadir = String(decoding: cwd.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + datadir }
}
nMessages = Int(argv[2]) ?? 0
var ops = opt("--ops", 200_000)
let batch = opt("--batch", 1000), reps = opt("--reps", 5), opens = opt("--opens", 50)
var touchOps = opt("--touch", 1_000_000)

// Every stream is loaded (and made Strings) before the baseline RSS.
let rawUniform = load("ops_uniform.bin")
let streamOps = rawUniform.count / kw
if ops > streamOps { ops = streamOps }
let uniform = keys(rawUniform, limit: ops)
let zipf = keys(load("ops_zipf.bin"), limit: ops)
let miss = keys(load("ops_miss.bin"), limit: ops)
let rawTouch = load("ops_touch.bin")
if touchOps > rawTouch.count / kw { touchOps = rawTouch.count / kw }
let touch = keys(rawTouch, limit: touchOps)
let rawPlural = load("plural_n.bin")
var pluralN: [Int] = []  // little-endian uint32
for i in 0..<(rawPlural.count / 4) {
    var v = 0
    for j in 0..<4 { v |= Int(rawPlural[4 * i + j]) << (8 * j) }
    pluralN.append(v)
}

// open: init + open + first lookup in this fresh process, then memory after it
let m0 = statm()
let t0 = nowNs()
let runtime = LokaleRuntime(preferredLanguages: ["ru"])
let tInit = nowNs()
let mainPath = datadir + "/bench.lokale"
let bundle: LokaleBundle
do { bundle = try runtime.open(mainPath, main: true) } catch { fail("open \(mainPath): \(error.message)") }
let firstHit = bundle.string(Message(uniform[0])) != uniform[0]
let t1 = nowNs()
let m1 = statm()
if !firstHit { fail("\(engine): first lookup missed") }
err("\(engine) N=\(nMessages): msg.000000 -> \"\(bundle.string(Message("msg.000000")))\"")
checkPlural(bundle)

// memory: touch lookups over a permutation of all keys, cycled
let th = touch.withUnsafeBufferPointer { runLookups(bundle, $0, 0, touchOps) }
if th != touchOps { fail("\(engine): touch \(th) of \(touchOps) hits") }
let m2 = statm()
var fst = stat()
let fileBytes = stat(mainPath, &fst) == 0 ? Int(fst.st_size) : -1
out("{\"engine\": \"\(engine)\", \"case\": \"memory\", \"n\": \(nMessages), \"lookups\": \(touchOps), "
    + "\"rss_kb\": {\"baseline\": \(m0.rss), \"after_open\": \(m1.rss), \"after_lookups\": \(m2.rss)}, "
    + "\"anon_kb\": {\"baseline\": \(m0.anon), \"after_open\": \(m1.anon), \"after_lookups\": \(m2.anon)}, "
    + "\"file_kb\": {\"baseline\": \(m0.file), \"after_open\": \(m1.file), \"after_lookups\": \(m2.file)}, "
    + "\"file_bytes\": \(fileBytes), \"version\": \"Lokale (Swift API)\"}")

let exact = ops / batch * batch
measure("plain-hit-uniform", bundle, .lookups(uniform), ops: ops, reps: reps, batch: batch, expectHits: exact)
measure("plain-hit-zipf", bundle, .lookups(zipf), ops: ops, reps: reps, batch: batch, expectHits: exact)
measure("plain-miss", bundle, .lookups(miss), ops: ops, reps: reps, batch: batch, expectHits: 0)
let pops = min(ops / 4 < batch ? batch : ops / 4, pluralN.count)  // formatting is slower: a quarter of the ops
measure("plural-format", bundle, .plurals(pluralN), ops: pops, reps: reps, batch: batch, expectHits: 0)

// open: open + first lookup of copies (symlinks to the same file under new names, so that no
// cache can answer; warm page cache), each timed alone; the bundle is released after the timing.
let dir = datadir + "/open_lokale-swift"
mkdir(dir, 0o755)
for k in 0..<opens {
    let dst = "\(dir)/b\(k).lokale"
    unlink(dst)  // a link left by an earlier run may point elsewhere
    if symlink(mainPath, dst) != 0 && errno != EEXIST { err("\(dst): \(String(cString: strerror(errno)))") }
}
var openTimes: [Double] = []
for k in 0..<opens {
    let a = nowNs()
    let c: LokaleBundle
    do { c = try runtime.open("\(dir)/b\(k).lokale") } catch { fail("\(engine): open copy \(k): \(error.message)") }
    let key = uniform[k % uniform.count]
    let hit = c.string(Message(key)) != key
    let b = nowNs()
    withExtendedLifetime(c) {}
    if !hit { fail("\(engine): open copy \(k): first lookup failed") }
    openTimes.append(b - a)
}
printStats("open", openTimes, [], reps: 0, ops: 1, batch: 1,
           extra: cformat(", \"first_open_ns\": %.0f, \"first_init_ns\": %.0f", t1 - t0, tInit - t0))
withExtendedLifetime(bundle) {}
