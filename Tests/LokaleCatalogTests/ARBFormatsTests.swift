import CICU
import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Flutter's placeholder formats, as Lokale lowers them, against ICU itself: real ARB files (a
/// template and nine translations, half of whose messages fall back to the template's), compiled
/// into a table, formatted through the bundle, compared with ICU4C's NumberFormat of the style the
/// format names (`unum_open`), or with ICU's MessageFormat (`umsg_format`) of the skeleton or
/// pattern it names where ICU has no NumberFormat style (the narrow symbol, compact currencies).
struct ARBFormatsTests {
    enum Reference {
        /// unum_open(style) with a currency ("" none, nil the locale's own) and fraction digits.
        case unum(Int32, currency: String?, decimals: Int32)
        /// umsg_format of `pattern` with the value as {0}; `%C` is replaced by the locale's currency.
        case umsg(String)
    }

    struct Spec {
        var key: String
        var placeholder: String
        var reference: Reference
        var isDate = false
        var integers = false
    }

    static let numbers: [Double] = [0, 1, 2, 12, 999, 1000, 1234.5678, 99_999, 1_234_567.891, -5, -1234.5, 0.5, 0.125, 1e9, 0.000123]
    static let dates: [Double] = [0, 1_136_214_245_000, 1_767_225_599_000, 951_782_400_000]
    static let locales = ["en", "fr", "de", "ru", "pl", "ar", "ja", "hi", "pt-BR", "en-GB"]

    static let numberSpecs: [Spec] = [
        Spec(key: "plainInt", placeholder: #"{"type": "int"}"#, reference: .unum(1, currency: "", decimals: -1), integers: true),
        Spec(key: "plainNum", placeholder: #"{"type": "num"}"#, reference: .unum(1, currency: "", decimals: -1)),
        Spec(key: "decimalPattern", placeholder: #"{"type": "double", "format": "decimalPattern"}"#, reference: .unum(1, currency: "", decimals: -1)),
        Spec(key: "decimalPatternDigits", placeholder: #"{"type": "double", "format": "decimalPatternDigits", "optionalParameters": {"decimalDigits": 2}}"#,
             reference: .unum(1, currency: "", decimals: 2)),
        Spec(key: "percentPattern", placeholder: #"{"type": "double", "format": "percentPattern"}"#, reference: .unum(3, currency: "", decimals: -1)),
        Spec(key: "decimalPercentPattern", placeholder: #"{"type": "double", "format": "decimalPercentPattern", "optionalParameters": {"decimalDigits": 1}}"#,
             reference: .unum(3, currency: "", decimals: 1)),
        Spec(key: "scientificPattern", placeholder: #"{"type": "double", "format": "scientificPattern"}"#, reference: .unum(4, currency: "", decimals: -1)),
        Spec(key: "compact", placeholder: #"{"type": "int", "format": "compact"}"#, reference: .unum(14, currency: "", decimals: -1), integers: true),
        Spec(key: "compactLong", placeholder: #"{"type": "num", "format": "compactLong"}"#, reference: .unum(15, currency: "", decimals: -1)),
        Spec(key: "currencyEUR", placeholder: #"{"type": "double", "format": "currency", "optionalParameters": {"name": "EUR"}}"#,
             reference: .unum(10, currency: "EUR", decimals: -1)),
        Spec(key: "currencyOwn", placeholder: #"{"type": "double", "format": "currency"}"#, reference: .unum(10, currency: nil, decimals: -1)),
        Spec(key: "currencyDigits", placeholder: #"{"type": "double", "format": "currency", "optionalParameters": {"name": "USD", "decimalDigits": 0}}"#,
             reference: .unum(10, currency: "USD", decimals: 0)),
        Spec(key: "simpleCurrency", placeholder: #"{"type": "double", "format": "simpleCurrency", "optionalParameters": {"name": "USD"}}"#,
             reference: .umsg("{0, number, ::currency/USD unit-width-narrow group-on-aligned}")),
        Spec(key: "simpleCurrencyOwn", placeholder: #"{"type": "double", "format": "simpleCurrency"}"#,
             reference: .umsg("{0, number, ::currency/%C unit-width-narrow group-on-aligned}")),
        Spec(key: "compactCurrency", placeholder: #"{"type": "double", "format": "compactCurrency", "optionalParameters": {"name": "EUR"}}"#,
             reference: .umsg("{0, number, ::compact-short currency/EUR unit-width-iso-code}")),
        Spec(key: "compactSimpleCurrency", placeholder: #"{"type": "double", "format": "compactSimpleCurrency", "optionalParameters": {"name": "USD", "decimalDigits": 2}}"#,
             reference: .umsg("{0, number, ::compact-short currency/USD unit-width-narrow .00}")),
        Spec(key: "compactSimpleCurrencyOwn", placeholder: #"{"type": "double", "format": "compactSimpleCurrency"}"#,
             reference: .umsg("{0, number, ::compact-short currency/%C unit-width-narrow}")),
    ]

    static let dateSpecs: [Spec] = {
        var specs = ARBFormats_dateSkeletons.map { s in
            Spec(key: "date_" + s, placeholder: #"{"type": "DateTime", "format": "\#(s)"}"#, reference: .umsg("{0, date, ::\(s)}"), isDate: true)
        }
        specs.append(Spec(key: "dateJoined", placeholder: #"{"type": "DateTime", "format": "yMd+jm"}"#, reference: .umsg("{0, date, ::yMdjm}"), isDate: true))
        specs.append(Spec(key: "dateCustom", placeholder: #"{"type": "DateTime", "format": "EEE, MMM d, ''yy 'at' HH:mm", "isCustomDateFormat": "true"}"#,
                          reference: .umsg("{0, date,EEE, MMM d, ''yy 'at' HH:mm}"), isDate: true))
        return specs
    }()

    /// gen-l10n's list, written here rather than read from Lokale's.
    static let ARBFormats_dateSkeletons = ["d", "E", "EEEE", "LLL", "LLLL", "M", "Md", "MEd", "MMM", "MMMd", "MMMEd", "MMMM", "MMMMd",
                                          "MMMMEEEEd", "QQQ", "QQQQ", "y", "yM", "yMd", "yMEd", "yMMM", "yMMMd", "yMMMEd", "yMMMM", "yMMMMd",
                                          "yMMMMEEEEd", "yQQQ", "yQQQQ", "H", "Hm", "Hms", "j", "jm", "jms", "jmv", "jmz", "jv", "jz", "m", "ms", "s"]

    /// ICU's text for `spec` in `locale` (a BCP 47 tag), or nil when ICU refuses.
    static func icu(_ spec: Spec, _ locale: String, _ value: Double) -> String? {
        let icuLocale = locale.replacingOccurrences(of: "-", with: "_")
        var out = [CChar](repeating: 0, count: 1024)
        let n: Int32
        switch spec.reference {
        case .unum(let style, let currency, let decimals):
            n = currency.map { lk_unum_format(style, icuLocale, $0, decimals, value, &out, 1024) }
                ?? lk_unum_format(style, icuLocale, nil, decimals, value, &out, 1024)
        case .umsg(let pattern):
            let p = pattern.replacingOccurrences(of: "%C", with: MF2.currency(forLocale: locale) ?? "XXX")
            n = lk_umsg_format(p, icuLocale, spec.isDate ? "t" : "d", [value], nil, &out, 1024)
        }
        guard n >= 0 else { return nil }
        return String(decoding: out[..<Int(n)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every message's placeholder `v` is the spec's; translations quote the value in « » so that
    /// the served one is seen, and leave out every other key (gen-l10n's fallback serves those).
    static func files(in dir: String, specs: [Spec]) -> [String] {
        var template = ["\"@@locale\": \"en\""]
        for s in specs {
            template.append("\"\(s.key)\": \"{v}\"")
            template.append("\"@\(s.key)\": {\"placeholders\": {\"v\": \(s.placeholder)}}")
        }
        var paths = [Fixtures.write("{\n  " + template.joined(separator: ",\n  ") + "\n}\n", to: "app_en.arb", in: dir)]
        for l in locales where l != "en" {
            let own = specs.enumerated().filter { $0.offset % 2 == 0 }.map { "\"\($0.element.key)\": \"«{v}»\"" }
            paths.append(Fixtures.write("{\n  " + own.joined(separator: ",\n  ") + "\n}\n", to: "app_\(l.replacingOccurrences(of: "-", with: "_")).arb", in: dir))
        }
        return paths
    }

    @Test func formatsAgreeWithICU() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb-formats")
        let specs = Self.numberSpecs + Self.dateSpecs
        let path = try Fixtures.compile(Self.files(in: dir, specs: specs), to: dir + "/out.lokale")
        var compared = 0, agree = 0, outputs = Set<String>()
        var differences: [String: Int] = [:], shown: [String] = []
        for locale in Self.locales {
            let bundle = try Runtime(preferredLanguages: [locale]).open(path: path, main: true)
            for (k, spec) in specs.enumerated() {
                let quoted = locale != "en" && k % 2 == 0
                let values = spec.isDate ? Self.dates : spec.integers ? Self.numbers.filter { $0 == $0.rounded() } : Self.numbers
                for v in values {
                    let argument: MF2.Argument = spec.isDate ? .date(v / 1000, timeZone: nil) : spec.integers ? .int(Int64(v)) : .double(v)
                    guard let reference = Self.icu(spec, locale, v) else {
                        Issue.record("ICU refused \(spec.key) in \(locale)")
                        continue
                    }
                    // An ARB message formats as ICU does: no bidi isolation, Arabic included.
                    let expected = quoted ? "«" + reference + "»" : reference
                    let got = try bundle.format(spec.key, arguments: [], named: ["v": argument])
                    compared += 1
                    outputs.insert(reference)
                    if got.text == expected && got.problems.isEmpty {
                        agree += 1
                    } else {
                        differences["\(spec.key) \(locale)", default: 0] += 1
                        if shown.count < 20 { shown.append("\(locale) \(spec.key) \(v): ICU «\(expected)» Lokale «\(got.text)» \(got.problems)") }
                    }
                }
            }
        }
        print("ARB formats against ICU: \(specs.count) formats × \(Self.locales.count) locales, \(compared) compared, \(agree) agree, \(outputs.count) distinct outputs")
        for d in shown { print("  DIFF " + d) }
        // The one known difference (docs/SOURCES.md): Hindi's scientific NumberFormat pattern puts
        // the number in brackets ([1.2E3]), which a skeleton's notation does not.
        #expect(Set(differences.keys).subtracting(["scientificPattern hi"]).isEmpty, "\(differences)")
        #expect(outputs.count > 1500)
        #expect(compared - agree == differences["scientificPattern hi"] ?? 0)
    }
}
