import Foundation
import LokaleCore
import Testing

/// `lokale format-message`, run as the real `lokale-cli` subprocess: text on stdout, MF2 errors on
/// stderr with exit 1, messages that are not well-formed or valid with exit 2 and line:column.
struct FormatMessageCommandTests {
    let cli = CompileCommandTests()

    func run(_ arguments: [String]) throws -> CompileCommandTests.Run { try cli.run(["format-message"] + arguments) }

    @Test func formatsNumbersDatesAndTextInTheLocale() throws {
        let r = try run(["--locale", "fr", "--bidi", "none", "{$n :number} fichiers le {$d :date} par {$who}",
                         "n=1234.5", "d=2026-12-05T10:00:00Z", "who=Ana"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout == "1\u{202F}234,5 fichiers le 5 déc. 2026 par Ana\n")
        // The default bidi strategy isolates a string placeholder.
        let isolated = try run(["--locale", "en", "Hi {$who}!", "who=Ana"])
        #expect(isolated.stdout == "Hi \u{2068}Ana\u{2069}!\n" && isolated.status == 0)
    }

    @Test func numbersAreKeptExactlyAndDatesKeepTheirOffset() throws {
        // More digits than a double holds.
        let big = try run(["--locale", "en", "{$n :number}", "n=12345678901234567890.5"])
        #expect(big.stdout == "12,345,678,901,234,567,890.5\n" && big.status == 0, "\(big.stderr)")
        #expect(try run(["--locale", "en", "{$n :number}", "n=1e3"]).stdout == "1,000\n")
        #expect(try run(["--locale", "en", "{$n :integer}", "n=-7"]).stdout == "-7\n")
        let date = try run(["--locale", "en", "--bidi", "none", "{$d :time}", "d=2026-12-05T10:00:00+01:00"])
        #expect(date.status == 0, "\(date.stderr)")
        #expect(date.stdout.hasPrefix("10:00"), "shown at its own offset: \(date.stdout)")
    }

    @Test func textCanBeForcedAndNamesMayKeepTheirDollar() throws {
        let select = ".input {$n :string} .match $n 42 {{the string 42}} * {{other}}"
        #expect(try run([select, "n:=42"]).stdout == "the string 42\n")
        // A number given where :string selects: its text still matches.
        #expect(try run([select, "$n=42"]).stdout == "the string 42\n")
        // Forced text is not a number: :number reports a bad operand.
        let r = try run(["{$n :number}", "n:=1e3x"])
        #expect(r.status == 1 && r.stderr.contains("lokale: error: bad-operand:"), "\(r.stderr)")
    }

    @Test func formattingErrorsPrintTheTextAndExitOne() throws {
        let r = try run(["--locale", "en", "--bidi", "none", "Hello {$name} and {$x :nosuch}", "x=1"])
        #expect(r.status == 1)
        #expect(r.stdout == "Hello {$name} and {$x}\n")
        #expect(r.stderr.contains("lokale: error: unresolved-variable:") && r.stderr.contains("lokale: error: unknown-function:"), "\(r.stderr)")
    }

    @Test func syntaxAndDataModelErrorsGiveLineAndColumnAndExitTwo() throws {
        let syntax = try run([".input {$x :number}\n.match $x\none {{one}}\n* {{x {$y}"])
        #expect(syntax.status == 2 && syntax.stdout.isEmpty)
        #expect(syntax.stderr.hasPrefix("lokale: error: 4:11: syntax error: expected `}}` to end the quoted pattern"), "\(syntax.stderr)")
        #expect(syntax.stderr.contains("\n  * {{x {$y}\n            ^\n"), "\(syntax.stderr)")
        let model = try run([".local $x = {1} .local $x = {2} {{}}"])
        #expect(model.status == 2 && model.stdout.isEmpty)
        #expect(model.stderr.hasPrefix("lokale: error: 1:24: duplicate-declaration:"), "\(model.stderr)")
        // A bound of docs/LIMITS.md is a syntax error at the extra element.
        let options = (0...Limits.mf2Options).map { " o\($0)=1" }.joined()
        let bounded = try run(["{$x :number\(options)}", "x=1"])
        #expect(bounded.status == 2 && bounded.stderr.contains("expected at most \(Limits.mf2Options) options"), "\(bounded.stderr)")
    }

    @Test func partsAreJSONLines() throws {
        let r = try run(["--parts", "--locale", "en", "{#b}{$n :number}{/b} x {$s}", "n=-1234.5", "s=t"])
        #expect(r.status == 0, "\(r.stderr)")
        let parts = try r.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(parts.map { $0["type"] as? String } == ["markup", "number", "markup", "text", "bidiIsolation", "string", "bidiIsolation"])
        #expect(parts[0]["kind"] as? String == "open" && parts[0]["name"] as? String == "b")
        #expect(parts[1]["value"] as? String == "-1,234.5" && parts[1]["source"] as? String == "$n" && parts[1]["locale"] as? String == "en")
        let fields = parts[1]["parts"] as? [[String: String]]
        #expect(fields?.map { $0["type"] ?? "" } == ["minusSign", "integer", "group", "integer", "decimal", "fraction"])
        #expect(parts[3]["value"] as? String == " x ")
    }

    @Test func usageMistakes() throws {
        for (args, words) in [([String](), "needs a message SOURCE"), (["x", "novalue"], "is not an argument NAME=VALUE"),
                              (["x", "=1"], "no argument name"), (["x", "a=1", "a=2"], "given twice"),
                              (["--bidi", "rtl", "x"], "unknown --bidi"), (["--locale", "", "x"], "--locale")] {
            let r = try run(args)
            #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.contains(words), "\(args): \(r.stderr)")
        }
        // A message that starts with '-' goes after --.
        #expect(try run(["--", "-{$n :integer}-", "n=3"]).stdout == "-3-\n")
    }
}
