import Lokale
import LokaleCore
import Testing
import TestSupport

/// `MessageFormat`: an MF2 message given as source at run time, through `import Lokale`.
struct MessageFormatTests {
    @Test func formatsWithNamedArgumentsInItsLocale() throws {
        let files = try MessageFormat(".input {$count :integer} .match $count one {{{$count} fichier}} * {{{$count} fichiers}}", locale: "fr")
        #expect(files.format(["count": 0]) == "0 fichier") // French `one` includes 0
        #expect(files.format(["count": 2]) == "2 fichiers")
        #expect(files.format(["count": 1_000_000]) == "1\u{202F}000\u{202F}000 fichiers")
        let greeting = try MessageFormat("Hello, {$name}!", locale: "en")
        #expect(greeting.format(["name": "Léa"]) == "Hello, \u{2068}Léa\u{2069}!")
    }

    @Test func malformedAndInvalidMessagesAreRefusedAtConstruction() {
        for (source, kind) in [("{$x", MF2.ErrorKind.syntaxError), (".match $n 1 {{one}}", .missingSelectorAnnotation),
                               (".input {$n :number} .match $n 1 {{one}}", .missingFallbackVariant)] {
            do {
                _ = try MessageFormat(source, locale: "en")
                Issue.record("\(source) was accepted")
            } catch {
                #expect(error.errors.map(\.kind).contains(kind), "\(source): \(error)")
            }
        }
    }

    @Test func problemsAreReportedBesideTheText() throws {
        let m = try MessageFormat("{$count :number} items", locale: "en")
        let f = m.formatted([:])
        #expect(f.text == "\u{2068}{$count}\u{2069} items") // a fallback, isolated as any placeholder
        #expect(f.errors.map(\.kind) == [.unresolvedVariable, .badOperand])
    }

    @Test func oneMessageFormatsFromManyTasks() async throws {
        let m = try MessageFormat(".input {$n :integer} .match $n one {{# one}} * {{{$n} many}}", locale: "en")
        let results = await withTaskGroup(of: (Int64, String).self) { group in
            for n in Int64(0) ..< 200 { group.addTask { (n, m.format(["n": .int(n)])) } }
            var all: [(Int64, String)] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 200)
        for (n, text) in results { #expect(text == (n == 1 ? "# one" : "\(n) many")) }
    }
}

extension MessageFormatTests {
    /// The example of docs/MESSAGEFORMAT.md, as it is written there.
    @Test func theDocumentedExample() throws {
        let source = """
            .input {$gender :string}
            .input {$count :integer}
            .match $gender $count
            female one {{{$host} invited one guest to her party.}}
            female *   {{{$host} invited {$count} guests to her party.}}
            *      one {{{$host} invited one guest to their party.}}
            *      *   {{{$host} invited {$count} guests to their party.}}
            """
        let invite = try MessageFormat(source, locale: "en")
        // Strings are isolated (their direction is unknown), an English number is not.
        #expect(invite.format(["host": "Ana", "gender": "female", "count": 3]) == "\u{2068}Ana\u{2069} invited 3 guests to her party.")
        #expect(invite.format(["host": "Sam", "gender": "other", "count": 1]) == "\u{2068}Sam\u{2069} invited one guest to their party.")
        let f = invite.formatted(["host": "Ana", "gender": "female"])
        #expect(f.text == "\u{2068}Ana\u{2069} invited \u{2068}{$count}\u{2069} guests to her party.")
        #expect(f.errors.map(\.kind) == [.unresolvedVariable, .badOperand, .badSelector])
    }
}

/// MF2 messages of a compiled bundle through `import Lokale`: `string(_:_:)` with named arguments
/// (Swift's dictionary labels), and `explain(_:_:)` with the variant chosen.
struct CatalogMessageFormatTests {
    static func bundle(_ languages: [String]) throws -> LokaleBundle {
        let dir = Fixtures.temporaryDirectory("lokale-swift-mf2")
        let en = Fixtures.write("""
            {"files": ".input {$count :integer}\\n.match $count\\none {{{$count} file}}\\n* {{{$count} files}}",
             "@files": {"description": "Files in the folder"}}
            """, to: "en.lproj/Localizable.mf2.json", in: dir)
        let de = Fixtures.write("""
            {"files": ".input {$count :integer}\\n.match $count\\none {{{$count} Datei}}\\n* {{{$count} Dateien}}"}
            """, to: "de.lproj/Localizable.mf2.json", in: dir)
        let path = try Fixtures.compile([en, de], to: dir + "/MF2.lokale")
        return try LokaleRuntime(preferredLanguages: languages).open(path, main: true)
    }

    @Test func catalogMessagesTakeNamedArguments() throws {
        let de = try Self.bundle(["de-AT"])
        #expect(de.string("files", ["count": 1]) == "1 Datei")
        #expect(de.string("files", ["count": 12_345]) == "12.345 Dateien")
        #expect(try Self.bundle(["ja"]).string("files", ["count": 1]) == "1 file")
        // A message the catalogs lack: its default value, formatted as MF2.
        #expect(de.string(Message("missing", defaultValue: "{$count :integer} more"), ["count": 3]) == "3 more")
        let e = de.explain("files", ["count": 2])
        #expect(e.servedLocalization == "de" && e.result == "2 Dateien")
        #expect(e.selection?.keys == ["*"] && e.selection?.selectors.first?.matches == [])
        // Parts: the value with its source, for rich text; a message that is not MF2 is one part.
        let parts = de.parts("files", ["count": 12_345])
        #expect(parts.map(\.text).joined() == "12.345 Dateien")
        guard case .value(let count)? = parts.first else { Issue.record("no value part: \(parts)"); return }
        #expect(count.source == "$count" && count.type == "number")
        #expect(de.parts(Message("missing", defaultValue: "plain"), [:]) == [.text("plain")])
    }
}
