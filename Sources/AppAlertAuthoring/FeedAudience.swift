@_spi(Authoring) import AppAlert
import Foundation

/// Who sees what: for every kind of install — app version, OS version, platform and language — the
/// message it sees first. Rollout is reported as a share (the message's percentage), never decided by
/// a coin flip: a row's message is the first the installs are eligible for, with the share of them in
/// its rollout, and ``Row/otherwise`` what the others see in turn.
///
/// Where a query leaves a list empty, the rows stand for every install: the feed's conditions cut each
/// dimension into classes that no condition tells apart (``VersionConditions`` for versions: each
/// version a range or list names, the gaps around them, the pre-releases ranges treat apart; each
/// platform the feed names, the others together; each language it names, and one it does not), one
/// row per combination of classes, each showing a value an install can have (a released OS version of
/// its platform) and, in ``Row/covers``, the class it stands for.
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
        /// What the installs outside that rollout see, in turn: the next message they are eligible for,
        /// with its own rollout, down to one every install is in (or, past the last, nothing). Empty
        /// when every install sees ``selected``.
        public var otherwise: [Alternative] = []
        /// The installs the row stands for: every one of them sees what this one sees.
        public var covers: Covers

        /// `{appVersion, osVersion, platform, locale, selected, rolloutPercent, otherwise, covers}`;
        /// `otherwise` is `[{selected, rolloutPercent}]`.
        public var jsonValue: JSONValue {
            var object = JSONObject()
            object.set("appVersion", .string(appVersion.description))
            object.set("osVersion", osVersion.map { .string($0.description) } ?? .null)
            object.set("platform", .string(platform.rawValue))
            object.set("locale", locale.map { .string($0.description) } ?? .null)
            object.set("selected", selected.map { .integer(Int64($0)) } ?? .null)
            object.set("rolloutPercent", rolloutPercent.map { JSONValue.number($0) } ?? .null)
            object.set("otherwise", .array(otherwise.map(\.jsonValue)))
            object.set("covers", covers.jsonValue)
            return .object(object)
        }

        /// The messages the row's installs see, in turn (``selected``, then ``otherwise``).
        public var seen: [Alternative] {
            (selected.map { [Alternative(selected: $0, title: title, rolloutPercent: rolloutPercent ?? 100)] } ?? [])
                + otherwise
        }
    }

    /// A message some of a row's installs see (`nil`: none, for those outside every rollout), and the
    /// share of the installs reaching it that see it.
    public struct Alternative: Sendable, Hashable {
        public var selected: Int?
        public var title: String?
        public var rolloutPercent: Double

        /// `{selected, rolloutPercent}`.
        public var jsonValue: JSONValue {
            var object = JSONObject()
            object.set("selected", selected.map { .integer(Int64($0)) } ?? .null)
            object.set("rolloutPercent", .number(rolloutPercent))
            return .object(object)
        }
    }

    /// The installs a row stands for, dimension by dimension.
    public struct Covers: Sendable, Hashable {
        /// App versions in range syntax (`<2.0.0`, `>=2.0.0 <3.0.0 || 4.0.0`, `*` for every release;
        /// `other pre-releases` for pre-releases of versions no comparator names), or the version given.
        public var appVersion: String
        /// OS versions the same way, on ``platforms``.
        public var osVersion: String
        /// The platforms: the row's, and the others the feed treats alike.
        public var platforms: [Platform]
        /// The language given or named by the feed, or `others` for every language the feed does not
        /// name.
        public var locale: String

        /// `{appVersion, osVersion, platforms, locale}`.
        public var jsonValue: JSONValue {
            var object = JSONObject()
            object.set("appVersion", .string(appVersion))
            object.set("osVersion", .string(osVersion))
            object.set("platforms", .array(platforms.map { .string($0.rawValue) }))
            object.set("locale", .string(locale))
            return .object(object)
        }
    }

    /// The values to combine. An empty list is filled with one value for each class of values the
    /// feed's conditions tell apart (``rows(_:query:)`` says how).
    public struct Query: Sendable, Hashable {
        public var bundleID: String
        public var appVersions: [Version]
        public var osVersions: [Version]
        public var platforms: [Platform]
        public var locales: [LanguageTag]
        public var now: Date
        /// The language a row shows for the languages the feed does not name (this machine's, say);
        /// by default the first of a short list that the feed does not name.
        public var currentLocale: LanguageTag?
        /// The OS version a row shows, per platform, where the feed's conditions leave the choice open:
        /// by default ``OSReleases/current(on:)``; add this machine's for Linux.
        public var currentOSVersions: [Platform: Version] = [:]
        /// Whether a language some message has its own texts for (`localizations`) is a class of its own
        /// even where targeting treats it as the others: `diff` needs it, as an edit of a base text
        /// reaches the languages that show it and not those with a translation of their own.
        public var distinguishesTranslations = false
        /// The same for every row: the app's attributes, the event decided for (`nil`: a launch), the
        /// launch count and the install and update dates.
        public var attributes: [String: AttributeValue] = [:]
        public var event: String?
        public var launchCount: Int? = 1
        public var installedAt: Date?
        public var updatedAt: Date?

        public init(
            bundleID: String, appVersions: [Version] = [], osVersions: [Version] = [], platforms: [Platform] = [],
            locales: [LanguageTag] = [], now: Date, currentLocale: LanguageTag? = nil,
            currentOSVersions: [Platform: Version] = [:]
        ) {
            self.bundleID = bundleID
            self.appVersions = appVersions
            self.osVersions = osVersions
            self.platforms = platforms
            self.locales = locales
            self.now = now
            self.currentLocale = currentLocale
            self.currentOSVersions = currentOSVersions
        }

        /// The OS version shown for `platform` where the feed leaves the choice open.
        func currentOSVersion(on platform: Platform) -> Version? {
            currentOSVersions[platform] ?? OSReleases.current(on: platform)
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

    /// The rows for `query`, in the order of its values (app version, then platform and OS version,
    /// then language).
    public static func rows(_ feed: Feed, query: Query) throws(QueryError) -> [Row] {
        try matrix(for: [feed], query: query).rows(of: 0)
    }

    /// One value of a dimension and the class it stands for.
    struct Value<Wrapped: Hashable>: Hashable {
        var value: Wrapped
        var covers: String
    }

    /// A platform and OS version, and the platforms and OS versions that decide alike.
    struct System: Hashable {
        var platform: Platform
        var osVersion: Version?
        var platforms: [Platform]
        var covers: String
    }

    /// The values `query` combines for `feeds` and what each admits: its own lists, and where one is
    /// empty a value for each class the feeds' conditions (all of them together, for a diff) tell apart.
    static func matrix(for feeds: [Feed], query: Query) throws(QueryError) -> AudienceMatrix {
        var matrix = AudienceMatrix(feeds: feeds, query: query)
        (matrix.appVersions, matrix.appBits) = appVersionClasses(of: matrix.messages, query: query)
        (matrix.systems, matrix.systemBits) = systems(of: matrix.messages, query: query)
        (matrix.locales, matrix.localeBits) = localeClasses(of: matrix.messages, query: query)
        let count = matrix.count
        guard count <= maximumRows else {
            throw QueryError(
                description: "\(count) combinations (\(matrix.appVersions.count) app versions × "
                    + "\(matrix.systems.count) platforms and OS versions × \(matrix.locales.count) languages); "
                    + "at most \(maximumRows): name the values with --app-version, --os-version, --platform, --locale")
        }
        return matrix
    }

    /// A version for each class of app versions the messages' `appVersions` and `appVersionRange` tell
    /// apart, pre-releases included, or the versions given. (`whatsNew` needs an update, which no row
    /// is.)
    static func appVersionClasses(of messages: [Message], query: Query) -> ([Value<Version>], [Bits]) {
        guard query.appVersions.isEmpty else {
            let bits = query.appVersions.map { version in
                Bits(messages.map { $0.admits(appVersion: version) })
            }
            return (query.appVersions.map { Value(value: $0, covers: $0.description) }, bits)
        }
        var conditions = VersionConditions()
        var involved: [Int] = []
        for (index, message) in messages.enumerated() where message.hasAppVersionConditions {
            involved.append(index)
            if let range = message.appVersionRange { conditions.ranges.append(range) }
            if let list = message.appVersions { conditions.lists.append(list) }
        }
        let classes = AudienceMatrix.classes(
            of: conditions.cells(prereleases: true), messages: messages, involved: involved,
            admitted: Bits(messages.map { !$0.hasAppVersionConditions }), os: false
        ) { $1.candidates.first }
        return (
            classes.map { Value(value: $0.versionClass.version, covers: $0.versionClass.covers()) }, classes.map(\.bits)
        )
    }

    /// Apple's platforms in the order a row prefers them for platforms the feed treats alike.
    static let applePlatforms: [Platform] = [.iOS, .iPadOS, .macOS, .visionOS, .watchOS, .tvOS]

    /// The platforms and OS versions to decide for. Given platforms are taken one by one; otherwise the
    /// platforms are grouped by which of the feed's `platforms` entries reach them (every Apple platform,
    /// and Linux and Windows where the feed names them), and each group's OS versions are cut by the OS
    /// conditions of the messages that can reach it. Each class shows a version a device of one of its
    /// platforms can run (``OSReleases``), the group's current release where the class holds it; a class
    /// no device can be in (macOS 16 to 25) has no row. Given OS versions are taken as they are.
    static func systems(of messages: [Message], query: Query) -> ([System], [Bits]) {
        let named = Set(messages.flatMap { $0.platforms ?? [] }.filter(\.isKnown))
        var groups: [[Platform]] = []
        if query.platforms.isEmpty {
            let candidates = applePlatforms + [.linux, .windows].filter(named.contains)
            var bySignature: [[Bool]: Int] = [:]
            let order = named.sorted { $0.rawValue < $1.rawValue }
            for platform in candidates {
                let signature = order.map { $0.targets(platform) }
                if let index = bySignature[signature] {
                    groups[index].append(platform)
                } else {
                    bySignature[signature] = groups.count
                    groups.append([platform])
                }
            }
        } else {
            var seen = Set<Platform>()
            groups = query.platforms.filter { seen.insert($0).inserted }.map { [$0] }
        }
        var systems: [System] = []
        var bits: [Bits] = []
        for group in groups {
            guard let first = group.first else { continue }
            let reaching = messages.map { $0.reaches(first) }
            if !query.osVersions.isEmpty {
                for version in query.osVersions {
                    systems.append(
                        System(platform: first, osVersion: version, platforms: group, covers: version.description))
                    bits.append(Bits(zip(messages, reaching).map { $1 && $0.admits(osVersion: version) }))
                }
                continue
            }
            var conditions = VersionConditions()
            var involved: [Int] = []
            for (index, message) in messages.enumerated() where reaching[index] && message.hasOSVersionConditions {
                involved.append(index)
                if let range = message.osVersionRange { conditions.ranges.append(range) }
                if let list = message.osVersions { conditions.lists.append(list) }
            }
            let admitted = Bits(zip(messages, reaching).map { $1 && !$0.hasOSVersionConditions })
            let current = query.currentOSVersion(on: first)
            if conditions.isEmpty {
                systems.append(System(platform: first, osVersion: current, platforms: group, covers: "*"))
                bits.append(admitted)
                continue
            }
            // Per cell, the version each platform of the group shows (nil: it runs none of the cell's). A
            // cell shows the first platform's that has one.
            let line = conditions.cells(prereleases: false)
            let released = line.cells.map { cell in
                let candidates = cell.candidates
                return group.map { cell.releasedVersion(on: $0, candidates: candidates) }
            }
            let classes = AudienceMatrix.classes(
                of: line, messages: messages, involved: involved, admitted: admitted, os: true, preferred: current
            ) { index, _ in
                released[index].lazy.compactMap { $0 }.first.map(Self.osVersionText)
            }
            for (osClass, classBits) in classes {
                let platform = group.first { OSReleases.exists(osClass.version, on: $0) } ?? first
                let platforms = group.indices.filter { position in
                    osClass.cells.contains { released[$0.index][position] != nil }
                }.map { group[$0] }
                systems.append(
                    System(
                        platform: platform, osVersion: osClass.version, platforms: platforms,
                        covers: osClass.covers { Self.osVersionText($0).description }))
                bits.append(classBits)
            }
        }
        return (systems, bits)
    }

    /// An OS version as Apple writes one: `16.0`, not `16.0.0`.
    static func osVersionText(_ version: Version) -> Version {
        var components = version.components
        while components.count > 2, components.last == 0 { components.removeLast() }
        return Version(components, prerelease: version.prerelease)
    }

    /// Languages a row may show for the languages a feed does not name, the first one it does not name.
    static let otherLanguages = ["en", "de", "es", "fr", "ja", "it", "ko", "nl", "pt-BR", "sv", "zh-Hans", "zxx"]
        .map(LanguageTag.init)

    /// A language for each class the messages' `locales` tell apart: every tag they name (a device's
    /// first language meets the same lists as the longest named tag it starts with), and one they do
    /// not name. Given languages are taken as they are.
    static func localeClasses(of messages: [Message], query: Query) -> ([Value<LanguageTag>], [Bits]) {
        guard query.locales.isEmpty else {
            let bits = query.locales.map { tag in
                Bits(messages.map { message in message.locales?.contains { $0.matches(tag) } ?? true })
            }
            return (query.locales.map { Value(value: $0, covers: $0.description) }, bits)
        }
        // Which messages list each tag (by subtags, as `matches` compares them), and the tag as first
        // written.
        var listing: [[Substring]: [Int]] = [:]
        var written: [[Substring]: LanguageTag] = [:]
        var admitted = Bits(count: messages.count)
        for (index, message) in messages.enumerated() {
            guard let locales = message.locales else {
                admitted[index] = true
                continue
            }
            for tag in locales where written[tag.subtags] == nil { written[tag.subtags] = tag }
            for subtags in Set(locales.map(\.subtags)) { listing[subtags, default: []].append(index) }
        }
        for index in listing[["*"]] ?? [] { admitted[index] = true }
        let translated = query.distinguishesTranslations ? translationTags(of: messages) : []
        for tag in translated where written[tag.subtags] == nil { written[tag.subtags] = tag }
        let named = Set(listing.keys.filter { $0 != ["*"] } + translated.map(\.subtags)).compactMap { written[$0] }
            .sorted { $0.description < $1.description }
        let other =
            ([query.currentLocale].compactMap { $0 } + otherLanguages).first { tag in
                !named.contains { $0.matches(tag) }
            } ?? LanguageTag("zxx")
        guard !listing.isEmpty || !translated.isEmpty else {
            return ([Value(value: query.currentLocale ?? other, covers: "*")], [admitted])
        }
        // Tags whose installs see the same messages (and, distinguishing translations, in the same
        // translations) are one class: the first shows, all are named.
        struct ClassKey: Hashable {
            var bits: Bits
            var translations: [LanguageTag?]
        }
        var position: [ClassKey: Int] = [:]
        var values: [Value<LanguageTag>] = []
        var names: [[String]] = []
        var bits: [Bits] = []
        for (tag, covers) in named.map({ ($0, $0.description) }) + [(other, "others")] {
            // A tag meets the lists naming it or any tag it starts with.
            var classBits = admitted
            for length in 1...max(1, tag.subtags.count) {
                for index in listing[Array(tag.subtags.prefix(length))] ?? [] { classBits[index] = true }
            }
            let key = ClassKey(
                bits: classBits, translations: translated.isEmpty ? [] : translationsSeen(in: messages, by: tag))
            if let existing = position[key] {
                names[existing].append(covers)
            } else {
                position[key] = values.count
                values.append(Value(value: tag, covers: covers))
                names.append([covers])
                bits.append(classBits)
            }
        }
        for index in values.indices { values[index].covers = CoverText.listed(names[index], separator: ", ") }
        return (values, bits)
    }

    /// The languages of the messages' translations (theirs and their variants'), each once.
    static func translationTags(of messages: [Message]) -> [LanguageTag] {
        var seen = Set<[Substring]>()
        var tags: [LanguageTag] = []
        for message in messages {
            let lists = [message.localizations] + message.variants.compactMap(\.localizations)
            for tag in lists.joined().map(\.tag) where seen.insert(tag.subtags).inserted { tags.append(tag) }
        }
        return tags
    }

    /// The translation each wording of each message shows to a device whose language is `tag`.
    static func translationsSeen(in messages: [Message], by tag: LanguageTag) -> [LanguageTag?] {
        messages.flatMap { message in
            ([message] + message.variants.indices.map { message.applying(variant: $0) }).map { wording in
                Localizations.best(of: wording.localizations, for: [tag])?.tag
            }
        }
    }

    static func messages(of feed: Feed, for bundleID: String) -> [Message] {
        feed.messages.filter { $0.bundleIDs.contains(bundleID) || $0.bundleIDs.contains("*") }
    }
}

extension FeedAudience {
    /// The language `audience`, `diff` and the simulator show for this machine's user: the first one
    /// an app on it would read (on Linux from LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as gettext does),
    /// or English when the environment names none (Foundation's own answer there is `en-001`, whatever
    /// the environment says).
    public static var machineLanguage: LanguageTag {
        #if canImport(Darwin)
            let languages = AppInfo.currentLanguages
        #else
            let languages = POSIXLanguages.preferred(in: ProcessInfo.processInfo.environment)
        #endif
        return languages.first { $0.isWellFormed && $0.subtags != ["*"] } ?? LanguageTag("en")
    }
}
