import Foundation
import TestSupport
import Testing

/// The workflow `appalert init` writes into every feed repository, read by the two linters GitHub
/// workflows are held to here (both from PyPI; .ci/run installs them): GitHub's workflow schema
/// (check-jsonschema's vendored copy) and zizmor's security audits, offline (no template expansion in
/// a `run:` script, actions pinned to commits, no checkout that keeps the token on disk).
struct WorkflowLintTests {
    enum Linter: String, CaseIterable, Sendable {
        case schema = "check-jsonschema"
        case zizmor

        func arguments(_ file: String) -> [String] {
            switch self {
            case .schema: [rawValue, "--builtin-schema", "vendor.github-workflows", file]
            case .zizmor: [rawValue, "--offline", "--no-progress", file]
            }
        }

        /// Installed here, or CI (which installs both, so a missing one fails there).
        static var runnable: Bool {
            ProcessInfo.processInfo.environment["CI"] != nil
                || allCases.allSatisfy { linter in
                    (try? ProcessResult.run(
                        URL(fileURLWithPath: "/usr/bin/env"), ["sh", "-c", "command -v \(linter.rawValue)"]))?
                        .status == 0
                }
        }
    }

    @Test(.enabled(if: Linter.runnable), arguments: Linter.allCases)
    func theWorkflowInitWritesPassesTheWorkflowLinters(linter: Linter) throws {
        let directory = try TemporaryDirectory()
        let root = try InitCommandTests.initialize(directory)
        let workflow = root.appendingPathComponent(".github/workflows/appalert.yml").path
        let result = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), linter.arguments(workflow))
        #expect(result.status == 0, "\(linter.rawValue): \(result.standardOutput)\(result.standardError)")
    }
}
