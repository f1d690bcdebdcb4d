import Foundation
import LokaleCore

// The reference resolver's reading of format specifiers, from Apple's documentation.
// MARK: - Specifiers

/// One `%` directive of a format string.
struct RefSpecifier {
    var range: Range<String.Index>
    var position: Int?          // n of %n$
    var flags: String
    var width: String
    var precision: String?
    var length: String
    var conversion: Character   // '%' for %%, '#' for %#@name@, '?' for an incomplete or unknown one
    var variable: String?       // for %#@name@

    var consumesArgument: Bool { conversion != "%" && conversion != "?" }

    var argType: RefArgType? {
        switch conversion {
        case "d", "i", "u", "x", "X", "o", "D", "U", "O": .int
        case "c", "C": .char
        case "f", "F", "e", "E", "g", "G", "a", "A": .double
        case "@", "s", "S": .string
        default: nil
        }
    }

    static func type(ofSpec spec: String) -> RefArgType {
        guard let c = spec.last else { return .string }
        switch c {
        case "d", "i", "u", "x", "X", "o", "D", "U", "O": return .int
        case "c", "C": return .char
        case "f", "F", "e", "E", "g", "G", "a", "A": return .double
        default: return .string
        }
    }
}

enum RefFormat {
    static let conversions: Set<Character> = ["d", "i", "u", "x", "X", "o", "D", "U", "O", "c", "C", "f", "F", "e", "E", "g", "G", "a", "A", "@", "s", "S", "p"]

    /// The directives of `s`, in order. `%arg` (String Catalog substitution variants) is reported
    /// as conversion "A"+variable "arg" only when `allowArg`.
    static func parse(_ s: String, allowArg: Bool = false) -> [RefSpecifier] {
        var out: [RefSpecifier] = []
        var i = s.startIndex
        while let p = s[i...].firstIndex(of: "%") {
            var j = s.index(after: p)
            func peek() -> Character? { j < s.endIndex ? s[j] : nil }
            if allowArg, s[j...].hasPrefix("arg") {
                j = s.index(j, offsetBy: 3)
                out.append(RefSpecifier(range: p..<j, position: nil, flags: "", width: "", precision: nil, length: "", conversion: "#", variable: "%arg"))
                i = j; continue
            }
            var position: Int? = nil
            // %n$
            var k = j
            var digits = ""
            while k < s.endIndex, s[k].isASCII, s[k].isNumber { digits.append(s[k]); k = s.index(after: k) }
            if !digits.isEmpty, k < s.endIndex, s[k] == "$", let n = Int(digits), n > 0 { position = n; j = s.index(after: k) }
            var flags = ""
            while let c = peek(), "-+ #0'".contains(c) {
                // %#@name@
                if c == "#", s.index(after: j) < s.endIndex, s[s.index(after: j)] == "@" {
                    let start = s.index(j, offsetBy: 2)
                    if let end = s[start...].firstIndex(of: "@") {
                        let e = s.index(after: end)
                        out.append(RefSpecifier(range: p..<e, position: position, flags: flags, width: "", precision: nil, length: "",
                                                conversion: "#", variable: String(s[start..<end])))
                        j = e
                    } else {
                        out.append(RefSpecifier(range: p..<s.endIndex, position: nil, flags: "", width: "", precision: nil, length: "", conversion: "?", variable: nil))
                        j = s.endIndex
                    }
                    i = j
                    break
                }
                flags.append(c); j = s.index(after: j)
            }
            if let last = out.last, last.range.lowerBound == p { continue }
            var width = ""
            while let c = peek(), c.isASCII, c.isNumber || c == "*" { width.append(c); j = s.index(after: j) }
            var precision: String? = nil
            if peek() == "." {
                j = s.index(after: j); precision = ""
                while let c = peek(), c.isASCII, c.isNumber || c == "*" { precision!.append(c); j = s.index(after: j) }
            }
            var length = ""
            while let c = peek(), "hlqLztj".contains(c) { length.append(c); j = s.index(after: j) }
            guard let c = peek() else {
                out.append(RefSpecifier(range: p..<s.endIndex, position: position, flags: flags, width: width, precision: precision, length: length, conversion: "?", variable: nil))
                break
            }
            j = s.index(after: j)
            let conv: Character = c == "%" ? "%" : (conversions.contains(c) ? c : "?")
            out.append(RefSpecifier(range: p..<j, position: position, flags: flags, width: width, precision: precision, length: length, conversion: conv, variable: nil))
            i = j
        }
        return out
    }
}
