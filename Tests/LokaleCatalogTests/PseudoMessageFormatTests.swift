import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Pseudo-localization of MessageFormat 2 messages: only pattern text changes; the result parses
/// to the same message apart from text.
struct PseudoMessageFormatTests {
    /// `m` without its text parts: what pseudo-localization must keep.
    static func skeleton(_ m: MF2.Message) -> MF2.Message {
        func strip(_ p: MF2.Pattern) -> MF2.Pattern { p.filter { if case .text = $0 { false } else { true } } }
        switch m {
        case .pattern(var p):
            p.pattern = strip(p.pattern)
            return .pattern(p)
        case .select(var s):
            for i in s.variants.indices { s.variants[i].pattern = strip(s.variants[i].pattern) }
            return .select(s)
        }
    }

    static func texts(_ m: MF2.Message) -> [String] {
        let patterns: [MF2.Pattern] = switch m {
        case .pattern(let p): [p.pattern]
        case .select(let s): s.variants.map(\.pattern)
        }
        return patterns.flatMap { $0.compactMap { if case .text(let t) = $0 { t } else { nil } } }
    }

    @Test func onlyTextChanges() throws {
        let source = """
            .input {$count :number minimumFractionDigits=1}
            .local $title = {|Big title| :string @translate=no}
            .match $count
            one {{{$count} file in {#link href=|https://x.example/Files|}Documents{/link}}}
            * {{{$count} files, 100% \\{sure\\}}}
            """
        let accented = try Pseudolocalization.messageFormat(source, .accented)
        #expect(accented == """
            .input {$count :number minimumFractionDigits=1}
            .local $title = {|Big title| :string @translate=no}
            .match $count
            one {{[{$count} ƒîļé îñ {#link href=|https://x.example/Files|}Ðöçûɱéñţš{/link}]}}
            * {{[{$count} ƒîļéš, 100% \\{šûŕé\\}]}}
            """)
        let long = try Pseudolocalization.messageFormat("Hello {$name}!", .long)
        #expect(long == "Hello {$name}! one")
        let bidi = try Pseudolocalization.messageFormat("{{.hidden dot {$x}}}", .bidi)
        // Its text no longer starts with `.` (RLM RLO come first): written back as a simple message.
        #expect(bidi == "\u{200F}\u{202E}.hidden\u{202C}\u{200F} \u{200F}\u{202E}dot\u{202C}\u{200F} {$x}")
        // An empty pattern stays empty; a pattern of placeholders only gets brackets.
        #expect(try Pseudolocalization.messageFormat("", .accented) == "")
        #expect(try Pseudolocalization.messageFormat("{$x}", .accented) == "[{$x}]")
        #expect(try Pseudolocalization.messageFormat("{$x}", .long) == "{$x}")
    }

    @Test func aSyntaxErrorIsThrown() {
        #expect(throws: MF2.SyntaxError.self) { try Pseudolocalization.messageFormat("{$x", .accented) }
    }

    /// Every well-formed message of the official suite, in each pseudo-language: it parses, its
    /// skeleton is the original's, its text differs wherever the original has letters, and it
    /// formats with the same errors (the same variants are selected, the same values resolved).
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func everyWellFormedMessageOfTheSuite() throws {
        var checked = 0
        for test in try MF2SyntaxTests.suite() {
            guard let original = try? MF2.parse(test.src) else { continue }
            for kind in PseudoLocale.allCases {
                let pseudo = try Pseudolocalization.messageFormat(test.src, kind)
                let parsed = try MF2.parse(pseudo)
                #expect(Self.skeleton(parsed) == Self.skeleton(original), "\(test) \(kind): \(pseudo.debugDescription)")
                let before = Self.texts(original).joined(), after = Self.texts(parsed).joined()
                if before.contains(where: \.isLetter) { #expect(after != before, "\(test) \(kind): text unchanged") }
                let arguments: [String: MF2.Argument] = ["x": .int(1), "n": .int(1), "foo": "bar"]
                #expect(MF2.format(parsed, locale: "en", arguments: arguments).errors.map(\.kind)
                            == MF2.format(original, locale: "en", arguments: arguments).errors.map(\.kind), "\(test) \(kind)")
                checked += 1
            }
        }
        #expect(checked > 900)
    }
}
