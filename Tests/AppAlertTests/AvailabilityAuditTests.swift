import Foundation
import TestSupport
import Testing

/// scripts/availability-audit, run as CI runs it, on a fixture that breaks each of its rules once
/// and also holds the guarded and Linux-only shapes that must pass.
struct AvailabilityAuditTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixture = repository.appendingPathComponent("scripts/availability/fixture")
    static let fixtureSource = fixture.appendingPathComponent("Sources/Fixture/Fixture.swift")

    /// `swiftc` or `python3` from the PATH, as CI has them.
    static func tool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw AuditTestError(reason: "\(name) is not on the PATH")
    }

    struct AuditTestError: Error {
        var reason: String
    }

    /// (line, rule) for every line of the fixture marked `// FINDING rule`.
    static func expectedFindings() throws -> Set<String> {
        let lines = try String(contentsOf: fixtureSource, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var expected = Set<String>()
        for (index, line) in lines.enumerated() {
            guard let marker = line.range(of: "// FINDING ") else { continue }
            expected.insert("\(index + 1) \(line[marker.upperBound...].trimmingCharacters(in: .whitespaces))")
        }
        return expected
    }

    @Test
    func theAuditReportsEachBrokenRuleOnItsLineAndNothingGuarded() throws {
        let directory = try TemporaryDirectory()
        let store = directory.url.appendingPathComponent("index").path
        let compiled = try ProcessResult.run(
            try Self.tool("swiftc"),
            ["-typecheck", "-index-store-path", store, "-module-name", "Fixture", Self.fixtureSource.path])
        #expect(compiled.status == 0, "\(compiled.standardError)")

        let audit = try ProcessResult.run(
            try Self.tool("python3"),
            [
                Self.repository.appendingPathComponent("scripts/availability-audit").path, "--root", Self.fixture.path,
                "--store", store, "--audit", "Sources", "--table-rule", "Sources",
            ])
        #expect(audit.status == 1, "\(audit.standardError)")
        // FILE:LINE:COL: RULE: message
        var reported = Set<String>()
        for line in audit.standardOutput.split(separator: "\n") where line.hasPrefix("Sources/") {
            let fields = line.split(separator: ":", maxSplits: 4).map { $0.trimmingCharacters(in: .whitespaces) }
            reported.insert("\(fields[1]) \(fields[3])")
        }
        let expected = try Self.expectedFindings()
        #expect(expected.count >= 9)
        #expect(
            reported == expected,
            "missing: \(expected.subtracting(reported)); unexpected: \(reported.subtracting(expected))")
        // Each rule the issue names is among them.
        for rule in ["new-api", "unlisted-api", "typed-throws-type"] {
            #expect(reported.contains { $0.hasSuffix(rule) }, "\(rule)")
        }
        #expect(audit.standardOutput.contains("init(validating:as:) needs iOS 18.0, macOS 15.0"))
    }

    @Test(arguments: [
        ("UIAlertController\t8.0\t-\t9.0\t-\n", "expected 7 tab-separated columns"),
        ("UIAlertController\t8.0\t-\t9.0\t-\tx\tdocs\n", "is not a version or '-'"),
        ("UIAlertController\t8.0\t-\t9.0\t-\t1.0\t\n", "say where its availability was checked"),
    ])
    func aMalformedTableRowStopsTheAuditWithItsLine(row: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let table = try directory.write("apple-apis.tsv", "# api\tiOS\tmacOS\ttvOS\twatchOS\tvisionOS\tchecked\n" + row)
        let audit = try ProcessResult.run(
            try Self.tool("python3"),
            [
                Self.repository.appendingPathComponent("scripts/availability-audit").path, "--root", Self.fixture.path,
                "--store", directory.url.path, "--table", table,
            ])
        #expect(audit.status == 2)
        #expect(audit.standardError.contains("apple-apis.tsv:2"), "\(audit.standardError)")
        #expect(audit.standardError.contains(reason), "\(audit.standardError)")
    }
}
