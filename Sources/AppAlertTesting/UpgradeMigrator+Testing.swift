import AppAlert
import Foundation

extension UpgradeMigrator {
    /// Runs your steps as an install updated from `previousVersion` to `version` would, against an
    /// in-memory store: for testing your own upgrade steps.
    ///
    /// ```swift
    /// let (report, store) = await migrator.simulateUpdate(from: "1.1", to: "1.3")
    /// #expect(report.completed == ["1.2.0:normalize-sort-keys", "1.3.0:rebuild-index"])
    /// ```
    ///
    /// - Parameter previousVersion: the version the install last ran; `nil` simulates a fresh
    ///   install of `version`.
    /// - Returns: the run's report and the store, to run again (a second launch) or to inspect.
    public func simulateUpdate(
        from previousVersion: String?, to version: String, now: Date = Date()
    ) async -> (UpgradeMigrator.Report, InMemoryAlertStore) {
        let store = InMemoryAlertStore()
        let app = AppInfo(bundleID: "test.upgrade", appVersion: version)
        if let previousVersion {
            let earlier = AppInfo(bundleID: "test.upgrade", appVersion: previousVersion)
            _ = try? await LaunchRecorder.record(app: earlier, store: store, now: now.addingTimeInterval(-86_400))
            // The earlier version completed its own steps (as it would have at its launches).
            _ = try? await store.updateState { $0.versionHistory?.stepsBaseline = previousVersion }
        }
        _ = try? await LaunchRecorder.record(app: app, store: store, now: now)
        return (await run(store: store, now: now), store)
    }
}
