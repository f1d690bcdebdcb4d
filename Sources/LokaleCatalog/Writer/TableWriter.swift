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
    private var nodes: [UInt32] = []
    private var formats: [UInt32] = []

    public init() {}

    /// The compiled bytes of `bundle`.
    public static func compile(_ bundle: CatalogBundle, limits: CompileLimits = CompileLimits()) throws(CatalogError) -> (bytes: [UInt8], statistics: Statistics) {
        var w = TableWriter()
        return try w.build(bundle, limits: limits)
    }

    /// Compiles and writes atomically: a temporary file in the same folder, then a rename, so that
    /// readers see the old table or the new one, never a half-written file.
    @discardableResult
    public static func write(_ bundle: CatalogBundle, to path: String) throws(CatalogError) -> Statistics {
        let (bytes, stats) = try compile(bundle)
        try AtomicFile.write(bytes, to: path)
        return stats
    }

    mutating func string(_ s: String) -> (UInt32, UInt32) {
        if let o = interned[s] { return (o, UInt32(s.utf8.count)) }
        let o = UInt32(truncatingIfNeeded: pool.count) // a pool past 4 GiB fails the final size check
        pool.append(contentsOf: s.utf8)
        pool.append(0)
        interned[s] = o
        return (o, UInt32(s.utf8.count))
    }

    /// Precompiled segments of `text`, or `none` when it has no '%' and is shown as is.
    mutating func format(_ text: String) -> UInt32 {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return TableLayout.none }
        let parsed = FormatParser.parse(text)
        let index = UInt32(truncatingIfNeeded: formats.count)
        formats.append(UInt32(parsed.segments.count))
        for s in parsed.segments {
            formats += [s.kind.code, UInt32(s.start), UInt32(s.length), UInt32(s.argument), s.flags,
                        s.width.encoded, s.precision.encoded, UInt32(s.conversion) | UInt32(s.lengthModifier.rawValue) << 8]
        }
        return index
    }

    /// `literal`: the texts are plain text, shown as they are (`FormatCheck.isPlain`).
    mutating func node(_ v: Variation, literal: Bool = false) -> UInt32 {
        switch v {
        case .text(let s):
            let (o, l) = string(s)
            let f = literal ? TableLayout.none : format(s)
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += [TableLayout.NodeKind.text.rawValue, o, l, f]
            return at
        case .plural(let argument, let ordinal, let cases):
            let children = PluralCategory.allCases.map { c in cases[c].map { node($0, literal: literal) } ?? TableLayout.none }
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += [TableLayout.NodeKind.plural.rawValue, UInt32(argument), ordinal ? TableLayout.PluralFlag.ordinal : 0] + children
            return at
        case .device(let cases):
            let children = DeviceClass.allCases.map { c in cases[c].map { node($0, literal: literal) } ?? TableLayout.none }
            let at = UInt32(truncatingIfNeeded: nodes.count)
            nodes += [TableLayout.NodeKind.device.rawValue] + children
            return at
        }
    }

    /// A translation the compiler will not let the runtime format: its reason, then the
    /// development localization's message in its place.
    mutating func replacement(_ reason: String, _ m: CatalogMessage) -> UInt32 {
        var inner = node(m)
        if inner == TableLayout.none { inner = node(m.variation) }
        let (ro, rl) = string(reason)
        let at = UInt32(truncatingIfNeeded: nodes.count)
        nodes += [TableLayout.NodeKind.replaced.rawValue, ro, rl, inner]
        return at
    }

    mutating func node(_ m: CatalogMessage, literal: Bool = false) -> UInt32 {
        if m.substitutions.isEmpty {
            if case .text(let s) = m.variation, literal || !s.utf8.contains(UInt8(ascii: "%")) { return TableLayout.none }
            return node(m.variation, literal: literal)
        }
        let body = node(m.variation)
        var words: [UInt32] = [TableLayout.NodeKind.message.rawValue, body, UInt32(m.substitutions.count)]
        for s in m.substitutions {
            let (no, nl) = string(s.name)
            let (so, sl) = string(s.formatSpecifier)
            words += [no, nl, UInt32(s.argument), so, sl, node(s.variation)]
        }
        let at = UInt32(truncatingIfNeeded: nodes.count)
        nodes += words
        return at
    }

    mutating func build(_ bundle: CatalogBundle, limits: CompileLimits) throws(CatalogError) -> (bytes: [UInt8], statistics: Statistics) {
        let development = bundle.developmentLocalization ?? "en"
        var localizations = bundle.localizations
        if !localizations.contains(development) { localizations.append(development); localizations.sort() }
        let tableNames = bundle.tables.keys.sorted()
        // Within these limits every offset below fits its 32-bit field.
        try limits.check(bundle, localizations: localizations, tables: tableNames)

        var locRecords: [UInt32] = []
        for l in localizations {
            let (o, n) = string(l)
            locRecords += [o, n, l == "Base" ? TableLayout.LocalizationFlag.base : 0]
        }
        var tableRecords: [UInt32] = []
        for t in tableNames {
            let (o, n) = string(t)
            tableRecords += [o, n]
        }
        var instances: [UInt32] = [], records: [UInt8] = [], slots: [UInt64] = []
        var stats = Statistics(localizations: localizations.count, tables: tableNames.count, tableNames: tableNames)
        stats.warnings = bundle.warnings
        // The lines of String Catalog entries, found as `lokale check` finds them.
        var lines = SourceLines()
        for (li, l) in localizations.enumerated() {
            for (ti, t) in tableNames.enumerated() {
                guard let messages = bundle.tables[t]!.messages[l] else { continue }
                let keys = messages.keys.sorted()
                let recordStart = records.count
                // Load factor at most ¾: a hit probes 2.5 slots on average, a miss 8.5 (one or
                // two cache lines of 8-byte slots).
                let slotCount = keys.count + keys.count / 3 + 1
                var table = [UInt64](repeating: 0, count: slotCount)
                let catalog = bundle.tables[t]!
                let source = l == development ? nil : catalog.messages[development]
                for k in keys {
                    var m = messages[k]!
                    var reason: String? = nil
                    // A message whose development text takes no arguments is plain text everywhere.
                    let developmentMessage = l == development ? m : catalog.messages[development]?[k]
                    let plain = developmentMessage.map { FormatCheck.isPlain(source: $0, key: k) } == true && FormatCheck.needsNoArguments(m)
                    let checked = (catalog.info[k]?.checksFormat ?? true) && !plain
                    let parsed = FormatCheck.parsed(m)
                    let own = parsed.problems + parsed.gaps.map { "argument \($0) is never used although a later one is" }
                    // The message's own file and line (a bundle folder has one file per localization).
                    var at = catalog.location(of: k, localization: l)
                    func locate() { if at.line == nil { at.line = lines.line(file: at.file, key: k, localization: l) } }
                    for p in own where checked && (l == development || source?[k] == nil) {
                        locate()
                        stats.warnings.append(CatalogWarning(file: at.file, line: at.line, table: t, localization: l, key: k, message: p))
                    }
                    if checked, let s = source?[k] {
                        let problems = FormatCheck.problems(source: s, translation: m, key: k)
                        if !problems.isEmpty {
                            locate()
                            reason = problems.joined(separator: "; ")
                            for p in problems {
                                stats.warnings.append(CatalogWarning(file: at.file, line: at.line, table: t, localization: l, key: k,
                                                                     message: p + " (the development localization's text is used instead)"))
                            }
                            m = s
                            stats.replaced += 1
                        }
                    }
                    let h = k.withBytes { keyHash($0) }
                    let reference = UInt64(records.count / 4 + 1)
                    appendRecord(&records, key: k, value: m.representativeText,
                                 node: reason.map { replacement($0, m) } ?? node(m, literal: plain))
                    var s = Int((UInt64(h) * UInt64(slotCount)) >> 32)
                    while table[s] != 0 { s = s + 1 == slotCount ? 0 : s + 1 }
                    table[s] = UInt64(h) | reference << 32
                }
                instances += [UInt32(li), UInt32(ti), UInt32(keys.count), UInt32(truncatingIfNeeded: recordStart),
                              UInt32(slots.count), UInt32(slotCount)]
                slots += table
                stats.messages += keys.count
            }
        }
        let (io, il) = string(bundle.identifier ?? "")
        let devIndex = UInt32(localizations.firstIndex(of: development)!)
        let bundleRecord: [UInt32] = [io, il, devIndex, bundle.allowsMixedLocalizations ? TableLayout.BundleFlag.allowMixedLocalizations : 0, 0, 0, 0, 0]

        let sections: [(TableLayout.Section, [UInt8])] = [
            (.bundle, bytes(bundleRecord)),
            (.localizations, bytes(locRecords)),
            (.tables, bytes(tableRecords)),
            (.instances, bytes(instances)),
            (.records, records),
            (.slots, bytes(slots)),
            (.nodes, bytes(nodes)),
            (.formats, bytes(formats)),
            (.strings, pool),
        ]
        var out = [UInt8](repeating: 0, count: TableLayout.headerSize + sections.count * TableLayout.sectionEntrySize)
        var directory: [UInt32] = []
        for (section, data) in sections {
            while out.count % 4 != 0 { out.append(0) }
            guard data.count <= Limits.tableBytes - out.count else {
                throw CatalogError(file: "(bundle)", "compiled table would exceed 4 GiB")
            }
            directory += [section.rawValue, 0, UInt32(out.count), UInt32(data.count)]
            out += data
        }
        typealias H = TableLayout.Header
        out.replaceSubrange(0..<8, with: TableLayout.magic)
        put16(&out, H.major, TableLayout.formatMajor)
        put16(&out, H.minor, TableLayout.formatMinor)
        put32(&out, H.byteOrder, TableLayout.byteOrderMark)
        put32(&out, H.headerSize, UInt32(TableLayout.headerSize))
        put32(&out, H.sectionCount, UInt32(sections.count))
        put32(&out, H.fileSize, UInt32(out.count))
        for (i, w) in directory.enumerated() { put32(&out, TableLayout.headerSize + i * 4, w) }
        let payloadStart = TableLayout.headerSize + sections.count * TableLayout.sectionEntrySize
        put32(&out, H.payloadCRC, out.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[payloadStart...])) })
        put32(&out, H.headerCRC, out.withUnsafeBytes { TableLayout.headerChecksum(UnsafeRawBufferPointer(rebasing: $0[0..<payloadStart])) })
        stats.bytes = out.count
        return (out, stats)
    }

    /// A message record (docs/FORMAT.md): key length (with the has-node bit), value length, the
    /// node when there is one, then key, NUL, value, NUL, padded to four bytes.
    private func appendRecord(_ out: inout [UInt8], key: String, value: String, node: UInt32) {
        var first = UInt32(key.utf8.count)
        if node != TableLayout.none { first |= TableLayout.Record.hasNode }
        for w in [first, UInt32(value.utf8.count)] + (node == TableLayout.none ? [] : [node]) {
            withUnsafeBytes(of: w.littleEndian) { out += $0 }
        }
        out += key.utf8
        out.append(0)
        out += value.utf8
        out.append(0)
        while out.count % 4 != 0 { out.append(0) }
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
    private func put32(_ out: inout [UInt8], _ at: Int, _ v: UInt32) {
        withUnsafeBytes(of: v.littleEndian) { out.replaceSubrange(at..<(at + 4), with: $0) }
    }
    private func put16(_ out: inout [UInt8], _ at: Int, _ v: UInt16) {
        withUnsafeBytes(of: v.littleEndian) { out.replaceSubrange(at..<(at + 2), with: $0) }
    }
}

extension String {
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        var copy = self
        return copy.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }
}
