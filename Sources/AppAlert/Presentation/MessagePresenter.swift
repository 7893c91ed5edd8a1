import Foundation
import Observation

/// How `.messageAlert(alertService)` puts the service's message on screen, decided here so the SwiftUI
/// code only draws: which container its layout takes (the system alert, a banner at the top, a card
/// over the dimmed app, a sheet), the bindings each container needs, what its controls do, and when a
/// banner leaves.
///
/// One message at a time, as the service decides; a wall stays and comes back after its link, as with
/// the system alert. Layouts in ``appDrawnLayouts`` are drawn by the app's own view in the same
/// container (an app-drawn alert in the card container: a system alert cannot hold a view).
@MainActor
@Observable
public final class MessagePresenter: AlertPresenting {
    /// Where a message goes on screen.
    public enum Container: Sendable, Hashable {
        /// The system alert (the `alert` layout, built in).
        case systemAlert
        /// A strip at the top, inside the safe area, that leaves by itself.
        case banner
        /// A card over the dimmed app (`modal`, `image`, an app-drawn `alert`).
        case card
        /// A sheet (`sheet`).
        case sheet
    }

    public let service: AlertService
    /// The layouts the app draws with its own view.
    public let appDrawnLayouts: Set<Message.Layout>
    /// The words of the controls the views add, in the app's preferred languages: read from the
    /// service's ``AlertService/messageTexts`` each time, so a change there reaches the views.
    public var texts: MessageTexts { service.controlTexts }
    /// The banner's countdown, from the moment it was shown.
    public private(set) var bannerTimer: BannerTimer?
    /// Whether the app is active, as last told (``appActivityChanged(active:at:)``); `true` until then.
    @ObservationIgnored public private(set) var isAppActive = true
    /// The close started by a binding or a timer, for a test to wait on.
    @ObservationIgnored private(set) var pendingClose: Task<Void, Never>?

    /// The presenter of `service`'s messages; the layouts in `appDrawnLayouts` are drawn by the app.
    public init(_ service: AlertService, appDrawnLayouts: Set<Message.Layout> = []) {
        self.service = service
        self.appDrawnLayouts = appDrawnLayouts
    }

    /// The presenter to keep for `service`: `existing` when it presents the same service with the same
    /// layouts, else a new one. A view that keeps its presenter in `@State` asks this at each update,
    /// so an app that replaces its service (an account or environment switch) is followed.
    package static func reusing(
        _ existing: MessagePresenter?, for service: AlertService, appDrawnLayouts: Set<Message.Layout> = []
    ) -> MessagePresenter {
        if let existing, existing.service === service, existing.appDrawnLayouts == appDrawnLayouts { return existing }
        return MessagePresenter(service, appDrawnLayouts: appDrawnLayouts)
    }

    /// The message on screen now, or `nil`.
    public var message: ResolvedMessage? { service.showMessage ? service.message : nil }

    /// The container of the message on screen now, or `nil`.
    public var container: Container? { message.map { container(for: $0.layout) } }

    /// The container of `layout`.
    public func container(for layout: Message.Layout) -> Container {
        switch layout {
        case .alert: appDrawnLayouts.contains(.alert) ? .card : .systemAlert
        case .banner: .banner
        case .modal, .image: .card
        case .sheet: .sheet
        }
    }

    /// Whether the message on screen is drawn by the app's own view.
    public var isAppDrawn: Bool { message.map { appDrawnLayouts.contains($0.layout) } ?? false }

    /// What the message's controls do; a link is opened with `open` (SwiftUI's `openURL`).
    public func actions(open: @escaping @MainActor (URL) -> Void) -> MessageActions {
        guard let message = service.message else { return MessageActions(texts: texts) }
        return MessageActions(
            images: service.messageImages,
            showsCloseControl: container(for: message.layout) != .banner && message.needsCloseControl,
            texts: texts, takesKeyboard: container(for: message.layout) != .banner,
            tapAction: message.action, tapTitle: message.title,
            perform: { [self] button in await answer(button, open: open) },
            close: { [self] in await service.close() }
        ).reportingPictureFailure { [self] in pictureFailed() }
    }

    @ObservationIgnored private var reportedPictureShowing: Int?

    /// The view could not decode the picture: said once per showing (it falls back to the words).
    func pictureFailed() {
        guard let message, reportedPictureShowing != service.showingNumber else { return }
        reportedPictureShowing = service.showingNumber
        service.hand(.problem(MessageActions.pictureProblem(message)))
    }

    /// One answer per showing: a second tap on the same showing's controls (a double tap on a link)
    /// does nothing; a wall that comes back is a new showing.
    @ObservationIgnored private var answeredShowing: Int?

    /// Performs a control of the message on screen, once per showing, and only while it is on screen
    /// (a banner closed by its time or a swipe cannot then open its link). A card or a banner has then
    /// ended its presentation: a wall whose link was followed is back at once (nothing else would
    /// bring it back when the link opened in the app: the scene stays active). After its event button
    /// a wall waits for ``AlertService/resumeAfterEvent()`` or the next check, so that it does not
    /// cover what the app shows for the event. A sheet ends when it has left the screen
    /// (``presentationEnded()`` from its `onDismiss`), the system alert when the scene is active again.
    func answer(_ button: Message.Button, open: @MainActor (URL) -> Void) async {
        guard service.showMessage, answeredShowing != service.showingNumber else { return }
        answeredShowing = service.showingNumber
        let container = self.container
        if let url = await service.perform(AlertPresentation.Button(button)) { open(url) }
        if container == .card || container == .banner { service.presentationEnded() }
    }

    /// Calls `left` once, on the main actor, when the message on screen now leaves it (answered,
    /// closed, its time up, its link followed) or another takes its place; at once when none is on
    /// screen. What a UIKit or AppKit host waits on to take its window or sheet down: the change is
    /// observed here, so the host only reacts.
    package func whenMessageLeaves(_ left: @escaping @MainActor () -> Void) {
        let shown = message.map { ($0.id, container(for: $0.layout)) }
        guard let shown else { return left() }
        withObservationTracking {
            _ = message
        } onChange: { [weak self] in
            // Called as the change begins (`willSet`): look once it has been made.
            Task { @MainActor in
                guard let self else { return }
                if let now = self.message, now.id == shown.0, self.container(for: now.layout) == shown.1 {
                    self.whenMessageLeaves(left)
                } else {
                    left()
                }
            }
        }
    }

    // MARK: The system alert (AlertPresenting)

    /// Bound to the system alert: `true` while an `alert` message is on screen and built in. SwiftUI
    /// sets it to `false` as a button is tapped; the button's action does the rest.
    public var isPresented: Bool {
        get { container == .systemAlert }
        set { if !newValue, container == .systemAlert { service.showMessage = false } }
    }

    /// The system alert's title, text and buttons; `nil` when the message takes another container.
    public var presentation: AlertPresentation? {
        guard let message = service.message, container(for: message.layout) == .systemAlert else { return nil }
        return AlertPresentation(message)
    }

    public func perform(_ button: AlertPresentation.Button) async -> URL? {
        await service.perform(button)
    }

    public func presentationEnded() {
        service.presentationEnded()
    }

    // MARK: The sheet

    /// Bound to the sheet: `true` while a sheet message is on screen. Set to `false` by SwiftUI when the
    /// user swipes the sheet down: that closes the message (recorded as dismissed). A wall's sheet
    /// cannot be swiped down (``canSwipeAway``).
    public var isShowingSheet: Bool {
        get { container == .sheet }
        set { if !newValue, container == .sheet { pendingClose = service.beginClose() } }
    }

    /// Whether the user may swipe the message away (a sheet down, a banner up): not a wall.
    public var canSwipeAway: Bool { message?.dismissible ?? false }

    // MARK: The banner

    /// The banner went on screen at `date`; its countdown starts, or waits while VoiceOver runs or the
    /// app is not active (``appActivityChanged(active:at:)``).
    public func bannerShown(at date: Date, voiceOverRunning: Bool) {
        guard let message, message.layout == .banner else { return }
        var timer = BannerTimer(message)
        timer.shown(at: date, voiceOverRunning: voiceOverRunning, appActive: isAppActive)
        bannerTimer = timer
    }

    /// VoiceOver started or stopped while the banner is on screen.
    public func voiceOverChanged(running: Bool, at date: Date) {
        bannerTimer?.voiceOverChanged(running: running, at: date)
    }

    /// The app (the scene showing the message) became active or stopped being active: a banner's
    /// countdown waits while it is not, and starts again from the full time when it is back. The views
    /// and hosts call it whenever it changes, with or without a banner on screen.
    public func appActivityChanged(active: Bool, at date: Date) {
        isAppActive = active
        bannerTimer?.appActivityChanged(active: active, at: date)
    }

    /// When the banner is to leave: the view waits until then and calls ``bannerTimeCheck(at:)``.
    /// `nil` while it is held (VoiceOver, the app not active) or no banner is on screen.
    public var bannerDeadline: Date? { container == .banner ? bannerTimer?.deadline : nil }

    /// The banner's time is up at `now`: it leaves, recorded as dismissed. Early calls do nothing.
    public func bannerTimeCheck(at now: Date) {
        guard container == .banner, let bannerTimer, bannerTimer.isDue(at: now) else { return }
        self.bannerTimer = nil
        pendingClose = service.beginClose()
    }

    /// Whether a drag of the banner that ends here closes it: upward (negative `translation`, in
    /// points) by more than 24 points, or flicked so that it would have gone 60 (`predictedEnd`).
    public nonisolated static func dragClosesBanner(translation: Double, predictedEnd: Double) -> Bool {
        translation < -24 || predictedEnd < -60
    }

    /// The banner's drag ended: it closes when ``dragClosesBanner(translation:predictedEnd:)`` says so.
    public func bannerDragEnded(translation: Double, predictedEnd: Double) {
        guard container == .banner, Self.dragClosesBanner(translation: translation, predictedEnd: predictedEnd)
        else { return }
        bannerTimer = nil
        pendingClose = service.beginClose()
    }

    /// What VoiceOver announces when the banner appears: its title, then its text.
    public var bannerAnnouncement: String? {
        guard container == .banner, let message else { return nil }
        return message.text.isEmpty ? message.title : "\(message.title)\n\(message.text)"
    }
}
