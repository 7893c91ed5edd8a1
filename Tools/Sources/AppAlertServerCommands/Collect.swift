import AppAlertCollector
import AppAlertCommands
import AppAlertResults
import ArgumentParser
import Foundation
import Hummingbird
import Logging

extension AppAlertCommand {
    struct Collect: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.collect.name,
            abstract: ServerCommands.collect.abstract,
            discussion: """
                Takes batches of counters from apps that turned reporting on, checks each against the \
                feed (its app, message ids, variants and buttons; read again when it changes, a URL every \
                10 seconds) and the wire \
                format, and stores the sums. A 2xx answer means the batch is committed and on disk; a \
                batch id already stored is answered {"duplicate": true} and adds nothing. Bad input gets \
                a 4xx {"error": "..."} saying where and why, and stores nothing. GET /metrics gives \
                Prometheus metrics, GET /healthz says the collector is up. No client address or header \
                is stored or logged. Stops gracefully on SIGTERM and SIGINT (what is in flight is \
                committed and answered). docs/reporting.md says more.
                """)

        @Argument(help: "The feed: a file, a directory of .json feeds, or an http(s):// URL.")
        var feed: String

        @Option(
            help: ArgumentHelp(
                "The results database: a SQLite file (created when missing) or postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE.",
                valueName: "path-or-url"))
        var database: String

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port (0 picks a free one).")
        var port = 8080

        // Unconditional: "-1" is this option's value (then refused as negative), not an option of its own.
        @Option(
            name: .customLong("rate-limit"), parsing: .unconditional,
            help: ArgumentHelp("Batches a minute from one client address; 0 turns the limit off.", valueName: "n"))
        var rateLimit = 600

        @Flag(
            name: .customLong("trust-forwarded-for"),
            help:
                "Count the rate limit by the address a proxy appended: the right-most of Forwarded, else of X-Forwarded-For."
        )
        var trustForwardedFor = false

        @Option(
            name: .customLong("allow-origin"),
            help: ArgumentHelp(
                "Only pages on this web origin (https://app.example.com) may send batches; repeat for more. Without it, any origin may (CORS, no credentials).",
                valueName: "origin"))
        var allowOrigin: [String] = []

        @OptionGroup var timeouts: ConnectionTimeoutOptions

        /// Tests: the UTC day the collector takes as today (its clock runs from noon of that day).
        @Option(name: .customLong("today"), help: .hidden)
        var today: String?

        /// Tests and benchmarks: every request through Hummingbird, none on the fast path.
        @Flag(name: .customLong("no-fast-path"), help: .hidden)
        var noFastPath = false

        func validate() throws {
            for origin in allowOrigin {
                guard let url = URL(string: origin), let scheme = url.scheme, ["https", "http"].contains(scheme),
                    url.host != nil, url.path.isEmpty, url.query == nil, url.fragment == nil, url.user == nil,
                    origin == origin.lowercased()
                else {
                    throw ValidationError(
                        "--allow-origin \"\(origin)\" is not a web origin: scheme, host and port only, in lower case (https://app.example.com)"
                    )
                }
            }
        }

        func run() async throws {
            var configuration = CollectorConfiguration()
            configuration.host = host
            configuration.port = port
            guard rateLimit >= 0 else {
                try CommandOutput.failure(
                    "--rate-limit: \(rateLimit) is not a valid value: give a number of batches a minute, 0 or more "
                        + "(0 turns the limit off)"
                ).emit()
                return
            }
            configuration.rateLimit = rateLimit
            configuration.trustForwardedFor = trustForwardedFor
            configuration.allowedOrigins = allowOrigin
            configuration.fastPath = !noFastPath
            guard let (header, idle) = try timeouts.durations() else { return }
            configuration.headerTimeout = header
            configuration.idleTimeout = idle
            if let today {
                guard let midnight = BatchDays.date(of: today) else {
                    try CommandOutput.failure("--today: \"\(today.prefix(100))\" is not a day (YYYY-MM-DD)").emit()
                    return
                }
                let start = Date()
                let noon = midnight.addingTimeInterval(12 * 3600)
                configuration.now = { noon.addingTimeInterval(Date().timeIntervalSince(start)) }
            }
            let location: ResultsDatabaseLocation
            do {
                location = try ResultsDatabaseLocation(parsing: database)
            } catch {
                try CommandOutput.failure(error.description).emit()
                return
            }
            var logger = Logger(label: "appalert.collect")
            logger.logLevel = .info
            // The feed and the port first: a collector that cannot start opens (or creates) no database.
            let feed: CollectorFeed
            do {
                feed = try await Collector.openFeed(self.feed, configuration: configuration)
                try await Collector.checkListening(configuration)
            } catch {
                try CommandOutput.failure(error.description).emit()
                return
            }
            let store: any ResultsStore
            do {
                store = try await ResultsDatabase.open(location, logger: logger)
            } catch {
                try CommandOutput.failure("\(error)").emit()
                return
            }
            let collector = Collector(feed: feed, store: store, configuration: configuration, logger: logger)
            let host = host
            let requestedPort = port
            let databaseName =
                switch location {
                case .sqlite(let path): path
                case .postgres(let url): "postgres://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\(url.path)"
                }
            let app = collector.application { channel in
                let port = channel.localAddress?.port ?? requestedPort
                FileHandle.standardOutput.write(
                    Data("appalert: collecting into \(databaseName) on http://\(host):\(port)/v1/counts\n".utf8))
            }
            do {
                try await app.runService()
            } catch {
                // The server could not listen (the port is taken, the address is not this machine's):
                // the writer has ended and closed the database by now.
                try CommandOutput.failure("cannot listen on \(host):\(requestedPort): \(Collector.reason(error))")
                    .emit()
            }
        }
    }
}
