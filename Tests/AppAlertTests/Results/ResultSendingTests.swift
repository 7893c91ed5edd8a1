import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// The sender against a real local collector that misbehaves on purpose (issue 34): what is sent,
/// when, and what becomes of the counts for each answer.
struct ResultSendingTests {
    typealias Fixture = ResultsFixture

    /// A store holding `counters` (`day message event n`), and the sender's client over `server`.
    static func seeded(_ counters: [(String, Int, String, Int)], clock: HandClock, server: TestHTTPServer)
        -> (InMemoryAlertStore, AlertClient)
    {
        var state = InstallState()
        var results = ResultCounts()
        for (day, message, event, n) in counters {
            results.counters.append(
                ResultCounts.Counter(day: day, message: message, event: ResultEvent(rawValue: event), n: n))
        }
        state.results = results
        let store = InMemoryAlertStore(state: state)
        return (store, Fixture.client(server: server, store: store, clock: clock))
    }

    static let ok: @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply = { _ in
        .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"accepted": 2}"#.utf8))
    }

    @Test
    func anAcknowledgedBatchRemovesItsCountsAndTodaysStay() async throws {
        let server = try Fixture.server(feed: Fixture.feed(""), counts: Self.ok)
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded(
            [("2026-11-24", 5, "shown", 3), ("2026-11-25", 5, "dismissed", 2), ("2026-11-26", 5, "shown", 1)],
            clock: clock, server: server)
        #expect(await client.sendCountsIfDue() == [])
        let posts = server.countPosts
        try #require(posts.count == 1)
        #expect(posts[0].headers["content-type"] == "application/json")
        let batch = try SentBatch(posts[0])
        #expect(batch.schema == 1)
        #expect(batch.app == "com.example.App")
        #expect(UUID(uuidString: batch.batch) != nil)
        #expect(
            batch.counts == [
                .init(day: "2026-11-24", message: 5, event: "shown", n: 3),
                .init(day: "2026-11-25", message: 5, event: "dismissed", n: 2),
            ])
        #expect(try await Fixture.counters(store) == ["2026-11-26 5 - - shown 1"])
        #expect(try await store.state().results?.batch == nil)
    }

    @Test
    func atMostOneRunADayAndTheNextDaySendsTheNewCounts() async throws {
        let server = try Fixture.server(feed: Fixture.feed(""), counts: Self.ok)
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded([("2026-11-25", 5, "shown", 1)], clock: clock, server: server)
        await client.sendCountsIfDue()
        #expect(server.countPosts.count == 1)
        // New counts of an earlier day, the same UTC day: they wait for tomorrow.
        _ = try await store.updateState {
            $0.results?.add(.shown, message: 5, at: try! RFC3339.parse("2026-11-25T12:00:00Z"), limit: 1_000)
        }
        clock.advance(hours: 14)  // 23:00 UTC
        await client.sendCountsIfDue()
        #expect(server.countPosts.count == 1)
        clock.advance(hours: 2)  // 01:00 UTC the next day
        await client.sendCountsIfDue()
        #expect(server.countPosts.count == 2)
        #expect(
            try SentBatch(server.countPosts[1]).counts == [.init(day: "2026-11-25", message: 5, event: "shown", n: 1)])
        // Nothing before today is left: no run.
        clock.advance(hours: 30)
        await client.sendCountsIfDue()
        #expect(server.countPosts.count == 2)
    }

    @Test
    func nothingBeforeTodayMeansNoRequest() async throws {
        let server = try Fixture.server(feed: Fixture.feed(""), counts: Self.ok)
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (_, client) = Self.seeded([("2026-11-26", 5, "shown", 4)], clock: clock, server: server)
        await client.sendCountsIfDue()
        #expect(server.countPosts.isEmpty)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: TestHTTPServer.Reply
        /// The first retry comes no sooner than this many hours.
        var waitHours: Double
        var testDescription: String { name }
    }

    nonisolated static let failures: [Failure] = [
        Failure(name: "500", reply: .response(status: 500), waitHours: 5.0 / 60),
        Failure(
            name: "503 with Retry-After in seconds", reply: .response(status: 503, headers: ["Retry-After": "7200"]),
            waitHours: 2),
        Failure(
            name: "429 with Retry-After as an HTTP date",
            reply: .response(status: 429, headers: ["Retry-After": "Thu, 26 Nov 2026 12:00:00 GMT"]), waitHours: 3),
        Failure(name: "a dropped connection", reply: .close, waitHours: 5.0 / 60),
        Failure(name: "garbage", reply: .garbage, waitHours: 5.0 / 60),
    ]

    @Test(arguments: failures)
    func aFailedBatchIsSentAgainAfterItsWaitWithTheSameID(_ failure: Failure) async throws {
        let failing = Locked(true)
        let server = try Fixture.server(feed: Fixture.feed("")) { request in
            failing.value ? failure.reply : Self.ok(request)
        }
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded([("2026-11-25", 5, "shown", 3)], clock: clock, server: server)
        let problems = await client.sendCountsIfDue()
        #expect(problems.count == 1)
        #expect(problems.first?.contains("sent again in") == true)
        #expect(server.countPosts.count == 1)
        // Kept, with its id, and not sent before its wait is over.
        let kept = try #require(try await store.state().results?.batch)
        #expect(kept.counts.map(\.n) == [3])
        clock.advance(hours: failure.waitHours * 0.9)
        await client.sendCountsIfDue()
        #expect(server.countPosts.count == 1)
        failing.value = false
        clock.advance(hours: failure.waitHours * 0.2)
        #expect(await client.sendCountsIfDue() == [])
        #expect(server.countPosts.count == 2)
        #expect(try SentBatch(server.countPosts[1]).batch == kept.id)
        #expect(try SentBatch(server.countPosts[1]).batch == SentBatch(server.countPosts[0]).batch)
        #expect(try await store.state().results?.batch == nil)
        #expect(try await Fixture.counters(store) == [])
    }

    @Test
    func theBackoffDoublesWhileTheCollectorKeepsFailing() async throws {
        let server = try Fixture.server(feed: Fixture.feed("")) { _ in .response(status: 500) }
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded([("2026-11-25", 5, "shown", 3)], clock: clock, server: server)
        var waits: [TimeInterval] = []
        for _ in 0..<4 {
            await client.sendCountsIfDue()
            let retryAt = try #require(try await store.state().results?.retryAt)
            waits.append(retryAt.timeIntervalSince(clock.now))
            clock.advance(hours: retryAt.timeIntervalSince(clock.now) / 3_600)
        }
        #expect(waits == [300, 600, 1_200, 2_400])
        #expect(server.countPosts.count == 4)
        #expect(Set(try server.countPosts.map { try SentBatch($0).batch }).count == 1)
    }

    @Test
    func aRefusedBatchIsDroppedWithTheCollectorsReason() async throws {
        let reason = "message 5 has no button 1; " + String(repeating: "x", count: 300)
        let server = try Fixture.server(feed: Fixture.feed("")) { _ in
            .response(status: 400, body: Data(#"{"error": "\#(reason)"}"#.utf8))
        }
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded(
            [("2026-11-25", 5, "button.1", 3), ("2026-11-26", 5, "shown", 1)], clock: clock, server: server)
        let problems = await client.sendCountsIfDue()
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.contains("HTTP 400"))
        #expect(problem.contains("\"message 5 has no button 1; xxx"))
        #expect(problem.count < 250)
        #expect(try await store.state().results?.batch == nil)
        #expect(try await Fixture.counters(store) == ["2026-11-26 5 - - shown 1"])
        clock.advance(hours: 1)
        await client.sendCountsIfDue()
        #expect(server.countPosts.count == 1)
    }

    /// A batch taken by a client whose clock reads later (another client of the same state, or a
    /// clock set back since) is sent again with its own id: a retry the collector counts once. (A new
    /// id counted it twice in the end-to-end test.)
    @Test
    func aBatchTakenAtALaterTimeKeepsItsIDWhenSentEarlier() async throws {
        let server = try Fixture.server(feed: Fixture.feed(""), counts: Self.ok)
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded([("2026-11-24", 5, "shown", 3)], clock: clock, server: server)
        try await store.updateState { state in
            state.results?.batch = ResultCounts.Batch(
                id: "0B6D1C52-8E1D-4F4B-9C35-3C1A2B4D5E6F", since: clock.now.addingTimeInterval(3_600),
                counts: [.init(day: "2026-11-24", message: 5, event: .shown, n: 3)])
            state.results?.counters = []
        }
        #expect(await client.sendCountsIfDue() == [])
        let ids = try server.countPosts.map { try SentBatch($0).batch }
        #expect(ids == ["0B6D1C52-8E1D-4F4B-9C35-3C1A2B4D5E6F"])
        #expect(try await store.state().results?.batch == nil)
    }

    @Test
    func aBatchUnacknowledgedForSevenDaysGetsANewID() async throws {
        let server = try Fixture.server(feed: Fixture.feed("")) { _ in
            .response(status: 503, headers: ["Retry-After": "86400"])
        }
        let clock = HandClock("2026-11-20T09:00:00Z")
        let (_, client) = Self.seeded([("2026-11-19", 5, "shown", 3)], clock: clock, server: server)
        for _ in 0..<8 {
            await client.sendCountsIfDue()
            clock.advance(hours: 24.1)
        }
        let ids = try server.countPosts.map { try SentBatch($0).batch }
        #expect(ids.count == 8)
        #expect(Set(ids.prefix(7)).count == 1)
        #expect(ids[7] != ids[0])
    }

    @Test
    func bigCountsAreSplitOverBatchesAndNothingIsLost() async throws {
        let server = try Fixture.server(feed: Fixture.feed(""), counts: Self.ok)
        let clock = HandClock("2026-11-26T09:00:00Z")
        var counters: [(String, Int, String, Int)] = [("2026-11-24", 5, "shown", 2_500)]
        for message in 1...250 { counters.append(("2026-11-25", message, "shown", 1)) }
        let (store, client) = Self.seeded(counters, clock: clock, server: server)
        await client.sendCountsIfDue()
        let batches = try server.countPosts.map(SentBatch.init)
        #expect(batches.count == 3)
        #expect(Set(batches.map(\.batch)).count == 3)
        var totals: [String: Int] = [:]
        for batch in batches {
            #expect((1...200).contains(batch.counts.count))
            #expect(batch.counts.allSatisfy { (1...1_000).contains($0.n) })
            // A key appears once per batch.
            #expect(Set(batch.counts.map { "\($0.day) \($0.message ?? 0) \($0.event)" }).count == batch.counts.count)
            for count in batch.counts { totals["\(count.day) \(count.message ?? 0)", default: 0] += count.n }
        }
        #expect(totals["2026-11-24 5"] == 2_500)
        #expect(totals.count == 251)
        #expect(totals.values.reduce(0, +) == 2_750)
        #expect(try await Fixture.counters(store) == [])
    }

    /// A transport of an app's own that only knows GET.
    struct GetOnlyTransport: FeedTransport {
        func get(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
            FeedResponse(status: 404)
        }
    }

    @Test
    func aTransportThatCannotPostKeepsTheBatchAndSaysWhy() async throws {
        var state = InstallState()
        var results = ResultCounts()
        results.counters = [.init(day: "2026-11-25", message: 5, event: .shown, n: 3)]
        state.results = results
        let store = InMemoryAlertStore(state: state)
        let client = AlertClient(
            source: FeedSource("https://example.com/feed.json")!, app: Fixture.app, store: store,
            transport: GetOnlyTransport(), clock: HandClock("2026-11-26T09:00:00Z").clock,
            reporting: ReportingConfiguration("https://results.example.com"))
        let problems = await client.sendCountsIfDue()
        #expect(problems.first?.contains("GetOnlyTransport does not send POST requests") == true)
        #expect(try await store.state().results?.batch?.counts.map(\.n) == [3])
    }

    @Test
    func theTestingStubAnswersPostsFromItsScript() async throws {
        var state = InstallState()
        var results = ResultCounts()
        results.counters = [.init(day: "2026-11-25", message: 5, event: .shown, n: 3)]
        state.results = results
        let store = InMemoryAlertStore(state: state)
        let transport = StubFeedTransport { request in
            FeedResponse(status: request.method == "POST" ? 200 : 404)
        }
        let client = AlertClient(
            source: FeedSource("https://example.com/feed.json")!, app: Fixture.app, store: store,
            transport: transport, clock: HandClock("2026-11-26T09:00:00Z").clock,
            reporting: ReportingConfiguration("https://results.example.com"))
        #expect(await client.sendCountsIfDue() == [])
        #expect(transport.requests.map(\.url.absoluteString) == ["https://results.example.com/v1/counts"])
        #expect(try await Fixture.counters(store) == [])
    }

    @Test
    func aSlowAnswerStillAcknowledges() async throws {
        let server = try Fixture.server(feed: Fixture.feed("")) { request in .delayed(seconds: 1, Self.ok(request)) }
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded([("2026-11-25", 5, "shown", 3)], clock: clock, server: server)
        #expect(await client.sendCountsIfDue() == [])
        #expect(try await Fixture.counters(store) == [])
    }

    @Test
    func theBatchIsSentAfterTheLaunchDecisionNotDuringIt() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try Fixture.server(feed: Fixture.feed("")) { request in
            release.wait()  // the collector answers only when the test says
            return Self.ok(request)
        }
        let clock = HandClock("2026-11-26T09:00:00Z")
        let (store, client) = Self.seeded([("2026-11-25", 5, "shown", 3)], clock: clock, server: server)
        let service = await AlertService(client: client)
        await service.showAlertIfNecessary()
        // The check returned with its decision while the collector still holds the batch.
        #expect(await service.message?.id == 5)
        #expect(try await store.state().results?.batch != nil)
        release.signal()
        await service.sending?.value
        #expect(try await store.state().results?.batch == nil)
        #expect(server.countPosts.count == 1)
    }

    @Test
    func theBytesSentMatchTheSchema() async throws {
        let server = try Fixture.server(feed: Fixture.feed(""), counts: Self.ok)
        let clock = HandClock("2026-11-26T09:00:00Z")
        var state = InstallState()
        var results = ResultCounts()
        results.counters = [
            .init(day: "2026-11-24", message: 5, variant: 1, event: .shown, n: 3),
            .init(day: "2026-11-24", message: 5, variant: 1, event: .button(0), n: 1),
            .init(day: "2026-11-24", message: 6, event: .conversion, n: 1),
            .init(day: "2026-11-25", version: "2.0 \"beta\"", event: .updateShown, n: 1),
        ]
        state.results = results
        let store = InMemoryAlertStore(state: state)
        await Fixture.client(server: server, store: store, clock: clock).sendCountsIfDue()
        let body = try #require(server.countPosts.first?.body)
        try Self.validate(body)
    }

    /// Checks `body` against schema/counts.schema.json with Python's jsonschema, in a real process.
    static func validate(_ body: Data) throws {
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schema/counts.schema.json")
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import json, sys, jsonschema; jsonschema.validate(json.load(sys.stdin), json.load(open(sys.argv[1]))); print('valid')",
                schema.path,
            ], standardInput: body)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "valid\n")
    }

    @Test
    func theSchemaRefusesWhatTheCollectorRefuses() throws {
        // The check above can fail: a body the schema forbids is refused.
        let bad = CountsWire.body(
            batch: UUID().uuidString, app: "com.example.App",
            counts: [.init(day: "2026-11-24", message: 5, event: .shown, n: 1_001)])
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schema/counts.schema.json")
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import json, sys, jsonschema; jsonschema.validate(json.load(sys.stdin), json.load(open(sys.argv[1])))",
                schema.path,
            ],
            standardInput: bad)
        #expect(result.status != 0)
        #expect(result.standardError.contains("jsonschema.exceptions.ValidationError"))
    }
}

/// A value shared with a server's handler.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
