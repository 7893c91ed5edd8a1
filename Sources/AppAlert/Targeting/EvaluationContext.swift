import Foundation

/// Everything about one install that decides which message it sees. Nothing in the engine reads a
/// global: the app, the clock and the device all come in here.
///
/// A value the context does not know (`nil`) never satisfies a restriction on it: a message for
/// `osVersions: ["17.2"]` is not shown where the OS version is unknown.
public struct EvaluationContext: Sendable, Hashable {
    /// The app's bundle identifier (or, for a command-line tool, the identifier it uses in the feed).
    public var bundleID: String
    /// The app's marketing version (`CFBundleShortVersionString`); `nil` when it is unknown or not a
    /// valid version.
    public var appVersion: Version?
    /// The app's build number (`CFBundleVersion`), if known.
    public var build: String?
    public var platform: Platform
    public var osVersion: Version?
    /// The user's preferred languages, most preferred first (`Locale.preferredLanguages`).
    public var preferredLanguages: [LanguageTag]
    /// A random identifier of this install, stable across launches, for rollout bucketing.
    public var installID: String?
    /// The time of the decision.
    public var now: Date
    /// The update this install went through recently, for "what's new" messages; `nil` on a fresh
    /// install and when the latest change was a downgrade.
    public var recentUpdate: RecentUpdate?
    /// The links this app lets a message open; a message with any other link is not shown.
    public var linkPolicy: LinkPolicy
    /// What the app knows about its user or install, for `attributes` targeting.
    public var attributes: [String: AttributeValue] = [:]
    /// The event being handled (`AlertService.handle(event:)`), or `nil` at launch.
    public var event: String?
    /// The placement decided for: only its messages are considered. ``Message/Placement/launch`` by
    /// default.
    public var placement: Message.Placement = .launch
    /// This install's launches, this one included; `nil` when unknown.
    public var launchCount: Int? = 1
    /// The install's first recorded launch; `nil` when unknown.
    public var installedAt: Date?
    /// The last version change; `nil` when unknown (or never updated).
    public var updatedAt: Date?

    /// An update from one version to another, and how many launches ago it happened.
    public struct RecentUpdate: Sendable, Hashable {
        public var from: Version
        public var to: Version
        /// Launches since the update, the current one included (1 on the first launch after it).
        public var launchesSince: Int

        public init(from: Version, to: Version, launchesSince: Int = 1) {
            self.from = from
            self.to = to
            self.launchesSince = launchesSince
        }
    }

    public init(
        bundleID: String, appVersion: Version?, build: String? = nil, platform: Platform = .current,
        osVersion: Version? = nil, preferredLanguages: [LanguageTag] = [], installID: String? = nil, now: Date,
        recentUpdate: RecentUpdate? = nil, linkPolicy: LinkPolicy = LinkPolicy()
    ) {
        self.linkPolicy = linkPolicy
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.build = build
        self.platform = platform
        self.osVersion = osVersion
        self.preferredLanguages = preferredLanguages
        self.installID = installID
        self.now = now
        self.recentUpdate = recentUpdate
    }
}

/// What an install has been shown: per message id, how often and when last, plus the watermark the
/// tutorial's code kept (`lastMessageId` in UserDefaults).
public struct ViewHistory: Sendable, Hashable, Codable {
    public struct Record: Sendable, Hashable, Codable {
        /// How many times the message was shown (dismissed or its link followed).
        public var count: Int
        /// When it was last shown, if known.
        public var lastShown: Date?

        public init(count: Int, lastShown: Date? = nil) {
            self.count = count
            self.lastShown = lastShown
        }
    }

    public var records: [Int: Record]
    /// Every message id up to and including this one counts as seen once.
    public var legacyLastMessageID: Int?

    public init(records: [Int: Record] = [:], legacyLastMessageID: Int? = nil) {
        self.records = records
        self.legacyLastMessageID = legacyLastMessageID
    }

    /// How often message `id` was shown, counting the legacy watermark as one showing.
    public func views(of id: Int) -> Int {
        let counted = records[id]?.count ?? 0
        if let legacyLastMessageID, id <= legacyLastMessageID { return max(counted, 1) }
        return counted
    }

    /// Records one showing of message `id` at `date`.
    public mutating func recordShowing(of id: Int, at date: Date) {
        var record = records[id] ?? Record(count: 0)
        record.count += 1
        record.lastShown = date
        records[id] = record
    }
}
