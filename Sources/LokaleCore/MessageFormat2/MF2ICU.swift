internal import CICU

/// The MF2 functions' calls into ICU (CICU's lokale_icu_mf2.h), on Swift strings.
enum MF2ICU {
    /// ICU's id for a BCP 47 tag (`en-US` → `en_US`); root for `und` and tags ICU cannot read.
    static func id(_ locale: String) -> String { ICULocale(locale)?.id ?? "" }

    static func isRightToLeft(_ locale: String) -> Bool { lk_mf2_locale_is_rtl(id(locale)) != 0 }

    /// UTF-16 text from a (out, cap) → needed function, growing the buffer once when it is short.
    private static func utf16(_ f: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> String? {
        var capacity = 128
        for _ in 0..<2 {
            let result: String?? = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
                let n = Int(f(buffer.baseAddress!, Int32(capacity)))
                if n < 0 { return .some(nil) }
                if n > capacity {
                    capacity = n
                    return nil
                }
                return .some(String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: n), as: UTF16.self))
            }
            if let r = result { return r }
        }
        return nil
    }

    /// ICU's number field codes as the part types of JavaScript's `formatToParts`, which the
    /// conformance suite's expected parts use.
    private static let fieldTypes = ["integer", "fraction", "decimal", "exponentSeparator", "exponentMinusSign", "exponentInteger",
                                     "group", "currency", "percentSign", "unit", "sign", "unit", "compact"]

    struct Number {
        var text: String
        var keyword: String?
        var fields: [MF2.Field]
    }

    /// `number` (ICU decimal text) formatted with `skeleton`; with `rules`, its plural category as
    /// formatted; with `fields`, its fields. Nil when ICU refuses the skeleton or the number.
    static func formatNumber(locale: String, skeleton: String, number: String, rules: PluralRules?, fields wantFields: Bool) -> Number? {
        let loc = id(locale)
        let skel = Array(skeleton.utf16), num = Array(number.utf8)
        var keyword = [CChar](repeating: 0, count: 16)
        var positions = [Int32](repeating: 0, count: wantFields ? 3 * 64 : 0)
        var count: Int32 = 0
        guard let text = utf16({ out, cap in
            num.withUnsafeBufferPointer { n in
                n.withMemoryRebound(to: CChar.self) { n in
                    positions.withUnsafeMutableBufferPointer { p in
                        lk_mf2_number_format(loc, skel, Int32(skel.count), n.baseAddress, Int32(n.count), rules.flatMap { $0.rules.map(UnsafeRawPointer.init) },
                                             &keyword, Int32(keyword.count), wantFields ? p.baseAddress : nil, 64, &count, out, cap)
                    }
                }
            }
        }) else { return nil }
        let k = String(decoding: keyword.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var fields: [MF2.Field] = []
        if wantFields {
            // Each UTF-16 unit belongs to the innermost field around it (groups sit inside the
            // integer); runs of one field are one part, text in no field is a literal.
            let units = Array(text.utf16)
            var owner = [Int](repeating: -1, count: units.count), span = [Int](repeating: Int.max, count: units.count)
            for f in 0..<Int(count) {
                let field = Int(positions[3 * f]), start = Int(positions[3 * f + 1]), limit = min(Int(positions[3 * f + 2]), units.count)
                guard start < limit else { continue }
                for i in start..<limit where limit - start < span[i] {
                    owner[i] = field
                    span[i] = limit - start
                }
            }
            var i = 0
            while i < units.count {
                var j = i + 1
                while j < units.count, owner[j] == owner[i] { j += 1 }
                let value = String(decoding: units[i..<j], as: UTF16.self)
                var type = owner[i] >= 0 && owner[i] < fieldTypes.count ? fieldTypes[owner[i]] : "literal"
                if type == "sign" { type = value == "+" ? "plusSign" : "minusSign" }
                fields.append(MF2.Field(type, value))
                i = j
            }
        }
        return Number(text: text, keyword: k.isEmpty ? nil : k, fields: fields)
    }

    /// `seconds` since 1970 in `timeZone` (nil: UTC): in the locale's formats of the styles
    /// (0 full … 3 short, -1 none) when `skeleton` is nil, else its best pattern for `skeleton`
    /// (`isPattern`: `skeleton` is the pattern itself).
    static func formatDate(locale: String, dateStyle: Int32, timeStyle: Int32, skeleton: String?, isPattern: Bool = false,
                           seconds: Double, timeZone: String?) -> String? {
        let loc = id(locale)
        let skel = Array((skeleton ?? "").utf16), zone = Array((timeZone ?? "").utf16)
        return utf16 { out, cap in
            lk_mf2_date_format(loc, dateStyle, timeStyle, skel, Int32(skel.count), isPattern ? 1 : 0, zone, Int32(zone.count),
                               seconds * 1000, out, cap)
        }
    }

    /// The ISO 4217 code of the currency used where `locale` is spoken (ICU's `ucurr_forLocale`, the
    /// locale's likely region when it names none: `fr` → EUR); nil when ICU knows none.
    static func currency(forLocale locale: String) -> String? {
        let loc = id(locale)
        var code = [UInt16](repeating: 0, count: 8)
        let n = Int(lk_currency_for_locale(loc, &code, 8))
        return n == 3 ? String(decoding: code[..<3], as: UTF16.self) : nil
    }
}

extension MF2 {
    /// The currency ICU gives `locale` (`pt-BR` → BRL, `fr` → EUR, by the likely region of a language
    /// alone); nil when it knows none. What Flutter's currency formats show without a `name`.
    public static func currency(forLocale locale: String) -> String? { MF2ICU.currency(forLocale: locale) }
}
