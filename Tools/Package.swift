// swift-tools-version: 6.2
// 6.2: what Hummingbird's manifest (and swift-log's, swift-service-lifecycle's) asks for; scripts/check-packages
// checks it.
import PackageDescription

// The feed author's tools, beside the library apps add: the feed server, the `appalert` command, the
// command-line examples, benchmarks and fuzz targets, and their tests. Nothing here reaches an app.
let package = Package(
    name: "AppAlertTools",
    platforms: [
        .iOS(.v17),
        .macOS(.v14),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        // The feed author's tool: validate, evaluate, explain, check, init, diff… Its server commands
        // (publish, serve, keygen, sign, verify, collect, report) run in appalert-full, built beside it.
        .executable(name: "appalert", targets: ["appalert"]),
        // Every command, the server's among them (SwiftNIO, Hummingbird, SQLite): what the release
        // archive and Homebrew install as `appalert` (Sources/AppAlertCommands/ServerCommands.swift).
        .executable(name: "appalert-full", targets: ["appalert-full"]),
        // The feed server (Hummingbird): per-app views, ETag/304, gzip, hot reload, preview page.
        .library(name: "AppAlertServer", targets: ["AppAlertServer"]),
    ],
    // PostgreSQL for the collector and the report (`--database postgres://…`): postgres-nio brings its own
    // TLS (swift-nio-ssl's BoringSSL) and more than doubled the first build of `appalert`, which most
    // commands never use. The release archive, CI and `scripts/test` build with it
    // (`--traits PostgreSQL`); a build without it says so when given a postgres:// URL.
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "appalert collect and appalert report on PostgreSQL (--database postgres://…)"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(name: "AppAlert", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Results (issue 34): SQLite embedded (sqlite-nio vendors SQLite 3.54, so nothing to install),
        // PostgreSQL to scale out.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The collector's /metrics: the metrics API and its Prometheus exposition.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // Tests only: property-based checks of the version order and range semantics.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .target(
            name: "AppAlertServer",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // The page code of the preview and the console (Pages/README.md) and the web client's bundle
            // (Web/bundle's build, committed: Web/bundle fails when it is not the build of Web/src, served
            // at /appalert-web.js and published beside the feed) are compiled into the binary by the
            // EmbedPageCode plugin, not as resources; the pages' tests and type-check configuration stay out.
            exclude: [
                "Pages/README.md", "Pages/test", "Pages/tsconfig.json", "Pages/tsconfig.pages.json",
                "Pages/globals.d.ts", "Pages/console", "Pages/preview", "WebClient/appalert-web.js",
                "WebClient/appalert-web-update.js", "WebClient/appalert-web-results.js",
                "WebClient/appalert-web-draw.js", "WebClient/appalert-web-words.js", "WebClient/appalert-web-trust.js",
                "WebClient/appalert-web-inbox.js", "WebClient/appalert-web-json.js",
            ],
            plugins: ["EmbedPageCode"]
        ),
        // Compiles page code into the binary as `.embedInCode` would, in a form the compiler reads in a
        // second rather than fifty (Plugins/EmbedPageCode says why).
        .plugin(name: "EmbedPageCode", capability: .buildTool(), dependencies: ["PageCodeEmbedder"]),
        .executableTarget(name: "PageCodeEmbedder", path: "Plugins/PageCodeEmbedder"),
        // The results database (SQLite or PostgreSQL): what `appalert collect` writes and `report` reads.
        .target(
            name: "AppAlertResults",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `appalert collect`: the Hummingbird service that checks batches against the feed and commits
        // them in groups to the results database.
        .target(
            name: "AppAlertCollector",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                "AppAlertResults", "AppAlertServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The commands that need no server library: the README's first command builds only these.
        .target(
            name: "AppAlertCommands",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // publish, serve, keygen, sign, verify, collect and report, and the root command with all of them.
        .target(
            name: "AppAlertServerCommands",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                "AppAlertCommands", "AppAlertServer", "AppAlertResults", "AppAlertCollector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "appalert", dependencies: ["AppAlertCommands"]),
        .executableTarget(name: "appalert-full", dependencies: ["AppAlertServerCommands"]),
        // Examples/ExampleTool/main.swift: a command-line tool that uses AppAlert as an app would.
        .executableTarget(
            name: "ExampleTool", dependencies: [.product(name: "AppAlert", package: "AppAlert")],
            path: "Examples/ExampleTool"),
        // Examples/ConfigUpgrade/main.swift: a one-time upgrade step on a config file (v1 → v2).
        .executableTarget(
            name: "ConfigUpgrade", dependencies: [.product(name: "AppAlert", package: "AppAlert")],
            path: "Examples/ConfigUpgrade"),
        // Fuzz/README.md: libFuzzer targets with -sanitize=fuzzer; built plainly, they replay inputs.
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        .executableTarget(
            name: "FuzzFeed",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"), "FuzzSupport",
            ],
            path: "Fuzz/FuzzFeed"),
        .executableTarget(
            name: "FuzzVersion", dependencies: [.product(name: "AppAlert", package: "AppAlert"), "FuzzSupport"],
            path: "Fuzz/FuzzVersion"),
        .executableTarget(
            name: "FuzzImage", dependencies: [.product(name: "AppAlert", package: "AppAlert"), "FuzzSupport"],
            path: "Fuzz/FuzzImage"),
        // Benchmarks/README.md: `swift run -c release FeedBenchmark` (in Tools/).
        .executableTarget(
            name: "FeedBenchmark",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"), "TestSupport",
            ],
            path: "Benchmarks/FeedBenchmark"),
        // Benchmarks/README.md: `swift run -c release LaunchBenchmark` (in Tools/).
        .executableTarget(
            name: "LaunchBenchmark",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"), "TestSupport",
            ],
            path: "Benchmarks/LaunchBenchmark"),
        // The root package's Tests/TestSupport (this folder is a link to it): a scriptable HTTP server on
        // loopback and hostile feed shapes.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "AppAlertServerTests",
            dependencies: [
                "AppAlertServer", "TestSupport",
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "AppAlertCommandsTests",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "AppAlertAuthoring", package: "AppAlert"),
                "AppAlertCommands", "AppAlertServerCommands", "appalert", "appalert-full", "ConfigUpgrade",
                "TestSupport", "FuzzFeed", "FuzzVersion",
                "PageCodeEmbedder",
                "FuzzImage", "AppAlertResults", .product(name: "Logging", package: "swift-log"),
                // The collector's rate-limit buckets, in-process (a test cannot connect from two addresses
                // of one IPv6 /64).
                "AppAlertCollector", .product(name: "NIOCore", package: "swift-nio"),
            ],
            // ConsoleBrowserTests' driver of headless Chromium (DevTools protocol), run with Node.
            exclude: [
                "console-browser.mjs", "console-editors.mjs", "console-guard.mjs", "console-kept.mjs", "page-audit.mjs",
            ]
        ),
        // appalert report: its statistics against SciPy/statsmodels, and the command on real SQLite and
        // PostgreSQL databases, its page in a real browser.
        .testTarget(
            name: "AppAlertReportTests",
            dependencies: [
                "AppAlertResults", "appalert", "appalert-full", "TestSupport",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "VersionPropertyTests",
            dependencies: [
                .product(name: "AppAlert", package: "AppAlert"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
