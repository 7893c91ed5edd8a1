/// Why a message is not eligible for an install: the first rule that excluded it, and the facts, in
/// words.
@_spi(Authoring) public struct Exclusion: Sendable, Hashable, CustomStringConvertible {
    /// A rule of the targeting contract, in the order they are checked.
    public struct Rule: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let bundleID = Rule(rawValue: "bundleId")
        /// A message of another placement (launch, the inbox, a slot).
        public static let placement = Rule(rawValue: "placement")
        /// A launch message at an event, or an event message at launch or another event.
        public static let trigger = Rule(rawValue: "trigger")
        public static let platform = Rule(rawValue: "platforms")
        /// The app's ``LinkPolicy`` refuses the message's link.
        public static let link = Rule(rawValue: "link")
        public static let appVersions = Rule(rawValue: "appVersions")
        public static let appVersionRange = Rule(rawValue: "appVersionRange")
        public static let osVersions = Rule(rawValue: "osVersions")
        public static let osVersionRange = Rule(rawValue: "osVersionRange")
        public static let locale = Rule(rawValue: "locales")
        public static let startDate = Rule(rawValue: "startDate")
        public static let endDate = Rule(rawValue: "endDate")
        public static let whatsNew = Rule(rawValue: "whatsNew")
        public static let attributes = Rule(rawValue: "attributes")
        public static let installIDs = Rule(rawValue: "installIds")
        public static let minLaunches = Rule(rawValue: "minLaunches")
        public static let minDaysSinceInstall = Rule(rawValue: "minDaysSinceInstall")
        public static let minDaysSinceUpdate = Rule(rawValue: "minDaysSinceUpdate")
        public static let rollout = Rule(rawValue: "rollout")
        public static let rolloutSchedule = Rule(rawValue: "rolloutSchedule")
        public static let maxViews = Rule(rawValue: "maxViews")
        public static let minHoursBetweenViews = Rule(rawValue: "minHoursBetweenViews")
    }

    /// Where a rollout stands for the install: the percent it reaches at the moment, and the install's
    /// bucket (0–999,999: in when below `percent` × 10,000), `nil` without an install id.
    public struct RolloutPosition: Sendable, Hashable {
        /// The percent of installs the rollout reaches at the moment of the decision.
        public var percent: Double
        /// The install's bucket for the message (``Rollout/bucket(messageID:installID:)``); `nil` without
        /// an install id.
        public var bucket: UInt64?

        public init(percent: Double, bucket: UInt64?) {
            self.percent = percent
            self.bucket = bucket
        }
    }

    public var rule: Rule
    /// The reason in words, e.g. `app version 1.1 is not in appVersions [1.0]`.
    public var explanation: String
    /// For `appVersionRange` and `osVersionRange` with a known version: the range it does not satisfy,
    /// normalized (`>=2.0.0 <3.0.0-0`), so that a page can say it in its own words.
    public var range: String?
    /// For `rollout` and `rolloutSchedule`: the percent and the install's bucket.
    public var rollout: RolloutPosition?

    public init(rule: Rule, explanation: String, range: String? = nil, rollout: RolloutPosition? = nil) {
        self.rule = rule
        self.explanation = explanation
        self.range = range
        self.rollout = rollout
    }

    public var description: String { explanation }
}
