@_spi(Authoring) import AppAlert
import Foundation

/// What an author is warned of beyond what apps check while decoding: two messages one of which waits
/// behind the other whatever the install (``sameTargeting``), and a title or text longer than its layout
/// shows without scrolling on the smallest supported iPhone (``textTooLong``, ``TextFit``). `validate`
/// and the console add these warnings to the decoder's; apps never compute them.
public enum FeedAdvice {
    /// The warnings for the usable messages of `feed`, decoded from `document` (which gives each
    /// message's position, for its JSON path), in the feed's order.
    public static func warnings(for feed: Feed, document: JSONValue) -> [FeedDiagnostic] {
        let positions = MessagePositions(document)
        let found = sameTargeting(feed.messages, positions) + TextFit.warnings(for: feed.messages, positions)
        // Stable: a message's own warnings keep the order they were found in.
        let sorted = found.enumerated().sorted {
            ($0.element.messageIndex ?? -1, $0.offset) < ($1.element.messageIndex ?? -1, $1.offset)
        }.map(\.element)
        // As many as the decoder lists of its own, and one that counts the rest.
        let limit = FeedLimits().maximumDiagnostics
        guard sorted.count > limit else { return sorted }
        return sorted.prefix(limit)
            + [
                FeedDiagnostic(
                    severity: .warning, code: .limit, path: "$",
                    reason: "\(sorted.count - limit) more warnings (same targeting, texts too long) are not listed; "
                        + "the limit is \(limit) (FeedLimits.maximumDiagnostics)")
            ]
    }

    /// `diagnostics` (in the feed's order, as ``FeedDecoder/Output/diagnostics`` lists them) with
    /// `warnings` put after the last diagnostic of their message or of an earlier one, so a message's
    /// errors and warnings stay together.
    public static func merging(_ warnings: [FeedDiagnostic], into diagnostics: [FeedDiagnostic]) -> [FeedDiagnostic] {
        var merged = diagnostics
        for warning in warnings {
            guard let index = warning.messageIndex else {
                merged.append(warning)
                continue
            }
            let after = merged.lastIndex { ($0.messageIndex ?? -1) <= index && $0.messageIndex != nil }
            let before = merged.firstIndex { ($0.messageIndex ?? -1) > index }
            let position = after.map { $0 + 1 } ?? before ?? merged.count
            merged.insert(warning, at: position)
        }
        return merged
    }

    /// Two launch messages (or two of one slot) with the same targeting: the lower-ranked one waits
    /// until the install has used up the higher-ranked one's views. See docs/feed-format.md, "Same
    /// targeting".
    static func sameTargeting(_ messages: [Message], _ positions: MessagePositions) -> [FeedDiagnostic] {
        var groups: [Audience: [Message]] = [:]
        var order: [Audience] = []
        for message in messages where message.placement != .inbox {
            let audience = Audience(message)
            if groups[audience] == nil { order.append(audience) }
            groups[audience, default: []].append(message)
        }
        var found: [FeedDiagnostic] = []
        for audience in order {
            guard let group = groups[audience], group.count > 1 else { continue }
            // As the engine ranks them: the highest priority, then the highest id.
            let ranked = group.sorted { ($0.priority, $0.id) > ($1.priority, $1.id) }
            // The first one that reaches every install the targeting admits: every message below it
            // waits for it (one above it, with a smaller rollout, draws a sample of its own).
            guard let first = ranked.firstIndex(where: Audience.reachesEveryone) else { continue }
            let winner = ranked[first]
            for loser in ranked[(first + 1)...] {
                guard let index = positions.index(of: loser.id) else { continue }
                found.append(
                    FeedDiagnostic(
                        severity: .warning, code: .sameTargeting, path: positions.path(of: index),
                        messageIndex: index, messageID: loser.id,
                        reason: reason(
                            loser: loser, winner: winner,
                            winnerPath: positions.index(of: winner.id).map(positions.path(of:)))))
            }
        }
        return found
    }

    static func reason(loser: Message, winner: Message, winnerPath: String?) -> String {
        let rank =
            winner.priority > loser.priority
            ? "a higher priority (\(winner.priority) against \(loser.priority))"
            : "the same priority (\(winner.priority)) and a higher id"
        let views = winner.maxViews == 1 ? "once" : "\(winner.maxViews) times"
        var text =
            "message \(loser.id) has the same targeting as message \(winner.id)"
            + (winnerPath.map { " (\($0))" } ?? "") + ", which ranks above it by \(rank): no install is shown "
            + "message \(loser.id) before it has been shown message \(winner.id) \(views) (its maxViews)"
        if winner.maxViews > 1, let hours = winner.minHoursBetweenViews, hours > 0 {
            text += ", except in the \(TextFit.number(hours)) hours between those showings (its minHoursBetweenViews)"
        }
        return text + "; give them different targeting, or remove one"
    }

    /// Everything that decides which installs a message reaches, but its rollout; lists compared as
    /// sets, versions and languages as the engine compares them, ranges by what they mean once parsed.
    struct Audience: Hashable {
        var bundleIDs: Set<String>
        var platforms: Set<Platform>?
        var appVersions: Set<Version>?
        var osVersions: Set<Version>?
        var appVersionRange: [[VersionRange.Comparator]]?
        var osVersionRange: [[VersionRange.Comparator]]?
        var locales: Set<LanguageTag>?
        var startDate: Date?
        var endDate: Date?
        var whatsNew: [[VersionRange.Comparator]]?
        var attributes: [String: Set<AttributeValue>]
        var installIDs: Set<String>?
        var minLaunches: Int?
        var minDaysSinceInstall: Int?
        var minDaysSinceUpdate: Int?
        var trigger: Message.Trigger
        var placement: Message.Placement

        init(_ message: Message) {
            bundleIDs = Set(message.bundleIDs)
            platforms = message.platforms.map(Set.init)
            appVersions = message.appVersions.map(Set.init)
            osVersions = message.osVersions.map(Set.init)
            appVersionRange = message.appVersionRange?.comparatorSets
            osVersionRange = message.osVersionRange?.comparatorSets
            locales = message.locales.map(Set.init)
            startDate = message.startDate
            endDate = message.endDate
            whatsNew = message.whatsNew?.comparatorSets
            attributes = Dictionary(
                message.attributes.map { ($0.key, Set($0.values)) }, uniquingKeysWith: { $0.intersection($1) })
            installIDs = message.installIDs.map(Set.init)
            minLaunches = message.minLaunches
            minDaysSinceInstall = message.minDaysSinceInstall
            minDaysSinceUpdate = message.minDaysSinceUpdate
            trigger = message.trigger
            placement = message.placement
        }

        /// Whether `message` reaches every install its targeting admits: test installs named (the
        /// rollout is ignored), or a rollout of 100 without a schedule.
        static func reachesEveryone(_ message: Message) -> Bool {
            message.installIDs != nil || (message.rolloutSchedule == nil && message.rollout >= 100)
        }
    }
}

/// Where each message of a feed document is: its index in the message array and its JSON path.
struct MessagePositions {
    let root: String
    private var indexByID: [Int: Int] = [:]

    init(_ document: JSONValue) {
        let messages: [JSONValue]
        switch document {
        case .array(let list): (messages, root) = (list, "$")
        case .object(let object):
            if case .array(let list)? = object["messages"] {
                (messages, root) = (list, "$.messages")
            } else {
                (messages, root) = ([], "$")
            }
        default: (messages, root) = ([], "$")
        }
        for (index, element) in messages.enumerated() {
            // The first message with an id is the one apps use (every later one is left out).
            guard case .object(let object) = element, let id = object["id"]?.integerValue, indexByID[id] == nil
            else { continue }
            indexByID[id] = index
        }
    }

    func index(of id: Int) -> Int? { indexByID[id] }

    func path(of index: Int) -> String { "\(root)[\(index)]" }
}

extension FeedDiagnostic.Code {
    /// Two messages with the same targeting: the lower-ranked one is not shown to an install before the
    /// higher-ranked one has used up its views there.
    public static let sameTargeting = FeedDiagnostic.Code(rawValue: "sameTargeting")
    /// A title or text longer than its layout shows without scrolling on the smallest supported iPhone.
    public static let textTooLong = FeedDiagnostic.Code(rawValue: "textTooLong")
}
