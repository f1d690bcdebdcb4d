import Foundation
import PackagePlugin

/// A target's `lokale.json`, beside its sources (as SwiftProtobuf's `swift-protobuf-config.json`):
///
///     { "embed": true, "accessors": true }
///
/// - `embed` (default false): the compiled table is put in the program's code instead of shipped as
///   a resource, so the target gets no resource folder (and no Foundation-based `Bundle.module`
///   from SwiftPM) and the executable runs copied alone; such a bundle has no hot reload.
/// - `accessors` (default true): typed message accessors generated from the catalogs.
///
/// Read from the target's folder, not from its source files: SwiftPM warns about a `.json` file
/// it does not handle, so the target lists it in `exclude:`, and excluded files are not among the
/// source files a plugin is given.
struct PluginConfiguration {
    static let fileName = "lokale.json"

    var embed = false
    var accessors = true
    /// The file read, when there is one (an input of the build command: editing it reruns it).
    var file: URL?
    /// Its text as read, which the build command compares with the file's text then.
    var text = ""

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    init() {}

    /// The configuration in `directory`, or the defaults when it has no `lokale.json`.
    /// - Throws: `Problem` naming the file for bad JSON, an unknown key, or a value that is not a
    ///   boolean (also reported as a diagnostic, so the build log shows it at the file).
    init(directory: URL) throws {
        let url = directory.appending(path: Self.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        file = url
        func fail(_ why: String) -> Problem {
            Diagnostics.error("LokaleCompilerPlugin: \(why)", file: url.path, line: nil)
            return Problem(description: "\(url.path): \(why)")
        }
        let data: Data
        let object: Any
        do {
            data = try Data(contentsOf: url)
            text = String(decoding: data, as: UTF8.self)
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("\(Self.fileName) is not valid JSON")
        }
        guard let keys = (object as? [String: Any])?.keys.sorted() else {
            throw fail("\(Self.fileName) must be a JSON object, such as {\"embed\": true}")
        }
        for key in keys where key != "embed" && key != "accessors" {
            throw fail("unknown key \"\(key)\" (known: \"accessors\", \"embed\")")
        }
        // JSONDecoder takes only true and false for a Bool (not 1, not "yes").
        guard let flags = try? JSONDecoder().decode([String: Bool].self, from: data) else {
            throw fail("the values of \(keys.map { "\"\($0)\"" }.joined(separator: ", ")) must be true or false")
        }
        embed = flags["embed"] ?? false
        accessors = flags["accessors"] ?? true
    }
}
