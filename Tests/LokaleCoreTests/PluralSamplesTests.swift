import FoundationEssentials
import LokaleCore
import TestSupport
import Testing

/// Every non-compact sample of CLDR 42 (as ICU 72 ships it) through the public path: a compiled
/// catalog with one variant per category in every locale, looked up with the sample passed as text.
@Suite(.enabled(if: Fixtures.hasConformance, "../shared/conformance is absent (set LOKALE_CONFORMANCE to run these tests)"))
struct PluralSamplesTests {
    struct Sample { var locale: String; var ordinal: Bool; var category: String; var value: String }

    static func samples() throws -> [Sample] {
        let path = Fixtures.conformance! + "/icu4c-72.1/plural-samples-icu72-cldr42.tsv"
        let text = String(decoding: try Data(contentsOf: URL(filePath: path)), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> Sample? in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 5 else { return nil }
            return Sample(locale: f[0], ordinal: f[1] == "ordinal", category: f[2], value: f[4])
        }
    }

    /// A String Catalog whose "cardinal" and "ordinal" keys answer with the category's name.
    /// A `zero` variant is given only where the language has that category: Apple's rule makes a
    /// `zero` variant serve 0 in every language.
    static func catalog(locales: [String], zero: (String, String) -> Bool = { _, _ in true }) -> String {
        func variants(_ locale: String, _ kind: String) -> String {
            let cases = PluralCategory.allCases.filter { $0 != .zero || zero(locale, kind) }.map { c in
                "\"\(c.rawValue)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"\(c.rawValue) %@\"}}"
            }.joined(separator: ",")
            return "{\"variations\": {\"\(kind)\": {\(cases)}}}"
        }
        let cardinal = locales.map { "\"\($0)\": \(variants($0, "plural"))" }.joined(separator: ",")
        let ordinal = locales.map { "\"\($0)\": \(variants($0, "ordinal"))" }.joined(separator: ",")
        return """
        {"sourceLanguage": "root", "version": "1.0", "strings": {
          "cardinal": {"localizations": {\(cardinal)}},
          "ordinal": {"localizations": {\(ordinal)}}
        }}
        """
    }

    @Test func everyNonCompactSample() throws {
        let all = try Self.samples()
        // Compact-notation samples (1c6) need ICU's compact formatting and are out of scope.
        let samples = all.filter { !$0.value.contains("c") && !$0.value.contains("e") }
        #expect(samples.count == 14_383)
        let locales = Array(Set(samples.map(\.locale))).sorted()
        let dir = Fixtures.temporaryDirectory("plural-samples")
        let hasZero = Set(all.filter { $0.category == "zero" }.map { "\($0.locale) \($0.ordinal ? "ordinal" : "plural")" })
        let source = Fixtures.write(Self.catalog(locales: locales) { hasZero.contains("\($0) \($1)") },
                                    to: "Localizable.xcstrings", in: dir)
        let table = try Fixtures.compile([source], to: dir + "/Plurals.lokale")
        let runtime = Runtime(preferredLanguages: [])
        let bundle = try runtime.open(path: table, main: true)
        var passed = 0, failures: [String] = []
        for locale in locales {
            // "root" is no language a user can prefer: it serves as the development localization.
            runtime.preferredLanguages = locale == "root" ? [] : [locale]
            // Aliases (iw/he, in/id, no/nb, mo/ro, …) may serve each other: same language, same rules.
            let served = bundle.preferredLocalizations.first ?? ""
            #expect(served == locale || (try? LanguageTag.canonical(served).get()) == (try? LanguageTag.canonical(locale).get()),
                    "negotiation for \(locale) chose \(served)")
            for s in samples where s.locale == locale {
                let m = try bundle.format(s.ordinal ? "ordinal" : "cardinal", arguments: [.string(s.value)])
                if m.text == "\(s.category) \(s.value)" && m.problems.isEmpty { passed += 1 }
                else if failures.count < 20 { failures.append("\(locale) \(s.ordinal ? "ordinal" : "cardinal") \(s.value): got '\(m.text)', want \(s.category)") }
            }
        }
        print("CLDR plural samples: \(passed) of \(samples.count) passed")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(passed == samples.count)
    }

    @Test func integersDoublesAndTextDiffer() throws {
        let dir = Fixtures.temporaryDirectory("plural-kinds")
        let source = Fixtures.write(Self.catalog(locales: ["root", "en", "fr", "ru"]), to: "Localizable.xcstrings", in: dir)
        let runtime = Runtime(preferredLanguages: ["en"])
        let bundle = try runtime.open(path: try Fixtures.compile([source], to: dir + "/P.lokale"))
        func category(_ a: FormatArgument) throws -> String { String(try bundle.format("cardinal", arguments: [a]).text.split(separator: " ")[0]) }
        #expect(try category(.int(1)) == "one")
        #expect(try category(.string("1")) == "one")
        #expect(try category(.string("1.0")) == "other") // visible fraction digits
        #expect(try category(.double(1.0)) == "one") // a double has no visible digits
        #expect(try category(.string("not a number")) == "other")
        runtime.preferredLanguages = ["ru"]
        #expect(try category(.string("21")) == "one")
        #expect(try category(.string("22")) == "few")
        #expect(try category(.string("25")) == "many")
        #expect(try category(.string("1.5")) == "other")
    }
}
