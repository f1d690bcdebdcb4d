import FoundationEssentials

/// A generic JSON tree, decoded independently of `StringCatalogReader`, so that the tests read the
/// catalogs their own way and compare.
enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    static func read(_ path: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: URL(filePath: path)))
    }

    subscript(_ key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }
    var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
    var string: String? { if case .string(let s) = self { s } else { nil } }
    var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
}
