import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// Counters live in the install's state file: written atomically with the rest of it, and state files
/// written before reporting existed keep loading (issue 34).
struct ResultStorageTests {
    typealias Fixture = ResultsFixture

    func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("appalert-results-\(UUID().uuidString)")
    }

    @Test
    func aStateFileWrittenBeforeReportingLoadsAndKeepsEverything() async throws {
        // Written by the code of main before issue 34 (a test run's store: a showing, the inbox, the
        // last feed check).
        let directory = directory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Fixtures.data("state-before-results.json").write(to: directory.appendingPathComponent("state.json"))
        let problems = Locked<[String]>([])
        let store = FileAlertStore(directory: directory) { problem in problems.value.append(problem.description) }
        let state = try await store.state()
        #expect(problems.value == [])
        #expect(state.installID == "65C032FA-B7B8-4074-AFA5-EBA4C9B3ECC3")
        #expect(state.history.views(of: 5) == 1)
        #expect(state.inbox?.isRead(5) == true)
        #expect(state.results == nil)

        // Counting adds the results beside what was there.
        var configuration = try #require(ReportingConfiguration("https://results.example.com"))
        configuration.maximumCounters = 10
        let reporting = configuration
        _ = try await store.updateState {
            ResultsRecorder.count(
                [.shown, .button(1)], of: ResolvedMessage(id: 5, title: "t", text: "x"), in: &$0,
                at: try! RFC3339.parse("2026-11-24T10:00:00Z"), configuration: reporting)
        }
        let reread = try await FileAlertStore(directory: directory).state()
        #expect(reread.installID == state.installID)
        #expect(reread.inbox == state.inbox)
        #expect(
            reread.results?.counters.map(Fixture.line) == ["2026-11-24 5 - - shown 1", "2026-11-24 5 - - button.1 1"])
        #expect(problems.value == [])
    }

    @Test
    func countsPendingConversionsAndTheBatchSurviveANewStore() async throws {
        let directory = directory()
        let clock = HandClock("2026-11-25T10:00:00Z")
        let server = try Fixture.server(feed: Fixture.feed(#", "conversion": {"event": "purchase", "withinHours": 5}"#))
        { _ in
            .response(status: 503)
        }
        let client = Fixture.client(server: server, store: FileAlertStore(directory: directory), clock: clock)
        _ = await client.checkAndRecord()
        clock.advance(hours: 24)
        await client.sendCountsIfDue()  // 503: the batch is kept
        let state = try await FileAlertStore(directory: directory).state()
        #expect(state.results?.batch?.counts.map(Fixture.line) == ["2026-11-25 5 - - shown 1"])
        #expect(state.results?.pending.map(\.event) == ["purchase"])
        #expect(state.results?.retryAt != nil)
        // Stored as one string, which a launch's decoding of the state passes over.
        let object = try JSONSerialization.jsonObject(
            with: Data(contentsOf: directory.appendingPathComponent("state.json")))
        let text = try #require((object as? [String: Any])?["results"] as? String)
        // No counter left beside the batch, no run finished, a retry time, a batch waiting.
        #expect(text.hasPrefix("1 - - ") && text.split(separator: ";")[0].hasSuffix(" 1"))
        #expect(!text.contains("\"") && !text.contains("\\") && !text.contains("/"))
        // The state file stays one JSON document, written whole.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["feed-cache", "state.json", "state.lock"])
    }

    @Test
    func theUserDefaultsStoreKeepsTheCountsToo() async throws {
        let suite = "appalert-results-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsAlertStore(defaults: defaults, cacheDirectory: directory())
        let configuration = try #require(ReportingConfiguration("https://results.example.com"))
        _ = try await store.updateState {
            ResultsRecorder.count(
                [.shown], of: ResolvedMessage(id: 7, title: "t", text: "x"), in: &$0,
                at: try! RFC3339.parse("2026-11-24T10:00:00Z"), configuration: configuration)
        }
        let again = UserDefaultsAlertStore(defaults: defaults, cacheDirectory: directory())
        #expect(try await again.state().results?.counters.map(Fixture.line) == ["2026-11-24 7 - - shown 1"])
    }

    @Test
    func theStoredHeaderSaysWhetherARunIsDueAsTheCountsDo() throws {
        let now = try RFC3339.parse("2026-11-26T09:00:00Z")
        var states: [ResultCounts] = []
        var counts = ResultCounts()
        states.append(counts)
        counts.add(.shown, message: 5, at: now, limit: 1_000)
        states.append(counts)  // today's only
        counts.add(.shown, message: 5, at: now.addingTimeInterval(-86_400), limit: 1_000)
        states.append(counts)  // yesterday's too
        counts.lastRun = now.addingTimeInterval(-3_600)
        states.append(counts)  // ran today
        counts.lastRun = now.addingTimeInterval(-86_400)
        states.append(counts)  // ran yesterday
        counts.retryAt = now.addingTimeInterval(60)
        states.append(counts)  // waiting for a retry
        counts.retryAt = now.addingTimeInterval(-60)
        counts.batch = ResultCounts.Batch(id: "x", since: now, counts: [])
        states.append(counts)  // a batch to send again
        let expected = [false, false, true, false, true, false, true]
        for (state, due) in zip(states, expected) {
            #expect(state.isDue(at: now) == due)
            #expect(StoredResults(state).isDue(at: now) == due)
            #expect(StoredResults(state).counts == state)
        }
    }
}
