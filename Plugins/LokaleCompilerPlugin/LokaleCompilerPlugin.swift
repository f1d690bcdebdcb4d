import Foundation
import PackagePlugin

/// Compiles the String Catalogs of a target (`.xcstrings`, `.strings`/`.stringsdict` in `.lproj`
/// folders, an `Info.plist` naming the bundle) into one `.lokale` table, shipped as the target's
/// resource, and generates the target's `LokaleBundle.module`. With `"embed": true` in the
/// target's `lokale.json` (PluginConfiguration) the table is in the generated Swift code instead,
/// and the only output is that code: no resource, so SwiftPM makes no resource folder.
///
/// SwiftPM copies a plugin output that is not source code into `<package>_<target>.resources`
/// beside the built executable; the `.swift` output is compiled into the target. The `lokale`
/// tool does both in one command, so that the two never disagree, and reports problems as
/// `file:line:column: error:` lines, which SwiftPM shows as the build's diagnostics.
@main
struct LokaleCompilerPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let inputs = CatalogInputs(module.sourceFiles.map(\.url))
        guard !inputs.sources.isEmpty else {
            Diagnostics.warning("LokaleCompilerPlugin: target '\(target.name)' has no .xcstrings, .strings or .stringsdict file; nothing to compile")
            return []
        }
        // `directoryURL` needs tools version 6.1 and this package says 6.0; `directory` (a Path) is
        // read through its description, whose direct uses warn in every user's build log.
        let configuration = try PluginConfiguration(directory: URL(fileURLWithPath: String(describing: module.directory)))
        let work = context.pluginWorkDirectoryURL
        let table = work.appending(path: "\(target.name).lokale")
        let accessor = work.appending(path: "LokaleBundle+module.swift")
        // Typed accessors of the target's messages (`Message.Localizable.…`).
        let messages = work.appending(path: "LokaleMessages.swift")
        let kind: String
        switch module.kind {
        case .executable, .test, .snippet: kind = "main"
        default: kind = "framework"
        }
        // SwiftPM names a target's resource folder after the package and the target.
        let folders = Set([context.package.displayName, context.package.id]).sorted().flatMap { package in
            ["\(package)_\(target.name).resources", "\(package)_\(target.name).bundle/Contents/Resources", "\(package)_\(target.name).bundle"]
        }
        var arguments = ["compile"] + inputs.sources.map(\.path)
        arguments += ["-o", table.path, "--default-bundle-id", "\(context.package.displayName).\(target.name)"]
        arguments += ["--swift-accessor", accessor.path, "--swift-kind", kind]
        if let file = configuration.file {
            // SwiftPM reuses this plan until the package's files or manifest change, not when a
            // file's contents do: the command checks that lokale.json still says what was planned.
            arguments += ["--plugin-config", file.path, "--plugin-config-text", configuration.text]
        }
        if configuration.embed {
            // The table is still written to the work directory (for `lokale info`), but it is not
            // an output: an output that is not source code would become a resource.
            arguments += ["--swift-embed"]
        } else {
            arguments += ["--swift-resource-folders", folders.joined(separator: ",")]
        }
        // Typed accessors (`Message.Localizable.…`) unless the target's lokale.json turns them off.
        if configuration.accessors { arguments += ["--swift-messages", messages.path] }
        return [.buildCommand(
            displayName: "Compiling the String Catalogs of \(target.name)",
            executable: try context.tool(named: "LokaleCLI").url,
            arguments: arguments,
            inputFiles: inputs.files + (configuration.file.map { [$0] } ?? []),
            outputFiles: (configuration.embed ? [accessor] : [table, accessor]) + (configuration.accessors ? [messages] : [])
        )]
    }
}

/// The files of a target the compiler reads: catalogs and Info.plist as themselves, the contents
/// of an `.lproj` folder as the folder (the folder's name is the localization).
struct CatalogInputs {
    var sources: [URL] = []
    var files: [URL] = []

    init(_ urls: [URL]) {
        var seen = Set<String>()
        for url in urls.sorted(by: { $0.path < $1.path }) {
            let ext = url.pathExtension.lowercased()
            let parent = url.deletingLastPathComponent()
            let inLproj = parent.pathExtension.lowercased() == "lproj"
            guard ext == "xcstrings" || ext == "strings" || ext == "stringsdict" || (url.lastPathComponent == "Info.plist" && !inLproj) else {
                continue
            }
            files.append(url)
            let source = inLproj && ext != "xcstrings" ? parent : url
            if seen.insert(source.path).inserted { sources.append(source) }
        }
    }
}
