@_spi(Authoring) import AppAlert
import AppAlertTesting
import Foundation
import Testing

let day: TimeInterval = 86_400
let installDate = Date(timeIntervalSince1970: 1_800_000_000)

/// Launches `versions` one after another, a day apart, and returns every launch's info.
func launches(_ versions: [String], existingInstall: LaunchRecorder.ExistingInstall? = nil, state: inout InstallState)
    -> [LaunchRecorder.Launch]
{
    versions.enumerated().map { index, version in
        LaunchRecorder.recordLaunch(
            of: version, at: installDate.addingTimeInterval(Double(index) * day), in: &state,
            existingInstall: index == 0 ? existingInstall : nil)
    }
}

struct VersionHistoryTests {
    @Test
    func aFreshInstallIsNotAnUpdate() {
        var state = InstallState()
        let info = launches(["1.0"], state: &state)[0]
        #expect(info.kind == .firstInstall)
        #expect(info.isFirstLaunchEver && !info.isFirstLaunchAfterUpdate)
        #expect(info.previousVersion == nil)
        #expect(state.versionHistory?.recentUpdate == nil)
    }

    @Test
    func relaunchesCountPerVersion() {
        var state = InstallState()
        let infos = launches(["1.0", "1.0", "1.0"], state: &state)
        #expect(infos.map(\.kind) == [.firstInstall, .relaunch, .relaunch])
        #expect(infos.map(\.launchCountForVersion) == [1, 2, 3])
        #expect(infos[2].daysSinceInstall == 2)
        #expect(infos[2].daysSinceLastUpdate == nil)
    }

    @Test
    func anUpdateIsSeenOnceWithTheVersionItCameFrom() {
        var state = InstallState()
        let infos = launches(["1.0", "1.0", "1.1", "1.1"], state: &state)
        #expect(infos.map(\.kind) == [.firstInstall, .relaunch, .update, .relaunch])
        #expect(infos[2].previousVersion == "1.0")
        #expect(infos[2].isFirstLaunchAfterUpdate)
        #expect(!infos[3].isFirstLaunchAfterUpdate)
        #expect(infos[3].launchesSinceChange == 2)
        #expect(infos[3].daysSinceLastUpdate == 1)
        #expect(
            state.versionHistory?.recentUpdate
                == EvaluationContext.RecentUpdate(from: Version("1.0")!, to: Version("1.1")!, launchesSince: 2))
    }

    @Test
    func severalUpdatesAreAllKept() {
        var state = InstallState()
        _ = launches(["1.0", "1.1", "1.1", "2.0", "2.0.1"], state: &state)
        let history = try! #require(state.versionHistory)
        #expect(history.changes.map { "\($0.from)→\($0.to)" } == ["1.0→1.1", "1.1→2.0", "2.0→2.0.1"])
        #expect(history.launchCounts == ["1.0": 1, "1.1": 2, "2.0": 1, "2.0.1": 1])
        #expect(history.firstVersion == "1.0" && history.currentVersion == "2.0.1")
    }

    @Test
    func aDowngradeIsNotAnUpdate() {
        var state = InstallState()
        let infos = launches(["2.0", "1.9"], state: &state)
        #expect(infos[1].kind == .downgrade)
        #expect(infos[1].isDowngrade && !infos[1].isFirstLaunchAfterUpdate)
        #expect(state.versionHistory?.recentUpdate == nil)
    }

    @Test
    func theSameVersionWrittenDifferentlyIsNotAChange() {
        var state = InstallState()
        let infos = launches(["2.1", "2.1.0", "02.1"], state: &state)
        #expect(infos.map(\.kind) == [.firstInstall, .relaunch, .relaunch])
    }

    @Test(
        arguments: [
            (LaunchRecorder.ExistingInstall(version: Version("1.4")), "1.4"), (LaunchRecorder.ExistingInstall(), nil),
        ]
            as [(LaunchRecorder.ExistingInstall, String?)])
    func anInstallWithDataButNoHistoryIsTold(existing: LaunchRecorder.ExistingInstall, previous: String?) {
        var state = InstallState()
        let info = launches(["2.0"], existingInstall: existing, state: &state)[0]
        #expect(info.kind == .firstLaunchOfExistingInstall)
        #expect(!info.isFirstLaunchEver)
        #expect(info.previousVersion == previous)
        #expect(state.versionHistory?.predatesHistory == true)
        #expect((state.versionHistory?.recentUpdate != nil) == (previous != nil))
    }

    @Test
    func aReinstallLikeStateStartsOver() async throws {
        // A reset store (the app deleted and reinstalled) is a fresh install again.
        let store = InMemoryAlertStore()
        let app = AppInfo(bundleID: "a", appVersion: "3.0")
        _ = try await LaunchRecorder.record(app: app, store: store)
        try await store.reset()
        #expect(try await LaunchRecorder.record(app: app, store: store).kind == .firstInstall)
    }
}

/// Records what steps ran, in order, across tasks.
final class StepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func add(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

struct UpgradeMigratorTests {
    func makeMigrator(log: StepLog, failing: String? = nil) -> UpgradeMigrator {
        var migrator = UpgradeMigrator()
        for (version, name) in [("1.3", "c"), ("1.1", "a"), ("1.2", "b1"), ("1.2.0", "b2"), ("2.0", "d")] {
            migrator.registerStep(version, name) {
                if failing == "\(version):\(name)" { throw StepFailure() }
                log.add("\(version):\(name)")
            }
        }
        return migrator
    }

    struct StepFailure: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    @Test
    func stepsRunInVersionOrderThenRegistrationOrderUpToTheRunningVersion() async {
        let log = StepLog()
        let (report, _) = await makeMigrator(log: log).simulateUpdate(from: "1.0", to: "1.3")
        #expect(log.all == ["1.1:a", "1.2:b1", "1.2.0:b2", "1.3:c"])
        #expect(report.completed == log.all)
        #expect(report.succeeded)
    }

    @Test
    func onlyStepsAfterThePreviousVersionRun() async {
        let log = StepLog()
        _ = await makeMigrator(log: log).simulateUpdate(from: "1.2", to: "2.0")
        #expect(log.all == ["1.3:c", "2.0:d"])
    }

    @Test
    func aCompletedStepNeverRunsTwice() async throws {
        let log = StepLog()
        let migrator = makeMigrator(log: log)
        let (_, store) = await migrator.simulateUpdate(from: "1.0", to: "1.2")
        #expect(await migrator.run(store: store).completed.isEmpty)
        _ = try await LaunchRecorder.record(app: AppInfo(bundleID: "test.upgrade", appVersion: "1.2"), store: store)
        #expect(await migrator.run(store: store).completed.isEmpty)
        #expect(log.all == ["1.1:a", "1.2:b1", "1.2.0:b2"])
    }

    @Test
    func aFailureStopsTheChainAndTheNextLaunchResumesFromThatStep() async throws {
        let log = StepLog()
        let (report, store) = await makeMigrator(log: log, failing: "1.2:b1").simulateUpdate(from: "1.0", to: "2.0")
        #expect(report.completed == ["1.1:a"])
        #expect(report.failure == UpgradeMigrator.Report.Failure(step: "1.2:b1", reason: "disk full"))
        #expect(try await store.state().versionHistory?.completedSteps == ["1.1:a"])
        // Next launch, the step works.
        let resumed = await makeMigrator(log: log).run(store: store)
        #expect(resumed.completed == ["1.2:b1", "1.2.0:b2", "1.3:c", "2.0:d"])
        #expect(log.all == ["1.1:a", "1.2:b1", "1.2.0:b2", "1.3:c", "2.0:d"])
    }

    @Test
    func nothingRunsOnAFreshInstallUnlessAStepAsks() async {
        let log = StepLog()
        var migrator = makeMigrator(log: log)
        migrator.registerStep("1.0", "create-folders", runsOnFreshInstall: true) { log.add("1.0:create-folders") }
        let (report, store) = await migrator.simulateUpdate(from: nil, to: "1.3")
        #expect(report.completed == ["1.0:create-folders"])
        #expect(log.all == ["1.0:create-folders"])
        #expect(try! await store.state().versionHistory?.stepsBaseline == "1.3")
    }

    @Test
    func nothingRunsOnADowngrade() async throws {
        let log = StepLog()
        let migrator = makeMigrator(log: log)
        let (_, store) = await migrator.simulateUpdate(from: "1.0", to: "1.1")
        _ = try await LaunchRecorder.record(app: AppInfo(bundleID: "test.upgrade", appVersion: "1.0"), store: store)
        let report = await migrator.run(store: store)
        #expect(report.completed.isEmpty)
        #expect(report.note?.contains("downgrade") == true)
        // Back up to 1.3 later: only what was never done runs.
        _ = try await LaunchRecorder.record(app: AppInfo(bundleID: "test.upgrade", appVersion: "1.3"), store: store)
        #expect(await migrator.run(store: store).completed == ["1.2:b1", "1.2.0:b2", "1.3:c"])
    }

    @Test(
        arguments: [
            (Version("1.1"), ["1.2:b1", "1.2.0:b2", "1.3:c"]), (nil, ["1.1:a", "1.2:b1", "1.2.0:b2", "1.3:c"]),
        ] as [(Version?, [String])])
    func anExistingInstallRunsWhatCameAfterItsVersion(version: Version?, expected: [String]) async throws {
        let log = StepLog()
        let store = InMemoryAlertStore()
        _ = try await LaunchRecorder.record(
            app: AppInfo(bundleID: "a", appVersion: "1.3"), store: store,
            existingInstall: LaunchRecorder.ExistingInstall(version: version))
        #expect(await makeMigrator(log: log).run(store: store).completed == expected)
    }

    @Test
    func stepsAddedLaterRunForUpdatesTheHistorySaw() async throws {
        // The app recorded launches at 1.0 but only registered steps from 1.2 on.
        let log = StepLog()
        let store = InMemoryAlertStore()
        _ = try await LaunchRecorder.record(app: AppInfo(bundleID: "a", appVersion: "1.0"), store: store)
        _ = try await LaunchRecorder.record(app: AppInfo(bundleID: "a", appVersion: "1.2"), store: store)
        #expect(await makeMigrator(log: log).run(store: store).completed == ["1.1:a", "1.2:b1", "1.2.0:b2"])
    }

    @Test
    func registrationMistakesStopTheRunBeforeAnyStep() async {
        let log = StepLog()
        var migrator = makeMigrator(log: log)
        migrator.registerStep("1.1", "a") { log.add("again") }
        migrator.registerStep("one", "x") { log.add("x") }
        let (report, _) = await migrator.simulateUpdate(from: "1.0", to: "2.0")
        #expect(report.completed.isEmpty)
        #expect(log.all.isEmpty)
        #expect(report.failure?.reason.contains("\"1.1:a\" is registered twice") == true)
        #expect(report.failure?.reason.contains("invalid version \"one\"") == true)
    }

    @Test
    func runningBeforeRecordingTheLaunchIsAnError() async {
        let report = await makeMigrator(log: StepLog()).run(store: InMemoryAlertStore())
        #expect(report.failure?.reason.contains("record the launch before running steps") == true)
    }
}

struct WhatsNewTests {
    static let feed = """
        [
          {"id": 1, "bundleId": "a", "title": "New in 1.1", "text": "x", "whatsNew": "~1.1"},
          {"id": 2, "bundleId": "a", "title": "New in 1.2", "text": "x", "whatsNew": ">=1.2 <1.3"},
          {"id": 3, "bundleId": "a", "title": "New in 2.0", "text": "x", "whatsNew": "^2"}
        ]
        """

    @Test(
        arguments: [
            (nil, "1.1", 1, nil),  // fresh install: never
            ("1.0", "1.1", 1, 1),
            ("1.0", "1.1.5", 1, 1),
            ("1.1", "1.1.1", 1, 1),  // an update to a version in the range (maxViews keeps it to once)
            ("1.0", "1.2", 1, 2),  // catch-up: the newest applicable
            ("1.0", "1.9", 1, 2),  // skipped over 1.1 and 1.2: the newest of them
            ("1.2.1", "1.9", 1, nil),
            ("1.9", "2.0.3", 1, 3),
            ("1.0", "1.1", 10, 1),  // within the window of launches
            ("1.0", "1.1", 11, nil),  // long after the update
            ("2.0", "1.1", 1, nil),  // a downgrade is not an update
        ] as [(String?, String, Int, Int?)])
    func whatsNewShowsAfterUpdatingIntoItsRange(from: String?, to: String, launches: Int, expected: Int?) throws {
        let feed = try FeedDecoder().decode(Data(Self.feed.utf8)).feed
        var context = makeContext(bundleID: "a", appVersion: to)
        if let from, let fromVersion = Version(from), let toVersion = Version(to), fromVersion < toVersion {
            context.recentUpdate = EvaluationContext.RecentUpdate(
                from: fromVersion, to: toVersion, launchesSince: launches)
        }
        #expect(MessageSelector.decide(feed, context: context).selectedID == expected)
    }

    @Test
    func shownOnceThenNotAgain() throws {
        let feed = try FeedDecoder().decode(Data(Self.feed.utf8)).feed
        var context = makeContext(bundleID: "a", appVersion: "1.1")
        context.recentUpdate = EvaluationContext.RecentUpdate(from: Version("1.0")!, to: Version("1.1")!)
        #expect(
            MessageSelector.decide(feed, context: context, history: ViewHistory(records: [1: .init(count: 1)]))
                .selectedID == nil)
    }

    @Test
    func anInvalidWhatsNewRangeLeavesTheMessageOut() throws {
        let result = try decodeMessage("\"whatsNew\": \">=1.x.y\"")
        #expect(result.feed.messages.isEmpty)
        #expect(result.errors.first?.path == "$[0].whatsNew")
    }
}
