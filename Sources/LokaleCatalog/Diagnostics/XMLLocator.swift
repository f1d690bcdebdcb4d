/// Finds where an XML property list (`.stringsdict`, `Info.plist`) stops being well-formed, for
/// error messages: the property list decoder says "Encountered unexpected EOF" or names a wrong
/// line, and it reads some truncated files without complaint (the entries before the cut, no
/// error). Only the structure is checked here (tags nest and close, the file does not end inside
/// a tag, a comment or a declaration, `&` starts an entity); the decoder still reads the document.
enum XMLLocator {
    struct Failure: Error { var line: Int; var column: Int; var message: String }

    /// Nil for well-formed XML, and for bytes that are no XML document (a binary property list).
    static func firstError(_ bytes: [UInt8]) -> Failure? {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let n = bytes.count
        while i < n, isSpace(bytes[i]) { i += 1 }
        guard i < n, bytes[i] == UInt8(ascii: "<") else { return nil }
        func fail(_ at: Int, _ message: String) -> Failure {
            let p = JSONLocator.position(bytes, at)
            return Failure(line: p.line, column: p.column, message: message)
        }
        func line(_ at: Int) -> Int { JSONLocator.position(bytes, at).line }
        func find(_ needle: String, from: Int) -> Int? {
            let t = Array(needle.utf8)
            var k = from
            while k + t.count <= n {
                if bytes[k] == t[0], bytes[k..<(k + t.count)].elementsEqual(t) { return k }
                k += 1
            }
            return nil
        }
        func at(_ k: Int, _ s: String) -> Bool {
            let t = Array(s.utf8)
            return k + t.count <= n && bytes[k..<(k + t.count)].elementsEqual(t)
        }
        let truncated = "(is the file truncated?)"
        var open: [(name: String, at: Int)] = []
        var sawRoot = false
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "&") {
                var k = i + 1
                while k < n, k - i <= 32, isNameByte(bytes[k]) || bytes[k] == UInt8(ascii: "#") { k += 1 }
                guard k < n, k > i + 1, bytes[k] == UInt8(ascii: ";") else {
                    return fail(i, "'&' does not start an entity such as &amp; or &#38; (write & as &amp; in XML)")
                }
                i = k + 1
                continue
            }
            guard c == UInt8(ascii: "<") else {
                if open.isEmpty, !isSpace(c) {
                    return fail(i, sawRoot ? "text after the end of the property list" : "text before the property list begins")
                }
                i += 1
                continue
            }
            let start = i
            if at(i, "<?") {
                guard let e = find("?>", from: i + 2) else { return fail(start, "the file ends inside the declaration begun here \(truncated)") }
                i = e + 2
            } else if at(i, "<!--") {
                guard let e = find("-->", from: i + 4) else { return fail(start, "the file ends inside the comment begun here \(truncated)") }
                i = e + 3
            } else if at(i, "<![CDATA[") {
                guard let e = find("]]>", from: i + 9) else { return fail(start, "the file ends inside the CDATA section begun here \(truncated)") }
                i = e + 3
            } else if at(i, "<!") {
                // <!DOCTYPE …>, with an internal subset in brackets.
                var k = i + 2, depth = 0, quote: UInt8? = nil
                while k < n {
                    let b = bytes[k]
                    if let q = quote { if b == q { quote = nil } }
                    else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b }
                    else if b == UInt8(ascii: "[") { depth += 1 }
                    else if b == UInt8(ascii: "]") { depth -= 1 }
                    else if b == UInt8(ascii: ">"), depth <= 0 { break }
                    k += 1
                }
                guard k < n else { return fail(start, "the file ends inside the <!DOCTYPE declaration begun here \(truncated)") }
                i = k + 1
            } else {
                let closing = at(i, "</")
                var k = i + (closing ? 2 : 1)
                let nameStart = k
                while k < n, isNameByte(bytes[k]) { k += 1 }
                let name = String(decoding: bytes[nameStart..<k], as: UTF8.self)
                guard !name.isEmpty else {
                    if k >= n { return fail(start, "the file ends inside a tag \(truncated)") }
                    return fail(start, "'<' does not start a tag (write < as &lt; in XML)")
                }
                // Attributes, up to '>' or '/>'.
                var quote: UInt8? = nil
                while k < n {
                    let b = bytes[k]
                    if let q = quote { if b == q { quote = nil } }
                    else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") { quote = b }
                    else if b == UInt8(ascii: ">") { break }
                    else if b == UInt8(ascii: "<") { return fail(start, "the tag <\(closing ? "/" : "")\(name) is not closed with '>'") }
                    k += 1
                }
                guard k < n else { return fail(start, "the file ends inside the tag <\(closing ? "/" : "")\(name) \(truncated)") }
                let selfClosing = !closing && bytes[k - 1] == UInt8(ascii: "/")
                if closing {
                    guard let last = open.popLast() else { return fail(start, "</\(name)> closes no open tag") }
                    guard last.name == name else {
                        return fail(start, "</\(name)> does not close <\(last.name)>, opened on line \(line(last.at))")
                    }
                } else if !selfClosing {
                    if open.isEmpty, sawRoot { return fail(start, "a second root element <\(name)> after the end of the property list") }
                    open.append((name, start))
                    sawRoot = true
                } else if open.isEmpty {
                    sawRoot = true
                }
                i = k + 1
            }
        }
        if let innermost = open.last {
            let outer = open.count > 1 ? ", nor \(open.count == 2 ? "is the element" : "are the \(open.count - 1) elements") around it" : ""
            return fail(max(0, n - 1), "the file ends early: <\(innermost.name)> opened on line \(line(innermost.at)) is not closed\(outer) \(truncated)")
        }
        if !sawRoot { return fail(max(0, n - 1), "the file ends before the property list begins \(truncated)") }
        return nil
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    private static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".") || c >= 0x80
    }
}
