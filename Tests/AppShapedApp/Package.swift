// swift-tools-version: 6.0
import PackageDescription

// An app's view of AppAlert: a path dependency on the repository's root package and the `AppAlert`
// product only. scripts/check-packages builds it and checks that its resolved graph holds nothing
// but swift-crypto (and what swift-crypto needs): no NIO, no Hummingbird, none of the tools' packages.
let package = Package(
    name: "ShapedApp",
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [.package(name: "AppAlert", path: "../..")],
    targets: [
        .executableTarget(name: "ShapedApp", dependencies: [.product(name: "AppAlert", package: "AppAlert")])
    ],
    swiftLanguageModes: [.v6]
)
