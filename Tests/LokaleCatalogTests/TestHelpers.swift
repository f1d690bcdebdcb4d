import FoundationEssentials
import LokaleCatalog
import LokaleCore
import Testing
import TestSupport

/// Paths inside the shared conformance folder, and small helpers to compile sources into a real
/// `.lokale` file and open it with the real runtime.
enum Conformance {
    static let skipReason: Comment = "../shared/conformance is absent (set LOKALE_CONFORMANCE to run these tests)"

    static func path(_ relative: String) -> String { Fixtures.conformance! + "/" + relative }

    /// Every file under `folder` (recursively) whose name ends with `.ext`, sorted.
    static func files(under folder: String, ext: String) -> [String] {
        let root = path(folder)
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
        return all.filter { $0.hasSuffix("." + ext) }.sorted().map { root + "/" + $0 }
    }
}

/// A compiled table on disk, opened by a fresh runtime for each set of preferred languages.
struct CompiledBundle {
    let path: String
    let sources: [String]

    init(_ sources: [String], configure: (inout CatalogBundle) -> Void = { _ in }) throws {
        self.sources = sources
        let dir = Fixtures.temporaryDirectory("lokale-catalog")
        path = try Fixtures.compile(sources, to: dir + "/out.lokale", configure: configure)
    }

    func open(_ languages: [String]) throws -> LokaleCore.Bundle {
        try Runtime(preferredLanguages: languages).open(path: path, main: true)
    }

    var table: CompiledTable { get throws { try CompiledTable(path: path, verifyPayload: true) } }
}

/// The CatalogError a throwing expression gives; records an issue (and returns nil) when it throws
/// something else or nothing.
func catalogError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> CatalogError? {
    do {
        try body()
        Issue.record("expected a CatalogError, but nothing was thrown", sourceLocation: sourceLocation)
    } catch let e as CatalogError {
        return e
    } catch {
        Issue.record("expected a CatalogError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Enough numeric-or-text arguments for any message in the collected catalogs: text is read as a
/// number by numeric specifiers.
func sampleArguments(_ value: String, count: Int = 8) -> [FormatArgument] {
    Array(repeating: .string(value), count: count)
}

/// Writes raw bytes to `dir/name` (creating folders) and returns the path.
@discardableResult
func writeBytes(_ bytes: [UInt8], to name: String, in dir: String) throws -> String {
    let path = dir + "/" + name
    let parent = String(path[..<path.lastIndex(of: "/")!])
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(filePath: path))
    return path
}
