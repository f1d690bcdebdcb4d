import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// `lokale compile --emit-c-source` and `--swift-embed`, run as the real subprocess: the table as a
/// C array (with its header) or inside the Swift accessor, byte-for-byte the table `-o` writes, and
/// the same bytes each time for the same catalogs.
struct EmbedCommandTests {
    let cli = CompileCommandTests()

    /// The bytes of the string literal in a generated C source: printable ASCII as itself,
    /// three-digit octal escapes, one literal a line.
    static func arrayBytes(_ source: String) throws -> [UInt8] {
        let start = try #require(source.range(of: "] =\n")), end = try #require(source.range(of: "\n;\n"))
        var bytes: [UInt8] = []
        for line in source[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let u = Array(line.utf8)
            #expect(u.first == UInt8(ascii: "\"") && u.last == UInt8(ascii: "\""))
            var i = 1
            while i < u.count - 1 {
                if u[i] == UInt8(ascii: "\\") {
                    bytes.append((u[i + 1] - 48) << 6 | (u[i + 2] - 48) << 3 | (u[i + 3] - 48))
                    i += 4
                } else {
                    #expect(u[i] != UInt8(ascii: "\"") && u[i] != UInt8(ascii: "?"))
                    bytes.append(u[i])
                    i += 1
                }
            }
        }
        return bytes
    }

    @Test func cSourceCarriesTheTableAndIsDeterministic() throws {
        let dir = Fixtures.temporaryDirectory("lokale-embed-c")
        let source = Fixtures.write(CompileCommandTests.goodCatalog, to: "Localizable.xcstrings", in: dir)
        var outputs: [(c: Data, h: Data)] = []
        for round in 0..<2 {
            let out = dir + "/round\(round)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let r = try cli.run(["compile", source, "-o", out + "/My App.lokale", "--emit-c-source", out + "/table.c"])
            #expect(r.status == 0, "\(r.stderr)")
            let c = try Data(contentsOf: URL(fileURLWithPath: out + "/table.c"))
            let h = try Data(contentsOf: URL(fileURLWithPath: out + "/table.h"))
            let text = String(decoding: c, as: UTF8.self)
            // The symbol comes from the output's name, made an identifier.
            #expect(text.contains("int My_App_open(lokale_bundle **out, lokale_runtime *runtime, uint32_t flags) {"))
            #expect(text.contains("#include \"table.h\""))
            #expect(String(decoding: h, as: UTF8.self).contains("int My_App_open(lokale_bundle **out, lokale_runtime *runtime, uint32_t flags);"))
            // No path of this run in the files.
            #expect(!text.contains(dir) && !String(decoding: h, as: UTF8.self).contains(dir))
            let table = try Data(contentsOf: URL(fileURLWithPath: out + "/My App.lokale"))
            #expect(try Self.arrayBytes(text) == Array(table))
            outputs.append((c, h))
        }
        #expect(outputs[0].c == outputs[1].c && outputs[0].h == outputs[1].h, "the same catalog gave different C sources")
    }

    @Test func cSymbolIsChecked() throws {
        let dir = Fixtures.temporaryDirectory("lokale-embed-c")
        let source = Fixtures.write(CompileCommandTests.goodCatalog, to: "Localizable.xcstrings", in: dir)
        let named = try cli.run(["compile", source, "-o", dir + "/2.lokale", "--emit-c-source", dir + "/t.c", "--c-symbol", "app_strings"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOfFile: dir + "/t.c", encoding: .utf8).contains("int app_strings_open("))
        let derived = try cli.run(["compile", source, "-o", dir + "/2.lokale", "--emit-c-source", dir + "/u.c"])
        #expect(derived.status == 0)
        #expect(try String(contentsOfFile: dir + "/u.c", encoding: .utf8).contains("int lokale_2_open("))
        for bad in ["2abc", "a-b", "__x", "é"] {
            let r = try cli.run(["compile", source, "-o", dir + "/x.lokale", "--emit-c-source", dir + "/v.c", "--c-symbol", bad])
            #expect(r.status == 2 && r.stderr.contains("is not a C identifier"), "\(bad): \(r.stderr)")
        }
        let alone = try cli.run(["compile", source, "-o", dir + "/x.lokale", "--c-symbol", "x"])
        #expect(alone.status == 2 && alone.stderr.contains("--c-symbol goes with --emit-c-source"))
        let notC = try cli.run(["compile", source, "-o", dir + "/x.lokale", "--emit-c-source", dir + "/v.cpp"])
        #expect(notC.status == 2 && notC.stderr.contains("--emit-c-source names a .c file"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/v.c") && !FileManager.default.fileExists(atPath: dir + "/x.lokale"))
    }

    @Test func swiftEmbedPutsTheTableInTheAccessor() throws {
        let dir = Fixtures.temporaryDirectory("lokale-embed-swift")
        let source = Fixtures.write(CompileCommandTests.goodCatalog, to: "Localizable.xcstrings", in: dir)
        let r = try cli.run(["compile", source, "-o", dir + "/App.lokale", "--default-bundle-id", "Pkg.App",
                             "--swift-accessor", dir + "/Accessor.swift", "--swift-kind", "main", "--swift-embed"])
        #expect(r.status == 0, "\(r.stderr)")
        let swift = try String(contentsOfFile: dir + "/Accessor.swift", encoding: .utf8)
        #expect(swift.contains("LokaleBundle.module(\n        embedded: lokaleEmbeddedTable,\n        identifier: \"Pkg.App\",\n        kind: .main\n    )"))
        // No path: the program does not look for a file.
        #expect(!swift.contains(dir) && !swift.contains("resource:"))
        let start = try #require(swift.range(of: "StaticString = \"\"\"\n")), end = try #require(swift.range(of: "    \"\"\"", range: start.upperBound..<swift.endIndex))
        let base64 = swift[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        let table = try Data(contentsOf: URL(fileURLWithPath: dir + "/App.lokale"))
        #expect(Data(base64Encoded: base64) == table)
        let again = try cli.run(["compile", source, "-o", dir + "/App.lokale", "--default-bundle-id", "Pkg.App",
                                 "--swift-accessor", dir + "/Again.swift", "--swift-kind", "main", "--swift-embed"])
        #expect(again.status == 0)
        #expect(try String(contentsOfFile: dir + "/Again.swift", encoding: .utf8) == swift)
        let alone = try cli.run(["compile", source, "-o", dir + "/x.lokale", "--swift-embed"])
        #expect(alone.status == 2 && alone.stderr.contains("--swift-embed goes with --swift-accessor"))
    }
}
