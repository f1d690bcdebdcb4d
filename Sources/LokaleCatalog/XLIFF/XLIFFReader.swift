import Foundation
import FoundationXML

/// Reads XLIFF 1.2 (Xcode's localization exports) with Foundation's XMLParser (libxml2).
/// Errors name the file, line and column.
public enum XLIFFReader {
    public static func read(path: String) throws(CatalogError) -> XLIFFDocument {
        try parse(try readFile(path), path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> XLIFFDocument {
        // Xcode writes UTF-8; FoundationXML traps on names that are not valid UTF-8, so the
        // bytes are checked before it sees them.
        if let bad = firstInvalidUTF8(bytes) {
            let before = bytes[..<bad]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = bad - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw CatalogError(file: path, line: line, column: column, "not UTF-8 (XLIFF files are read as UTF-8)")
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        let collector = Collector(path: path, parser: parser)
        parser.delegate = collector
        let ok = parser.parse()
        if let e = collector.error { throw e }
        guard ok else {
            let code = (parser.parserError as? NSError)?.code ?? -1
            throw CatalogError(file: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                               "not well-formed XML (\(describe(code)))")
        }
        guard collector.sawRoot else { throw CatalogError(file: path, "not an XLIFF file (no <xliff> element)") }
        // XMLParser accepts a document cut short (it never tells libxml2 the input ended).
        guard collector.rootClosed else {
            throw CatalogError(file: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                               "the document ends before </xliff> (truncated?)" + (collector.stack.last.map { "; <\($0)> is open" } ?? ""))
        }
        return collector.document
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

    /// XMLParser's codes are libxml2's (xmlerror.h); the common ones in words.
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
    final class Collector: NSObject, XMLParserDelegate {
        let path: String
        unowned let parser: XMLParser
        var document = XLIFFDocument()
        var error: CatalogError?
        var sawRoot = false
        var rootClosed = false
        var stack: [String] = []
        var unit: XLIFFDocument.Unit?
        var sawSource = false
        var text: String?

        init(path: String, parser: XMLParser) {
            self.path = path
            self.parser = parser
        }

        func fail(_ message: String) {
            guard error == nil else { return }
            error = CatalogError(file: path, line: parser.lineNumber, column: parser.columnNumber, message)
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            // After an abort the parser may still deliver events: ignore them.
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
                unit!.line = parser.lineNumber
                sawSource = false
            case ("trans-unit", "source"), ("trans-unit", "target"), ("trans-unit", "note"):
                text = ""
                if name == "target" { unit?.state = attributes["state"] }
                if name == "note" { unit?.noteIsAutoGenerated = attributes["from"] == "auto-generated" }
            default: break // header, tool, groups, alt-trans…: not needed
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
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

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        // XLIFF has no DTD: any entity beyond the five predefined ones is undefined.
        func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
            fail("undefined entity &\(name);")
            return nil
        }

        func parser(_ parser: XMLParser, foundCDATA block: Data) {
            text? += String(decoding: block, as: UTF8.self)
        }
    }
}
