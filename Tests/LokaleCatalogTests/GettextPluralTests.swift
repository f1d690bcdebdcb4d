import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// gettext `Plural-Forms`: the expression evaluator against gettext's own test data, its errors on
/// hostile expressions, and the mapping onto CLDR categories against glibc's `ngettext`.
struct GettextPluralTests {
    /// gettext's `plural-2` test: triplets of language, expression and the 200 expected form indices
    /// for n = 0…199.
    static var plural2: [(language: String, expression: String, expected: [UInt64])] {
        guard Fixtures.hasConformance,
              let text = try? String(contentsOfFile: Conformance.path("gettext-0.21/heredoc-data/plural-2__plural-2.data"), encoding: .utf8)
        else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return stride(from: 0, to: lines.count - 2, by: 3).map { i in
            (lines[i], lines[i + 1], lines[i + 2].compactMap { $0.wholeNumberValue.map(UInt64.init) })
        }
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func evaluatorMatchesGettextTestData() throws {
        let cases = Self.plural2
        #expect(cases.count == 11)
        var checked = 0
        for c in cases {
            #expect(c.expected.count == 200, "\(c.language)")
            let e = try PluralExpression(c.expression)
            for (n, want) in c.expected.enumerated() {
                let got = try e.evaluate(UInt64(n))
                #expect(got == want, "\(c.language) '\(c.expression)' n=\(n): \(got), expected \(want)")
                checked += 1
            }
        }
        print("gettext plural-2: \(checked) evaluations of \(cases.count) expressions checked")
    }

    @Test func evaluatesCSemantics() throws {
        // Unsigned arithmetic that wraps, comparisons giving 0/1, short-circuit, right-associative ?:.
        #expect(try PluralExpression("n - 1").evaluate(0) == UInt64.max)
        #expect(try PluralExpression("(n > 1) + (n > 5) * 2").evaluate(7) == 3)
        #expect(try PluralExpression("n != 0 && 10 / n > 2").evaluate(0) == 0)
        #expect(try PluralExpression("n == 0 || 10 / n").evaluate(0) == 1)
        #expect(try PluralExpression("n == 1 ? 0 : n == 2 ? 1 : 2").evaluate(2) == 1)
        #expect(try PluralExpression("!n").evaluate(0) == 1)
        #expect(try PluralExpression("!!n").evaluate(5) == 1)
        #expect(try PluralExpression("1 + 2 * 3 % 4 - 1").evaluate(0) == 2)
        #expect(try PluralExpression("n<=2").evaluate(2) == 1)
        #expect(try PluralExpression("n>=3").evaluate(2) == 0)
    }

    @Test(arguments: [
        ("", "ends where a value"), ("n +", "ends where a value"), ("(n", "expected ')'"), ("n ? 1", "expected ':'"),
        ("n = 1", "unexpected '='"), ("x", "unexpected 'x'"), ("n | 1", "unexpected '|'"), ("-1", "unexpected '-'"),
        ("99999999999999999999999", "number too large"), ("n 1", "unexpected '1'"),
        (String(repeating: "(", count: 200) + "n" + String(repeating: ")", count: 200), "nested deeper"),
        (String(repeating: "!", count: 100) + "n", "nested deeper"),
        (String(repeating: "n ? ", count: 100) + "1" + String(repeating: " : 0", count: 100), "nested deeper"),
        (String(repeating: "n+", count: 600) + "n", "longer than"),
    ])
    func rejectsMalformedExpressions(text: String, reason: String) {
        do {
            _ = try PluralExpression(text)
            Issue.record("'\(text.prefix(40))' was accepted")
        } catch {
            #expect(error.message.contains(reason), "'\(text.prefix(40))': \(error)")
        }
    }

    @Test func divisionByZeroIsAnErrorNamingN() throws {
        let e = try PluralExpression("10 % (n - 3)")
        #expect(try e.evaluate(4) == 0)
        do { _ = try e.evaluate(3); Issue.record("no error") } catch { #expect(error.n == 3 && error.message.contains("division by zero")) }
    }

    /// A one-entry catalog whose forms say their own index.
    static func pluralPo(language: String, forms: Int, expression: String) -> String {
        var s = "msgid \"\"\nmsgstr \"\"\n\"Language: \(language)\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        s += "\"Plural-Forms: nplurals=\(forms); plural=\(expression);\\n\"\n\n"
        s += "#, c-format\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\n"
        for i in 0..<forms { s += "msgstr[\(i)] \"form \(i): %d\"\n" }
        return s
    }

    /// Every plural-2 language and expression through Lokale's CLDR mapping and through glibc's
    /// dngettext, n = 0…200 and some large numbers. They must agree wherever the compiler did not
    /// warn that CLDR's categories cannot express the expression.
    @Test(.enabled(if: Glibc.skipReason == nil, Glibc.skipReason ?? ""))
    func cldrMappingAgreesWithGlibcNgettext() throws {
        var total = 0, agreed = 0, warnedLanguages: [String] = [], unexplained: [String] = []
        for c in Self.plural2 {
            let language = String(c.language.split(separator: "-").first!)
            let forms = Int(c.expected.max()!) + 1
            let dir = Fixtures.temporaryDirectory("lokale-gettext-plural")
            let po = Fixtures.write(Self.pluralPo(language: language, forms: forms, expression: c.expression), to: "\(language)/LC_MESSAGES/p.po", in: dir)
            try Glibc.msgfmt(po, to: dir + "/locale/\(language)/LC_MESSAGES/p.mo")
            var loader = CatalogLoader()
            try loader.add(po)
            let stats = try TableWriter.write(try loader.finish(), to: dir + "/p.lokale")
            let warned = stats.warnings.contains { $0.key == "(Plural-Forms)" }
            if warned { warnedLanguages.append(c.language) }
            let numbers: [UInt64] = Array(0...200) + [1000, 1001, 1_000_000, 2_000_001]
            let queries = numbers.map { Glibc.Query(msgid: "%d file", plural: "%d files", n: $0) }
            let glibc = try Glibc.answers(queries, localeDir: dir + "/locale", domain: "p", language: language)
            let bundle = try Runtime(preferredLanguages: [language]).open(path: dir + "/p.lokale", main: true)
            for (i, n) in numbers.enumerated() {
                let args: [FormatArgument] = [.uint(n)]
                let mine = try bundle.format("%d file", table: "p", arguments: args, locale: "en").text
                let theirs = try bundle.format("\u{1}", default: glibc[i], table: "p", arguments: args, locale: "en").text
                total += 1
                if mine == theirs { agreed += 1 }
                else if !warned { unexplained.append("\(c.language) n=\(n): Lokale '\(mine)', glibc '\(theirs)'") }
            }
        }
        print("gettext plural forms vs glibc ngettext: \(agreed) of \(total) agree; compile-time warnings for \(warnedLanguages.joined(separator: ", "))")
        #expect(unexplained.isEmpty, "\(unexplained.prefix(10))")
        #expect(agreed > total * 9 / 10)
    }

    @Test func conflictingFormsAreWarnedWithNumbers() throws {
        // French CLDR `one` is 0 and 1; `n != 1` sends 0 to the plural form.
        let dir = Fixtures.temporaryDirectory("lokale-gettext-plural")
        let po = Fixtures.write(Self.pluralPo(language: "fr", forms: 2, expression: "n != 1"), to: "fr.po", in: dir)
        var loader = CatalogLoader()
        try loader.add(po)
        let stats = try TableWriter.compile(try loader.finish()).statistics
        let w = try #require(stats.warnings.first { $0.key == "(Plural-Forms)" })
        #expect(w.file.hasSuffix("fr.po"))
        #expect(w.message.contains("'one'") && w.message.contains("n = 0") && w.message.contains("n = 1"), "\(w)")
        // `n > 1` is what French catalogs use: no warning.
        let ok = Fixtures.write(Self.pluralPo(language: "fr", forms: 2, expression: "n > 1"), to: "ok/fr.po", in: dir)
        var loader2 = CatalogLoader()
        try loader2.add(ok)
        #expect(try TableWriter.compile(try loader2.finish()).statistics.warnings.isEmpty)
    }

    @Test func russianFormsMapOntoOneFewMany() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-plural")
        let expression = "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"
        let po = Fixtures.write(Self.pluralPo(language: "ru", forms: 3, expression: expression), to: "ru.po", in: dir)
        let file = try GettextReader.read(path: po)
        guard case .plural(1, false, let cases) = file.translations["%d file"]?.variation else { Issue.record("not a plural"); return }
        #expect(cases[.one] == .text("form 0: %d"))
        #expect(cases[.few] == .text("form 1: %d"))
        #expect(cases[.many] == .text("form 2: %d"))
        // No integer is `other` in Russian: it takes the last form.
        #expect(cases[.other] == .text("form 2: %d"))
        #expect(file.warnings.isEmpty)
        // The development text: msgid for `one`, msgid_plural for `other`.
        #expect(file.sources["%d file"]?.variation == .plural(argument: 1, ordinal: false, cases: [.one: .text("%d file"), .other: .text("%d files")]))
    }

    @Test func badPluralFormsHeadersAreErrors() throws {
        for (header, reason) in [("nplurals=2; plural=n !! 1;", "Plural-Forms expression"), ("nplurals=0; plural=0;", "malformed Plural-Forms"),
                                 ("plural=n != 1;", "malformed Plural-Forms"), ("nplurals=2; plural=5 / (n - 7);", "division by zero for n = 7"),
                                 ("nplurals=2;", "malformed Plural-Forms")] {
            let po = "msgid \"\"\nmsgstr \"Language: de\\nPlural-Forms: \(header)\\n\"\n\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n"
            let e = catalogError { _ = try GettextReader.parse(Array(po.utf8), file: "de.po") }
            #expect(e?.message.contains(reason) == true, "\(header): \(e.map(String.init(describing:)) ?? "")")
            #expect(e?.line == 1)
        }
    }
}
