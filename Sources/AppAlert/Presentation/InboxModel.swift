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
/// An item drawn in the visible list is shown (``itemAppeared(_:)``: once a UTC day, the
/// ``AlertEvent/shown(id:variant:)`` event and, with reporting on, the `shown` count). Opening an item
/// marks it read, counts as a view and, with reporting on, as `opened`, and makes it ``openedMessage``:
/// the message as a modal card (an item is never a wall here: its card always closes). While that card
/// is open, opening it again does nothing (a double tap counts one opening); opening another item closes
/// it first. Deleting an item hides it for good. All are kept in the service's store, so they hold across launches.
///
/// AppAlertUI's `InboxList` keeps a card of its own in each window, so that two windows showing the
/// inbox each keep their card and its answer; ``openedMessage`` is the card of a list of your own.
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

    /// A card opened from the inbox by one opener (a window's list).
    package struct OpenedCard: Sendable, Hashable {
        /// The item as its card shows it (``ResolvedMessage/inboxCard``).
        package let message: ResolvedMessage
        /// The item as it was listed: what the card's buttons are counted as.
        let listing: ResolvedMessage
        /// ``message``'s images, once loaded and checked.
        package var images: [ImageLoadResult] = []
        /// `false` once answered (a button, closing, the item deleted): the card is leaving the screen
        /// and still drawn until it is gone (``cardLeft(_:opening:)``), but answers nothing more.
        package var isOpen = true
        /// Which opening this is, so that images loaded for an earlier one are not given to it, and a
        /// sheet that leaves forgets only the card it drew (``cardLeft(_:opening:)``).
        package let opening: Int
    }

    /// Each opener's card, open or leaving the screen. An opener is a window's list (its own id) or
    /// ``ownCard``, the card of the public API (``openedMessage`` and ``openedImages`` mirror it).
    package private(set) var cards: [UUID: OpenedCard] = [:] {
        didSet {
            let own = cards[Self.ownCard]
            if openedMessage != own?.message { openedMessage = own?.message }
            if openedImages != own?.images ?? [] { openedImages = own?.images ?? [] }
        }
    }
    /// The opener of ``open(_:)``, ``perform(_:)``, ``closeOpened()`` and ``openedMessage``.
    private static let ownCard = UUID()
    /// Why the last refresh, listing, opening or deletion failed, for a developer; `nil` after a success.
    public private(set) var problem: String?

    /// Whether ``openedMessage``'s card is on screen, for a sheet's binding: setting it to `false` closes
    /// the card (``closeOpened()``); setting it to `true` does nothing (open an item with ``open(_:)``).
    public var isShowingOpenedMessage: Bool {
        get { openedMessage != nil }
        set { if !newValue { closeOpened() } }
    }

    /// Whether a refresh has finished: before it, an empty ``items`` means "not known yet", not "none".
    public private(set) var hasRefreshed = false

    /// Items not read yet: a badge's number.
    public var unreadCount: Int { items.count { !$0.isRead } }

    @ObservationIgnored private weak var service: AlertService?
    @ObservationIgnored private var openings = 0
    /// The number of the last refresh begun: a refresh that ends after a later one began lists nothing.
    @ObservationIgnored private var refreshes = 0
    /// The task counting the last answer of an opened card (a button, or closing it), for a test that
    /// must know when it is stored.
    @ObservationIgnored private(set) var answerCounting: Task<Void, Never>?

    init(service: AlertService) {
        self.service = service
    }

    /// Loads the feed (within the service's check interval, its last good copy) and lists the items. A
    /// refresh that ends after a later one began (the feed or the attributes changed meanwhile) changes
    /// nothing: the later one's listing stands.
    public func refresh() async {
        guard let service, let client = service.client else {
            problem = "the inbox has no configured AlertService"
            return
        }
        refreshes += 1
        let refresh = refreshes
        let (inbox, load, storeError) = await client.inbox(attributes: service.attributes)
        guard refresh == refreshes else { return }
        items = inbox.items
        hasRefreshed = true
        problem = storeError?.description ?? load.error?.reason
    }

    /// Tells the inbox that item `id` is drawn in the visible list (its row appeared). Its first drawing
    /// on a UTC day is that day's showing: ``AlertEvent/shown(id:variant:)`` is sent and, with reporting
    /// on, it is counted as `shown`; later drawings that day are not, across launches too. AppAlertUI's
    /// `InboxList` calls it as each row appears; a list of your own calls it from its rows' `onAppear`.
    ///
    /// That reflects what the user sees in a `List`, `LazyVStack` or `LazyHStack`, which make a row as it
    /// scrolls into view (or just before). A non-lazy stack (a `VStack` in a `ScrollView`) makes every
    /// row at once, so each would be counted as shown when the list appears, scrolled to or not: put
    /// your rows in a lazy container. (SwiftUI says what is in view only from iOS 18 and macOS 15,
    /// `onScrollVisibilityChange`, later than the platforms this package supports.)
    ///
    /// Returns the task that records it (`nil` for an id not listed), for a caller that must know when
    /// it is stored; views ignore it.
    @discardableResult
    public func itemAppeared(_ id: Int) -> Task<Void, Never>? {
        guard let message = items.first(where: { $0.id == id })?.message, let client = service?.client else {
            return nil
        }
        return Task { [weak self] in
            do {
                let (shown, problems) = try await client.listInboxItem(message)
                if shown { self?.service?.hand(.shown(id: message.id, variant: message.variant)) }
                for problem in problems { self?.service?.hand(.problem(problem)) }
            } catch {
                self?.problem = "cannot record that inbox item \(id) was shown: \(error)"
            }
        }
    }

    /// Opens item `id`: read, counted as a view and (with reporting on) as `opened`, and ``openedMessage``;
    /// the app hears ``AlertEvent/opened(id:variant:)``. Opening the item whose card is open does nothing
    /// (a double tap counts one opening); opening another closes that card first, as a dismissal
    /// (``closeOpened()``). An id not listed opens nothing and keeps the card.
    public func open(_ id: Int) async {
        if let card = cards[Self.ownCard], card.isOpen {
            guard card.message.id != id, items.contains(where: { $0.id == id }) else { return }
            close(by: Self.ownCard)
        }
        await open(id, by: Self.ownCard)
    }

    /// Opens item `id` as the card of `opener` (a window's list), as ``open(_:)`` does; nothing while
    /// that opener's card is open, so a second tap before the card is on screen counts nothing more.
    package func open(_ id: Int, by opener: UUID) async {
        guard cards[opener]?.isOpen != true, let position = items.firstIndex(where: { $0.id == id }) else { return }
        items[position].isRead = true
        let listed = items[position].message
        openings += 1
        let opening = openings
        cards[opener] = OpenedCard(message: listed.inboxCard, listing: listed, opening: opening)
        service?.hand(.opened(id: listed.id, variant: listed.variant))
        do {
            if let problems = try await service?.client?.openInboxItem(listed) {
                for problem in problems { service?.hand(.problem(problem)) }
            }
            problem = nil
        } catch {
            problem = "cannot record that inbox item \(id) was read: \(error)"
        }
        guard let card = cards[opener], card.opening == opening, card.message.image != nil,
            let client = service?.client
        else { return }
        let images = await client.loadImages(of: card.message)
        if cards[opener]?.opening == opening { cards[opener]?.images = images }
    }

    /// Handles a button of ``openedMessage``'s card: closes it and returns the page to open, if any.
    ///
    /// The app hears what the same button of a launch message tells it: a dismissal
    /// (``AlertEvent/dismissed(id:variant:)``), a link followed (``AlertEvent/linkOpened(id:url:variant:)``)
    /// or an event (``AlertEvent/buttonEvent(id:name:variant:)``). The showing was counted when the item
    /// was opened; with reporting on, the button is counted as the message's own buttons are (`button.0`,
    /// `link`, `tap`, `dismissed`).
    @discardableResult
    public func perform(_ button: Message.Button) -> URL? {
        perform(button, by: Self.ownCard)
    }

    /// Handles a button of `opener`'s card, as ``perform(_:)`` does; nothing once it is answered.
    @discardableResult
    package func perform(_ button: Message.Button, by opener: UUID) -> URL? {
        guard let card = answer(by: opener) else { return nil }
        let message = card.message
        countAnswer(ResultEvent.ofInboxCard(button, listed: card.listing), of: card.listing)
        switch button.action {
        case .dismiss:
            service?.hand(.dismissed(id: message.id, variant: message.variant))
            return nil
        case .url(let url):
            service?.hand(.linkOpened(id: message.id, url: url, variant: message.variant))
            return url
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
    /// has a button that closes it, so it needs no close control. It takes the keyboard, as a message over
    /// the app does: Return answers its first button, Escape its button that closes it (or closes it).
    public func actions(open: @escaping @MainActor (URL) -> Void) -> MessageActions {
        actions(by: Self.ownCard, open: open)
    }

    /// What the controls of `opener`'s card do, as ``actions(open:)`` says.
    package func actions(by opener: UUID, open: @escaping @MainActor (URL) -> Void) -> MessageActions {
        let card = cards[opener]
        return MessageActions(
            images: card?.images ?? [], showsCloseControl: card?.message.needsCloseControl ?? false, texts: texts,
            takesKeyboard: true,
            perform: { [self] button in
                if let url = perform(button, by: opener) { open(url) }
            },
            close: { [self] in close(by: opener) })
    }

    /// Closes ``openedMessage``'s card without a button (the close control, a swipe): the app hears
    /// ``AlertEvent/dismissed(id:variant:)`` and, with reporting on, it is counted as `dismissed`, as
    /// closing a message is.
    public func closeOpened() {
        close(by: Self.ownCard)
    }

    /// Closes `opener`'s card without a button, as ``closeOpened()`` does; nothing once it is answered.
    package func close(by opener: UUID) {
        guard let card = answer(by: opener) else { return }
        countAnswer(.dismissed, of: card.listing)
        service?.hand(.dismissed(id: card.message.id, variant: card.message.variant))
    }

    /// `opener`'s card of `opening` (the opening its sheet drew, ``OpenedCard/opening``) left the screen:
    /// it is forgotten; still open (the sheet went without its binding being told), it is closed first.
    /// A later opening of that opener's, made before the sheet was gone, is not that card: it stays,
    /// unanswered. `nil` (a sheet gone before it drew a card) is whichever card the opener has.
    package func cardLeft(_ opener: UUID, opening: Int?) {
        guard let card = cards[opener], opening.map({ $0 == card.opening }) ?? true else { return }
        close(by: opener)
        cards[opener] = nil
    }

    /// `opener`'s open card, now answered; `nil` when there is none open.
    private func answer(by opener: UUID) -> OpenedCard? {
        guard let card = cards[opener], card.isOpen else { return nil }
        cards[opener]?.isOpen = false
        if opener == Self.ownCard { cards[opener] = nil }
        return card
    }

    /// With reporting on, counts `event` of the opened item as it was listed (its variant).
    private func countAnswer(_ event: ResultEvent?, of listed: ResolvedMessage) {
        guard let event, let service, let client = service.client, client.results != nil else { return }
        answerCounting = Task { [weak service] in
            do {
                for problem in try await client.count([event], of: listed) { service?.hand(.problem(problem)) }
            } catch {
                service?.hand(.problem("cannot count the answer to inbox item \(listed.id): \(error)"))
            }
        }
    }

    /// Deletes item `id`: it is not listed again. A card of it that is open closes, with no answer.
    public func delete(_ id: Int) async {
        await delete([id])
    }

    /// Deletes the items `ids` at once (a selection: the Delete key in a macOS app), as deleting each
    /// alone does: their rows leave the list together and the store is written once.
    public func delete(_ ids: Set<Int>) async {
        guard !ids.isEmpty else { return }
        items.removeAll { ids.contains($0.id) }
        for (opener, card) in cards where ids.contains(card.message.id) && card.isOpen {
            cards[opener]?.isOpen = false
            if opener == Self.ownCard { cards[opener] = nil }
        }
        do {
            try await service?.client?.deleteInboxItems(ids)
            problem = nil
        } catch {
            let named = ids.sorted().map(String.init).joined(separator: ", ")
            problem =
                "cannot record that inbox \(ids.count == 1 ? "item" : "items") \(named) "
                + "\(ids.count == 1 ? "was" : "were") deleted: \(error)"
        }
    }

    /// Undoes the deletion of the items `ids` (Undo after the Delete key in a macOS app): they are
    /// listed again, where the inbox orders them, with their read marks. A card closed by the deletion
    /// stays closed.
    package func undelete(_ ids: Set<Int>) async {
        guard !ids.isEmpty else { return }
        do {
            try await service?.client?.undeleteInboxItems(ids)
        } catch {
            problem = "cannot record that deleting inbox items was undone: \(error)"
            return
        }
        await refresh()
    }

    /// Of `selection` (a list's selected rows), the ids listed now: what Delete deletes, and what a
    /// selection keeps when the items change (a refresh, a deletion elsewhere).
    package func listed(_ selection: Set<Int>) -> Set<Int> {
        selection.intersection(items.map(\.id))
    }
}
