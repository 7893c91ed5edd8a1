import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// Where counts may go, and command-line tools reporting through UpdateNotifier (issue 34).
struct ReportingSetupTests {
    @Test(arguments: [
        ("https://results.example.com", "https://results.example.com/v1/counts"),
        ("https://results.example.com/", "https://results.example.com/v1/counts"),
        ("https://example.com/notes/results/", "https://example.com/notes/results/v1/counts"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/v1/counts"),
        ("http://localhost:9000/base", "http://localhost:9000/base/v1/counts"),
    ])
    func aCollectorURLGivesItsCountsEndpoint(base: String, counts: String) throws {
        let configuration = try #require(ReportingConfiguration(base))
        #expect(configuration.countsURL.absoluteString == counts)
    }

    @Test(arguments: [
        "http://results.example.com", "ftp://results.example.com", "results.example.com", "https://",
        "https://results.example.com/?app=1", "https://results.example.com/#x", "file:///tmp/counts",
    ])
    func anyOtherURLIsRefused(base: String) {
        #expect(ReportingConfiguration(base) == nil)
    }

    static func notifier(
        store: InMemoryAlertStore, server: TestHTTPServer, clock: HandClock
    ) -> UpdateNotifier {
        let app = AppInfo(
            bundleID: "octo/tool", appVersion: "1.0.0", platform: .linux, preferredLanguages: [LanguageTag("en")])
        let checker = UpdateChecker(app: app, source: .feedOnly, store: store, clock: clock.clock)
        return UpdateNotifier(
            checker: checker, store: store, environment: [:], clock: clock.clock,
            reporting: ReportingConfiguration(server.baseURL))
    }

    @Test
    func aCommandLineToolCountsItsNoticeAndSendsFromItsBackgroundTask() async throws {
        let server = try ResultsFixture.server(feed: Data("[]".utf8)) { _ in
            .response(status: 200, body: Data(#"{"accepted": 1}"#.utf8))
        }
        let clock = HandClock("2026-11-24T10:00:00Z")
        var state = InstallState()
        state.lastUpdateCheck = InstallState.UpdateCheckRecord(
            date: clock.now, kind: UpdateDecision.Kind.optional.rawValue, availableVersion: "1.2.0", storeURL: nil)
        let store = InMemoryAlertStore(state: state)
        let notifier = Self.notifier(store: store, server: server, clock: clock)
        // The notice goes to standard error; forced here, where it is not a terminal.
        #expect(await notifier.finish(nil, appName: "tool", force: true))
        #expect(try await ResultsFixture.counters(store) == ["2026-11-24 - - 1.2.0 update.shown 1"])
        // Today's count is not sent today; tomorrow's run sends it.
        await notifier.start()?.value
        #expect(server.countPosts.isEmpty)
        clock.advance(hours: 24)
        await notifier.start()?.value
        let batch = try SentBatch(try #require(server.countPosts.first))
        #expect(batch.app == "octo/tool")
        #expect(batch.counts == [.init(day: "2026-11-24", version: "1.2.0", event: "update.shown", n: 1)])
        #expect(try await ResultsFixture.counters(store) == [])
    }
}
