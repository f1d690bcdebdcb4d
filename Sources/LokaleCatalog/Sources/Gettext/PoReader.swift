/// Reads the syntax of a gettext `.po` file into a `GettextCatalog`: `msgctxt`, `msgid`,
/// `msgid_plural`, `msgstr`/`msgstr[n]`, strings continued over several lines, C escapes (octal and
/// hex included), `#,` flags and `#.` comments. Obsolete (`#~`) and previous (`#|`) lines are
/// skipped. Strings stay bytes here; `GettextReader` converts the charset. Errors carry line and column.
struct PoReader {
    let bytes: [UInt8]
    let file: String
    var at = 0
    var line = 1
    var column = 1

    /// Largest `msgstr[n]` index accepted (gettext languages use at most 6 forms).
    static let maxForms = 64

    init(_ bytes: [UInt8], file: String) {
        // A UTF-8 byte-order mark is not part of the text.
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    enum Token: Equatable {
        case keyword(String, index: Int?)
        case string([UInt8])
        case end
    }

    func error(_ message: String, line: Int? = nil, column: Int? = nil) -> CatalogError {
        CatalogError(file: file, line: line ?? self.line, column: column ?? self.column, message)
    }

    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> GettextCatalog {
        var reader = PoReader(bytes, file: file)
        return try reader.parseEntries()
    }

    // MARK: Entries

    mutating func parseEntries() throws(CatalogError) -> GettextCatalog {
        var catalog = GettextCatalog(file: file)
        var flags: Set<String> = []
        var comments: [String] = []
        var seen: [[UInt8]: Int] = [:]
        var pending = try next(flags: &flags, comments: &comments)
        while true {
            guard case .keyword(let word, let index) = pending.token else { break }
            let entryLine = pending.line, entryColumn = pending.column
            // Comments come before an entry's first keyword; those read later belong to the next one.
            let entryFlags = flags, entryComments = comments
            flags = []; comments = []
            var context: GettextCatalog.Field? = nil
            if word == "msgctxt", index == nil {
                context = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
            }
            guard case .keyword("msgid", nil) = pending.token else {
                throw error(word == "msgctxt" ? "msgctxt must be followed by msgid" : "expected msgid, found \(describe(pending.token))",
                            line: pending.line, column: pending.column)
            }
            let id = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
            var idPlural: GettextCatalog.Field? = nil
            if case .keyword("msgid_plural", nil) = pending.token {
                idPlural = try strings(after: pending, flags: &flags, comments: &comments, into: &pending)
            }
            var forms: [GettextCatalog.Field] = []
            while case .keyword("msgstr", let i) = pending.token {
                if idPlural == nil {
                    guard i == nil, forms.isEmpty else {
                        throw error(i == nil ? "second msgstr for one msgid" : "msgstr[\(i!)] for a msgid without msgid_plural",
                                    line: pending.line, column: pending.column)
                    }
                } else {
                    guard let i else { throw error("a msgid_plural entry needs msgstr[0], msgstr[1], …, not msgstr", line: pending.line, column: pending.column) }
                    guard i == forms.count else {
                        throw error("msgstr[\(i)] out of order: expected msgstr[\(forms.count)]", line: pending.line, column: pending.column)
                    }
                }
                forms.append(try strings(after: pending, flags: &flags, comments: &comments, into: &pending))
            }
            guard !forms.isEmpty else {
                throw error("missing msgstr for the msgid of line \(entryLine)", line: pending.line, column: pending.column)
            }
            let key = (context.map { $0.bytes + [4] } ?? []) + id.bytes
            if let first = seen[key] {
                throw error("duplicate message definition (first defined on line \(first))", line: entryLine, column: entryColumn)
            }
            seen[key] = entryLine
            catalog.entries.append(GettextCatalog.Entry(context: context, id: id, idPlural: idPlural, strings: forms,
                                                        flags: entryFlags, extractedComments: entryComments, line: entryLine))
        }
        guard pending.token == .end else {
            throw error("expected msgctxt or msgid, found \(describe(pending.token))", line: pending.line, column: pending.column)
        }
        return catalog
    }

    struct Positioned { var token: Token; var line: Int; var column: Int }

    /// The strings that follow a keyword, concatenated; `pending` becomes the token after them.
    mutating func strings(after keyword: Positioned, flags: inout Set<String>, comments: inout [String],
                          into pending: inout Positioned) throws(CatalogError) -> GettextCatalog.Field {
        var field = GettextCatalog.Field(bytes: [], line: nil, column: nil)
        pending = try next(flags: &flags, comments: &comments)
        while case .string(let s) = pending.token {
            if field.line == nil { field.line = pending.line; field.column = pending.column }
            field.bytes += s
            pending = try next(flags: &flags, comments: &comments)
        }
        guard field.line != nil else {
            throw error("\(describe(keyword.token)) must be followed by a string", line: keyword.line, column: keyword.column)
        }
        return field
    }

    func describe(_ t: Token) -> String {
        switch t {
        case .keyword(let w, let i): i.map { "\(w)[\($0)]" } ?? w
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
                let word = String(decoding: bytes[start..<at], as: UTF8.self)
                guard ["msgctxt", "msgid", "msgid_plural", "msgstr"].contains(word) else {
                    throw error("unknown keyword '\(word)'", line: l, column: col)
                }
                var index: Int? = nil
                if word == "msgstr", at < bytes.count, bytes[at] == UInt8(ascii: "[") {
                    advance()
                    let digitsStart = at
                    while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, at - digitsStart < 8 { advance() }
                    guard at > digitsStart, at < bytes.count, bytes[at] == UInt8(ascii: "]") else {
                        throw error("malformed msgstr[N]: expected digits and ']'")
                    }
                    let n = Int(String(decoding: bytes[digitsStart..<at], as: UTF8.self))!
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

    func isLetter(_ c: UInt8) -> Bool { (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) }

    /// A quoted string with its escapes resolved, as bytes.
    mutating func quoted() throws(CatalogError) -> [UInt8] {
        let l = line, col = column
        advance()
        var out: [UInt8] = []
        while true {
            guard at < bytes.count, bytes[at] != 0x0A else { throw error("unterminated string (started at column \(col))", line: l, column: col) }
            let c = bytes[at]
            if c == UInt8(ascii: "\"") { advance(); return out }
            guard c == UInt8(ascii: "\\") else { out.append(c); advance(); continue }
            let el = line, ec = column
            advance()
            guard at < bytes.count, bytes[at] != 0x0A else { throw error("unterminated string (started at column \(col))", line: l, column: col) }
            let e = bytes[at]
            advance()
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"): out.append(e)
            case 0x30...0x37:
                var v = Int(e - 0x30), digits = 1
                while digits < 3, at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x37 { v = v * 8 + Int(bytes[at] - 0x30); digits += 1; advance() }
                guard v <= 0xFF else { throw error("octal escape out of range (above \\377)", line: el, column: ec) }
                out.append(UInt8(v))
            case UInt8(ascii: "x"):
                var v = 0, digits = 0
                while at < bytes.count, let d = hexValue(bytes[at]) {
                    v = v * 16 + d; digits += 1; advance()
                    guard v <= 0xFF else { throw error("hex escape out of range (above \\xFF)", line: el, column: ec) }
                }
                guard digits > 0 else { throw error("\\x without hex digits", line: el, column: ec) }
                out.append(UInt8(v))
            default:
                throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'", line: el, column: ec)
            }
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
}

extension String {
    /// Drops the one space that follows `#.`.
    var trimmingPrefixSpace: String { hasPrefix(" ") ? String(dropFirst()) : self }
}
