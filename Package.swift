// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Lokale",
    products: [
        // liblokale.so: the C ABI over the Foundation-free runtime.
        .library(name: "lokale", type: .dynamic, targets: ["LokaleC"]),
        .executable(name: "lokale-cli", targets: ["lokale"]),
        .library(name: "LokaleCatalog", targets: ["LokaleCatalog"]),
    ],
    targets: [
        // System ICU, through pkg-config; linked, never imported by Swift (see Sources/ICU).
        .systemLibrary(
            name: "ICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The ICU functions the runtime uses, behind plain C types.
        .target(
            name: "CICU",
            dependencies: ["ICU"]
        ),
        // CLDR's LocaleMatcher is C++-only in ICU 72: a small C++ shim with a C interface.
        .target(
            name: "CICUMatcher",
            dependencies: ["ICU"],
            path: "Sources/CICUMatcher",
            cxxSettings: [.unsafeFlags(["-std=c++17"])],
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]
        ),
        // printf for one number at a time, without Swift's variadic casts.
        .target(name: "CFormat"),
        // The table's key hash and probe, the lookup plan and the runtime's shared generation, in C:
        // one implementation for the Swift reader, the writer and the C entry point of lookups.
        .target(name: "CTable"),
        // lokale_bundle_lookup's fast path in C (the rest of the C ABI is Swift, in LokaleC).
        .target(
            name: "CLokaleLookup",
            dependencies: ["CTable"],
            cSettings: [.headerSearchPath("../../include")]
        ),
        .target(
            name: "LokaleCore",
            dependencies: ["CICU", "CICUMatcher", "CFormat", "CTable"]
        ),
        .target(
            name: "LokaleCatalog",
            // CICU for key collation (String Catalog key order); FoundationXML (libxml2) for XLIFF.
            dependencies: ["LokaleCore", "CICU"]
        ),
        .systemLibrary(name: "CLokale"),
        .target(
            name: "LokaleC",
            dependencies: ["CLokale", "LokaleCore", "CTable", "CLokaleLookup"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/LokaleC/exports.map"]),
            ]
        ),
        .executableTarget(
            name: "lokale",
            dependencies: ["LokaleCatalog", "LokaleCore"]
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
            name: "LokaleCatalogTests",
            dependencies: ["LokaleCatalog", "LokaleCore", "TestSupport"]
        ),
    ]
)
