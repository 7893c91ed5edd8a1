import Foundation

/// What an install's versions have been: when it was installed and at which version, every version
/// change seen at launch, and how many launches each version had.
public struct VersionHistory: Sendable, Hashable, Codable {
    /// One version change seen at a launch.
    public struct Change: Sendable, Hashable, Codable {
        public var from: String
        public var to: String
        public var date: Date

        public init(from: String, to: String, date: Date) {
            self.from = from
            self.to = to
            self.date = date
        }

        public var isDowngrade: Bool {
            guard let old = Version(from), let new = Version(to) else { return false }
            return new < old
        }
    }

    /// The version of the first launch AppAlert saw.
    public var firstVersion: String
    /// When AppAlert first saw the app launch.
    public var firstLaunchDate: Date
    /// Whether the app already had data from an earlier version when AppAlert first ran (the
    /// library was added in a later app version); the app says so at that launch.
    public var predatesHistory: Bool
    /// The version of an earlier install the app reported at that launch, when it knew it.
    public var predatingVersion: String?
    /// Every version change, oldest first.
    public var changes: [Change]
    /// Launches per version.
    public var launchCounts: [String: Int]
    /// The version of the latest launch.
    public var currentVersion: String
    /// Launches since the latest change (or since the first launch).
    public var launchesSinceChange: Int

    /// Upgrade steps completed, by identifier (`VERSION:NAME`).
    public var completedSteps: [String]
    /// Every step up to this version is done or was not due (a fresh install starts here).
    public var stepsBaseline: String?

    public init(
        firstVersion: String, firstLaunchDate: Date, predatesHistory: Bool = false, predatingVersion: String? = nil
    ) {
        self.firstVersion = firstVersion
        self.firstLaunchDate = firstLaunchDate
        self.predatesHistory = predatesHistory
        self.predatingVersion = predatingVersion
        self.changes = []
        self.launchCounts = [:]
        self.currentVersion = firstVersion
        self.launchesSinceChange = 0
        self.completedSteps = []
        self.stepsBaseline = nil
    }

    /// The latest change, if any.
    public var lastChange: Change? { changes.last }

    /// The update behind the current version, for what's-new messages: the latest change when it
    /// went up (or, with no change yet, the earlier install the app reported).
    public var recentUpdate: EvaluationContext.RecentUpdate? {
        guard let previous = lastChange?.from ?? predatingVersion, let from = Version(previous),
            let to = Version(currentVersion), from < to
        else { return nil }
        return EvaluationContext.RecentUpdate(from: from, to: to, launchesSince: launchesSinceChange)
    }
}

extension LaunchRecorder {
    /// What this launch is, in the install's history.
    public struct Launch: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// The first launch AppAlert has seen, on a fresh install.
            case firstInstall
            /// The first launch AppAlert has seen, on an install that already had data from an earlier
            /// version (the app said so); `previousVersion` is that version when the app knew it.
            case firstLaunchOfExistingInstall
            /// The first launch after an update from `previousVersion`.
            case update
            /// The first launch after going back to an older version.
            case downgrade
            /// Another launch of the same version.
            case relaunch
        }

        public var kind: Kind
        public var version: String
        /// The version before this launch's change (or the existing install's), when there is one.
        public var previousVersion: String?
        /// This version's launches, this one included.
        public var launchCountForVersion: Int
        /// Launches since the latest version change, this one included.
        public var launchesSinceChange: Int
        public var firstLaunchDate: Date
        /// When the latest version change happened, if there was one.
        public var lastChangeDate: Date?
        public var now: Date

        public var isFirstLaunchEver: Bool { kind == .firstInstall }
        public var isFirstLaunchAfterUpdate: Bool { kind == .update }
        public var isDowngrade: Bool { kind == .downgrade }

        /// Whole days since AppAlert first saw the app.
        public var daysSinceInstall: Int { Int(now.timeIntervalSince(firstLaunchDate) / 86_400) }
        /// Whole days since the latest version change, if there was one.
        public var daysSinceLastUpdate: Int? { lastChangeDate.map { Int(now.timeIntervalSince($0) / 86_400) } }

    }
}

/// Records launches into an install's ``VersionHistory``.
public enum LaunchRecorder {
    /// Records a launch of `version` at `now` and says what it is.
    ///
    /// - Parameters:
    ///   - version: the version running now.
    ///   - now: the launch's time.
    ///   - existingInstall: on the first launch AppAlert sees, whether the app already had data from
    ///     an earlier version (`nil` version when it cannot tell which). Ignored afterwards. A fresh
    ///     install is never an update.
    ///   - state: the install's state, whose history is updated.
    public static func recordLaunch(
        of version: String, at now: Date, in state: inout InstallState,
        existingInstall: LaunchRecorder.ExistingInstall? = nil
    ) -> LaunchRecorder.Launch {
        guard var history = state.versionHistory else {
            var history = VersionHistory(
                firstVersion: version, firstLaunchDate: now, predatesHistory: existingInstall != nil,
                predatingVersion: existingInstall?.version?.description)
            history.launchCounts[version] = 1
            history.launchesSinceChange = 1
            state.versionHistory = history
            return LaunchRecorder.Launch(
                kind: existingInstall == nil ? .firstInstall : .firstLaunchOfExistingInstall, version: version,
                previousVersion: existingInstall?.version?.description, launchCountForVersion: 1,
                launchesSinceChange: 1,
                firstLaunchDate: now, lastChangeDate: nil, now: now)
        }
        let kind: LaunchRecorder.Launch.Kind
        let sameVersion: Bool
        if let old = Version(history.currentVersion), let new = Version(version) {
            sameVersion = old == new  // "2.1" and "2.1.0" are one version
        } else {
            sameVersion = history.currentVersion == version
        }
        if sameVersion {
            kind = .relaunch
            history.launchesSinceChange += 1
        } else {
            let change = VersionHistory.Change(from: history.currentVersion, to: version, date: now)
            kind = change.isDowngrade ? .downgrade : .update
            history.changes.append(change)
            history.currentVersion = version
            history.launchesSinceChange = 1
        }
        history.launchCounts[version, default: 0] += 1
        state.versionHistory = history
        let previous = history.lastChange?.from ?? history.predatingVersion
        return LaunchRecorder.Launch(
            kind: kind, version: version, previousVersion: previous,
            launchCountForVersion: history.launchCounts[version] ?? 1,
            launchesSinceChange: history.launchesSinceChange, firstLaunchDate: history.firstLaunchDate,
            lastChangeDate: history.lastChange?.date, now: now)
    }
}

extension LaunchRecorder {
    /// What the app knows, on the first launch AppAlert sees, about data from an earlier version.
    public struct ExistingInstall: Sendable, Hashable {
        /// The earlier version, when the app knows it (e.g. from its own stored database version).
        public var version: Version?

        public init(version: Version? = nil) {
            self.version = version
        }
    }
}
