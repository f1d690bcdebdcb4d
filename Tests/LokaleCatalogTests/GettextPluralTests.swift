import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// gettext `Plural-Forms`: the expression compiled into a rule and run by the runtime's C evaluator
/// against gettext's own test data, its errors on hostile expressions, the choice of forms against
/// glibc's `ngettext`, and the findings about CLDR the compiler reports.
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
                let got = e.evaluate(UInt64(n)).value
                #expect(got == want, "\(c.language) '\(c.expression)' n=\(n): \(got), expected \(want)")
                checked += 1
            }
        }
        print("gettext plural-2: \(checked) evaluations of \(cases.count) expressions checked")
    }

    @Test func evaluatesCSemantics() throws {
        // Unsigned arithmetic that wraps, comparisons giving 0/1, short-circuit, right-associative ?:.
        func value(_ e: String, _ n: UInt64) throws -> UInt64 { try PluralExpression(e).evaluate(n).value }
        #expect(try value("n - 1", 0) == UInt64.max)
        #expect(try value("(n > 1) + (n > 5) * 2", 7) == 3)
        #expect(try value("n != 0 && 10 / n > 2", 0) == 0)
        #expect(try value("n == 0 || 10 / n", 0) == 1)
        #expect(try value("n == 1 ? 0 : n == 2 ? 1 : 2", 2) == 1)
        #expect(try value("n == 1 ? 0 : n == 2 ? 1 : 2", 9) == 2)
        #expect(try value("!n", 0) == 1)
        #expect(try value("!!n", 5) == 1)
        #expect(try value("1 + 2 * 3 % 4 - 1", 0) == 2)
        #expect(try value("n<=2", 2) == 1)
        #expect(try value("n>=3", 2) == 0)
        #expect(try value("n && 7", 3) == 1)
        #expect(try value("0 || n", 0) == 0)
        // Constants past the 24 bits an instruction carries take two more words.
        #expect(try value("n == 18446744073709551615", UInt64.max) == 1)
        #expect(try value("n % 4294967296", 4294967297) == 1)
        #expect(try value("n * 16777216 / 16777216", 5) == 5)
        // A rule branches forward only, and && || ?: do not run what they skip.
        #expect(try PluralExpression("n != 0 && 10 / n > 2").evaluate(0).dividedByZero == false)
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

    @Test func divisionByZeroGivesZeroAndIsReported() throws {
        // glibc raises SIGFPE; the rule gives 0 and says so.
        let e = try PluralExpression("10 % (n - 3)")
        #expect(e.evaluate(4) == (0, false))
        #expect(e.evaluate(3) == (0, true))
        #expect(e.evaluate(5) == (0, false))
        #expect(e.evaluate(6) == (1, false))
    }

    @Test func malformedRuleWordsAreRefusedNotRun() {
        typealias Op = TableLayout.RuleOperation
        // Each is refused by the evaluator: a stack underflow, a jump past the end, an unknown
        // operation, two values left, a push past the stack, a 64-bit push cut short.
        for code in [[Op.add.word()], [Op.n.word(), Op.jump.word(5)], [Op.n.word(), Op.jumpIfZero.word(2), Op.n.word()],
                     [UInt32(200)], [Op.n.word(), Op.n.word()], Array(repeating: Op.n.word(), count: TableLayout.ruleStack + 1),
                     [Op.push64.word(), 1], [UInt32]()] {
            #expect(RuleProgram(code: code).run(1) == nil, "\(code)")
        }
        #expect(RuleProgram(code: [Op.n.word(), Op.push.word(2), Op.remainder.word()]).run(7)?.value == 1)
    }

    /// A one-entry catalog whose forms say their own index.
    static func pluralPo(language: String, forms: Int, expression: String) -> String {
        var s = "msgid \"\"\nmsgstr \"\"\n\"Language: \(language)\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        s += "\"Plural-Forms: nplurals=\(forms); plural=\(expression);\\n\"\n\n"
        s += "#, c-format\nmsgid \"%d file\"\nmsgid_plural \"%d files\"\n"
        for i in 0..<forms { s += "msgstr[\(i)] \"form \(i): %d\"\n" }
        return s
    }

    @Test func cldrDisagreementIsWarnedAndTheExpressionFollowed() throws {
        // French CLDR `one` is 0 and 1; `n != 1`, common in French catalogs, sends 0 to the plural form.
        let dir = Fixtures.temporaryDirectory("lokale-gettext-plural")
        let po = Fixtures.write(Self.pluralPo(language: "fr", forms: 2, expression: "n != 1"), to: "fr.po", in: dir)
        var loader = CatalogLoader()
        try loader.add(po)
        let stats = try TableWriter.write(try loader.finish(), to: dir + "/fr.lokale")
        let w = try #require(stats.warnings.first { $0.key == "(Plural-Forms)" })
        #expect(w.file.hasSuffix("fr.po"))
        #expect(w.message.contains("'one'") && w.message.contains("n = 0") && w.message.contains("n = 1") && w.message.contains("follows the expression"), "\(w)")
        // The answer is the catalog's, as glibc gives it: 1 takes form 0, 0 and 2 form 1.
        let bundle = try Runtime(preferredLanguages: ["fr"]).open(path: dir + "/fr.lokale", main: true)
        #expect(try [0, 1, 2].map { try bundle.format("%d file", arguments: [.int($0)]).text } == ["form 1: 0", "form 0: 1", "form 1: 2"])
        // `n > 1` is what CLDR says for French: no warning.
        let ok = Fixtures.write(Self.pluralPo(language: "fr", forms: 2, expression: "n > 1"), to: "ok/fr.po", in: dir)
        var loader2 = CatalogLoader()
        try loader2.add(ok)
        #expect(try TableWriter.compile(try loader2.finish()).statistics.warnings.isEmpty)
    }

    @Test func russianFormsKeepTheirIndicesAndTheirCLDRView() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-plural")
        let expression = "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2"
        let po = Fixtures.write(Self.pluralPo(language: "ru", forms: 3, expression: expression), to: "ru.po", in: dir)
        let file = try GettextReader.read(path: po)
        guard case .forms(1, let rule, let forms) = file.translations["%d file"]?.variation else { Issue.record("not gettext forms"); return }
        #expect(forms == [.text("form 0: %d"), .text("form 1: %d"), .text("form 2: %d")])
        #expect(rule.count == 3 && rule.expression.text == expression)
        // What tools that speak CLDR categories see (XLIFF, String Catalogs).
        #expect(rule.categories == [.one: 0, .few: 1, .many: 2, .other: 2])
        #expect(file.warnings.isEmpty)
        // The development text: glibc's choice without a catalog, msgid for 1, msgid_plural otherwise.
        #expect(file.sources["%d file"]?.variation == .forms(argument: 1, rule: .germanic, forms: [.text("%d file"), .text("%d files")]))
    }

    @Test func findingsOfMsgfmtCheckAreWarnings() throws {
        // msgfmt compiles these and `msgfmt -c` refuses them; glibc crashes on the division by zero.
        for (header, finding) in [("nplurals=2; plural=5 / (n - 7);", "divides by zero for n = 7"),
                                  ("nplurals=2; plural=n;", "gives values as large as")] {
            let po = "msgid \"\"\nmsgstr \"Language: de\\nPlural-Forms: \(header)\\n\"\n\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n"
            let file = try GettextReader.parse(Array(po.utf8), file: "de.po")
            #expect(file.warnings.contains { $0.key == "(Plural-Forms)" && $0.message.contains(finding) }, "\(header): \(file.warnings)")
        }
    }

    /// Every word of a gettext table's NODE section (its forms and rule nodes), overwritten with
    /// values a corrupt or hostile file could hold: lookups and formats with any count give text or
    /// a `corrupt` error, never a crash, a hang or a read outside the file.
    @Test func corruptFormsAndRuleWordsNeverCrash() throws {
        let dir = Fixtures.temporaryDirectory("lokale-gettext-rule-corrupt")
        let expression = "n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 || n==4294967296 ? 4 : 5"
        let po = Fixtures.write(Self.pluralPo(language: "ar", forms: 6, expression: expression), to: "ar.po", in: dir)
        var loader = CatalogLoader()
        try loader.add(po)
        let pristine = try TableWriter.compile(try loader.finish()).bytes
        func u32(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24 }
        var nodes: Range<Int>? = nil
        for i in 0..<u32(pristine, TableLayout.Header.sectionCount) {
            let e = TableLayout.headerSize + i * TableLayout.sectionEntrySize
            if TableLayout.Section(rawValue: UInt32(u32(pristine, e + TableLayout.SectionEntry.tag))) == .nodes {
                let start = u32(pristine, e + TableLayout.SectionEntry.offset)
                nodes = start ..< start + u32(pristine, e + TableLayout.SectionEntry.bytes)
            }
        }
        let section = try #require(nodes)
        typealias Op = TableLayout.RuleOperation
        var opened = 0, answered = 0, refused = 0
        for at in stride(from: section.lowerBound, to: section.upperBound, by: 4) {
            let word = UInt32(u32(pristine, at))
            for value in [0, 1, 2, 5, 6, 7, 64, 65, 4096, TableLayout.none, word &+ 1, word &- 1, word ^ 0x100, Op.jump.word(0xFFFFFF),
                          Op.push64.word(), Op.jumpIfZero.word(1), UInt32(0xFF)] as [UInt32] where value != word {
                var b = pristine
                withUnsafeBytes(of: value.littleEndian) { for k in 0..<4 { b[at + k] = $0[k] } }
                let path = dir + "/mutated.lokale"
                try Data(b).write(to: URL(fileURLWithPath: path))
                guard let bundle = try? Runtime(preferredLanguages: ["ar"]).open(path: path) else { continue }
                opened += 1
                for n: UInt64 in [0, 1, 2, 3, 11, 100, 4_294_967_296, .max] {
                    do throws(LokaleError) {
                        _ = try bundle.format("%d file", arguments: [.uint(n)])
                        _ = try bundle.string("%d file")
                        answered += 1
                    } catch {
                        #expect(error.code == .corrupt, "\(error)")
                        refused += 1
                    }
                }
            }
        }
        print("gettext rule corruption: \(section.count / 4) words, \(opened) mutated tables opened, \(answered) answers, \(refused) refused as corrupt")
        #expect(opened > 100 && refused > 0 && answered > 0)
    }

    @Test func badPluralFormsHeadersAreErrors() throws {
        for (header, reason) in [("nplurals=2; plural=n !! 1;", "Plural-Forms expression"), ("nplurals=0; plural=0;", "malformed Plural-Forms"),
                                 ("plural=n != 1;", "malformed Plural-Forms"), ("nplurals=65; plural=n;", "malformed Plural-Forms"),
                                 ("nplurals=2;", "malformed Plural-Forms")] {
            let po = "msgid \"\"\nmsgstr \"Language: de\\nPlural-Forms: \(header)\\n\"\n\nmsgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n"
            let e = catalogError { _ = try GettextReader.parse(Array(po.utf8), file: "de.po") }
            #expect(e?.message.contains(reason) == true, "\(header): \(e.map(String.init(describing:)) ?? "")")
            #expect(e?.line == 1)
        }
    }
}
