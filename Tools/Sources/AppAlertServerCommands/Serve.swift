@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
import AppAlertResults
import AppAlertServer
import ArgumentParser
import Foundation
import Hummingbird

extension AppAlertCommand {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.serve.name,
            abstract: ServerCommands.serve.abstract,
            discussion: """
                Serves each feed at /NAME, for every app it names /apps/BUNDLE-ID.json, and the \
                pictures of the images/ folder beside the feed at /images/… (each checked as apps \
                check a download; one left out is named with why). An edited \
                feed is validated before it is served; an invalid edit is logged and the last good \
                version stays. A FEED.sig is checked before it is served: a feed edited without signing \
                again keeps its last signed version served (or, with none, is served without its .sig), \
                said in the log and at the top of the preview page. --dev sends no-cache and serves a \
                preview page at / and the console at /console, where messages are edited in the \
                browser and saved to the feed files (only from this machine unless --allow-remote-edits; \
                a signed feed only with --key, which signs it again). Stops gracefully on SIGTERM and SIGINT.
                """)

        @Argument(help: "A feed file, or a directory of .json feeds.")
        var feed: String

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port (0 picks a free one).")
        var port = 8080

        @Option(name: .customLong("cache-control"), help: "Cache-Control of feed responses (not with --dev).")
        var cacheControl = "public, max-age=60"

        @Flag(help: "Development: Cache-Control no-cache, the preview page at / and the console at /console.")
        var dev = false

        @OptionGroup var timeouts: ConnectionTimeoutOptions

        @Option(
            help: ArgumentHelp(
                "Sign every served file on each change (PATH.sig). Without a key, a FEED.sig beside the feed is served.",
                valueName: "key-file"))
        var key: String?

        @OptionGroup var carriedSignatures: CarriedSignatureOptions

        @Flag(
            help: ArgumentHelp(
                "With --dev on an address other machines reach: let the console save. Off, it only reads.",
                discussion: "Anyone who can reach the address can then change the feed files."))
        var allowRemoteEdits = false

        @Option(
            help: ArgumentHelp(
                "With --dev: the collector's results database (a SQLite file or postgres:// URL); the console shows each message's figures.",
                valueName: "database"))
        var results: String?

        /// This command again with a results database: what the console says it needs to show results.
        var withResults: String {
            let quoted = Self.quoted
            var words = ["appalert", "serve", "--dev", quoted(feed)]
            if host != "127.0.0.1" { words += ["--host", quoted(host)] }
            if port != 8080 { words += ["--port", String(port)] }
            if allowRemoteEdits { words.append("--allow-remote-edits") }
            if let key { words += ["--key", quoted(key)] }
            return (words + ["--results", "results.sqlite"]).joined(separator: " ")
        }

        /// `appalert report` on the results database for the feed served as `name`: the feed's path as this
        /// command was given it (a folder's file inside it).
        static func reportCommand(database: String, feed: String, name: String) -> String {
            var isDirectory: ObjCBool = false
            let inFolder =
                FileManager.default.fileExists(atPath: feed, isDirectory: &isDirectory) && isDirectory.boolValue
            let file = inFolder ? (feed.hasSuffix("/") ? feed + name : feed + "/" + name) : feed
            return ["appalert", "report", "--database", Self.quoted(database), "--feed", Self.quoted(file)]
                .joined(separator: " ")
        }

        /// `text` as one word for a POSIX shell: as it is when it is plain, else in single quotes.
        static func quoted(_ text: String) -> String {
            text.range(of: #"^[A-Za-z0-9_./:@%+=,-]+$"#, options: .regularExpression) != nil
                ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }

        func run() async throws {
            var configuration = FeedServerConfiguration()
            configuration.host = host
            configuration.port = port
            configuration.cacheControl = cacheControl
            configuration.development = dev
            if dev {
                configuration.evaluator = SimulatorQuery.evaluate
                configuration.console = ConsoleSupport.configuration(
                    host: host, allowRemoteEdits: allowRemoteEdits, results: results)
                configuration.console?.resultsCommand = withResults
                if let results {
                    let feed = feed
                    configuration.console?.reportCommand = { name in
                        Self.reportCommand(database: results, feed: feed, name: name)
                    }
                }
            } else if allowRemoteEdits || results != nil {
                try CommandOutput.failure("--allow-remote-edits and --results are for the console: add --dev").emit()
                return
            }
            guard let (header, idle) = try timeouts.durations() else { return }
            configuration.headerTimeout = header
            configuration.idleTimeout = idle
            if let key {
                do {
                    let (loaded, warning) = try KeyFile.readPrivate(key)
                    configuration.signingKey = loaded
                    if let warning { CommandOutput.warnNow("appalert: warning: \(warning)") }
                } catch {
                    try CommandOutput.failure(error.message).emit()
                    return
                }
            }
            do {
                configuration.publicKeys = try carriedSignatures.load()
            } catch {
                try CommandOutput.failure(error.message).emit()
                return
            }
            let server: FeedServer
            do {
                server = try FeedServer(source: URL(fileURLWithPath: feed), configuration: configuration)
            } catch {
                try CommandOutput.failure("\(error)", code: error.diagnostics.isEmpty ? 2 : 1).emit()
                return
            }
            if dev, let results,
                case .object(let read) = await ResultsReport.figuresByMessage(database: results, feed: Data("[]".utf8)),
                let error = read["error"]?.stringValue
            {
                CommandOutput.warnNow(
                    "appalert: warning: --results: \(error); the console shows no figures until it can be read")
            }
            if let failure = server.content.failure {
                let name = URL(fileURLWithPath: failure.file).lastPathComponent
                CommandOutput.warnNow(
                    "appalert: error: \(name) is not served until it is mended ("
                        + (failure.diagnostics.isEmpty ? "in an editor" : "in an editor or in the console")
                        + "):\n\(failure)")
            }
            for warning in server.content.snapshotWarnings {
                CommandOutput.warnNow("appalert: \(warning)")
            }
            for notice in server.content.signatureNotices {
                CommandOutput.warnNow("appalert: \(notice.kind == .unchecked ? "warning" : "error"): \(notice)")
            }
            // An IPv6 literal goes in brackets in a URL.
            let host = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            let requestedPort = port
            let dev = dev
            let app = server.application { channel in
                let port = channel.localAddress?.port ?? requestedPort
                var lines = "appalert: serving \(server.source.path) on http://\(host):\(port)/\n"
                if dev { lines += "appalert: the console: http://\(host):\(port)/console\n" }
                FileHandle.standardOutput.write(Data(lines.utf8))
            }
            try await app.runService()
        }
    }
}

/// `serve --dev`'s simulator: a query's parameters as `appalert evaluate` options, run on the served
/// feed's bytes with `--json --explain`, so the endpoint answers exactly what the command prints.
enum SimulatorQuery {
    /// Query parameter → `evaluate` option.
    static let options: KeyValuePairs<String, String> = [
        "bundleId": "--bundle-id", "appVersion": "--app-version", "build": "--build", "osVersion": "--os-version",
        "platform": "--platform", "locale": "--locale", "installId": "--install-id", "now": "--now",
        "seen": "--seen", "previousVersion": "--previous-version", "launchesSinceUpdate": "--launches-since-update",
        "lastMessageId": "--last-message-id", "attribute": "--attribute", "event": "--event",
        "launchCount": "--launch-count", "installedAt": "--installed-at", "updatedAt": "--updated-at",
        "placement": "--placement",
    ]

    @Sendable
    static func evaluate(_ feed: Data, _ parameters: [(name: String, value: String)])
        -> FeedServerConfiguration.Evaluation
    {
        var arguments = ["-"]
        for parameter in parameters {
            guard let option = options.first(where: { $0.key == parameter.name })?.value else {
                let known = options.map(\.key).joined(separator: ", ")
                return failure(
                    "unknown parameter \"\(Simulator.excerpt(parameter.name))\" (known: feed, \(known))")
            }
            // An empty form field is a value not given, as an option left out.
            if parameter.value.isEmpty { continue }
            arguments.append("\(option)=\(asTyped(parameter.name, parameter.value))")
        }
        arguments += ["--json", "--explain"]
        let command: AppAlertCommand.Evaluate
        do {
            command = try AppAlertCommand.Evaluate.parse(arguments)
        } catch {
            return failure(AppAlertCommand.Evaluate.message(for: error))
        }
        let output = command.evaluate(feed, currentDate: Date())
        guard output.exitCode == 0 else {
            let message = output.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            return failure(message.hasPrefix("appalert: ") ? String(message.dropFirst(10)) : message)
        }
        return FeedServerConfiguration.Evaluation(
            status: 200, json: output.standardOutput.trimmingCharacters(in: .newlines))
    }

    /// A value as the form's fields take it, as `evaluate` takes it: a language by its English name
    /// ("German", "German (de)") as its tag, a plain day ("2026-12-01") as its first moment in UTC and a
    /// day and time ("2026-12-01 09:00") in UTC, as the console's date fields read them. Anything else is
    /// passed as typed, for `evaluate` to accept or refuse in words.
    static func asTyped(_ name: String, _ value: String) -> String {
        let text = value.trimmingCharacters(in: .whitespaces)
        switch name {
        case "locale":
            var tag = text
            if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
                tag = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
                    .trimmingCharacters(in: .whitespaces)
            }
            // A code is a code ("ga" is Irish, though a language is called Ga).
            return languageCodes.contains(tag.lowercased()) ? tag : languageNames[tag.lowercased()] ?? tag
        case "now", "installedAt", "updatedAt":
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            guard let day = parts.first, isDay(day), parts.count <= 2 else { return text }
            guard parts.count == 2 else { return day + "T00:00:00Z" }
            let time = parts[1]
            guard time.count == 5 || time.count == 8, time.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":") })
            else { return text }
            return day + "T" + time + (time.count == 5 ? ":00Z" : "Z")
        default:
            return text
        }
    }

    /// yyyy-mm-dd (digits; the date's own check is `evaluate`'s).
    private static func isDay(_ text: Substring) -> Bool {
        text.count == 10
            && text.enumerated().allSatisfy { index, character in
                index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
            }
    }

    static let languageCodes = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// The ISO 639 languages by their English names, lowercased ("german" → "de"), read once.
    static let languageNames: [String: String] = {
        let english = Locale(identifier: "en")
        var names: [String: String] = [:]
        for code in Locale.LanguageCode.isoLanguageCodes {
            // Two-letter codes win over three-letter ones of the same language.
            guard let name = english.localizedString(forLanguageCode: code.identifier)?.lowercased() else { continue }
            if let known = names[name], known.count <= code.identifier.count { continue }
            names[name] = code.identifier
        }
        return names
    }()

    static func failure(_ message: String) -> FeedServerConfiguration.Evaluation {
        var object = JSONObject()
        object.set("error", .string(message))
        return FeedServerConfiguration.Evaluation(status: 400, json: JSONValue.object(object).serialized())
    }
}
