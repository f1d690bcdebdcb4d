import Foundation
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// The real `lokale-cli compile`, run as a subprocess: a failed compilation reports the file and
/// line on stderr, exits non-zero, and writes nothing (nor replaces an earlier table).
struct CompileCommandTests {
    /// The executable built beside the test bundle; LOKALE_CLI overrides.
    static let cli: String? = {
        var folders: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["LOKALE_CLI"] { return explicit }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { folders.append(parent(exe)) }
        folders.append(parent(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path))
        folders.append(parent(Foundation.Bundle.main.bundlePath))
        folders.append(Foundation.Bundle.main.bundlePath)
        // Inside an .xctest bundle folder the executable sits a few levels down.
        for f in folders where f.contains(".xctest") { folders.append(parent(String(f[..<f.range(of: ".xctest")!.upperBound]))) }
        folders.append(Fixtures.packageRoot + "/.build/debug")
        return folders.map { $0 + "/lokale-cli" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func parent(_ path: String) -> String { (path as NSString).deletingLastPathComponent }

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    func run(_ arguments: [String]) throws -> Run {
        let cli = try #require(Self.cli, "lokale-cli was not found beside the test bundle; build it or set LOKALE_CLI")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: cli)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["LANGUAGE"] = nil; env["LC_ALL"] = nil; env["LC_MESSAGES"] = nil; env["LANG"] = "C"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read before waiting so that a full pipe cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static let badCatalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"comment\" : \"x\" },\n  },\n  \"version\" : \"1.0\"\n}\n"
    static let goodCatalog = #"{"sourceLanguage":"en","version":"1.0","strings":{"hello":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"Hello"}},"de":{"stringUnit":{"state":"translated","value":"Hallo"}}}}}}"#

    func contents(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    @Test func cliIsFound() {
        #expect(Self.cli != nil, "lokale-cli was not found beside the test bundle")
    }

    @Test func failedCompileWritesNothing() throws {
        let dir = Fixtures.temporaryDirectory("lokale-cli")
        let bad = Fixtures.write(Self.badCatalog, to: "BAD.xcstrings", in: dir)
        let out = dir + "/OUT.lokale"
        let r = try run(["compile", bad, "-o", out])
        #expect(r.status != 0)
        #expect(r.stderr.contains("BAD.xcstrings:5:3:"), "\(r.stderr)")
        #expect(r.stderr.contains("trailing comma"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // No temporary file is left behind either.
        #expect(try contents(dir) == ["BAD.xcstrings"])
    }

    @Test func failedCompileLeavesAnEarlierTableUntouched() throws {
        let dir = Fixtures.temporaryDirectory("lokale-cli")
        let good = Fixtures.write(Self.goodCatalog, to: "Localizable.xcstrings", in: dir)
        let out = dir + "/OUT.lokale"
        let first = try run(["compile", good, "-o", out])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("compiled 2 messages"))
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(before.starts(with: TableLayout.magic))

        // The good catalog turns bad: the earlier table must survive byte for byte.
        try Data(Self.badCatalog.utf8).write(to: URL(fileURLWithPath: good))
        let second = try run(["compile", good, "-o", out])
        #expect(second.status != 0)
        #expect(second.stderr.contains("Localizable.xcstrings:5:3:"), "\(second.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
        #expect(try contents(dir) == ["Localizable.xcstrings", "OUT.lokale"])
        #expect(try Runtime(preferredLanguages: ["de"]).open(path: out, main: true, verify: true).string("hello") == "Hallo")

        // So must it when a second source is missing or of an unknown type.
        let missing = try run(["compile", dir + "/Localizable.xcstrings", dir + "/Missing.strings", "-o", out])
        #expect(missing.status != 0)
        let notes = Fixtures.write("x", to: "notes.txt", in: dir)
        let unknown = try run(["compile", notes, "-o", out])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("notes.txt: error: unknown source type"), "\(unknown.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before)
    }

    @Test func stringsErrorAndMissingFileOnStderr() throws {
        let dir = Fixtures.temporaryDirectory("lokale-cli")
        Fixtures.write("\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n", to: "de.lproj/Localizable.strings", in: dir)
        let out = dir + "/OUT.lokale"
        let r = try run(["compile", dir + "/de.lproj", "-o", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("de.lproj/Localizable.strings:2:10: error: expected ';'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let missing = try run(["compile", dir + "/Nope.xcstrings", "-o", out])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Nope.xcstrings: error: no such file"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))

        let noOutput = try run(["compile", dir + "/de.lproj"])
        #expect(noOutput.status == 2)
        #expect(noOutput.stderr.contains("-o"))

        let unwritable = try run(["compile", Fixtures.write(Self.goodCatalog, to: "Ok.xcstrings", in: dir), "-o", dir + "/no/such/folder/OUT.lokale"])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("cannot write"), "\(unwritable.stderr)")
    }

    @Test func successfulCompileWithBundleOptions() throws {
        let dir = Fixtures.temporaryDirectory("lokale-cli")
        let catalog = Fixtures.write(Self.goodCatalog, to: "Localizable.xcstrings", in: dir)
        let out = dir + "/App.lokale"
        let r = try run(["compile", catalog, "-o", out, "--bundle-id", "org.example.cli", "--development-region=de", "--allow-mixed-localizations"])
        #expect(r.status == 0, "\(r.stderr)")
        let table = try CompiledTable(path: out, verifyPayload: true)
        #expect(table.identifier == "org.example.cli")
        #expect(table.localizations == ["de", "en"])
        #expect(table.localizations[table.developmentLocalization] == "de")
        #expect(table.allowsMixedLocalizations)

        let lookup = try run(["lookup", out, "hello", "--prefer", "de"])
        #expect(lookup.status == 0)
        #expect(lookup.stdout == "Hallo\n")
        let info = try run(["info", out, "--verify"])
        #expect(info.stdout.contains("bundle: org.example.cli"))
        #expect(info.stdout.contains("development localization: de"))
        #expect(info.stdout.contains("allows mixed localizations: yes"))
    }
}
