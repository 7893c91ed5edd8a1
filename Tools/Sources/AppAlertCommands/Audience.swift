@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Audience: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "audience",
            abstract: "Show which message each kind of install sees first.",
            discussion: """
                For every combination of the given app versions, OS versions, platforms and languages, \
                the message an install sees first, as a fresh install (nothing seen yet). Rollout is shown \
                as a share: the row's message is the first its installs are eligible for, ROLLOUT the \
                percentage of them in its rollout, and "else" what the others see. Where a list is not given, the rows stand for every install: one \
                value for each class the feed's conditions for the app tell apart (each version a range or \
                list names and the versions around it, each platform it names and the others together, \
                real OS versions of each platform, each language it names and one it does not), with the \
                class in parentheses: 1.0.0 (<2.0.0). At most 10,000 combinations. Exit code 0, or 2 when \
                the feed or an option cannot be used.
                """)

        @Argument(help: "The feed file.")
        var feed: String

        @OptionGroup var values: AudienceOptions

        @Flag(
            help: "Print a JSON array of {appVersion, osVersion, platform, locale, selected, rolloutPercent, covers}.")
        var json = false

        func run() async throws { try execute().emit() }

        func execute(currentDate: Date = Date()) -> CommandOutput {
            var output = CommandOutput()
            let decoded: FeedDecoder.Output
            let query: FeedAudience.Query
            do {
                decoded = try FeedInput.decode(feed)
                query = try values.query(now: currentDate)
            } catch {
                return .failure(error.message)
            }
            FeedInput.warnAboutErrors(decoded, path: feed, into: &output)
            let apps = FeedAudience.apps(in: decoded.feed)
            if !apps.contains(query.bundleID), apps != ["*"] {
                let named = apps.prefix(10).joined(separator: ", ") + (apps.count > 10 ? ", …" : "")
                output.err(
                    "appalert: warning: no message names \(query.bundleID.prefix(100)) (the feed names \(named)); "
                        + "only messages for every app (\"*\") reach it")
            }
            let rows: [FeedAudience.Row]
            do {
                rows = try FeedAudience.rows(decoded.feed, query: query)
            } catch {
                return .failure("\(feed): \(error)")
            }
            if json {
                output.json(JSONValue.array(rows.map(\.jsonValue)))
            } else {
                output.write(AudienceTable.render(rows))
            }
            return output
        }
    }
}

/// The values `audience` combines, and `diff`'s.
package struct AudienceOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("bundle-id"), help: "The app's bundle identifier.")
    package var bundleID: String?

    @Option(
        name: .customLong("app-version"),
        help: ArgumentHelp(
            "An app version; repeatable. Default: one for each class of versions the feed tells apart.",
            valueName: "version"))
    package var appVersions: [String] = []

    @Option(
        name: .customLong("os-version"),
        help: ArgumentHelp(
            "An OS version; repeatable. Default: a released one for each class of OS versions the feed tells apart.",
            valueName: "version")
    )
    package var osVersions: [String] = []

    @Option(
        name: .customLong("platform"),
        help: ArgumentHelp(
            "A platform; repeatable. Default: each one the feed names, and one of Apple's it does not name.",
            valueName: "platform"))
    package var platforms: [String] = []

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp(
            "A preferred language (BCP 47); repeatable. Default: every one the feed's locales name, and one they "
                + "do not name (this machine's when it can).", valueName: "tag"))
    package var locales: [String] = []

    @Option(help: "The time of the decision, RFC 3339 (e.g. 2026-03-01T09:00:00Z). Default: now.")
    package var now: String?

    @OptionGroup var campaign: CampaignOptions

    package func query(now currentDate: Date, bundleID fallback: String? = nil) throws(InputError) -> FeedAudience.Query
    {
        guard let bundleID = bundleID ?? fallback else { throw InputError(message: "--bundle-id: give the app") }
        var query = FeedAudience.Query(
            bundleID: bundleID, now: try InputError.date(now, current: currentDate),
            currentLocale: Self.machineLanguage, currentOSVersions: Self.machineOSVersions)
        for text in appVersions { query.appVersions.append(try InputError.version(text, option: "--app-version")) }
        for text in osVersions { query.osVersions.append(try InputError.version(text, option: "--os-version")) }
        for name in platforms { query.platforms.append(try InputError.platform(name)) }
        for text in locales {
            let tag = LanguageTag(text)
            guard tag.isWellFormed, tag.subtags != ["*"] else {
                throw InputError(message: "--locale: \"\(text)\" is not a BCP 47 language tag (e.g. pt-BR)")
            }
            query.locales.append(tag)
        }
        try campaign.apply(
            to: &query.attributes, event: &query.event, launchCount: &query.launchCount,
            installedAt: &query.installedAt, updatedAt: &query.updatedAt)
        return query
    }

    /// This machine's OS version for its own platform where Apple's release list does not apply (Linux's
    /// kernel version is a Linux row's, never an iOS or macOS one).
    package static var machineOSVersions: [Platform: Version] {
        guard OSReleases.majors(on: .current) == nil else { return [:] }
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return [.current: Version(version.majorVersion, version.minorVersion, version.patchVersion)]
    }

    package static var machineLanguage: LanguageTag? { FeedAudience.machineLanguage }
}

/// Reads and decodes a feed file for a command, or says why it cannot.
enum FeedInput {
    static func decode(_ path: String) throws(InputError) -> FeedDecoder.Output {
        let data: Data
        do {
            data = try FeedFile.read(path)
        } catch {
            throw InputError(message: error.message)
        }
        do {
            return try FeedDecoder().decode(data)
        } catch {
            throw InputError(message: "\(path): \(error.reason)")
        }
    }

    static func warnAboutErrors(_ decoded: FeedDecoder.Output, path: String, into output: inout CommandOutput) {
        let errors = decoded.errors.count
        guard errors > 0 else { return }
        output.err(
            "appalert: warning: \(path) has \(errors) error\(errors == 1 ? "" : "s") (appalert validate lists them); "
                + "what they leave out is left out here too")
    }
}

/// `audience`'s table: one line per combination, columns padded.
package enum AudienceTable {
    /// With `platformsInWords` (the console's table, for people who do not read the command's notation),
    /// the platforms a row stands for beside its own are said in words: `ios and 5 more platforms`.
    package static func render(_ rows: [FeedAudience.Row], platformsInWords: Bool = false) -> String {
        var lines = [["APP", "OS", "PLATFORM", "LANGUAGE", "SEES", "ROLLOUT"]]
        for row in rows {
            lines.append(
                install(row, platformsInWords: platformsInWords) + [seen(row), share(row.rolloutPercent)])
        }
        return format(lines)
    }

    /// The row's four values, each followed by the class it stands for when that is more than itself:
    /// `1.0.0 (<2.0.0)`, `27.1 (>=17)`, `ios (+5)` (five more platforms alike; `platformsInWords`: `ios and
    /// 5 more platforms`), `en (others)`.
    package static func install(_ row: FeedAudience.Row, platformsInWords: Bool = false) -> [String] {
        func shown(_ value: String, _ covers: String) -> String {
            if value.isEmpty { return "-" }
            if covers == value { return value }
            return "\(value) (\(covers == "*" ? "any" : covers))"
        }
        let more = row.covers.platforms.filter { $0 != row.platform }.count
        let others =
            more == 0 ? "" : platformsInWords ? " and \(more) more platform\(more == 1 ? "" : "s")" : " (+\(more))"
        return [
            shown(row.appVersion.description, row.covers.appVersion),
            shown(row.osVersion?.description ?? "", row.covers.osVersion),
            row.platform.rawValue + others,
            shown(row.locale?.description ?? "", row.covers.locale),
        ]
    }

    /// What the row's installs see: `#2 Sale`, and what those outside its rollout see in turn,
    /// `#2 Sale, else #3 Tips (25 %), else nothing` (the first's share is in ROLLOUT).
    package static func seen(_ row: FeedAudience.Row) -> String {
        ([message(row.selected, row.title)]
            + row.otherwise.map {
                message($0.selected, $0.title) + ($0.rolloutPercent < 100 ? " (\(share($0.rolloutPercent)))" : "")
            })
            .joined(separator: ", else ")
    }

    package static func message(_ id: Int?, _ title: String?) -> String {
        guard let id else { return "nothing" }
        let title = title ?? ""
        return "#\(id) " + (title.count > 40 ? title.prefix(39) + "…" : title)
    }

    package static func share(_ percent: Double?) -> String {
        guard let percent else { return "-" }
        return (percent == percent.rounded() ? String(Int(percent)) : String(percent)) + " %"
    }

    package static func format(_ lines: [[String]]) -> String {
        var widths = [Int](repeating: 0, count: lines.first?.count ?? 0)
        for line in lines { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        var text = ""
        for line in lines {
            let cells = line.enumerated().map { index, cell in
                index == line.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        return text
    }
}
