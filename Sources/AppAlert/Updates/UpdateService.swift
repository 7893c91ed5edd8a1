import Foundation
import Observation

/// Asks the user to update, in an app: the update counterpart of ``AlertService``.
///
/// ```swift
/// @State private var updates = UpdateService(checker: UpdateChecker(
///     app: AppInfo.fromBundle()!, source: .appStore(AppStoreLookup(storefront: try! Storefront("US"))),
///     store: AlertService.defaultStore(bundleID: Bundle.main.bundleIdentifier!)))
///
/// ContentView()
///     .task { await updates.checkForUpdate() }
///     .updateAlert(updates)  // AppAlertUI
/// ```
@MainActor
@Observable
public final class UpdateService: AlertPresenting {
    /// The last decision.
    public private(set) var decision: UpdateDecision?
    /// Bound to the alert's presentation.
    public var showUpdate = false
    /// The app's name in the alert's texts. Default: the store's name for the app, else its bundle id.
    @ObservationIgnored public var appName: String?
    /// The alert texts by language; default: the built-in table.
    @ObservationIgnored public var texts: [String: UpdateTexts] = UpdateTexts.builtIn
    @ObservationIgnored public let checker: UpdateChecker
    /// A required update whose Update button was tapped: it comes back once that alert is gone.
    @ObservationIgnored private var requiredPending = false
    /// Counts what the prompts did, with reporting on.
    @ObservationIgnored private let results: ResultsRecorder?
    /// The last counting or sending started (for a test to wait on).
    @ObservationIgnored package private(set) var reporting: Task<Void, Never>?
    /// Called with what went wrong that the user does not see (a batch the collector refused).
    @ObservationIgnored public var onProblem: ((String) -> Void)?
    /// Update on a web app's prompt (a checker for ``Platform/web``, where reloading the page is the
    /// update): the app that shows the web app, in a web view, reloads it here. Without it, Update there
    /// only takes the prompt away (a required one comes back, as after any Update).
    @ObservationIgnored public var reload: (@MainActor () -> Void)?

    /// A service over `checker`. With `reporting`, each prompt's showing and answer are counted per
    /// offered version (`update.shown`, `update.accepted`, `update.later`, `update.skipped`) in the
    /// checker's store and sent to the app's collector over `transport`, once a day after a check; a
    /// version longer than a collector takes (32 bytes) is not counted, and ``onProblem`` says so.
    public init(
        checker: UpdateChecker, reporting: ReportingConfiguration? = nil,
        transport: any FeedTransport = URLSessionFeedTransport()
    ) {
        self.checker = checker
        self.results = reporting.map {
            ResultsRecorder(
                configuration: $0, store: checker.store, app: checker.app.bundleID, transport: transport,
                clock: checker.clock)
        }
    }

    /// Counts `event` of the prompt on screen (in the background), then sends when due.
    private func count(_ event: ResultEvent?, send: Bool = false) {
        guard let results else { return }
        let version = decision?.availableVersion?.description
        let previous = reporting
        reporting = Task { [weak self] in
            await previous?.value
            var problems: [String] = []
            if let event, let version {
                do {
                    problems += try await results.countUpdate(event, version: version)
                } catch {
                    problems.append("cannot count the update prompt's \(event): \(error)")
                }
            }
            if send { problems += await Task.detached(priority: .utility) { await results.sendIfDue() }.value }
            for problem in problems { self?.onProblem?(problem) }
        }
    }

    /// The alert for the last decision, in the device's languages.
    public var presentation: AlertPresentation? {
        guard let decision else { return nil }
        let name = appName ?? decision.release?.name ?? checker.app.bundleID
        return AlertPresentation(decision, appName: name, languages: checker.app.preferredLanguages, texts: texts)
    }

    /// ``showUpdate``, under the name every presenter uses.
    public var isPresented: Bool {
        get { showUpdate }
        set { showUpdate = newValue }
    }

    /// Checks and, when an update is to be asked for, sets ``showUpdate``.
    public func checkForUpdate() async {
        guard !showUpdate else { return }
        if requiredPending {
            presentationEnded()
            return
        }
        let decision = await checker.check()
        self.decision = decision
        showUpdate = decision.kind != .none
        count(showUpdate ? .updateShown : nil, send: true)
    }

    /// Handles a button: returns the URL to open for Update (on the web, calls ``reload`` instead);
    /// records Later or Skip. A required update comes back after Update is tapped.
    @discardableResult
    public func perform(_ button: AlertPresentation.Button) async -> URL? {
        switch button.action {
        case .update(let url):
            accept()
            return url
        case .reload:
            accept()
            reload?()
            return nil
        case .later:
            showUpdate = false
            count(.updateLater)
            try? await checker.remindLater()
            return nil
        case .skip:
            showUpdate = false
            count(.updateSkipped)
            if let version = decision?.availableVersion { try? await checker.skip(version) }
            return nil
        case .dismiss, .openLink, .event:
            // A message's button: not this service's.
            return nil
        }
    }

    /// Update was tapped: the prompt goes, and a required one is asked again once it has gone.
    private func accept() {
        showUpdate = false
        // Not shown again at once: SwiftUI drops a presentation set while the tapped alert is still
        // leaving the screen. It comes back at presentationEnded() or the next check.
        requiredPending = decision?.kind == .required
        count(.updateAccepted)
    }

    /// Tells the service that its alert has left the screen, or that the app is active again (back
    /// from the store): a required update whose Update button was tapped is asked again. The
    /// presenters in AppAlertUI call it.
    public func presentationEnded() {
        guard requiredPending else { return }
        requiredPending = false
        if decision?.kind == .required {
            showUpdate = true
            count(.updateShown)
        }
    }
}
