import Foundation
import Lokale
import LokaleCatalog
import Testing
import TestSupport

/// Extraction sees what the compiler sees. ExtractionIdioms.swift is compiled
/// into these tests and extracted by them; a catalog made of exactly the extracted keys must
/// answer every idiom from the catalog — so the key each call looks up at run time is the key
/// `lokale extract` wrote, specifiers, tables and all.
@Suite struct ExtractionAgreesWithRuntimeTests {
    static let idioms = Fixtures.packageRoot + "/Tests/LokaleTests/ExtractionIdioms.swift"
    /// The SwiftPM build these tests run from (its manifest has the command that compiles them).
    static let build = Fixtures.packageRoot + "/.build"

    /// Each extracted message's catalog value: its text marked, so that an answer from the catalog
    /// is told apart from the fallback to a default value or the key.
    static func bundle(_ messages: [ExtractedMessage]) throws -> LokaleBundle {
        let dir = Fixtures.temporaryDirectory("lokale-idioms")
        var paths: [String] = []
        for table in Set(messages.map(\.tableName)).sorted() {
            var strings: [String: Any] = [:]
            for m in messages where m.tableName == table {
                let unit = ["stringUnit": ["state": "translated", "value": "✓ " + (m.defaultValue ?? m.key)]]
                strings[m.key] = ["localizations": ["en": unit]]
            }
            let json = try JSONSerialization.data(withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings])
            paths.append(Fixtures.write(String(decoding: json, as: UTF8.self), to: "\(table).xcstrings", in: dir))
        }
        let table = try Fixtures.compile(paths, to: dir + "/Idioms.lokale")
        return try LokaleRuntime(preferredLanguages: ["en"]).open(table, main: true)
    }

    /// The idioms' answers, in order, from a catalog of what extraction found.
    func answers(_ scan: Extractor.Result) throws -> [String] {
        extractionIdioms(try Self.bundle(scan.messages))
    }

    @Test func everyIdiomIsExtractedWithTheKeyTheRuntimeLooksUp() throws {
        let scan = try Extractor.scanWithWarnings(paths: [Self.idioms])
        #expect(scan.warnings.isEmpty, "\(scan.warnings)")
        let got = try answers(scan)
        #expect(got == [
            "✓ Collection: Sample Set", "✓ 3 items in Sample Set", "✓ 3 items",
            "✓ Ratio 0.500000 big 7 small -2 single 1.500000 byte 8 wide 64", "✓ Points: 2.000000", "✓ Title for Sample Set",
            "✓ Label for Sample Set", "✓ 3% done", "✓ Plain text, 100%", "✓ Hello Sample Set", "✓ Explained 3", "✓ Preview",
        ])
        // The two messages with a comment keep it; the one with a table is in it.
        #expect(scan.messages.first { $0.key == "summary.item-count" }?.comment == "Summary below the item-count control.")
        #expect(scan.messages.first { $0.key == "Preview" }.map { ($0.table, $0.comment) } ?? (nil, nil) == ("Panels", "Heading of the preview."))
        // Only the idioms: the declarations' own parameters and the bundle's internals are no messages.
        #expect(scan.messages.count == 12, "\(scan.messages.map(\.key))")
    }

    /// The compiler-backed mode, through the real swiftc and the build's manifest, finds the same.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: build + "/debug.yaml"), "no SwiftPM debug build at .build"))
    func theCompilerFindsTheSameKeys() throws {
        let tokens = try Extractor.scanWithWarnings(paths: [Self.idioms])
        let typed = try Extractor.scanWithWarnings(paths: [Self.idioms], compiler: SwiftTypeCheck(buildPath: Self.build))
        #expect(typed.compilerProblems.isEmpty, "\(typed.compilerProblems)")
        #expect(typed.compilerNotes.count == 1 && typed.compilerNotes[0].contains("module LokaleTests"), "\(typed.compilerNotes)")
        #expect(typed.messages == tokens.messages)
        #expect(typed.warnings.isEmpty, "\(typed.warnings)")
        #expect(try answers(typed).allSatisfy { $0.hasPrefix("✓ ") })
    }
}
