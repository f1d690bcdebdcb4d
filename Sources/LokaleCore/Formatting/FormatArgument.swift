/// A typed argument for a message, as the C ABI's `lokale_arg` carries it.
public enum FormatArgument: Sendable, Hashable {
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    /// Text. Given to a numeric specifier it is read as a number ("3", "1.0", "-2"), which is how
    /// callers pass numbers whose visible fraction digits matter.
    case string(String)

    var integerValue: Int64? {
        switch self {
        case .int(let v): v
        case .uint(let v): Int64(truncatingIfNeeded: v)
        case .double(let v): v.isFinite && abs(v) < 9.2e18 ? Int64(v) : nil
        case .string(let s): Int64(s.trimmedASCII) ?? Double(s.trimmedASCII).flatMap { $0.isFinite && abs($0) < 9.2e18 ? Int64($0) : nil }
        }
    }

    var doubleValue: Double? {
        switch self {
        case .int(let v): Double(v)
        case .uint(let v): Double(v)
        case .double(let v): v
        case .string(let s): Double(s.trimmedASCII)
        }
    }

    var textValue: String {
        switch self {
        case .int(let v): String(v)
        case .uint(let v): String(v)
        case .double(let v): v.description
        case .string(let s): s
        }
    }

    var isNaN: Bool {
        switch self {
        case .double(let v): v.isNaN
        case .string(let s): Double(s.trimmedASCII)?.isNaN ?? false
        default: false
        }
    }

    var typeName: String {
        switch self {
        case .int: "integer"
        case .uint: "unsigned integer"
        case .double: "floating-point number"
        case .string: "string"
        }
    }
}

extension String {
    var trimmedASCII: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
