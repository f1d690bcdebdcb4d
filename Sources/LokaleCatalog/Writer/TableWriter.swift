import FoundationEssentials
import LokaleCore

/// Writes a `CatalogBundle` as a compiled table (docs/FORMAT.md). The layout constants come from
/// `LokaleCore.TableLayout`; the reader there is the only other party that knows them.
///
/// Sizes past 32 bits are truncated where they are recorded: such a table exceeds 4 GiB and is
/// refused by the size check before it is written (`CompileLimits` keeps real catalogs far below).
public struct TableWriter {
    public struct Statistics: Sendable {
        public var localizations = 0, tables = 0, messages = 0, bytes = 0
        /// The names of the tables written, sorted.
        public var tableNames: [String] = []
        /// Problems found while compiling: malformed specifiers, translations whose specifiers do
        /// not match the development localization's (those are replaced by the development text).
        public var warnings: [CatalogWarning] = []
        /// Translations replaced by the development localization's text.
        public var replaced = 0
    }

    private var pool: [UInt8] = [0] // offset 0 is the empty string
    private var interned: [String: UInt32] = ["": 0]
    var nodes: [UInt32] = []
    private var formats: [UInt32] = []
    /// The rule node written for each plural expression: one per expression, whatever uses it.
    private var rules: [String: UInt32] = [:]
    /// The rule node written for each localization's plural rules (LOCD), shared alike.
    var localeRules: [LocaleData.Rules: UInt32] = [:]
    /// Whether the message being written was read from ICU MessageFormat (its key's
    /// `messageSyntax`): its MF2 nodes then say so (LK_MF2_FLAG_ICU), to be formatted as ICU does.
    private var writingICU = false

    public init() {}

    /// The compiled bytes of `bundle`.
    public static func compile(_ bundle: CatalogBundle, limits: CompileLimits = CompileLimits()) throws(CatalogError) -> (bytes: [UInt8], statistics: Statistics) {
        let (parts, stats) = try compileParts(bundle, limits: limits)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(stats.bytes)
        for p in parts { bytes += p }
        return (bytes, stats)
    }

    /// The compiled table as the pieces of its file, in order (`AtomicFile.write(parts:to:)`):
    /// a large table is never copied into one array. Given a bundle no one else holds, its
    /// messages are freed as soon as they are sorted: a large catalog is never in memory twice.
    public static func compileParts(_ bundle: consuming CatalogBundle, limits: CompileLimits = CompileLimits()) throws(CatalogError) -> (parts: [[UInt8]], statistics: Statistics) {
        var w = TableWriter()
        return try w.build(bundle, limits: limits)
    }

    /// Compiles and writes atomically: a temporary file in the same folder, then a rename, so that
    /// readers see the old table or the new one, never a half-written file.
    @discardableResult
    public static func write(_ bundle: CatalogBundle, to path: String) throws(CatalogError) -> Statistics {
        let (parts, stats) = try compileParts(bundle)
        try AtomicFile.write(parts: parts, to: path)
        return stats
    }

    mutating func string(_ s: String) -> (UInt32, UInt32) {
        // Strings that are canonically equivalent are equal in Swift but not in bytes ("Ǻ" as one
        // code point or three): only the same bytes share a place in the pool.
        if let o = interned[s], pool.count - Int(o) > s.utf8.count, pool[Int(o) + s.utf8.count] == 0,
           pool[Int(o) ..< Int(o) + s.utf8.count].elementsEqual(s.utf8) {
            return (o, UInt32(s.utf8.count))
        }
        let o = UInt32(truncatingIfNeeded: pool.count) // a pool past 4 GiB fails the final size check
        pool.append(contentsOf: s.utf8)
        pool.append(0)
        if interned[s] == nil { interned[s] = o }
        return (o, UInt32(s.utf8.count))
    }

    /// Precompiled segments of `text` in its key's syntax, or `none` when it has no '%' and is
    /// shown as is.
    mutating func format(_ text: String, syntax: FormatSyntax) -> UInt32 {
        guard text.hasPercent else { return TableLayout.none }
        let parsed = FormatParser.parse(text, syntax: syntax)
        let index = UInt32(truncatingIfNeeded: formats.count)
        formats.append(UInt32(parsed.segments.count))
        for s in parsed.segments { formats += s.words }
        return index
    }

    /// `literal`: the texts are plain text, shown as they are (`FormatCheck.isPlain`).
    mutating func node(_ v: Variation, literal: Bool = false, syntax: FormatSyntax = .apple) -> UInt32 {
        switch v {
        case .text(let s):
            let (o, l) = string(s)
            let f = literal ? TableLayout.none : format(s, syntax: syntax)
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += NodeWords.text(string: (o, l), format: f).words
            return at
        case .plural(let argument, let ordinal, let cases):
            let children = PluralCategory.allCases.map { c in cases[c].map { node($0, literal: literal, syntax: syntax) } ?? TableLayout.none }
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += NodeWords.plural(argument: argument, ordinal: ordinal, children: children).words
            return at
        case .device(let cases):
            let children = DeviceClass.allCases.map { c in cases[c].map { node($0, literal: literal, syntax: syntax) } ?? TableLayout.none }
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += NodeWords.device(children: children).words
            return at
        case .messageFormat(_, let message):
            return node(messageFormat: message, icu: writingICU)
        case .forms(let argument, let rule, let forms):
            let children = forms.map { node($0, literal: literal, syntax: syntax) }
            let program = rules[rule.expression.text] ?? {
                let at = UInt32(truncatingIfNeeded: nodes.count)
                nodes += RuleProgram(code: rule.expression.code).node().words
                rules[rule.expression.text] = at
                return at
            }()
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += NodeWords.forms(argument: argument, rule: program, children: children).words
            return at
        }
    }

    /// A translation the compiler will not let the runtime format: its reason, then the
    /// development localization's message in its place.
    mutating func replacement(_ reason: String, _ m: CatalogMessage, syntax: FormatSyntax = .apple) -> UInt32 {
        var inner = node(m, syntax: syntax)
        if inner == TableLayout.none { inner = node(m.variation, syntax: syntax) }
        let (ro, rl) = string(reason)
        let at = UInt32(truncatingIfNeeded: nodes.count)
        nodes += NodeWords.replaced(reason: (ro, rl), node: inner).words
        return at
    }

    mutating func node(_ m: CatalogMessage, literal: Bool = false, syntax: FormatSyntax = .apple) -> UInt32 {
        if m.substitutions.isEmpty {
            if case .text(let s) = m.variation, literal || !s.hasPercent { return TableLayout.none }
            return node(m.variation, literal: literal, syntax: syntax)
        }
        let body = node(m.variation, syntax: syntax)
        var substitutions: [NodeWords.Substitution] = []
        for s in m.substitutions {
            let name = string(s.name), specifier = string(s.formatSpecifier)
            substitutions.append(.init(name: name, argument: s.argument, specifier: specifier, node: node(s.variation, syntax: syntax)))
        }
        let at = UInt32(truncatingIfNeeded: nodes.count)
        nodes += NodeWords.message(body: body, substitutions: substitutions).words
        return at
    }

    mutating func build(_ bundle: consuming CatalogBundle, limits: CompileLimits) throws(CatalogError) -> (parts: [[UInt8]], statistics: Statistics) {
        let development = bundle.developmentLocalization ?? "en"
        var localizations = bundle.localizations
        if !localizations.contains(development) { localizations.append(development); localizations.sort() }
        let tableNames = bundle.tables.keys.sorted()
        // Within the limits every offset below fits its 32-bit field (the messages are checked as
        // they compile, below, before anything is written).
        try limits.checkCounts(localizations: localizations.count, tables: tableNames.count)

        var locRecords: [UInt32] = []
        for l in localizations {
            let (o, n) = string(l)
            typealias L = TableLayout.LocalizationRecord
            locRecords += TableLayout.record(size: TableLayout.Section.localizations.recordSize,
                                             [L.name: o, L.name + 4: n, L.flags: l == "Base" ? L.base : 0])
        }
        var tableRecords: [UInt32] = []
        for t in tableNames {
            let (o, n) = string(t)
            tableRecords += TableLayout.record(size: TableLayout.Section.tables.recordSize,
                                               [TableLayout.TableRecord.name: o, TableLayout.TableRecord.name + 4: n])
        }
        var stats = Statistics(localizations: localizations.count, tables: tableNames.count, tableNames: tableNames)
        stats.warnings = bundle.warnings

        // Each (localization, table) with messages, sorted by key, then cut into runs compiled on
        // every core (`InstanceRecords`); the nodes, lines and slots after, in order. The messages
        // leave the bundle: once sorted, a bundle held by no one else (the CLI's) is freed of them.
        var taken: [[String: CatalogMessage]] = []
        var found: [(li: Int, ti: Int, context: InstanceRecords.Context)] = []
        for (li, l) in localizations.enumerated() {
            for (ti, t) in tableNames.enumerated() {
                guard let messages = bundle.tables[t]!.messages.removeValue(forKey: l) else { continue }
                taken.append(messages)
                found.append((li, ti, InstanceRecords.Context(bundle.tables[t]!, table: t, localization: l, isDevelopment: l == development,
                                                                  limits: limits)))
            }
        }
        let instances = found
        // Each instance's development instance (same table), whose messages are the sources.
        let sourceOf = instances.map { i in
            instances.firstIndex { $0.ti == i.ti && $0.context.isDevelopment && !i.context.isDevelopment }
        }
        let handed = Parallel.Handover(taken)
        taken = []
        var sorted = Parallel.map(instances.count) { i in SortedMessages(handed.take(i)) }
        let runs = sorted.indices.flatMap { i in
            stride(from: 0, to: sorted[i].count, by: Self.runLength).map { (instance: i, range: $0 ..< min(sorted[i].count, $0 + Self.runLength)) }
        }
        var compiled = Parallel.map(runs.count) { [sorted] r in
            let i = runs[r].instance
            return InstanceRecords(sorted[i], runs[r].range, sources: sourceOf[i].map { sorted[$0] }, instances[i].context)
        }
        let counts = sorted.map(\.count)
        // Freed on another core while this one finishes the table (a message at a time).
        Parallel.release(&sorted)
        // The first message past a limit, by table, then localization, then key.
        let byTable = instances.indices.sorted { (instances[$0].ti, instances[$0].li) < (instances[$1].ti, instances[$1].li) }
        for i in byTable {
            for r in runs.indices where runs[r].instance == i {
                guard let (k, words) = compiled[r].problem else { continue }
                let c = instances[i].context
                throw CompileLimits.error(words, file: c.firstSource ?? c.table, table: c.table, localization: c.localization, key: k)
            }
        }
        try limits.checkTotals(instances: instances.count, messages: counts.reduce(0, +), strings: compiled.reduce(0) { $0 + $1.strings })

        var instanceWords: [UInt32] = [], slots: [UInt64] = []
        var lines = SourceLines()
        var recordsSize = 0, r = 0
        for (i, count) in counts.enumerated() {
            let recordStart = recordsSize
            // Load factor at most ¾: a hit probes 2.5 slots on average, a miss 8.5 (one or
            // two cache lines of 8-byte slots).
            let slotCount = count + count / 3 + 1
            let slotBase = slots.count
            slots.append(contentsOf: repeatElement(0, count: slotCount))
            while r < runs.count, runs[r].instance == i {
                let c = instances[i].context
                for p in compiled[r].pending {
                    writingICU = p.icu
                    let n = p.reason.map { replacement($0, p.message, syntax: p.syntax) } ?? node(p.message, literal: p.literal, syntax: p.syntax)
                    writingICU = false
                    withUnsafeBytes(of: n.littleEndian) { compiled[r].records.replaceSubrange(p.offset ..< (p.offset + 4), with: $0) }
                }
                for f in compiled[r].findings {
                    var w = f.warning
                    if f.needsLine { w.line = lines.line(file: w.file, key: w.key, localization: c.localization) }
                    if let offset = f.messageOffset, let place = lines.place(file: w.file, key: w.key, messageOffset: offset) {
                        (w.line, w.column) = (place.line, place.column)
                    }
                    stats.warnings.append(w)
                }
                let words = UInt64(truncatingIfNeeded: recordsSize / 4)
                slots.withUnsafeMutableBufferPointer { table in
                    for s in compiled[r].slots {
                        var at = slotBase + Int(((s & 0xFFFF_FFFF) * UInt64(slotCount)) >> 32)
                        while table[at] != 0 { at = at + 1 == slotBase + slotCount ? slotBase : at + 1 }
                        table[at] = (s & 0xFFFF_FFFF) | ((s >> 32) &+ words) << 32
                    }
                }
                recordsSize += compiled[r].records.count
                stats.replaced += compiled[r].replaced
                r += 1
            }
            typealias I = TableLayout.InstanceRecord
            instanceWords += TableLayout.record(size: TableLayout.Section.instances.recordSize, [
                I.localization: UInt32(instances[i].li), I.table: UInt32(instances[i].ti), I.keyCount: UInt32(count),
                I.recordStart: UInt32(truncatingIfNeeded: recordStart), I.slotStart: UInt32(truncatingIfNeeded: slotBase),
                I.slotCount: UInt32(slotCount)])
            stats.messages += count
        }
        let localeRecords = localeRecords(localizations)
        let (io, il) = string(bundle.identifier ?? "")
        let devIndex = UInt32(localizations.firstIndex(of: development)!)
        typealias B = TableLayout.BundleRecord
        let bundleRecord = TableLayout.record(size: TableLayout.Section.bundle.recordSize, [
            B.identifier: io, B.identifier + 4: il, B.development: devIndex,
            B.flags: bundle.allowsMixedLocalizations ? B.allowsMixedLocalizations : 0])

        let sections: [(TableLayout.Section, [[UInt8]])] = [
            (.bundle, [bytes(bundleRecord)]),
            (.localizations, [bytes(locRecords)]),
            (.tables, [bytes(tableRecords)]),
            (.instances, [bytes(instanceWords)]),
            (.records, compiled.map(\.records)),
            (.slots, [bytes(slots)]),
            (.nodes, [bytes(nodes)]),
            (.formats, [bytes(formats)]),
            (.localeData, [bytes(localeRecords)]),
            (.strings, [pool]),
        ]
        compiled = []
        return (try Self.assemble(sections, statistics: &stats), stats)
    }

    /// Messages per run of `InstanceRecords`: enough to be worth a thread, few enough that a
    /// large (localization, table) keeps both cores busy.
    static let runLength = 16_384

    /// The file as its pieces: the header and section directory, then each section (padded to
    /// four bytes), checksummed as one.
    static func assemble(_ sections: [(TableLayout.Section, [[UInt8]])], statistics: inout Statistics) throws(CatalogError) -> [[UInt8]] {
        let payloadStart = TableLayout.headerSize + sections.count * TableLayout.sectionEntrySize
        var header = [UInt8](repeating: 0, count: payloadStart)
        var parts: [[UInt8]] = [[]]
        var directory: [UInt32] = []
        var size = payloadStart
        var crc: UInt32 = 0
        for (section, data) in sections {
            if size % 4 != 0 {
                let pad = [UInt8](repeating: 0, count: 4 - size % 4)
                crc = pad.withUnsafeBytes { CRC32.update(crc, $0) }
                parts.append(pad)
                size += pad.count
            }
            let count = data.reduce(0) { $0 + $1.count }
            guard count <= Limits.tableBytes - size else {
                throw CatalogError(file: "(bundle)", "compiled table would exceed 4 GiB")
            }
            typealias E = TableLayout.SectionEntry
            directory += TableLayout.record(size: TableLayout.sectionEntrySize, [E.tag: section.rawValue, E.offset: UInt32(size), E.bytes: UInt32(count)])
            for d in data where !d.isEmpty {
                crc = d.withUnsafeBytes { CRC32.update(crc, $0) }
                parts.append(d)
            }
            size += count
        }
        typealias H = TableLayout.Header
        header.replaceSubrange(H.magic..<(H.magic + 8), with: TableLayout.magic)
        put16(&header, H.major, TableLayout.formatMajor)
        put16(&header, H.minor, TableLayout.formatMinor)
        put32(&header, H.byteOrder, TableLayout.byteOrderMark)
        put32(&header, H.headerSize, UInt32(TableLayout.headerSize))
        put32(&header, H.sectionCount, UInt32(sections.count))
        put32(&header, H.fileSize, UInt32(size))
        for (i, w) in directory.enumerated() { put32(&header, TableLayout.headerSize + i * 4, w) }
        put32(&header, H.payloadCRC, crc)
        put32(&header, H.headerCRC, header.withUnsafeBytes { TableLayout.headerChecksum($0) })
        parts[0] = header
        statistics.bytes = size
        return parts
    }

    private func bytes(_ words: [UInt64]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(words.count * 8)
        for w in words { withUnsafeBytes(of: w.littleEndian) { out += $0 } }
        return out
    }

    private func bytes(_ words: [UInt32]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(words.count * 4)
        for w in words { withUnsafeBytes(of: w.littleEndian) { out += $0 } }
        return out
    }
    private static func put32(_ out: inout [UInt8], _ at: Int, _ v: UInt32) {
        withUnsafeBytes(of: v.littleEndian) { out.replaceSubrange(at..<(at + 4), with: $0) }
    }
    private static func put16(_ out: inout [UInt8], _ at: Int, _ v: UInt16) {
        withUnsafeBytes(of: v.littleEndian) { out.replaceSubrange(at..<(at + 2), with: $0) }
    }
}

extension String {
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var copy = self
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
