import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Pseudo-localization of ICU MessageFormat (ARB) messages: the result is ICU text, not MF2, with
/// only its literal text changed; it parses to the same message apart from text.
struct ARBPseudoTests {
    @Test func onlyTextChangesAndQuotingStays() throws {
        let source = "It''s '{name}' and {count, plural, offset:1 =0{nobody} one{{who} and '#'#} other{# files, {d, date, ::yMMMd}}}!"
        #expect(try Pseudolocalization.icuMessageFormat(source, .accented)
                == "[Îţ''š '{ñåɱé}' åñð {count, plural, offset:1 =0{ñöƀöðý} one{{who} åñð '#'#} other{# ƒîļéš, {d, date, ::yMMMd}}}!]")
        #expect(try Pseudolocalization.icuMessageFormat(source, .long)
                == "It''s '{name}' and {count, plural, offset:1 =0{nobody one} one{{who} and '#'# one} other{# files, {d, date, ::yMMMd} one}}! one two")
        #expect(try Pseudolocalization.icuMessageFormat("Go '{now}'", .bidi)
                == "\u{200F}\u{202E}Go\u{202C}\u{200F} \u{200F}\u{202E}'{now}'\u{202C}\u{200F}")
        // gen-l10n's apostrophes as text: `'` is a letter like the others, `{name}` an argument.
        #expect(try Pseudolocalization.icuMessageFormat("Delete '{name}'?", .accented, quoting: .none) == "[Ðéļéţé '{name}'?]")
        #expect(try Pseudolocalization.icuMessageFormat("", .accented) == "")
        #expect(throws: ICUMessageFormat.SyntaxError.self) { try Pseudolocalization.icuMessageFormat("{n, plural, one{x}}", .accented) }
    }

    /// Every pattern of the ICU differential test, in each pseudo-language: ICU text that parses to
    /// the original's message apart from text, whose text differs wherever the original has letters,
    /// and which formats without errors where the original does.
    @Test func everyPatternOfTheDifferentialTest() throws {
        var checked = 0
        for (pattern, kinds) in ICUMessageFormatTests.patterns + ICUMessageFormatTests.generated {
            let original = try ICUMessageFormat.parse(pattern)
            var arguments: [String: MF2.Argument] = [:]
            for (k, kind) in kinds.enumerated() {
                arguments["_\(k)"] = kind == .string ? .string("female") : kind == .date ? .date(1_136_214_245, timeZone: nil) : .int(3)
            }
            for kind in PseudoLocale.allCases {
                let pseudo = try Pseudolocalization.icuMessageFormat(pattern, kind)
                let parsed = try ICUMessageFormat.parse(pseudo)
                #expect(PseudoMessageFormatTests.skeleton(parsed) == PseudoMessageFormatTests.skeleton(original), "\(pattern) \(kind): \(pseudo)")
                let before = PseudoMessageFormatTests.texts(original).joined(), after = PseudoMessageFormatTests.texts(parsed).joined()
                if before.contains(where: { $0.isLetter && $0.isASCII }) { #expect(after != before, "\(pattern) \(kind): text unchanged") }
                #expect(MF2.format(parsed, locale: "en", arguments: arguments).errors.isEmpty, "\(pseudo)")
                checked += 1
            }
        }
        #expect(checked == 3 * (ICUMessageFormatTests.patterns.count + ICUMessageFormatTests.generated.count))
    }

    /// `compile --pseudo` of ARB files: the pseudo-language's message is ICU text (what a plain
    /// lookup answers) and formats with the template's placeholder formats.
    @Test func compiledPseudoLanguagesOfAnARBTemplate() throws {
        let dir = Fixtures.temporaryDirectory("lokale-arb-pseudo")
        let en = Fixtures.write("""
            {"@@locale": "en",
             "files": "{count, plural, =0{No files} one{# file} other{{count} files}} in {folder}",
             "@files": {"placeholders": {"count": {"type": "int", "format": "compact"}}}}
            """, to: "app_en.arb", in: dir)
        let path = try Fixtures.compile([en], to: dir + "/out.lokale") { bundle in
            try? Pseudolocalization.add(PseudoLocale.allCases, to: &bundle)
        }
        let xa = try Runtime(preferredLanguages: ["en-XA"]).open(path: path, main: true)
        #expect(try xa.string("files") == "[{count, plural, =0{Ñö ƒîļéš} one{# ƒîļé} other{{count} ƒîļéš}} îñ {folder}]")
        #expect(try xa.format("files", arguments: [], named: ["count": .int(1_500_000), "folder": .string("Docs")]).text
                == "[1.5M ƒîļéš îñ Docs]")
        let xl = try Runtime(preferredLanguages: ["en-XL"]).open(path: path, main: true)
        #expect(try xl.format("files", arguments: [], named: ["count": .int(0), "folder": .string("Docs")]).text
                == "No files one in Docs one")
    }
}
