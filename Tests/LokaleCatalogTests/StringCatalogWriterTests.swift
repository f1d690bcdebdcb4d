import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The String Catalog writer against every real catalog: read → write → read keeps the model, the
/// written JSON equals the original's, and catalogs in Xcode's own layout come back byte for byte.
struct StringCatalogWriterTests {
    static let catalogs: [String] = Fixtures.hasConformance ? Conformance.files(under: "catalogs", ext: "xcstrings") : []

    /// True when `bytes` are already in the layout Apple's JSON writer gives (Foundation's
    /// JSONSerialization, sorted keys, pretty printed: what Xcode writes); a hand-edited catalog is not.
    static func isInXcodeLayout(_ bytes: Data) throws -> Bool {
        let object = try JSONSerialization.jsonObject(with: bytes)
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) == bytes
    }

    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason), arguments: catalogs)
    func readWriteReadIsLossless(_ path: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let (table, source) = try StringCatalogReader.read(path: path)
        let dir = Fixtures.temporaryDirectory("lokale-writer")
        let copy = dir + "/" + (path as NSString).lastPathComponent
        try StringCatalogWriter.write(table, to: copy)
        let (again, againSource) = try StringCatalogReader.read(path: copy)
        #expect(againSource == source)
        #expect(again.messages == table.messages)
        #expect(again.info == table.info)
        #expect(again.catalogVersion == table.catalogVersion)
        // Read independently of the reader: the written JSON is the original JSON.
        #expect(try JSONValue.read(copy) == JSONValue.read(path))
        let written = try Data(contentsOf: URL(fileURLWithPath: copy))
        if try Self.isInXcodeLayout(original) {
            #expect(written == original, "\(path) is in Xcode's layout but was not written back byte for byte")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [(path as NSString).lastPathComponent])
    }

    /// How many collected catalogs come back byte-identical (printed for the report).
    @Test(.enabled(if: Fixtures.hasConformance, Conformance.skipReason))
    func byteIdenticalCount() throws {
        var identical = 0, xcodeLayout = 0
        for path in Self.catalogs {
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let written = Data(StringCatalogWriter.encode(try StringCatalogReader.read(path: path).table))
            if written == original { identical += 1 }
            if try Self.isInXcodeLayout(original) { xcodeLayout += 1 }
        }
        print("StringCatalogWriter: \(identical) of \(Self.catalogs.count) catalogs byte-identical (\(xcodeLayout) in Xcode's layout)")
        #expect(identical >= xcodeLayout)
        #expect(identical > 0)
    }

    @Test func escapingMatchesApplesWriter() throws {
        let awkward = "quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{7} unit \u{1f} é 中文 🙂 \u{2028}"
        var table = CatalogTable(name: "Localizable")
        table.sourceLanguage = "en"
        table.catalogVersion = "1.0"
        table.info[awkward] = MessageInfo(comment: awkward, extractionState: "manual")
        table.messages["en", default: [:]][awkward] = CatalogMessage(.text(awkward), state: "translated")
        table.messages["de", default: [:]]["b/10"] = CatalogMessage(.text("x"), state: "new")
        table.messages["de", default: [:]]["b/9"] = CatalogMessage(.text("y"), state: "new")
        let written = Data(StringCatalogWriter.encode(table))
        // Apple's own writer gives the same bytes for the same JSON.
        #expect(try Self.isInXcodeLayout(written))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains("slash / tab \\t newline \\n"))
        #expect(text.contains("é 中文 🙂"))
        let dir = Fixtures.temporaryDirectory("lokale-writer")
        let path = dir + "/Localizable.xcstrings"
        try written.write(to: URL(fileURLWithPath: path))
        let (back, _) = try StringCatalogReader.read(path: path)
        #expect(back.messages["en"]?[awkward] == table.messages["en"]?[awkward])
        #expect(back.info[awkward]?.comment == awkward)
        // Numeric order, as Xcode sorts: b/9 before b/10.
        #expect(text.range(of: "\"b/9\"")!.lowerBound < text.range(of: "\"b/10\"")!.lowerBound)
    }

    @Test func changedModelIsWritten() throws {
        guard let path = Self.catalogs.first(where: { $0.hasSuffix("/Variations.xcstrings") }) else { return }
        var (table, _) = try StringCatalogReader.read(path: path)
        let key = try #require(table.messages["en"]?.keys.sorted().first)
        table.messages["fr", default: [:]][key] = CatalogMessage(.text("Bonjour"), state: "translated")
        let dir = Fixtures.temporaryDirectory("lokale-writer")
        try StringCatalogWriter.write(table, to: dir + "/Variations.xcstrings")
        let (back, _) = try StringCatalogReader.read(path: dir + "/Variations.xcstrings")
        #expect(back.messages["fr"]?[key] == CatalogMessage(.text("Bonjour"), state: "translated"))
        #expect(back.messages["en"] == table.messages["en"])
    }
}
