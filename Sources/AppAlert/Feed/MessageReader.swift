import Foundation

/// Reads one message object, collecting every problem in it.
struct MessageReader {
    let index: Int
    let pathPrefix: String
    private(set) var id: Int?
    private(set) var diagnostics: [FeedDiagnostic] = []
    private(set) var hasErrors = false
    /// The message's layout, `dismissible` and whether it gives `buttons`: read first, they decide which
    /// rich keys apply, in its localizations and variants as well. A layout that cannot be read is nil:
    /// the message is left out for it, and no rule of a layout (the default alert's or another's) is
    /// checked, since the author chose none of them.
    var layout: Message.Layout? = .alert
    var dismissible = true
    var hasButtons = false
    private var keyWarnings = 0
    /// The message's first unknown keys: a missing key's error names the one that looks like it
    /// (`"titel"` for `"title"`), computed only for an error that is listed.
    private(set) var unknownKeysWritten: [String] = []
    /// How many more diagnostics this reader builds: the feed's limit less what earlier entries listed.
    /// Past it they are only counted (``unlisted``), so one message with 100,000 problems formats no
    /// more than the limit.
    var listingLimit = Int.max
    private(set) var unlisted = FeedDecoder.Unlisted()
    let maximumStringLength: Int
    /// Ranges this feed already gave, by their text: messages often share one (`"<2.0"`), and parsing
    /// one was an eighth of a launch from a cached feed of 100 messages for the app (LaunchBenchmark,
    /// perf). Kept across the feed's messages by ``MessageCollector``; at most ``parsedRangeLimit``
    /// short ones, so a feed of 100,000 different ranges keeps 128.
    var parsedRanges: [String: VersionRange] = [:]
    static let parsedRangeLimit = 128

    init(index: Int, pathPrefix: String, maximumStringLength: Int = FeedLimits().maximumStringLength) {
        self.index = index
        self.pathPrefix = pathPrefix
        self.maximumStringLength = maximumStringLength
    }

    /// The message keys of the feed contract.
    enum Key: Int, CaseIterable {
        case id, bundleId, bundleIds, title, text, confirmLabel, link, appVersions, osVersions, appVersionRange
        case osVersionRange, platforms, locales, startDate, endDate, rollout, priority, maxViews
        case minHoursBetweenViews, dismissible, localizations, whatsNew, attributes, installIds, minLaunches
        case minDaysSinceInstall, minDaysSinceUpdate, trigger, rolloutSchedule, variants, layout, image, buttons
        case action, features, colors, data, placement, bannerSeconds, conversion

        var name: String { Key.names[rawValue] }

        static let names = [
            "id", "bundleId", "bundleIds", "title", "text", "confirmLabel", "link", "appVersions", "osVersions",
            "appVersionRange", "osVersionRange", "platforms", "locales", "startDate", "endDate", "rollout", "priority",
            "maxViews", "minHoursBetweenViews", "dismissible", "localizations", "whatsNew", "attributes", "installIds",
            "minLaunches", "minDaysSinceInstall", "minDaysSinceUpdate", "trigger", "rolloutSchedule", "variants",
            "layout", "image", "buttons", "action", "features", "colors", "data", "placement", "bannerSeconds",
            "conversion",
        ]
        /// The key named `name`, if any. Not a dictionary: hashing every member's name was a twelfth of
        /// reading a feed (FeedBenchmark --rich, perf); names of one length are few, and comparing
        /// two short strings is comparing two words.
        static func named(_ name: String) -> Key? {
            let length = name.utf8.count
            guard length < byLength.count else { return nil }
            for key in byLength[length] where names[key.rawValue] == name { return key }
            return nil
        }

        private static let byLength: [[Key]] = {
            var table = [[Key]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
            for key in allCases { table[key.name.utf8.count].append(key) }
            return table
        }()
    }

    static let keys = Key.names
    static let localizationKeys = ["title", "text", "confirmLabel", "link", "buttons", "image", "features"]
    static let linkKeys = ["title", "url"]

    var messagePath: String { messagePathParts.path }

    /// The message's path as a value, to build lazily without capturing `self`.
    var messagePathParts: MessagePath { MessagePath(prefix: pathPrefix, index: index) }

    struct MessagePath {
        var prefix: String
        var index: Int
        var path: String { "\(prefix)[\(index)]" }
    }

    /// Records a problem; past the feed's diagnostic limit, only counts it. The path, value and reason
    /// are built only for a diagnostic that is listed: a feed of 100,000 errors formats 1,000.
    /// Whether a diagnostic reported now is listed (not only counted past ``listingLimit``).
    var isListing: Bool { diagnostics.count < listingLimit }

    mutating func report(
        _ severity: FeedDiagnostic.Severity, _ code: FeedDiagnostic.Code, path: @autoclosure () -> String? = nil,
        key: String?, value: @autoclosure () -> String? = nil, reason: @autoclosure () -> String
    ) {
        if severity == .error { hasErrors = true }
        guard diagnostics.count < listingLimit else {
            unlisted.count += 1
            if severity == .error { unlisted.errors += 1 }
            return
        }
        let path = path() ?? (key.map { JSONPath.appending($0, to: messagePath) } ?? messagePath)
        diagnostics.append(
            FeedDiagnostic(
                severity: severity, code: code, path: path, messageIndex: index, messageID: id, key: key,
                value: value(), reason: reason()))
    }

    /// Adds "left out" to the first error, once, so a reader of the output knows the consequence.
    mutating func markLeftOut(what: String = "message") {
        guard let position = diagnostics.firstIndex(where: { $0.severity == .error }) else { return }
        if !diagnostics[position].reason.hasSuffix("left out") {
            diagnostics[position].reason += "; the \(what) is left out"
        }
    }

    /// Reads a message. `values` is scratch space of one slot per ``Key``.
    mutating func read(_ element: JSONValue, scratch values: inout [JSONValue?]) -> Message? {
        guard case .object(let object) = element else {
            report(
                .error, .wrongType, key: nil, value: element.compactDescription,
                reason: "a message must be an object, not \(element.typeDescription)")
            return nil
        }
        // One pass over the members: each known key's value (null is absent), repeated and unknown
        // keys reported.
        for slot in values.indices { values[slot] = nil }
        var seen: UInt64 = 0
        var unknownKeys = Set<String>()
        for member in object.members {
            if member.key.utf8.count > maximumStringLength {
                reportLongKey(member.key, path: messagePath)
                continue
            }
            if let key = Key.named(member.key) {
                let bit: UInt64 = 1 << UInt64(key.rawValue)
                if seen & bit != 0 {
                    reportDuplicate(member.key, path: messagePath)
                }
                seen |= bit
                if case .null = member.value {
                    values[key.rawValue] = nil
                } else {
                    values[key.rawValue] = member.value
                }
            } else if !unknownKeys.insert(member.key).inserted {
                reportDuplicate(member.key, path: messagePath)
            } else {
                if unknownKeysWritten.count < Self.maximumKeyWarnings { unknownKeysWritten.append(member.key) }
                reportUnknown(member.key, path: messagePath, known: Self.keys)
            }
        }
        let values = values
        func present(_ key: Key) -> JSONValue? { values[key.rawValue] }

        if let value = present(.id) {
            if let number = value.integerValue, number >= 1 {
                id = number
            } else {
                report(
                    .error, value.doubleValue == nil ? .wrongType : .outOfRange, key: "id",
                    value: value.compactDescription, reason: "\"id\" must be a whole number of at least 1")
            }
        } else {
            let written = unknownKeysWritten
            report(
                .error, .missingKey, key: "id", reason: "\"id\" is missing" + Self.misspelling(of: "id", in: written))
        }

        var bundleIDs: [String] = []
        if let value = present(.bundleId) {
            if let bundleID = nonEmptyString(value, key: "bundleId") { bundleIDs.append(bundleID) }
        }
        if let value = present(.bundleIds) {
            if let list = stringArray(value, key: "bundleIds") {
                for (position, bundleID) in list.enumerated() where bundleID.isEmpty {
                    let base = messagePath
                    report(
                        .error, .invalidValue, path: base + ".bundleIds[\(position)]", key: "bundleIds",
                        value: "\"\"", reason: "a bundle id must not be empty")
                }
                if list.isEmpty {
                    report(
                        .warning, .matchesNothing, key: "bundleIds", value: "[]",
                        reason: "an empty \"bundleIds\" adds no app")
                }
                bundleIDs.append(contentsOf: list)
            }
        }
        if present(.bundleId) == nil && present(.bundleIds) == nil {
            let written = unknownKeysWritten
            report(
                .error, .missingKey, key: "bundleId",
                reason: "\"bundleId\" (or \"bundleIds\") is missing"
                    + Self.misspelling(of: "bundleId", or: "bundleIds", in: written))
        }
        // The layout first: which of the rich keys apply depends on it, in localizations and variants too.
        if let value = present(.layout) { layout = readLayout(value) }
        let title = requiredString(present(.title), "title")
        let text = requiredString(present(.text), "text")
        let confirmLabel = present(.confirmLabel).flatMap { string($0, key: "confirmLabel") }
        let base = messagePathParts
        let link = present(.link).flatMap { readLink($0, path: JSONPath.appending("link", to: base.path)) }
        let appVersions = present(.appVersions).flatMap { versionList($0, key: "appVersions") }
        let osVersions = present(.osVersions).flatMap { versionList($0, key: "osVersions") }
        let appVersionRange = present(.appVersionRange).flatMap { range($0, key: "appVersionRange") }
        let osVersionRange = present(.osVersionRange).flatMap { range($0, key: "osVersionRange") }
        let platforms = present(.platforms).flatMap { readPlatforms($0) }
        let locales = present(.locales).flatMap { readLocales($0) }
        let startDate = present(.startDate).flatMap { date($0, key: "startDate") }
        let endDate = present(.endDate).flatMap { date($0, key: "endDate") }
        if let startDate, let endDate, endDate <= startDate {
            report(
                .error, .emptyDateWindow, key: "endDate", value: present(.endDate)?.compactDescription,
                reason: "\"endDate\" must be after \"startDate\" (\(present(.startDate)?.compactDescription ?? "")); "
                    + "the message could never be shown")
        }
        var rollout = 100.0
        if let value = present(.rollout), let number = number(value, key: "rollout", in: 0...100) {
            rollout = number
            if number == 0 {
                report(
                    .warning, .matchesNothing, key: "rollout", value: "0", reason: "\"rollout\": 0 reaches no install")
            }
        }
        let priority = present(.priority).flatMap { integer($0, key: "priority", minimum: nil) } ?? 0
        let maxViews = present(.maxViews).flatMap { integer($0, key: "maxViews", minimum: 1) } ?? 1
        let minHoursBetweenViews = present(.minHoursBetweenViews).flatMap {
            number($0, key: "minHoursBetweenViews", in: 0...Double.greatestFiniteMagnitude)
        }
        if let minHoursBetweenViews, maxViews == 1 {
            report(
                .warning, .noEffect, key: "minHoursBetweenViews",
                value: JSONValue.number(minHoursBetweenViews).compactDescription,
                reason: "\"minHoursBetweenViews\" has no effect while \"maxViews\" is 1")
        }
        if let value = present(.dismissible) {
            if case .bool(let flag) = value {
                dismissible = flag
            } else {
                wrongType(value, key: "dismissible", expected: "true or false")
            }
        }
        hasButtons = present(.buttons) != nil
        let layout = self.layout
        if !dismissible, let layout, !layout.hasButtons {
            report(
                .error, .invalidValue, key: "dismissible", value: "false",
                reason: "\(layout.withArticle) always has its close control; \"dismissible\": false is for alert, "
                    + "modal and sheet")
        } else if !dismissible && !hasButtons && link == nil && present(.link) == nil {
            report(
                .error, .wallWithoutLink, key: "dismissible", value: "false",
                reason: "a message with \"dismissible\": false needs a \"link\", or the user is left with no button")
        }
        let localizations = present(.localizations).flatMap { readLocalizations($0) } ?? []
        let whatsNew = present(.whatsNew).flatMap { range($0, key: "whatsNew") }
        let attributes = present(.attributes).flatMap { readAttributes($0) } ?? []
        let installIDs = present(.installIds).flatMap { readInstallIDs($0) }
        let minLaunches = present(.minLaunches).flatMap { integer($0, key: "minLaunches", minimum: 0) }
        let minDaysSinceInstall = present(.minDaysSinceInstall).flatMap {
            integer($0, key: "minDaysSinceInstall", minimum: 0)
        }
        let minDaysSinceUpdate = present(.minDaysSinceUpdate).flatMap {
            integer($0, key: "minDaysSinceUpdate", minimum: 0)
        }
        let trigger = present(.trigger).flatMap { readTrigger($0) } ?? .launch
        let rolloutSchedule = present(.rolloutSchedule).flatMap { readRolloutSchedule($0) }
        if present(.rolloutSchedule) != nil, present(.rollout) != nil {
            report(
                .error, .invalidValue, key: "rolloutSchedule",
                reason: "give \"rollout\" or \"rolloutSchedule\", not both")
        }
        let variants = present(.variants).flatMap { readVariants($0) } ?? []
        let conversion = present(.conversion).flatMap {
            readConversion($0, path: { JSONPath.appending("conversion", to: base.path) })
        }
        let rich = readRichContent(
            image: present(.image), buttons: present(.buttons), action: present(.action),
            features: present(.features), colors: present(.colors), data: present(.data),
            placement: present(.placement), bannerSeconds: present(.bannerSeconds))
        if let layout, layout.hasTapAction {
            for key in [Key.confirmLabel, .link] where present(key) != nil {
                report(
                    .warning, .noEffect, key: key.name,
                    reason: "\"\(key.name)\" has no effect on \(layout.withArticle): a tap on it runs its \"action\"")
            }
        } else if layout != nil, hasButtons {
            for key in [Key.confirmLabel, .link] where present(key) != nil {
                report(
                    .error, .invalidValue, key: key.name,
                    reason: "\"\(key.name)\" cannot be used with \"buttons\": give every button in \"buttons\"")
            }
        }
        if rich.placement != .launch, present(.trigger) != nil {
            report(
                .warning, .noEffect, key: "trigger",
                reason: "\"trigger\" has no effect on a message placed in \"\(rich.placement.name)\": it only "
                    + "decides when a launch message is presented")
        }

        for position in diagnostics.indices { diagnostics[position].messageID = id }
        guard let id, let title, let text, let layout, !hasErrors else { return nil }
        let message = Message(
            id: id, bundleIDs: bundleIDs, title: title, text: text, confirmLabel: confirmLabel, link: link,
            appVersions: appVersions, osVersions: osVersions, appVersionRange: appVersionRange,
            osVersionRange: osVersionRange, platforms: platforms, locales: locales, startDate: startDate,
            endDate: endDate, rollout: rollout, priority: priority, maxViews: maxViews,
            minHoursBetweenViews: minHoursBetweenViews, dismissible: dismissible, localizations: localizations,
            whatsNew: whatsNew, attributes: attributes, installIDs: installIDs, minLaunches: minLaunches,
            minDaysSinceInstall: minDaysSinceInstall, minDaysSinceUpdate: minDaysSinceUpdate, trigger: trigger,
            rolloutSchedule: rolloutSchedule, variants: variants, layout: layout, image: rich.image,
            buttons: rich.buttons, action: rich.action, features: rich.features, colors: rich.colors,
            data: rich.data, placement: rich.placement, bannerSeconds: rich.bannerSeconds, conversion: conversion)
        if !variants.isEmpty { checkLanguages(of: message) }
        checkButtonActions(of: message)
        return message
    }

    /// The value of `key`, treating `null` as absent (as Swift's decoders do for optionals).
    func present(_ object: JSONObject, _ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    /// Reports repeated and unknown keys: one pass, a set of the keys seen.
    mutating func checkKeys(
        of object: JSONObject, known: [String], path: @autoclosure () -> String, reportingUnknown: Bool = true
    ) {
        // Small objects (a link, a localization) are checked in place; a set only from 9 members.
        let members = object.members
        var seen = Set<String>()
        for (position, member) in members.enumerated() {
            let repeated =
                members.count <= 8
                ? members[..<position].contains { $0.key == member.key } : !seen.insert(member.key).inserted
            if member.key.utf8.count > maximumStringLength {
                reportLongKey(member.key, path: path())
            } else if repeated {
                reportDuplicate(member.key, path: path())
            } else if reportingUnknown, !known.contains(member.key) {
                reportUnknown(member.key, path: path(), known: known)
            }
        }
    }

    /// How many unknown or repeated keys one message lists; past it, one line counts the rest.
    static let maximumKeyWarnings = 20

    mutating func reportDuplicate(_ key: String, path: String) {
        guard countKeyWarning() else { return }
        report(
            .warning, .duplicateKey, path: JSONPath.appending(key, to: path), key: key,
            reason: "\"\(key)\" appears more than once; the last value is used")
    }

    /// Reports an unknown key, with the key it is probably meant to be (computed only when listed).
    mutating func reportUnknown(_ key: String, path: String, known: [String]) {
        guard countKeyWarning() else { return }
        report(
            .warning, .unknownKey, path: JSONPath.appending(key, to: path), key: key,
            reason: "unknown key \"\(key)\" is ignored"
                + (KeySuggestion.closest(to: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""))
    }

    /// For a missing message key: ` (is "titel" a misspelling of it?)` when one of the message's
    /// unknown keys `written` looks like it, else nothing.
    static func misspelling(of key: String, or other: String? = nil, in written: [String]) -> String {
        let misspelt = written.first {
            let meant = KeySuggestion.closest(to: $0, among: keys)
            return meant == key || (other != nil && meant == other)
        }
        return misspelt.map { " (is \"\($0)\" a misspelling of it?)" } ?? ""
    }

    /// A key longer than any string may be: the message is left out, whatever the key.
    mutating func reportLongKey(_ key: String, path: String) {
        let limit = maximumStringLength
        report(
            .error, .limit, path: path, key: key,
            reason: "a key is \(key.utf8.count) bytes long; the limit is \(limit) "
                + "(FeedLimits.maximumStringLength)")
    }

    /// Whether another key warning may be listed; counts the ones that may not.
    private mutating func countKeyWarning() -> Bool {
        keyWarnings += 1
        return keyWarnings <= Self.maximumKeyWarnings
    }

    /// Hands the reader's diagnostics (with the line counting key warnings not listed) and its count
    /// of unlisted ones to the feed's: its errors first, then its warnings, each in reading order, so
    /// a hint (`did you mean "title"?`) follows the error it explains.
    mutating func finish(into diagnostics: inout [FeedDiagnostic], unlisted total: inout FeedDecoder.Unlisted) {
        reportUnlistedKeyWarnings()
        // Most messages have nothing to say: nothing to sort.
        if !self.diagnostics.isEmpty {
            diagnostics.append(contentsOf: self.diagnostics.lazy.filter { $0.severity == .error })
            diagnostics.append(contentsOf: self.diagnostics.lazy.filter { $0.severity != .error })
        }
        total.count += unlisted.count
        total.errors += unlisted.errors
    }

    /// The line that counts the key warnings not listed, once the message has been read.
    private mutating func reportUnlistedKeyWarnings() {
        guard keyWarnings > Self.maximumKeyWarnings else { return }
        let hidden = keyWarnings - Self.maximumKeyWarnings
        report(
            .warning, .unknownKey, key: nil,
            reason: "\(hidden) more unknown or repeated keys in this message are "
                + "not listed (the first \(Self.maximumKeyWarnings) are)")
    }
}
