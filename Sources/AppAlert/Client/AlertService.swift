import Foundation
import Observation

/// Shows remote messages in an app: the tutorial's `AlertService`, done properly.
///
/// ```swift
/// @State private var alertService = AlertService("https://example.github.io/AppAlert/messages.json")
///
/// var body: some View {
///     ContentView()
///         .task { await alertService.showAlertIfNecessary() }
///         .messageAlert(alertService)  // AppAlertUI
/// }
/// ```
///
/// An app with several windows (iPad, Mac) keeps one service in its `App` and gives it to each
/// window's view, so that one window shows each message.
///
/// ``showAlertIfNecessary()`` loads the feed (conditionally, falling back to the last good copy),
/// picks the message for this install and sets ``message`` and ``showMessage``. A showing is recorded
/// when the user dismisses the alert or follows its link (``perform(_:)``), so an app quit while the
/// alert is up shows it again next launch.
@MainActor
@Observable
public final class AlertService: AlertPresenting {
    /// The message to show, resolved for the device's languages.
    public private(set) var message: ResolvedMessage?
    /// Bound to the alert's presentation.
    public var showMessage = false
    /// The message's images, loaded and checked by the core before it was shown: the views draw these
    /// bytes and never download again.
    public private(set) var messageImages: [ImageLoadResult] = []
    /// The last check's outcome, for debugging.
    public private(set) var lastCheck: AlertClient.CheckResult?
    /// What the app knows about its user or install (`"plan": "pro"`, `"beta": true`), for the feed's
    /// `attributes` targeting. Settable at any time; the next check uses the new values.
    public var attributes: [String: AttributeValue] = [:] {
        didSet { if attributes != oldValue { revision += 1 } }
    }
    /// Grows when a check finishes or ``attributes`` change: what inline slots re-decide on
    /// (``MessageSlotModel``).
    public private(set) var revision = 0
    /// Which of the app's windows draws the message (AppAlertUI's views claim it).
    @ObservationIgnored package private(set) lazy var stage = MessageStage()
    /// Counts the showings put on screen (a wall that comes back is a new one): a control answers once
    /// per showing.
    @ObservationIgnored package private(set) var showingNumber = 0
    /// The showing known to have been on screen: its `shown` event was sent and, with reporting on,
    /// counted; once per showing, however many windows it moves through.
    @ObservationIgnored private var appearedShowing: Int?
    /// The showing of a wall put back as its link was followed (``presentationEnded()``): the user is
    /// likely in the browser, so it is announced when the app is active again (``appBecameActive()``)
    /// or when it is answered, not when a window draws it. A wall put back by a check is not.
    @ObservationIgnored private var backFromLink: Int?
    /// Whether a window drew that showing while the user was away.
    @ObservationIgnored private var drawnWhileAway = false
    /// The last run of the results sender, started after a check (for a test to wait on).
    @ObservationIgnored package private(set) var sending: Task<Void, Never>?
    /// The last counting started by ``messageAppeared()`` (for a test to wait on).
    @ObservationIgnored package private(set) var counting: Task<Void, Never>?
    /// The message center: items, unread count, opening and deleting.
    @ObservationIgnored public private(set) lazy var inbox = InboxModel(service: self)
    /// Called for every event, on the main actor.
    @ObservationIgnored public var onEvent: ((AlertEvent) -> Void)?
    /// The words the views add by themselves (close, delete, the inbox's title and empty state,
    /// "unread"), by language; default: the built-in table. Change an entry of a copy to reword a
    /// control, add one for a language; the entry for the device's languages is chosen as the update
    /// prompt's texts are.
    @ObservationIgnored public var messageTexts: [String: MessageTexts] = MessageTexts.builtIn

    /// ``messageTexts`` for the app's preferred languages.
    var controlTexts: MessageTexts {
        MessageTexts.forLanguages(client?.app.preferredLanguages ?? AppInfo.currentLanguages, in: messageTexts)
    }

    @ObservationIgnored public let client: AlertClient?
    @ObservationIgnored private let setupError: String?
    /// A wall the user left by a control that is not a dismissal, and how: after its link it goes back
    /// on screen once the alert that was tapped is gone (``presentationEnded()``); after its event
    /// button, once the app's own screen is done (``resumeAfterEvent()``) or at the next check.
    @ObservationIgnored private var wallPending: PendingWall?

    private enum PendingWall { case link, event }

    /// The message as a platform-neutral alert.
    public var presentation: AlertPresentation? { message.map(AlertPresentation.init) }

    /// ``showMessage``, under the name every presenter uses.
    public var isPresented: Bool {
        get { showMessage }
        set { showMessage = newValue }
    }

    /// The tutorial's initializer: the feed's URL, and the app as its main bundle describes it, with
    /// the default store (UserDefaults on Apple platforms, honouring the tutorial's `lastMessageId`;
    /// files under `~/.local/state` elsewhere) and configuration.
    ///
    /// With `publicKeys` (the `ed25519:…` text of `appalert.pub`; several during a key rotation), only
    /// feeds signed with one of them are accepted, and an older signed feed served again is refused.
    /// `linkPolicy` says which links messages may open (by default `https:` only). With `reporting`,
    /// what messages did is counted and sent to the app's collector (docs/reporting.md); off by default.
    public convenience init(
        _ url: String, publicKeys: [String] = [], linkPolicy: LinkPolicy = LinkPolicy(),
        reporting: ReportingConfiguration? = nil
    ) {
        guard let source = FeedSource(url) else {
            self.init(client: nil, setupError: "\"\(url)\" is not an https: URL or a file path")
            return
        }
        guard var app = AppInfo.fromBundle() else {
            self.init(
                client: nil,
                setupError: "the main bundle has no identifier or version; use AlertService(client:) with an AppInfo")
            return
        }
        app.linkPolicy = linkPolicy
        var configuration = FeedLoaderConfiguration()
        if !publicKeys.isEmpty {
            do {
                configuration.trust = try FeedTrust(publicKeys: publicKeys)
            } catch {
                self.init(client: nil, setupError: "a public key cannot be used: \(error.reason)")
                return
            }
        }
        self.init(
            client: AlertClient(
                source: source, app: app, store: AlertService.defaultStore(bundleID: app.bundleID),
                configuration: configuration, reporting: reporting))
    }

    /// A service over a configured client: your own store, transport, configuration, clock or
    /// reporting (``AlertClient/init(source:app:store:transport:configuration:clock:imageLoader:reporting:)``).
    public convenience init(client: AlertClient) {
        self.init(client: client, setupError: nil)
    }

    private init(client: AlertClient?, setupError: String?) {
        self.client = client
        self.setupError = setupError
    }

    /// The store ``init(_:publicKeys:linkPolicy:reporting:)`` uses.
    public nonisolated static func defaultStore(bundleID: String) -> any AlertStore {
        #if canImport(Darwin)
            return UserDefaultsAlertStore(cacheDirectory: FileAlertStore.defaultCacheDirectory(bundleID: bundleID))
        #else
            return FileAlertStore(bundleID: bundleID)
        #endif
    }

    /// Checks the feed and, when a message is due, sets ``message`` and ``showMessage``. Does nothing
    /// while a message is on screen; puts a wall whose link was followed back on screen without
    /// checking.
    public func showAlertIfNecessary() async {
        await check(event: nil)
    }

    /// Reports an event of the app (`"purchase"`, `"export.done"`): the messages whose trigger is that
    /// event are considered, and one that is due is shown as a launch message is. Names are
    /// case-sensitive, 1 to 64 letters, digits, `_`, `-` or `.`; an invalid name is reported as a
    /// problem and nothing is checked.
    ///
    /// With reporting on, the event also counts as the conversion of a message shown within its
    /// `conversion` window that names it (``AlertClient/record(event:)``).
    public func handle(event name: String) async {
        guard Message.Trigger.isValidEventName(name) else {
            emit(.problem("AlertService.handle(event:): \"\(Excerpt.of(name))\" is not an event name"))
            return
        }
        if let client, client.results != nil {
            // After the showing's own count, which starts its wait for a conversion.
            await counting?.value
            do {
                for problem in try await client.record(event: name) { emit(.problem(problem)) }
            } catch {
                emit(.problem("cannot count the conversion of event \"\(name)\": \(error)"))
            }
        }
        await check(event: name)
    }

    private func check(event: String?) async {
        guard !showMessage else { return }
        // A wall left by its event button is not put back by the event the app records in answer
        // (that would cover what the app shows for it): only by resumeAfterEvent() or a plain check.
        if event == nil || wallPending == .link, presentPendingWall() { return }
        guard let client else {
            emit(.problem("AlertService: \(setupError ?? "not configured")"))
            return
        }
        let result = await client.check(attributes: attributes, event: event)
        lastCheck = result
        revision += 1
        emit(.checked(source: result.load.source, error: result.load.error?.reason))
        if let storeError = result.storeError ?? result.load.storeError { emit(.problem(storeError.description)) }
        defer { sendCounts(client) }
        guard let next = result.decision.message else { return }
        message = next
        messageImages = result.images
        showMessage = true
        showingNumber += 1
        // `.shown` waits for a window to draw it (messageAppeared()) or for its answer: a message
        // chosen while no window can draw it is not reported as shown.
    }

    /// With reporting on, sends the counts when a run is due: after the decision, in a task of its own,
    /// off the main actor (``AlertClient/sendCountsIfDue()``).
    private func sendCounts(_ client: AlertClient) {
        guard client.results != nil else { return }
        sending = Task.detached(priority: .utility) { [weak self] in
            let problems = await client.sendCountsIfDue()
            guard !problems.isEmpty else { return }
            await self?.emitAll(problems)
        }
    }

    private func emitAll(_ problems: [String]) {
        for problem in problems { emit(.problem(problem)) }
    }

    /// Tells the service that its message is on screen now: a window drew it. The ``AlertEvent/shown(id:variant:)``
    /// event is sent then, once per showing however many windows it moves through, and with reporting
    /// on the showing is counted as `shown`. The views of AppAlertUI call it; an app that draws the
    /// message itself calls it when its view appears (a showing answered without this call is reported
    /// and counted as shown when it is answered).
    ///
    /// Returns the task that stores the count (nil when there is nothing to count), for a caller that
    /// must know when it is stored; views ignore it.
    @discardableResult
    public func messageAppeared() -> Task<Void, Never>? {
        guard showMessage, let message else { return nil }
        if backFromLink == showingNumber {
            drawnWhileAway = true
            return nil
        }
        guard markAppeared(message) else { return nil }
        guard let client, client.results != nil else { return nil }
        let counting = Task { [weak self] in
            do {
                let problems = try await client.count([.shown], of: message)
                self?.emitAll(problems)
            } catch {
                self?.emit(.problem("cannot count that message \(message.id) was shown: \(error)"))
            }
        }
        self.counting = counting
        return counting
    }

    /// Tells the service that the app is active again (its scene became active after it was not): a
    /// wall put back after its link, drawn while the user was in the browser, is announced now (the
    /// ``AlertEvent/shown(id:variant:)`` event and its count). The views and presenters of AppAlertUI
    /// call it; an app with its own presentation calls it when its scene becomes active, after
    /// ``presentationEnded()``.
    public func appBecameActive() {
        guard let showing = backFromLink else { return }
        backFromLink = nil
        if showing == showingNumber, drawnWhileAway { messageAppeared() }
    }

    /// ``messageAppeared()`` for `showing` only: an announcement that waited for the app to be active
    /// does nothing once another showing has taken the place of that one.
    package func messageAppeared(showing: Int) {
        guard showing == showingNumber else { return }
        messageAppeared()
    }

    /// The showing on screen is known to have appeared: sends `.shown` the first time for this
    /// showing and returns `true` then.
    private func markAppeared(_ message: ResolvedMessage) -> Bool {
        guard appearedShowing != showingNumber else { return false }
        appearedShowing = showingNumber
        emit(.shown(id: message.id, variant: message.variant))
        return true
    }

    /// What an answer to the showing on screen counts: `event`, and `shown` when no window said it
    /// appeared (the `.shown` event is sent then, before the answer's).
    private func counted(_ event: ResultEvent?, of message: ResolvedMessage) -> [ResultEvent] {
        let unannounced = markAppeared(message)
        guard let client, client.results != nil else { return [] }
        var events: [ResultEvent] = unannounced ? [.shown] : []
        if let event { events.append(event) }
        return events
    }

    /// Handles a tap on one of the presentation's buttons: records the showing and, for a link,
    /// returns the URL to open. A wall comes back after its link is followed.
    @discardableResult
    public func perform(_ button: AlertPresentation.Button) async -> URL? {
        guard let message else { return nil }
        let events = button.action.isMessageAction ? counted(ResultEvent.of(button, in: message), of: message) : []
        switch button.action {
        case .dismiss:
            showMessage = false
            await record(message, events)
            emit(.dismissed(id: message.id, variant: message.variant))
            return nil
        case .openLink(let url):
            // Off the screen before the showing is recorded: a view updated while the store writes
            // must not find the message still up (and put it on screen a second time).
            showMessage = false
            // A wall stays, but not while the alert that was tapped is still leaving the screen:
            // SwiftUI drops a presentation set during the dismissal, and then nothing is shown while
            // showMessage says otherwise. It comes back at presentationEnded() or the next check.
            wallPending = message.dismissible ? nil : .link
            await record(message, events)
            emit(.linkOpened(id: message.id, url: url, variant: message.variant))
            return url
        case .event(let name):
            showMessage = false
            // The app acts on it — it may show a screen of its own, or call handle(event:) for
            // messages the event triggers — so a wall does not come back on top of that at once: it
            // waits for resumeAfterEvent() or the next check.
            wallPending = message.dismissible ? nil : .event
            await record(message, events)
            emit(.buttonEvent(id: message.id, name: name, variant: message.variant))
            return nil
        case .update, .reload, .later, .skip:
            // An update prompt's button: not this service's.
            return nil
        }
    }

    /// Tells the service that the alert it asked for has left the screen, or that the app is active
    /// again (back from the link it opened): a wall whose link was followed is shown again. The
    /// presenters in AppAlertUI call it; an app with its own presentation calls it from its
    /// dismissal's completion and when its scene becomes active.
    public func presentationEnded() {
        guard wallPending == .link else { return }
        // Put back as the link is followed: the user is likely in the browser, so it is announced when
        // the app is active again (appBecameActive()).
        presentPendingWall(userAway: true)
    }

    /// Tells the service that what the app did for a wall's event button is done (its own screen, a
    /// purchase, a tour has closed): the wall goes back on screen. Without this call it comes back at
    /// the next ``showAlertIfNecessary()`` (not at ``handle(event:)``, which the app may call for that
    /// very event). It never comes back by itself at once: an app's screen opened for the event would
    /// be under it. With `UIKitAlertPresenter` or `AppKitAlertPresenter`, present again after this call.
    public func resumeAfterEvent() {
        guard wallPending == .event else { return }
        presentPendingWall()
    }

    @discardableResult
    private func presentPendingWall(userAway: Bool = false) -> Bool {
        guard wallPending != nil, message != nil else { return false }
        wallPending = nil
        showMessage = true
        showingNumber += 1
        if userAway {
            backFromLink = showingNumber
            drawnWhileAway = false
        }
        return true
    }

    /// Closes the message without one of its buttons — a close control, a swipe, a banner whose time is
    /// up: it leaves the screen and the showing is recorded as a dismissal. A wall stays.
    public func close() async {
        await beginClose()?.value
    }

    /// ``close()``'s first step: the message leaves the screen at once (a sheet's binding must read
    /// `false` as soon as SwiftUI sets it), and the task that records it.
    func beginClose() -> Task<Void, Never>? {
        guard showMessage, let message, message.dismissible else { return nil }
        let events = counted(.dismissed, of: message)
        showMessage = false
        return Task {
            await record(message, events)
            emit(.dismissed(id: message.id, variant: message.variant))
        }
    }

    /// Dismisses the current message (its confirm button).
    public func dismiss() async {
        guard let presentation else { return }
        if let button = presentation.buttons.first(where: { $0.action == .dismiss }) { await perform(button) }
    }

    /// Forgets what this install has seen and the cached feed: for testing and debugging.
    public func resetState() async throws {
        try await client?.reset()
        message = nil
        showMessage = false
        wallPending = nil
    }

    /// Where the state and the cached feed are kept (the tutorial's `cachesLocation` and
    /// `userDefaultsLocation`), for a developer to look at.
    public var locations: [String] { client?.storeLocations ?? [] }

    private func record(_ message: ResolvedMessage, _ events: [ResultEvent]) async {
        // In the order they happened: the showing's `shown` before its answer.
        await counting?.value
        do {
            emitAll(try await client?.recordShowing(of: message, counting: events) ?? [])
        } catch {
            emit(.problem("cannot record that message \(message.id) was shown: \(error)"))
        }
    }

    private func emit(_ event: AlertEvent) {
        onEvent?(event)
    }

    /// Reports an event of a slot or the inbox to the app, as the service's own.
    package func hand(_ event: AlertEvent) {
        emit(event)
    }
}
