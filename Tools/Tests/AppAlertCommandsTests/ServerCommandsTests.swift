import Foundation
import TestSupport
import Testing

@testable import AppAlertCommands

/// `appalert` runs the server's commands in `appalert-full` (ServerCommands): the same help, output and
/// exit status as `appalert-full` gives, and, when `appalert-full` is not beside it, exit 2 saying how to
/// build it.
struct ServerCommandsTests {
    static let full = AppAlertProcess.binary("appalert-full")

    @Test(arguments: [
        (["appalert", "serve", "--dev", "feed.json"], true, true),
        (["appalert", "help", "collect"], true, true),
        (["appalert", "report", "--help"], true, true),
        (["appalert", "--generate-completion-script", "bash"], false, true),
        (["appalert", "--generate-completion-script=zsh"], false, true),
        (["appalert", "--experimental-dump-help"], false, true),
        (["appalert", "evaluate", "serve"], false, false),
        (["appalert", "help", "evaluate"], false, false),
        (["appalert", "help"], false, false),
        (["appalert", "--help"], false, false),
        (["appalert"], false, false),
    ])
    func whatIsRunInAppalertFull(_ arguments: [String], needed: Bool, wanted: Bool) {
        let answer = ServerCommands.wantServer(arguments)
        #expect(answer.needed == needed && answer.wanted == wanted, "\(arguments)")
    }

    /// What both binaries print and how they end, for the same command lines.
    @Test(arguments: [
        ["--help"], ["serve", "--help"], ["help", "sign"], ["verify"], ["collect", "--port", "-3", "x"],
        ["report", "--database", "/nonexistent/folder/results.sqlite"],
    ])
    func appalertAnswersAServerCommandAsAppalertFullDoes(_ arguments: [String]) async throws {
        let light = try await offThePool { try AppAlertProcess.run(arguments) }
        let whole = try await offThePool { try ProcessResult.run(Self.full, arguments) }
        #expect(light.status == whole.status, "\(arguments): \(light.standardError)")
        #expect(light.standardOutput == whole.standardOutput, "\(arguments)")
        #expect(light.standardError == whole.standardError, "\(arguments)")
    }

    /// Copied alone, `appalert` still answers its own commands, and a server command exits 2 with the
    /// command that builds `appalert-full`.
    @Test
    func aloneItAnswersItsOwnCommandsAndSaysHowToBuildTheOthers() async throws {
        let directory = try TemporaryDirectory()
        let alone = directory.url.appendingPathComponent("appalert")
        try FileManager.default.copyItem(at: AppAlertProcess.executable, to: alone)
        // A process another test starts meanwhile can inherit the copy's open descriptor for the moment
        // between its fork and its exec: running the copy then fails with ETXTBSY ("Text file busy"), and
        // succeeds once that process has run its program. Nothing says when, so it is tried again.
        var attempts = 0
        var version: ProcessResult
        while true {
            do {
                version = try await offThePool { try ProcessResult.run(alone, ["version", "compare", "2.1", "2.1.0"]) }
                break
            } catch let error as NSError
                where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) && attempts < 200
            {
                attempts += 1
                try await Task.sleep(for: .milliseconds(25))
            }
        }
        #expect(version.status == 0, "\(version.standardError)")
        for arguments in [["serve", "feed.json"], ["help", "collect"]] {
            let result = try await offThePool { try ProcessResult.run(alone, arguments) }
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(
                result.standardError.contains("swift build --package-path Tools --product appalert-full"),
                "\(result.standardError)")
            #expect(result.standardError.hasPrefix("appalert: \(arguments.last == "collect" ? "collect" : "serve") is"))
        }
        // Completions from a lone appalert still list every command (without the server commands' options).
        let completions = try await offThePool {
            try ProcessResult.run(alone, ["--generate-completion-script", "bash"])
        }
        #expect(completions.status == 0 && completions.standardOutput.contains("collect"))
    }
}
