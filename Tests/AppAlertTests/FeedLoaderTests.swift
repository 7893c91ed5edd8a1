import AppAlert
import AppAlertTesting
import Foundation
import TestSupport
import Testing

let sampleFeed = Data(
    """
    [{"id": 1, "bundleId": "com.example.App", "title": "Hello", "text": "First version"}]
    """.utf8)
let editedFeed = Data(
    """
    [{"id": 2, "bundleId": "com.example.App", "title": "Hello again", "text": "Edited"}]
    """.utf8)

/// A loader against the test server, with no minimum interval and a short timeout.
func makeLoader(
    _ url: String, store: any AlertStore = InMemoryAlertStore(), interval: TimeInterval = 0, timeout: TimeInterval = 2,
    maximumBodySize: Int = 1 << 20, clock: AlertClock = .system
) -> FeedLoader {
    var configuration = FeedLoaderConfiguration()
    configuration.minimumCheckInterval = interval
    configuration.timeout = timeout
    configuration.maximumBodySize = maximumBodySize
    return FeedLoader(source: FeedSource(url)!, store: store, configuration: configuration, clock: clock)
}

@Suite(.serialized)
struct FeedLoaderTests {
    @Test
    func anUnchangedFeedIsRevalidatedWithItsETagAndCostsNoBody() async throws {
        let server = try TestHTTPServer { request in
            if request.headers["if-none-match"] == "\"v1\"" {
                return .response(status: 304, headers: ["ETag": "\"v1\""])
            }
            return .response(
                status: 200, headers: ["ETag": "\"v1\"", "Content-Type": "application/json"], body: sampleFeed)
        }
        let loader = makeLoader(server.url("/messages.json"))
        let first = await loader.load()
        #expect(first.source == .network)
        #expect(first.feed?.messages.map(\.id) == [1])
        let second = await loader.load()
        #expect(second.source == .notModified)
        #expect(second.error == nil)
        #expect(second.feed?.messages.map(\.id) == [1])
        #expect(server.requests.count == 2)
        #expect(server.requests[0].headers["if-none-match"] == nil)
        #expect(server.requests[1].headers["if-none-match"] == "\"v1\"")
    }

    @Test
    func lastModifiedAloneIsEnoughToRevalidate() async throws {
        let stamp = "Sun, 22 Nov 2026 04:00:00 GMT"
        let server = try TestHTTPServer { request in
            if request.headers["if-modified-since"] == stamp { return .response(status: 304) }
            return .response(status: 200, headers: ["Last-Modified": stamp], body: sampleFeed)
        }
        let loader = makeLoader(server.url("/feed.json"))
        #expect(await loader.load().source == .network)
        #expect(await loader.load().source == .notModified)
        #expect(server.requests.last?.headers["if-modified-since"] == stamp)
        #expect(server.requests.last?.headers["if-none-match"] == nil)
    }

    @Test
    func anEditedFeedIsSeenOnTheVeryNextCheck() async throws {
        let server = try TestHTTPServer { request in
            .response(status: 200, headers: ["ETag": "\"v1\""], body: sampleFeed)
        }
        let loader = makeLoader(server.url("/feed.json"))
        #expect(await loader.load().feed?.messages.map(\.id) == [1])
        server.respond { request in
            if request.headers["if-none-match"] == "\"v2\"" { return .response(status: 304) }
            return .response(status: 200, headers: ["ETag": "\"v2\""], body: editedFeed)
        }
        let next = await loader.load()
        #expect(next.source == .network)
        #expect(next.feed?.messages.map(\.id) == [2])
        #expect(await loader.load().source == .notModified)
    }

    /// Every failure after a good load: the good copy is used, and the reason is given.
    static let failures: [(String, TestHTTPServer.Reply, FeedLoader.LoadError.Kind, FeedTransportError.Kind?)] = [
        ("500", .response(status: 500, body: Data("oops".utf8)), .httpStatus, nil),
        ("404", .response(status: 404), .httpStatus, nil),
        ("503 with a feed body", .response(status: 503, body: editedFeed), .httpStatus, nil),
        ("garbage body", .response(status: 200, body: Data("<html>Hello</html>".utf8)), .invalidFeed, nil),
        ("JSON that is not a feed", .response(status: 200, body: Data("{\"hello\": 1}".utf8)), .invalidFeed, nil),
        ("empty body", .response(status: 200), .invalidFeed, nil),
        (
            "truncated body", .truncated(declaredLength: editedFeed.count, body: editedFeed.prefix(20)), .transport,
            .truncated
        ),
        ("not HTTP", .garbage, .transport, nil),
        ("closed without a word", .close, .transport, nil),
        ("slow", .delayed(seconds: 60, .response(status: 200, body: editedFeed)), .transport, .timedOut),
        ("oversized", .response(status: 200, body: Data(repeating: 0x20, count: 300_000)), .transport, .tooLarge),
        ("oversized without a length", .chunked(size: 600_000), .transport, .tooLarge),
    ]

    @Test(arguments: failures)
    func aBadResponseNeverReplacesTheGoodFeed(
        name: String, reply: TestHTTPServer.Reply, kind: FeedLoader.LoadError.Kind,
        transportKind: FeedTransportError.Kind?
    ) async throws {
        let server = try TestHTTPServer { _ in .response(status: 200, headers: ["ETag": "\"v1\""], body: sampleFeed) }
        let store = InMemoryAlertStore()
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        configuration.maximumBodySize = 100_000
        // The good load may take as long as a slow machine needs; only the "slow" answer (a minute)
        // must outlast the timeout of the load that meets it.
        configuration.timeout = 60
        let source = FeedSource(server.url("/feed.json"))!
        #expect(await FeedLoader(source: source, store: store, configuration: configuration).load().source == .network)
        configuration.timeout = name == "slow" ? 2 : 60
        let loader = FeedLoader(source: source, store: store, configuration: configuration)
        server.respond { _ in reply }
        let result = await loader.load()
        #expect(result.source == .cache, "\(name)")
        #expect(result.feed?.messages.map(\.id) == [1], "\(name)")
        #expect(result.error?.kind == kind, "\(name): \(String(describing: result.error))")
        if let transportKind { #expect(result.error?.transportKind == transportKind, "\(name)") }
        // The good copy is still the cached one.
        #expect(try await store.cachedFeed()?.body == sampleFeed)
    }

    @Test
    func aRefusedConnectionFallsBackToTheLastGoodFeed() async throws {
        let store = InMemoryAlertStore()
        let server = try TestHTTPServer { _ in .response(status: 200, body: sampleFeed) }
        let url = server.url("/feed.json")
        #expect(await makeLoader(url, store: store).load().source == .network)
        server.stop()
        let result = await makeLoader(url, store: store).load()
        #expect(result.source == .cache)
        #expect(result.error?.transportKind == .unreachable)
        #expect(result.feed?.messages.map(\.id) == [1])
    }

    @Test
    func withNothingCachedAFailureMeansNoFeed() async throws {
        let port = try TestHTTPServer.closedPort()
        let result = await makeLoader("http://127.0.0.1:\(port)/feed.json").load()
        #expect(result.source == .none)
        #expect(result.feed == nil)
        #expect(result.error?.transportKind == .unreachable)
    }

    @Test
    func within_theMinimumIntervalTheCachedCopyIsUsedWithoutAsking() async throws {
        let server = try TestHTTPServer { _ in .response(status: 200, headers: ["ETag": "\"v1\""], body: sampleFeed) }
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let now = MutableDate(start)
        let clock = AlertClock { now.value }
        let store = InMemoryAlertStore()
        let loader = makeLoader(server.url("/feed.json"), store: store, interval: 600, clock: clock)
        #expect(await loader.load().source == .network)
        now.value = start.addingTimeInterval(599)
        let cached = await loader.load()
        #expect(cached.source == .cache)
        #expect(cached.error == nil)
        #expect(server.requests.count == 1)
        now.value = start.addingTimeInterval(600)
        #expect(await loader.load().source == .network)
        #expect(server.requests.count == 2)
        // Asking explicitly ignores the interval.
        #expect(await loader.load(ignoringInterval: true).source != .cache)
        #expect(server.requests.count == 3)
    }

    @Test
    func overlappingLoadsShareOneRequest() async throws {
        // The server holds its answer until every load has been asked for: no timing involved.
        let asked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try TestHTTPServer { _ in
            asked.signal()
            release.wait()
            return .response(status: 200, body: sampleFeed)
        }
        let loader = makeLoader(server.url("/feed.json"), timeout: 60)
        let started = AsyncCounter()
        let results = await withTaskGroup(of: FeedLoader.LoadResult.Source.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await started.increment()
                    return await loader.load().source
                }
            }
            group.addTask {
                await started.wait(for: 8)
                await Task.detached { asked.wait() }.value
                // Every load call is queued on the loader by now; let the one request finish.
                release.signal()
                return .none
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.filter { $0 == .network }.count == 8)
        #expect(server.requests.count == 1)
    }

    @Test
    func plainHTTPIsOnlyForLoopback() async throws {
        let result = await makeLoader("http://example.com/feed.json").load()
        #expect(result.source == .none)
        #expect(result.error?.kind == .insecureURL)
        #expect(result.error?.reason.contains("allowed only for localhost") == true)
    }

    @Test
    func a304WithNothingCachedIsAnError() async throws {
        let server = try TestHTTPServer { _ in .response(status: 304) }
        let result = await makeLoader(server.url("/feed.json")).load()
        #expect(result.source == .none)
        #expect(result.error?.kind == .unexpectedNotModified)
    }

    @Test
    func aBadEditOfAFileFeedKeepsTheLastGoodOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("messages.json")
        try sampleFeed.write(to: file)
        let store = InMemoryAlertStore()
        let loader = makeLoader(file.path, store: store)
        #expect(await loader.load().feed?.messages.map(\.id) == [1])
        try Data("[{\"id\": 2,".utf8).write(to: file)
        let broken = await loader.load()
        #expect(broken.source == .cache)
        #expect(broken.error?.kind == .invalidFeed)
        #expect(broken.feed?.messages.map(\.id) == [1])
        try editedFeed.write(to: file)
        #expect(await loader.load().feed?.messages.map(\.id) == [2])
        try FileManager.default.removeItem(at: file)
        let missing = await loader.load()
        #expect(missing.error?.kind == .unreadableFile)
        #expect(missing.feed?.messages.map(\.id) == [2])
    }

    @Test
    func theRealTransportSendsNoCacheHeadersOfItsOwnAndKeepsTheServersHeaderSpelling() async throws {
        let server = try TestHTTPServer { _ in .response(status: 200, headers: ["Etag": "\"abc\""], body: sampleFeed) }
        let response = try await URLSessionFeedTransport().get(
            FeedRequest(url: URL(string: server.url("/x"))!, timeout: 2, maximumBodySize: 10_000))
        #expect(response.status == 200)
        #expect(response[header: "ETag"] == "\"abc\"")
        #expect(response.body == sampleFeed)
        #expect(server.requests.first?.headers["if-none-match"] == nil)
    }
}

/// A date tests move forward by hand.
final class MutableDate: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ date: Date) { current = date }

    var value: Date {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}

/// Counts events and lets a task wait until a count is reached.
actor AsyncCounter {
    private var count = 0
    private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

    func increment() {
        count += 1
        let ready = waiters.filter { $0.0 <= count }
        waiters.removeAll { $0.0 <= count }
        for (_, waiter) in ready { waiter.resume() }
    }

    func wait(for target: Int) async {
        if count >= target { return }
        await withCheckedContinuation { waiters.append((target, $0)) }
    }
}
