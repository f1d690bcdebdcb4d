import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The generated accessors and the tools agree: `lokale extract` counts a key the code reaches
/// through its accessor as found (never stale), and `lokale compile` writes the accessors only when
/// the table is written, each file atomically.
struct TypedToolingTests {
    let cli = CompileCommandTests()

    static let catalog = #"""
    {"sourceLanguage":"en","version":"1.0","strings":{
      "Collection: %@":{"comment":"The collection's name.","localizations":{"en":{"stringUnit":{"state":"translated","value":"Collection: %@"}}}},
      "Preview":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Preview"}}}},
      "Unused":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Unused"}}}},
      "default":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Default"}}}}
    }}
    """#

    @Test func extractionCountsAccessorUsesAsFound() throws {
        let dir = Fixtures.temporaryDirectory("lokale-typed-extract")
        let catalog = Fixtures.write(Self.catalog, to: "Localizable.xcstrings", in: dir)
        Fixtures.write("""
            import Lokale
            func show(_ bundle: LokaleBundle, name: String) {
                print(bundle.string(.Localizable.collection(arg1: name)))
                print("\\(String(localized: Message.Localizable.preview))")
                print(bundle.string(.Localizable.`default`))
                print(bundle.string(.Settings.unused)) // another table's accessor: not this one's key
            }
            """, to: "Sources/App/main.swift", in: dir)
        let r = try cli.run(["extract", dir + "/Sources", "-o", catalog])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("(and 3 uses of its accessors)"), "\(r.stderr)")
        #expect(r.stderr.contains("0 added, 0 updated, 1 marked stale"), "\(r.stderr)")
        let table = try StringCatalogReader.read(path: catalog).table
        #expect(table.info["Unused"]?.extractionState == "stale")
        for key in ["Collection: %@", "Preview", "default"] { #expect(table.info[key]?.extractionState != "stale", "\(key)") }
    }

    @Test func compileWritesTheAccessorsOnlyWithTheTable() throws {
        let dir = Fixtures.temporaryDirectory("lokale-typed-compile")
        let catalog = Fixtures.write(Self.catalog, to: "Localizable.xcstrings", in: dir)
        let ok = try cli.run(["compile", catalog, "-o", dir + "/App.lokale", "--swift-messages", dir + "/Messages.swift",
                              "--emit-c-header", dir + "/app.h", "--c-prefix", "app"])
        #expect(ok.status == 0, "\(ok.stderr)")
        let header = try String(contentsOfFile: dir + "/app.h", encoding: .utf8)
        #expect(header.contains("static inline int app_localizable_collection(char *dst, size_t capacity, size_t *needed, const lokale_bundle *bundle, const char *arg1)"))
        #expect(try String(contentsOfFile: dir + "/Messages.swift", encoding: .utf8).contains("static func collection(arg1: String) -> Message"))

        // A broken catalog: nothing written, not even the generated files.
        let broken = Fixtures.write(#"{"sourceLanguage":"en","strings":{"x":{"localizations":[}}}"#, to: "Broken.xcstrings", in: dir)
        let failed = try cli.run(["compile", broken, "-o", dir + "/B.lokale", "--emit-c-header", dir + "/b.h", "--swift-messages", dir + "/B.swift"])
        #expect(failed.status != 0)
        for f in ["B.lokale", "b.h", "B.swift"] { #expect(!FileManager.default.fileExists(atPath: dir + "/" + f), "\(f)") }

        let misuse = try cli.run(["compile", catalog, "-o", dir + "/C.lokale", "--c-prefix", "app"])
        #expect(misuse.status != 0 && misuse.stderr.contains("--c-prefix goes with --emit-c-header"))
        let badPrefix = try cli.run(["compile", catalog, "-o", dir + "/C.lokale", "--emit-c-header", dir + "/c.h", "--c-prefix", "My App"])
        #expect(badPrefix.status != 0 && badPrefix.stderr.contains("try 'my_app'"), "\(badPrefix.stderr)")
    }
}
