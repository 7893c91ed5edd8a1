import Foundation
import TestSupport
import Testing

/// Runs the built `appalert` binary as a real process.
struct AppAlertProcess {
    typealias Result = ProcessResult

    /// The `appalert` executable beside the test bundle (SwiftPM builds it because this test target
    /// depends on it).
    static let executable = binary("appalert")

    /// An executable product built beside the test bundle.
    static func binary(_ name: String) -> URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        fatalError("\(name) binary not found near \(Bundle.main.bundleURL.path)")
    }

    static func run(
        _ arguments: [String], standardInput: Data? = nil, executable: URL = executable,
        environment extra: [String: String] = [:]
    ) throws -> ProcessResult {
        try ProcessResult.run(executable, arguments, standardInput: standardInput, environment: extra)
    }
}

/// The repository's Examples/ folder (the root package's: the example feed and app).
let examplesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
