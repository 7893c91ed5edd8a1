import Foundation

/// Update notices for command-line tools, the way npm's update-notifier does them: the check runs in
/// the background at most once per interval, so a tool's start never waits; the notice comes from the
/// last completed check and is printed at exit, on a terminal only; `CI` or `NO_UPDATE_NOTIFIER` in the
/// environment turns it off.
///
/// ```swift
/// let notifier = UpdateNotifier(checker: checker, store: store)
/// let check = notifier.start()          // returns at once
/// … the tool's work …
/// await notifier.finish(check, appName: "mytool")   // prints the notice, if due, on a terminal
/// ```
public struct UpdateNotifier: Sendable {
    public let checker: UpdateChecker
    public let store: any AlertStore
    /// The shortest time between two checks. The default is 1 day.
    public var interval: TimeInterval
    /// How long ``finish(_:appName:force:)`` waits for a check still running. The default is 0.5 s.
    public var grace: TimeInterval
    private let environment: [String: String]
    private let clock: AlertClock
    private let results: ResultsRecorder?

    /// With `reporting`, each notice printed is counted (`update.shown`, per offered version) and the
    /// counts of the days before today go to the app's collector over `transport`, once a day, from
    /// the background task of ``start()``.
    public init(
        checker: UpdateChecker, store: any AlertStore, interval: TimeInterval = 86_400, grace: TimeInterval = 0.5,
        environment: [String: String] = ProcessInfo.processInfo.environment, clock: AlertClock = .system,
        reporting: ReportingConfiguration? = nil, transport: any FeedTransport = URLSessionFeedTransport()
    ) {
        self.results = reporting.map {
            ResultsRecorder(
                configuration: $0, store: store, app: checker.app.bundleID, transport: transport, clock: clock)
        }
        self.checker = checker
        self.store = store
        self.interval = interval
        self.grace = grace
        self.environment = environment
        self.clock = clock
    }

    /// Off in CI and when `NO_UPDATE_NOTIFIER` is set.
    public var isEnabled: Bool {
        environment["CI"] == nil && environment["NO_UPDATE_NOTIFIER"] == nil
    }

    /// Starts a check in the background when the last one is older than ``interval``; returns at once.
    public func start() -> Task<Void, Never>? {
        guard isEnabled else { return nil }
        let checker = checker
        let store = store
        let interval = interval
        let now = clock.now
        let results = results
        return Task.detached {
            let last = try? await store.state().lastUpdateCheck?.date
            if last.map({ now.timeIntervalSince($0) >= interval || now < $0 }) ?? true {
                _ = await checker.check()
            }
            // After the check, which the notice at exit waits for. Problems of the sender are not
            // printed: a tool's output is its user's.
            if let results { _ = await results.sendIfDue() }
        }
    }

    /// The notice for the last completed check, or `nil` when there is nothing to say: the update
    /// prompt's built-in texts in the user's languages (``AppInfo/preferredLanguages`` of the checker's
    /// app: on Linux `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), the versions from and to, and the
    /// page to update from.
    public func notice(appName: String) async -> String? {
        guard isEnabled, let record = try? await store.state().lastUpdateCheck,
            record.kind != UpdateDecision.Kind.none.rawValue,
            let available = record.availableVersion
        else { return nil }
        let installed = checker.app.appVersion
        guard let availableVersion = Version(available), let installedVersion = Version(installed),
            availableVersion > installedVersion
        else { return nil }
        let required = record.kind == UpdateDecision.Kind.required.rawValue
        let decision = UpdateDecision(
            kind: required ? .required : .optional,
            reason: UpdateDecision.Reason(
                required ? .belowMinimumVersion : .updateAvailable, "the last check's answer"),
            installedVersion: installedVersion, availableVersion: availableVersion,
            storeURL: record.storeURL.flatMap(URL.init(string:)), platform: checker.app.platform)
        guard
            var presentation = AlertPresentation(decision, appName: appName, languages: checker.app.preferredLanguages)
        else { return nil }
        // npm's "1.0.0 → 1.2.0": digits and an arrow, the same in every language.
        presentation.text += "\n\(installed) → \(available)"
        return TerminalPresenter().render(presentation)
    }

    /// Waits briefly for a running check, then prints the notice on standard error when it is a
    /// terminal (or `force`). Returns whether it printed.
    @discardableResult
    public func finish(_ check: Task<Void, Never>?, appName: String, force: Bool = false) async -> Bool {
        if let check {
            let grace = grace
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await check.value }
                group.addTask { try? await Task.sleep(nanoseconds: UInt64(grace * 1_000_000_000)) }
                await group.next()
                group.cancelAll()
            }
        }
        guard force || TerminalPresenter.standardErrorIsTerminal, let notice = await notice(appName: appName) else {
            return false
        }
        FileHandle.standardError.write(Data(notice.utf8))
        if let results, let version = try? await store.state().lastUpdateCheck?.availableVersion {
            _ = try? await results.countUpdate(.updateShown, version: version)
        }
        return true
    }
}
