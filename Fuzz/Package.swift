// swift-tools-version:6.0
// libFuzzer targets over the root package (`make fuzz`, `make fuzz-ci`; see README.md here).
// A package of its own so that the main build never sees -sanitize=fuzzer.
import PackageDescription

let package = Package(
    name: "LokaleFuzz",
    dependencies: [.package(name: "Lokale", path: "..")],
    targets: [
        // Starts libFuzzer's driver from a target's top-level code.
        .target(name: "FuzzDriver", dependencies: [.product(name: "LokaleCatalog", package: "Lokale")]),
        // (a) compiled-table open, lookup and format of every key.
        .executableTarget(name: "fuzz-table", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (b) the .strings parser.
        .executableTarget(name: "fuzz-strings", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (c) .xcstrings / .stringsdict through the compiler, then read back.
        .executableTarget(name: "fuzz-catalog", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (d) format parser and formatter.
        .executableTarget(name: "fuzz-format", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (e) language tags and negotiation.
        .executableTarget(name: "fuzz-language", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (g) gettext .po and .mo readers.
        .executableTarget(name: "fuzz-gettext", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (h) catalog tooling: extraction tokenizers, XLIFF reader/import/export, String Catalog writer.
        .executableTarget(name: "fuzz-tooling", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (f) the C ABI, from C.
        .executableTarget(name: "fuzz-capi", dependencies: [.product(name: "lokale-c", package: "Lokale")],
                          cSettings: [.unsafeFlags(["-I../include"])]),
        // (j) MessageFormat 2: the parser, the data model checks and the formatter.
        .executableTarget(name: "fuzz-mf2", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (k) ICU MessageFormat: the parser into MF2, the data model checks, serialization and formatting.
        .executableTarget(name: "fuzz-icumf", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (l) Flutter ARB: the reader, placeholder formats, lowering, compile, check, writer, pseudo.
        .executableTarget(name: "fuzz-arb", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (m) Android string resources: the reader, compile, check, the writer's round trip; Java format strings.
        .executableTarget(name: "fuzz-android", dependencies: ["FuzzDriver", .product(name: "LokaleCatalog", package: "Lokale")]),
        // (i) Accept-Language headers, through lokale_parse_accept_language.
        .executableTarget(name: "fuzz-accept", dependencies: [.product(name: "lokale-c", package: "Lokale")],
                          cSettings: [.unsafeFlags(["-I../include"])]),
    ]
)
