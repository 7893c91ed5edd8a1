@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

/// The `appalert` command: the feed author's tool.
public struct AppAlertCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "appalert",
        abstract: "Check, explain and try out AppAlert feeds.",
        discussion: """
            Exit codes: 0 success; 1 the answer is "no" (validate found errors, a version does not \
            satisfy a range); 2 the input could not be used (unreadable file, not JSON, invalid \
            version or option value).
            """,
        version: AppAlertCommand.version,
        subcommands: [
            Validate.self, Evaluate.self, Check.self, UpdateCheck.self, Publish.self, Serve.self, Keygen.self,
            Sign.self, Verify.self, VersionCommand.self, Schema.self, Audience.self, Diff.self, Init.self,
            InboxCommand.self, Collect.self, Report.self,
        ]
    )

    /// The tool's version: `--version`, the User-Agent, the manual, the release archive's name and the
    /// version `appalert init`'s workflow downloads all come from ``appalertVersion``.
    public static let version = appalertVersion
    /// The transport every command that asks a server uses: it says who is asking.
    static var transport: URLSessionFeedTransport { URLSessionFeedTransport(userAgent: "appalert/\(version)") }

    public init() {}
}

/// What a command prints and how it exits; commands compute it, `run()` writes it.
///
/// A feed is hostile input, and its titles, texts, keys and values reach the terminal through here: text
/// is neutralized (``TerminalPresenter/neutralized(_:)``: a control character, a bidirectional control or
/// a direction mark becomes a space), JSON has them written as escapes (``TerminalPresenter/escaped(_:)``:
/// `\u001B`, the same JSON), so no string of a feed can move the cursor, change colours, write to the
/// clipboard or show a line in another order than it is written. Only these methods write.
struct CommandOutput: Equatable {
    private(set) var standardOutput = ""
    private(set) var standardError = ""
    var exitCode: Int32 = 0

    init() {}

    /// A line of text on standard output.
    mutating func out(_ line: String) { write(line + "\n") }
    /// A line of text on standard error.
    mutating func err(_ line: String) { standardError += TerminalPresenter.neutralized(line) + "\n" }
    /// Lines of text (a table, a report) on standard output, each ending in a line break.
    mutating func write(_ text: String) { standardOutput += TerminalPresenter.neutralized(text) }

    /// A JSON document, pretty-printed, on standard output: the control characters it holds are escaped
    /// already (`JSONValue.serialized`); DEL, C1 controls, bidirectional controls and marks are escaped
    /// here, line by line (a line break there is between tokens), which leaves the same JSON.
    mutating func json(_ value: JSONValue) {
        let lines = value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        standardOutput += lines.map { TerminalPresenter.escaped(String($0)) }.joined(separator: "\n") + "\n"
    }

    /// A message framed as `appalert check` shows it: the presenter neutralizes its texts itself, keeping
    /// only the directional isolates this package put around an app name or a version.
    mutating func notice(_ presentation: AlertPresentation) {
        standardOutput += TerminalPresenter().render(presentation)
    }

    /// Puts what `earlier` wrote on standard error before what this output holds there.
    mutating func prependErrors(of earlier: CommandOutput) {
        standardError = earlier.standardError + standardError
    }

    static func failure(_ message: String, code: Int32 = 2) -> CommandOutput {
        var output = CommandOutput()
        output.err("appalert: \(message)")
        output.exitCode = code
        return output
    }

    /// Writes a line on standard error at once, neutralized as ``err(_:)`` does: for a command that keeps
    /// running (a server).
    static func warnNow(_ line: String) {
        FileHandle.standardError.write(Data((TerminalPresenter.neutralized(line) + "\n").utf8))
    }

    /// Writes the output and ends the command with its exit code.
    func emit() throws {
        if !standardOutput.isEmpty { FileHandle.standardOutput.write(Data(standardOutput.utf8)) }
        if !standardError.isEmpty { FileHandle.standardError.write(Data(standardError.utf8)) }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}

/// Reads a feed file (or standard input for `-`).
enum FeedFile {
    /// `data` decoded as an app decodes it, the messages it leaves out listed on `output`'s standard
    /// error (named `name`); `nil`, with `output` the failure, when it is not a feed.
    static func decoded(_ data: Data, named name: String, into output: inout CommandOutput) -> FeedDecoder.Output? {
        let result: FeedDecoder.Output
        do {
            result = try FeedDecoder().decode(data)
        } catch {
            output = .failure("\(name): \(error.reason)")
            return nil
        }
        for diagnostic in result.errors { output.err("\(name): \(diagnostic)") }
        return result
    }

    struct ReadError: Error {
        var message: String
    }

    static func read(_ path: String) throws(ReadError) -> Data {
        if path == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(message: "cannot read \(path): no such file")
        }
        if isDirectory.boolValue { throw ReadError(message: "cannot read \(path): it is a directory") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ReadError(message: "cannot read \(path): \(error.localizedDescription)")
        }
    }
}
