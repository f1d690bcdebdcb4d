/// Minimal JSON output for explain traces (the runtime has no Foundation).
public struct JSONText {
    public private(set) var text = ""
    private var needsComma = [false]

    public init() {}

    public static func quote(_ s: String) -> String {
        quote(s) { u in
            guard u.value < 0x20 else { return nil }
            let hex = String(u.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// `s` in double quotes with `"` `\\` and newline, return and tab escaped as JSON, Swift, C and
    /// Python all write them, and every other scalar that `escape` spells (nil: as it is): the
    /// quoting each generated language shares, its own escapes apart.
    public static func quote(_ s: String, escape: (Unicode.Scalar) -> String?) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let e = escape(u) { out += e } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
    }
    private mutating func key(_ k: String?) {
        separator()
        if let k { text += JSONText.quote(k) + ":" }
    }

    public mutating func open(_ k: String? = nil, array: Bool = false) {
        key(k)
        text += array ? "[" : "{"
        needsComma.append(false)
    }
    public mutating func close(array: Bool = false) {
        needsComma.removeLast()
        text += array ? "]" : "}"
    }
    public mutating func string(_ k: String?, _ v: String?) {
        key(k)
        text += v.map(JSONText.quote) ?? "null"
    }
    public mutating func number(_ k: String?, _ v: Int?) {
        key(k)
        text += v.map(String.init) ?? "null"
    }
    public mutating func bool(_ k: String?, _ v: Bool) {
        key(k)
        text += v ? "true" : "false"
    }
}
