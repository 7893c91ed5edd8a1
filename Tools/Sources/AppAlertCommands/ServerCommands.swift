import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The commands that need the server's libraries (SwiftNIO, Hummingbird, SQLite, PostgreSQL's client):
/// `publish`, `serve`, `keygen`, `sign`, `verify`, `collect` and `report`. They are built into
/// `appalert-full`, which has every command, and not into `appalert`, so that a first `swift run
/// appalert` — the README's first command — compiles none of those libraries: on this project's 2-core
/// Linux machine (2026-11-28), a clean build of the whole tool took 361 s of processor time (321 s user,
/// 40 s system), and of `appalert` without them 168 s (142 s, 27 s).
///
/// `appalert` lists them in its help and runs them by putting `appalert-full`, built beside it, in its
/// own place (`execv`: the same process, so the same signals, output and exit status). The release
/// archive and Homebrew install `appalert-full` as `appalert`: one binary with every command.
package enum ServerCommands {
    /// A command of `appalert-full`: its name and the line `appalert --help` shows for it.
    package struct Command: Sendable {
        package let name: String
        package let abstract: String

        /// The configuration both binaries give it (`appalert-full` adds the command's own options).
        package func configuration(discussion: String = "") -> CommandConfiguration {
            CommandConfiguration(commandName: name, abstract: abstract, discussion: discussion)
        }
    }

    package static let publish = Command(
        name: "publish", abstract: "Write a feed as static files, in the layout appalert serve uses.")
    package static let serve = Command(
        name: "serve", abstract: "Serve feeds over HTTP, with per-app views, validators, gzip and hot reload.")
    package static let keygen = Command(name: "keygen", abstract: "Make a key pair for signing feeds.")
    package static let sign = Command(
        name: "sign", abstract: "Sign a feed: write FEED.sig, a detached signature of its exact bytes.")
    package static let verify = Command(name: "verify", abstract: "Check a feed's signature as apps do.")
    package static let collect = Command(
        name: "collect", abstract: "Collect the counts apps report (POST /v1/counts) into SQLite or PostgreSQL.")
    package static let report = Command(
        name: "report",
        abstract: "Say what each message, button and A/B variant did, from the counts appalert collect stored.")

    static let all = [publish, serve, keygen, sign, verify, collect, report]

    /// The binary with every command.
    package static let fullBinaryName = "appalert-full"

    /// Whether `arguments` (a whole command line, the program first) ask for a command only
    /// `appalert-full` has, or for what only it can describe whole (completions, the manual's help dump).
    static func wantServer(_ arguments: [String]) -> (needed: Bool, wanted: Bool) {
        let rest = arguments.dropFirst()
        guard let first = rest.first else { return (false, false) }
        let names = Set(all.map(\.name))
        if names.contains(first) { return (true, true) }
        if first == "help", let second = rest.dropFirst().first, names.contains(second) { return (true, true) }
        if first.hasPrefix("--generate-completion-script") || first == "--experimental-dump-help" {
            return (false, true)
        }
        return (false, false)
    }

    /// `appalert-full` beside this executable (symbolic links resolved, as Homebrew's `bin/` has them).
    static func fullBinary() -> URL? {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        return executable.deletingLastPathComponent().appendingPathComponent(fullBinaryName)
    }

    /// Runs `appalert-full` in this process's place when the command line asks for one of its commands;
    /// returns when this binary answers it itself. A server command without `appalert-full` beside
    /// this binary exits 2 saying how to build it.
    package static func runInPlaceIfAsked(_ arguments: [String] = CommandLine.arguments) {
        let (needed, wanted) = wantServer(arguments)
        guard wanted else { return }
        guard let binary = fullBinary(), FileManager.default.isExecutableFile(atPath: binary.path) else {
            guard needed else { return }
            let command =
                arguments.dropFirst().first == "help" ? arguments.dropFirst(2).first : arguments.dropFirst().first
            let place = fullBinary()?.deletingLastPathComponent().path ?? "this appalert's folder"
            fail(
                "\(command ?? "this command") is a command of \(fullBinaryName), which is not built beside this appalert "
                    + "(in \(place)): `swift build --package-path Tools --product \(fullBinaryName)` builds it (then "
                    + "run this again), or `swift build --package-path Tools` builds every product. The release "
                    + "archive's and Homebrew's appalert have every command.")
        }
        let argv = ([binary.path] + arguments.dropFirst()).map { strdup($0) } + [nil]
        execv(binary.path, argv)
        fail("cannot run \(binary.path): \(String(cString: strerror(errno)))")
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("appalert: \(message)\n".utf8))
        exit(2)
    }
}

/// A command of `appalert-full` as `appalert` lists it: its name and abstract in `appalert --help`.
/// `appalert` never parses its options: ``ServerCommands/runInPlaceIfAsked(_:)`` hands the whole
/// command line to `appalert-full` first.
protocol ServerCommandListing: ParsableCommand {
    static var command: ServerCommands.Command { get }
    var arguments: [String] { get }
}

extension ServerCommandListing {
    static var configuration: CommandConfiguration { command.configuration() }

    func run() throws {
        ServerCommands.runInPlaceIfAsked([CommandLine.arguments[0], Self.command.name] + arguments)
        throw ExitCode(2)
    }
}

extension AppAlertCommand {
    struct PublishListing: ServerCommandListing {
        static let command = ServerCommands.publish
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
    struct ServeListing: ServerCommandListing {
        static let command = ServerCommands.serve
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
    struct KeygenListing: ServerCommandListing {
        static let command = ServerCommands.keygen
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
    struct SignListing: ServerCommandListing {
        static let command = ServerCommands.sign
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
    struct VerifyListing: ServerCommandListing {
        static let command = ServerCommands.verify
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
    struct CollectListing: ServerCommandListing {
        static let command = ServerCommands.collect
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
    struct ReportListing: ServerCommandListing {
        static let command = ServerCommands.report
        @Argument(parsing: .captureForPassthrough) var arguments: [String] = []
    }
}
