import AppAlert
import Foundation

/// Who sees what: for every combination of app version, OS version, platform and language, the message
/// an install sees first. Rollout is reported as a share (the message's percentage), never decided by
/// a coin flip: a row's message is the one chosen when every install is in every rollout.
public enum FeedAudience {
    /// One combination and what it sees.
    public struct Row: Sendable, Hashable {
        public var appVersion: Version
        public var osVersion: Version?
        public var platform: Platform
        public var locale: LanguageTag?
        /// The id of the message seen first, or `nil` for none.
        public var selected: Int?
        /// Its title, for tables.
        public var title: String?
        /// The share of these installs that see it (its `rollout`), or `nil` when none is selected.
        public var rolloutPercent: Double?

        /// The same install (the four values), whatever it sees.
        public var install: [String] {
            [appVersion.description, osVersion?.description ?? "", platform.rawValue, locale?.description ?? ""]
        }

        /// `{appVersion, osVersion, platform, locale, selected, rolloutPercent}`.
        public var jsonValue: JSONValue {
            var object = JSONObject()
            object.set("appVersion", .string(appVersion.description))
            object.set("osVersion", osVersion.map { .string($0.description) } ?? .null)
            object.set("platform", .string(platform.rawValue))
            object.set("locale", locale.map { .string($0.description) } ?? .null)
            object.set("selected", selected.map { .integer(Int64($0)) } ?? .null)
            object.set("rolloutPercent", rolloutPercent.map { JSONValue.number($0) } ?? .null)
            return .object(object)
        }
    }

    /// The values to combine. An empty list is filled from the feed (``mentioned(in:bundleID:)``) plus
    /// the current value.
    public struct Query: Sendable, Hashable {
        public var bundleID: String
        public var appVersions: [Version]
        public var osVersions: [Version]
        public var platforms: [Platform]
        public var locales: [LanguageTag]
        public var now: Date
        /// This machine's, added to the feed's values when a list is not given.
        public var currentOSVersion: Version?
        public var currentPlatform: Platform
        public var currentLocale: LanguageTag?
        /// The same for every row: the app's attributes, the event decided for (`nil`: a launch), the
        /// launch count and the install and update dates.
        public var attributes: [String: AttributeValue] = [:]
        public var event: String?
        public var launchCount: Int? = 1
        public var installedAt: Date?
        public var updatedAt: Date?

        public init(
            bundleID: String, appVersions: [Version] = [], osVersions: [Version] = [], platforms: [Platform] = [],
            locales: [LanguageTag] = [], now: Date, currentOSVersion: Version? = nil,
            currentPlatform: Platform = .current, currentLocale: LanguageTag? = nil
        ) {
            self.bundleID = bundleID
            self.appVersions = appVersions
            self.osVersions = osVersions
            self.platforms = platforms
            self.locales = locales
            self.now = now
            self.currentOSVersion = currentOSVersion
            self.currentPlatform = currentPlatform
            self.currentLocale = currentLocale
        }
    }

    /// Why there are no rows.
    public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    /// At most this many combinations: a feed (or a command line) naming many values must be narrowed.
    public static let maximumRows = 10_000

    /// The values a feed's targeting mentions for an app: versions of `appVersions`, `osVersions` and of
    /// the comparators of `appVersionRange`, `osVersionRange` and `whatsNew`, the update policy's
    /// `minimumVersion` and `latestVersion`, the `platforms` and the `locales`.
    public static func mentioned(in feed: Feed, bundleID: String) -> (
        appVersions: [Version], osVersions: [Version], platforms: [Platform], locales: [LanguageTag]
    ) {
        var app = Set<Version>()
        var os = Set<Version>()
        var platforms = Set<Platform>()
        var locales = Set<LanguageTag>()
        for message in messages(of: feed, for: bundleID) {
            app.formUnion(message.appVersions ?? [])
            os.formUnion(message.osVersions ?? [])
            for range in [message.appVersionRange, message.whatsNew].compactMap({ $0 }) {
                app.formUnion(boundaries(of: range))
            }
            if let range = message.osVersionRange { os.formUnion(boundaries(of: range)) }
            platforms.formUnion(message.platforms ?? [])
            locales.formUnion(message.locales ?? [])
        }
        if let policy = feed.updatePolicy(for: bundleID) {
            app.formUnion([policy.minimumVersion, policy.latestVersion].compactMap { $0 })
        }
        return (
            app.sorted(), os.sorted(), platforms.sorted { $0.rawValue < $1.rawValue },
            locales.sorted { $0.description < $1.description }
        )
    }

    /// The versions a range's comparators name; node-semver's `-0` upper bounds (`<2.0.0-0`) as the
    /// release they stand for (`2.0.0`).
    static func boundaries(of range: VersionRange) -> [Version] {
        range.comparatorSets.joined().map { comparator in
            let version = comparator.version
            return version.prerelease == [.numeric(0)] ? Version(version.components) : version
        }
    }

    /// The apps a feed names (not `"*"`), sorted; `["*"]` when it names none.
    public static func apps(in feed: Feed) -> [String] {
        let named = Set(feed.messages.flatMap(\.bundleIDs)).subtracting(["*"])
        return named.isEmpty ? ["*"] : named.sorted()
    }

    /// The rows for `query`, in the order of its values (app version, then OS version, platform, locale).
    public static func rows(_ feed: Feed, query: Query) throws(QueryError) -> [Row] {
        try rows(feed, values: values(for: [feed], query: query), query: query)
    }

    /// The values `query` combines for `feeds` (their mentioned values together, for a diff).
    static func values(for feeds: [Feed], query: Query) throws(QueryError) -> Values {
        var values = Values()
        let mentioned = feeds.map { Self.mentioned(in: $0, bundleID: query.bundleID) }
        values.appVersions =
            query.appVersions.isEmpty ? Set(mentioned.flatMap(\.appVersions)).sorted() : query.appVersions
        guard !values.appVersions.isEmpty else {
            throw QueryError(
                description: "the feed names no app version for \(query.bundleID): give --app-version")
        }
        values.osVersions =
            query.osVersions.isEmpty
            ? Set(mentioned.flatMap(\.osVersions) + [query.currentOSVersion].compactMap { $0 }).sorted()
                .map { Optional($0) } : query.osVersions.map { Optional($0) }
        if values.osVersions.isEmpty { values.osVersions = [nil] }
        values.platforms =
            query.platforms.isEmpty
            ? Set(mentioned.flatMap(\.platforms) + [query.currentPlatform]).sorted { $0.rawValue < $1.rawValue }
            : query.platforms
        values.locales =
            query.locales.isEmpty
            ? Set(mentioned.flatMap(\.locales) + [query.currentLocale].compactMap { $0 })
                .sorted { $0.description < $1.description }.map { Optional($0) }
            : query.locales.map { Optional($0) }
        if values.locales.isEmpty { values.locales = [nil] }
        let count = values.count
        guard count <= maximumRows else {
            throw QueryError(
                description: "\(count) combinations (\(values.appVersions.count) app versions × "
                    + "\(values.osVersions.count) OS versions × \(values.platforms.count) platforms × "
                    + "\(values.locales.count) languages); at most \(maximumRows): name the values with "
                    + "--app-version, --os-version, --platform, --locale")
        }
        return values
    }

    struct Values {
        var appVersions: [Version] = []
        var osVersions: [Version?] = []
        var platforms: [Platform] = []
        var locales: [LanguageTag?] = []

        var count: Int { appVersions.count * osVersions.count * platforms.count * locales.count }
    }

    static func rows(_ feed: Feed, values: Values, query: Query) -> [Row] {
        let candidates = messages(of: feed, for: query.bundleID)
        // Every install in every rollout: the row reports the share instead.
        let everyone = candidates.map { message -> Message in
            var message = message
            message.rollout = 100
            message.rolloutSchedule = nil
            return message
        }
        let rollouts = Dictionary(
            candidates.map { ($0.id, $0.rolloutPercent(at: query.now)) }, uniquingKeysWith: { first, _ in first })
        var rows: [Row] = []
        rows.reserveCapacity(values.count)
        for appVersion in values.appVersions {
            for osVersion in values.osVersions {
                for platform in values.platforms {
                    for locale in values.locales {
                        var context = EvaluationContext(
                            bundleID: query.bundleID, appVersion: appVersion, platform: platform,
                            osVersion: osVersion, preferredLanguages: locale.map { [$0] } ?? [], now: query.now)
                        context.attributes = query.attributes
                        context.event = query.event
                        context.launchCount = query.launchCount
                        context.installedAt = query.installedAt
                        context.updatedAt = query.updatedAt
                        let chosen = MessageSelector.decide(everyone, context: context).message
                        rows.append(
                            Row(
                                appVersion: appVersion, osVersion: osVersion, platform: platform, locale: locale,
                                selected: chosen?.id, title: chosen?.title,
                                rolloutPercent: chosen.flatMap { rollouts[$0.id] }))
                    }
                }
            }
        }
        return rows
    }

    static func messages(of feed: Feed, for bundleID: String) -> [Message] {
        feed.messages.filter { $0.bundleIDs.contains(bundleID) || $0.bundleIDs.contains("*") }
    }
}
