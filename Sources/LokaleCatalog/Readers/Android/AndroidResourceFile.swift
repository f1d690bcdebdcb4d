import LokaleCore

/// One `values*/*.xml` file's string resources, read as aapt2's ResourceParser reads them:
/// `<string>`, `<item type="string">`, `<plurals>` and `<string-array>`; every other resource
/// (`<color>`, `<dimen>`, `<style>`, …) is skipped. A comment right before a resource is its
/// comment for translators, as aapt2 keeps it.
struct AndroidResourceFile {
    typealias Position = AndroidXMLDocument.Position

    /// A text value: what it reads as, or the string it names (`@string/other`).
    struct Value {
        var text: AndroidStringBuilder.Result
        var alias: String?
        var position: Position
    }

    struct Entry {
        enum Kind {
            case string(Value)
            case plurals([PluralCategory: Value])
            case array([Value])
        }

        var name: String
        var kind: Kind
        var position: Position
        var translatable: Bool?
        var formatted = true
        var product: String?
        var comment: String?

        var kindName: String {
            switch kind {
            case .string: "string"
            case .plurals: "plurals"
            case .array: "string-array"
            }
        }
    }

    var path: String
    var entries: [Entry] = []
    /// The other resources the file holds (`color`, `dimen`…), which a writer would lose.
    var otherResources: Set<String> = []
    /// `tools:locale` of `<resources>`: the language of the default resources, for Android lint.
    var toolsLocale: String?
    /// Findings that do not stop compiling, with their place.
    var warnings: [(message: String, position: Position, key: String)] = []

    static let resourceTypes: Set<String> = [
        "anim", "animator", "array", "attr", "bool", "color", "dimen", "drawable", "font", "fraction", "id", "integer",
        "interpolator", "layout", "macro", "menu", "mipmap", "navigation", "plurals", "raw", "string", "style",
        "styleable", "transition", "xml",
    ]

    static func read(path: String) throws(CatalogError) -> AndroidResourceFile {
        try parse(try readFile(path), path: path)
    }

    static func parse(_ bytes: [UInt8], path: String) throws(CatalogError) -> AndroidResourceFile {
        let document = try AndroidXMLDocument.parse(bytes, path: path)
        var file = AndroidResourceFile(path: path)
        func fail(_ message: String, _ p: Position) -> CatalogError {
            CatalogError(file: path, line: p.line, column: p.column, message)
        }
        let root = document.root
        guard root.namespace.isEmpty, root.name == "resources" else {
            throw fail("the root element is <\(root.name)>, not <resources>: not an Android resource file", root.position)
        }
        let bindings = document.rootBindings
        if let value = root.attribute("locale", namespace: AndroidXMLDocument.toolsNamespace, bindings: bindings) {
            file.toolsLocale = try toolsLocale(value) { fail($0, root.position) }
        }
        var comment: String? = nil
        for child in root.children {
            switch child {
            case .comment(let c): comment = c
            case .text(let t):
                if let bad = t.text.unicodeScalars.firstIndex(where: { !AndroidStringBuilder.isSpace($0) }) {
                    let at = AndroidXMLDocument.advance(t.start, over: String(t.text.unicodeScalars[..<bad]))
                    throw fail("text outside any resource (aapt2: plain text not allowed here)", at)
                }
            case .element(let e):
                defer { comment = nil }
                guard e.namespace.isEmpty else { continue }
                if e.name == "skip" || e.name == "eat-comment" { continue }
                guard var entry = try file.entry(e, bindings: bindings, fail: fail) else { continue }
                entry.comment = comment.map { trimmed($0) }.flatMap { $0.isEmpty ? nil : $0 }
                file.entries.append(entry)
            }
        }
        return file
    }

    /// The localization `tools:locale` names: a locale qualifier as a `values-` folder spells it
    /// (`es`, `es-rUS`, `b+sr+Latn`), which lint reads, or a BCP 47 tag (`es-419`).
    static func toolsLocale(_ value: String, fail: (String) -> CatalogError) throws(CatalogError) -> String {
        if case .language(let tag)? = AndroidQualifiers.folder("values-" + value), LocalizationName.problem(tag) == nil { return tag }
        if let problem = LocalizationName.problem(value) {
            throw fail("tools:locale does not name a language (a locale qualifier such as es, es-rUS or b+sr+Latn): \(problem)")
        }
        return value
    }

    /// `s` without leading and trailing white space, by scalars (by Characters it costs a
    /// grapheme walk both ways for every value of a file).
    static func trimmed(_ s: String) -> String {
        let scalars = s.unicodeScalars
        guard let first = scalars.first, let last = scalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace else { return s }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }

    /// The resource `e` declares, when it is a string resource.
    mutating func entry(_ e: AndroidXMLDocument.Element, bindings: [String: String],
                        fail: (String, Position) -> CatalogError) throws(CatalogError) -> Entry? {
        var kind = e.name
        if kind == "item" {
            guard let type = e.attribute("type"), !type.isEmpty else { throw fail("<item> needs a type attribute (aapt2 refuses it)", e.position) }
            kind = type == "string" ? "string" : "item type=\(type)"
        }
        guard ["string", "plurals", "string-array"].contains(kind) else {
            otherResources.insert(kind)
            return nil
        }
        guard let name = e.attribute("name"), !name.isEmpty else { throw fail("<\(e.name)> without a name", e.position) }
        // By scalars: a Character walk of every name is a measurable part of reading a large file.
        if let bad = name.unicodeScalars.first(where: { $0.properties.isWhitespace || "[]/:@?\"'<>&".unicodeScalars.contains($0) }) {
            throw fail("'\(name)' is not a resource name ('\(bad)' cannot be part of one)", e.position)
        }
        var entry = Entry(name: name, kind: .array([]), position: e.position)
        entry.product = e.attribute("product").flatMap { $0.isEmpty ? nil : $0 }
        entry.translatable = try bool(e, "translatable", fail)
        entry.formatted = try bool(e, "formatted", fail) ?? true
        switch kind {
        case "string":
            entry.kind = .string(try value(e, name: name, bindings: bindings, fail: fail))
        case "plurals":
            var quantities: [PluralCategory: Value] = [:]
            for item in try items(of: e, fail) {
                guard let q = item.attribute("quantity").map(Self.trimmed), !q.isEmpty else {
                    throw fail("<item> of <plurals name=\"\(name)\"> without a quantity", item.position)
                }
                guard let c = PluralCategory(rawValue: q) else {
                    throw fail("unknown quantity '\(q)' in <plurals name=\"\(name)\"> (zero, one, two, few, many or other)", item.position)
                }
                guard quantities[c] == nil else { throw fail("quantity '\(q)' given twice in <plurals name=\"\(name)\">", item.position) }
                quantities[c] = try value(item, name: name, bindings: bindings, fail: fail)
            }
            entry.kind = .plurals(quantities)
        default:
            var values: [Value] = []
            for item in try items(of: e, fail) {
                values.append(try value(item, name: "\(name)[\(values.count)]", bindings: bindings, fail: fail))
            }
            entry.kind = .array(values)
        }
        return entry
    }

    /// The `<item>` children of `<plurals>` or `<string-array>`; text and comments between them are ignored.
    func items(of e: AndroidXMLDocument.Element, _ fail: (String, Position) -> CatalogError) throws(CatalogError) -> [AndroidXMLDocument.Element] {
        var out: [AndroidXMLDocument.Element] = []
        for c in e.elements {
            if c.namespace.isEmpty, c.name == "item" { out.append(c) }
            else if c.namespace.isEmpty, c.name == "skip" || c.name == "eat-comment" { continue }
            else { throw fail("<\(c.prefix.map { $0 + ":" } ?? "")\(c.name)> inside <\(e.name)> (only <item> belongs there)", c.position) }
        }
        return out
    }

    /// aapt2's booleans: true, TRUE, True, false, FALSE, False.
    func bool(_ e: AndroidXMLDocument.Element, _ name: String, _ fail: (String, Position) -> CatalogError) throws(CatalogError) -> Bool? {
        guard let v = e.attribute(name) else { return nil }
        switch Self.trimmed(v) {
        case "true", "TRUE", "True": return true
        case "false", "FALSE", "False": return false
        default: throw fail("\(name)=\"\(v)\" is not a boolean (true or false)", e.position)
        }
    }

    /// The value of a `<string>` or `<item>`: its text, or the `@string/…` it names.
    mutating func value(_ e: AndroidXMLDocument.Element, name key: String, bindings: [String: String],
                        fail: (String, Position) -> CatalogError) throws(CatalogError) -> Value {
        let built: AndroidStringBuilder.Result
        do { built = try AndroidStringBuilder.build(e) }
        catch { throw fail(error.message, error.position) }
        for ignored in built.ignored {
            warnings.append(("<\(ignored.name)> belongs to an unknown namespace: aapt2 drops the tag and keeps its text", ignored.position, key))
        }
        var value = Value(text: built, alias: nil, position: e.position)
        // aapt2 tries the raw text as a reference before making it a string (ResourceUtils::TryParseItemForAttribute).
        guard !built.hasSpans else { return value }
        let raw = Self.trimmed(built.raw)
        switch AndroidReference.parse(raw) {
        case .none: break
        case .string(let target): value.alias = target
        case .refused(let why): throw fail(why, e.position)
        case .text:
            warnings.append(("begins with '\(raw.first!)' but names no resource: aapt2 reads it as text; Android's guide asks for \\\(raw.first!)",
                             e.position, key))
        }
        return value
    }
}

/// A whole value that names a resource (`@string/app_name`, `?attr/colorPrimary`), read as
/// aapt2's ResourceUtils::ParseReference and ParseAttributeReference read it.
enum AndroidReference: Equatable {
    /// Not a reference: no leading `@` or `?`.
    case none
    /// Starts with `@` or `?` but is no reference: aapt2 keeps it as text.
    case text
    /// `@string/name` (of this app).
    case string(String)
    /// A reference Lokale cannot turn into text.
    case refused(String)

    static func parse(_ raw: String) -> AndroidReference {
        guard let first = raw.first, first == "@" || first == "?" else { return .none }
        let body = raw.dropFirst()
        if first == "@", body == "null" || body == "empty" {
            return .refused("\(raw) is no text: Resources.getString() has none to give (write \\\(raw) for the text \"\(raw)\")")
        }
        var rest = Substring(body)
        if first == "@", rest.hasPrefix("+") { rest = rest.dropFirst() }
        if rest.hasPrefix("*") { rest = rest.dropFirst() }
        var package: Substring? = nil, type: Substring = "", entry = rest
        if let colon = rest.firstIndex(of: ":") { package = rest[..<colon]; entry = rest[rest.index(after: colon)...] }
        if let slash = entry.firstIndex(of: "/") { type = entry[..<slash]; entry = entry[entry.index(after: slash)...] }
        guard !entry.isEmpty else { return .text }
        if first == "?" {
            guard type.isEmpty || type == "attr" else { return .text }
            return .refused("\(raw) names a theme attribute, whose value exists only in a running app (write \\? for text that begins with '?')")
        }
        guard AndroidResourceFile.resourceTypes.contains(String(type)) else { return .text }
        guard type == "string" else {
            return .refused("\(raw) names a \(type) resource, not a string (write \\@ for text that begins with '@')")
        }
        if let package, !package.isEmpty {
            return .refused("\(raw) names a string of the package '\(package)', which these sources do not hold")
        }
        return .string(String(entry))
    }
}
