import FoundationEssentials

/// Reads `.strings` tables: text ("key" = "value";) in UTF-8 (with or without BOM) or UTF-16 with a
/// BOM, and binary property lists (`bplist00`, as compiled into shipped bundles). The property list
/// parser of FoundationEssentials does the parsing; on failure `StringsDiagnostics` finds the line.
public enum StringsFileReader {
    public static func read(path: String) throws(CatalogError) -> [String: String] {
        try parse(try readFile(path), file: path)
    }

    /// The values and, per key, the line of its entry (text files; a binary or brace-wrapped
    /// property list gives no lines). For diagnostics that name the file and line of a message.
    public static func readWithLines(path: String) throws(CatalogError) -> (values: [String: String], lines: [String: Int]) {
        let bytes = try readFile(path)
        let values = try parse(bytes, file: path)
        return (values, values.isEmpty ? [:] : StringsDiagnostics.keyLines(bytes))
    }

    public static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> [String: String] {
        if bytes.isEmpty || (bytes.count <= 3 && bytes.elementsEqual([0xEF, 0xBB, 0xBF].prefix(bytes.count))) { return [:] }
        // A UTF-16 byte-order mark alone: the parser refuses the empty string it decodes to.
        if bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF] { return [:] }
        let isBinary = bytes.starts(with: Array("bplist".utf8))
        if !isBinary, let problem = StringsDiagnostics.firstError(bytes) {
            throw CatalogError(file: file, line: problem.line, column: problem.column, problem.message)
        }
        let input = isBinary ? bytes : StringsDiagnostics.normalizingEscapes(bytes) ?? bytes
        do {
            return try PropertyListDecoder().decode([String: String].self, from: Data(input))
        } catch {
            if case DecodingError.typeMismatch = error {
                throw CatalogError(file: file, "is not a table of strings (a property list of another shape)")
            }
            throw catalogError(error, file: file, bytes: bytes, json: false)
        }
    }
}

/// Locates the first syntax error of a text `.strings` file with its line and column, and rejects
/// what the property list parser would silently misread (text that is not UTF-8 or BOM-marked UTF-16).
enum StringsDiagnostics {
    struct Problem: Error { var line: Int; var column: Int; var message: String }

    static func decode(_ bytes: [UInt8]) -> Result<[Unicode.Scalar], Problem> {
        func utf16(_ bigEndian: Bool) -> Result<[Unicode.Scalar], Problem> {
            guard (bytes.count - 2) % 2 == 0 else { return .failure(Problem(line: 1, column: 1, message: "UTF-16 text with an odd number of bytes (truncated)")) }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
                i += 2
            }
            var scalars: [Unicode.Scalar] = []
            var it = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): scalars.append(s)
                case .emptyInput: break loop
                case .error: scalars.append("\u{FFFD}")
                }
            }
            return .success(scalars)
        }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(true) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
        if body.contains(0) {
            return .failure(Problem(line: 1, column: 1, message: "contains NUL bytes: UTF-16 text needs a byte-order mark"))
        }
        var scalars: [Unicode.Scalar] = []
        var it = body.makeIterator()
        var decoder = UTF8()
        var line = 1, column = 1
        loop: while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                scalars.append(s)
                if s == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput: break loop
            case .error:
                let what = ".strings files are UTF-8, or UTF-16 with a byte-order mark"
                if let p = TextEncoding.utf8Problem(bytes, what: what), let l = p.line, let c = p.column {
                    return .failure(Problem(line: l, column: c, message: p.message))
                }
                return .failure(Problem(line: line, column: column, message: "not UTF-8 (\(what))"))
            }
        }
        return .success(scalars)
    }

    /// Rewrites the escapes that FoundationEssentials' parser gets wrong into the characters they
    /// stand for, as CoreFoundation reads them: `\U` surrogates (it rejects the whole file; a pair
    /// is one character, a lone half U+FFFD) and `\f`, `\v` (it gives U+0012 and U+0011). Returns
    /// UTF-8, or nil when there is nothing to rewrite.
    static func normalizingEscapes(_ bytes: [UInt8]) -> [UInt8]? {
        guard case .success(let s) = decode(bytes),
              s.first(where: { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }) != "<" else { return nil }
        func hex(_ at: Int) -> (value: UInt32, end: Int)? {
            var v: UInt32 = 0, j = at
            while j < s.count, j < at + 4, s[j].isASCII, let d = UInt32(String(s[j]), radix: 16) { v = v << 4 | d; j += 1 }
            return j > at ? (v, j) : nil
        }
        enum State { case text, string, blockComment, lineComment }
        var state = State.text, out: [Unicode.Scalar] = [], changed = false, i = 0
        out.reserveCapacity(s.count)
        while i < s.count {
            let c = s[i], next: Unicode.Scalar? = i + 1 < s.count ? s[i + 1] : nil
            switch state {
            case .text:
                if c == "\"" { state = .string }
                else if c == "/", next == "*" { out += [c, "*"]; i += 2; state = .blockComment; continue }
                else if c == "/", next == "/" { state = .lineComment }
            case .blockComment:
                if c == "*", next == "/" { out += [c, "/"]; i += 2; state = .text; continue }
            case .lineComment:
                if c == "\n" { state = .text }
            case .string:
                if c == "\"" { state = .text; break }
                guard c == "\\", let e = next else { break }
                if e == "f" || e == "v" {
                    out.append(e == "f" ? "\u{0C}" : "\u{0B}")
                    i += 2; changed = true; continue
                }
                if e == "U", let (v, end) = hex(i + 2), (0xD800...0xDFFF).contains(v) {
                    var scalar: Unicode.Scalar = "\u{FFFD}", after = end
                    if v < 0xDC00, end + 1 < s.count, s[end] == "\\", s[end + 1] == "U",
                       let (low, lowEnd) = hex(end + 2), (0xDC00...0xDFFF).contains(low) {
                        scalar = Unicode.Scalar(0x10000 + (v - 0xD800) << 10 + (low - 0xDC00))!
                        after = lowEnd
                    }
                    out.append(scalar)
                    i = after; changed = true; continue
                }
                out += [c, e]; i += 2; continue
            }
            out.append(c)
            i += 1
        }
        guard changed else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: out)
        return Array(text.utf8)
    }

    /// Key → line of its entry. The key tokens are found as `firstError` walks the file; their
    /// raw text (quotes and escapes as written) is then read by the same property list parser, in a
    /// synthetic table whose values are the tokens' indexes, so each key is unescaped exactly as
    /// the real read unescapes it. A repeated key keeps the entry the parser keeps.
    static func keyLines(_ bytes: [UInt8]) -> [String: Int] {
        guard !bytes.starts(with: Array("bplist".utf8)) else { return [:] }
        var tokens: [(raw: String, line: Int)] = []
        guard firstError(bytes, onKey: { tokens.append($0) }) == nil, !tokens.isEmpty else { return [:] }
        var synthetic = ""
        for (i, t) in tokens.enumerated() { synthetic += "\(t.raw) = \"\(i)\";\n" }
        let input = normalizingEscapes(Array(synthetic.utf8)) ?? Array(synthetic.utf8)
        guard let indexes = try? PropertyListDecoder().decode([String: String].self, from: Data(input)) else { return [:] }
        var out: [String: Int] = [:]
        for (key, index) in indexes { if let i = Int(index), i < tokens.count { out[key] = tokens[i].line } }
        return out
    }

    static func firstError(_ bytes: [UInt8], onKey: ((raw: String, line: Int)) -> Void = { _ in }) -> Problem? {
        let scalars: [Unicode.Scalar]
        switch decode(bytes) {
        case .failure(let p): return p
        case .success(let s): scalars = s
        }
        var i = 0, line = 1, col = 1
        func advance() {
            if scalars[i] == "\n" { line += 1; col = 1 } else { col += 1 }
            i += 1
        }
        func problem(_ m: String) -> Problem { Problem(line: line, column: col, message: m) }
        func skip() -> Problem? {
            while i < scalars.count {
                let c = scalars[i]
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" { advance(); continue }
                if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                    let (l, cl) = (line, col)
                    advance(); advance()
                    while i < scalars.count, !(scalars[i] == "*" && i + 1 < scalars.count && scalars[i + 1] == "/") { advance() }
                    if i >= scalars.count { return Problem(line: l, column: cl, message: "unterminated /* comment") }
                    advance(); advance()
                    continue
                }
                if c == "/", i + 1 < scalars.count, scalars[i + 1] == "/" {
                    while i < scalars.count, scalars[i] != "\n" { advance() }
                    continue
                }
                break
            }
            return nil
        }
        func isWordChar(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.$:/-".unicodeScalars.contains(c)
        }
        func token(_ what: String) -> Problem? {
            guard i < scalars.count else { return problem("unexpected end of file, expected \(what)") }
            if scalars[i] == "\"" {
                let (l, cl) = (line, col)
                advance()
                while i < scalars.count, scalars[i] != "\"" {
                    if scalars[i] == "\\" { advance() }
                    if i < scalars.count { advance() }
                }
                if i >= scalars.count { return Problem(line: l, column: cl, message: "unterminated string") }
                advance()
                return nil
            }
            guard isWordChar(scalars[i]) else { return problem("expected \(what), found '\(scalars[i].escaped(asASCII: true))'") }
            while i < scalars.count, isWordChar(scalars[i]) { advance() }
            return nil
        }
        // A whole-file dictionary in braces, or an XML property list, is a property list too;
        // leave it to the parser.
        if let p = skip() { return p }
        if i < scalars.count, scalars[i] == "{" || scalars[i] == "<" { return nil }
        while true {
            if let p = skip() { return p }
            if i >= scalars.count { return nil }
            let (keyStart, keyLine) = (i, line)
            if let p = token("a key") { return p }
            var raw = ""
            raw.unicodeScalars.append(contentsOf: scalars[keyStart..<i])
            onKey((raw, keyLine))
            var end = (line, col)
            if let p = skip() { return p }
            if i < scalars.count, scalars[i] == "=" {
                advance()
                if let p = skip() { return p }
                if let p = token("a value after '='") { return p }
                end = (line, col)
                if let p = skip() { return p }
            }
            guard i < scalars.count, scalars[i] == ";" else {
                // The ';' is missing right after the entry, which may be lines above the next token.
                return Problem(line: end.0, column: end.1,
                               message: i < scalars.count ? "expected ';' after the entry" : "missing ';' at the end of the file")
            }
            advance()
        }
    }
}
