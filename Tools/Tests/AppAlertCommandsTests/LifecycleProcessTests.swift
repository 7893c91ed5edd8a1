@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs Examples/ConfigUpgrade, a real app that upgrades its config file.
struct ConfigUpgradeProcessTests {
    static let binary = AppAlertProcess.binary("ConfigUpgrade")

    func run(_ version: String, config: String, state: String, log: String) throws -> AppAlertProcess.Result {
        try AppAlertProcess.run(
            ["--version", version, "--config", config, "--state-dir", state], executable: Self.binary,
            environment: ["CONFIG_UPGRADE_RUN_LOG": log])
    }

    @Test
    func theConfigMovesToV2OnceWhenTheAppIsUpdated() throws {
        let directory = try TemporaryDirectory()
        let config = directory.url.appendingPathComponent("app.conf").path
        let state = directory.url.appendingPathComponent("state").path
        let log = directory.url.appendingPathComponent("runs.log").path
        let first = try run("1.0", config: config, state: state, log: log)
        #expect(first.status == 0)
        #expect(first.standardOutput.hasPrefix("launch: firstInstall of 1.0"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).hasPrefix("# demo config v1"))
        let update = try run("2.0", config: config, state: state, log: log)
        #expect(update.status == 0)
        #expect(update.standardOutput.contains("completed 1.1:add-sync-default\ncompleted 2.0:config-v1-to-v2"))
        let converted = try JSONParser().parse(try Data(contentsOf: URL(fileURLWithPath: config)))
        #expect(converted == ["fontSize": 13, "format": 2, "sync": "on", "theme": "dark"])
        _ = try run("2.0", config: config, state: state, log: log)
        _ = try run("2.1", config: config, state: state, log: log)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1.1:add-sync-default\n2.0:config-v1-to-v2\n")
    }

    @Test
    func aProcessKilledBetweenStepsResumesWithoutRepeatingTheDoneStep() throws {
        let directory = try TemporaryDirectory()
        let config = directory.url.appendingPathComponent("app.conf").path
        let state = directory.url.appendingPathComponent("state").path
        let log = directory.url.appendingPathComponent("runs.log").path
        _ = try run("1.0", config: config, state: state, log: log)

        // Version 2.0, with the second step slow: kill the process once the first step is recorded.
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["--version", "2.0", "--config", config, "--state-dir", state]
        var environment = ProcessInfo.processInfo.environment
        environment["CONFIG_UPGRADE_RUN_LOG"] = log
        environment["CONFIG_UPGRADE_SLOW_STEP"] = "config-v1-to-v2"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stateFile = URL(fileURLWithPath: state).appendingPathComponent("state.json")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let text = try? String(contentsOf: stateFile, encoding: .utf8), text.contains("1.1:add-sync-default") {
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1.1:add-sync-default\n")
        #expect(try String(contentsOfFile: config, encoding: .utf8).hasPrefix("# demo config v1"))

        // The next launch runs only the step that did not complete.
        let resumed = try run("2.0", config: config, state: state, log: log)
        #expect(resumed.status == 0)
        #expect(resumed.standardOutput.contains("completed 2.0:config-v1-to-v2"))
        #expect(!resumed.standardOutput.contains("completed 1.1"))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "1.1:add-sync-default\n2.0:config-v1-to-v2\n")
    }

    @Test
    func aDowngradeRunsNothing() throws {
        let directory = try TemporaryDirectory()
        let config = directory.url.appendingPathComponent("app.conf").path
        let state = directory.url.appendingPathComponent("state").path
        let log = directory.url.appendingPathComponent("runs.log").path
        _ = try run("1.0", config: config, state: state, log: log)
        let downgrade = try run("0.9", config: config, state: state, log: log)
        #expect(downgrade.standardOutput.hasPrefix("launch: downgrade of 0.9"))
        #expect(!FileManager.default.fileExists(atPath: log))
    }
}

struct WhatsNewCommandTests {
    @Test
    func evaluateTakesThePreviousVersion() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json", #"[{"id": 1, "bundleId": "a", "title": "New in 2.0", "text": "x", "whatsNew": "^2"}]"#)
        func selected(_ extra: [String]) throws -> JSONValue? {
            let result = try AppAlertProcess.run(
                ["evaluate", feed, "--bundle-id", "a", "--app-version", "2.0.1", "--json"] + extra)
            #expect(result.status == 0, "\(result.standardError)")
            return try parseJSON(result.standardOutput)["selected"]
        }
        #expect(try selected([]) == .null)
        #expect(try selected(["--previous-version", "1.9"]) == .integer(1))
        #expect(try selected(["--previous-version", "1.9", "--launches-since-update", "11"]) == .null)
        #expect(try selected(["--previous-version", "2.1"]) == .null)
    }
}
