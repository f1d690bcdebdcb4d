@testable import Lokale
import TestSupport
import Testing

/// SPEC §12: `LokaleBundle.module(…)`, which the plugin's generated accessor calls — found beside
/// the executable or at the build path, opened once per runtime and file, and, when the resource is
/// nowhere or unreadable, a bundle that still shows text and says why.
///
/// `@testable` only to check that two calls share one opened bundle (`core`).
@Suite struct ModuleBundleTests {
    static let name = "Sample Set"

    @Test func foundAtTheBuildPath() throws {
        let path = try TestBundles.app()
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = LokaleBundle.module(resource: "App.lokale", folders: ["Nowhere_App.resources"], identifier: "App",
                                         kind: .main, buildPath: path, runtime: runtime)
        #expect(bundle.problem == nil)
        #expect(bundle.path == path)
        #expect(bundle.identifier == "com.example.app")
        #expect(bundle.isMain)
        #expect(runtime.mainBundle?.path == path)
        #expect(bundle.string("Collection: \(Self.name)") == "Sammlung: Sample Set")
        #expect(bundle.explain("Welcome").step == .translation)
        #expect(runtime.diagnostics.isEmpty)
    }

    @Test func openedOncePerRuntimeAndFile() throws {
        let path = try TestBundles.app()
        let runtime = LokaleRuntime(preferredLanguages: ["fr"])
        let first = LokaleBundle.module(resource: "App.lokale", folders: [], identifier: "App", kind: .main,
                                        buildPath: path, runtime: runtime)
        // Reached through another spelling of the same file.
        let dir = String(path[..<path.lastIndex(of: "/")!])
        let second = LokaleBundle.module(resource: "App.lokale", folders: [], identifier: "App", kind: .main,
                                         buildPath: dir + "/./App.lokale", runtime: runtime)
        #expect(first.path == second.path)
        let a = try #require(first.core), b = try #require(second.core)
        #expect(a === b)
        // The second call did not try to open a second main bundle.
        #expect(runtime.diagnostics.isEmpty, "\(runtime.diagnostics)")
        #expect(second.isMain)
        #expect(second.string("Welcome") == "Bienvenue")

        // Another runtime opens its own.
        let other = LokaleRuntime(preferredLanguages: ["de"])
        let third = LokaleBundle.module(resource: "App.lokale", folders: [], identifier: "App", kind: .main,
                                        buildPath: path, runtime: other)
        let c = try #require(third.core)
        #expect(c !== a)
        #expect(third.string("Welcome") == "Willkommen")
        #expect(first.string("Welcome") == "Bienvenue")
    }

    @Test func aFrameworkModuleFollowsTheMainModule() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let kit = LokaleBundle.module(resource: "Kit.lokale", folders: ["Lokale_Kit.resources"], identifier: "Kit",
                                      kind: .framework, buildPath: try SwiftMainBundleTests.kitPath(), runtime: runtime)
        #expect(!kit.isMain)
        #expect(kit.string("kit.title") == "Equipo")
        let app = LokaleBundle.module(resource: "App.lokale", folders: [], identifier: "App", kind: .main,
                                      buildPath: try SwiftMainBundleTests.appPath(), runtime: runtime)
        #expect(app.isMain)
        #expect(kit.string("kit.title") == "Kit")
    }

    @Test func aSecondMainModuleIsOpenedAsAFollower() throws {
        let runtime = LokaleRuntime(preferredLanguages: ["es"])
        let app = try runtime.open(try SwiftMainBundleTests.appPath(), main: true)
        let kit = LokaleBundle.module(resource: "Kit.lokale", folders: [], identifier: "Kit", kind: .main,
                                      buildPath: try SwiftMainBundleTests.kitPath(), runtime: runtime)
        #expect(kit.problem == nil)
        #expect(!kit.isMain)
        #expect(kit.string("kit.title") == "Kit")
        #expect(runtime.mainBundle?.identifier == app.identifier)
        #expect(runtime.diagnostics.contains { $0.contains("Kit") && $0.contains("main bundle") }, "\(runtime.diagnostics)")
    }

    @Test func missingEverywhere() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-module")
        let buildPath = dir + "/plugin-output/Missing.lokale"
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = LokaleBundle.module(resource: "Missing.lokale", folders: ["Pkg_Missing.resources"],
                                         identifier: "Pkg.Missing", kind: .framework, buildPath: buildPath, runtime: runtime)
        let problem = try #require(bundle.problem)
        #expect(problem.contains("Missing.lokale"))
        #expect(problem.contains(buildPath))
        #expect(problem.contains("Pkg_Missing.resources/Missing.lokale"))
        #expect(problem.contains("Pkg.Missing"))
        #expect(runtime.diagnostics.contains(problem))

        #expect(bundle.identifier == "Pkg.Missing")
        #expect(bundle.path == nil)
        #expect(!bundle.isMain)
        #expect(bundle.developmentLocalization == nil)
        #expect(bundle.localizations.isEmpty)
        #expect(bundle.preferredLocalizations.isEmpty)
        #expect(bundle.currentLocalization == nil)
        #expect(try bundle.reload() == false)

        // Text is still shown: the default value, else the key, with the values written in.
        let count = 3
        let name = Self.name
        #expect(bundle.string(Message("summary.item-count", defaultValue: "\(count) items in \(name)")) == "3 items in Sample Set")
        #expect(bundle.string("Collection: \(name)") == "Collection: Sample Set")
        #expect(bundle.string("Welcome") == "Welcome")
        #expect(bundle.string("100%") == "100%")
        #expect(bundle.string("Progress: \(count)%") == "Progress: 3%")
        #expect(bundle.string(Message("k", defaultValue: "")) == "k")
        #expect(bundle.string(Message(verbatim: "As is %@")) == "As is %@")

        let e = bundle.explain("Collection: \(name)")
        #expect(e.step == .notLookedUp)
        #expect(e.result == "Collection: Sample Set")
        #expect(e.problems == [problem])
        #expect(e.servedLocalization == nil)
        #expect(e.text.contains("problem: \(problem)"))
        #expect(e.json.contains(#""step":"not-looked-up""#))
        #expect(bundle.explain(Message(verbatim: "v")).problems.isEmpty)
    }

    @Test func aCorruptFileAtTheBuildPath() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-module")
        var junk = ""
        for i in 0..<4096 { junk.unicodeScalars.append(Unicode.Scalar(UInt8((i * 37 + 11) % 128))) }
        let buildPath = Fixtures.write("LOKALE" + junk, to: "Corrupt.lokale", in: dir)
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let bundle = LokaleBundle.module(resource: "Corrupt.lokale", folders: [], identifier: "Pkg.Corrupt", kind: .main,
                                         buildPath: buildPath, runtime: runtime)
        let problem = try #require(bundle.problem)
        #expect(problem.contains("Pkg.Corrupt"))
        #expect(problem.contains("could not be opened"))
        #expect(runtime.diagnostics.contains(problem))
        #expect(runtime.mainBundle == nil)
        #expect(bundle.path == nil)
        #expect(bundle.string(Message("title", defaultValue: "\(2) items")) == "2 items")
        let e = bundle.explain("Welcome")
        #expect(e.result == "Welcome")
        #expect(e.step == .notLookedUp)
        #expect(e.problems == [problem])

        // Asked again, the same answer, without opening the file again.
        let again = LokaleBundle.module(resource: "Corrupt.lokale", folders: [], identifier: "Pkg.Corrupt", kind: .main,
                                        buildPath: buildPath, runtime: runtime)
        #expect(again.problem == problem)
    }

    @Test func anEmptyFileOrAFolderAtTheBuildPath() throws {
        let dir = Fixtures.temporaryDirectory("lokale-swift-module")
        let empty = Fixtures.write("", to: "Empty.lokale", in: dir)
        let runtime = LokaleRuntime(preferredLanguages: ["de"])
        let a = LokaleBundle.module(resource: "Empty.lokale", folders: [], identifier: "E", kind: .framework,
                                    buildPath: empty, runtime: runtime)
        #expect(a.problem != nil)
        #expect(a.string("Welcome") == "Welcome")
        // A folder is not a compiled bundle: it is not found.
        let b = LokaleBundle.module(resource: "x.lokale", folders: [], identifier: "F", kind: .framework,
                                    buildPath: dir, runtime: runtime)
        #expect(b.problem?.contains("was not found") == true)
    }
}
