// A real upgrade step on a file: the app's config moves from format v1 (key=value lines) to v2
// (JSON) when the app is first run at version 2.0 or later, exactly once.
//
//     swift run ConfigUpgrade --version 1.0 --config /tmp/demo.conf --state-dir /tmp/demo-state
//     swift run ConfigUpgrade --version 2.0 --config /tmp/demo.conf --state-dir /tmp/demo-state
//
// The start-up order every app should follow: record the launch (history), run the upgrade steps,
// then messages and the update prompt.

import AppAlert
import Foundation

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let arguments = Array(CommandLine.arguments.dropFirst())
let version = option("--version", in: arguments) ?? "1.0"
let config = URL(fileURLWithPath: option("--config", in: arguments) ?? "config.conf")
let stateDirectory = URL(fileURLWithPath: option("--state-dir", in: arguments) ?? ".config-upgrade-state")
// For the crash test: a step that is slow enough to be killed in the middle of the chain.
let slowStep = ProcessInfo.processInfo.environment["CONFIG_UPGRADE_SLOW_STEP"]
// Each step run is logged here, so a test can count runs.
let runLog = ProcessInfo.processInfo.environment["CONFIG_UPGRADE_RUN_LOG"].map { URL(fileURLWithPath: $0) }

func logRun(_ step: String) throws {
    guard let runLog else { return }
    let line = Data((step + "\n").utf8)
    if let handle = try? FileHandle(forWritingTo: runLog) {
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: line)
    } else {
        try line.write(to: runLog)
    }
}

func pauseIfAsked(_ step: String) async {
    if slowStep == step { try? await Task.sleep(nanoseconds: 60_000_000_000) }
}

struct ConfigError: Error, CustomStringConvertible {
    var description: String
}

let app = AppInfo(bundleID: "com.createchsol.ConfigUpgrade", appVersion: version)
let store = FileAlertStore(directory: stateDirectory)

// A fresh install writes a v1 config, as version 1.0 of the app did.
if !FileManager.default.fileExists(atPath: config.path) {
    try Data("# demo config v1\ntheme=dark\nfontSize=13\n".utf8).write(to: config)
}

var migrator = UpgradeMigrator()
migrator.registerStep("1.1", "add-sync-default") {
    await pauseIfAsked("add-sync-default")
    try logRun("1.1:add-sync-default")
    var text = try String(contentsOf: config, encoding: .utf8)
    if !text.contains("sync=") { text += "sync=on\n" }
    try Data(text.utf8).write(to: config, options: .atomic)
}
migrator.registerStep("2.0", "config-v1-to-v2") {
    await pauseIfAsked("config-v1-to-v2")
    try logRun("2.0:config-v1-to-v2")
    let text = try String(contentsOf: config, encoding: .utf8)
    if text.hasPrefix("{") { return }  // already v2: the step is safe to repeat
    var settings: [String: Any] = ["format": 2]
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2 else { throw ConfigError(description: "config line \"\(line)\" is not key=value") }
        settings[parts[0]] = Int(parts[1]) ?? parts[1] as Any
    }
    let json = try JSONSerialization.data(withJSONObject: settings, options: [.prettyPrinted, .sortedKeys])
    try (json + Data("\n".utf8)).write(to: config, options: .atomic)
}

// 1. History, 2. upgrade steps, 3. messages and the update prompt (not in this example).
let launch = try await LaunchRecorder.record(app: app, store: store)
print("launch: \(launch.kind) of \(launch.version)" + (launch.previousVersion.map { " (from \($0))" } ?? ""))
let report = await migrator.run(store: store)
for step in report.completed { print("completed \(step)") }
if let failure = report.failure {
    print("upgrade stopped at \(failure.step ?? "start"): \(failure.reason)")
    exit(1)
}
print(try String(contentsOf: config, encoding: .utf8), terminator: "")
