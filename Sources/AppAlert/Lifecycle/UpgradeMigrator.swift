import Foundation

/// One-time upgrade steps keyed by the app version that introduces them, run in version order,
/// each exactly once — GRDB's `DatabaseMigrator`, keyed to app versions and kept in any ``AlertStore``.
///
/// ```swift
/// var migrator = UpgradeMigrator()
/// migrator.registerStep("1.2.0", "normalize-sort-keys") { try await Library.normalizeSortKeys() }
/// migrator.registerStep("2.0", "config-v2") { try ConfigFile.upgradeToV2() }
///
/// let launch = try await LaunchRecorder.record(app: app, store: store)   // first: the history
/// let report = await migrator.run(store: store)                          // then: the steps
/// ```
///
/// At a launch, every registered step not yet completed whose version is after the version the
/// install last completed its steps for, and not after the running version, runs — in version order,
/// then registration order. A step is recorded as completed only when it returns without throwing;
/// a failure stops the chain and the next launch resumes from that step. Nothing runs on a fresh
/// install (unless a step asks to), nothing on a downgrade, and a completed step never runs again,
/// even if the process dies between steps. A step that dies half-way runs again: make each step
/// safe to repeat, or atomic.
public struct UpgradeMigrator: Sendable {
    /// A registered step.
    public struct Step: Sendable {
        public let version: Version
        public let name: String
        /// Whether the step also runs on a fresh install (for example, to create files).
        public let runsOnFreshInstall: Bool
        let body: @Sendable () async throws -> Void

        /// `VERSION:NAME`, as recorded.
        public var identifier: String { "\(version):\(name)" }
    }

    public private(set) var steps: [Step] = []
    private var registrationErrors: [String] = []

    public init() {}

    /// Registers a step for the app version that introduces it. A version that is not one, or an
    /// identifier registered twice, is reported by ``run(store:now:)`` and stops it before any step runs.
    public mutating func registerStep(
        _ version: String, _ name: String, runsOnFreshInstall: Bool = false,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        do {
            let parsed = try Version(parsing: version)
            let step = Step(version: parsed, name: name, runsOnFreshInstall: runsOnFreshInstall, body: body)
            if name.isEmpty || name.contains(":") {
                registrationErrors.append("step \"\(version):\(name)\": a name must be non-empty, without \":\"")
            } else if steps.contains(where: { $0.version == parsed && $0.name == name }) {
                registrationErrors.append("step \"\(step.identifier)\" is registered twice")
            } else {
                steps.append(step)
            }
        } catch {
            registrationErrors.append("step \"\(version):\(name)\": \(error)")
        }
    }

    /// The steps that would run now for `state`, in order.
    public func pendingSteps(in state: InstallState) -> [Step] {
        guard let history = state.versionHistory, let current = Version(history.currentVersion) else { return [] }
        if let change = history.lastChange, change.isDowngrade { return [] }
        let completed = Set(history.completedSteps)
        let ordered = steps.enumerated().sorted { ($0.element.version, $0.offset) < ($1.element.version, $1.offset) }
            .map(\.element)
        // Steps never ran here: a fresh install that has not changed version runs only the steps that
        // ask to; an install that came from an earlier version (seen by AppAlert or reported by the app)
        // runs what came after it; an existing install of unknown version runs everything.
        let isFresh = history.stepsBaseline == nil && history.changes.isEmpty && !history.predatesHistory
        let baseline: Version?
        if let recorded = history.stepsBaseline {
            baseline = Version(recorded)
        } else if history.predatesHistory {
            baseline = history.predatingVersion.flatMap(Version.init)
        } else {
            baseline = Version(history.firstVersion)
        }
        return ordered.filter { step in
            guard !completed.contains(step.identifier), step.version <= current else { return false }
            if isFresh { return step.runsOnFreshInstall }
            guard let baseline else { return true }
            return step.version > baseline
        }
    }

    /// Runs the steps that are due, recording each one as it completes. Record the launch first
    /// (``LaunchRecorder``), so the store knows the running version and the one before it.
    public func run(store: any AlertStore, now: Date = Date()) async -> UpgradeMigrator.Report {
        if !registrationErrors.isEmpty {
            return UpgradeMigrator.Report(
                completed: [], failure: .init(step: nil, reason: registrationErrors.joined(separator: "; ")))
        }
        let state: InstallState
        do {
            state = try await store.state()
        } catch {
            return UpgradeMigrator.Report(
                completed: [], failure: .init(step: nil, reason: "cannot read the state: \(error)"))
        }
        guard let history = state.versionHistory else {
            return UpgradeMigrator.Report(
                completed: [],
                failure: .init(step: nil, reason: "no version history: record the launch before running steps"))
        }
        if let change = history.lastChange, change.isDowngrade {
            return UpgradeMigrator.Report(
                completed: [], failure: nil, note: "a downgrade from \(change.from): no step runs")
        }
        var completed: [String] = []
        for step in pendingSteps(in: state) {
            do {
                try await step.body()
            } catch {
                return UpgradeMigrator.Report(
                    completed: completed, failure: .init(step: step.identifier, reason: "\(error)"))
            }
            do {
                let identifier = step.identifier
                try await store.updateState { state in
                    if state.versionHistory?.completedSteps.contains(identifier) == false {
                        state.versionHistory?.completedSteps.append(identifier)
                    }
                }
            } catch {
                return UpgradeMigrator.Report(
                    completed: completed,
                    failure: .init(step: step.identifier, reason: "the step ran but cannot be recorded: \(error)"))
            }
            completed.append(step.identifier)
        }
        // Everything up to the running version is done: later launches start from here.
        do {
            let current = history.currentVersion
            try await store.updateState { state in
                guard var history = state.versionHistory else { return }
                if let baseline = history.stepsBaseline.flatMap(Version.init), let running = Version(current),
                    baseline >= running
                {
                    return
                }
                history.stepsBaseline = current
                state.versionHistory = history
            }
        } catch {
            return UpgradeMigrator.Report(
                completed: completed, failure: .init(step: nil, reason: "cannot record the baseline: \(error)"))
        }
        return UpgradeMigrator.Report(completed: completed, failure: nil)
    }
}

extension UpgradeMigrator {
    /// What a run of upgrade steps did.
    public struct Report: Sendable, Hashable {
        public struct Failure: Sendable, Hashable {
            /// The step that failed, or `nil` when the run could not start.
            public var step: String?
            public var reason: String

            public init(step: String?, reason: String) {
                self.step = step
                self.reason = reason
            }
        }

        /// The steps completed in this run, in order.
        public var completed: [String]
        /// Why the run stopped early; the failed step runs again at the next launch.
        public var failure: Failure?
        /// Why nothing ran, when that is worth saying (a downgrade).
        public var note: String?

        public init(completed: [String], failure: Failure?, note: String? = nil) {
            self.completed = completed
            self.failure = failure
            self.note = note
        }

        public var succeeded: Bool { failure == nil }
    }
}

extension LaunchRecorder {
    /// Records this launch of `app` in `store` (call once per launch, before upgrade steps and
    /// messages) and says what it is.
    public static func record(
        app: AppInfo, store: any AlertStore, existingInstall: LaunchRecorder.ExistingInstall? = nil, now: Date = Date()
    ) async throws -> LaunchRecorder.Launch {
        let version = app.appVersion
        return try await store.updateState { state in
            recordLaunch(of: version, at: now, in: &state, existingInstall: existingInstall)
        }
    }
}
