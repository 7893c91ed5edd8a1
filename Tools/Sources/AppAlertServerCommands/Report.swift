@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
import AppAlertResults
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.report.name,
            abstract: ServerCommands.report.abstract,
            discussion: """
                Per message and variant: showings, each action (dismissed, button.N, tap, link, conversion) \
                and its rate per showing with a 95% Wilson interval; each variant against the first (the \
                baseline): the difference with Newcombe's interval, the relative difference, the probability \
                that it beats the baseline and a verdict. Per offered version, the update prompt's funnel. \
                Counts that do not add up are reported as they are and marked. docs/reporting.md explains \
                every number. Exit code 0, or 2 when the database or the feed cannot be read (report \
                never creates a database).
                """)

        @Option(help: "The results database: a SQLite file, or a postgres:// URL.")
        var database: String

        @Option(
            help:
                "The feed (a file, or the folder holding its messages.json): names the messages, their buttons and variants (else only what the database has)."
        )
        var feed: String?

        @Option(help: "Only this app's counts (its bundle id).")
        var app: String?

        @Option(help: "From this UTC day (YYYY-MM-DD), inclusive.")
        var since: String?

        @Option(help: "Until this UTC day (YYYY-MM-DD), inclusive.")
        var until: String?

        @Flag(help: "Print the report as JSON (docs/reporting.md).")
        var json = false

        @Flag(help: "Print one CSV row per message, variant and event.")
        var csv = false

        @Option(help: "Also write the report as one self-contained HTML page to this file.")
        var html: String?

        /// Options people try that `report` spells otherwise: read only to say which one it is.
        @Option(name: .customLong("format"), help: .hidden) var format: String?
        @Option(name: [.customLong("output"), .customLong("out")], help: .hidden) var output: String?
        @Option(name: .customLong("db"), help: .hidden) var db: String?

        func run() async throws { try await execute().emit() }

        /// What `--format X`, `--output FILE` and `--db` are called here: text is the default, `--json`,
        /// `--csv`, or `--html FILE` (written beside the text).
        static func spelledOtherwise(format: String?, output: String?, db: String?) -> String? {
            if let format {
                let formats = ["html": "--html FILE (the page is written to FILE)", "json": "--json", "csv": "--csv"]
                let known = formats[format.lowercased()]
                return "report has no --format: did you mean " + (known ?? "--json, --csv or --html FILE")
                    + "? (text is the default)"
            }
            if output != nil { return "report has no --output: did you mean --html FILE? (the other formats print)" }
            if db != nil { return "report has no --db: did you mean --database?" }
            return nil
        }

        func execute() async -> CommandOutput {
            if let hint = Self.spelledOtherwise(format: format, output: self.output, db: db) { return .failure(hint) }
            var output = CommandOutput()
            if json && csv { return .failure("--json and --csv: choose one") }
            let filter: ResultsFilter
            do {
                filter = ResultsFilter(
                    app: try Self.app(app), since: try Self.day(since, option: "--since"),
                    until: try Self.day(until, option: "--until"))
            } catch {
                return .failure(error.message)
            }
            if let since = filter.since, let until = filter.until, since > until {
                return .failure("--since \(since) is after --until \(until)")
            }
            var facts: [FeedMessageFacts]?
            if let given = feed {
                let data: Data
                let feed: String
                do {
                    feed = try Self.feedFile(given)
                    data = try FeedFile.read(feed)
                } catch {
                    return .failure(error.message)
                }
                guard let decoded = FeedFile.decoded(data, named: feed, into: &output) else { return output }
                facts = FeedMessageFacts.of(decoded.feed.messages, app: filter.app)
            }
            let report: ResultsReport
            do {
                report = try await ResultsReport.load(database: database, filter: filter, feed: facts)
            } catch {
                var failed = CommandOutput.failure(error.description)
                failed.prependErrors(of: output)
                return failed
            }
            if let html {
                do {
                    try Data(report.html.utf8).write(to: URL(fileURLWithPath: html), options: .atomic)
                } catch {
                    return .failure("--html: cannot write \(html): \(error.localizedDescription)")
                }
            }
            if json {
                output.json(report.jsonValue)
            } else if csv {
                output.write(report.csv)
            } else {
                output.write(report.text)
            }
            return output
        }

        /// A UTC day as `YYYY-MM-DD`, checked to be a real date.
        /// The feed file `--feed` names: a file as given; a folder, as `serve` and `collect` take (and as
        /// `init` writes it), its `messages.json`, or its one `.json` feed; a folder of several names them.
        static func feedFile(_ path: String) throws(FeedFile.ReadError) -> String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return path
            }
            let folder = URL(fileURLWithPath: path)
            let standard = folder.appendingPathComponent("messages.json").path
            if FileManager.default.fileExists(atPath: standard) { return standard }
            let feeds = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted()
            if feeds.count == 1 { return folder.appendingPathComponent(feeds[0]).path }
            let listed = feeds.prefix(5).joined(separator: ", ") + (feeds.count > 5 ? ", …" : "")
            throw FeedFile.ReadError(
                message: feeds.isEmpty
                    ? "cannot read \(path): a folder with no messages.json or other .json feed"
                    : "cannot read \(path): a folder of \(feeds.count) feeds (\(listed)); give --feed one of them")
        }

        static func day(_ text: String?, option: String) throws(InputError) -> String? {
            guard let text else { return nil }
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                (1...12).contains(month), day >= 1
            else {
                throw InputError(message: "\(option): \"\(text.prefix(100))\" is not a day (YYYY-MM-DD)")
            }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let first = DateComponents(calendar: calendar, year: year, month: month, day: 1)
            guard let date = calendar.date(from: first), let days = calendar.range(of: .day, in: .month, for: date),
                days.contains(day)
            else {
                throw InputError(message: "\(option): \(text) is not a day of that month")
            }
            return text
        }

        static func app(_ text: String?) throws(InputError) -> String? {
            guard let text else { return nil }
            guard !text.isEmpty, text.count <= 255 else {
                throw InputError(message: "--app: give a bundle id of 1 to 255 characters")
            }
            return text
        }
    }
}
