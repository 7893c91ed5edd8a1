import Foundation
import Observation

/// The message center of an ``AlertService``, for a list view or a badge: the items the feed admits
/// now with their read marks, the unread count, and what opening and deleting an item do.
///
/// ```swift
/// Text("\(alertService.inbox.unreadCount)")   // a badge
/// .task { await alertService.inbox.refresh() }
/// ```
///
/// Opening an item marks it read and counts as a showing, and makes it ``openedMessage``: the message
/// as a modal card (an item is never a wall here: its card always closes). Deleting an item hides it
/// for good. Both are kept in the service's store, so they hold across launches.
@MainActor
@Observable
public final class InboxModel {
    /// Newest first, as ``Inbox`` orders them.
    public private(set) var items: [Inbox.Item] = []
    /// The item being read, as its modal card shows it; `nil` when none is open.
    public private(set) var openedMessage: ResolvedMessage?
    /// ``openedMessage``'s images, loaded and checked by the core once the card is open (it shows
    /// without them until they are at hand; one that cannot be had is not drawn).
    public private(set) var openedImages: [ImageLoadResult] = []
    /// Why the last refresh, opening or deletion failed, for a developer; `nil` after a success.
    public private(set) var problem: String?

    /// Whether ``openedMessage``'s card is on screen, for a sheet's binding: setting it to `false` closes
    /// the card (``closeOpened()``); setting it to `true` does nothing (open an item with ``open(_:)``).
    public var isShowingOpenedMessage: Bool {
        get { openedMessage != nil }
        set { if !newValue { openedMessage = nil } }
    }

    /// Whether a refresh has finished: before it, an empty ``items`` means "not known yet", not "none".
    public private(set) var hasRefreshed = false

    /// Items not read yet: a badge's number.
    public var unreadCount: Int { items.count { !$0.isRead } }

    @ObservationIgnored private weak var service: AlertService?

    init(service: AlertService) {
        self.service = service
    }

    /// Loads the feed (within the service's check interval, its last good copy) and lists the items.
    public func refresh() async {
        guard let service, let client = service.client else {
            problem = "the inbox has no configured AlertService"
            return
        }
        let (inbox, load, storeError) = await client.inbox(attributes: service.attributes)
        items = inbox.items
        hasRefreshed = true
        problem = storeError?.description ?? load.error?.reason
    }

    /// Opens item `id`: read, counted as shown, and ``openedMessage``.
    public func open(_ id: Int) async {
        guard let position = items.firstIndex(where: { $0.id == id }) else { return }
        items[position].isRead = true
        let card = items[position].message.inboxCard
        openedMessage = card
        openedImages = []
        do {
            try await service?.client?.openInboxItem(id)
            problem = nil
        } catch {
            problem = "cannot record that inbox item \(id) was read: \(error)"
        }
        guard card.image != nil, let client = service?.client else { return }
        let images = await client.loadImages(of: card)
        if openedMessage?.id == id { openedImages = images }
    }

    /// Handles a button of ``openedMessage``'s card: closes it and returns the page to open, if any; an
    /// event button hands its event to the app (``AlertService/onEvent``). The showing was counted when
    /// the item was opened.
    @discardableResult
    public func perform(_ button: Message.Button) -> URL? {
        guard let message = openedMessage else { return nil }
        openedMessage = nil
        switch button.action {
        case .dismiss: return nil
        case .url(let url): return url
        case .event(let name):
            service?.hand(.buttonEvent(id: message.id, name: name, variant: message.variant))
            return nil
        }
    }

    /// The words of the inbox's own controls (title, empty state, delete, unread), in the app's
    /// preferred languages.
    public var texts: MessageTexts {
        service?.controlTexts ?? MessageTexts.forLanguages(AppInfo.currentLanguages)
    }

    /// What the controls of ``openedMessage``'s card do; a link is opened with `open`. The card always
    /// has a button that closes it, so it needs no close control.
    public func actions(open: @escaping @MainActor (URL) -> Void) -> MessageActions {
        MessageActions(
            images: openedImages, showsCloseControl: openedMessage?.needsCloseControl ?? false, texts: texts,
            perform: { [self] button in
                if let url = perform(button) { open(url) }
            },
            close: { [self] in closeOpened() })
    }

    /// Closes ``openedMessage``'s card without a button (the close control, a swipe).
    public func closeOpened() {
        openedMessage = nil
    }

    /// Deletes item `id`: it is not listed again.
    public func delete(_ id: Int) async {
        items.removeAll { $0.id == id }
        if openedMessage?.id == id { openedMessage = nil }
        do {
            try await service?.client?.deleteInboxItem(id)
            problem = nil
        } catch {
            problem = "cannot record that inbox item \(id) was deleted: \(error)"
        }
    }
}
