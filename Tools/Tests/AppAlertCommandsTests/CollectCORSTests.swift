import Foundation
import TestSupport
import Testing

/// `appalert collect` takes batches from web pages: it answers the CORS preflight for `POST /v1/counts`
/// and adds the CORS headers to its answers, for any origin or only those `--allow-origin` names, and
/// refuses what it refused before. The real binary, on SQLite, spoken to in raw HTTP as a browser does.
@Suite(.serialized)
struct CollectCORSTests {
    /// One raw HTTP exchange with the collector; the answer's text.
    static func exchange(_ collector: CollectProcess, _ head: String, body: String = "") async throws -> String {
        var request = head + "Host: 127.0.0.1\r\nConnection: close\r\n"
        if !body.isEmpty { request += "Content-Length: \(body.utf8.count)\r\n" }
        return try await RawHTTPClient.exchange(port: collector.port, request + "\r\n" + body)
    }

    static let preflight =
        "OPTIONS /v1/counts HTTP/1.1\r\nOrigin: https://app.example.com\r\n"
        + "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n"

    static func post(origin: String?) -> String {
        "POST /v1/counts HTTP/1.1\r\nContent-Type: application/json\r\n"
            + (origin.map { "Origin: \($0)\r\n" } ?? "")
    }

    /// A collector over `Batches.feed` in `directory`, and its database.
    static func start(in directory: borrowing TemporaryDirectory, _ arguments: [String] = []) async throws
        -> (CollectProcess, String)
    {
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        return (try await CollectProcess.start(feed: feed, database: database, arguments), database)
    }

    @Test
    func aPreflightFromAnyOriginIsAnsweredWithoutCredentials() async throws {
        let directory = try TemporaryDirectory()
        let (collector, _) = try await Self.start(in: directory)
        let answer = try await Self.exchange(collector, Self.preflight)
        #expect(answer.hasPrefix("HTTP/1.1 204 "), "\(answer)")
        let lowered = answer.lowercased()
        #expect(lowered.contains("access-control-allow-origin: *\r\n"))
        #expect(lowered.contains("access-control-allow-methods: post\r\n"))
        #expect(lowered.contains("access-control-allow-headers: content-type\r\n"))
        #expect(!lowered.contains("access-control-allow-credentials"))
        #expect(collector.stop() == 0)
    }

    @Test
    func aBatchFromAPageIsCountedAndItsAnswerCarriesTheCORSHeaders() async throws {
        let directory = try TemporaryDirectory()
        let (collector, database) = try await Self.start(in: directory)
        let body = Batches.body([Batches.Counter(message: 1, event: "shown", n: 2)])
        let answer = try await Self.exchange(collector, Self.post(origin: "https://app.example.com"), body: body)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer)")
        #expect(answer.lowercased().contains("access-control-allow-origin: *\r\n"))
        let refused = try await Self.exchange(collector, Self.post(origin: "https://app.example.com"), body: "{}")
        #expect(refused.hasPrefix("HTTP/1.1 400 "), "a refusal stays a refusal: \(refused)")
        #expect(refused.lowercased().contains("access-control-allow-origin: *\r\n"), "the page can read why")
        #expect(collector.stop() == 0)
        #expect(try await storedRows(database).ids == 1)
    }

    /// What the collector refused before, it refuses with an Origin too: another method, another type.
    @Test(
        arguments: [
            ("GET /v1/counts HTTP/1.1\r\nOrigin: https://app.example.com\r\n", 405),
            ("POST /v1/counts HTTP/1.1\r\nOrigin: https://app.example.com\r\nContent-Type: text/plain\r\n", 415),
            ("OPTIONS /healthz HTTP/1.1\r\nOrigin: https://app.example.com\r\n", 405),
            ("OPTIONS /v1/counts HTTP/1.1\r\n", 405),
        ])
    func whatWasRefusedIsStillRefused(head: String, status: Int) async throws {
        let directory = try TemporaryDirectory()
        let (collector, database) = try await Self.start(in: directory)
        let body = Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)])
        let answer = try await Self.exchange(collector, head, body: body)
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "), "\(answer)")
        #expect(collector.stop() == 0)
        #expect(try await storedRows(database).ids == 0)
    }

    @Test
    func withAllowOriginOnlyTheNamedOriginsMaySend() async throws {
        let directory = try TemporaryDirectory()
        let (collector, database) = try await Self.start(
            in: directory,
            [
                "--allow-origin", "https://app.example.com", "--allow-origin", "http://localhost:8000",
            ])
        let allowed = try await Self.exchange(collector, Self.preflight)
        #expect(allowed.hasPrefix("HTTP/1.1 204 "), "\(allowed)")
        #expect(allowed.lowercased().contains("access-control-allow-origin: https://app.example.com\r\n"))
        #expect(allowed.lowercased().contains("vary: origin\r\n"))
        let other = Self.preflight.replacingOccurrences(of: "app.example.com", with: "evil.example")
        let refusedPreflight = try await Self.exchange(collector, other)
        #expect(refusedPreflight.hasPrefix("HTTP/1.1 403 "), "\(refusedPreflight)")
        #expect(!refusedPreflight.lowercased().contains("access-control-allow-origin"))
        let body = Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)])
        let refused = try await Self.exchange(collector, Self.post(origin: "https://evil.example"), body: body)
        #expect(refused.hasPrefix("HTTP/1.1 403 "), "\(refused)")
        #expect(refused.contains("pages on https://evil.example may not send batches here (--allow-origin)"))
        let fromAnApp = try await Self.exchange(collector, Self.post(origin: nil), body: body)
        #expect(fromAnApp.hasPrefix("HTTP/1.1 200 "), "a request without Origin is an app's: \(fromAnApp)")
        let fromThePage = try await Self.exchange(
            collector, Self.post(origin: "http://localhost:8000"),
            body: Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)]))
        #expect(fromThePage.hasPrefix("HTTP/1.1 200 "), "\(fromThePage)")
        let metrics = try await collector.get("/metrics").body
        #expect(metrics.contains(#"appalert_collect_batches_refused_total{reason="origin"} 2"#), "\(metrics)")
        #expect(collector.stop() == 0)
        #expect(try await storedRows(database).ids == 2)
    }

    @Test(arguments: ["https://app.example.com/", "app.example.com", "https://App.example.com", "ftp://x.example"])
    func anAllowOriginThatIsNotAnOriginIsAnInputError(origin: String) throws {
        let result = try AppAlertProcess.run([
            "collect", "feed.json", "--database", "x.sqlite", "--allow-origin", origin,
        ])
        #expect(result.status == 64, "\(result)")
        #expect(
            result.standardError.contains("--allow-origin \"\(origin)\" is not a web origin"), "\(result.standardError)"
        )
    }
}
