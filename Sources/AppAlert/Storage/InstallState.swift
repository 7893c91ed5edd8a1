import Foundation

/// What AppAlert remembers for one install of one app.
public struct InstallState: Sendable, Hashable, Codable {
    /// A random identifier made on first use, for rollout percentages. It never leaves the device.
    public var installID: String
    /// What the install has been shown.
    public var history: ViewHistory
    /// When the feed at ``FeedCheck/url`` was last asked for (answered or not), for the minimum
    /// interval between network checks.
    public var lastFeedCheck: FeedCheck?
    /// What the user said about update prompts (skip, later).
    public var updatePrompt: UpdateDecision.PromptState?
    /// The last update check's outcome, for a command-line tool to show at exit.
    public var lastUpdateCheck: UpdateCheckRecord?
    /// The install's versions and upgrade steps.
    public var versionHistory: VersionHistory?
    /// Per feed URL, the highest `sequence` of a signed feed accepted: a lower one is a replay.
    public var acceptedFeedSequences: [String: Int]?
    /// The message center's read and deleted items; `nil` until the user first opens or deletes one
    /// (and in state files written before the inbox existed).
    public var inbox: Inbox.State?
    /// What the install counted for the app's collector (``ReportingConfiguration``), as stored: one
    /// string, which a launch's decoding of the state passes over without reading what is inside (up
    /// to 1,000 counters decoded at each launch cost it milliseconds: LaunchBenchmark). `nil` for an
    /// app that does not report, and in state files written before reporting existed.
    var storedResults: StoredResults?

    /// What the install counted, decoded when counting or sending needs it.
    var results: ResultCounts? {
        get { storedResults?.counts }
        set { storedResults = newValue.map(StoredResults.init) }
    }

    enum CodingKeys: String, CodingKey {
        case installID, history, lastFeedCheck, updatePrompt, lastUpdateCheck, versionHistory
        case acceptedFeedSequences, inbox
        case storedResults = "results"
    }

    /// An update check's outcome, as remembered between runs.
    public struct UpdateCheckRecord: Sendable, Hashable, Codable {
        public var date: Date
        public var kind: String
        public var availableVersion: String?
        public var storeURL: String?

        public init(date: Date, kind: String, availableVersion: String?, storeURL: String?) {
            self.date = date
            self.kind = kind
            self.availableVersion = availableVersion
            self.storeURL = storeURL
        }
    }

    public struct FeedCheck: Sendable, Hashable, Codable {
        public var url: String
        public var date: Date

        public init(url: String, date: Date) {
            self.url = url
            self.date = date
        }
    }

    public init(
        installID: String = UUID().uuidString, history: ViewHistory = ViewHistory(), lastFeedCheck: FeedCheck? = nil
    ) {
        self.installID = installID
        self.history = history
        self.lastFeedCheck = lastFeedCheck
    }
}

/// The last good feed body, as fetched, with what is needed to revalidate it.
public struct CachedFeed: Sendable, Hashable {
    /// Where it came from; a cache for another URL is not used.
    public var url: String
    /// The bytes exactly as received.
    public var body: Data
    public var etag: String?
    public var lastModified: String?
    /// When the body was received.
    public var fetchedAt: Date
    /// The `.sig` file received with it, when signatures are checked.
    public var signature: Data?

    public init(
        url: String, body: Data, etag: String? = nil, lastModified: String? = nil, fetchedAt: Date,
        signature: Data? = nil
    ) {
        self.url = url
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.signature = signature
    }
}

/// A store failed to read or write.
public struct AlertStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var location: String
    public var reason: String

    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location): \(reason)" }
}

/// Something a store noticed and repaired, such as a corrupted state file it replaced.
public struct AlertStoreProblem: Sendable, Hashable, CustomStringConvertible {
    public var location: String
    public var description: String

    public init(location: String, description: String) {
        self.location = location
        self.description = description
    }
}
