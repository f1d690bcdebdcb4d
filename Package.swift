// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lokale",
    products: [
        // liblokale.so: the C ABI over the Foundation-free runtime.
        .library(name: "lokale-c", type: .dynamic, targets: ["LokaleABIEntryPoints"]),
        .executable(name: "lokale-cli", targets: ["LokaleCLI"]),
        // `lokale` as installed: lookup and explain by itself, the whole tool (lokale-cli, installed
        // as lokale-tool) for every other command.
        .executable(name: "lokale-front", targets: ["LokaleFront"]),
        .library(name: "LokaleCatalog", targets: ["LokaleCatalog"]),
        // For Swift programs: `import Lokale`, and the plugin that compiles a target's String
        // Catalogs at build time. Nothing these reach may use unsafeFlags: SwiftPM refuses them in
        // a dependency required by URL and version.
        .library(name: "Lokale", targets: ["Lokale"]),
        .plugin(name: "LokaleCompilerPlugin", targets: ["LokaleCompilerPlugin"]),
    ],
    targets: [
        // System ICU, through pkg-config; linked, never imported by Swift (see Sources/ICU).
        .systemLibrary(
            name: "ICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The C shims under the runtime, behind plain C types: the ICU functions it uses (shim.c),
        // and printf for one number at a time, without Swift's variadic casts (printf.c). ICU is
        // not linked: it is loaded on first need (icu_loader.c), with the C++ shims below, so that
        // liblokale.so starts without it. ICU's headers are the system's (/usr/include/unicode).
        .target(name: "CICU"),
        // The C++ shims (CLDR's LocaleMatcher, C++-only in ICU 72; a plural rule's text), linked
        // into every Swift program, tool and test with ICU itself. liblokale.so goes without them:
        // the Makefile builds them into liblokale-icu.so, which it loads with ICU on first need.
        .target(
            name: "CICUCxx",
            dependencies: ["CICU", "ICU"],
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        // The compiled table's schema (shared with the Swift reader and writer), its node reader, key
        // hash and probe, lookup plans, the handles the C ABI hands out, and the fast paths of a
        // plain lookup and a plural format.
        .target(name: "CTable"),
        // HTTP Accept-Language parsing: the one parser behind the C ABI, Swift and Python.
        .target(name: "CAcceptLanguage"),
        .target(
            name: "LokaleCore",
            dependencies: ["CICU", "CTable", "CAcceptLanguage", "LokaleABIHeader"]
        ),
        // System libxml2, through pkg-config; linked, never imported by Swift (see Sources/LibXML2).
        .systemLibrary(
            name: "LibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libxml2's SAX parser behind plain C types, for the XLIFF reader (lokale_xml.h).
        .target(
            name: "CXML",
            dependencies: ["LibXML2"]
        ),
        .target(
            name: "LokaleCatalog",
            // CICU for key collation (String Catalog key order); CXML (libxml2) for XLIFF.
            dependencies: ["LokaleCore", "CICU", "CICUCxx", "CXML"]
        ),
        // The C ABI, in three layers that depend one way: the public header (include/lokale.h) as a
        // module; the Swift exports (every function written in Swift, and the general paths of
        // the ones written in C); the C entry points (lookup and format, which try CTable's fast
        // paths first, and every function that takes a lokale_message, read once by its version).
        .systemLibrary(name: "LokaleABIHeader"),
        .target(
            name: "LokaleABIExports",
            dependencies: ["LokaleABIHeader", "LokaleCore", "CTable"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/LokaleABIExports/exports.map"]),
            ]
        ),
        .target(
            name: "LokaleABIEntryPoints",
            dependencies: ["CTable", "CAcceptLanguage", "LokaleABIExports", "CGlibcCompat"],
            cSettings: [.headerSearchPath("../../include")]
        ),
        // A glibc function newer than the wheel's baseline, and the Swift runtime's argv kept from
        // glibc, hidden, for what links libstdc++.a and the standard library in (liblokale.so, the
        // front); nothing that a Swift user's build reaches.
        .target(name: "CGlibcCompat"),
        // The command line's parts that need no Foundation: the argument parser, the commands'
        // table entries and runner, and the lookup and explain commands.
        .target(
            name: "LokaleCommandLine",
            dependencies: ["LokaleCore"]
        ),
        // The whole `lokale` tool (built as the lokale-cli product, installed as lokale-tool).
        .executableTarget(
            name: "LokaleCLI",
            dependencies: ["LokaleCatalog", "LokaleCore", "LokaleCommandLine"]
        ),
        // The `lokale` command as installed (the lokale-front product): lookup and explain over
        // LokaleCore alone, so that they start without Foundation, ICU or libxml2; it runs the
        // whole tool for every other command.
        .executableTarget(
            name: "LokaleFront",
            dependencies: ["LokaleCommandLine", "LokaleCore", "CGlibcCompat", "LokaleFrontStart"]
        ),
        // `lokale lookup BUNDLE KEY` answered by the C start before the front's Swift code runs.
        .target(name: "LokaleFrontStart", dependencies: ["CTable"]),
        // The Swift API (LokaleRuntime, LokaleBundle, Message) over LokaleCore; no Foundation.
        .target(
            name: "Lokale",
            dependencies: ["LokaleCore", "CICUCxx"]
        ),
        // Compiles a target's .xcstrings/.strings/.stringsdict/.lproj into its .lokale resource
        // with the lokale tool, and generates its `LokaleBundle.module`.
        .plugin(
            name: "LokaleCompilerPlugin",
            capability: .buildTool(),
            dependencies: ["LokaleCLI"]
        ),
        // Shared by the test targets: locating fixtures, compiling catalogs to real files.
        .target(
            name: "TestSupport",
            dependencies: ["LokaleCatalog", "LokaleCore"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "LokaleCoreTests",
            dependencies: ["LokaleCore", "LokaleCatalog", "TestSupport", "CTable"]
        ),
        .testTarget(
            name: "LokaleTests",
            dependencies: ["Lokale", "LokaleCatalog", "TestSupport"]
        ),
        .testTarget(
            name: "LokaleCatalogTests",
            dependencies: ["LokaleCatalog", "LokaleCore", "TestSupport"]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
