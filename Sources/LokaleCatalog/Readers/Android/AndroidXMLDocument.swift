internal import CXML

/// An Android resource file as a small tree, read with libxml2's SAX parser through the CXML shim
/// (as the XLIFF reader reads XLIFF): elements with their attributes and namespace, text with the
/// place each run of it starts, comments. Only XML's five predefined entities exist; nothing is
/// loaded from outside the file.
///
/// Places are exact for what the resource parser reports (an apostrophe, a bad `\u` escape): a run
/// of text starts where the event before it ended, and libxml2 delivers each entity reference as
/// a run of its own, so a character maps to its place in the file by counting from that start.
struct AndroidXMLDocument {
    struct Position: Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    /// A run of text (a CDATA section's content is one too: aapt2 reads CDATA as text), and where
    /// its first character is.
    struct Text {
        var text: String
        var start: Position
    }

    struct Attribute {
        var prefix: String?
        var name: String
        var value: String
    }

    final class Element {
        let prefix: String?
        let name: String
        /// The namespace URI its prefix (or the default namespace) is bound to; "" for none.
        let namespace: String
        let attributes: [Attribute]
        /// Where libxml2 read its start tag (the line and column of its `>`).
        let position: Position
        var children: [Node] = []

        init(prefix: String?, name: String, namespace: String, attributes: [Attribute], position: Position) {
            self.prefix = prefix
            self.name = name
            self.namespace = namespace
            self.attributes = attributes
            self.position = position
        }

        /// The value of the attribute `name` without a prefix (Android's own attributes have none).
        func attribute(_ name: String) -> String? {
            attributes.first { $0.prefix == nil && $0.name == name }?.value
        }

        /// The value of `prefix:name` where that prefix is bound to `namespace`.
        func attribute(_ name: String, namespace uri: String, bindings: [String: String]) -> String? {
            attributes.first { a in a.name == name && a.prefix.map { bindings[$0] == uri } == true }?.value
        }

        var elements: [Element] {
            children.compactMap { if case .element(let e) = $0 { e } else { nil } }
        }
    }

    enum Node {
        case element(Element)
        case text(Text)
        case comment(String)
    }

    var root: Element
    /// The prefixes the root element binds (`xmlns:tools`, `xmlns:xliff`).
    var rootBindings: [String: String]

    static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"
    static let toolsNamespace = "http://schemas.android.com/tools"

    /// Parses `bytes`; errors name `path`, the line and the column.
    static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> AndroidXMLDocument {
        // aapt2 reads UTF-8 (its XML parser is told so); names and values are read as UTF-8 here,
        // so the bytes are checked before libxml2 sees them.
        if let bad = XLIFFReader.firstInvalidUTF8(bytes) {
            let before = bytes[..<bad]
            let line = before.filter { $0 == 0x0A }.count + 1
            let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = String(decoding: bytes[lineStart..<bad], as: UTF8.self).unicodeScalars.count + 1
            throw CatalogError(file: path, line: line, column: column, "not UTF-8 (Android resource files are read as UTF-8)")
        }
        let builder = Builder(path: path)
        var xmlError = lk_xml_error()
        let status = withExtendedLifetime(builder) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    var handler = Builder.handler(Unmanaged.passUnretained(builder).toOpaque())
                    return lk_xml_parse(text.baseAddress, text.count, &handler, &xmlError)
                }
            }
        }
        if let e = builder.error { throw e }
        let (line, column) = (max(Int(xmlError.line), 1), max(Int(xmlError.column), 1))
        switch status {
        case LK_XML_OK, LK_XML_STOPPED: break
        case LK_XML_ERROR where xmlError.at_end != 0 && builder.root == nil:
            throw CatalogError(file: path, "not an XML document (no root element)")
        case LK_XML_ERROR where xmlError.at_end != 0:
            let open = builder.stack.last.map { "; <\($0.name)> is open" } ?? ""
            throw CatalogError(file: path, line: line, column: column, "the document ends before its root element is closed (truncated?)\(open)")
        case LK_XML_ERROR:
            throw CatalogError(file: path, line: line, column: column, "not well-formed XML (\(XLIFFReader.describe(Int(xmlError.code))))")
        default:
            throw CatalogError(file: path, "out of memory while reading the XML")
        }
        guard let root = builder.root else { throw CatalogError(file: path, "not an XML document (no root element)") }
        return AndroidXMLDocument(root: root, rootBindings: builder.rootBindings)
    }

    /// Builds the tree from parser events, and keeps where the next event starts.
    final class Builder {
        let path: String
        var root: Element?
        var rootBindings: [String: String] = [:]
        var stack: [Element] = []
        /// Namespace bindings in scope, one dictionary per open element.
        var scopes: [[String: String]] = []
        var error: CatalogError?
        /// Where the text after the last event begins.
        var next = Position(line: 1, column: 1)
        /// The last start tag's place, to tell `<b/>` (its end follows at once, two columns on).
        var lastStart: Position?
        /// Whether the last event was text as written in the file (not a reference), which text
        /// that follows at once goes on.
        var inText = false

        init(path: String) { self.path = path }

        func fail(_ message: String, at p: Position) {
            guard error == nil else { return }
            error = CatalogError(file: path, line: p.line, column: p.column, message)
        }

        static func handler(_ context: UnsafeMutableRawPointer) -> lk_xml_handler {
            func builder(_ context: UnsafeMutableRawPointer?) -> Builder {
                Unmanaged<Builder>.fromOpaque(context!).takeUnretainedValue()
            }
            func string(_ p: UnsafePointer<CChar>?) -> String? { p.map { String(cString: $0) } }
            func text(_ p: UnsafePointer<CChar>?, _ length: Int) -> String {
                String(decoding: UnsafeRawBufferPointer(start: p, count: length), as: UTF8.self)
            }
            return lk_xml_handler(
                context: context,
                start_element: { context, prefix, local, attributes, count, line, column in
                    let b = builder(context)
                    var list: [Attribute] = []
                    for a in UnsafeBufferPointer(start: attributes, count: Int(max(count, 0))) {
                        list.append(Attribute(prefix: string(a.prefix), name: string(a.name) ?? "",
                                              value: text(a.value, a.value_length)))
                    }
                    b.start(prefix: string(prefix), name: string(local) ?? "", attributes: list,
                            at: Position(line: Int(line), column: Int(column)))
                    return b.error == nil ? 0 : 1
                },
                end_element: { context, _, _, line, column in
                    let b = builder(context)
                    b.end(at: Position(line: Int(line), column: Int(column)))
                    return 0
                },
                characters: { context, chars, length, line, column in
                    let b = builder(context)
                    b.text(text(chars, length), end: Position(line: Int(line), column: Int(column)))
                    return 0
                },
                undefined_entity: { context, entity, line, column in
                    let b = builder(context)
                    b.fail("undefined entity &\(string(entity) ?? "");", at: Position(line: Int(line), column: Int(column)))
                    return 1
                },
                cdata: { context, chars, length, line, column in
                    let b = builder(context)
                    b.cdata(text(chars, length), start: Position(line: Int(line), column: Int(column)))
                    return 0
                },
                comment: { context, chars, length, line, column in
                    let b = builder(context)
                    b.append(.comment(text(chars, length)))
                    b.next = Position(line: Int(line), column: Int(column))
                    b.inText = false
                    return 0
                }
            )
        }

        func append(_ node: Node) {
            stack.last?.children.append(node)
        }

        func start(prefix: String?, name: String, attributes: [Attribute], at p: Position) {
            var scope = scopes.last ?? [:]
            for a in attributes {
                if a.prefix == "xmlns" { scope[a.name] = a.value } else if a.prefix == nil, a.name == "xmlns" { scope[""] = a.value }
            }
            let element = Element(prefix: prefix, name: name, namespace: scope[prefix ?? ""] ?? "",
                                  attributes: attributes.filter { $0.prefix != "xmlns" && !($0.prefix == nil && $0.name == "xmlns") },
                                  position: p)
            if stack.isEmpty {
                root = element
                rootBindings = scope
            } else {
                append(.element(element))
            }
            stack.append(element)
            scopes.append(scope)
            lastStart = p
            inText = false
            next = Position(line: p.line, column: p.column + 1)
        }

        func end(at p: Position) {
            guard !stack.isEmpty else { return }
            stack.removeLast()
            scopes.removeLast()
            inText = false
            // `<b/>`: libxml2 reports the start at its `/` and the end after `/>`.
            if let s = lastStart, s.line == p.line, p.column == s.column + 2 {
                next = p
            } else {
                next = Position(line: p.line, column: p.column + 1)
            }
            lastStart = nil
        }

        func text(_ s: String, end: Position) {
            lastStart = nil
            // libxml2 hands text over in pieces of its own making (where non-ASCII text begins,
            // every 300 bytes of it, at a CR): a piece that goes on from text as written is the
            // same run, or a `\` or `\u00E9` cut in two would read as something else. A reference
            // (`&amp;`, `&#92;`) stays a run of its own, as aapt2 gets it: one character whose
            // source is longer.
            let written = !(s.unicodeScalars.count == 1 && end.line == next.line && end.column > next.column + 1)
            if written, inText, let e = stack.last, case .text(var run)? = e.children.last {
                run.text += s
                e.children[e.children.count - 1] = .text(run)
            } else if !stack.isEmpty {
                append(.text(Text(text: s, start: next)))
            }
            inText = written
            next = end
        }

        func cdata(_ s: String, start: Position) {
            lastStart = nil
            inText = false
            if !stack.isEmpty { append(.text(Text(text: s, start: start))) }
            next = AndroidXMLDocument.advance(start, over: s)
            next.column += 3 // ]]>
        }
    }

    /// The place after `text` read from `p`.
    static func advance(_ p: Position, over text: some StringProtocol) -> Position {
        var q = p
        for u in text.unicodeScalars {
            if u == "\n" { q.line += 1; q.column = 1 } else { q.column += 1 }
        }
        return q
    }
}
