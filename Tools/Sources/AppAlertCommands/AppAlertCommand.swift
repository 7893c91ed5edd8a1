@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

/// The `appalert` command: the feed author's tool.
public struct AppAlertCommand: AsyncParsableCommand {
    public static let configuration = commandConfiguration(
        server: ServerCommandTypes(
            publish: PublishListing.self, serve: ServeListing.self, keygen: KeygenListing.self, sign: SignListing.self,
            verify: VerifyListing.self, collect: CollectListing.self, report: ReportListing.self))

    /// The commands `appalert` lists and `appalert-full` has whole (``ServerCommands``).
    package struct ServerCommandTypes {
        package var publish, serve, keygen, sign, verify, collect, report: any ParsableCommand.Type

        package init(
            publish: any ParsableCommand.Type, serve: any ParsableCommand.Type, keygen: any ParsableCommand.Type,
            sign: any ParsableCommand.Type, verify: any ParsableCommand.Type, collect: any ParsableCommand.Type,
            report: any ParsableCommand.Type
        ) {
            (self.publish, self.serve, self.keygen, self.sign) = (publish, serve, keygen, sign)
            (self.verify, self.collect, self.report) = (verify, collect, report)
        }
    }

    /// The tool's configuration with `server` in the places of the commands `appalert-full` has: the same
    /// help, in the same order, from both binaries.
    package static func commandConfiguration(server: ServerCommandTypes) -> CommandConfiguration {
        CommandConfiguration(
            commandName: "appalert",
            abstract: "Check, explain and try out AppAlert feeds.",
            discussion: """
                Exit codes: 0 success; 1 the answer is "no" (validate found errors, a version does not \
                satisfy a range); 2 the input could not be used (unreadable file, not JSON, invalid \
                version or option value).
                """,
            version: AppAlertCommand.version,
            subcommands: [
                Validate.self, Evaluate.self, Check.self, UpdateCheck.self, server.publish, server.serve, server.keygen,
                server.sign, server.verify, VersionCommand.self, Schema.self, Audience.self, Diff.self, Init.self,
                InboxCommand.self, server.collect, server.report,
            ]
        )
    }

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
package struct CommandOutput: Equatable {
    package private(set) var standardOutput = ""
    package private(set) var standardError = ""
    package var exitCode: Int32 = 0

    package init() {}

    /// A line of text on standard output.
    package mutating func out(_ line: String) { write(line + "\n") }
    /// A line of text on standard error.
    package mutating func err(_ line: String) { standardError += TerminalPresenter.neutralized(line) + "\n" }
    /// Lines of text (a table, a report) on standard output, each ending in a line break.
    package mutating func write(_ text: String) { standardOutput += TerminalPresenter.neutralized(text) }

    /// A JSON document, pretty-printed, on standard output: the control characters it holds are escaped
    /// already (`JSONValue.serialized`); DEL, C1 controls, bidirectional controls and marks are escaped
    /// here, line by line (a line break there is between tokens), which leaves the same JSON.
    package mutating func json(_ value: JSONValue) {
        let lines = value.serialized(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        standardOutput += lines.map { TerminalPresenter.escaped(String($0)) }.joined(separator: "\n") + "\n"
    }

    /// A message framed as `appalert check` shows it: the presenter neutralizes its texts itself, keeping
    /// only the directional isolates this package put around an app name or a version.
    package mutating func notice(_ presentation: AlertPresentation) {
        standardOutput += TerminalPresenter().render(presentation)
    }

    /// Puts what `earlier` wrote on standard error before what this output holds there.
    package mutating func prependErrors(of earlier: CommandOutput) {
        standardError = earlier.standardError + standardError
    }

    package static func failure(_ message: String, code: Int32 = 2) -> CommandOutput {
        var output = CommandOutput()
        output.err("appalert: \(message)")
        output.exitCode = code
        return output
    }

    /// Writes a line on standard error at once, neutralized as ``err(_:)`` does: for a command that keeps
    /// running (a server).
    package static func warnNow(_ line: String) {
        FileHandle.standardError.write(Data((TerminalPresenter.neutralized(line) + "\n").utf8))
    }

    /// Writes the output and ends the command with its exit code.
    package func emit() throws {
        if !standardOutput.isEmpty { FileHandle.standardOutput.write(Data(standardOutput.utf8)) }
        if !standardError.isEmpty { FileHandle.standardError.write(Data(standardError.utf8)) }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}

/// Reads a feed file (or standard input for `-`).
package enum FeedFile {
    /// `data` decoded as an app decodes it, the messages it leaves out listed on `output`'s standard
    /// error (named `name`); `nil`, with `output` the failure, when it is not a feed.
    package static func decoded(_ data: Data, named name: String, into output: inout CommandOutput) -> FeedDecoder
        .Output?
    {
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

    package struct ReadError: Error {
        package var message: String

        package init(message: String) {
            self.message = message
        }
    }

    package static func read(_ path: String) throws(ReadError) -> Data {
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
