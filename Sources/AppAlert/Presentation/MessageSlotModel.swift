import Foundation
import Observation

/// One of the app's inline slots (`"placement": "home-top"` in the feed): the message that placement
/// shows now, decided on its own (it never blocks the launch message or another slot's), and what its
/// buttons do. A slot view draws ``message`` in place, or takes no space when it is `nil`.
///
/// ``refresh()`` decides again; call it when ``AlertService/revision`` changes (the feed was checked or
/// the attributes changed), as the slot views do with `.task(id: alertService.revision)`.
@MainActor
@Observable
public final class MessageSlotModel {
    /// The slot's placement.
    public let placement: Message.Placement
    /// The message to draw in the slot, or `nil`: nothing to show, or the user answered it.
    public private(set) var message: ResolvedMessage?
    /// The message's images, loaded and checked by the core (draw these bytes; never download again).
    public private(set) var images: [ImageLoadResult] = []
    /// Why the slot shows nothing when something went wrong, for a developer.
    public private(set) var problem: String?

    @ObservationIgnored private weak var service: AlertService?
    /// The name the slot was made with.
    @ObservationIgnored private let name: String
    /// Whether the name is a slot's: a slot of another name decides nothing.
    @ObservationIgnored private let isSlot: Bool
    /// The message (id and variant) whose `shown` was sent to the app and, with reporting on, counted:
    /// once per showing, however many refreshes keep it in the slot.
    @ObservationIgnored private var countedShowing: (id: Int, variant: Int?)?
    /// The number of the last refresh begun: a refresh that ends after a later one began decides nothing.
    @ObservationIgnored private var refreshes = 0

    /// The slot `name` (1 to 64 letters, digits, `-`, `_` or `.`) of `service`. An invalid name (or
    /// `"launch"`, `"inbox"`, which are not slots) shows nothing and says why in ``problem``.
    public init(_ name: String, service: AlertService) {
        self.service = service
        self.name = name
        if let placement = Message.Placement(name: name), case .slot = placement {
            self.placement = placement
            isSlot = true
        } else {
            self.placement = .slot(name)
            isSlot = false
            problem = "\"\(Excerpt.of(name))\" is not a slot name (1 to 64 letters, digits, -, _ or .)"
        }
    }

    /// The model to keep for the slot `name` of `service`: `existing` when it is that slot of that
    /// service, else a new one (a view keeping its model in `@State` follows a new name or service).
    package static func reusing(_ existing: MessageSlotModel?, name: String, service: AlertService)
        -> MessageSlotModel
    {
        if let existing, existing.service === service, existing.name == name { return existing }
        return MessageSlotModel(name, service: service)
    }

    /// What the controls of ``message``'s card do; a link is opened with `open` (SwiftUI's `openURL`). A
    /// slot has no swipe: a message that can be closed and has no button for it gets a close control.
    public func actions(open: @escaping @MainActor (URL) -> Void) -> MessageActions {
        let texts = service?.controlTexts ?? MessageTexts.forLanguages(AppInfo.currentLanguages)
        guard let message else { return MessageActions(texts: texts) }
        return MessageActions(
            images: images, showsCloseControl: message.needsCloseControl, texts: texts, tapAction: message.action,
            tapTitle: message.title,
            perform: { [self] button in
                if let url = await perform(button) { open(url) }
            },
            close: { [self] in
                guard message.dismissible else { return }
                await perform(Message.Button(title: message.confirmLabel, action: .dismiss))
            }
        ).reportingPictureFailure { [self] in
            guard problem == nil else { return }
            problem = MessageActions.pictureProblem(message)
            service?.hand(.problem(MessageActions.pictureProblem(message)))
        }
    }

    /// Decides the slot's message now (the feed as the service last loaded it, within its interval).
    ///
    /// A message it finds is shown: the app hears ``AlertEvent/shown(id:variant:)`` and, with reporting
    /// on, it is counted as `shown`, once while it stays in the slot. Call it as the slot appears, as
    /// `MessageSlot` does: in a `List` or a lazy stack that is when the slot scrolls into view; in a
    /// non-lazy stack (a `VStack` in a `ScrollView`) it is when the stack appears, so a slot below the
    /// fold counts as shown before it is seen: put a slot that may be out of view in a lazy container.
    ///
    /// A refresh that ends after a later one began (the feed or the attributes changed meanwhile)
    /// changes nothing: the later one's decision stands.
    public func refresh() async {
        guard isSlot else { return }
        guard let service, let client = service.client else {
            problem = "the slot has no configured AlertService"
            return
        }
        refreshes += 1
        let refresh = refreshes
        let result = await client.check(attributes: service.attributes, placement: placement)
        guard refresh == refreshes else { return }
        message = result.decision.message
        images = result.images
        problem = result.storeError?.description ?? result.load.error?.reason
        // The slot view refreshes as it appears: the message it draws is on screen now.
        guard let message, countedShowing.map({ $0 != (message.id, message.variant) }) ?? true else { return }
        countedShowing = (message.id, message.variant)
        service.hand(.shown(id: message.id, variant: message.variant))
        if client.results != nil {
            do {
                for problem in try await client.count([.shown], of: message) { service.hand(.problem(problem)) }
            } catch {
                service.hand(.problem("cannot count that message \(message.id) was shown: \(error)"))
            }
        }
    }

    /// Handles a button (or the tap action) of ``message``: the showing is recorded, the message leaves
    /// the slot, and the page to open is returned; an event is handed to the app (``AlertService/onEvent``).
    @discardableResult
    public func perform(_ button: Message.Button) async -> URL? {
        guard let message, let service else { return nil }
        self.message = nil
        images = []
        // With reporting on: the answer, as the launch message's (`button.N`, `tap`, `link`, `dismissed`).
        let event = ResultEvent.of(AlertPresentation.Button(button), in: message)
        let events = service.client?.results == nil ? [] : event.map { [$0] } ?? []
        countedShowing = nil
        do {
            for problem in try await service.client?.recordShowing(of: message, counting: events) ?? [] {
                service.hand(.problem(problem))
            }
        } catch {
            problem = "cannot record that message \(message.id) was shown: \(error)"
        }
        switch button.action {
        case .dismiss:
            service.hand(.dismissed(id: message.id, variant: message.variant))
            return nil
        case .url(let url):
            service.hand(.linkOpened(id: message.id, url: url, variant: message.variant))
            return url
        case .event(let name):
            service.hand(.buttonEvent(id: message.id, name: name, variant: message.variant))
            return nil
        }
    }
}
