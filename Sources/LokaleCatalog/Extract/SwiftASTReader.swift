/// Reads the typed syntax tree `swiftc -frontend -dump-ast -dump-ast-format json` prints (one JSON
/// object per primary file, back to back): every string literal the compiler typed as Lokale's
/// `Message` or `Message.Value`, and the type of each value interpolated into one. The format is
/// the compiler's own and not promised stable, so only a few long-standing fields are read —
/// `_kind`, `type` (a mangled name), `range.start` (a byte offset), `filename` — and anything
/// unexpected is skipped, never fatal.
enum SwiftASTReader {
    /// The mangled types of Lokale's `Message` and `Message.Value`.
    static let messageTypes: Set<String> = ["$s6Lokale7MessageVD", "$s6Lokale7MessageV5ValueVD"]

    /// The types `Message.Value.StringInterpolation` has an `appendInterpolation` overload for
    /// (LocalizationValue.swift), by mangled name; any other type takes the generic
    /// `CustomStringConvertible` one.
    static let interpolatedTypes: [String: String] = [
        "$sSiD": "Int", "$ss5Int64VD": "Int64", "$ss5Int32VD": "Int32", "$ss5Int16VD": "Int16", "$ss4Int8VD": "Int8",
        "$sSuD": "UInt", "$ss6UInt64VD": "UInt64", "$ss6UInt32VD": "UInt32", "$ss6UInt16VD": "UInt16", "$ss5UInt8VD": "UInt8",
        "$sSdD": "Double", "$sSfD": "Float", "$sSSD": "String", "$sSsD": "Substring",
    ]

    /// The typed literals of each file in `output`, by the file name the compiler was given.
    static func read(_ output: [UInt8], bytes: (String) -> [UInt8]?) -> [String: TypedLiterals] {
        var result: [String: TypedLiterals] = [:]
        var parser = JSONTree(output)
        while let file = parser.next() {
            guard case .object = file, let name = file["filename"]?.string, let source = bytes(name) else { continue }
            collect(file, lines: LineStarts(source), into: &result[name, default: TypedLiterals(compiled: true)])
        }
        return result
    }

    static func collect(_ node: JSONTree.Node, lines: LineStarts, into typed: inout TypedLiterals) {
        switch node {
        case .array(let items):
            for item in items { collect(item, lines: lines, into: &typed) }
        case .object(let fields):
            let kind = node["_kind"]?.string
            if kind == "string_literal_expr" || kind == "interpolated_string_literal_expr",
               let type = node["type"]?.string, messageTypes.contains(type), let start = node["range"]?["start"]?.int {
                typed.messages.insert(lines.position(start))
                if let appending = node["appending_expr"] { interpolations(appending, lines: lines, into: &typed) }
            }
            for (_, value) in fields { collect(value, lines: lines, into: &typed) }
        default: break
        }
    }

    /// The `appendInterpolation(x)` calls the compiler made of a `Message` literal's `\(x)`s:
    /// the type of x, where x starts.
    static func interpolations(_ node: JSONTree.Node, lines: LineStarts, into typed: inout TypedLiterals) {
        switch node {
        case .array(let items):
            for item in items { interpolations(item, lines: lines, into: &typed) }
        case .object(let fields):
            if node["_kind"]?.string == "call_expr", let fn = node["fn"], fn.mentions("appendInterpolation"),
               case .array(let args)? = node["args"]?["args"], let first = args.first?["expr"],
               let type = first["type"]?.string, let start = first["range"]?["start"]?.int {
                typed.interpolations[lines.position(start)] = interpolatedTypes[type] ?? "CustomStringConvertible"
            }
            for (_, value) in fields { interpolations(value, lines: lines, into: &typed) }
        default: break
        }
    }
}

/// Byte offsets to 1-based lines and byte columns (as the tokenizers count).
struct LineStarts {
    var starts: [Int] = [0]
    init(_ bytes: [UInt8]) {
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
    }
    func position(_ offset: Int) -> SourcePosition {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourcePosition(line: lo + 1, column: offset - starts[lo] + 1)
    }
}

/// A small JSON reader for the compiler's output: values back to back, read one at a time, into
/// a tree that keeps objects' fields in order. Malformed input ends the reading (nil).
struct JSONTree {
    indirect enum Node {
        case object([(String, Node)]), array([Node]), string(String), scalar(String)

        subscript(key: String) -> Node? {
            guard case .object(let fields) = self else { return nil }
            return fields.first { $0.0 == key }?.1
        }
        var string: String? { if case .string(let s) = self { s } else { nil } }
        var int: Int? { if case .scalar(let s) = self { Int(s) } else if case .string(let s) = self { Int(s) } else { nil } }

        /// Whether any string in the subtree contains `word`.
        func mentions(_ word: String) -> Bool {
            switch self {
            case .string(let s): s.contains(word)
            case .object(let fields): fields.contains { $0.1.mentions(word) }
            case .array(let items): items.contains { $0.mentions(word) }
            case .scalar: false
            }
        }
    }

    let bytes: [UInt8]
    var at = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next top-level value; nil at the end or at malformed input.
    mutating func next() -> Node? {
        skipSpace()
        guard at < bytes.count else { return nil }
        return value()
    }

    mutating func skipSpace() { while at < bytes.count, bytes[at].isSpace { at += 1 } }

    mutating func value() -> Node? {
        skipSpace()
        guard at < bytes.count else { return nil }
        switch bytes[at] {
        case UInt8(ascii: "{"):
            at += 1
            var fields: [(String, Node)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipSpace()
                guard let key = string(), expect(":"), let v = value() else { return nil }
                fields.append((key, v))
                skipSpace()
                guard at < bytes.count else { return nil }
                at += 1
                if bytes[at - 1] == UInt8(ascii: "}") { return .object(fields) }
                guard bytes[at - 1] == UInt8(ascii: ",") else { return nil }
            }
        case UInt8(ascii: "["):
            at += 1
            var items: [Node] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                guard let v = value() else { return nil }
                items.append(v)
                skipSpace()
                guard at < bytes.count else { return nil }
                at += 1
                if bytes[at - 1] == UInt8(ascii: "]") { return .array(items) }
                guard bytes[at - 1] == UInt8(ascii: ",") else { return nil }
            }
        case UInt8(ascii: "\""):
            return string().map(Node.string)
        default:
            let start = at
            while at < bytes.count, !",]} \n\r\t".utf8.contains(bytes[at]) { at += 1 }
            return at > start ? .scalar(String(decoding: bytes[start..<at], as: UTF8.self)) : nil
        }
    }

    mutating func expect(_ c: Character) -> Bool {
        skipSpace()
        guard at < bytes.count, bytes[at] == c.asciiValue! else { return false }
        at += 1
        return true
    }

    /// A string at the cursor, escapes decoded (`\uXXXX` pairs included).
    mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        var out: [UInt8] = []
        while at < bytes.count {
            let b = bytes[at]
            at += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard b == UInt8(ascii: "\\"), at < bytes.count else { out.append(b); continue }
            let e = bytes[at]
            at += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var v = hex4() else { return nil }
                if v >= 0xD800, v < 0xDC00, at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                    at += 2
                    guard let low = hex4() else { return nil }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low &- 0xDC00)
                }
                out.appendScalar(v)
            default: out.append(e)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let d = bytes[at].hexValue else { return nil }
            v = v * 16 + UInt32(d)
            at += 1
        }
        return v
    }
}
