// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "AppAlert",
    platforms: [
        .iOS(.v17),
        .macOS(.v14),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        // The core library: Foundation only, no third-party code.
        .library(name: "AppAlert", targets: ["AppAlert"]),
        // The feed author's tool: validate, evaluate, version.
        .executable(name: "appalert", targets: ["appalert"]),
        // Still to come (see the open issues): AppAlertUI (Apple UI), AppAlertServer (Hummingbird)
        // and AppAlertTesting (in-memory doubles), each a target and product of its own.
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .target(name: "AppAlert"),
        .target(
            name: "AppAlertCommands",
            dependencies: [
                "AppAlert",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "appalert", dependencies: ["AppAlertCommands"]),
        // Benchmarks/README.md: `swift run -c release FeedBenchmark`.
        .executableTarget(name: "FeedBenchmark", dependencies: ["AppAlert"], path: "Benchmarks/FeedBenchmark"),
        .testTarget(
            name: "AppAlertTests",
            dependencies: ["AppAlert"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "AppAlertCommandsTests",
            dependencies: ["AppAlert", "AppAlertCommands", "appalert"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
