/// What a `.po` or `.mo` file holds, before it becomes bundle messages: its entries with their
/// text still as the file's bytes, and the header.
///
/// Flat on purpose: a catalog of 100,000 entries is two arrays, not 300,000 byte arrays. A field
/// is a range of the file itself (a string without escapes or continuation lines, every `.mo`
/// string) or of `arena`, where the reader puts the strings it had to rewrite.
struct GettextCatalog: Sendable {
    /// One string of an entry, with where it starts (a `.po` line and column; 0 in a `.mo`).
    struct Field: Sendable {
        /// Offset in the file, or `~offset` in `arena` when negative.
        var start: Int
        var count: Int
        var line: Int32 = 0
        var column: Int32 = 0

        var isEmpty: Bool { count == 0 }
        var position: (line: Int?, column: Int?) { line == 0 ? (nil, nil) : (Int(line), Int(column)) }
    }

    struct Entry: Sendable {
        /// In `fields`: the context (when `hasContext`), the msgid, the msgid_plural (when
        /// `hasPlural`), then `msgstr`, or `msgstr[0]`, `msgstr[1]`, … of a plural entry.
        var first: Int
        var formCount: Int32
        /// 0 in a `.mo`.
        var line: Int32 = 0
        var hasContext = false
        var hasPlural = false
        var flags: Set<String> = []
        /// `#.` comments, one per line.
        var extractedComments: [String] = []

        var isFuzzy: Bool { flags.contains("fuzzy") }
        var lineNumber: Int? { line == 0 ? nil : Int(line) }
        var idIndex: Int { first + (hasContext ? 1 : 0) }
        var forms: Range<Int> { (idIndex + (hasPlural ? 2 : 1)) ..< (idIndex + (hasPlural ? 2 : 1) + Int(formCount)) }
    }

    var file: String
    /// The file's bytes.
    var source: [UInt8]
    var arena: [UInt8] = []
    var fields: [Field] = []
    var entries: [Entry] = []

    init(file: String, source: [UInt8]) {
        self.file = file
        self.source = source
    }

    func context(_ e: Entry) -> Field? { e.hasContext ? fields[e.first] : nil }
    func id(_ e: Entry) -> Field { fields[e.idIndex] }
    func plural(_ e: Entry) -> Field? { e.hasPlural ? fields[e.idIndex + 1] : nil }
    func forms(_ e: Entry) -> ArraySlice<Field> { fields[e.forms] }
    func isHeader(_ e: Entry) -> Bool { !e.hasContext && fields[e.idIndex].isEmpty }

    /// The header entry (fuzzy or not: msgfmt keeps a fuzzy header).
    var headerEntry: Entry? { entries.first { isHeader($0) } }

    func bytes(_ f: Field) -> ArraySlice<UInt8> {
        f.start >= 0 ? source[f.start ..< (f.start + f.count)] : arena[(~f.start) ..< (~f.start + f.count)]
    }
}
