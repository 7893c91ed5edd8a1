import Foundation

/// Where an update check learns the newest version.
public enum ReleaseSource: Sendable {
    /// The App Store lookup.
    case appStore(AppStoreLookup)
    /// A GitHub repository's latest release (command-line tools).
    case gitHub(GitHubReleases)
    /// Only the feed's `updates` policy (its `latestVersion` and `minimumVersion`).
    case feedOnly
}

/// Checks for an update: asks the release source and the feed's policy, applies the update policy,
/// and remembers the user's answers (skip, later) in the store.
public actor UpdateChecker {
    public nonisolated let app: AppInfo
    public let source: ReleaseSource
    public let configuration: UpdateConfiguration
    private let feedLoader: FeedLoader?
    nonisolated let store: any AlertStore
    nonisolated let clock: AlertClock
    private let environment: UpdateChecker.BuildEnvironment

    /// - Parameters:
    ///   - app: the app being checked.
    ///   - source: where the newest release is read.
    ///   - feedLoader: loads the feed whose `updates` policy applies; `nil` for none.
    ///   - store: keeps what the user said (skipped versions, "later").
    ///   - configuration: delays, rules, the link policy.
    ///   - environment: the kind of build; beta, TestFlight and debug builds are left alone by default.
    ///   - clock: the time, for tests.
    public init(
        app: AppInfo, source: ReleaseSource, feedLoader: FeedLoader? = nil, store: any AlertStore,
        configuration: UpdateConfiguration = UpdateConfiguration(),
        environment: UpdateChecker.BuildEnvironment = UpdateChecker.BuildEnvironment(),
        clock: AlertClock = .system
    ) {
        self.app = app
        self.source = source
        self.feedLoader = feedLoader
        self.store = store
        self.configuration = configuration
        self.environment = environment
        self.clock = clock
    }

    /// Asks the sources and decides. A source that fails gives a decision of `none` with the reason,
    /// never a thrown error.
    public func check() async -> UpdateDecision {
        let now = clock.now
        guard let installed = Version(app.appVersion) else {
            // Never guess: reading "1.0 (beta)" as 0 would ask for every release, forever.
            return UpdateDecision(
                kind: .none,
                reason: UpdateDecision.Reason(
                    .unknownInstalledVersion, "the installed version \"\(app.appVersion)\" is not a version"),
                installedVersion: Version([0]))
        }
        var release: ReleaseSource.Release?
        var sourceError: ReleaseSource.LookupError?
        do {
            switch source {
            case .appStore(let lookup): release = try await lookup.latestRelease(bundleID: app.bundleID, now: now)
            case .gitHub(let releases): release = try await releases.latestRelease()
            case .feedOnly: break
            }
        } catch {
            sourceError = error
        }
        var policy: UpdatePolicy?
        if let feedLoader {
            let load = await feedLoader.load()
            policy = load.feed?.updatePolicy(for: app.bundleID)
            if load.feed == nil, sourceError == nil, case .feedOnly = source, let error = load.error {
                sourceError = ReleaseSource.LookupError(kind: .transport, reason: "the feed: \(error.reason)")
            }
        }
        let promptState = (try? await store.state().updatePrompt) ?? UpdateDecision.PromptState()
        let inputs = UpdatePolicyEngine.Inputs(
            installedVersion: installed, osVersion: app.osVersion, platform: app.platform, now: now, release: release,
            sourceError: sourceError,
            policy: policy, environment: environment, promptState: promptState)
        let decision = UpdatePolicyEngine.decide(inputs, configuration: configuration)
        let record = InstallState.UpdateCheckRecord(
            date: now, kind: decision.kind.rawValue, availableVersion: decision.availableVersion?.description,
            storeURL: decision.storeURL?.absoluteString)
        _ = try? await store.updateState { $0.lastUpdateCheck = record }
        return decision
    }

    /// "Skip this version": no optional prompt for `version` again (a required one still comes).
    public func skip(_ version: Version) async throws {
        let limit = configuration.maximumSkippedVersions
        try await store.updateState { state in
            var prompt = state.updatePrompt ?? UpdateDecision.PromptState()
            prompt.skip(version, keeping: limit)
            state.updatePrompt = prompt
        }
    }

    /// "Later": no optional prompt until the remind interval has passed.
    public func remindLater() async throws {
        let until = clock.now.addingTimeInterval(configuration.remindInterval)
        try await store.updateState { state in
            var prompt = state.updatePrompt ?? UpdateDecision.PromptState()
            prompt.remindAfter = until
            state.updatePrompt = prompt
        }
    }
}
