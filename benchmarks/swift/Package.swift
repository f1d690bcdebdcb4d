// swift-tools-version:6.0
// The Swift driver of the benchmark suite: `LokaleBundle.string` called from Swift, as a program
// using the `Lokale` library product gets it (swift build -c release, no extra flags). Built by
// ../bench.sh with its own scratch path (benchmarks/.work/swift-build).
import PackageDescription

let package = Package(
    name: "lokale-bench-swift",
    dependencies: [
        .package(name: "lokale", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "bench-swift",
            dependencies: [.product(name: "Lokale", package: "lokale")]
        ),
    ]
)
