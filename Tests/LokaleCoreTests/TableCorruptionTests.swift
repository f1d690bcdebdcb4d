import LokaleCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The reader must never crash on a corrupt file: truncated, bit-flipped and randomly mutated
/// copies of a real compiled table either fail to open with a `LokaleError`, or open and then answer
/// every lookup with text or a `LokaleError`.
@Suite struct TableCorruptionTests {
    /// Where the sections of the pristine table lie, read from its section table.
    struct Layout {
        let size: Int
        let tableEnd: Int
        var sections: [TableLayout.Section: Range<Int>] = [:]

        init(_ b: [UInt8]) {
            func u32(_ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
            size = b.count
            // A mutated count is only trusted as far as the reader would (at most 32 sections).
            let count = min(u32(TableLayout.Header.sectionCount), TableLayout.maxSections, (b.count - TableLayout.headerSize) / TableLayout.sectionEntrySize)
            tableEnd = TableLayout.headerSize + count * TableLayout.sectionEntrySize
            for i in 0..<count {
                let e = TableLayout.headerSize + i * TableLayout.sectionEntrySize
                if let s = TableLayout.Section(rawValue: UInt32(u32(e))) { sections[s] = u32(e + 8)..<(u32(e + 8) + u32(e + 12)) }
            }
        }

        var payload: Range<Int> { tableEnd..<size }
    }

    static let bytes = GeneratedCatalog.bytes
    static let layout = Layout(bytes)

    static func open(_ b: [UInt8], verify: Bool = false) -> Result<CompiledTable, LokaleError> {
        b.withUnsafeBytes { raw in
            Result { () throws(LokaleError) in try CompiledTable(file: MappedFile(copying: raw), verifyPayload: verify) }
        }
    }

    static func openFromDisk(_ b: [UInt8], in dir: String, verify: Bool = false) -> Result<CompiledTable, LokaleError> {
        let path = dir + "/copy.lokale"
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        _ = b.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return Result { () throws(LokaleError) in try CompiledTable(path: path, verifyPayload: verify) }
    }

    static func reseal(_ b: inout [UInt8]) {
        let end = min(Layout(b).tableEnd, b.count)
        guard end >= TableLayout.headerSize else { return }
        let crc = b.withUnsafeBytes { TableLayout.headerChecksum(UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
        put32(&b, TableLayout.Header.headerCRC, crc)
    }

    static func put32(_ b: inout [UInt8], _ at: Int, _ v: UInt32) {
        for i in 0..<4 { b[at + i] = UInt8(truncatingIfNeeded: v >> (8 * UInt32(i))) }
    }

    @Test func pristineTableAnswersEverything() throws {
        let table = try Self.open(Self.bytes, verify: true).get()
        #expect(table.localizations == ["de", "en", "fr", "ja", "ru"])
        #expect(table.tables == ["Localizable", "Settings"])
        #expect(table.messageCount > 300)
        let r = GeneratedCatalog.exercise(table, devices: [.mac, .iphone, .ipad, .applewatch], unknownLanguage: true)
        #expect(r.thrown == 0)
        #expect(r.lookups > 2000)
        // All nine sections are where the layout says, inside the payload.
        #expect(Self.layout.sections.count == TableLayout.Section.allCases.count)
        for (_, range) in Self.layout.sections { #expect(range.lowerBound >= Self.layout.tableEnd && range.upperBound <= Self.bytes.count) }
    }

    @Test func everyTruncationIsRejected() throws {
        let b = Self.bytes
        let offsets = Array(0..<min(512, b.count)) + Array(stride(from: 512, to: b.count, by: 61)) + [b.count - 1]
        let dir = Fixtures.temporaryDirectory("lokale-truncate")
        defer { CompiledCatalogs.remove(dir) }
        var rejected = 0, rejectedOnDisk = 0, onDisk = 0
        for (i, n) in offsets.enumerated() {
            let prefix = Array(b[0..<n])
            switch Self.open(prefix) {
            case .success: Issue.record("a table truncated to \(n) of \(b.count) bytes opened")
            case .failure(let e):
                rejected += 1
                #expect(e.code == .corrupt)
            }
            if i % 8 == 0 {
                onDisk += 1
                if case .failure(let e) = Self.openFromDisk(prefix, in: dir) {
                    rejectedOnDisk += 1
                    #expect(e.code == .corrupt)
                }
            }
        }
        // Growing the file is caught the same way (the header records the size).
        #expect(throws: LokaleError.self) { try Self.open(b + [0, 0, 0, 0]).get() }
        print("truncation: \(rejected)/\(offsets.count) rejected in memory, \(rejectedOnDisk)/\(onDisk) on disk (file \(b.count) bytes)")
        #expect(rejected == offsets.count)
        #expect(rejectedOnDisk == onDisk)
    }

    @Test func everyHeaderBitFlipIsRejected() throws {
        let b = Self.bytes
        let end = Self.layout.tableEnd
        var rejected = 0, flips = 0
        var codes: [LokaleError.Code: Int] = [:]
        for byte in 0..<end {
            for bit in 0..<8 {
                var copy = b
                copy[byte] ^= UInt8(1 << bit)
                flips += 1
                switch Self.open(copy) {
                case .success: Issue.record("flipping bit \(bit) of byte \(byte) went unnoticed")
                case .failure(let e):
                    rejected += 1
                    codes[e.code, default: 0] += 1
                }
            }
        }
        print("header bit flips: \(rejected)/\(flips) rejected at open over \(end) bytes; codes \(codes)")
        #expect(flips == end * 8)
        #expect(rejected == flips)
        #expect(Set(codes.keys).isSubset(of: [.corrupt, .unsupportedVersion]))
        #expect(codes[.corrupt, default: 0] > 0 && codes[.unsupportedVersion, default: 0] > 0)
    }

    @Test func payloadBitFlipsAreCaughtByTheChecksum() throws {
        let b = Self.bytes
        var caught = 0, flips = 0, openedWithoutVerify = 0
        for byte in stride(from: Self.layout.tableEnd, to: b.count, by: 109) {
            var copy = b
            copy[byte] ^= UInt8(1 << (byte % 8))
            flips += 1
            if case .failure(let e) = Self.open(copy, verify: true) {
                caught += 1
                #expect(e.code == .corrupt)
            }
            if case .success = Self.open(copy) { openedWithoutVerify += 1 }
        }
        print("payload bit flips: \(caught)/\(flips) caught with verifyPayload; \(openedWithoutVerify) open without it")
        #expect(caught == flips)
        #expect(openedWithoutVerify > 0)
    }

    /// 100,000 random mutations of a real table. Half change one to four bytes of the header
    /// and section table and re-seal its checksum (so that they get past it); half change the
    /// payload, which open does not read. Each copy is refused at open, or answers a sample of
    /// plain lookups, formats and a miss with text or a `LokaleError` — never a crash, and nothing
    /// for AddressSanitizer to report (`make test-asan`).
    @Test func hundredThousandMutations() throws {
        let b = Self.bytes
        let layout = Self.layout
        let keys = (GeneratedCatalog.keys["Localizable"] ?? []).prefix(6).map { Array($0.utf8) } + [Array("no.such.key".utf8)]
        var rng = SeededGenerator(seed: 0x100_000)
        var rejected = 0, opened = 0, answers = 0, errors = 0, rendered = 0
        let runtime = Runtime(preferredLanguages: ["de", "en"])
        for i in 0..<100_000 {
            var copy = b
            let header = i % 2 == 0
            let range = header ? 0..<layout.tableEnd : layout.tableEnd..<b.count
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                copy[Int.random(in: range, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if header { Self.reseal(&copy) }
            guard case .success(let table) = Self.open(copy) else { rejected += 1; continue }
            opened += 1
            guard let bundle = try? runtime.adopt(table, main: false) else { errors += 1; continue }
            for k in keys {
                let r = k.withUnsafeBytes { key in Result { () throws(LokaleError) in try bundle.plainLookup(key: key, table: nil) } }
                if case .success = r { answers += 1 } else { errors += 1 }
            }
            let key = String(decoding: keys[i % keys.count], as: UTF8.self)
            let args = GeneratedCatalog.argumentSets[i % GeneratedCatalog.argumentSets.count]
            do throws(LokaleError) { _ = try bundle.format(key, table: i % 3 == 0 ? "Settings" : nil, arguments: args); answers += 1 }
            catch { errors += 1 }
            // The C format path on the same copy, once Swift has filled the localization's info.
            let count: [FormatArgument] = [.int(Int64(i % 30)), .int(2)]
            if (try? bundle.format(key, arguments: count)) != nil,
               FormatFastPathTests.fast(bundle, table: "Localizable", key: key, count) != nil { rendered += 1 }
        }
        print("100,000 mutations: \(rejected) refused at open, \(opened) opened; \(answers) answers and \(errors) errors from them; \(rendered) C renderings")
        #expect(rejected + opened == 100_000)
        #expect(rejected > 0 && opened > 0 && answers > 0 && rendered > 0)
    }

    /// A mutated copy and what became of it.
    enum Outcome { case rejectedAtOpen, answeredEverything, threwSometimes }

    struct Tally: CustomStringConvertible {
        var mutations = 0, rejectedAtOpen = 0, answeredEverything = 0, threwSometimes = 0
        var lookups = 0, thrown = 0, onDisk = 0, payloadChanged = 0, payloadCaught = 0
        var codes: [LokaleError.Code: Int] = [:]
        var slowest: Duration = .zero
        var description: String {
            "\(mutations) mutations: \(rejectedAtOpen) rejected at open, \(answeredEverything) opened and answered every lookup, "
                + "\(threwSometimes) opened and threw on some lookups (\(thrown) of \(lookups) lookups threw, codes \(codes)); "
                + "\(onDisk) also opened from disk; verifyPayload caught \(payloadCaught)/\(payloadChanged); slowest copy \(slowest)"
        }
    }

    /// Opens `copy` in memory (and from disk when `dir` is given), exercises it, and tallies.
    static func check(_ copy: [UInt8], disk dir: String?, into t: inout Tally) {
        t.mutations += 1
        if copy[Self.layout.tableEnd...] != Self.bytes[Self.layout.tableEnd...], copy[..<Self.layout.tableEnd] == Self.bytes[..<Self.layout.tableEnd] {
            t.payloadChanged += 1
            if case .failure = Self.open(copy, verify: true) { t.payloadCaught += 1 }
        }
        if let dir {
            t.onDisk += 1
            if case .success(let table) = Self.openFromDisk(copy, in: dir) { _ = GeneratedCatalog.exercise(table, only: t.mutations) }
        }
        let start = ContinuousClock.now
        switch Self.open(copy) {
        case .failure(let e):
            t.rejectedAtOpen += 1
            t.codes[e.code, default: 0] += 1
        case .success(let table):
            // Every fourth copy is looked up in every localization; the rest in one, rotating.
            let full = t.mutations % 4 == 0
            let r = GeneratedCatalog.exercise(table, only: full ? nil : t.mutations,
                                              devices: t.mutations % 10 == 0 ? [.iphone, .mac] : [.mac], unknownLanguage: t.mutations % 10 == 0)
            t.lookups += r.lookups
            t.thrown += r.thrown
            for (c, n) in r.codes { t.codes[c, default: 0] += n }
            if r.thrown == 0 { t.answeredEverything += 1 } else { t.threwSometimes += 1 }
        }
        t.slowest = max(t.slowest, ContinuousClock.now - start)
    }

    static let wordSections: [TableLayout.Section] = [.records, .nodes, .formats, .slots, .instances]

    @Test(arguments: 0..<4)
    func randomMutations(chunk: Int) throws {
        let b = Self.bytes
        let layout = Self.layout
        var rng = SeededGenerator(seed: 0x10CA1E + UInt64(chunk))
        let dir = Fixtures.temporaryDirectory("lokale-mutate")
        defer { CompiledCatalogs.remove(dir) }
        var t = Tally()
        for i in 0..<500 {
            var copy = b
            switch i % 5 {
            case 0: // a few random bytes anywhere in the file
                for _ in 0..<Int.random(in: 1...4, using: &rng) { copy[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            case 1: // 0xFFFFFFFF words ("none", and the largest index) in the records, nodes and formats
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let s = layout.sections[[.records, .nodes, .formats].randomElement(using: &rng)!]!
                    let w = s.lowerBound + 4 * Int.random(in: 0..<(s.count / 4), using: &rng)
                    Self.put32(&copy, w, 0xFFFF_FFFF)
                }
            case 2: // small plausible numbers (node kinds, counts, indices) in the word sections
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let s = layout.sections[Self.wordSections.randomElement(using: &rng)!]!
                    let w = s.lowerBound + 4 * Int.random(in: 0..<(s.count / 4), using: &rng)
                    let v: UInt32 = Bool.random(using: &rng) ? UInt32.random(in: 0...70, using: &rng) : UInt32.random(in: 0...UInt32(s.count), using: &rng)
                    Self.put32(&copy, w, v)
                }
            case 3: // words moved within their section: references to real but wrong places
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let s = layout.sections[Self.wordSections.randomElement(using: &rng)!]!
                    let from = s.lowerBound + 4 * Int.random(in: 0..<(s.count / 4), using: &rng)
                    let to = s.lowerBound + 4 * Int.random(in: 0..<(s.count / 4), using: &rng)
                    copy.replaceSubrange(to..<(to + 4), with: b[from..<(from + 4)])
                }
            default: // the string pool: lost terminators, bad UTF-8, broken names and format text
                let s = layout.sections[.strings]!
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    copy[Int.random(in: s, using: &rng)] = [0, 0x25, 0xFF, 0xC3, 0x40, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)!
                }
            }
            Self.check(copy, disk: i % 25 == 0 ? dir : nil, into: &t)
        }
        print("random mutations, chunk \(chunk): \(t)")
        #expect(t.mutations == 500)
        #expect(t.rejectedAtOpen + t.answeredEverything + t.threwSometimes == t.mutations)
        #expect(t.answeredEverything > 0)
        #expect(t.threwSometimes > 0)
        #expect(t.rejectedAtOpen > 0)
        #expect(t.payloadCaught == t.payloadChanged)
        #expect(t.payloadChanged > 400)
        #expect(t.slowest < .seconds(5))
    }

    /// A hostile file whose header checksum is right: section table entries, counts and header
    /// fields rewritten, then the checksum recomputed.
    @Test func resealedHeaderMutationsNeverCrash() throws {
        let b = Self.bytes
        let layout = Self.layout
        var rng = SeededGenerator(seed: 0xBADC0DE)
        var t = Tally()
        let interesting: [UInt32] = [0, 1, 3, 4, 12, 24, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFF0, 0xFFFF_FFFF,
                                     UInt32(b.count), UInt32(b.count - 4), UInt32(layout.tableEnd), 32, 33]
        for i in 0..<400 {
            var copy = b
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let word = Int.random(in: 0..<(layout.tableEnd / 4), using: &rng) * 4
                guard word != TableLayout.Header.headerCRC else { continue }
                let v = i % 3 == 0 ? UInt32.random(in: 0...UInt32.max, using: &rng) : interesting.randomElement(using: &rng)!
                Self.put32(&copy, word, v)
            }
            Self.reseal(&copy)
            Self.check(copy, disk: nil, into: &t)
        }
        print("resealed header mutations: \(t)")
        #expect(t.rejectedAtOpen > 0)
        #expect(t.answeredEverything + t.threwSometimes > 0)
        #expect(t.slowest < .seconds(5))
    }
}
