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
        // SwiftUI, UIKit and AppKit presentation; compiled only where those frameworks exist.
        .library(name: "AppAlertUI", targets: ["AppAlertUI"]),
        // In-memory doubles for testing code that uses AppAlert.
        .library(name: "AppAlertTesting", targets: ["AppAlertTesting"]),
        // The feed server (Hummingbird): per-app views, ETag/304, gzip, hot reload, preview page.
        .library(name: "AppAlertServer", targets: ["AppAlertServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Ed25519 for signed feeds where CryptoKit does not exist (Linux); same API, never on Apple platforms.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The feed server only: never compiled into an app.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Tests only: property-based checks of the version order and range semantics.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // PrivacyInfo.xcprivacy: the privacy manifest Apple requires of SDKs that use UserDefaults.
        .target(
            name: "AppAlert",
            dependencies: [
                .product(
                    name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android, .windows]))
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(name: "AppAlertUI", dependencies: ["AppAlert"]),
        .target(name: "AppAlertTesting", dependencies: ["AppAlert"]),
        .target(
            name: "AppAlertServer",
            dependencies: [
                "AppAlert",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "AppAlertCommands",
            dependencies: [
                "AppAlert",
                "AppAlertServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "appalert", dependencies: ["AppAlertCommands"]),
        // Examples/ExampleTool/main.swift: a command-line tool that uses AppAlert as an app would.
        .executableTarget(name: "ExampleTool", dependencies: ["AppAlert"], path: "Examples/ExampleTool"),
        // Examples/ConfigUpgrade/main.swift: a one-time upgrade step on a config file (v1 → v2).
        .executableTarget(name: "ConfigUpgrade", dependencies: ["AppAlert"], path: "Examples/ConfigUpgrade"),
        // Fuzz/README.md: libFuzzer targets with -sanitize=fuzzer; built plainly, they replay inputs.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(name: "FuzzFeed", dependencies: ["AppAlert", "FuzzSupport"], path: "Fuzz/FuzzFeed"),
        .executableTarget(name: "FuzzVersion", dependencies: ["AppAlert", "FuzzSupport"], path: "Fuzz/FuzzVersion"),
        // Benchmarks/README.md: `swift run -c release FeedBenchmark`.
        .executableTarget(
            name: "FeedBenchmark", dependencies: ["AppAlert", "TestSupport"], path: "Benchmarks/FeedBenchmark"),
        // Benchmarks/README.md: `swift run -c release LaunchBenchmark`.
        .executableTarget(
            name: "LaunchBenchmark", dependencies: ["AppAlert", "TestSupport"], path: "Benchmarks/LaunchBenchmark"),
        // A scriptable HTTP server on loopback, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "AppAlertTests",
            dependencies: [
                "AppAlert", "AppAlertTesting", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "AppAlertServerTests",
            dependencies: [
                "AppAlertServer", "TestSupport", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "AppAlertCommandsTests",
            dependencies: [
                "AppAlert", "AppAlertCommands", "appalert", "ConfigUpgrade", "TestSupport", "FuzzFeed", "FuzzVersion",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
