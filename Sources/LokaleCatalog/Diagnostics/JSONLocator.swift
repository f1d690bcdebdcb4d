import FoundationEssentials

/// Finds where a JSON document stops being valid, for error messages: JSONDecoder reports that the
/// data "was not valid JSON" without a position, and accepts trailing commas. The document itself
/// is always parsed by FoundationEssentials. The same scanner indexes the lines of object keys.
enum JSONLocator {
    struct Failure { var line: Int; var column: Int; var message: String }

    static func firstError(_ bytes: [UInt8]) -> Failure? {
        var entries = 0
        return firstError(bytes, entries: &entries)
    }

    /// Also counts the keys of the objects one level down (a String Catalog's `strings`): how
    /// many entries a reader will make room for.
    static func firstError(_ bytes: [UInt8], entries: inout Int) -> Failure? {
        var p = Scanner(bytes: bytes)
        defer { entries = p.keysOneDown }
        do throws(Failure) {
            p.skipBOM()
            p.skipSpace()
            try p.value(depth: 0)
            p.skipSpace()
            if p.i < bytes.count { throw p.fail("unexpected text after the end of the document") }
            return nil
        } catch {
            return error
        }
    }

    /// The line of every object key, by its path of keys from the root (`["strings", "greeting"]`),
    /// for keys at most `depth` levels deep; first occurrence wins. One pass over the document;
    /// keys are decoded by JSONDecoder. Stops at the first syntax error, keeping what came before.
    static func keyLines(_ bytes: [UInt8], depth: Int) -> [[String]: Int] {
        var p = Scanner(bytes: bytes)
        var lines: [[String]: Int] = [:]
        var line = 1, counted = 0
        p.onKey = { path, start, _ in
            guard path.count <= depth else { return }
            for b in bytes[counted..<start] where b == 0x0A { line += 1 }
            counted = start
            if lines[path] == nil { lines[path] = line }
        }
        p.skipBOM()
        p.skipSpace()
        try? p.value(depth: 0)
        return lines
    }

    /// Byte offsets of every object key at most `depth` levels deep (its opening quote) and of its
    /// value (the value's first byte), by path; first occurrence wins. One pass, as `keyLines`.
    static func offsets(_ bytes: [UInt8], depth: Int) -> [[String]: (key: Int, value: Int)] {
        var p = Scanner(bytes: bytes)
        var out: [[String]: (key: Int, value: Int)] = [:]
        p.onKey = { path, key, value in
            if path.count <= depth, out[path] == nil { out[path] = (key, value) }
        }
        p.skipBOM()
        p.skipSpace()
        try? p.value(depth: 0)
        return out
    }

    /// Where, in `bytes`, the string whose opening quote is at `quote` has the character at UTF-8
    /// offset `offset` of its decoded text: escapes count as what they stand for (`\n` one byte,
    /// `\u00e9` two, a surrogate pair four). Nil when the string is shorter.
    static func stringOffset(_ bytes: [UInt8], quote: Int, decoded offset: Int) -> Int? {
        var i = quote + 1, decoded = 0
        func hex4(_ from: Int) -> UInt32? {
            guard from + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[from..<(from + 4)], as: UTF8.self), radix: 16)
        }
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            if decoded >= offset { return i }
            if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                if bytes[i + 1] == UInt8(ascii: "u"), let v = hex4(i + 2) {
                    if (0xD800...0xDBFF).contains(v), i + 7 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                       let low = hex4(i + 8), (0xDC00...0xDFFF).contains(low) {
                        decoded += 4
                        i += 12
                    } else {
                        decoded += v < 0x80 ? 1 : v < 0x800 ? 2 : 3
                        i += 6
                    }
                } else {
                    decoded += 1
                    i += 2
                }
            } else {
                decoded += 1
                i += 1
            }
        }
        return decoded >= offset && i < bytes.count ? i : nil
    }

    /// Line and column (1-based) of byte offset `at`.
    static func position(_ bytes: [UInt8], _ at: Int) -> (line: Int, column: Int) {
        var line = 1, col = 1
        for b in bytes.prefix(at) {
            if b == 0x0A { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return (line, col)
    }

    /// Best-effort line of a decoding path (`strings`, `key`, `localizations`, …): each component is
    /// searched as a quoted name after the previous one.
    static func line(of path: [String], in bytes: [UInt8]) -> Int? {
        var from = 0, found: Int? = nil
        for component in path {
            let needle = Array(("\"" + component + "\"").utf8)
            guard let r = search(needle, in: bytes, from: from) else { break }
            found = r
            from = r + needle.count
        }
        return found.map { position(bytes, $0).line }
    }

    private static func search(_ needle: [UInt8], in hay: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, hay.count >= needle.count, from <= hay.count - needle.count else { return nil }
        for i in from...(hay.count - needle.count) where hay[i] == needle[0] && hay[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }

    struct Scanner {
        let bytes: [UInt8]
        var i = 0
        /// Called with the path of each object key (decoded), its offset and its value's, when set.
        var onKey: ((_ path: [String], _ offset: Int, _ value: Int) -> Void)? = nil
        private var path: [String] = []
        /// Keys of objects at depth 1.
        var keysOneDown = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ message: String) -> Failure {
            let p = JSONLocator.position(bytes, i)
            return Failure(line: p.line, column: p.column, message: message)
        }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipBOM() { if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 } }
        mutating func skipSpace() {
            while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { i += 1 }
        }
        mutating func expect(_ c: UInt8, _ what: String) throws(Failure) {
            skipSpace()
            guard peek == c else { throw fail(peek == nil ? "unexpected end of file, expected \(what)" : "expected \(what)") }
            i += 1
        }

        mutating func value(depth: Int) throws(Failure) {
            guard depth < 512 else { throw fail("nesting too deep") }
            skipSpace()
            guard let c = peek else { throw fail("unexpected end of file, expected a value") }
            switch c {
            case UInt8(ascii: "{"):
                i += 1
                skipSpace()
                if peek == UInt8(ascii: "}") { i += 1; return }
                while true {
                    skipSpace()
                    guard peek == UInt8(ascii: "\"") else { throw fail(peek == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a quoted key") }
                    let keyStart = i
                    try string()
                    let keyEnd = i
                    if depth == 1 { keysOneDown += 1 }
                    try expect(UInt8(ascii: ":"), "':' after the key")
                    if let onKey {
                        // Escapes are JSONDecoder's business; a key without one is its bytes. A key
                        // the decoder cannot read (a lone surrogate escape) is indexed as "".
                        let raw = bytes[(keyStart + 1)..<(keyEnd - 1)]
                        let key = !raw.contains(UInt8(ascii: "\\")) ? String(decoding: raw, as: UTF8.self)
                            : (try? JSONDecoder().decode(String.self, from: Data(bytes[keyStart..<keyEnd]))) ?? ""
                        path.append(key)
                        skipSpace()
                        onKey(path, keyStart, i)
                        try value(depth: depth + 1)
                        path.removeLast()
                    } else {
                        try value(depth: depth + 1)
                    }
                    skipSpace()
                    if peek == UInt8(ascii: ",") { i += 1; continue }
                    try expect(UInt8(ascii: "}"), "',' or '}'")
                    return
                }
            case UInt8(ascii: "["):
                i += 1
                skipSpace()
                if peek == UInt8(ascii: "]") { i += 1; return }
                while true {
                    skipSpace()
                    if peek == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
                    try value(depth: depth + 1)
                    skipSpace()
                    if peek == UInt8(ascii: ",") { i += 1; continue }
                    try expect(UInt8(ascii: "]"), "',' or ']'")
                    return
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                i += 1
                while let d = peek, (d >= 0x30 && d <= 0x39) || d == UInt8(ascii: ".") || d == UInt8(ascii: "e")
                    || d == UInt8(ascii: "E") || d == UInt8(ascii: "+") || d == UInt8(ascii: "-") { i += 1 }
                if i - start == 1 && c == UInt8(ascii: "-") { throw fail("malformed number") }
            default:
                throw fail("unexpected character '\(Character(Unicode.Scalar(c)))'")
            }
        }

        /// `\uXXXX` at `start` (the backslash), `i` just after the `u`: four hex digits, and a
        /// surrogate only as a high-low pair (JSONDecoder refuses a lone half without a position).
        mutating func unicodeEscape(at start: Int) throws(Failure) {
            func hex4(_ from: Int) -> UInt32? {
                guard from + 4 <= bytes.count else { return nil }
                var v: UInt32 = 0
                for b in bytes[from..<(from + 4)] {
                    guard let d = UInt32(String(Unicode.Scalar(b)), radix: 16) else { return nil }
                    v = v << 4 | d
                }
                return v
            }
            guard let v = hex4(i) else { i = start; throw fail("invalid escape: \\u needs four hexadecimal digits") }
            i += 4
            if (0xDC00...0xDFFF).contains(v) { i = start; throw fail("invalid escape: a lone low surrogate \\u\(String(v, radix: 16, uppercase: true))") }
            guard (0xD800...0xDBFF).contains(v) else { return }
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"),
                  let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low) else {
                i = start
                throw fail("invalid escape: the high surrogate \\u\(String(v, radix: 16, uppercase: true)) is not followed by a low surrogate \\uDC00-\\uDFFF")
            }
            i += 6
        }

        mutating func literal(_ word: String) throws(Failure) {
            let start = i
            for b in word.utf8 {
                guard peek == b else {
                    // Point at the word, not at its first wrong letter.
                    i = start
                    throw fail("invalid literal, expected '\(word)'")
                }
                i += 1
            }
        }

        mutating func string() throws(Failure) {
            let start = i
            i += 1
            while let c = peek {
                i += 1
                if c == UInt8(ascii: "\"") { return }
                if c == UInt8(ascii: "\\") {
                    guard let e = peek else { break }
                    guard "\"\\/bfnrtu".utf8.contains(e) else { throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))'") }
                    i += 1
                    if e == UInt8(ascii: "u") { try unicodeEscape(at: i - 2) }
                } else if c < 0x20 {
                    i -= 1
                    throw fail(c == 0x0A ? "unterminated string (line break inside a string)" : "control character inside a string")
                }
            }
            // At the end of the file the opening quote is the useful position.
            i = start
            throw fail("unterminated string")
        }
    }
}

extension JSONLocator.Failure: Error {}
