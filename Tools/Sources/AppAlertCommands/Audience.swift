import AppAlert
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
                as a share: the row's message is the one chosen when every install is in, and ROLLOUT is \
                the percentage that is. Lists not given are taken from the feed's targeting for the app \
                (every version and platform it mentions), plus this machine's OS version, platform and \
                language. At most 10,000 combinations. Exit code 0, or 2 when the feed or an option \
                cannot be used.
                """)

        @Argument(help: "The feed file.")
        var feed: String

        @OptionGroup var values: AudienceOptions

        @Flag(help: "Print a JSON array of {appVersion, osVersion, platform, locale, selected, rolloutPercent}.")
        var json = false

        func run() async throws { try execute().emit() }

        func execute(currentDate: Date = Date()) -> CommandOutput {
            var output = CommandOutput()
            let decoded: FeedDecodingResult
            let query: FeedAudience.Query
            do {
                decoded = try FeedInput.decode(feed)
                query = try values.query(now: currentDate)
            } catch {
                return .failure(error.message)
            }
            FeedInput.warnAboutErrors(decoded, path: feed, into: &output)
            let rows: [FeedAudience.Row]
            do {
                rows = try FeedAudience.rows(decoded.feed, query: query)
            } catch {
                return .failure("\(feed): \(error)")
            }
            if json {
                output.out(JSONValue.array(rows.map(\.jsonValue)).serialized(pretty: true))
            } else {
                output.standardOutput += AudienceTable.render(rows)
            }
            return output
        }
    }
}

/// The values `audience` combines, and `diff`'s.
struct AudienceOptions: ParsableArguments {
    @Option(name: .customLong("bundle-id"), help: "The app's bundle identifier.")
    var bundleID: String?

    @Option(
        name: .customLong("app-version"),
        help: ArgumentHelp("An app version; repeatable. Default: every one the feed mentions.", valueName: "version"))
    var appVersions: [String] = []

    @Option(
        name: .customLong("os-version"),
        help: ArgumentHelp(
            "An OS version; repeatable. Default: every one the feed mentions and this machine's.", valueName: "version")
    )
    var osVersions: [String] = []

    @Option(
        name: .customLong("platform"),
        help: ArgumentHelp(
            "A platform; repeatable. Default: every one the feed mentions and this machine's.", valueName: "platform"))
    var platforms: [String] = []

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp(
            "A preferred language (BCP 47); repeatable. Default: every one the feed's locales name and this "
                + "machine's.", valueName: "tag"))
    var locales: [String] = []

    @Option(help: "The time of the decision, RFC 3339 (e.g. 2026-03-01T09:00:00Z). Default: now.")
    var now: String?

    @OptionGroup var campaign: CampaignOptions

    func query(now currentDate: Date, bundleID fallback: String? = nil) throws(InputError) -> FeedAudience.Query {
        guard let bundleID = bundleID ?? fallback else { throw InputError(message: "--bundle-id: give the app") }
        var query = FeedAudience.Query(
            bundleID: bundleID, now: try InputError.date(now, current: currentDate),
            currentOSVersion: Self.machineOSVersion, currentPlatform: .current, currentLocale: Self.machineLanguage)
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

    static var machineOSVersion: Version {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return Version(version.majorVersion, version.minorVersion, version.patchVersion)
    }

    static var machineLanguage: LanguageTag? {
        Locale.preferredLanguages.lazy.map(LanguageTag.init).first { $0.isWellFormed && $0.subtags != ["*"] }
    }
}

/// Reads and decodes a feed file for a command, or says why it cannot.
enum FeedInput {
    static func decode(_ path: String) throws(InputError) -> FeedDecodingResult {
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

    static func warnAboutErrors(_ decoded: FeedDecodingResult, path: String, into output: inout CommandOutput) {
        let errors = decoded.errors.count
        guard errors > 0 else { return }
        output.err(
            "appalert: warning: \(path) has \(errors) error\(errors == 1 ? "" : "s") (appalert validate lists them); "
                + "what they leave out is left out here too")
    }
}

/// `audience`'s table: one line per combination, columns padded.
enum AudienceTable {
    static func render(_ rows: [FeedAudience.Row]) -> String {
        var lines = [["APP", "OS", "PLATFORM", "LANGUAGE", "SEES", "ROLLOUT"]]
        for row in rows {
            lines.append(row.install.map { $0.isEmpty ? "-" : $0 } + [seen(row), share(row.rolloutPercent)])
        }
        return format(lines)
    }

    static func seen(_ row: FeedAudience.Row) -> String {
        guard let id = row.selected else { return "nothing" }
        let title = row.title ?? ""
        return "#\(id) " + (title.count > 40 ? title.prefix(39) + "…" : title)
    }

    static func share(_ percent: Double?) -> String {
        guard let percent else { return "-" }
        return (percent == percent.rounded() ? String(Int(percent)) : String(percent)) + " %"
    }

    static func format(_ lines: [[String]]) -> String {
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
