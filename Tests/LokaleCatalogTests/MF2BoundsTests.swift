import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The bounds on one MessageFormat 2 message (docs/LIMITS.md, `lokale_mf2_limits.h`): a message
/// at each bound parses, formats and round-trips; one more is a syntax error at the element past
/// the bound, saying which bound, never a crash.
struct MF2BoundsTests {
    /// A message with `n` of something, and where the `limit + 1`th one starts in it (byte offset).
    typealias Builder = (_ n: Int) -> (source: String, offsetOfExtra: Int?)

    /// `build(limit)` parses; `build(limit + 1)` fails at the extra element naming the bound.
    func check(_ what: String, limit: Int, _ build: Builder, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let at = build(limit).source
        let m = try MF2.parse(at)
        #expect(try MF2.parse(MF2.serialize(m)) == m, "\(what): the message at the bound round-trips", sourceLocation: sourceLocation)
        _ = MF2.format(m, locale: "en", arguments: ["x": .int(1)])
        let (past, offset) = build(limit + 1)
        do {
            _ = try MF2.parse(past)
            Issue.record("\(what): \(limit + 1) parsed", sourceLocation: sourceLocation)
        } catch {
            #expect(error.expected == "at most \(limit) \(what)", "\(error)", sourceLocation: sourceLocation)
            if let offset { #expect(error.position.offset == offset, "\(error)", sourceLocation: sourceLocation) }
            #expect(error.description.contains("syntax error: expected at most \(limit) "), sourceLocation: sourceLocation)
        }
    }

    /// The byte offset of the `k`th (0-based) occurrence of `needle` in `haystack`.
    func offset(of needle: String, occurrence k: Int, in haystack: String) -> Int? {
        let h = Array(haystack.utf8), n = Array(needle.utf8)
        var seen = 0
        for i in 0...(h.count - n.count) where Array(h[i..<(i + n.count)]) == n {
            if seen == k { return i }
            seen += 1
        }
        return nil
    }

    @Test func theLimitsAreTheHeadersValues() {
        #expect(Limits.mf2Declarations == 256 && Limits.mf2Selectors == 16 && Limits.mf2Variants == 4096)
        #expect(Limits.mf2Options == 64 && Limits.mf2Attributes == 64 && Limits.mf2PatternParts == 4096)
    }

    @Test func declarations() throws {
        try check("declarations in a message", limit: Limits.mf2Declarations) { n in
            let source = (0..<n).map { ".local $v\($0) = {\($0)}\n" }.joined() + "{{done}}"
            return (source, offset(of: ".local", occurrence: Limits.mf2Declarations, in: source))
        }
        // `.input` counts too.
        try check("declarations in a message", limit: Limits.mf2Declarations) { n in
            let source = (0..<n).map { ".input {$i\($0)}\n" }.joined() + "{{done}}"
            return (source, offset(of: ".input", occurrence: Limits.mf2Declarations, in: source))
        }
    }

    @Test func selectorsAndKeysPerVariant() throws {
        try check("selectors in a `.match`", limit: Limits.mf2Selectors) { n in
            let inputs = (0..<n).map { ".input {$s\($0) :string}\n" }.joined()
            let source = inputs + ".match" + (0..<n).map { " $s\($0)" }.joined() + "\n"
                + Array(repeating: "*", count: n).joined(separator: " ") + " {{x}}"
            return (source, offset(of: "$s\(Limits.mf2Selectors)", occurrence: 1, in: source))
        }
        // Keys are bounded the same way, even when they do not match the selectors (a data model
        // error, reported only for messages the parser accepts).
        try check("keys in a variant", limit: Limits.mf2Selectors) { n in
            let source = ".input {$s :string}\n.match $s\n" + Array(repeating: "a", count: n).joined(separator: " ") + " {{x}}\n* {{y}}"
            return (source, source.utf8.count - " {{x}}\n* {{y}}".utf8.count - 1)
        }
    }

    @Test func variants() throws {
        try check("variants in a message", limit: Limits.mf2Variants) { n in
            let source = ".input {$x :integer}\n.match $x\n" + (1..<n).map { "\($0) {{v\($0)}}\n" }.joined() + "* {{other}}"
            return (source, source.utf8.count - "* {{other}}".utf8.count)
        }
    }

    @Test func optionsOfFunctionsAndMarkup() throws {
        let what = "options of a function or markup"
        try check(what, limit: Limits.mf2Options) { n in
            let source = "{$x :number" + (0..<n).map { " o\($0)=\($0)" }.joined() + "}"
            return (source, offset(of: "o\(Limits.mf2Options)=", occurrence: 0, in: source))
        }
        try check(what, limit: Limits.mf2Options) { n in
            let source = "{#b" + (0..<n).map { " o\($0)=|\($0)|" }.joined() + " /}"
            return (source, offset(of: "o\(Limits.mf2Options)=", occurrence: 0, in: source))
        }
    }

    @Test func attributesOfExpressionsAndMarkup() throws {
        let what = "attributes of an expression or markup"
        try check(what, limit: Limits.mf2Attributes) { n in
            let source = "{$x" + (0..<n).map { " @a\($0)" }.joined() + "}"
            return (source, offset(of: "@a\(Limits.mf2Attributes)", occurrence: 0, in: source))
        }
        try check(what, limit: Limits.mf2Attributes) { n in
            let source = "{/b" + (0..<n).map { " @a\($0)=v" }.joined() + "}"
            return (source, offset(of: "@a\(Limits.mf2Attributes)=", occurrence: 0, in: source))
        }
    }

    @Test func partsOfAPattern() throws {
        let what = "parts (text runs, placeholders) in a pattern"
        // Alternating text and placeholders: the extra part is a text run.
        try check(what, limit: Limits.mf2PatternParts) { n in
            let source = (0..<n).map { $0 % 2 == 0 ? "t" : "{$x}" }.joined()
            return (source, n % 2 == 1 ? source.utf8.count - 1 : nil)
        }
        // Placeholders alone, in a quoted pattern: the extra part is a placeholder.
        try check(what, limit: Limits.mf2PatternParts) { n in
            let source = ".local $y = {1} {{" + String(repeating: "{#b/}", count: n) + "}}"
            return (source, source.utf8.count - "{#b/}}}".utf8.count)
        }
    }

    /// Far past every bound at once, in every position: errors, never a crash, never slow.
    @Test func hostileCountsFailQuickly() {
        let hostile = [
            String(repeating: ".local $a = {1} ", count: 50_000) + "{{}}",
            "{$x :f" + String(repeating: " a=1", count: 100_000) + "}",
            "{$x" + String(repeating: " @a", count: 100_000) + "}",
            String(repeating: "{$x}a", count: 100_000),
            ".input {$x :string} .match" + String(repeating: " $x", count: 100_000) + " * {{}}",
            ".input {$x :string} .match $x " + String(repeating: "a {{}} ", count: 100_000) + "* {{}}",
        ]
        for source in hostile {
            #expect(throws: MF2.SyntaxError.self) { try MF2.parse(source) }
        }
    }
}
