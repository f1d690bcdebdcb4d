import Foundation
import LokaleCatalog
import Testing
import TestSupport

/// Hostile input never crashes the tokenizers or the XLIFF reader: every prefix of real sources
/// (a file cut anywhere) and seeded random damage.
struct ToolingRobustnessTests {
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    static let sources: [(String, Extractor.SourceKind)] = [
        (ExtractCommandTests.cSource, .c), (ExtractCommandTests.cppSource, .c),
        (ExtractCommandTests.pythonSource, .python), (ExtractCommandTests.swiftSource, .swift),
    ]

    @Test func everyPrefixOfASourceExtractsASubsetOfItsKeys() {
        for (text, kind) in Self.sources {
            let bytes = Array(text.utf8)
            let all = Set(Extractor.extract(bytes, kind: kind, file: "f").messages.map(\.key))
            #expect(!all.isEmpty)
            for n in 0..<bytes.count {
                let keys = Set(Extractor.extract(Array(bytes[..<n]), kind: kind, file: "f").messages.map(\.key))
                #expect(keys.isSubset(of: all), "prefix \(n) of a \(kind) source: \(keys.subtracting(all))")
            }
        }
    }

    @Test func randomBytesAndDamagedSourcesDoNotCrash() {
        var rng = Seeded(state: 42)
        let alphabet = Array("\"'\\#(){}[],:=.\n\r\t /*rRuU8fb_xLOKALE_LOC".utf8) + [0x00, 0xFF, 0xC3]
        for kind in [Extractor.SourceKind.c, .python, .swift] {
            for _ in 0..<300 {
                let n = Int.random(in: 0..<200, using: &rng)
                let bytes = (0..<n).map { _ in alphabet.randomElement(using: &rng)! }
                _ = Extractor.extract(bytes, kind: kind, file: "random")
            }
        }
        for (text, kind) in Self.sources {
            var bytes = Array(text.utf8)
            for _ in 0..<200 {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[i] = alphabet.randomElement(using: &rng)!
                _ = Extractor.extract(bytes, kind: kind, file: "damaged")
            }
        }
    }

    @Test func damagedXLIFFIsAnErrorOrADocumentNeverACrash() throws {
        var table = CatalogTable(name: "Localizable")
        table.sourceLanguage = "en"
        table.info["k"] = MessageInfo(comment: "c")
        table.messages["en", default: [:]]["k"] = CatalogMessage(.plural(argument: 1, ordinal: false, cases: [.one: .text("%lld item"), .other: .text("%lld items")]), state: "translated")
        table.messages["fr", default: [:]]["k"] = CatalogMessage(.text("élément & <x>"), state: "translated")
        let good = try XLIFFWriter.encode(XLIFFDocument(files: [XLIFFExport.file(table, language: "fr", original: "L.xcstrings")]))
        var rng = Seeded(state: 7)
        let alphabet = Array("<>&;\"'/=!?[]-x#".utf8) + [0x00, 0xFF]
        var errors = 0, parsed = 0
        let rounds = Int(ProcessInfo.processInfo.environment["LOKALE_ROBUSTNESS_ROUNDS"] ?? "") ?? 300
        for _ in 0..<rounds {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                if Bool.random(using: &rng) { bytes[i] = alphabet.randomElement(using: &rng)! } else { bytes.remove(at: i) }
            }
            do {
                let doc = try XLIFFReader.parse(bytes, path: "d.xliff")
                parsed += 1
                // Whatever parses can be applied to a table without trapping.
                var copy = table
                if let f = doc.files.first { _ = try? XLIFFImport.apply(f, to: &copy, xliffPath: "d.xliff") }
            } catch {
                errors += 1
                #expect(error.file == "d.xliff")
            }
        }
        #expect(errors > 0 && errors + parsed == rounds)
    }
}
