@_spi(Authoring) import AppAlert
import Foundation
import TestSupport
import Testing

/// The results loop end to end, with real parts: installs simulated with `AlertService` over
/// `AlertClient` (each its own state folder) against a local feed server, a real `appalert collect`
/// process, then `appalert report --json` as a real process. What each install did is known, so the
/// report must give exactly those numbers, per variant.
@MainActor
struct ResultsEndToEndTests {
    nonisolated static let app = "com.example.e2e"
    nonisolated static let feed = """
        {"format": 2, "messages": [
          {"id": 5, "bundleId": "\(app)", "title": "Folders", "text": "Keep notes in folders",
           "buttons": [{"title": "Try it", "action": {"url": "https://example.com/try"}},
                       {"title": "Not now", "action": "dismiss"}],
           "conversion": {"event": "purchase", "withinHours": 72},
           "variants": [{"weight": 1, "title": "Folders are here"}, {"weight": 1, "title": "Your notes, in order"}]}
        ]}
        """
    /// 2026-11-25 10:00 UTC, the day the installs see the message, and the next day, when they send
    /// (the collector's `--today` is 2026-11-26).
    nonisolated static let shownDay = Date(timeIntervalSince1970: 1_795_600_800)
    nonisolated static let sendDay = Date(timeIntervalSince1970: 1_795_687_200)
    nonisolated static let installs = 40

    struct Expected: Equatable, CustomStringConvertible {
        var counts: [Int: [String: Int]] = [:]

        mutating func add(_ event: String, variant: Int) {
            counts[variant, default: [:]][event, default: 0] += 1
        }

        var description: String { "\(counts.sorted { $0.key < $1.key })" }
    }

    /// One install's life: it sees the message on the first day and answers it one of four ways (the
    /// first button, the second, the close control, nothing); one in three then records the
    /// conversion event (twice for some: still one conversion); the next day it sends its counts.
    func simulateInstall(_ index: Int, feedURL: String, collector: String, expected: inout Expected) async throws {
        let directory = try TemporaryDirectory()
        let store = FileAlertStore(directory: directory.url)
        let reporting = try #require(ReportingConfiguration(collector))
        let source = try #require(FeedSource(feedURL))
        let info = AppInfo(
            bundleID: Self.app, appVersion: "1.0", platform: .iOS, osVersion: Version("17.0"),
            preferredLanguages: [LanguageTag("en")])
        let firstDay = AlertClient(
            source: source, app: info, store: store, clock: .fixed(Self.shownDay), reporting: reporting)
        let service = AlertService(client: firstDay)
        await service.showAlertIfNecessary()
        let message = try #require(service.message, "install \(index) was not shown the message")
        let variant = try #require(message.variant, "install \(index): a message with variants has one")
        // The window drew it: counted once stored (waited for, as the next day's client reads the state).
        await service.messageAppeared()?.value
        expected.add("shown", variant: variant)
        let buttons = AlertPresentation(message).buttons
        try #require(buttons.count == 2)
        switch index % 4 {
        case 0:
            _ = await service.perform(buttons[0])
            expected.add("button.0", variant: variant)
        case 1:
            _ = await service.perform(buttons[1])
            expected.add("button.1", variant: variant)
        case 2:
            await service.close()
            expected.add("dismissed", variant: variant)
        default:
            break
        }
        if index % 3 == 0 {
            await service.handle(event: "purchase")
            if index % 2 == 0 { await service.handle(event: "purchase") }
            expected.add("conversion", variant: variant)
        }
        // The next day: a launch's client sends what the first day counted.
        let nextDay = AlertClient(
            source: source, app: info, store: store, clock: .fixed(Self.sendDay), reporting: reporting)
        let problems = await nextDay.sendCountsIfDue()
        #expect(problems.isEmpty, "install \(index): \(problems)")
    }

    func runLoop(database: String) async throws {
        let feedServer = try TestHTTPServer { request in
            request.path.hasPrefix("/feed.json")
                ? .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.feed.utf8))
                : .response(status: 404)
        }
        defer { feedServer.stop() }
        let directory = try TemporaryDirectory()
        let feedFile = try directory.write("messages.json", Self.feed)
        let collector = try await CollectProcess.start(feed: feedFile, database: database)
        var expected = Expected()
        for index in 0..<Self.installs {
            try await simulateInstall(
                index, feedURL: feedServer.url("/feed.json"), collector: "http://127.0.0.1:\(collector.port)",
                expected: &expected)
        }
        #expect(expected.counts.keys.sorted() == [0, 1], "both variants drawn among \(Self.installs) installs")
        // A retried batch counts once: the same install sending again has nothing left to send.
        #expect(collector.stop() == 0)

        let report = try await offThePool {
            try AppAlertProcess.run(["report", "--database", database, "--app", Self.app, "--json"])
        }
        try #require(report.status == 0, "\(report.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])
        let messages = try #require(object["messages"] as? [[String: Any]])
        try #require(messages.count == 1)
        #expect(messages[0]["id"] as? Int == 5)
        let variants = try #require(messages[0]["variants"] as? [[String: Any]])
        var reported = Expected()
        for entry in variants {
            let variant = try #require(entry["variant"] as? Int)
            let counts = try #require(entry["counts"] as? [String: Int])
            for (event, n) in counts where n > 0 {
                reported.counts[variant, default: [:]][event] = n
            }
            // Rates are per showing; the baseline has no comparison, the other variant has one.
            let rates = try #require(entry["rates"] as? [String: [String: Double]])
            if let shown = counts["shown"], let taps = counts["button.0"], shown > 0 {
                let rate = try #require(rates["button.0"]?["rate"])
                // `--json` rounds rates to 6 decimals (no floating-point noise): within half a millionth.
                #expect(abs(rate - Double(taps) / Double(shown)) <= 5e-7)
            }
            #expect((entry["versusBaseline"] != nil) == (variant != 0))
        }
        #expect(reported == expected)
        let total = expected.counts.values.reduce(0) { $0 + ($1["shown"] ?? 0) }
        #expect(total == Self.installs)
    }

    @Test
    func theReportGivesExactlyWhatTheInstallsDidOnSQLite() async throws {
        let directory = try TemporaryDirectory()
        try await runLoop(database: directory.url.appendingPathComponent("results.sqlite").path)
    }

    #if PostgreSQL
        @Test(.enabled(if: PostgresTestDatabase.available, PostgresTestDatabase.skipReason))
        func theReportGivesExactlyWhatTheInstallsDidOnPostgreSQL() async throws {
            let database = try PostgresTestDatabase()
            try await runLoop(database: database.url)
        }
    #endif
}
