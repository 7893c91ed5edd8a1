@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Run the client flow once, as an app launch would.",
            discussion: """
                Loads the feed (a conditional request when a copy is cached; the last good copy when \
                the source fails), decides, shows the message (printed, which counts as dismissed) and \
                remembers it in the state directory, so the next check does not show it again. A \
                network failure is not an error: it is reported on standard error (and as "error" \
                with --json) and the exit code is 0. Exit code 2 when an option value or the state \
                directory cannot be used.
                """)

        @Argument(
            help: ArgumentHelp(
                "The feed: an https: URL (http: for localhost), a file: URL or a path.", valueName: "feed-url-or-path"))
        var feed: String

        @OptionGroup var install: InstallOptions

        @Option(
            name: .customLong("state-dir"),
            help: ArgumentHelp(
                "Where to remember what was shown and the last good feed. Default: ~/.local/state/appalert/BUNDLE-ID (Application Support on macOS).",
                valueName: "dir"))
        var stateDirectory: String?

        @Option(help: ArgumentHelp("Give up on the network after this many seconds.", valueName: "seconds"))
        var timeout: Double = 15

        @Option(
            name: .customLong("min-interval"),
            help: ArgumentHelp(
                "Use the cached copy without asking when the last check is more recent than this.", valueName: "seconds"
            ))
        var minimumInterval: Double = 0

        @Option(
            name: .customLong("public-key"),
            help: ArgumentHelp(
                "Accept only feeds signed with this key (appalert.pub or its text); repeatable, for rotation.",
                valueName: "key"))
        var publicKeys: [String] = []

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        func run() async throws {
            try await execute().emit()
        }

        func execute() async -> CommandOutput {
            let app: AppInfo
            do {
                app = try install.appInfo()
            } catch {
                return .failure(error.message)
            }
            guard let source = FeedSource(feed) else {
                return .failure("\(feed): not an https: or http: URL, a file: URL or a path")
            }
            guard timeout > 0, timeout.isFinite else {
                return .failure("--timeout: must be a positive number of seconds")
            }
            guard minimumInterval >= 0, minimumInterval.isFinite else {
                return .failure("--min-interval: must be zero or a positive number of seconds")
            }
            let directory =
                stateDirectory.map { URL(fileURLWithPath: $0) }
                ?? FileAlertStore.defaultDirectory(bundleID: app.bundleID)
            let problems = ProblemLog()
            let store = FileAlertStore(directory: directory) { problems.add($0.location + ": " + $0.description) }
            var configuration = FeedLoaderConfiguration()
            if !publicKeys.isEmpty {
                do {
                    configuration.trust = try KeyFile.trust(publicKeys)
                } catch {
                    return .failure(error.message)
                }
            }
            configuration.timeout = timeout
            configuration.minimumCheckInterval = minimumInterval
            let client = AlertClient(
                source: source, app: app, store: store, transport: AppAlertCommand.transport,
                configuration: configuration,
                imageLoader: ImageLoader(
                    directory: directory.appendingPathComponent("images"), transport: AppAlertCommand.transport,
                    timeout: timeout))
            let result = await client.checkAndRecord()

            var output = CommandOutput()
            for problem in problems.all { output.err("appalert: warning: \(problem)") }
            if let storeError = result.storeError {
                output.err("appalert: state: \(storeError)")
                output.exitCode = 2
                return output
            }
            if let error = result.load.error {
                let fallback =
                    result.load.source == .cache ? "; used the last good copy" : "; no copy is cached, nothing to show"
                output.err("appalert: warning: \(source): \(error.reason)\(fallback)")
            }
            if let storeError = result.load.storeError {
                output.err("appalert: warning: cannot save the feed or the check time: \(storeError)")
            }
            for diagnostic in result.load.diagnostics where diagnostic.severity == .error {
                output.err("appalert: \(source): \(diagnostic)")
            }
            let message = result.decision.message
            if json {
                var object = JSONObject()
                object.set("shown", message.map { .integer(Int64($0.id)) } ?? .null)
                object.set("message", message?.jsonValue ?? .null)
                object.set("source", .string(result.load.source.rawValue))
                object.set("error", result.load.error.map { .string($0.reason) } ?? .null)
                object.set(
                    "errorKind", result.load.error.map { .string($0.trustKind?.rawValue ?? $0.kind.rawValue) } ?? .null)
                object.set("image", result.reportedImage.map(Self.json) ?? .null)
                object.set("deferred", result.deferred.map { .integer(Int64($0.id)) } ?? .null)
                output.json(JSONValue.object(object))
            } else if let deferred = result.deferred {
                output.out(
                    "Message \(deferred.id) is due, but its image cannot be had ("
                        + (result.reportedImage?.error?.reason ?? "unknown") + "): it is not shown, and the next "
                        + "check tries again.")
            } else if let message {
                output.notice(AlertPresentation(message))
            } else {
                output.out("No message to show (feed: \(result.load.source.rawValue)).")
            }
            if !json, let error = result.reportedImage?.error, result.deferred == nil {
                output.err("appalert: warning: image: \(error.reason); used the stored copy")
            }
            return output
        }

        /// `{"url", "status", "bytes", "width", "height", "format", "error"}`, null where not known.
        static func json(_ image: ImageLoadResult) -> JSONValue {
            var object = JSONObject()
            object.set("url", .string(image.url.absoluteString))
            object.set("status", .string(image.status.rawValue))
            object.set("bytes", image.data.map { .integer(Int64($0.count)) } ?? .null)
            object.set("width", image.header.map { .integer(Int64($0.width)) } ?? .null)
            object.set("height", image.header.map { .integer(Int64($0.height)) } ?? .null)
            object.set("format", image.header.map { .string($0.format.rawValue) } ?? .null)
            object.set("error", image.error.map { .string($0.reason) } ?? .null)
            return .object(object)
        }
    }
}

/// Collects what a store reports while a command runs.
final class ProblemLog: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String] = []

    func add(_ problem: String) { lock.withLock { problems.append(problem) } }
    var all: [String] { lock.withLock { problems } }
}
