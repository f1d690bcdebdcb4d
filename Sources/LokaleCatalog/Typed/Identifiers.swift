import CICU
import LokaleCore

/// The one rule that turns keys, table names and argument names into identifiers, for every
/// generated language (documented in docs/TYPED.md; changing it renames users' symbols):
///
/// 1. A key's format specifiers are left out (`"%lld items in %@"` reads `items in`).
/// 2. The rest is transliterated to ASCII by ICU's `Any-Latin; Latin-ASCII` transform (`Größe` →
///    `Grosse`, `Привет` → `Privet`), then splits into words at every character that is not an
///    ASCII letter or digit, and inside a word where a lowercase letter or digit meets an uppercase
///    one (`itemCount`) and before the last capital of a run followed by a lowercase letter
///    (`URLScheme`: URL, Scheme).
/// 3. The words are spelled in the language's style: lowerCamelCase (Swift members and parameters),
///    UpperCamelCase (Swift and Python table namespaces), snake_case (C and Python functions),
///    UPPER_SNAKE_CASE (C key constants).
/// 4. No word: `message` (a key of symbols only); a leading digit gets `_` before it; a
///    keyword of the language is escaped (Swift: backticks) or gets `_` after it (C, Python).
/// 5. Collisions in one namespace: keys are taken in UTF-8 byte order; the first keeps the name,
///    the next ones get `_2`, `_3`, … in that order.
public enum Identifiers {
    public enum Style: Sendable { case lowerCamel, upperCamel, snake, upperSnake }

    /// Sorting by UTF-8 bytes: the same on every machine and locale.
    public static func byteOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// `text` as an identifier in `style`, before keywords and collisions (rules 2–4 but keywords).
    public static func spell(_ text: String, _ style: Style, isKey: Bool = false) -> String {
        let ws = words(isKey ? withoutSpecifiers(text) : text)
        guard !ws.isEmpty else { return style == .upperCamel ? "Message" : style == .upperSnake ? "MESSAGE" : "message" }
        let spelled: String
        switch style {
        case .lowerCamel: spelled = ws[0].lowercased() + ws.dropFirst().map(capitalized).joined()
        case .upperCamel: spelled = ws.map(capitalized).joined()
        case .snake: spelled = ws.map { $0.lowercased() }.joined(separator: "_")
        case .upperSnake: spelled = ws.map { $0.uppercased() }.joined(separator: "_")
        }
        return spelled.utf8.first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } == true ? "_" + spelled : spelled
    }

    /// Rule 5: `names` (in their keys' byte order) made unique within their namespace, avoiding
    /// `taken` (names the writer itself declares there).
    public static func unique(_ names: [String], avoiding taken: Set<String> = []) -> [String] {
        var used = taken
        return names.map { name in
            var candidate = name
            var n = 2
            while used.contains(candidate) {
                candidate = "\(name)_\(n)"
                n += 1
            }
            used.insert(candidate)
            return candidate
        }
    }

    /// Rule 1: the literal text of a key that is a format string; other keys as they are.
    static func withoutSpecifiers(_ key: String) -> String {
        guard key.hasPercent else { return key }
        let parsed = FormatParser.parse(key)
        guard parsed.problems.isEmpty else { return key }
        let bytes = Array(key.utf8)
        var out: [UInt8] = []
        for s in parsed.segments {
            out.append(UInt8(ascii: " "))
            if s.kind == .literal { out += bytes[s.start..<(s.start + s.length)] }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Rule 2: ICU's transliteration, for text that is not ASCII already.
    static func ascii(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return text }
        let bytes = Array(text.utf8)
        var capacity = bytes.count * 4 + 16
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let n = bytes.withUnsafeBufferPointer { src in
                src.withMemoryRebound(to: CChar.self) { s in
                    out.withUnsafeMutableBufferPointer { dst in
                        dst.withMemoryRebound(to: CChar.self) { lk_to_ascii(s.baseAddress, Int32(s.count), $0.baseAddress, Int32(capacity)) }
                    }
                }
            }
            guard n >= 0 else { return text }
            if Int(n) <= capacity { return String(decoding: out.prefix(Int(n)), as: UTF8.self) }
            capacity = Int(n)
        }
    }

    /// Rule 2.
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        var word: [UInt8] = []
        func flush() {
            if !word.isEmpty { result.append(String(decoding: word, as: UTF8.self)) }
            word = []
        }
        let bytes = Array(ascii(text).utf8)
        for (i, b) in bytes.enumerated() {
            guard isAlphanumeric(b) else { flush(); continue }
            if let last = word.last, isUpper(b) {
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                if !isUpper(last) || isLower(next) { flush() }
            }
            word.append(b)
        }
        flush()
        return result
    }

    private static func capitalized(_ w: String) -> String {
        w.prefix(1).uppercased() + w.dropFirst().lowercased()
    }
    private static func isUpper(_ b: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) }
    private static func isLower(_ b: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) }
    private static func isAlphanumeric(_ b: UInt8) -> Bool {
        isUpper(b) || isLower(b) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }

    // MARK: Keywords

    public static let swiftKeywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]

    public static let cKeywords: Set<String> = [
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while", "bool",
        "true", "false", "alignas", "alignof", "noreturn", "static_assert", "thread_local",
        // C++, since the header is also C++'s.
        "and", "and_eq", "asm", "bitand", "bitor", "catch", "class", "compl", "const_cast", "constexpr", "decltype",
        "delete", "dynamic_cast", "explicit", "export", "friend", "mutable", "namespace", "new", "noexcept", "not",
        "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "reinterpret_cast",
        "static_cast", "template", "this", "throw", "try", "typeid", "typename", "using", "virtual", "wchar_t", "xor",
        "xor_eq", "char8_t", "char16_t", "char32_t", "concept", "consteval", "constinit", "co_await", "co_return",
        "co_yield", "requires",
    ]

    public static let pythonKeywords: Set<String> = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
        "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
        "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "match", "case", "type",
    ]
}
