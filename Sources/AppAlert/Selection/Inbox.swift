import Foundation

extension Inbox {
    /// What the user did with the message center: the items opened (read) and deleted, by message id.
    /// Kept in ``InstallState/inbox``; ids are never reused, so a deleted item stays deleted.
    public struct State: Sendable, Hashable, Codable {
        /// Ids of the items opened, ascending.
        public private(set) var read: [Int]
        /// Ids of the items deleted, ascending.
        public private(set) var deleted: [Int]
        /// The UTC day of ``listed`` (`nil` before an item was first drawn in a list; absent from state
        /// written before the inbox was counted).
        private(set) var listedDay: String?
        /// Ids of the items drawn in a list on ``listedDay``, ascending: an item is shown once a day.
        private(set) var listed: [Int]?

        public init(read: [Int] = [], deleted: [Int] = []) {
            self.read = Array(Set(read)).sorted()
            self.deleted = Array(Set(deleted)).sorted()
        }

        public func isRead(_ id: Int) -> Bool { Self.contains(read, id) }
        public func isDeleted(_ id: Int) -> Bool { Self.contains(deleted, id) }

        public mutating func markRead(_ id: Int) { Self.insert(id, into: &read) }
        public mutating func markUnread(_ id: Int) { read.removeAll { $0 == id } }
        public mutating func delete(_ id: Int) { Self.insert(id, into: &deleted) }
        /// Item `id` is listed again: its deletion undone.
        mutating func undelete(_ id: Int) { deleted.removeAll { $0 == id } }

        /// Item `id` was drawn in a list on the UTC day `day`: returns whether that is its first time that
        /// day (its showing of the day), and remembers it. The ids of earlier days are forgotten.
        mutating func markListed(_ id: Int, day: String) -> Bool {
            var ids = listedDay == day ? listed ?? [] : []
            guard !Self.contains(ids, id) else { return false }
            Self.insert(id, into: &ids)
            listedDay = day
            listed = ids
            return true
        }

        // Sorted arrays, not sets: the state file's bytes are the same for the same state.
        private static func contains(_ ids: [Int], _ id: Int) -> Bool {
            let position = insertionPoint(of: id, in: ids)
            return position < ids.count && ids[position] == id
        }

        private static func insert(_ id: Int, into ids: inout [Int]) {
            let position = insertionPoint(of: id, in: ids)
            if position == ids.count || ids[position] != id { ids.insert(id, at: position) }
        }

        private static func insertionPoint(of id: Int, in ids: [Int]) -> Int {
            var low = 0
            var high = ids.count
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}

extension ResolvedMessage {
    /// The message as the inbox's modal card, once its item is opened (``InboxModel/openedMessage``; the
    /// `serve --dev` preview draws the same): a banner's or an image's tap action becomes its primary
    /// button (titled with the link's title, else the message's), and every card has a button that
    /// closes it (an item is never a wall).
    public var inboxCard: ResolvedMessage {
        var card = self
        card.layout = .modal
        card.dismissible = true
        card.bannerSeconds = nil
        if card.buttons.isEmpty, let action, action != .dismiss {
            card.buttons = [Message.Button(title: link?.title ?? title, action: action)]
        }
        card.action = nil
        if !card.buttons.contains(where: { $0.action == .dismiss }) {
            card.buttons.append(Message.Button(title: confirmLabel, action: .dismiss))
        }
        return card
    }
}

extension Inbox {
    /// One message of the message center, resolved for the device, and whether the user opened it.
    public struct Item: Sendable, Hashable, Identifiable {
        public var message: ResolvedMessage
        public var isRead: Bool

        public init(message: ResolvedMessage, isRead: Bool) {
            self.message = message
            self.isRead = isRead
        }

        public var id: Int { message.id }
    }
}

/// The message center of one install: every message with `"placement": "inbox"` that the targeting
/// admits now, less the ones the user deleted, highest `priority` first, then highest id.
///
/// `maxViews` does not remove an item (opening one counts a view, for the app's analytics); an item
/// leaves when its `endDate` passes, when it leaves the feed, when its targeting no longer admits the
/// install, or when the user deletes it.
public struct Inbox: Sendable, Hashable {
    public var items: [Inbox.Item]

    public init(items: [Inbox.Item] = []) {
        self.items = items
    }

    /// How many items the user has not opened.
    public var unreadCount: Int { items.count { !$0.isRead } }

    /// The inbox of `feed` for the install `context` describes (its placement is set to the inbox).
    public init(_ feed: Feed, context: EvaluationContext, history: ViewHistory, state: Inbox.State) {
        var context = context
        context.placement = .inbox
        let admitted = feed.messages.filter { message in
            message.placement == .inbox && !state.isDeleted(message.id)
                && Targeting.check(message, context, history, explained: false, countingViews: false) == nil
        }
        let ordered = admitted.sorted { ($0.priority, $0.id) > ($1.priority, $1.id) }
        self.init(
            items: ordered.map { message in
                Inbox.Item(
                    message: ResolvedMessage(
                        message, preferredLanguages: context.preferredLanguages, installID: context.installID),
                    isRead: state.isRead(message.id))
            })
    }
}
