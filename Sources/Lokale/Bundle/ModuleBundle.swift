import LokaleCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension LokaleBundle {
    /// What a target's bundle is to the runtime.
    public enum ModuleKind: Sendable {
        /// An executable's (or a test's) bundle: the main bundle, whose language the others follow.
        case main
        /// A library's bundle: it follows the main bundle's language (unless the main bundle
        /// allows mixed localizations), whichever of the two is opened first.
        case framework
    }

    /// The bundle of a target compiled by `LokaleCompilerPlugin`; the `LokaleBundle.module` the
    /// plugin generates calls this. It looks for `resource` in each of `folders` beside the
    /// running executable (where SwiftPM puts a target's resources, and where they are copied
    /// with it), then at `buildPath`, the file the plugin wrote. Found once per runtime and file.
    ///
    /// A resource that is nowhere gives a bundle whose messages show their default values; the
    /// paths searched are written once to standard error and kept in `problem`,
    /// `LokaleRuntime.diagnostics` and every `explain`.
    public static func module(resource: String, folders: [String], identifier: String, kind: ModuleKind,
                              buildPath: String? = nil, runtime: LokaleRuntime = .shared) -> LokaleBundle {
        let searched = ModuleLocation.candidates(resource: resource, folders: folders, buildPath: buildPath)
        guard let found = searched.lazy.compactMap(ModuleLocation.resolved).first else {
            let problem = "the compiled bundle of \(identifier) was not found: no \(resource) at "
                + searched.joined(separator: ", ")
            return runtime.unavailableModule(identifier: identifier, problem: problem)
        }
        if kind == .framework { runtime.discoverMainModule() }
        return runtime.openModule(at: found, identifier: identifier, main: kind == .main)
    }
}

extension LokaleRuntime {
    /// Opens (once) the module bundle at the resolved path `path`.
    func openModule(at path: String, identifier: String, main: Bool) -> LokaleBundle {
        openModule(key: path, identifier: identifier, main: main) { asMain throws(LokaleError) in try core.open(path: path, main: asMain) }
    }

    /// Opens (once per `key`) a module bundle with `open`, as the main bundle when `main` and the
    /// runtime has none yet.
    func openModule(key: String, identifier: String, main: Bool,
                    _ open: (_ asMain: Bool) throws(LokaleError) -> LokaleCore.Bundle) -> LokaleBundle {
        registry.withLock { r in
            if let b = r.modules[key] { return b }
            let bundle: LokaleBundle
            do throws(LokaleError) {
                // A second main bundle (one the program opened itself) leaves this one a follower.
                let asMain = main && r.main == nil
                bundle = LokaleBundle(try open(asMain))
                if asMain { r.main = bundle }
                if main && !asMain { core.report("\(identifier): opened as a framework bundle, the runtime already has a main bundle") }
            } catch {
                bundle = LokaleBundle(unavailable: identifier, problem: "the compiled bundle of \(identifier) could not be opened: \(error.message)")
                announce(bundle.problem!)
            }
            r.modules[key] = bundle
            return bundle
        }
    }

    func unavailableModule(identifier: String, problem: String) -> LokaleBundle {
        announce(problem)
        return LokaleBundle(unavailable: identifier, problem: problem)
    }

    /// Written once per accessor (each `LokaleBundle.module` is made once): the program still
    /// shows text, so the reason must be found without a debugger.
    func announce(_ problem: String) {
        core.report(problem)
        let line = Array("lokale: \(problem)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    /// Before a library's bundle is first used, the main bundle should be open, or the library
    /// would answer in its own choice of language until the executable touches its own
    /// `LokaleBundle.module`. The executable target `X` of package `P` has its table at
    /// `P_X.resources/X.lokale` beside the executable `X` (SwiftPM's layout); no such file, no main.
    func discoverMainModule() {
        guard mainBundle == nil, let exe = ModuleLocation.executable else { return }
        let name = ModuleLocation.lastComponent(exe)
        for dir in ModuleLocation.executableDirectories {
            for entry in ModuleLocation.entries(of: dir) where entry.hasSuffix("_\(name).resources") {
                if let path = ModuleLocation.resolved(dir + "/" + entry + "/" + name + ".lokale") {
                    _ = openModule(at: path, identifier: name, main: true)
                    return
                }
            }
        }
    }
}

/// Where a target's compiled bundle can be: the folders of the running executable.
enum ModuleLocation {
    static func candidates(resource: String, folders: [String], buildPath: String?) -> [String] {
        var result: [String] = []
        for dir in executableDirectories {
            for f in folders { result.append(dir + "/" + f + "/" + resource) }
        }
        if let buildPath { result.append(buildPath) }
        return result
    }

    /// The real path of an existing regular file, else nil.
    static func resolved(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        var st = stat()
        guard stat(r, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return String(cString: r)
    }

    /// The running executable's path, resolved.
    static let executable: String? = {
        #if os(Linux) || os(Android)
        return resolved("/proc/self/exe")
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return resolved(String(cString: buffer))
        #else
        return nil
        #endif
    }()

    /// The executable's folder; also the folder of the path it was started by when that is a
    /// link elsewhere (resources copied beside the link).
    static let executableDirectories: [String] = {
        var dirs: [String] = []
        if let exe = executable { dirs.append(parent(exe)) }
        if let invoked = CommandLine.arguments.first, invoked.contains("/") {
            let dir = parent(invoked)
            if let r = realpath(dir, nil) {
                let resolvedDir = String(cString: r)
                free(r)
                if !dirs.contains(resolvedDir) { dirs.append(resolvedDir) }
            }
        }
        return dirs
    }()

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    static func entries(of dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
