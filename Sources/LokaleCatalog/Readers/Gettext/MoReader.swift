/// Reads a compiled gettext `.mo` file (either byte order) into a `GettextCatalog`. Every count,
/// offset and length is checked against the file before it is followed, and every string must end
/// with its NUL inside the file: a truncated or hostile file gets an error naming the problem. Files
/// with system-dependent strings (revision 1 with `<PRIu64>`-style segments) are checked the same way
/// and then refused: Lokale does not expand them.
struct MoReader {
    let bytes: [UInt8]
    let file: String
    let bigEndian: Bool

    static let magic: UInt32 = 0x950412de

    func error(_ m: String) -> CatalogError { CatalogError(file: file, m) }

    /// The 32-bit word at `offset`, or nil past the end.
    func word(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        let b = bytes[offset..<(offset + 4)].map(UInt32.init)
        return bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
    }

    func header(_ offset: Int, _ name: String) throws(CatalogError) -> Int {
        guard let w = word(offset) else { throw error("is truncated: the header ends before its \(name) field (offset \(offset))") }
        return Int(w)
    }

    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> GettextCatalog {
        guard bytes.count >= 28 else { throw CatalogError(file: file, "is not a .mo file: \(English.count(bytes.count, "byte")), shorter than the 28-byte header") }
        let le = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        let be = UInt32(bytes[3]) | UInt32(bytes[2]) << 8 | UInt32(bytes[1]) << 16 | UInt32(bytes[0]) << 24
        guard le == magic || be == magic else { throw CatalogError(file: file, "is not a .mo file (bad magic number)") }
        return try MoReader(bytes: bytes, file: file, bigEndian: be == magic).read()
    }

    func read() throws(CatalogError) -> GettextCatalog {
        let revision = try header(4, "revision")
        guard revision >> 16 <= 1 else { throw error("has revision \(revision >> 16).\(revision & 0xFFFF), newer than the 0.x and 1.x this reader knows") }
        let count = try header(8, "string count")
        let originals = try header(12, "original table offset")
        let translations = try header(16, "translation table offset")
        // Each table holds `count` (length, offset) pairs: 8 bytes each.
        guard count <= bytes.count / 8 else { throw error("is truncated: \(English.count(count, "string")) cannot fit in \(English.count(bytes.count, "byte"))") }
        for (name, table) in [("original", originals), ("translation", translations)] where table > bytes.count - count * 8 {
            throw error("is truncated: the \(name) string table (offset \(table), \(English.count(count, "entry", "entries"))) ends past the end of the file (\(English.count(bytes.count, "byte")))")
        }
        var catalog = GettextCatalog(file: file, source: bytes)
        for i in 0..<count {
            let id = try string(table: originals, index: i, what: "original string")
            let value = try string(table: translations, index: i, what: "translation")
            add(id: id, value: value, to: &catalog)
        }
        if revision & 0xFFFF >= 1 {
            let sysdep = try systemDependentStrings()
            if sysdep > 0 {
                throw error("has \(sysdep) system-dependent strings (revision 1 segments such as <PRIu64>), which Lokale does not expand; compile the .po instead")
            }
        }
        return catalog
    }

    /// The range of string `index` of a (length, offset) table, without its terminating NUL.
    func string(table: Int, index: Int, what: String) throws(CatalogError) -> Range<Int> {
        let length = Int(word(table + index * 8)!), offset = Int(word(table + index * 8 + 4)!)
        guard offset < bytes.count, length < bytes.count - offset else {
            throw error("is truncated: \(what) \(index) (offset \(offset), length \(length)) ends past the end of the file (\(English.count(bytes.count, "byte")))")
        }
        guard bytes[offset + length] == 0 else { throw error("\(what) \(index) (offset \(offset), length \(length)) is not NUL terminated") }
        return offset ..< (offset + length)
    }

    /// Splits `context\u{4}msgid\0plural` and `form0\0form1…` into an entry whose fields are
    /// ranges of the file.
    func add(id: Range<Int>, value: Range<Int>, to catalog: inout GettextCatalog) {
        func field(_ r: Range<Int>) -> GettextCatalog.Field { GettextCatalog.Field(start: r.lowerBound, count: r.count) }
        var entry = GettextCatalog.Entry(first: catalog.fields.count, formCount: 0)
        var id = id
        if let eot = bytes[id].firstIndex(of: 4) {
            catalog.fields.append(field(id.lowerBound ..< eot))
            entry.hasContext = true
            id = (eot + 1) ..< id.upperBound
        }
        if let nul = bytes[id].firstIndex(of: 0) {
            catalog.fields.append(field(id.lowerBound ..< nul))
            catalog.fields.append(field((nul + 1) ..< id.upperBound))
            entry.hasPlural = true
            var start = value.lowerBound
            for i in value where bytes[i] == 0 {
                catalog.fields.append(field(start ..< i))
                start = i + 1
            }
            catalog.fields.append(field(start ..< value.upperBound))
            entry.formCount = Int32(truncatingIfNeeded: catalog.fields.count - entry.first - (entry.hasContext ? 3 : 2))
        } else {
            catalog.fields.append(field(id))
            catalog.fields.append(field(value))
            entry.formCount = 1
        }
        catalog.entries.append(entry)
    }

    /// Checks the revision-1 tables of system-dependent segments and strings (bounds, NULs,
    /// segment references) and returns how many such strings there are.
    func systemDependentStrings() throws(CatalogError) -> Int {
        let segmentCount = try header(28, "system-dependent segment count")
        let segments = try header(32, "system-dependent segment table offset")
        let stringCount = try header(36, "system-dependent string count")
        let originals = try header(40, "system-dependent original table offset")
        let translations = try header(44, "system-dependent translation table offset")
        guard segmentCount <= bytes.count / 8, segments <= bytes.count - segmentCount * 8 else {
            throw error("is truncated: the system-dependent segment table (offset \(segments), \(English.count(segmentCount, "entry", "entries"))) ends past the end of the file")
        }
        for i in 0..<segmentCount {
            let length = Int(word(segments + i * 8)!), offset = Int(word(segments + i * 8 + 4)!)
            guard offset < bytes.count, length <= bytes.count - offset, length > 0 else {
                throw error("is truncated: system-dependent segment \(i) (offset \(offset), length \(length)) ends past the end of the file")
            }
            guard bytes[offset + length - 1] == 0 else { throw error("system-dependent segment \(i) is not NUL terminated") }
        }
        guard stringCount <= bytes.count / 4 else { throw error("is truncated: \(stringCount) system-dependent strings cannot fit") }
        for (name, table) in [("original", originals), ("translation", translations)] {
            guard table <= bytes.count - stringCount * 4 else {
                throw error("is truncated: the system-dependent \(name) table (offset \(table)) ends past the end of the file")
            }
            for i in 0..<stringCount {
                // Each string: the offset of its static pieces, then (piece length, segment
                // reference) pairs up to a reference of 0xFFFFFFFF; the pieces end with the NUL.
                var at = Int(word(table + i * 4)!)
                guard let pieces = word(at) else { throw error("is truncated: system-dependent \(name) string \(i) starts past the end of the file") }
                let start = Int(pieces)
                var total = 0
                at += 4
                while true {
                    guard let length = word(at), let reference = word(at + 4) else {
                        throw error("is truncated: system-dependent \(name) string \(i) has no end marker before the end of the file")
                    }
                    total += Int(length)
                    guard start <= bytes.count, total <= bytes.count - start else {
                        throw error("is truncated: system-dependent \(name) string \(i) (offset \(start), \(English.count(total, "byte")) so far) ends past the end of the file (\(English.count(bytes.count, "byte")))")
                    }
                    if reference == 0xFFFF_FFFF { break }
                    guard Int(reference) < segmentCount else {
                        throw error("system-dependent \(name) string \(i) refers to segment \(reference) of \(segmentCount)")
                    }
                    at += 8
                }
                guard total > 0, bytes[start + total - 1] == 0 else {
                    throw error("system-dependent \(name) string \(i) is not NUL terminated")
                }
            }
        }
        return stringCount
    }
}
