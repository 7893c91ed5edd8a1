@_spi(Authoring) import AppAlert
import Foundation

/// What an edit of a feed changes: messages added, removed and changed (which keys), whether the update
/// policy changed, and — what matters — for each app in either feed, the installs that would see a
/// different message (``FeedAudience`` rows of both feeds over the same values: one for each class of
/// installs the two feeds' conditions together tell apart, so no install that changes is left out).
public struct FeedDiff: Sendable, Hashable {
    public struct ChangedMessage: Sendable, Hashable {
        public var id: Int
        /// The keys whose value differs, was added or was removed, in the new feed's order then the old's.
        public var keys: [String]
    }

    public struct AudienceChange: Sendable, Hashable {
        public var bundleID: String
        public var before: FeedAudience.Row
        public var after: FeedAudience.Row
    }

    public var added: [Int] = []
    public var removed: [Int] = []
    public var changed: [ChangedMessage] = []
    public var updatesChanged = false
    public var audienceChanges: [AudienceChange] = []
    /// Changed messages that installs the rows do not describe may see (``UnseenChange``).
    public var unseenChanges: [UnseenChange] = []

    /// A message that changed, came or went, and that installs beyond the rows (on an event, with
    /// attributes, in the inbox, later…) may see.
    public struct UnseenChange: Sendable, Hashable {
        public var id: Int
        /// Why the rows do not show it: `on the event "purchase"`, `in the inbox`, `from 2027-01-01T00:00:00Z`.
        public var reasons: [String]
    }

    /// At most this many audience combinations over every app of both feeds.
    public static let maximumCombinations = 100_000

    /// Whether any install would see a different message: another one, the same at another share, or
    /// the same with other texts or buttons; a changed message beyond the rows; or another update
    /// policy (update prompts).
    public var changesWhatInstallsSee: Bool { !audienceChanges.isEmpty || !unseenChanges.isEmpty || updatesChanged }

    /// Compares two feeds: their JSON documents (for the keys) and their decoded feeds (for the
    /// audience). `query` gives the values to combine (its bundle id is replaced by each app's); empty
    /// lists take both feeds' mentioned values.
    public init(
        old: JSONValue, new: JSONValue, oldFeed: Feed, newFeed: Feed, query: FeedAudience.Query
    ) throws(FeedAudience.QueryError) {
        let before = Self.messageObjects(old)
        let after = Self.messageObjects(new)
        added = after.keys.filter { before[$0] == nil }.sorted()
        removed = before.keys.filter { after[$0] == nil }.sorted()
        for id in after.keys.sorted() {
            guard let previous = before[id], let current = after[id] else { continue }
            // Keyed once per message: a message with many keys costs what its size costs (a lookup in
            // the object for every key would be quadratic). A repeated key counts with its last value,
            // as the decoder reads it.
            let before = Dictionary(previous.members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            let after = Dictionary(current.members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            var keys: [String] = []
            var listed = Set<String>()
            for member in current.members where before[member.key] != after[member.key] {
                if listed.insert(member.key).inserted { keys.append(member.key) }
            }
            for member in previous.members where after[member.key] == nil {
                if listed.insert(member.key).inserted { keys.append(member.key) }
            }
            if !keys.isEmpty { changed.append(ChangedMessage(id: id, keys: keys)) }
        }
        updatesChanged = Self.updates(old) != Self.updates(new)
        let reworded = Set(changed.filter { !Self.shownKeys.isDisjoint(with: $0.keys) }.map(\.id))
        let oldMessages = Dictionary(oldFeed.messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newMessages = Dictionary(newFeed.messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Whether the installs of a row, in its language, see message `id` differently: a base text
        // edited reaches the languages that show it, not those with a translation of their own.
        func looksDifferent(_ id: Int, in locale: LanguageTag?) -> Bool {
            guard reworded.contains(id) else { return false }
            guard let locale, let before = oldMessages[id], let after = newMessages[id] else { return true }
            return Self.wordings(before, in: locale) != Self.wordings(after, in: locale)
        }
        let apps = Set(FeedAudience.apps(in: oldFeed) + FeedAudience.apps(in: newFeed)).sorted()
        var combinations = 0
        for app in apps {
            var appQuery = query
            appQuery.bundleID = app
            appQuery.distinguishesTranslations = true
            let matrix = try FeedAudience.matrix(for: [oldFeed, newFeed], query: appQuery)
            // Each app is capped by FeedAudience; all apps together too, so a feed naming thousands of
            // apps costs a bounded number of rows.
            combinations += matrix.count
            guard combinations <= Self.maximumCombinations else {
                throw FeedAudience.QueryError(
                    description: "more than \(Self.maximumCombinations) combinations across \(apps.count) apps; "
                        + "compare fewer values")
            }
            let oldRows = matrix.rows(of: 0)
            let newRows = matrix.rows(of: 1)
            // A row's installs see something else when any of them does: those in the first message's
            // rollout, or those outside it, who see the next (the order, the shares or a text changed).
            for (previous, current) in zip(oldRows, newRows) {
                let before = previous.seen.map { ($0.selected, $0.rolloutPercent) }
                let after = current.seen.map { ($0.selected, $0.rolloutPercent) }
                if !before.elementsEqual(after, by: ==)
                    || current.seen.contains(where: {
                        $0.selected.map { looksDifferent($0, in: current.locale) } == true
                    })
                {
                    audienceChanges.append(AudienceChange(bundleID: app, before: previous, after: current))
                }
            }
        }
        unseenChanges = Self.unseenChanges(old: oldFeed, new: newFeed, now: query.now)
    }

    /// Messages that changed (or came or went) and that some installs the rows do not describe may see:
    /// those shown on an event, for attributes, test installs, a launch count, days after install or
    /// update, after an update (`whatsNew`), in the inbox or a slot, from a later date or by a rollout
    /// schedule's later steps, or whose view counts changed (installs that have seen them). The rows
    /// are fresh installs at launch now; these edits reach other installs, so they count as changes.
    static func unseenChanges(old: Feed, new: Feed, now: Date) -> [UnseenChange] {
        let before = Dictionary(old.messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [UnseenChange] = []
        for id in Set(before.keys).union(after.keys).sorted() where before[id] != after[id] {
            var reasons: [String] = []
            for message in [before[id], after[id]].compactMap({ $0 }) {
                for reason in Self.unseenReasons(message, now: now) where !reasons.contains(reason) {
                    reasons.append(reason)
                }
            }
            if let previous = before[id], let current = after[id],
                previous.maxViews != current.maxViews || previous.minHoursBetweenViews != current.minHoursBetweenViews
            {
                reasons.append("its view counts changed")
            }
            if !reasons.isEmpty { changes.append(UnseenChange(id: id, reasons: reasons)) }
        }
        return changes
    }

    /// What puts `message` beyond the rows (fresh installs, at launch, now), in words.
    static func unseenReasons(_ message: Message, now: Date) -> [String] {
        var reasons: [String] = []
        switch message.placement {
        case .launch: break
        case .inbox: reasons.append("in the inbox")
        case .slot(let name): reasons.append("in the slot \"\(name)\"")
        }
        if case .event(let name) = message.trigger { reasons.append("on the event \"\(name)\"") }
        if !message.attributes.isEmpty {
            reasons.append("for attributes " + message.attributes.map(\.key).joined(separator: ", "))
        }
        if message.installIDs != nil { reasons.append("for test installs") }
        if let launches = message.minLaunches, launches > 1 { reasons.append("from launch \(launches)") }
        if message.minDaysSinceInstall != nil { reasons.append("days after install") }
        if message.minDaysSinceUpdate != nil { reasons.append("days after an update") }
        if message.whatsNew != nil { reasons.append("after an update (whatsNew)") }
        if let start = message.startDate, now < start { reasons.append("from \(RFC3339.format(start))") }
        if let schedule = message.rolloutSchedule, schedule.contains(where: { now < $0.at }) {
            reasons.append("by its rollout schedule's later steps")
        }
        return reasons
    }

    /// What a device whose language is `locale` is shown of `message`: each wording (the message, or
    /// each variant with its weight) as resolved for it.
    static func wordings(_ message: Message, in locale: LanguageTag) -> [Wording] {
        guard !message.variants.isEmpty else {
            return [Wording(shown: ResolvedMessage(message, preferredLanguages: [locale]), weight: 1)]
        }
        return message.variants.indices.map { index in
            Wording(
                shown: ResolvedMessage(message.applying(variant: index), preferredLanguages: [locale]),
                weight: message.variants[index].weight)
        }
    }

    struct Wording: Hashable {
        var shown: ResolvedMessage
        var weight: Int
    }

    /// The keys of what an install is shown: a message whose texts or buttons changed is a different
    /// message to an install that sees it.
    static let shownKeys: Set<String> = [
        "title", "text", "confirmLabel", "link", "localizations", "dismissible", "layout", "image", "buttons",
        "action", "features", "colors", "data", "bannerSeconds", "variants",
    ]

    /// `{added, removed, changed: [{id, keys}], updatesChanged, unseen: [{id, reasons}], audience: [{bundleId,
    /// before, after}]}`.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.set("added", .array(added.map { .integer(Int64($0)) }))
        object.set("removed", .array(removed.map { .integer(Int64($0)) }))
        object.set(
            "changed",
            .array(
                changed.map { change in
                    ["id": .integer(Int64(change.id)), "keys": .array(change.keys.map { .string($0) })]
                }))
        object.set("updatesChanged", .bool(updatesChanged))
        object.set(
            "unseen",
            .array(
                unseenChanges.map { change in
                    ["id": .integer(Int64(change.id)), "reasons": .array(change.reasons.map { .string($0) })]
                }))
        object.set(
            "audience",
            .array(
                audienceChanges.map { change in
                    [
                        "bundleId": .string(change.bundleID), "before": change.before.jsonValue,
                        "after": change.after.jsonValue,
                    ]
                }))
        return .object(object)
    }

    /// The message objects of a document by id (format 1 or 2); entries without a whole-number id, and
    /// later entries with an id already seen (which the decoder leaves out), are skipped.
    static func messageObjects(_ document: JSONValue) -> [Int: JSONObject] {
        let entries: [JSONValue]
        switch document {
        case .array(let array): entries = array
        case .object(let object):
            guard case .array(let array)? = object["messages"] else { return [:] }
            entries = array
        default: return [:]
        }
        var byID: [Int: JSONObject] = [:]
        for entry in entries {
            guard case .object(let object) = entry, let id = object["id"]?.integerValue, byID[id] == nil else {
                continue
            }
            byID[id] = object
        }
        return byID
    }

    static func updates(_ document: JSONValue) -> JSONValue? {
        guard case .object(let object) = document else { return nil }
        return object["updates"]
    }
}
