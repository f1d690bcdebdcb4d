import FoundationEssentials
import LokaleCatalog
import LokaleCore

/// Where the tests find their inputs and put their outputs.
public enum Fixtures {
    /// The package root (the folder of Package.swift).
    public static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3) // Tests/TestSupport/Fixtures.swift
        return parts.joined(separator: "/")
    }()

    /// `../shared/conformance` beside the checkout (or $LOKALE_CONFORMANCE); nil when absent, and
    /// tests that need it are skipped with that reason.
    public static let conformance: String? = {
        let candidates = [ProcessInfo.processInfo.environment["LOKALE_CONFORMANCE"], packageRoot + "/../shared/conformance"]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0 + "/README.md") }
    }()

    public static var hasConformance: Bool { conformance != nil }

    /// A new empty folder under the system's temporary folder.
    public static func temporaryDirectory(_ name: String = "lokale-test") -> String {
        let path = NSTemporaryDirectoryPath() + "/\(name)-\(UInt64.random(in: 0...UInt64.max))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `contents` to `dir/name` and returns the path.
    @discardableResult
    public static func write(_ contents: String, to name: String, in dir: String) -> String {
        let path = dir + "/" + name
        let parent = path.split(separator: "/").dropLast().joined(separator: "/")
        try! FileManager.default.createDirectory(atPath: "/" + parent, withIntermediateDirectories: true)
        try! Data(contents.utf8).write(to: URL(filePath: path))
        return path
    }

    /// Compiles `sources` with the real loader and writer into a `.lokale` file on disk.
    public static func compile(_ sources: [String], to output: String, configure: (inout CatalogBundle) -> Void = { _ in }) throws -> String {
        var bundle = try CatalogLoader.load(sources)
        configure(&bundle)
        try TableWriter.write(bundle, to: output)
        return output
    }
}

private func NSTemporaryDirectoryPath() -> String {
    ProcessInfo.processInfo.environment["TMPDIR"].map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "/tmp"
}
