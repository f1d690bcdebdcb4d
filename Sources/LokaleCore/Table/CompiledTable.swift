#if canImport(Glibc)
import Glibc
#endif
internal import CTable

/// Reader of a compiled `.lokale` table (format in docs/FORMAT.md).
///
/// Opening validates the header, its checksum and every section's bounds (CTable's `lk_table_read`,
/// the one validation): work proportional to the number of localizations and tables, never to the
/// number of messages. Everything reached later
/// (records, strings, nodes) is bounds-checked when it is read, so a corrupt file produces
/// `LokaleError.corrupt`, never an out-of-bounds read.
public final class CompiledTable: @unchecked Sendable {
    public let file: MappedFile
    public let formatVersion: (major: UInt16, minor: UInt16)
    public let identifier: String
    public let developmentLocalization: Int
    public let allowsMixedLocalizations: Bool
    public let localizations: [String]
    public let isBaseLocalization: [Bool]
    public let tables: [String]
    /// Table names inside the mapping, compared as bytes on every lookup.
    let tableNameBytes: [UnsafeRawBufferPointer]
    /// The index of "Localizable", the table a lookup without a table name reads.
    public let defaultTableIndex: Int?
    /// NUL-terminated names inside the mapping, for callers that lend them out (the C ABI).
    public let localizationNamePointers: [UnsafePointer<CChar>]
    public let identifierPointer: UnsafePointer<CChar>

    /// The sections as `lk_table_read` found them (plans are filled from it: `lk_plan_fill`).
    let view: lk_table_view
    struct Range { var offset: Int; var count: Int }
    let strings: Range, records: Range, slotsSection: Range, nodes: Range, formats: Range
    /// The LOCD section, a record per localization; nil in tables written before it existed.
    let localeDataSection: Range?
    let instances: [Instance]
    /// The validated instance records, four words each (keyCount, recordStart, slotStart,
    /// slotCount), in private memory read on the lookup path: a writer that modifies a mapped
    /// file in place cannot change bounds that were checked at open.
    private let instanceWords: UnsafeMutablePointer<UInt32>
    private let instanceTotal: Int
    /// instances index for (localization * tables.count + table), or -1.
    let instanceOf: [Int32]

    struct Instance { var localization: Int; var table: Int; var keyCount: Int; var recordStart: Int; var slotStart: Int; var slotCount: Int }

    public convenience init(path: String, verifyPayload: Bool = false, loading: MappedFile.Loading = .automatic) throws(LokaleError) {
        let file = try MappedFile(path: path, loading: loading)
        do { try self.init(file: file, verifyPayload: verifyPayload) }
        catch { throw LokaleError(error.code, "\(path): \(error.message)") }
    }

    public init(file: MappedFile, verifyPayload: Bool = false) throws(LokaleError) {
        self.file = file
        let b = file.bytes
        // The one validation of a table (CTable's lk_table_read): every bound below was checked.
        var view = lk_table_view()
        var why = [CChar](repeating: 0, count: 256)
        let read = lk_table_read(file.base.assumingMemoryBound(to: UInt8.self), UInt64(b.count), verifyPayload ? 1 : 0, &view, &why, why.count)
        guard read == LK_READ_OK else {
            let message = why.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw LokaleError(read == LK_READ_UNSUPPORTED ? .unsupportedVersion : .corrupt, message)
        }
        func u32(_ o: Int) -> UInt32 { b.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian }
        func range(_ s: lk_section_span) -> Range { Range(offset: Int(s.offset), count: Int(s.count)) }
        self.view = view
        formatVersion = (view.major, view.minor)
        localeDataSection = view.has_locale_data != 0 ? range(view.locale_data) : nil
        strings = range(view.strings); records = range(view.records); slotsSection = range(view.slots)
        nodes = range(view.nodes); formats = range(view.formats)
        let bundle = range(view.bundle), locs = range(view.localizations), tbls = range(view.tables), insts = range(view.instances)

        let pool = strings
        func string(_ off: UInt32, _ len: UInt32) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: b[(pool.offset + Int(off))..<(pool.offset + Int(off) + Int(len))]), as: UTF8.self)
        }
        func pointer(_ off: UInt32) -> UnsafePointer<CChar> {
            (file.base + pool.offset + Int(off)).assumingMemoryBound(to: CChar.self)
        }
        typealias B = TableLayout.BundleRecord
        typealias L = TableLayout.LocalizationRecord
        typealias T = TableLayout.TableRecord
        typealias I = TableLayout.InstanceRecord
        let br = bundle.offset
        identifier = string(u32(br + B.identifier), u32(br + B.identifier + 4))
        identifierPointer = pointer(u32(br + B.identifier))
        developmentLocalization = Int(u32(br + B.development))
        allowsMixedLocalizations = u32(br + B.flags) & B.allowsMixedLocalizations != 0
        var names: [String] = [], base: [Bool] = [], pointers: [UnsafePointer<CChar>] = []
        for i in 0..<locs.count {
            let r = locs.offset + i * TableLayout.Section.localizations.recordSize
            names.append(string(u32(r + L.name), u32(r + L.name + 4)))
            pointers.append(pointer(u32(r + L.name)))
            base.append(u32(r + L.flags) & L.base != 0)
        }
        localizations = names
        localizationNamePointers = pointers
        isBaseLocalization = base
        var tableNames: [String] = [], tableBytes: [UnsafeRawBufferPointer] = []
        for i in 0..<tbls.count {
            let r = tbls.offset + i * TableLayout.Section.tables.recordSize
            tableNames.append(string(u32(r + T.name), u32(r + T.name + 4)))
            tableBytes.append(UnsafeRawBufferPointer(start: pointer(u32(r + T.name)), count: Int(u32(r + T.name + 4))))
        }
        tables = tableNames
        tableNameBytes = tableBytes
        let defaultTable = lk_table_default(file.base.assumingMemoryBound(to: UInt8.self), &view)
        defaultTableIndex = defaultTable >= 0 ? Int(defaultTable) : nil
        var list: [Instance] = []
        var index = [Int32](repeating: -1, count: names.count * tableNames.count)
        for i in 0..<insts.count {
            let r = insts.offset + i * TableLayout.Section.instances.recordSize
            let inst = Instance(localization: Int(u32(r + I.localization)), table: Int(u32(r + I.table)), keyCount: Int(u32(r + I.keyCount)),
                                recordStart: Int(u32(r + I.recordStart)), slotStart: Int(u32(r + I.slotStart)),
                                slotCount: Int(u32(r + I.slotCount)))
            index[inst.localization * tableNames.count + inst.table] = Int32(i)
            list.append(inst)
        }
        instances = list
        instanceOf = index
        instanceTotal = list.count
        messageCount = list.reduce(0) { $0 + $1.keyCount }
        instanceWords = .allocate(capacity: max(list.count, 1) * 4)
        for (i, inst) in list.enumerated() {
            for (w, v) in [inst.keyCount, inst.recordStart, inst.slotStart, inst.slotCount].enumerated() {
                instanceWords[i * 4 + w] = UInt32(v)
            }
        }
    }

    deinit { instanceWords.deallocate() }

    // MARK: Access

    @inline(__always) func u32(_ o: Int) -> UInt32 {
        file.base.loadUnaligned(fromByteOffset: o, as: UInt32.self).littleEndian
    }

    public func tableIndex(_ name: UnsafeRawBufferPointer) -> Int? {
        for (i, t) in tableNameBytes.enumerated() where equalBytes(t, name) { return i }
        return nil
    }

    public func tableIndex(_ name: String) -> Int? { tables.firstIndex(of: name) }

    public func hasTable(localization: Int, table: Int) -> Bool {
        localization >= 0 && localization < localizations.count && table >= 0 && table < tables.count
            && instanceOf[localization * tables.count + table] >= 0
    }

    /// A message found in the RECS section: where its value is (checked), and its node.
    public struct Entry: Sendable {
        /// Offset of the value's bytes from the start of the file; a NUL follows them.
        public let valueStart: Int
        public let valueLength: Int
        /// The message tree, or `TableLayout.none` for text shown as is.
        public let node: UInt32
    }

    /// Finds `key` in the (localization, table) instance. Hashes once, compares bytes.
    public func find(_ key: UnsafeRawBufferPointer, localization: Int, table: Int) throws(LokaleError) -> Entry? {
        guard hasTable(localization: localization, table: table) else { return nil }
        return try find(key, instance: instanceIndex(localization: localization, table: table))
    }

    /// The instance of (localization, table); -1 when the localization lacks the table.
    public func instanceIndex(localization: Int, table: Int) -> Int {
        guard hasTable(localization: localization, table: table) else { return -1 }
        return Int(instanceOf[localization * tables.count + table])
    }

    /// Finds `key` in an instance: hashes once, reads the slot and one record (CTable's `lk_find`,
    /// the same code as the C entry point's). Instance bounds were validated at open and copied out
    /// of the file; what a corrupt payload could change is checked on each read.
    public func find(_ key: UnsafeRawBufferPointer, instance: Int) throws(LokaleError) -> Entry? {
        guard let (slots, count) = slots(instance: instance) else { return nil }
        return try find(key, slots: slots, count: count)
    }

    /// `find` among the slots of an instance (from `slots(instance:)`, directly or through a plan).
    @inline(__always)
    func find(_ key: UnsafeRawBufferPointer, slots: UnsafePointer<UInt8>, count: UInt32) throws(LokaleError) -> Entry? {
        var e = lk_entry()
        switch lk_find(slots, count, recordBase, UInt64(recordBytes), key.baseAddress, key.count, &e) {
        case Int32(LK_FOUND):
            return Entry(valueStart: records.offset + Int(e.value_offset), valueLength: Int(e.value_length), node: e.node)
        case Int32(LK_ABSENT): return nil
        case Int32(LK_BAD_SLOT): throw LokaleError(.corrupt, "hash slot points outside the records")
        case Int32(LK_BAD_RECORD): throw LokaleError(.corrupt, "message record runs past the records")
        default: throw LokaleError(.corrupt, "message value is not NUL-terminated")
        }
    }

    /// The slots of an instance (validated at open), for `lk_find` and the lookup plan.
    func slots(instance: Int) -> (UnsafePointer<UInt8>, UInt32)? {
        guard instance >= 0, instance < instanceTotal else { return nil }
        let record = instanceWords + instance &* 4
        let base = (file.base + slotsSection.offset + Int(record[2]) &* 8).assumingMemoryBound(to: UInt8.self)
        return (base, record[3])
    }

    /// The RECS section, for `lk_find` and the lookup plan.
    var recordBase: UnsafePointer<UInt8> { (file.base + records.offset).assumingMemoryBound(to: UInt8.self) }
    var recordBytes: Int { records.count &* 4 }
    /// The sections the node reader reads: base and size (bytes; words for NODE).
    var tree: lk_tree {
        lk_tree(nodes: (file.base + nodes.offset).assumingMemoryBound(to: UInt8.self), node_words: UInt64(nodes.count),
                strings: (file.base + strings.offset).assumingMemoryBound(to: UInt8.self), strings_bytes: UInt64(strings.count))
    }

    /// A NUL-terminated string of the pool, checked.
    public func bytes(_ off: UInt32, _ len: UInt32) throws(LokaleError) -> UnsafeRawBufferPointer {
        let o = Int(off), l = Int(len)
        guard o < strings.count, l < strings.count - o else { throw LokaleError(.corrupt, "string reference out of bounds") }
        let start = strings.offset + o
        guard file.base.load(fromByteOffset: start + l, as: UInt8.self) == 0 else { throw LokaleError(.corrupt, "string is not NUL-terminated") }
        return UnsafeRawBufferPointer(start: file.base + start, count: l)
    }

    /// The value of a found message (checked by `find`).
    public func value(of entry: Entry) throws(LokaleError) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: file.base + entry.valueStart, count: entry.valueLength)
    }

    /// What a plain lookup answers for a found message on `device`: its value, or, when the message
    /// varies by device, the device's variant (else `other`) as docs/FORMAT.md ("Plain lookups of
    /// variant messages") states. The rule is C's `lk_plain_variant`, which the fast path calls
    /// too, so both paths answer alike.
    public func plainValue(of entry: Entry, device: DeviceClass) throws(LokaleError) -> UnsafeRawBufferPointer {
        guard entry.node != TableLayout.none else { return try value(of: entry) }
        var text: UnsafePointer<CChar>? = nil
        var length = 0
        var tree = self.tree
        switch lk_plain_variant(&tree, entry.node, UInt32(device.rawIndex), &text, &length) {
        case 0: return try value(of: entry)
        case 1: return UnsafeRawBufferPointer(start: text, count: length)
        default: throw LokaleError(.corrupt, "bad message tree")
        }
    }

    /// The node at word `at` of the NODE section, read by the one node reader (`lokale_node.h`).
    func node(_ at: UInt32, in tree: inout lk_tree) throws(LokaleError) -> lk_node {
        var n = lk_node()
        let result = lk_node_read(&tree, at, &n)
        guard result == Int32(LK_NODE_OK) else { throw CompiledTable.treeError(result) }
        return n
    }

    static func treeError(_ result: Int32) -> LokaleError {
        switch result {
        case Int32(LK_NODE_BAD_STRING): LokaleError(.corrupt, "string reference out of bounds or not NUL-terminated")
        case Int32(LK_NODE_BAD_KIND): LokaleError(.corrupt, "bad node kind")
        case Int32(LK_NODE_TOO_MANY): LokaleError(.corrupt, "too many substitutions, forms or rule words")
        case Int32(LK_NODE_BAD_RULE): LokaleError(.corrupt, "malformed plural rule")
        default: LokaleError(.corrupt, "node reference out of bounds")
        }
    }

    /// The precompiled segments at `index` of the FMTS section, read in place as they are iterated
    /// (nothing allocated). Bounds and kinds are checked here, before any is used.
    public func segments(at index: UInt32) throws(LokaleError) -> StoredSegments {
        let i = Int(index)
        guard i < formats.count else { throw LokaleError(.corrupt, "format reference out of bounds") }
        let count = Int(u32(formats.offset + i * 4))
        guard count <= (formats.count - i - 1) / TableLayout.segmentWords else { throw LokaleError(.corrupt, "format segments out of bounds") }
        let words = file.base + formats.offset + (i + 1) * 4
        for s in 0..<count where FormatSegment.Kind(code: UInt32(littleEndian: words.loadUnaligned(
            fromByteOffset: (s * TableLayout.segmentWords + Int(LK_SEGMENT_KIND)) * 4, as: UInt32.self))) == nil {
            throw LokaleError(.corrupt, "bad format segment kind")
        }
        return StoredSegments(words: words, count: count)
    }

    /// Messages in all (localization, table) pairs.
    public let messageCount: Int
    public var instanceCount: Int { instances.count }
    public var stringPoolSize: Int { strings.count }
    public func keyCount(localization: Int, table: Int) -> Int {
        guard hasTable(localization: localization, table: table) else { return 0 }
        return instances[Int(instanceOf[localization * tables.count + table])].keyCount
    }
}

/// Format segments as the FMTS section stores them (eight words each), decoded one at a time. The
/// words stay valid as long as the table: a renderer holds the table while it iterates.
public struct StoredSegments: Sequence {
    let words: UnsafeRawPointer
    let count: Int

    public struct Iterator: IteratorProtocol {
        let words: UnsafeRawPointer
        let count: Int
        var position = 0

        public mutating func next() -> FormatSegment? {
            guard position < count else { return nil }
            let w = words + position * TableLayout.segmentWords * 4
            position += 1
            func word(_ field: UInt32) -> UInt32 { UInt32(littleEndian: w.loadUnaligned(fromByteOffset: Int(field) * 4, as: UInt32.self)) }
            var seg = FormatSegment(kind: FormatSegment.Kind(code: word(LK_SEGMENT_KIND)) ?? .literal,
                                    start: Int(word(LK_SEGMENT_START)), length: Int(word(LK_SEGMENT_LENGTH)))
            seg.argument = Int(word(LK_SEGMENT_ARGUMENT))
            seg.flags = word(LK_SEGMENT_FLAGS)
            seg.width = FormatSegment.Amount(encoded: word(LK_SEGMENT_WIDTH))
            seg.precision = FormatSegment.Amount(encoded: word(LK_SEGMENT_PRECISION))
            seg.conversion = UInt8(truncatingIfNeeded: word(LK_SEGMENT_CONVERSION))
            seg.lengthModifier = FormatSegment.LengthModifier(rawValue: UInt8(truncatingIfNeeded: word(LK_SEGMENT_CONVERSION) >> 8)) ?? .none
            return seg
        }
    }

    public func makeIterator() -> Iterator { Iterator(words: words, count: count) }
}

