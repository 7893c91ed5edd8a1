import AppAlert
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

    /// At most this many audience combinations over every app of both feeds.
    public static let maximumCombinations = 100_000

    /// Whether any install would see a different message: another one, the same at another share, or
    /// the same with other texts or buttons.
    public var changesWhatInstallsSee: Bool { !audienceChanges.isEmpty }

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
        let apps = Set(FeedAudience.apps(in: oldFeed) + FeedAudience.apps(in: newFeed)).sorted()
        var combinations = 0
        for app in apps {
            var appQuery = query
            appQuery.bundleID = app
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
            for (previous, current) in zip(oldRows, newRows)
            where previous.selected != current.selected || previous.rolloutPercent != current.rolloutPercent
                || current.selected.map(reworded.contains) == true
            {
                audienceChanges.append(AudienceChange(bundleID: app, before: previous, after: current))
            }
        }
    }

    /// The keys of what an install is shown: a message whose texts or buttons changed is a different
    /// message to an install that sees it.
    static let shownKeys: Set<String> = [
        "title", "text", "confirmLabel", "link", "localizations", "dismissible", "layout", "image", "buttons",
        "action", "features", "colors", "data", "bannerSeconds", "variants",
    ]

    /// `{added, removed, changed: [{id, keys}], updatesChanged, audience: [{bundleId, before, after}]}`.
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
