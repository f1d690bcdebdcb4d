internal import CXML

/// Reads XLIFF 1.2 (Xcode's localization exports) with libxml2's SAX parser, through the CXML shim
/// (no Foundation: FoundationXML would bring Foundation and its own ICU data into every program
/// that links LokaleCatalog). Only XML's five predefined entities exist; nothing is loaded from
/// outside the file. Errors name the file, line and column.
public enum XLIFFReader {
    public static func read(path: String) throws(CatalogError) -> XLIFFDocument {
        try parse(try readFile(path), path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> XLIFFDocument {
        // Xcode writes UTF-8, and names and attribute values are read as UTF-8: the bytes are
        // checked before libxml2 sees them.
        if let bad = firstInvalidUTF8(bytes) {
            let before = bytes[..<bad]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = bad - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw CatalogError(file: path, line: line, column: column, "not UTF-8 (XLIFF files are read as UTF-8)")
        }
        let collector = Collector(path: path)
        var xmlError = lk_xml_error()
        let status = withExtendedLifetime(collector) {
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    var handler = Collector.handler(Unmanaged.passUnretained(collector).toOpaque())
                    return lk_xml_parse(text.baseAddress, text.count, &handler, &xmlError)
                }
            }
        }
        if let e = collector.error { throw e }
        let (line, column) = (max(Int(xmlError.line), 1), max(Int(xmlError.column), 1))
        switch status {
        case LK_XML_OK, LK_XML_STOPPED: break
        case LK_XML_ERROR where xmlError.at_end != 0 && !collector.sawRoot:
            throw CatalogError(file: path, "not an XLIFF file (no <xliff> element)")
        case LK_XML_ERROR where xmlError.at_end != 0 && !collector.rootClosed:
            throw CatalogError(file: path, line: line, column: column, truncated(collector))
        case LK_XML_ERROR:
            throw CatalogError(file: path, line: line, column: column, "not well-formed XML (\(describe(Int(xmlError.code))))")
        default:
            throw CatalogError(file: path, "out of memory while reading the XML")
        }
        guard collector.sawRoot else { throw CatalogError(file: path, "not an XLIFF file (no <xliff> element)") }
        guard collector.rootClosed else {
            throw CatalogError(file: path, line: collector.line, column: collector.column, truncated(collector))
        }
        return collector.document
    }

    static func truncated(_ collector: Collector) -> String {
        "the document ends before </xliff> (truncated?)" + (collector.stack.last.map { "; <\($0)> is open" } ?? "")
    }

    /// The offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// libxml2's error codes (xmlParserErrors, xmlerror.h); the common ones in words.
    static func describe(_ code: Int) -> String {
        let words: [Int: String] = [
            4: "empty document", 5: "extra content after the root element", 6: "bad character reference",
            7: "bad character reference", 8: "bad character reference", 9: "a character XML does not allow",
            23: "entity reference without ';'", 26: "undefined entity", 38: "'<' in an attribute value",
            39: "attribute value not quoted", 40: "attribute value not closed", 41: "attribute without a value",
            42: "attribute given twice", 65: "space required", 68: "name expected", 72: "'<' expected",
            73: "'>' expected", 74: "'</' expected", 75: "'=' expected",
            76: "closing tag does not match the opening tag", 77: "element not closed before the end",
        ]
        return words[code] ?? "libxml2 error \(code)"
    }

    /// Builds the document from parser events, checking the structure as it goes.
    final class Collector {
        let path: String
        var document = XLIFFDocument()
        var error: CatalogError?
        var sawRoot = false
        var rootClosed = false
        var stack: [String] = []
        var unit: XLIFFDocument.Unit?
        var sawSource = false
        var text: String?
        /// The parser's position at the current event.
        var line = 1, column = 1

        init(path: String) {
            self.path = path
        }

        /// Records the first failure; the parse stops.
        func fail(_ message: String) {
            guard error == nil else { return }
            error = CatalogError(file: path, line: line, column: column, message)
        }

        /// lk_xml_parse's callbacks, each over the Collector at `context`: 0 to go on, 1 to stop.
        static func handler(_ context: UnsafeMutableRawPointer) -> lk_xml_handler {
            func collector(_ context: UnsafeMutableRawPointer?) -> Collector {
                Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
            }
            func name(_ prefix: UnsafePointer<CChar>?, _ local: UnsafePointer<CChar>?) -> String {
                let local = local.map { String(cString: $0) } ?? ""
                return prefix.map { String(cString: $0) + ":" + local } ?? local
            }
            return lk_xml_handler(
                context: context,
                start_element: { context, prefix, local, attributes, count, line, column in
                    let c = collector(context)
                    (c.line, c.column) = (Int(line), Int(column))
                    var dictionary: [String: String] = [:]
                    for attribute in UnsafeBufferPointer(start: attributes, count: Int(max(count, 0))) {
                        let bytes = UnsafeRawBufferPointer(start: attribute.value, count: attribute.value_length)
                        dictionary[name(attribute.prefix, attribute.name)] = String(decoding: bytes, as: UTF8.self)
                    }
                    c.start(name(prefix, local), attributes: dictionary)
                    return c.error == nil ? 0 : 1
                },
                end_element: { context, prefix, local, line, column in
                    let c = collector(context)
                    (c.line, c.column) = (Int(line), Int(column))
                    c.end(name(prefix, local))
                    return c.error == nil ? 0 : 1
                },
                characters: { context, text, length, _, _ in
                    let c = collector(context)
                    if c.text != nil {
                        c.text! += String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
                    }
                    return 0
                },
                // XLIFF has no DTD: any entity beyond the five predefined ones is undefined.
                undefined_entity: { context, entity, line, column in
                    let c = collector(context)
                    (c.line, c.column) = (Int(line), Int(column))
                    c.fail("undefined entity &\(entity.map { String(cString: $0) } ?? "");")
                    return 1
                },
                // CDATA reads as text (through `characters`); comments are not needed.
                cdata: nil,
                comment: nil
            )
        }

        func start(_ name: String, attributes: [String: String]) {
            guard error == nil else { return }
            let parent = stack.last
            stack.append(name)
            if text != nil { return fail("<\(name)> inside <\(parent!)>: inline elements are not supported") }
            switch (parent, name) {
            case (nil, "xliff"):
                sawRoot = true
                if let v = attributes["version"], v != "1.2" { fail("XLIFF version \(v) is not supported (only 1.2)") }
            case (nil, _): fail("not an XLIFF file: the root element is <\(name)>")
            case ("xliff", "file"):
                guard let original = attributes["original"], let source = attributes["source-language"] else {
                    return fail("<file> needs the attributes original and source-language")
                }
                document.files.append(.init(original: original, sourceLanguage: source, targetLanguage: attributes["target-language"]))
            case ("body", "trans-unit"), ("group", "trans-unit"):
                guard stack.contains("file") else { return fail("<trans-unit> outside a <file>") }
                guard let id = attributes["id"] else { return fail("<trans-unit> without an id") }
                unit = XLIFFDocument.Unit(id: id, source: "")
                unit!.line = line
                sawSource = false
            case ("trans-unit", "source"), ("trans-unit", "target"), ("trans-unit", "note"):
                text = ""
                if name == "target" { unit?.state = attributes["state"] }
                if name == "note" { unit?.noteIsAutoGenerated = attributes["from"] == "auto-generated" }
            default: break // header, tool, groups, alt-trans…: not needed
            }
        }

        func end(_ name: String) {
            guard error == nil, !stack.isEmpty else { return }
            stack.removeLast()
            if stack.isEmpty { rootClosed = true }
            switch name {
            case "source" where unit != nil: unit!.source = text ?? ""; sawSource = true; text = nil
            case "target" where unit != nil: unit!.target = text ?? ""; text = nil
            case "note" where unit != nil:
                // Xcode writes one note; several are joined.
                unit!.note = unit!.note.map { $0 + "\n" + (text ?? "") } ?? text
                text = nil
            case "trans-unit":
                guard var u = unit, !document.files.isEmpty else { return }
                guard sawSource else { return fail("<trans-unit id=\"\(u.id)\"> has no <source>") }
                if u.note == "" { u.note = nil }
                document.files[document.files.count - 1].units.append(u)
                unit = nil
            default: break
            }
        }
    }
}
