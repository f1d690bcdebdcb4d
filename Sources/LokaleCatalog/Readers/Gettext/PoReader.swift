/// Reads the syntax of a gettext `.po` file into a `GettextCatalog`: `msgctxt`, `msgid`,
/// `msgid_plural`, `msgstr`/`msgstr[n]`, strings continued over several lines, C escapes (octal and
/// hex included), `#,` flags and `#.` comments. Obsolete (`#~`) and previous (`#|`) lines are
/// skipped. Strings stay bytes here; `GettextReader` converts the charset. Errors carry line and column.
///
/// Byte by byte, without a copy of the strings that need none: a field is a range of the file
/// unless it had escapes or continuation lines (then of the catalog's arena).
struct PoReader {
    /// The file's bytes (`catalog.source`), read in place while `parse` runs.
    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    var at = 0
    var line = 1
    var column = 1
    var catalog: GettextCatalog

    /// Largest `msgstr[n]` index accepted (gettext languages use at most 6 forms).
    static let maxForms = 64

    /// For a file converted from its declared charset: an escape stands for a byte of that
    /// charset (msgfmt's reading), so a run of escaped bytes above 0x7F is converted as one text.
    let escapes: Charset.Converter?
    var escaped: [UInt8] = []
    var escapedAt = (line: 0, column: 0)

    private init(_ bytes: UnsafeBufferPointer<UInt8>, source: [UInt8], file: String, escapes: Charset.Converter?) {
        self.bytes = bytes
        self.file = file
        self.escapes = escapes
        catalog = GettextCatalog(file: file, source: source)
        // A UTF-8 byte-order mark is not part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    enum Keyword: String { case msgctxt, msgid, msgid_plural, msgstr }

    /// A string token: a range of the file, or of the arena when negative (`GettextCatalog.Field`).
    struct Piece { var start: Int; var count: Int }

    enum Token {
        case keyword(Keyword, index: Int?)
        case string(Piece)
        case end
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> CatalogError {
        CatalogError(file: file, line: line ?? self.line, column: column ?? self.column, message)
    }

    /// `escapes`: the charset the file was converted from, when it was (see `escapes`).
    static func parse(_ bytes: [UInt8], file: String, escapes: Charset.Converter? = nil) throws(CatalogError) -> GettextCatalog {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CatalogError) in
            var reader = PoReader(buffer, source: bytes, file: file, escapes: escapes)
            try reader.parseEntries()
            return reader.catalog
        }
    }

    // MARK: Entries

    mutating func parseEntries() throws(CatalogError) {
        var flags: Set<String> = []
        var comments: [String] = []
        var seen = Duplicates()
        var pending = try next(flags: &flags, comments: &comments)
        while true {
            guard case .keyword(let word, let index) = pending.token else { break }
            let entryLine = pending.line, entryColumn = pending.column
            // Comments come before an entry's first keyword; those read later belong to the next one.
            var entry = GettextCatalog.Entry(first: catalog.fields.count, formCount: 0, line: Int32(clamping: entryLine),
                                             flags: flags, extractedComments: comments)
            flags = []; comments = []
            if word == .msgctxt, index == nil {
                let context = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
                catalog.fields.append(context)
                entry.hasContext = true
            }
            guard case .keyword(.msgid, nil) = pending.token else {
                throw error(word == .msgctxt ? "msgctxt must be followed by msgid" : "expected msgid, found \(describe(pending.token))",
                            line: pending.line, column: pending.column)
            }
            let id = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
            catalog.fields.append(id)
            if case .keyword(.msgid_plural, nil) = pending.token {
                let plural = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
                catalog.fields.append(plural)
                entry.hasPlural = true
            }
            var forms = 0
            while case .keyword(.msgstr, let i) = pending.token {
                if !entry.hasPlural {
                    guard i == nil, forms == 0 else {
                        throw error(i == nil ? "second msgstr for one msgid" : "msgstr[\(i!)] for a msgid without msgid_plural",
                                    line: pending.line, column: pending.column)
                    }
                } else {
                    guard let i else { throw error("a msgid_plural entry needs msgstr[0], msgstr[1], …, not msgstr", line: pending.line, column: pending.column) }
                    guard i == forms else {
                        throw error("msgstr[\(i)] out of order: expected msgstr[\(forms)]", line: pending.line, column: pending.column)
                    }
                }
                let form = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
                catalog.fields.append(form)
                forms += 1
            }
            guard forms > 0 else {
                throw error("missing msgstr for the msgid of line \(entryLine)", line: pending.line, column: pending.column)
            }
            entry.formCount = Int32(forms)
            if let first = seen.insert(entry, index: catalog.entries.count, in: catalog) {
                throw error("duplicate message definition (first defined on line \(first))", line: entryLine, column: entryColumn)
            }
            catalog.entries.append(entry)
        }
        guard case .end = pending.token else {
            throw error("expected msgctxt or msgid, found \(describe(pending.token))", line: pending.line, column: pending.column)
        }
    }

    struct Positioned { var token: Token; var line: Int; var column: Int }

    /// The strings that follow a keyword, concatenated; `pending` becomes the token after them.
    mutating func strings(after keyword: Positioned, flags: inout Set<String>, comments: inout [String],
                          into pending: inout Positioned) throws(CatalogError) -> GettextCatalog.Field {
        var field: GettextCatalog.Field? = nil
        pending = try next(flags: &flags, comments: &comments)
        while case .string(let s) = pending.token {
            if field == nil {
                field = GettextCatalog.Field(start: s.start, count: s.count, line: Int32(clamping: pending.line),
                                             column: Int32(clamping: pending.column))
            } else if s.count > 0 {
                append(s, to: &field!)
            }
            pending = try next(flags: &flags, comments: &comments)
        }
        guard let field else {
            throw error("\(describe(keyword.token)) must be followed by a string", line: keyword.line, column: keyword.column)
        }
        return field
    }

    /// A continuation line: the field becomes (or grows) a range at the end of the arena. A piece
    /// the reader just unescaped already lies right after the field's own bytes there.
    mutating func append(_ s: Piece, to field: inout GettextCatalog.Field) {
        if field.count == 0 { field.start = s.start; field.count = s.count; return }
        if field.start < 0, ~field.start + field.count == (s.start < 0 ? ~s.start : catalog.arena.count) {
            if s.start >= 0 { catalog.arena.append(contentsOf: bytes[s.start ..< (s.start + s.count)]) }
            field.count += s.count
            return
        }
        // Copied out first: appending a slice of the arena to itself would copy the whole arena.
        let joined = Array(catalog.bytes(field)) + catalog.bytes(GettextCatalog.Field(start: s.start, count: s.count))
        let start = catalog.arena.count
        catalog.arena.append(contentsOf: joined)
        field.start = ~start
        field.count += s.count
    }

    func describe(_ t: Token) -> String {
        switch t {
        case .keyword(let w, let i): i.map { "\(w.rawValue)[\($0)]" } ?? w.rawValue
        case .string: "a string"
        case .end: "the end of the file"
        }
    }

    // MARK: Tokens

    mutating func advance() {
        if bytes[at] == 0x0A { line += 1; column = 1 } else if bytes[at] & 0xC0 != 0x80 { column += 1 }
        at += 1
    }

    /// The next keyword or string; comment lines on the way fill `flags` and `comments`.
    mutating func next(flags: inout Set<String>, comments: inout [String]) throws(CatalogError) -> Positioned {
        while at < bytes.count {
            let c = bytes[at]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C { advance(); continue }
            if c == UInt8(ascii: "#") {
                let start = at
                while at < bytes.count, bytes[at] != 0x0A { advance() }
                let text = bytes[start..<at]
                let kind = text.count > 1 ? text[start + 1] : 0
                if kind == UInt8(ascii: ",") {
                    for f in String(decoding: text.dropFirst(2), as: UTF8.self).split(separator: ",") {
                        flags.insert(String(f.trimmingSpaces))
                    }
                } else if kind == UInt8(ascii: ".") {
                    comments.append(String(decoding: text.dropFirst(2), as: UTF8.self).trimmingPrefixSpace)
                }
                continue
            }
            let l = line, col = column
            if c == UInt8(ascii: "\"") { return Positioned(token: .string(try quoted()), line: l, column: col) }
            if isLetter(c) {
                let start = at
                while at < bytes.count, isLetter(bytes[at]) || bytes[at] == UInt8(ascii: "_") { advance() }
                guard let word = keyword(start, at) else {
                    throw error("unknown keyword '\(String(decoding: bytes[start..<at], as: UTF8.self))'", line: l, column: col)
                }
                var index: Int? = nil
                if word == .msgstr, at < bytes.count, bytes[at] == UInt8(ascii: "[") {
                    advance()
                    let digitsStart = at
                    while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, at - digitsStart < 8 { advance() }
                    guard at > digitsStart, at < bytes.count, bytes[at] == UInt8(ascii: "]") else {
                        throw error("malformed msgstr[N]: expected digits and ']'")
                    }
                    let n = bytes[digitsStart..<at].reduce(0) { $0 * 10 + Int($1 - 0x30) }
                    guard n < PoReader.maxForms else { throw error("msgstr[\(n)]: more than \(PoReader.maxForms) plural forms", line: l, column: col) }
                    index = n
                    advance()
                }
                return Positioned(token: .keyword(word, index: index), line: l, column: col)
            }
            throw error("unexpected character '\(String(decoding: [c], as: UTF8.self))'")
        }
        return Positioned(token: .end, line: line, column: column)
    }

    /// The keyword spelled by `bytes[start..<end]`, compared as bytes.
    func keyword(_ start: Int, _ end: Int) -> Keyword? {
        func spells(_ w: StaticString) -> Bool {
            end - start == w.utf8CodeUnitCount && w.withUTF8Buffer { bytes[start..<end].elementsEqual($0) }
        }
        if spells("msgid") { return .msgid }
        if spells("msgstr") { return .msgstr }
        if spells("msgctxt") { return .msgctxt }
        if spells("msgid_plural") { return .msgid_plural }
        return nil
    }

    func isLetter(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) }

    /// A quoted string with its escapes resolved: the file's own bytes when it has no escape, else
    /// a copy in the arena.
    mutating func quoted() throws(CatalogError) -> Piece {
        let l = line, col = column
        advance()
        // The usual string: no escape, so a range of the file; only columns to count.
        let start = at
        while at < bytes.count {
            let c = bytes[at]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c == 0x0A { break }
            if c & 0xC0 != 0x80 { column += 1 }
            at += 1
        }
        if at < bytes.count, bytes[at] == UInt8(ascii: "\"") {
            advance()
            return Piece(start: start, count: at - 1 - start)
        }
        let arenaStart = catalog.arena.count
        catalog.arena.append(contentsOf: bytes[start..<at])
        while true {
            guard at < bytes.count, bytes[at] != 0x0A else { throw error("unterminated string (started at column \(col))", line: l, column: col) }
            let c = bytes[at]
            if c == UInt8(ascii: "\"") {
                try endEscaped()
                advance()
                return Piece(start: ~arenaStart, count: catalog.arena.count - arenaStart)
            }
            guard c == UInt8(ascii: "\\") else { try endEscaped(); catalog.arena.append(c); advance(); continue }
            let el = line, ec = column
            advance()
            guard at < bytes.count, bytes[at] != 0x0A else { throw error("unterminated string (started at column \(col))", line: l, column: col) }
            let e = bytes[at]
            advance()
            let value: UInt8
            switch e {
            case UInt8(ascii: "n"): value = 0x0A
            case UInt8(ascii: "t"): value = 0x09
            case UInt8(ascii: "r"): value = 0x0D
            case UInt8(ascii: "a"): value = 0x07
            case UInt8(ascii: "b"): value = 0x08
            case UInt8(ascii: "f"): value = 0x0C
            case UInt8(ascii: "v"): value = 0x0B
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"): value = e
            case 0x30...0x37:
                var v = Int(e - 0x30), digits = 1
                while digits < 3, at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x37 { v = v * 8 + Int(bytes[at] - 0x30); digits += 1; advance() }
                guard v <= 0xFF else { throw error("octal escape out of range (above \\377)", line: el, column: ec) }
                value = UInt8(v)
            case UInt8(ascii: "x"):
                var v = 0, digits = 0
                while at < bytes.count, let d = hexValue(bytes[at]) {
                    v = v * 16 + d; digits += 1; advance()
                    guard v <= 0xFF else { throw error("hex escape out of range (above \\xFF)", line: el, column: ec) }
                }
                guard digits > 0 else { throw error("\\x without hex digits", line: el, column: ec) }
                value = UInt8(v)
            default:
                throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'", line: el, column: ec)
            }
            if value >= 0x80, escapes != nil {
                if escaped.isEmpty { escapedAt = (el, ec) }
                escaped.append(value)
            } else {
                try endEscaped()
                catalog.arena.append(value)
            }
        }
    }

    /// Ends a run of escaped bytes of the file's charset: their text, in UTF-8, into the arena.
    mutating func endEscaped() throws(CatalogError) {
        guard let escapes, !escaped.isEmpty else { return }
        defer { escaped.removeAll(keepingCapacity: true) }
        switch escapes.toUTF8(escaped) {
        case .success(let utf8): catalog.arena.append(contentsOf: utf8)
        case .failure:
            let spelled = escaped.map { "\\" + String($0, radix: 8) }.joined()
            throw error("the escaped bytes \(spelled) are not a character in the file's charset \(escapes.charset)",
                        line: escapedAt.line, column: escapedAt.column)
        }
    }

    func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: Int(c - 0x30)
        case 0x41...0x46: Int(c - 0x41 + 10)
        case 0x61...0x66: Int(c - 0x61 + 10)
        default: nil
        }
    }

    /// The entries read so far by key (`context` U+0004 `msgid`, as bytes): an open-addressing
    /// table of entry numbers, so that no key is copied unless two hashes agree.
    struct Duplicates {
        private var slots: [Int32] = []
        private var hashes: [UInt64] = []

        /// The line of an earlier entry with the same key, else nil (and the entry is recorded).
        mutating func insert(_ e: GettextCatalog.Entry, index: Int, in catalog: GettextCatalog) -> Int? {
            let h = Self.hash(e, catalog)
            if hashes.count * 2 >= slots.count { grow() }
            let mask = slots.count - 1
            var s = Int(truncatingIfNeeded: h) & mask
            while slots[s] != 0 {
                let other = Int(slots[s]) - 1
                if hashes[other] == h, Self.key(e, catalog) == Self.key(catalog.entries[other], catalog) {
                    return catalog.entries[other].lineNumber ?? 0
                }
                s = (s + 1) & mask
            }
            slots[s] = Int32(truncatingIfNeeded: index + 1)
            hashes.append(h)
            return nil
        }

        private mutating func grow() {
            slots = [Int32](repeating: 0, count: max(1024, slots.count * 2))
            let mask = slots.count - 1
            for (i, h) in hashes.enumerated() {
                var s = Int(truncatingIfNeeded: h) & mask
                while slots[s] != 0 { s = (s + 1) & mask }
                slots[s] = Int32(truncatingIfNeeded: i + 1)
            }
        }

        static func key(_ e: GettextCatalog.Entry, _ catalog: GettextCatalog) -> [UInt8] {
            (catalog.context(e).map { Array(catalog.bytes($0)) + [4] } ?? []) + catalog.bytes(catalog.id(e))
        }

        /// FNV-1a over the key's bytes.
        static func hash(_ e: GettextCatalog.Entry, _ catalog: GettextCatalog) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            func add<S: Sequence<UInt8>>(_ bytes: S) { for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 } }
            if let c = catalog.context(e) { add(catalog.bytes(c)); add(CollectionOfOne(4)) }
            add(catalog.bytes(catalog.id(e)))
            return h
        }
    }
}

extension String {
    /// Drops the one space that follows `#.`.
    var trimmingPrefixSpace: String { hasPrefix(" ") ? String(dropFirst()) : self }
}
