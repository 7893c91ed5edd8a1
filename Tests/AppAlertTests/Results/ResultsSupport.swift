import AppAlertTesting
import Foundation
import TestSupport

@testable import AppAlert

/// A clock a test moves by hand.
final class HandClock: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date

    init(_ text: String) {
        date = try! RFC3339.parse(text)
    }

    var now: Date { lock.withLock { date } }
    var clock: AlertClock { AlertClock { [self] in now } }

    func advance(hours: Double) {
        lock.withLock { date = date.addingTimeInterval(hours * 3_600) }
    }
}

/// What a test's collector was sent: the counts POSTs, in order.
extension TestHTTPServer {
    var countPosts: [Request] { requests.filter { $0.method == "POST" && $0.path == "/v1/counts" } }
}

/// A batch as the collector reads it.
struct SentBatch: Decodable, Hashable {
    struct Count: Decodable, Hashable {
        var day: String
        var message: Int?
        var variant: Int?
        var version: String?
        var event: String
        var n: Int
    }
    var schema: Int
    var batch: String
    var app: String
    var counts: [Count]

    init(_ request: TestHTTPServer.Request) throws {
        self = try JSONDecoder().decode(SentBatch.self, from: request.body)
    }
}

enum ResultsFixture {
    static let app = AppInfo(
        bundleID: "com.example.App", appVersion: "1.0", build: "7", platform: .iOS, osVersion: Version("17.2"),
        preferredLanguages: [LanguageTag("en-US")])

    /// A feed of one message for the app (its keys besides `id`, `bundleId`, `title` and `text`).
    static func feed(_ extra: String) -> Data {
        Data(#"[{"id": 5, "bundleId": "com.example.App", "title": "Sale", "text": "Today only"\#(extra)}]"#.utf8)
    }

    /// A client over `feed` served by `server` at `/feed.json`, reporting to `server` when `reporting`.
    static func client(
        server: TestHTTPServer, store: any AlertStore, clock: HandClock, reporting: Bool = true
    ) -> AlertClient {
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        return AlertClient(
            source: FeedSource(server.url("/feed.json"))!, app: app, store: store, configuration: configuration,
            clock: clock.clock, reporting: reporting ? ReportingConfiguration(server.baseURL)! : nil)
    }

    /// A server that serves `feed` and answers counts with `counts`.
    static func server(
        feed: Data,
        counts: @escaping @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply = { _ in
            .response(status: 200, body: Data(#"{"accepted": 1}"#.utf8))
        }
    ) throws -> TestHTTPServer {
        try TestHTTPServer { request in
            if request.path == "/feed.json" { return .response(status: 200, body: feed) }
            if request.path == "/v1/counts" { return counts(request) }
            return .response(status: 404)
        }
    }

    /// The counters in `store`, as `day message variant version event n` lines, sorted.
    static func counters(_ store: any AlertStore) async throws -> [String] {
        try await store.state().results?.counters.map(line).sorted() ?? []
    }

    static func line(_ counter: ResultCounts.Counter) -> String {
        [
            counter.day, counter.message.map(String.init) ?? "-", counter.variant.map(String.init) ?? "-",
            counter.version ?? "-", counter.event.rawValue, String(counter.n),
        ].joined(separator: " ")
    }
}

@MainActor
final class ProblemLog {
    var problems: [String] = []

    func watch(_ service: AlertService) {
        service.onEvent = { [weak self] event in
            if case .problem(let text) = event { self?.problems.append(text) }
        }
    }
}
