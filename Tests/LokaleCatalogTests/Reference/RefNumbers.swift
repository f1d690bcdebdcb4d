import Foundation
import LokaleCore

// The reference resolver's localized numbers: Apple's documented decimal style on locale data.
// MARK: - Numbers

enum RefNumbers {
    /// Locales whose CLDR decimal pattern is `#,##,##0.###` (groups of two after the first three).
    static let indicGrouping: Set<String> = ["hi", "bn", "en-IN", "gu", "kn", "ml", "mr", "ta", "te", "ne", "or", "pa", "as"]

    /// CLDR's `minimumGroupingDigits` where it is not 1 (CLDR 42, as ICU 72 ships it): the
    /// grouping separator appears only when the digits before the first one are at least this many
    /// (`1000` but `10 000` in Polish). Locale data, keyed by BCP 47 tag, then by language.
    static let minimumGroupingDigits: [String: Int] = [
        "be": 2, "bg": 2, "es": 2, "et": 2, "ia": 2, "ka": 2, "lv": 2, "pl": 2, "sq": 2, "ee": 3,
        "pt-PT": 2, "pt-CH": 2, "pt-CV": 2, "pt-GQ": 2, "pt-GW": 2, "pt-LU": 2, "pt-MO": 2, "pt-MZ": 2, "pt-ST": 2, "pt-TL": 2,
        "ru-UA": 2,
    ]

    static func language(_ locale: String) -> String { String(locale.prefix(while: { $0 != "-" && $0 != "_" })) }

    static func minimumGrouping(_ locale: String) -> Int {
        let tag = locale.replacingOccurrences(of: "_", with: "-")
        if let n = minimumGroupingDigits[tag] { return n }
        let lang = language(tag)
        if lang == "pt" || lang == "ru" { return 1 }
        return minimumGroupingDigits[lang] ?? 1
    }

    static func group(_ digits: String, separator: String, locale: String) -> String {
        let chars = Array(digits)
        if chars.count <= 3 || chars.count < 3 + minimumGrouping(locale) { return digits }
        let secondary = indicGrouping.contains(locale) || indicGrouping.contains(language(locale)) ? 2 : 3
        var groups: [String] = [String(chars.suffix(3))]
        var rest = chars.dropLast(3)
        while !rest.isEmpty {
            groups.append(String(rest.suffix(secondary)))
            rest = rest.dropLast(secondary)
        }
        return groups.reversed().joined(separator: separator)
    }

    /// Writes the ASCII digits of a C-formatted number with the locale's digits, decimal separator
    /// and (for decimal integers and %f) grouping.
    static func localize(_ ascii: String, locale: String, grouping: Bool) -> String {
        let symbols = NumberSymbols.forLocale(locale)
        var out = ""
        var s = Substring(ascii)
        // leading sign/padding
        while let c = s.first, !(c.isASCII && c.isNumber) { out.append(c); s = s.dropFirst() }
        let intPart = s.prefix(while: { $0.isASCII && $0.isNumber })
        let tail = s.dropFirst(intPart.count)
        out += grouping ? group(String(intPart), separator: symbols.grouping, locale: locale) : String(intPart)
        var t = String(tail)
        if t.hasPrefix(".") { t = symbols.decimal + t.dropFirst() }
        out += t
        guard symbols.zero != "0" else { return out }
        return String(String.UnicodeScalarView(out.unicodeScalars.map { u in
            (u.value >= 0x30 && u.value <= 0x39) ? Unicode.Scalar(symbols.zero.value + u.value - 0x30)! : u
        }))
    }

    /// One number through the C library's printf (one directive, no locale), as CFString does
    /// before localizing it.
    static func cFormat(_ directive: String, _ arg: CVarArg) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        _ = withVaList([arg]) { vsnprintf(&buffer, buffer.count, directive, $0) }
        return String(cString: buffer)
    }
}
