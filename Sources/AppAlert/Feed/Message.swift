import Foundation

/// One message of a feed, with every key of the feed contract read and checked.
///
/// A key that is absent never restricts; every restriction that is present applies.
public struct Message: Sendable, Hashable, Identifiable {
    /// Unique in the feed, never reused: the key of the install's "seen" record.
    public var id: Int
    /// The apps it is for: `bundleId` and `bundleIds` together. `"*"` is every app.
    public var bundleIDs: [String]
    public var title: String
    public var text: String
    /// The dismiss button's label; `nil` means the default, "OK".
    public var confirmLabel: String?
    public var link: Link?
    /// The running app version must equal one of these; an empty list matches nothing.
    public var appVersions: [Version]?
    /// The OS version must equal one of these; an empty list matches nothing.
    public var osVersions: [Version]?
    public var appVersionRange: VersionRange?
    public var osVersionRange: VersionRange?
    /// Any of these platforms; `nil` is every platform.
    public var platforms: [Platform]?
    /// BCP 47 language ranges the device's language must match; `nil` is every language.
    public var locales: [LanguageTag]?
    /// Eligible from this instant (inclusive).
    public var startDate: Date?
    /// Eligible until this instant (exclusive).
    public var endDate: Date?
    /// The percentage of installs that get the message, 0 to 100.
    public var rollout: Double
    /// Among eligible messages the highest priority wins, then the highest id.
    public var priority: Int
    /// How many times one install may be shown the message.
    public var maxViews: Int
    /// With `maxViews` above 1, the hours to wait between two showings.
    public var minHoursBetweenViews: Double?
    /// `false` makes a wall: no dismiss button, only the link.
    public var dismissible: Bool
    /// Translations by BCP 47 tag, in the order the feed lists them.
    public var localizations: [Localization]
    /// What's new: only on the first launches after updating into this range of app versions (an
    /// update that skipped over it counts), never on a fresh install.
    public var whatsNew: VersionRange?
    /// Every condition must hold: the app's attribute equals the value, or one of the values listed.
    public var attributes: [AttributeCondition]
    /// Only these installs (test devices), compared exactly; with it, the rollout is ignored.
    public var installIDs: [String]?
    /// From this install's Nth launch on (this one included).
    public var minLaunches: Int?
    /// Whole days since the install's first recorded launch; unknown → not shown.
    public var minDaysSinceInstall: Int?
    /// Whole days since the last version change; unknown → not shown.
    public var minDaysSinceUpdate: Int?
    /// At launch (the default) or when the app reports an event.
    public var trigger: Trigger
    /// A rollout that grows over time; replaces `rollout`.
    public var rolloutSchedule: [RolloutStep]?
    /// 2 to 10 A/B variants, or none.
    public var variants: [Variant]
    /// How the message goes on screen.
    public var layout: Layout = .alert
    /// The picture of a banner, modal, sheet or image layout.
    public var image: Image?
    /// The feed's 1 or 2 buttons; `nil` derives them from ``link`` and ``confirmLabel``.
    public var buttons: [Button]?
    /// What a tap on a banner or an image does; `nil` is ``Action/dismiss``.
    public var action: Action?
    /// A sheet's what's-new items.
    public var features: [Feature]?
    /// Colors for light and dark appearance; `nil` is the platform's own.
    public var colors: Colors?
    /// Key-value strings handed to the app unchanged.
    public var data: [String: String] = [:]
    /// Where the message is shown.
    public var placement: Placement = .launch
    /// How long a banner stays on screen, in seconds.
    public var bannerSeconds: Double = Message.defaultBannerSeconds
    /// The app event that counts as the message having worked, and within how long after a showing.
    public var conversion: Conversion?

    /// How many launches after an update a what's-new message stays eligible.
    public static let whatsNewLaunchWindow = 10

    /// The English label of the dismiss button when the feed gives none; a resolved message has it in
    /// the user's language (``ResolvedMessage/confirmLabel``).
    public static let defaultConfirmLabel = "OK"

    /// A button that opens a URL.
    public struct Link: Sendable, Hashable {
        public var title: String
        public var url: URL

        public init(title: String, url: URL) {
            self.title = title
            self.url = url
        }
    }

    /// The texts of a message in one language; each one absent falls back to the base text.
    public struct Localization: Sendable, Hashable {
        public var tag: LanguageTag
        public var title: String?
        public var text: String?
        public var confirmLabel: String?
        public var link: Link?
        /// Replaces the message's buttons whole.
        public var buttons: [Button]?
        /// Replaces the message's image whole.
        public var image: Image?
        /// Replaces the message's features whole.
        public var features: [Feature]?

        public init(
            tag: LanguageTag, title: String? = nil, text: String? = nil, confirmLabel: String? = nil,
            link: Link? = nil, buttons: [Button]? = nil, image: Image? = nil, features: [Feature]? = nil
        ) {
            self.tag = tag
            self.title = title
            self.text = text
            self.confirmLabel = confirmLabel
            self.link = link
            self.buttons = buttons
            self.image = image
            self.features = features
        }
    }

    public init(
        id: Int, bundleIDs: [String], title: String, text: String, confirmLabel: String? = nil, link: Link? = nil,
        appVersions: [Version]? = nil, osVersions: [Version]? = nil, appVersionRange: VersionRange? = nil,
        osVersionRange: VersionRange? = nil, platforms: [Platform]? = nil, locales: [LanguageTag]? = nil,
        startDate: Date? = nil, endDate: Date? = nil, rollout: Double = 100, priority: Int = 0, maxViews: Int = 1,
        minHoursBetweenViews: Double? = nil, dismissible: Bool = true, localizations: [Localization] = [],
        whatsNew: VersionRange? = nil, attributes: [AttributeCondition] = [], installIDs: [String]? = nil,
        minLaunches: Int? = nil, minDaysSinceInstall: Int? = nil, minDaysSinceUpdate: Int? = nil,
        trigger: Trigger = .launch, rolloutSchedule: [RolloutStep]? = nil, variants: [Variant] = [],
        layout: Layout = .alert, image: Image? = nil, buttons: [Button]? = nil, action: Action? = nil,
        features: [Feature]? = nil, colors: Colors? = nil, data: [String: String] = [:],
        placement: Placement = .launch, bannerSeconds: Double = Message.defaultBannerSeconds,
        conversion: Conversion? = nil
    ) {
        self.conversion = conversion
        self.layout = layout
        self.image = image
        self.buttons = buttons
        self.action = action
        self.features = features
        self.colors = colors
        self.data = data
        self.placement = placement
        self.bannerSeconds = bannerSeconds
        self.attributes = attributes
        self.installIDs = installIDs
        self.minLaunches = minLaunches
        self.minDaysSinceInstall = minDaysSinceInstall
        self.minDaysSinceUpdate = minDaysSinceUpdate
        self.trigger = trigger
        self.rolloutSchedule = rolloutSchedule
        self.variants = variants
        self.id = id
        self.bundleIDs = bundleIDs
        self.title = title
        self.text = text
        self.confirmLabel = confirmLabel
        self.link = link
        self.appVersions = appVersions
        self.osVersions = osVersions
        self.appVersionRange = appVersionRange
        self.osVersionRange = osVersionRange
        self.platforms = platforms
        self.locales = locales
        self.startDate = startDate
        self.endDate = endDate
        self.rollout = rollout
        self.priority = priority
        self.maxViews = maxViews
        self.minHoursBetweenViews = minHoursBetweenViews
        self.dismissible = dismissible
        self.localizations = localizations
        self.whatsNew = whatsNew
    }
}

/// A decoded feed: the messages that passed every check, in feed order.
public struct Feed: Sendable, Hashable {
    /// 1 for a bare array of messages, 2 for the object form.
    public var format: Int
    public var messages: [Message]
    /// The format-2 `updates` entries that passed every check.
    public var updatePolicies: [UpdatePolicy]
    /// The format-2 `sequence`: a number the author raises with each signed publication, so an app
    /// that checks signatures can refuse an older signed feed served again (a replay).
    public var sequence: Int?

    public init(format: Int = 2, messages: [Message], updatePolicies: [UpdatePolicy] = [], sequence: Int? = nil) {
        self.format = format
        self.messages = messages
        self.updatePolicies = updatePolicies
        self.sequence = sequence
    }
}
