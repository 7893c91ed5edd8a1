import Foundation

extension AlertClient {
    /// The outcome of one check: how the feed was loaded and what to show.
    public struct CheckResult: Sendable {
        public var load: FeedLoader.LoadResult
        public var decision: MessageDecision
        /// The store could not be read or written: nothing is shown, so nothing is shown twice.
        public var storeError: AlertStoreError?
        /// The chosen message's images (its image, then its dark-appearance image), loaded and checked
        /// before it is shown; empty when it has none.
        public var images: [ImageLoadResult] = []
        /// A message that was due, but whose image could not be had: it is not in ``decision``, not shown
        /// and not counted, and the next check tries again.
        public var deferred: ResolvedMessage?

        public init(load: FeedLoader.LoadResult, decision: MessageDecision, storeError: AlertStoreError? = nil) {
            self.load = load
            self.decision = decision
            self.storeError = storeError
        }

        /// The first image that could not be had, else the message's image: what a report names.
        public var reportedImage: ImageLoadResult? { images.first { !$0.isAvailable } ?? images.first }
    }
}

/// The whole client flow without a screen: load the feed, decide for this install, remember what
/// was shown. ``AlertService`` drives it for apps; command-line tools use it directly.
public actor AlertClient {
    public nonisolated let app: AppInfo
    public let loader: FeedLoader
    private let store: any AlertStore
    private let clock: AlertClock
    private let transport: any FeedTransport
    private var imageLoader: ImageLoader?
    /// Where results are counted and sent; `nil` without a ``ReportingConfiguration``.
    nonisolated let results: ResultsRecorder?

    /// Loads the images of messages before they are shown; made on first use (a launch whose message
    /// has no image never touches the file system for it).
    public var images: ImageLoader {
        if let imageLoader { return imageLoader }
        let loader = ImageLoader(
            directory: FileAlertStore.defaultCacheDirectory(bundleID: app.bundleID).appendingPathComponent("images"),
            transport: transport, clock: clock)
        imageLoader = loader
        return loader
    }

    /// A client for `app` over `source`. The feed is read for this app only (its decoder's
    /// ``FeedDecoder/bundleID`` is the app's): messages for other apps are skipped unread. Messages'
    /// images come from `imageLoader`: by default an
    /// ``ImageLoader`` over the same transport, in `images` under
    /// ``FileAlertStore/defaultCacheDirectory(bundleID:)``.
    ///
    /// With `reporting`, the client counts what messages did and sends the counts to the app's
    /// collector over `transport` (``sendCountsIfDue()``); without it, nothing is counted or sent.
    public init(
        source: FeedSource, app: AppInfo, store: any AlertStore,
        transport: any FeedTransport = URLSessionFeedTransport(),
        configuration: FeedLoaderConfiguration = FeedLoaderConfiguration(), clock: AlertClock = .system,
        imageLoader: ImageLoader? = nil, reporting: ReportingConfiguration? = nil
    ) {
        self.results = reporting.map {
            ResultsRecorder(configuration: $0, store: store, app: app.bundleID, transport: transport, clock: clock)
        }
        self.app = app
        self.store = store
        self.clock = clock
        self.transport = transport
        self.imageLoader = imageLoader
        // Only this app's messages are read (FeedDecoder.bundleID): a feed shared by many apps costs a
        // launch what its own messages cost.
        var configuration = configuration
        configuration.decoder.bundleID = app.bundleID
        self.loader = FeedLoader(
            source: source, store: store, transport: transport, configuration: configuration, clock: clock)
    }

    /// Where the store keeps its data, for debugging.
    public nonisolated var storeLocations: [String] { store.locations }

    /// Loads the feed and decides which message to show now. Records nothing: call
    /// ``recordShowing(of:)`` once the user dismissed the message or followed its link.
    ///
    /// `attributes` are what the app knows about its user (for `attributes` targeting); `event` is the
    /// event being handled, or `nil` at launch (only messages with that trigger are considered).
    ///
    /// `placement` is what is decided for: the launch message (the default) or one of the app's
    /// slots; each decides on its own. For the message center, see ``inbox(ignoringInterval:attributes:)``.
    public func check(
        ignoringInterval: Bool = false, explain: Bool = false, attributes: [String: AttributeValue] = [:],
        event: String? = nil, placement: Message.Placement = .launch
    ) async -> AlertClient.CheckResult {
        let load = await loader.load(ignoringInterval: ignoringInterval)
        guard let feed = load.feed else {
            return AlertClient.CheckResult(load: load, decision: MessageDecision(message: nil))
        }
        do {
            let state = try await state(readBy: load)
            var context = Self.context(app: app, state: state, now: clock.now, attributes: attributes, event: event)
            context.placement = placement
            let decision = MessageSelector.decide(feed, context: context, history: state.history, explain: explain)
            var result = AlertClient.CheckResult(load: load, decision: decision)
            await prepareImages(of: &result)
            return result
        } catch {
            return AlertClient.CheckResult(
                load: load, decision: MessageDecision(message: nil), storeError: Self.storeError(error))
        }
    }

    /// Loads, decides and records the showing in one step of the store: for a presentation that needs
    /// no answer from the user (a notice printed by a command-line tool). Processes sharing the store
    /// never show the same message more often than it allows.
    public func checkAndRecord(
        ignoringInterval: Bool = false, explain: Bool = false, attributes: [String: AttributeValue] = [:],
        event: String? = nil
    ) async -> AlertClient.CheckResult {
        let load = await loader.load(ignoringInterval: ignoringInterval)
        guard let feed = load.feed else {
            return AlertClient.CheckResult(load: load, decision: MessageDecision(message: nil))
        }
        let app = self.app
        let now = clock.now
        let reporting = results?.configuration
        do {
            // One step of the store decides and records, as before images existed. A message with an image
            // is not recorded in it: its image is loaded first (no network inside the store's step), then
            // a second step records it if it is still the one due.
            // `loaded`: the message whose images are at hand; any other message with an image is not shown.
            let decide = { @Sendable (state: inout InstallState, loaded: Int?) -> MessageDecision in
                let context = Self.context(app: app, state: state, now: now, attributes: attributes, event: event)
                var decision = MessageSelector.decide(feed, context: context, history: state.history, explain: explain)
                if let message = decision.message, message.image != nil, message.id != loaded {
                    if loaded != nil { decision.message = nil }  // shown meanwhile by another process
                    return decision
                }
                if let id = decision.selectedID {
                    state.history.recordShowing(of: id, at: now)
                    // Printed by the tool without a window: counted at its showing.
                    if let reporting, let message = decision.message {
                        _ = ResultsRecorder.count([.shown], of: message, in: &state, at: now, configuration: reporting)
                    }
                }
                return decision
            }
            var result = AlertClient.CheckResult(load: load, decision: try await store.updateState { decide(&$0, nil) })
            guard let waiting = result.decision.message, waiting.image != nil else { return result }
            await prepareImages(of: &result)
            if result.deferred != nil { return result }
            result.decision = try await store.updateState { decide(&$0, waiting.id) }
            if result.decision.selectedID != waiting.id { result.images = [] }
            return result
        } catch {
            return AlertClient.CheckResult(
                load: load, decision: MessageDecision(message: nil), storeError: Self.storeError(error))
        }
    }

    /// The state the load read, when it wrote nothing after; else the store's.
    private func state(readBy load: FeedLoader.LoadResult) async throws -> InstallState {
        if let state = load.state { return state }
        return try await store.state()
    }

    /// Loads the chosen message's images; when one cannot be had, the message is deferred.
    private func prepareImages(of result: inout AlertClient.CheckResult) async {
        guard let message = result.decision.message, message.image != nil else { return }
        let loaded = await loadImages(of: message)
        result.images = loaded
        if loaded.contains(where: { !$0.isAvailable }) {
            result.deferred = message
            result.decision.message = nil
        }
    }

    /// `message`'s image, then its dark-appearance image, loaded and checked (none without an image):
    /// what a view draws. An inbox item's card loads its images this way when it is opened.
    public func loadImages(of message: ResolvedMessage) async -> [ImageLoadResult] {
        guard let image = message.image else { return [] }
        var loaded = [await images.load(image.url)]
        if let dark = image.darkURL { loaded.append(await images.load(dark)) }
        return loaded
    }

    /// The message center now: the feed (loaded as ``check(ignoringInterval:explain:attributes:event:placement:)``
    /// loads it) with the user's read and deleted items.
    public func inbox(ignoringInterval: Bool = false, attributes: [String: AttributeValue] = [:]) async
        -> (inbox: Inbox, load: FeedLoader.LoadResult, storeError: AlertStoreError?)
    {
        let load = await loader.load(ignoringInterval: ignoringInterval)
        guard let feed = load.feed else { return (Inbox(), load, nil) }
        do {
            let state = try await state(readBy: load)
            let context = Self.context(app: app, state: state, now: clock.now, attributes: attributes, event: nil)
            return (
                Inbox(feed, context: context, history: state.history, state: state.inbox ?? Inbox.State()), load, nil
            )
        } catch {
            return (Inbox(), load, Self.storeError(error))
        }
    }

    /// The user opened inbox item `id`: it is read, and the opening counts as a view (`maxViews`). With
    /// reporting on, ``InboxModel/open(_:)`` also counts it as `opened`: it knows the variant listed.
    public func openInboxItem(_ id: Int) async throws {
        _ = try await openInboxItem(id, counting: nil)
    }

    /// ``openInboxItem(_:)`` for `message` as it was listed, counted as `opened` with reporting on.
    /// Returns the problems to report (counters dropped).
    func openInboxItem(_ message: ResolvedMessage) async throws -> [String] {
        try await openInboxItem(message.id, counting: message)
    }

    private func openInboxItem(_ id: Int, counting message: ResolvedMessage?) async throws -> [String] {
        let now = clock.now
        let reporting = results?.configuration
        return try await store.updateState { state in
            state.inbox = state.inbox ?? Inbox.State()
            state.inbox?.markRead(id)
            state.history.recordShowing(of: id, at: now)
            guard let reporting, let message else { return [] }
            return ResultsRecorder.count([.opened], of: message, in: &state, at: now, configuration: reporting)
        }
    }

    /// Inbox item `message` was drawn in the visible list. Its first drawing on a UTC day is that day's
    /// showing of it, counted as `shown` with reporting on; later ones that day are not. Returns whether
    /// this one was the day's showing, and the problems to report.
    func listInboxItem(_ message: ResolvedMessage) async throws -> (shown: Bool, problems: [String]) {
        let now = clock.now
        let reporting = results?.configuration
        return try await store.updateState { state in
            var inbox = state.inbox ?? Inbox.State()
            guard inbox.markListed(message.id, day: UTCDay.text(of: now)) else { return (false, []) }
            state.inbox = inbox
            guard let reporting else { return (true, []) }
            return (true, ResultsRecorder.count([.shown], of: message, in: &state, at: now, configuration: reporting))
        }
    }

    /// The user deleted inbox item `id`: it is not listed again.
    public func deleteInboxItem(_ id: Int) async throws {
        try await deleteInboxItems([id])
    }

    /// Records that the user undid the deletion of the inbox items `ids`, in one write of the store.
    func undeleteInboxItems(_ ids: Set<Int>) async throws {
        try await store.updateState { state in
            guard var inbox = state.inbox else { return }
            for id in ids { inbox.undelete(id) }
            state.inbox = inbox
        }
    }

    /// Records that the user deleted the inbox items `ids`, in one write of the store.
    func deleteInboxItems(_ ids: Set<Int>) async throws {
        try await store.updateState { state in
            var inbox = state.inbox ?? Inbox.State()
            for id in ids { inbox.delete(id) }
            state.inbox = inbox
        }
    }

    /// Records that message `id` was shown: the user dismissed it or followed its link.
    public func recordShowing(of id: Int) async throws {
        let now = clock.now
        try await store.updateState { $0.history.recordShowing(of: id, at: now) }
    }

    /// Records that `message` was shown and, with reporting on, counts `events` in the same step of the
    /// store. Returns the problems to report (counters dropped).
    func recordShowing(of message: ResolvedMessage, counting events: [ResultEvent]) async throws -> [String] {
        let now = clock.now
        let reporting = results?.configuration
        return try await store.updateState { state in
            state.history.recordShowing(of: message.id, at: now)
            guard let reporting, !events.isEmpty else { return [] }
            return ResultsRecorder.count(events, of: message, in: &state, at: now, configuration: reporting)
        }
    }

    /// With reporting on, counts `events` of `message` (a window put it on screen: `shown`). Returns the
    /// problems to report. Without reporting, does nothing.
    func count(_ events: [ResultEvent], of message: ResolvedMessage) async throws -> [String] {
        guard let results else { return [] }
        return try await results.count(events, of: message)
    }

    /// Records that the app's event `name` happened (`"purchase"`): with reporting on, a showing of a
    /// message whose `conversion` names it, within its window, counts one conversion (at most one per
    /// showing). Returns the problems to report; without reporting, does nothing.
    /// ``AlertService/handle(event:)`` calls it.
    @discardableResult
    public func record(event name: String) async throws -> [String] {
        guard let results else { return [] }
        return try await results.record(event: name)
    }

    /// With reporting on, sends the counts of the days before today that the collector has not yet
    /// acknowledged, when a run is due: once a UTC day, and after a failure when its backoff (or the
    /// collector's `Retry-After`) has passed. Returns the problems to report (a batch the collector
    /// refused, with its reason; counts it could not take yet). ``AlertService`` calls it after each
    /// check, off the launch's path; a command-line tool calls it when its work is done.
    @discardableResult
    public func sendCountsIfDue() async -> [String] {
        guard let results else { return [] }
        return await results.sendIfDue()
    }

    /// Forgets what this install has seen and the cached feed (the install id too).
    public func reset() async throws {
        try await store.reset()
    }

    /// The install as the store knows it: its id, the version history's recent update, launch count
    /// (every launch recorded, this one included) and install and update dates — unknown without a
    /// history (LaunchRecorder not used) or for an install older than its history.
    static func context(
        app: AppInfo, state: InstallState, now: Date, attributes: [String: AttributeValue], event: String?
    ) -> EvaluationContext {
        let history = state.versionHistory
        var context = app.context(installID: state.installID, now: now, recentUpdate: history?.recentUpdate)
        context.attributes = attributes
        context.event = event
        context.launchCount = history.map { $0.launchCounts.values.reduce(0, +) }
        context.installedAt = history.flatMap { $0.predatesHistory ? nil : $0.firstLaunchDate }
        context.updatedAt = history?.lastChange?.date
        return context
    }

    static func storeError(_ error: any Error) -> AlertStoreError {
        (error as? AlertStoreError) ?? AlertStoreError(location: "store", reason: "\(error)")
    }
}
