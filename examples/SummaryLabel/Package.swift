// swift-tools-version:6.0
import PackageDescription

// The seeds' SummaryLabel as a Swift package: a library with the reusable label and its own
// messages, an executable that shows it. Both apply LokaleCompilerPlugin, which compiles each
// target's Localizable.xcstrings at build time and gives it `LokaleBundle.module`.
//
// In this repository the example depends on the checkout beside it; a program of your own
// depends on Lokale by URL and version:
//     .package(url: "https://…/lokale.git", from: "1.0.0")
let package = Package(
    name: "SummaryLabel",
    products: [
        .library(name: "SummaryKit", targets: ["SummaryKit"]),
        .executable(name: "SummaryDemo", targets: ["SummaryDemo"]),
    ],
    dependencies: [
        .package(name: "lokale", path: "../.."),
    ],
    targets: [
        .target(
            name: "SummaryKit",
            dependencies: [.product(name: "Lokale", package: "lokale")],
            plugins: [.plugin(name: "LokaleCompilerPlugin", package: "lokale")]
        ),
        .executableTarget(
            name: "SummaryDemo",
            dependencies: ["SummaryKit", .product(name: "Lokale", package: "lokale")],
            plugins: [.plugin(name: "LokaleCompilerPlugin", package: "lokale")]
        ),
        .testTarget(
            name: "SummaryKitTests",
            dependencies: ["SummaryKit", .product(name: "Lokale", package: "lokale")]
        ),
    ]
)
