import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// MessageFormat 2 sources written as literals in code: `Extractor` finds the calls that take one,
/// parses each, and reports its errors at their place in the file; `lokale extract` and
/// `lokale check --code` (the real CLI) print them and fail.
struct MessageFormatExtractTests {
    let cli = CompileCommandTests()

    static let cSource = #"""
    #include "lokale.h"
    void f(lokale_message_format **m, const char *var) {
        lokale_message_format_new(m, "Hello {$name", -1, "en");
        lokale_message_format_new(m, "Tab\t{$x :number a=1 a=2}", -1, "en");
        lokale_message_format_new(m, "fine {$x :number} \\{braces\\}", -1, "en");
        lokale_message_format_new(m, "joined " "{", -1, "en");
        lokale_message_format_new(m, var, -1, "en");
        /* lokale_message_format_new(m, "{commented", -1, "en"); */
    }
    """#

    static let pythonSource = #"""
    import lokale
    m = lokale.MessageFormat("Hi {$x :}", "en")
    n = MessageFormat(source=r"\{ok\} {$y", locale="en")
    o = lokale.MessageFormat("""multi
    {$z""", "en")
    p = lokale.MessageFormat(f"{name}", "en")
    q = lokale.MessageFormat("caf\u00e9 {$x}", "en")
    """#

    static let swiftSource = #"""
    import Lokale
    let a = try MessageFormat("Hello \\{ {$n :number}} x", locale: "en")
    let b = try Lokale.MessageFormat(#"\{ {$n"#, locale: "en")
    let c = try MessageFormat(".local $x = {1} .local $x = {2} {{}}", locale: "en")
    let d = try MessageFormat("Hi \(name) {$x}", locale: "en")
    let e = try MessageFormat("{$n :integer}", locale: "en")
    """#

    /// (line, column, the start of the message) of each problem.
    static func places(_ source: String, _ kind: Extractor.SourceKind) -> [(Int, Int, String)] {
        Extractor.extract(Array(source.utf8), kind: kind, file: "f").messageFormatProblems.map {
            ($0.line, $0.column, String($0.message.prefix(60)))
        }
    }

    @Test func cCallsAreCheckedAndErrorsPlacedInTheLiteral() {
        let result = Extractor.extract(Array(Self.cSource.utf8), kind: .c, file: "app.c")
        // Four literal sources; the variable and the commented call are not sites.
        #expect(result.messageFormats.map(\.line) == [3, 4, 5, 6])
        #expect(result.messageFormats[2].problems.isEmpty && result.messageFormats[2].source == #"fine {$x :number} \{braces\}"#)
        let p = result.messageFormatProblems
        #expect(p.map(\.line) == [3, 4, 6] && p.map(\.column) == [47, 56, 34], "\(p)")
        #expect(p[0].description == "app.c:3:47: error: MessageFormat 2 syntax error: expected whitespace or `}`, found end of message")
        #expect(p[1].message == "MessageFormat 2 data model error (duplicate-option-name): the option `a` is given twice")
        // Concatenated literals: placed at the literal, with the place in the message.
        #expect(p[2].message.hasSuffix("(at 1:9 of the message)"), "\(p[2].message)")
    }

    @Test func pythonCalls() {
        let p = Self.places(Self.pythonSource, .python)
        #expect(p.map(\.0) == [2, 3, 4] && p.map(\.1) == [35, 38, 26], "\(p)")
        #expect(p[0].2.hasPrefix("MessageFormat 2 syntax error: expected a function name after"))
        // A raw string keeps its backslashes: `\{` is the MF2 escape; the error is the unclosed `{$y`.
        #expect(p[1].2.hasPrefix("MessageFormat 2 syntax error: expected whitespace or `}`"))
        let sites = Extractor.extract(Array(Self.pythonSource.utf8), kind: .python, file: "f").messageFormats
        // The f-string is not a constant; the \u escape decodes.
        #expect(sites.count == 4 && sites[3].source == "café {$x}" && sites[3].problems.isEmpty)
        // Python keeps an unknown escape as written: `\{` is the MF2 escape, and columns still map.
        let kept = Self.places(#"lokale.MessageFormat("\{a\} {$y", "en")"#, .python)
        #expect(kept.map(\.0) == [1] && kept.map(\.1) == [32], "\(kept)")
    }

    @Test func swiftCalls() {
        let p = Self.places(Self.swiftSource, .swift)
        #expect(p.map(\.0) == [2, 3, 4] && p.map(\.1) == [50, 42, 51], "\(p)")
        #expect(p[2].2.hasPrefix("MessageFormat 2 data model error (duplicate-declaration)"))
        let sites = Extractor.extract(Array(Self.swiftSource.utf8), kind: .swift, file: "f").messageFormats
        #expect(sites.map(\.line) == [2, 3, 4, 6], "an interpolated literal is not a constant")
    }

    @Test func theBoundsOfAMessageAreErrorsInCode() {
        let options = (0...Limits.mf2Options).map { " o\($0)=1" }.joined()
        let p = Self.places("lokale_message_format_new(&f, \"{$x :number\(options)}\", -1, \"en\");", .c)
        #expect(p.count == 1 && p[0].2.contains("expected at most \(Limits.mf2Options) options"), "\(p)")
    }

    func files() throws -> String {
        let dir = Fixtures.temporaryDirectory("lokale-mf2-extract")
        Fixtures.write(Self.cSource + "\nconst char *t(lokale_bundle *b) { return LOKALE_LOC(b, \"c.key\", \"C default\", NULL); }\n",
                       to: "src/app.c", in: dir)
        Fixtures.write(Self.pythonSource, to: "src/app.py", in: dir)
        Fixtures.write(Self.swiftSource, to: "src/App.swift", in: dir)
        return dir
    }

    @Test func extractCommandReportsAndFails() throws {
        let dir = try files()
        let r = try cli.run(["extract", dir + "/src", "-o", dir + "/Localizable.xcstrings"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/src/app.c:3:47: error: MessageFormat 2 syntax error: expected whitespace or `}`, found end of message\n"), "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/src/App.swift:4:51: error: MessageFormat 2 data model error (duplicate-declaration)"), "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/src/app.py:2:35: error:"), "\(r.stderr)")
        #expect(r.stderr.contains("lokale: 12 MessageFormat 2 messages given as source in code checked: 9 with errors"), "\(r.stderr)")
        // The catalog's messages are extracted all the same.
        let catalog = try String(contentsOfFile: dir + "/Localizable.xcstrings", encoding: .utf8)
        #expect(catalog.contains("\"c.key\""))

        let fine = Fixtures.temporaryDirectory("lokale-mf2-extract-fine")
        Fixtures.write("lokale.MessageFormat(\"{$n :integer} files\", \"en\")\n", to: "ok.py", in: fine)
        let ok = try cli.run(["extract", fine + "/ok.py", "-o", fine + "/Localizable.xcstrings"])
        #expect(ok.status == 0 && ok.stderr.contains("1 MessageFormat 2 message given as source in code checked: no errors"), "\(ok.stderr)")
    }

    @Test func checkCommandReportsThemAsErrors() throws {
        let dir = try files()
        let catalog = Fixtures.write(#"{"sourceLanguage":"en","version":"1.0","strings":{"c.key":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"C default"}}}}}}"#,
                                     to: "Localizable.xcstrings", in: dir)
        let r = try cli.run(["check", catalog, "--code", dir + "/src/app.c"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(dir)/src/app.c:4:56: error: MessageFormat 2 data model error (duplicate-option-name): the option `a` is given twice\n"), "\(r.stdout)")
        #expect(r.stdout.contains("3 errors, 0 warnings"), "\(r.stdout)")
        let json = try cli.run(["check", catalog, "--code", dir + "/src/app.c", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.map { $0["kind"] as? String } == ["message-format", "message-format", "message-format"])
        #expect(problems.map { $0["column"] as? Int } == [47, 56, 34])
    }
}
