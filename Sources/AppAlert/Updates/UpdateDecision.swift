import Foundation

extension UpdateDecision {
    /// How strongly to ask for an update.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// "This version no longer works": no Later, no Skip.
        case required
        /// "A new version is out": Update, Later, Skip.
        case optional
        /// Do not ask.
        case none
    }
}

extension UpdateDecision {
    /// Why the decision is what it is, as a stable code and in words.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public var description: String { rawValue }

            public static let updateAvailable = Code(rawValue: "updateAvailable")
            public static let belowMinimumVersion = Code(rawValue: "belowMinimumVersion")
            public static let requiredByRule = Code(rawValue: "requiredByRule")
            public static let upToDate = Code(rawValue: "upToDate")
            public static let newerThanStore = Code(rawValue: "newerThanStore")
            public static let releasedTooRecently = Code(rawValue: "releasedTooRecently")
            public static let osTooOld = Code(rawValue: "osTooOld")
            public static let notInStorefront = Code(rawValue: "notInStorefront")
            public static let skippedByUser = Code(rawValue: "skippedByUser")
            public static let remindedRecently = Code(rawValue: "remindedRecently")
            public static let lookupFailed = Code(rawValue: "lookupFailed")
            public static let betaBuild = Code(rawValue: "betaBuild")
            public static let ignoredByRule = Code(rawValue: "ignoredByRule")
            public static let noSource = Code(rawValue: "noSource")
            public static let unknownInstalledVersion = Code(rawValue: "unknownInstalledVersion")
            /// Required, but no source gave a page to update from and no App Store id is configured: asked
            /// as an optional update (a required prompt would block the app with a button that cannot work).
            /// Never on the web, where reloading the page is the update.
            public static let requiredWithoutStoreLink = Code(rawValue: "requiredWithoutStoreLink")
        }

        public var code: Code
        public var explanation: String

        public init(_ code: Code, _ explanation: String) {
            self.code = code
            self.explanation = explanation
        }

        public var description: String { explanation }
    }
}

/// The outcome of an update check.
public struct UpdateDecision: Sendable, Hashable {
    public var kind: UpdateDecision.Kind
    public var reason: UpdateDecision.Reason
    public var installedVersion: Version
    /// The version to update to, when one is known.
    public var availableVersion: Version?
    /// Where to update.
    public var storeURL: URL?
    /// The release the decision is about, when a source answered.
    public var release: ReleaseSource.Release?
    /// The feed's policy for the app, when there is one (its texts are used).
    public var policy: UpdatePolicy?
    /// Why a source failed, when it did.
    public var sourceError: ReleaseSource.LookupError?
    /// The platform decided for, when known. On ``Platform/web`` reloading the page is the update: the
    /// prompt's Update reloads (``AlertPresentation/Button/Action/reload``) and needs no ``storeURL``.
    public var platform: Platform?

    public init(
        kind: UpdateDecision.Kind, reason: UpdateDecision.Reason, installedVersion: Version,
        availableVersion: Version? = nil,
        storeURL: URL? = nil, release: ReleaseSource.Release? = nil, policy: UpdatePolicy? = nil,
        sourceError: ReleaseSource.LookupError? = nil, platform: Platform? = nil
    ) {
        self.kind = kind
        self.reason = reason
        self.installedVersion = installedVersion
        self.availableVersion = availableVersion
        self.storeURL = storeURL
        self.release = release
        self.policy = policy
        self.sourceError = sourceError
        self.platform = platform
    }
}

extension UpdateChecker {
    /// What kind of build is running. Beta, TestFlight and debug builds are not asked to update by
    /// default: their testers get builds another way.
    public struct BuildEnvironment: Sendable, Hashable {
        public var isTestFlight: Bool
        public var isDebug: Bool
        public var isSimulator: Bool

        public init(isTestFlight: Bool = false, isDebug: Bool = false, isSimulator: Bool = false) {
            self.isTestFlight = isTestFlight
            self.isDebug = isDebug
            self.isSimulator = isSimulator
        }

        /// What can be told from inside the app: TestFlight by its sandbox receipt, the simulator at
        /// compile time. A library cannot see the app's own `DEBUG` flag: pass `isDebug` yourself
        /// (`#if DEBUG`).
        public static func detect(bundle: Bundle = .main, isDebug: Bool = false) -> UpdateChecker.BuildEnvironment {
            #if targetEnvironment(simulator)
                let simulator = true
            #else
                let simulator = false
            #endif
            return UpdateChecker.BuildEnvironment(
                isTestFlight: bundle.appStoreReceiptURL?.lastPathComponent == "sandboxReceipt", isDebug: isDebug,
                isSimulator: simulator)
        }
    }
}

extension UpdateConfiguration {
    /// What to ask for each kind of version change. The defaults: every change optional.
    public struct Rules: Sendable, Hashable {
        /// A change in the first component (1.x → 2.0).
        public var major: UpdateDecision.Kind = .optional
        /// A change in the second component (1.2 → 1.3).
        public var minor: UpdateDecision.Kind = .optional
        /// A change in the third component (1.2.3 → 1.2.4).
        public var patch: UpdateDecision.Kind = .optional
        /// A change in a fourth or later component (1.2.3.4 → 1.2.3.5).
        public var revision: UpdateDecision.Kind = .optional

        public init(
            major: UpdateDecision.Kind = .optional, minor: UpdateDecision.Kind = .optional,
            patch: UpdateDecision.Kind = .optional,
            revision: UpdateDecision.Kind = .optional
        ) {
            self.major = major
            self.minor = minor
            self.patch = patch
            self.revision = revision
        }

        /// The rule for the first component in which `available` is above `installed`.
        public func kind(from installed: Version, to available: Version) -> (UpdateDecision.Kind, String) {
            let count = max(installed.components.count, available.components.count, 3)
            for index in 0..<count where installed[component: index] != available[component: index] {
                switch index {
                case 0: return (major, "major")
                case 1: return (minor, "minor")
                case 2: return (patch, "patch")
                default: return (revision, "revision")
                }
            }
            return (patch, "pre-release")
        }
    }
}

/// How update prompts behave. Every value has a default; each is one sentence below.
public struct UpdateConfiguration: Sendable, Hashable {
    /// Days to wait after a store release before asking, because the lookup reports a version before
    /// the binary reaches every region. The default is 1 day; a feed policy's `releaseDelayDays`
    /// replaces it.
    public var releaseDelayDays: Double = 1
    /// After "Later", how long to wait before asking again. The default is 1 day.
    public var remindInterval: TimeInterval = 86_400
    /// How many skipped versions are remembered. The default is 10.
    public var maximumSkippedVersions = 10
    /// What each kind of version change asks for. The default: optional for every change.
    public var rules = UpdateConfiguration.Rules()
    /// Whether beta (pre-release version), TestFlight and debug builds are left alone. The default
    /// is `true`.
    public var skipsBetaBuilds = true
    /// The links the feed's `storeURL` may be; one the policy refuses is ignored in favour of the
    /// store's own page. The default allows `https:` to any host (see ``LinkPolicy``).
    public var linkPolicy = LinkPolicy()
    /// The app's App Store id (the number in `apps.apple.com/app/id…`): its store page is where
    /// Update goes when neither the feed's `storeURL` nor the store lookup gives one. The default is
    /// none.
    public var appStoreID: Int?

    public init() {}
}

extension UpdateDecision {
    /// What the user said about update prompts; kept in the install's state.
    public struct PromptState: Sendable, Hashable, Codable {
        /// Versions the user chose to skip, oldest first, at most ``UpdateConfiguration/maximumSkippedVersions``.
        public var skippedVersions: [String]
        /// No optional prompt before this time ("Later").
        public var remindAfter: Date?

        public init(skippedVersions: [String] = [], remindAfter: Date? = nil) {
            self.skippedVersions = skippedVersions
            self.remindAfter = remindAfter
        }

        public func hasSkipped(_ version: Version) -> Bool {
            skippedVersions.contains { Version($0) == version }
        }

        public mutating func skip(_ version: Version, keeping limit: Int) {
            skippedVersions.removeAll { Version($0) == version }
            skippedVersions.append(version.description)
            if skippedVersions.count > limit { skippedVersions.removeFirst(skippedVersions.count - limit) }
        }
    }
}

/// The update policy, as a pure function of its inputs: every rule testable with injected time.
package enum UpdatePolicyEngine {
    public struct Inputs: Sendable {
        public var installedVersion: Version
        public var osVersion: Version?
        /// The platform decided for; on `web` a required update needs no store page (reloading is the update).
        public var platform: Platform?
        public var now: Date
        /// The newest release a source reported, if one did.
        public var release: ReleaseSource.Release?
        /// Why the source failed, if it did.
        public var sourceError: ReleaseSource.LookupError?
        public var policy: UpdatePolicy?
        public var environment: UpdateChecker.BuildEnvironment
        public var promptState: UpdateDecision.PromptState

        public init(
            installedVersion: Version, osVersion: Version? = nil, platform: Platform? = nil, now: Date,
            release: ReleaseSource.Release? = nil,
            sourceError: ReleaseSource.LookupError? = nil, policy: UpdatePolicy? = nil,
            environment: UpdateChecker.BuildEnvironment = UpdateChecker.BuildEnvironment(),
            promptState: UpdateDecision.PromptState = UpdateDecision.PromptState()
        ) {
            self.installedVersion = installedVersion
            self.osVersion = osVersion
            self.platform = platform
            self.now = now
            self.release = release
            self.sourceError = sourceError
            self.policy = policy
            self.environment = environment
            self.promptState = promptState
        }
    }

    /// Decides, in this order: beta builds are left alone; below the policy's `minimumVersion` the
    /// update is required (skip and remind do not apply, nor the release delay; without a page to update
    /// from it is asked as optional, except on `web`, where reloading is the update); otherwise the
    /// available version is the source's (the policy's `latestVersion` when no source answered);
    /// none when the install is up to date or newer, when the device's OS is below the release's
    /// minimum, or when the release is younger than the delay; the rule for the changed component
    /// decides required or optional; an optional update is not asked for when the user skipped that
    /// version or asked to be reminded later.
    public static func decide(_ inputs: Inputs, configuration: UpdateConfiguration = UpdateConfiguration())
        -> UpdateDecision
    {
        let installed = inputs.installedVersion
        let policy = inputs.policy
        var decision = UpdateDecision(
            kind: .none, reason: UpdateDecision.Reason(.upToDate, ""), installedVersion: installed,
            release: inputs.release,
            policy: policy, sourceError: inputs.sourceError, platform: inputs.platform)
        func finish(_ kind: UpdateDecision.Kind, _ code: UpdateDecision.Reason.Code, _ words: String) -> UpdateDecision
        {
            decision.kind = kind
            decision.reason = UpdateDecision.Reason(code, words)
            return decision
        }

        if configuration.skipsBetaBuilds {
            if installed.isPrerelease {
                return finish(.none, .betaBuild, "version \(installed) is a pre-release build")
            }
            if inputs.environment.isTestFlight { return finish(.none, .betaBuild, "a TestFlight build") }
            if inputs.environment.isDebug { return finish(.none, .betaBuild, "a debug build") }
        }

        let release = inputs.release
        var available = release?.version ?? policy?.latestVersion
        // A feed's store link goes through the app's link policy, as message links do.
        let feedStoreURL = policy?.storeURL.flatMap { configuration.linkPolicy.allows($0) ? $0 : nil }
        decision.storeURL =
            feedStoreURL ?? release?.storeURL
            ?? configuration.appStoreID.map { AppStoreLookup.storePage(trackID: $0, platform: .current) }
        func finishRequired(_ code: UpdateDecision.Reason.Code, _ words: String) -> UpdateDecision {
            guard decision.storeURL == nil, inputs.platform != .web else { return finish(.required, code, words) }
            return finish(
                .optional, .requiredWithoutStoreLink,
                "\(words), but there is no page to update from (no storeURL in the feed, none from the store, no "
                    + "appStoreID): asked as an optional update")
        }

        if let minimum = policy?.minimumVersion, installed < minimum {
            let target = [available, minimum].compactMap { $0 }.max() ?? minimum
            decision.availableVersion = target
            if let release, release.version >= minimum, let required = release.minimumOSVersion,
                let os = inputs.osVersion, os < required
            {
                return finish(
                    .none, .osTooOld,
                    "version \(installed) is below the minimum \(minimum), but \(release.version) needs OS \(required) and the device has \(os)"
                )
            }
            return finishRequired(.belowMinimumVersion, "version \(installed) is below the minimum \(minimum)")
        }

        guard let target = available else {
            if let error = inputs.sourceError {
                let code: UpdateDecision.Reason.Code = error.kind == .notInStorefront ? .notInStorefront : .lookupFailed
                return finish(.none, code, error.reason)
            }
            return finish(.none, .noSource, "no source gave a version")
        }
        available = target
        decision.availableVersion = target
        if installed == target { return finish(.none, .upToDate, "version \(installed) is the newest") }
        if installed > target {
            return finish(
                .none, .newerThanStore, "version \(installed) is newer than the available \(target) (in review?)")
        }
        if let release, let required = release.minimumOSVersion, let os = inputs.osVersion, os < required {
            return finish(.none, .osTooOld, "\(target) needs OS \(required); the device has \(os)")
        }
        let delayDays = policy?.releaseDelayDays ?? configuration.releaseDelayDays
        if let date = release?.releaseDate, delayDays > 0 {
            let due = date.addingTimeInterval(delayDays * 86_400)
            if inputs.now < due {
                return finish(
                    .none, .releasedTooRecently,
                    "\(target) was released at \(RFC3339.format(date)); asking from \(RFC3339.format(due))")
            }
        }
        let (kind, component) = configuration.rules.kind(from: installed, to: target)
        switch kind {
        case .none:
            return finish(.none, .ignoredByRule, "\(component) updates are not asked for (\(installed) → \(target))")
        case .required:
            return finishRequired(.requiredByRule, "\(component) updates are required (\(installed) → \(target))")
        case .optional:
            if inputs.promptState.hasSkipped(target) {
                return finish(.none, .skippedByUser, "the user skipped \(target)")
            }
            if let remindAfter = inputs.promptState.remindAfter, inputs.now < remindAfter {
                return finish(
                    .none, .remindedRecently, "the user asked to be reminded after \(RFC3339.format(remindAfter))")
            }
            return finish(.optional, .updateAvailable, "\(target) is available (\(installed) installed)")
        }
    }
}
