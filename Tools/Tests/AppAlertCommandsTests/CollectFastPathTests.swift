import Foundation
import TestSupport
import Testing

/// The collector's fast path for `POST /v1/counts` (`CollectorWireHandler`) against the way in
/// through Hummingbird (`collect --no-fast-path`): the same bytes get the same answers, byte for
/// byte but for the order of the header lines and `Date`. The real binary, on SQLite.
@Suite
struct CollectFastPathTests {
    /// The two ways in, each a collector of its own on a fresh database.
    final class Pair: @unchecked Sendable {
        let fast: CollectProcess
        let parsed: CollectProcess
        private let directory: TemporaryDirectory

        init(_ arguments: [String] = []) async throws {
            directory = try TemporaryDirectory()
            let feed = try directory.write("messages.json", Batches.feed)
            let path = directory.url.path
            fast = try await CollectProcess.start(feed: feed, database: path + "/fast.sqlite", arguments)
            parsed = try await CollectProcess.start(
                feed: feed, database: path + "/parsed.sqlite", arguments + ["--no-fast-path"])
        }

        /// Sends `parts` (a pause between them) to both and returns both answers, normalized.
        func exchange(_ parts: [Data], timeout: Double = 120) async throws -> (fast: String, parsed: String) {
            let fast = try await RawHTTPClient.exchange(
                port: fast.port, byteParts: parts, pause: 0.05, timeout: timeout)
            let parsed = try await RawHTTPClient.exchange(
                port: parsed.port, byteParts: parts, pause: 0.05, timeout: timeout)
            #expect(!fast.timedOut && !parsed.timedOut)
            return (CollectFastPathTests.normalized(fast.text), CollectFastPathTests.normalized(parsed.text))
        }

        func stop() {
            #expect(fast.stop() == 0)
            #expect(parsed.stop() == 0)
        }
    }

    /// Each answer's status line, its header lines sorted (`Date` left out) and its body.
    static func normalized(_ text: String) -> String {
        text.components(separatedBy: "HTTP/1.1 ").filter { !$0.isEmpty }.map { answer in
            let parts = answer.components(separatedBy: "\r\n\r\n")
            var lines = parts[0].components(separatedBy: "\r\n")
            let status = lines.removeFirst()
            let fields = lines.filter { !$0.lowercased().hasPrefix("date: ") }.sorted()
            return ([status] + fields).joined(separator: "\n") + "\n\n"
                + parts.dropFirst().joined(separator: "\r\n\r\n")
        }.joined(separator: "\n---\n")
    }

    static let close = "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n"

    static func post(_ body: Data, headers: [String: String] = ["Content-Type": "application/json"]) -> Data {
        var head = "POST /v1/counts HTTP/1.1\r\nHost: collector.example\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        return Data(head.utf8) + body
    }

    static func post(_ body: String, headers: [String: String] = ["Content-Type": "application/json"]) -> String {
        String(decoding: post(Data(body.utf8), headers: headers), as: UTF8.self)
    }

    static let batch = Batches.body(
        [Batches.Counter(message: 1, event: "shown", n: 3)],
        id: UUID(uuidString: "0f1b3c0e-2a4d-4e8f-9b1c-0d2e3f4a5b6c")!)

    /// Every refusal of the hostile-batch tables, and the head refusals, answered alike on both ways in
    /// (status, reason, `Connection: close` where the body is not read).
    @Test
    func everyRefusalIsTheSameOnBothWaysIn() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        for hostile in CollectCommandTests.hostile + CollectCommandTests.unbounded {
            var headers = ["Content-Type": "application/json"]
            headers.merge(hostile.headers) { $1 }
            let (fast, parsed) = try await pair.exchange([
                Self.post(hostile.body, headers: headers) + Data(Self.close.utf8)
            ])
            #expect(fast == parsed, "\(hostile.name)")
            #expect(fast.hasPrefix("\(hostile.status) "), "\(hostile.name): \(fast.prefix(200))")
            #expect(fast.contains(hostile.error.replacingOccurrences(of: "\"", with: "\\\"")), "\(hostile.name)")
        }
    }

    static let wire: [(String, [String])] = [
        ("a batch, then the same batch again, pipelined", [post(batch) + post(batch) + close]),
        ("a batch whose body comes in three packets", split(post(batch), at: [140, 180, 220]) + [close]),
        ("a head split inside a line", split(post(batch), at: [10, 30]) + [close]),
        (
            "a query after the path",
            [post(batch).replacingOccurrences(of: "/v1/counts", with: "/v1/counts?x=1") + close]
        ),
        (
            "Content-Length over 64 KiB, no body sent",
            ["POST /v1/counts HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 70000\r\n\r\n"]
        ),
        ("Content-Type text/plain", [post(batch, headers: ["Content-Type": "text/plain"])]),
        ("no Content-Type", [post(batch, headers: [:]) + close]),
        (
            "two Content-Length lines",
            [
                "POST /v1/counts HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}"
                    + close
            ]
        ),
        ("no Content-Length", ["POST /v1/counts HTTP/1.1\r\nContent-Type: application/json\r\n\r\n" + close]),
        (
            "a chunked body",
            [
                "POST /v1/counts HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n"
                    + close
            ]
        ),
        ("an empty body", [post("") + close]),
        (
            "a page's batch (any origin)",
            [post(batch, headers: ["Content-Type": "application/json", "Origin": "https://app.example.com"]) + close]
        ),
        ("GET /v1/counts", ["GET /v1/counts HTTP/1.1\r\n\r\n" + close]),
        ("HTTP/1.0", [post(batch).replacingOccurrences(of: "HTTP/1.1", with: "HTTP/1.0")]),
        (
            "a bare LF in the head",
            [post(batch).replacingOccurrences(of: "Host: collector.example\r\n", with: "Host: x\n") + close]
        ),
        (
            "a header line without a colon",
            [post(batch).replacingOccurrences(of: "Host: collector.example", with: "Host collector.example") + close]
        ),
        (
            "a batch, then Connection: close on the next",
            [post(batch) + post(batch).replacingOccurrences(of: "Host:", with: "Connection: close\r\nHost:")]
        ),
    ]

    static func split(_ text: String, at offsets: [Int]) -> [String] {
        let bytes = Array(text.utf8)
        var parts: [String] = []
        var start = 0
        for offset in offsets + [bytes.count] {
            parts.append(String(decoding: bytes[start..<offset], as: UTF8.self))
            start = offset
        }
        return parts
    }

    @Test(arguments: wire)
    func theFastPathAnswersAsHummingbirdDoes(name: String, parts: [String]) async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        let (fast, parsed) = try await pair.exchange(parts.map { Data($0.utf8) })
        #expect(fast == parsed, "\(name)")
        #expect(!fast.isEmpty, "\(name): no answer at all")
    }

    /// A head sent a byte at a time past the header timeout, and a body that stops halfway: closed
    /// without an answer on both ways in, and nothing stored.
    @Test(arguments: [
        ("a head a byte at a time", split(post(batch), at: Array(1..<60))),
        ("half a body, then nothing", [String(post(batch).dropLast(30))]),
    ])
    func slowRequestsAreClosedAtTheHeaderTimeout(name: String, parts: [String]) async throws {
        let pair = try await Pair(["--header-timeout", "0.5"])
        defer { pair.stop() }
        for collector in [pair.fast, pair.parsed] {
            let (text, timedOut) = try await RawHTTPClient.exchange(
                port: collector.port, parts: parts, pause: 0.05, timeout: 100)
            #expect(!timedOut, "\(name)")
            #expect(text.isEmpty, "\(name): \(text.prefix(200))")
        }
        for collector in [pair.fast, pair.parsed] {
            let metrics = try await collector.get("/metrics").body
            #expect(metrics.contains("appalert_collect_batches_accepted_total 0"), "\(name)")
        }
    }

    /// A client that sends many batches before reading an answer gets every answer, in order.
    @Test
    func pipelinedBatchesAreAnsweredInOrder() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        let bodies = (0..<300).map { Batches.body(Batches.random(seed: $0)) }
        let requests = bodies.map { Self.post($0) }.joined() + Self.close
        for collector in [pair.fast, pair.parsed] {
            let (text, timedOut) = try await RawHTTPClient.exchange(
                port: collector.port, parts: [requests], timeout: 120)
            #expect(!timedOut)
            let answers = text.components(separatedBy: "HTTP/1.1 ").dropFirst()
            #expect(answers.count == bodies.count + 1)
            for (answer, body) in zip(answers, bodies) {
                let count = body.components(separatedBy: "\"event\"").count - 1
                #expect(answer.hasSuffix(#"{"accepted":\#(count)}"#))
            }
        }
    }
}
