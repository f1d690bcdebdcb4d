/// What a `.po` or `.mo` file holds, before it becomes bundle messages: its entries with their
/// text still as the file's bytes, and the header.
struct GettextCatalog {
    /// One string of an entry, with where it starts (a `.po` line and column; nil in a `.mo`).
    struct Field {
        var bytes: [UInt8]
        var line: Int?
        var column: Int?
    }

    struct Entry {
        var context: Field?
        var id: Field
        var idPlural: Field?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … of a plural entry.
        var strings: [Field]
        var flags: Set<String> = []
        /// `#.` comments, one per line.
        var extractedComments: [String] = []
        var line: Int?

        var isHeader: Bool { context == nil && id.bytes.isEmpty }
        var isFuzzy: Bool { flags.contains("fuzzy") }
    }

    var file: String
    var entries: [Entry] = []

    /// The header entry's text (fuzzy or not: msgfmt keeps a fuzzy header).
    var headerEntry: Entry? { entries.first { $0.isHeader } }
}
