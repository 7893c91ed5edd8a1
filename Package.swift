// swift-tools-version: 6.0
// 6.0: the lowest whose manifest API has `swiftLanguageModes` (the library is Swift 6 code), and swift-crypto's
// manifest asks for 5.9. scripts/check-packages loads this manifest with 6.0's rules and with 5.10's (which fail).
import PackageDescription

// What an app adds by URL. Its only dependency is swift-crypto, on Linux (and Android, Windows) only:
// on Apple platforms nothing but this package's own code is compiled. The author's tools (the feed
// server, the `appalert` command, benchmarks, fuzzing) are the package in Tools/.
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
        // The client: feed loading and decoding, targeting, selection, stores, update prompts, the
        // lifecycle, signature verification.
        .library(name: "AppAlert", targets: ["AppAlert"]),
        // SwiftUI, UIKit and AppKit presentation; compiled only where those frameworks exist.
        .library(name: "AppAlertUI", targets: ["AppAlertUI"]),
        // In-memory doubles for testing code that uses AppAlert.
        .library(name: "AppAlertTesting", targets: ["AppAlertTesting"]),
        // What only a feed author's tools use: publishing a site, signing keys, JSON and timestamps.
        .library(name: "AppAlertAuthoring", targets: ["AppAlertAuthoring"]),
    ],
    dependencies: [
        // Ed25519 and SHA-256 where CryptoKit does not exist (Linux); same API, never on Apple platforms.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3")
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
        // Xcode previews of every layout, light and dark, from AppAlertTesting's samples. In no product:
        // no app links it, and AppAlertUI stays free of test code.
        .target(name: "AppAlertPreviews", dependencies: ["AppAlertUI", "AppAlertTesting"]),
        .target(
            name: "AppAlertAuthoring",
            dependencies: [
                "AppAlert",
                .product(
                    name: "Crypto", package: "swift-crypto", condition: .when(platforms: [.linux, .android, .windows])),
            ]
        ),
        // A scriptable HTTP server on loopback and hostile feed shapes, shared by the test targets of both
        // packages (Tools/Tests/TestSupport is a link to this folder).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "AppAlertTests",
            dependencies: ["AppAlert", "AppAlertTesting", "AppAlertAuthoring", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
