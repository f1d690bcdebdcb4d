import Foundation
@testable import Lokale
import TestSupport
import Testing

/// Tables embedded in the program: `LokaleRuntime.open(table:)` and the plugin's
/// `LokaleBundle.module(embedded:…)` (its base64, decoded once), which answer as the file does,
/// have no hot reload, and say so in `explain`.
///
/// `@testable` for the base64 decoder, checked against the system's `base64` tool.
@Suite struct EmbeddedBundleTests {
    static func tableBytes() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: try TestBundles.app())))
    }

    /// `base64 -w COLUMNS FILE`, the coreutils tool: an encoder other than ours.
    static func systemBase64(_ path: String, columns: Int) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["base64", "-w", String(columns), path]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func openedFromBytes() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = try runtime.open(table: try Self.tableBytes(), main: true)
        #expect(bundle.identifier == "com.example.app")
        #expect(bundle.isMain && runtime.mainBundle?.identifier == "com.example.app")
        #expect(bundle.path == nil)
        #expect(bundle.string("Welcome") == "Willkommen")
        let explained = bundle.explain("Welcome")
        #expect(explained.text.contains("hot reload: unavailable: the table is embedded in the program"), "\(explained.text)")
        #expect(explained.json.contains("\"embedded\":true"), "\(explained.json)")
        #expect(throws: LokaleError.self) { try bundle.reload() }
        do { try bundle.reload(); Issue.record("reloaded") } catch {
            #expect(error.code == .state && error.message.contains("embedded"), "\(error.message)")
        }
        // A bundle opened from its file keeps its trace as it was.
        let file = try LokaleRuntime(preferredLanguages: ["de"]).open(try TestBundles.app())
        #expect(!file.explain("Welcome").text.contains("hot reload"))
        #expect(!file.explain("Welcome").json.contains("embedded"))
    }

    @Test func badBytesAreAnError() {
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        #expect(throws: LokaleError.self) { try runtime.open(table: [UInt8](repeating: 7, count: 500)) }
        #expect(throws: LokaleError.self) { try runtime.open(table: []) }
    }

    @Test func base64AsTheSystemWritesIt() throws {
        let path = try TestBundles.app()
        let bytes = try Self.tableBytes()
        for columns in [0, 76, 100] {
            let text = Array(try Self.systemBase64(path, columns: columns).utf8)
            #expect(text.withUnsafeBytes { Base64.decode($0) } == bytes, "columns \(columns)")
        }
        for (text, expected) in [("", [UInt8]()), ("TQ==", [77]), ("TWE=", [77, 97]), ("TWFu", [77, 97, 110])] {
            #expect(Array(text.utf8).withUnsafeBytes { Base64.decode($0) } == expected)
        }
        for bad in ["TQ=", "T!==", "TQ==TWFu", "TWF", "=AAA"] {
            #expect(Array(bad.utf8).withUnsafeBytes { Base64.decode($0) } == nil, "\(bad)")
        }
    }

    @Test func embeddedModule() throws {
        let text = Array(try Self.systemBase64(try TestBundles.app(), columns: 100).utf8)
        let runtime = LokaleRuntime(preferredLanguages: ["fr"])
        let first = text.withUnsafeBytes { LokaleBundle.module(embeddedBase64: $0, identifier: "App", kind: .main, runtime: runtime) }
        #expect(first.problem == nil)
        #expect(first.isMain)
        #expect(first.string("Welcome") == "Bienvenue")
        #expect(first.explain("Welcome").text.contains("hot reload: unavailable"))
        // Once per runtime: the second call shares the first's bundle and opens no second main.
        let second = text.withUnsafeBytes { LokaleBundle.module(embeddedBase64: $0, identifier: "App", kind: .main, runtime: runtime) }
        #expect(try #require(first.core) === (try #require(second.core)))
        #expect(runtime.diagnostics.isEmpty, "\(runtime.diagnostics)")

        // The StaticString entry point the generated code calls: text that is not base64 gives
        // a bundle that still shows default values, and says why.
        let broken = LokaleBundle.module(embedded: "not base64!", identifier: "Broken", kind: .framework, runtime: runtime)
        #expect(broken.problem?.contains("not base64") == true, "\(broken.problem ?? "")")
        #expect(broken.string(Message("Welcome", defaultValue: "Welcome!")) == "Welcome!")
    }
}
