import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `MF2.serialize`: the data model back to source that parses to the same data model.
struct MF2SerializerTests {
    /// `src` parsed, serialized and parsed again gives the same model, and serializing is stable.
    func roundTrips(_ src: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let m = try MF2.parse(src)
        let written = MF2.serialize(m)
        let again: MF2.Message
        do { again = try MF2.parse(written) } catch {
            Issue.record("\(src.debugDescription) serialized as \(written.debugDescription), which does not parse: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(again == m, "\(src.debugDescription) serialized as \(written.debugDescription)", sourceLocation: sourceLocation)
        #expect(MF2.serialize(again) == written, "not stable: \(written.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func everyWellFormedMessageOfTheSuiteRoundTrips() throws {
        var wellFormed = 0
        for test in try MF2SyntaxTests.suite() {
            guard (try? MF2.parse(test.src)) != nil else { continue }
            wellFormed += 1
            try roundTrips(test.src)
        }
        // The suite's 461 tests are mostly well-formed messages.
        #expect(wellFormed > 300)
    }

    @Test func canonicalForms() throws {
        let cases: [(String, String)] = [
            ("Hello", "Hello"),
            ("", ""),
            // Text escapes only `\`, `{` and `}`; `|`, `@` and `.` inside text stay as they are.
            (#"a \{b\} \\ c | @ x."#, #"a \{b\} \\ c | @ x."#),
            (#"{ $x   :number  minimumFractionDigits = 2 }"#, "{$x :number minimumFractionDigits=2}"),
            (#"{|a\|b\\c{}|}"#, #"{|a\|b\\c{}|}"#),
            (#"{||}"#, "{||}"),
            ("{:ns:fn a=1 b=$c @attr=|v w| @flag}", "{:ns:fn a=1 b=$c @attr=|v w| @flag}"),
            ("{#b}bold{/b}{#br /}{#img src=|x.png| @alt/}", "{#b}bold{/b}{#br/}{#img src=|x.png| @alt /}"),
            // A pattern that would read as a complex message is quoted.
            ("{{.starts with a dot}}", "{{.starts with a dot}}"),
            ("{{ .after a space}}", "{{ .after a space}}"),
            ("{{.}}", "{{.}}"),
            // Whitespace is text in a simple message and inside a quoted pattern.
            ("  spaced  {$x}  ", "  spaced  {$x}  "),
            (".local $x = {1} {{  spaced  }}", ".local $x = {1}\n{{  spaced  }}"),
            (".input {$n :integer} .local $m = {$n :number @u:id=x} .match $m 1 {{one}} |*| {{star}} * {{other {$m}}}",
             ".input {$n :integer}\n.local $m = {$n :number @u:id=x}\n.match $m\n1 {{one}}\n|*| {{star}}\n* {{other {$m}}}"),
            // Bidi marks around names are not part of them.
            (".local $\u{200E}x\u{200F} = {|1|} {{{$x}}}", ".local $x = {|1|}\n{{{$x}}}"),
        ]
        for (src, canonical) in cases {
            #expect(MF2.serialize(try MF2.parse(src)) == canonical, "\(src.debugDescription)")
            try roundTrips(src)
        }
        // A bidi mark that starts a simple message keeps it simple text when parsed; written back
        // quoted it reads the same.
        try roundTrips("\u{200E}.x")
    }

    @Test func literalsThatCannotBeUnquotedAreQuoted() throws {
        let pos = MF2.Position(offset: 0, line: 1, column: 1)
        // Built by hand: `quoted: false` on values no unquoted literal can hold.
        for value in ["a b", "", "x|y", #"back\slash"#, "{}", "*", "é!"] {
            let m = MF2.Message.pattern(MF2.PatternMessage(pattern: [
                .expression(MF2.Expression(operand: .literal(MF2.Literal(value)), function: MF2.Function(MF2.Identifier("f"), options: [
                    MF2.Option(MF2.Identifier("o"), .literal(MF2.Literal(value)), position: pos),
                ]))),
            ]))
            let back = try MF2.parse(MF2.serialize(m))
            guard case .pattern(let p) = back, case .expression(let e) = p.pattern.first, case .literal(let l) = e.operand,
                  case .literal(let o) = e.function?.options.first?.value else {
                Issue.record("\(MF2.serialize(m).debugDescription) → \(back)")
                continue
            }
            #expect(l.value == value && l.quoted && o.value == value, "\(MF2.serialize(m).debugDescription)")
        }
        // Names and number literals stay unquoted.
        for value in ["-1.5e+3", "x.y-z", "+", "δ"] {
            #expect(MF2.serialize(.pattern(MF2.PatternMessage(pattern: [.expression(MF2.Expression(operand: .literal(MF2.Literal(value))))]))) == "{\(value)}")
        }
    }

    @Test func handBuiltTextWithEverySpecialCharacterRoundTrips() throws {
        for text in [".", " .x", "\u{3000}.x", "{{", "}}", #"\"#, "{$x}", "|@#/*", "line\nbreak\r\n\ttab", "🥔 é"] {
            let m = MF2.Message.pattern(MF2.PatternMessage(pattern: [.text(text)]))
            let written = MF2.serialize(m)
            #expect(try MF2.parse(written) == m, "\(text.debugDescription) written \(written.debugDescription)")
        }
    }

    /// Every prefix of some messages, and each with a grammar character inserted anywhere: each
    /// one that parses round-trips (escapes, bidi marks, whitespace and quoting in odd places).
    @Test func mutatedMessagesRoundTrip() throws {
        let samples = [
            ".input {$n :number minimumFractionDigits=|2|} .local $m = {$n :ns:f @a=b} .match $m one {{{#b}x{/b}}} * {{\\{$n}}}",
            "Hi {|a\\|b| :f o=$v @x} {#img src=x /}\u{200F}",
            "\u{200E} .local $\u{200E}x\u{200F} = {1} {{{$x}}}",
            " \u{3000}text {{.dot}} ",
        ]
        let inserts: [Character] = ["{", "}", "|", "\\", "$", ":", "@", "#", "/", "=", "*", ".", " ", "\u{200E}", "\u{3000}", "é", "🥔", "\n"]
        var parsed = 0
        for sample in samples {
            let chars = Array(sample)
            for i in 0...chars.count {
                var sources = [String(chars[..<i])]
                for c in inserts {
                    var m = chars
                    m.insert(c, at: i)
                    sources.append(String(m))
                }
                for src in sources where (try? MF2.parse(src)) != nil {
                    parsed += 1
                    try roundTrips(src)
                }
            }
        }
        #expect(parsed > 400)
    }
}
