import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// MessageFormat 2 syntax and data model: the Unicode conformance suite's syntax and data model
/// expectations (formatting, `exp`, comes later), and the model the parser builds.
struct MF2SyntaxTests {
    /// One test of the suite, with the error types it expects (its own, else its file's default).
    struct SuiteTest: CustomStringConvertible {
        var file: String
        var index: Int
        var src: String
        var expected: [String]
        var description: String { "\(file) #\(index) \(src.debugDescription)" }
    }

    static func suite() throws -> [SuiteTest] {
        let root = Conformance.path("mf2/tests") + "/"
        return try Conformance.files(under: "mf2/tests", ext: "json").flatMap { path -> [SuiteTest] in
            let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(filePath: path))) as? [String: Any])
            let defaults = json["defaultTestProperties"] as? [String: Any] ?? [:]
            let tests = try #require(json["tests"] as? [[String: Any]], "\(path) has no tests")
            return try tests.enumerated().map { i, test in
                let errors = (test["expErrors"] ?? defaults["expErrors"]) as? [[String: Any]] ?? []
                return SuiteTest(file: String(path.dropFirst(root.count)), index: i,
                                 src: try #require(test["src"] as? String, "\(path) #\(i) has no src"),
                                 expected: errors.compactMap { $0["type"] as? String })
            }
        }
    }

    /// What the parser and the validation make of `src`: "syntax-error", or the data model
    /// errors' types, sorted.
    static func outcome(_ src: String) -> [String] {
        do {
            return try MF2.parse(src).dataModelErrors.map(\.kind.rawValue).sorted()
        } catch {
            return ["syntax-error"]
        }
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func conformanceSuiteSyntaxAndDataModel() throws {
        let tests = try Self.suite()
        let dataModelTypes = Set(MF2.ErrorKind.dataModel.map(\.rawValue))
        var syntaxErrors = 0, dataModel = 0, valid = 0, passed = [0, 0, 0]
        for test in tests {
            // Only the syntax and data model errors are this layer's; the suite's other types
            // (unknown-function, bad-operand, …) come from formatting, and such a message must
            // parse and be valid.
            let wanted: [String], kind: Int
            if test.file == "syntax-errors.json" || test.expected.contains("syntax-error") {
                (wanted, kind) = (["syntax-error"], 0)
                syntaxErrors += 1
            } else if test.expected.contains(where: dataModelTypes.contains) {
                (wanted, kind) = (test.expected.filter(dataModelTypes.contains).sorted(), 1)
                dataModel += 1
            } else {
                (wanted, kind) = ([], 2)
                valid += 1
            }
            let got = Self.outcome(test.src)
            if got == wanted {
                passed[kind] += 1
            } else {
                Issue.record("\(test): expected \(wanted.isEmpty ? "no syntax or data model error" : wanted.joined(separator: ", ")), got \(got.isEmpty ? "none" : got.joined(separator: ", "))\(Self.detail(test.src))")
            }
        }
        print("MF2 conformance (\(tests.count) tests): syntax errors \(passed[0])/\(syntaxErrors), data model errors \(passed[1])/\(dataModel), valid \(passed[2])/\(valid)")
        #expect(syntaxErrors > 0 && dataModel > 0 && valid > 0, "the suite's three kinds of test were all found")
        #expect(syntaxErrors + dataModel + valid == tests.count)
    }

    /// The first error, to say why a test failed.
    static func detail(_ src: String) -> String {
        do {
            return try MF2.parse(src).dataModelErrors.first.map { " (\($0))" } ?? ""
        } catch {
            return " (\(error))"
        }
    }

    // MARK: The model

    @Test func simpleMessageTextEscapesAndPlaceholders() throws {
        let m = try MF2.parse(#" Hi \{there\} \\ {$name :string} {|a\|b{}|} @|.x"#)
        let pos = MF2.Position(offset: 0, line: 1, column: 1)
        #expect(m == .pattern(MF2.PatternMessage(pattern: [
            .text(#" Hi {there} \ "#),
            .expression(MF2.Expression(operand: .variable(MF2.Variable("name", position: pos)), function: MF2.Function(MF2.Identifier("string")))),
            .text(" "),
            .expression(MF2.Expression(operand: .literal(MF2.Literal("a|b{}", quoted: true)))),
            .text(" @|.x"),
        ])))
        #expect(try MF2.parse("") == .pattern(MF2.PatternMessage(pattern: [])))
        #expect(try MF2.parse(" \t") == .pattern(MF2.PatternMessage(pattern: [.text(" \t")])))
    }

    @Test func declarationsSelectorsKeysAndOptionOrder() throws {
        let m = try MF2.parse("""
            .input {$count :number style=percent minimumFractionDigits=$digits}
            .local $kind = {|a b| :ns:pick @translate=no @flag}
            .match $count $kind
            one |a b| {{one {$count}}}
            |*| 42 {{star}}
            * * {{other}}
            """)
        guard case .select(let s) = m else { Issue.record("not a select message: \(m)"); return }
        let d = s.declarations
        try #require(d.count == 2)
        #expect(d[0].kind == .input && d[0].variable.name == "count")
        #expect(d[0].expression.operand == .variable(d[0].variable))
        #expect(d[0].expression.function?.identifier == MF2.Identifier("number"))
        #expect(d[0].expression.function?.options.map(\.identifier.description) == ["style", "minimumFractionDigits"])
        #expect(d[0].expression.function?.options.map(\.value) == [.literal(MF2.Literal("percent")), .variable(MF2.Variable("digits", position: d[0].variable.position))])
        #expect(d[1].kind == .local && d[1].variable.name == "kind")
        #expect(d[1].expression.operand == .literal(MF2.Literal("a b", quoted: true)))
        #expect(d[1].expression.function?.identifier == MF2.Identifier(namespace: "ns", "pick"))
        #expect(d[1].expression.attributes == [MF2.Attribute(MF2.Identifier("translate"), MF2.Literal("no")), MF2.Attribute(MF2.Identifier("flag"))])
        #expect(s.selectors.map(\.name) == ["count", "kind"])
        #expect(s.variants.map(\.keys) == [
            [.literal(MF2.Literal("one")), .literal(MF2.Literal("a b", quoted: true))],
            [.literal(MF2.Literal("*", quoted: true)), .literal(MF2.Literal("42"))],
            [.catchAll, .catchAll],
        ])
        #expect(s.variants[0].pattern.count == 2)
        #expect(s.variants.map(\.position.line) == [4, 5, 6])
        #expect(s.variants[1].position.column == 1 && s.position == MF2.Position(offset: 120, line: 3, column: 1))
        #expect(m.dataModelErrors == [])
    }

    @Test func quotedAndUnquotedLiteralsKeepTheirValueAndHowTheyWereWritten() throws {
        let quoted = try MF2.parse("{|42|}"), unquoted = try MF2.parse("{42}")
        #expect(quoted != unquoted)
        for (m, q) in [(quoted, true), (unquoted, false)] {
            guard case .pattern(let p) = m, case .expression(let e) = p.pattern.first, case .literal(let l) = e.operand else {
                Issue.record("not one literal expression: \(m)")
                continue
            }
            #expect(l.value == "42" && l.quoted == q)
        }
        // Unquoted literals are any name characters: numbers, signs, dots.
        for text in ["-1.5e+3", "+", "1.", "x.y-z"] {
            #expect(try MF2.parse("{\(text)}") == .pattern(MF2.PatternMessage(pattern: [.expression(MF2.Expression(operand: .literal(MF2.Literal(text))))])))
        }
    }

    @Test func markupKinds() throws {
        let m = try MF2.parse("{#b}bold{/b} {#img src=|x.png| @alt /}{#ns:a href=$u}")
        guard case .pattern(let p) = m else { Issue.record("\(m)"); return }
        let markup = p.pattern.compactMap { if case .markup(let k) = $0 { k } else { nil } }
        #expect(markup.map(\.kind) == [.open, .close, .standalone, .open])
        #expect(markup.map(\.identifier.description) == ["b", "b", "img", "ns:a"])
        #expect(markup[2].options.map(\.value) == [.literal(MF2.Literal("x.png", quoted: true))])
        #expect(markup[2].attributes == [MF2.Attribute(MF2.Identifier("alt"))])
        #expect(markup[3].options.first?.value == .variable(MF2.Variable("u", position: MF2.Position(offset: 0, line: 1, column: 1))))
    }

    @Test func bidiMarksAroundNamesAreNotPartOfThem() throws {
        let m = try MF2.parse(".local $\u{200E}foo\u{200F} = {1} {{{$foo}}}")
        #expect(m.declarations.first?.variable.name == "foo")
        // A bidi mark may start a simple message, so this is text, not a failed complex message.
        #expect(try MF2.parse("\u{200E}.x") == .pattern(MF2.PatternMessage(pattern: [.text("\u{200E}.x")])))
        #expect(throws: MF2.SyntaxError.self) { try MF2.parse(" .x") }
    }

    @Test func equalityIgnoresPositions() throws {
        #expect(try MF2.parse("{$x :f a=1}") == MF2.parse("{ $x   :f  a = 1 }"))
        #expect(try MF2.parse("{$x}") != MF2.parse("{$y}"))
    }

    @Test func syntaxErrorsSayWhereAndWhat() throws {
        func error(_ src: String) -> MF2.SyntaxError? {
            do {
                _ = try MF2.parse(src)
                Issue.record("\(src.debugDescription) parsed")
            } catch {
                return error
            }
            return nil
        }
        let e = try #require(error("hello\n  wörld {$x :}"))
        #expect(e.position == MF2.Position(offset: 20, line: 2, column: 14))
        #expect(e.expected == "a function name after `:`" && e.found == "`}`")
        #expect(error("{{no end")?.found == "end of message")
        #expect(error("{$x\u{3000}:f@a}")?.position.column == 7)
        #expect(error("a\u{0}b")?.found == "U+0000")
        #expect(error(".match $x* {{}}")?.expected == "whitespace after the selector `$x`")
    }

    @Test func dataModelErrorsPointAtTheirCause() throws {
        let errors = try MF2.parse("""
            .input {$a :f}
            .local $a = {1 :g}
            .match $a $b
            1 {{x {:f k=1 k=2}}}
            1 {{y}}
            """).dataModelErrors
        #expect(errors.map(\.kind) == [.duplicateDeclaration, .missingFallbackVariant, .missingSelectorAnnotation, .variantKeyMismatch, .duplicateOptionName, .variantKeyMismatch, .duplicateVariant])
        #expect(errors.map(\.position.line) == [2, 3, 3, 4, 4, 5, 5])
        #expect(errors[4].position.column == 15)
    }

    @Test func keysAndNamesCompareInNormalizationFormC() throws {
        // U+1E0C U+0307 and D U+0323 U+0307 are canonically equivalent.
        let nfc = "\u{1E0C}\u{307}", nfd = "D\u{323}\u{307}"
        #expect(try MF2.parse(".input {$x :f} .match $x \(nfc) {{a}} |\(nfd)| {{b}} * {{c}}").dataModelErrors.map(\.kind) == [.duplicateVariant])
        #expect(try MF2.parse(".local $\(nfc) = {1} .local $\(nfd) = {2} {{}}").dataModelErrors.map(\.kind) == [.duplicateDeclaration])
    }

    /// Every prefix of some messages, and each with a grammar character inserted anywhere: a model or
    /// a syntax error pointing inside the message, never a crash.
    @Test func truncatedAndMutatedMessagesFailCleanly() {
        let samples = [
            ".input {$n :number minimumFractionDigits=|2|} .local $m = {$n :ns:f @a=b} .match $m one {{{#b}x{/b}}} * {{\\{$n}}}",
            "Hi {|a\\|b| :f o=$v @x} {#img src=x /}\u{200F}",
            "\u{200E} .local $\u{200E}x\u{200F} = {1} {{{$x}}}",
        ]
        let inserts: [Character] = ["{", "}", "|", "\\", "$", ":", "@", "#", "/", "=", "*", ".", " ", "\u{200E}", "\u{3000}", "\u{0}", "é", "🥔"]
        var parsed = 0, failed = 0
        for sample in samples {
            let chars = Array(sample)
            for i in 0...chars.count {
                var sources = [String(chars[..<i])]
                for c in inserts {
                    var m = chars
                    m.insert(c, at: i)
                    sources.append(String(m))
                }
                for src in sources {
                    do {
                        _ = try MF2.parse(src).dataModelErrors
                        parsed += 1
                    } catch {
                        failed += 1
                        let p = error.position
                        #expect(p.offset >= 0 && p.offset <= src.utf8.count && p.line >= 1 && p.column >= 1, "\(src.debugDescription): \(error)")
                    }
                }
            }
        }
        #expect(parsed > 0 && failed > 0)
    }

    @Test func inputIsBoundedAndLargeMessagesParseInOnePass() throws {
        // As many variants as a message may have (MF2BoundsTests checks each count bound).
        let variants = (1..<Limits.mf2Variants).map { "k\($0) {{v {$x}}}" }.joined(separator: " ")
        let source = ".input {$x :f}\n.match $x " + variants + " * {{other}}"
        #expect(source.utf8.count < MF2.maxMessageBytes)
        guard case .select(let s) = try MF2.parse(source) else { Issue.record("not a select message"); return }
        #expect(s.variants.count == Limits.mf2Variants)
        #expect(try MF2.parse(source).dataModelErrors == [])
        let longest = String(repeating: "a", count: MF2.maxMessageBytes)
        #expect(try MF2.parse(longest) == .pattern(MF2.PatternMessage(pattern: [.text(longest)])))
        #expect(throws: MF2.SyntaxError.self) { try MF2.parse(String(repeating: "a", count: MF2.maxMessageBytes + 1)) }
    }
}
