@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertServer
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// The fast path must answer exactly as NIO's parser and the responder would, and leave them every
/// request it does not fully understand. Each case is sent to a server with the fast path and to one
/// without; the answers must be the same, byte for byte, once `Date` and `Last-Modified` (times) are
/// set aside.
struct FeedWireHandlerTests {
    static let close = "Connection: close\r\n"
    static let big =
        "{\"format\": 2, \"sequence\": 1, \"messages\": ["
        + (1...60).map {
            "{\"id\": \($0), \"bundleId\": \"com.example.A\", \"title\": \"T\($0)\", \"text\": \"Repeated text\"}"
        }
        .joined(separator: ",") + "]}"

    static let hidden = "GET /apps/com.example.A.json HTTP/1.1\r\n\r\n"

    static let cases: [(String, [String])] = [
        ("plain GET", ["GET /messages.json HTTP/1.1\r\nHost: x\r\n\(close)\r\n"]),
        ("HEAD", ["HEAD /messages.json HTTP/1.1\r\nHost: x\r\n\(close)\r\n"]),
        ("per-app view with a query", ["GET /apps/com.example.A.json?v=3 HTTP/1.1\r\n\(close)\r\n"]),
        ("If-None-Match *", ["GET /messages.json HTTP/1.1\r\nIf-None-Match: *\r\n\(close)\r\n"]),
        (
            "header names in any case, tabs",
            ["GET /messages.json HTTP/1.1\r\nif-NONE-match:\t*\t\r\nCONNECTION: Close\r\n\r\n"]
        ),
        ("a weak list", ["GET /messages.json HTTP/1.1\r\nIf-None-Match: W/\"nope\", \"x\"\r\n\(close)\r\n"]),
        (
            "If-Modified-Since",
            ["GET /messages.json HTTP/1.1\r\nIf-Modified-Since: Sun, 01 Jan 2090 00:00:00 GMT\r\n\(close)\r\n"]
        ),
        ("gzip", ["GET /messages.json HTTP/1.1\r\nAccept-Encoding: br, gzip;q=0.5\r\n\(close)\r\n"]),
        ("gzip refused", ["GET /messages.json HTTP/1.1\r\nAccept-Encoding: gzip;q=0\r\n\(close)\r\n"]),
        (
            "pipelined, then close",
            [
                "GET /messages.json HTTP/1.1\r\n\r\nHEAD /apps/com.example.A.json HTTP/1.1\r\n\r\n"
                    + "GET /messages.json HTTP/1.1\r\nIf-None-Match: *\r\n\(close)\r\n"
            ]
        ),
        ("split across packets", ["GE", "T /messages.json HT", "TP/1.1\r\nHost: x\r", "\n\(close)", "\r\n"]),
        (
            "fast, then one for the responder, then fast",
            [
                "GET /messages.json HTTP/1.1\r\n\r\nGET /healthz HTTP/1.1\r\n\r\nGET /messages.json HTTP/1.1\r\n\(close)\r\n"
            ]
        ),
        ("close among other tokens", ["GET /messages.json HTTP/1.1\r\nConnection: keep-alive, Close\r\n\r\n"]),
        (
            "close in a second Connection line",
            [
                "GET /messages.json HTTP/1.1\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n"
            ]
        ),
        ("not found", ["GET /nothing.json HTTP/1.1\r\n\(close)\r\n"]),
        ("encoded path", ["GET /%6dessages.json HTTP/1.1\r\n\(close)\r\n"]),
        ("absolute form", ["GET http://x/messages.json HTTP/1.1\r\n\(close)\r\n"]),
        ("other method", ["DELETE /messages.json HTTP/1.1\r\n\(close)\r\n"]),
        ("lowercase method", ["get /messages.json HTTP/1.1\r\n\(close)\r\n"]),
        ("HTTP/1.0 with close", ["GET /messages.json HTTP/1.0\r\n\(close)\r\n"]),
        (
            "a body by Content-Length, hiding a request",
            [
                "GET /messages.json HTTP/1.1\r\nContent-Length: \(hidden.utf8.count)\r\n\(close)\r\n\(hidden)"
            ]
        ),
        ("chunked body", ["GET /messages.json HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\(close)\r\n0\r\n\r\n"]),
        (
            "Content-Length and chunked",
            [
                "GET /messages.json HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\(close)\r\n0\r\n\r\n"
            ]
        ),
        ("folded header", ["GET /messages.json HTTP/1.1\r\nIf-None-Match: \"x\"\r\n *\r\n\(close)\r\n"]),
        ("space before the colon", ["GET /messages.json HTTP/1.1\r\nHost : x\r\n\(close)\r\n"]),
        ("line without a colon", ["GET /messages.json HTTP/1.1\r\nnonsense\r\n\(close)\r\n"]),
        ("bare line feeds", ["GET /messages.json HTTP/1.1\nHost: x\nConnection: close\n\n"]),
        ("a bare carriage return", ["GET /messages.json HTTP/1.1\rHost: x\r\n\(close)\r\n"]),
        (
            "two If-None-Match",
            ["GET /messages.json HTTP/1.1\r\nIf-None-Match: *\r\nIf-None-Match: \"x\"\r\n\(close)\r\n"]
        ),
        ("a control byte in a value", ["GET /messages.json HTTP/1.1\r\nX-A: a\u{1}b\r\n\(close)\r\n"]),
        (
            "a header block over 8 KiB",
            ["GET /messages.json HTTP/1.1\r\nX-Long: \(String(repeating: "a", count: 9000))\r\n\(close)\r\n"]
        ),
        ("Expect: 100-continue", ["GET /messages.json HTTP/1.1\r\nExpect: 100-continue\r\n\(close)\r\n"]),
        ("garbage", ["\u{0}\u{1}\u{2} NOT HTTP\r\n\r\n"]),
        // Found by the seeded streams: a line the fast path would not take, in a head that has not
        // ended, must reach NIO's parser at once (it answers 400 without waiting for the end).
        ("an invalid header name before the head ends", ["GET /messages.json HTTP/1.1\r\n\"Bad: x\r\n"]),
        ("a line without a colon before the head ends", ["GET /messages.json HTTP/1.1\r\nHost: x\r\n.\r\n"]),
        (
            "1,500 empty header lines",
            [
                "GET /feed.json HTTP/1.1\r\nHost: x\r\n" + String(repeating: "a:\r\n", count: 1_500)
                    + "Connection: close\r\n\r\n"
            ]
        ),
        (
            "65 headers, one past the fast path's count",
            [
                "GET /feed.json HTTP/1.1\r\nHost: x\r\n" + (0..<63).map { "X-\($0): y\r\n" }.joined()
                    + "Connection: close\r\n\r\n"
            ]
        ),
    ]

    /// `text` without the lines that differ between two answers of the same request (`Date`,
    /// `Last-Modified`), and without `Connection: close` when `closeHeader` is false: the mangled streams
    /// end with the client's half-close, and Hummingbird writes that header on the answer read with the
    /// end of stream only at times (70b7c73; a CI run of 31c0537 hit it again on seed 1), while the
    /// connection closes either way.
    static func normalized(_ text: String, closeHeader: Bool = true) -> String {
        text.components(separatedBy: "\r\n").filter { line in
            let lower = line.lowercased()
            return !lower.hasPrefix("date: ") && !lower.hasPrefix("last-modified: ")
                && (closeHeader || lower != "connection: close")
        }.joined(separator: "\r\n")
    }

    static func exchange(
        _ parts: [String], fastPath: Bool, feed: URL, halfClose: Bool = false, timeout: Double = 150,
        headerTimeout: Duration = .seconds(120), idleTimeout: Duration = .seconds(120)
    ) async throws -> (text: String, timedOut: Bool) {
        // Every compared exchange ends by a `Connection: close` or the client's half-close; the
        // server's timeouts are far away, so a machine that stalls (the Tools suite once paused
        // every test for 50 s on CI, past a 10 s header timeout, between two parts of a request)
        // cannot close one path's connection early. The client's `timeout` only guards a hang.
        var configuration = FeedServerConfiguration()
        configuration.port = 0
        configuration.fastPath = fastPath
        configuration.headerTimeout = headerTimeout
        configuration.idleTimeout = idleTimeout
        let server = try FeedServer(source: feed, configuration: configuration)
        return try await server.application().test(.live) { client in
            let port = try #require(client.port)
            return try await RawHTTPClient.exchange(
                port: port, parts: parts, pause: 0.05, halfClose: halfClose, timeout: timeout)
        }
    }

    @Test(arguments: cases)
    func theFastPathAnswersAsTheParserWould(name: String, parts: [String]) async throws {
        let feed = try makeFeedFile(Self.big)
        let fast = try await Self.exchange(parts, fastPath: true, feed: feed)
        let parsed = try await Self.exchange(parts, fastPath: false, feed: feed)
        #expect(!fast.timedOut && !parsed.timedOut, "\(name): fast \(fast.timedOut), parsed \(parsed.timedOut)")
        #expect(Self.normalized(fast.text) == Self.normalized(parsed.text), "\(name)")
        #expect(!fast.text.isEmpty, "\(name): no answer at all")
    }

    @Test
    func theFastPathIsTheOneThatAnswersSimpleRequests() async throws {
        let feed = try makeFeedFile(Self.big)
        let request = ["GET /messages.json HTTP/1.1\r\n\(Self.close)\r\n"]
        // The prepared bytes put `Server` before `Date`; Hummingbird's responder the other way round.
        let fast = try await Self.exchange(request, fastPath: true, feed: feed).text
        let parsed = try await Self.exchange(request, fastPath: false, feed: feed).text
        #expect(fast.contains("Server: appalert\r\nDate: "))
        #expect(parsed.contains("\r\nServer: appalert\r\n") && !parsed.contains("Server: appalert\r\nDate: "))
    }

    /// A client that sends thousands of requests before reading an answer fills the socket: the
    /// fast path waits for it to drain (then hands the rest to NIO's parser), and every answer still
    /// arrives, whole and in order.
    @Test
    func aClientThatDoesNotReadGetsEveryAnswerInOrder() async throws {
        let feed = try makeFeedFile(Self.big)
        let size = try Data(contentsOf: feed).count
        var configuration = FeedServerConfiguration()
        configuration.port = 0
        configuration.headerTimeout = .seconds(120)  // far from a stalled machine's pauses
        let server = try FeedServer(source: feed, configuration: configuration)
        let count = 3000
        let requests =
            String(repeating: "GET /messages.json HTTP/1.1\r\n\r\nHEAD /messages.json HTTP/1.1\r\n\r\n", count: count)
            + "GET /healthz HTTP/1.1\r\n\(Self.close)\r\n"
        let (text, timedOut) = try await server.application().test(.live) { client in
            try await RawHTTPClient.exchange(port: try #require(client.port), parts: [requests], timeout: 120)
        }
        #expect(!timedOut)
        #expect(FeedChannelHandlerTests.statuses(text).count == 2 * count + 1)
        #expect(text.components(separatedBy: "Content-Length: \(size)\r\n").count - 1 == 2 * count)
        #expect(text.hasSuffix("\r\n\r\nok\n"))
    }

    /// Half a request head, then nothing: the server closes the connection at its header timeout,
    /// without an answer, on both paths (nginx's `client_header_timeout`). The idle timeout is far
    /// away, so the close can only be the header timeout's.
    @Test(arguments: [true, false])
    func halfARequestHeadIsClosedAtTheHeaderTimeout(fastPath: Bool) async throws {
        let feed = try makeFeedFile(Self.big)
        let (text, timedOut) = try await Self.exchange(
            ["GET /messages.json HTTP/1.1\r\nHost: x\r\n"], fastPath: fastPath, feed: feed, timeout: 50,
            headerTimeout: .milliseconds(300), idleTimeout: .seconds(120))
        #expect(!timedOut)
        #expect(text.isEmpty)
    }

    /// A request sent one byte every 100 ms: bytes keep arriving, but the head is not complete within
    /// the header timeout, so the connection is closed without an answer, on both paths. (A deadline
    /// that every byte pushed back would answer the request once its last byte came, 4 s later.)
    @Test(arguments: [true, false])
    func aRequestTrickledPastItsHeaderDeadlineIsClosedUnanswered(fastPath: Bool) async throws {
        let feed = try makeFeedFile(Self.big)
        let request = "GET /messages.json HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n"
        let configuration = {
            var configuration = FeedServerConfiguration()
            configuration.port = 0
            configuration.fastPath = fastPath
            configuration.headerTimeout = .milliseconds(500)
            configuration.idleTimeout = .seconds(120)
            return configuration
        }()
        let server = try FeedServer(source: feed, configuration: configuration)
        let (text, timedOut) = try await server.application().test(.live) { client in
            try await RawHTTPClient.exchange(
                port: try #require(client.port), parts: request.map { String($0) }, pause: 0.1, timeout: 50)
        }
        #expect(!timedOut)
        #expect(text.isEmpty, "\(text.prefix(200))")
    }

    /// Many connections that each send half a head (the issue's slowloris shape, 3,000 of them, held
    /// the server for over a minute): every one is closed at the header timeout.
    @Test
    func manyHalfHeadsAreAllClosed() async throws {
        let feed = try makeFeedFile(Self.big)
        var configuration = FeedServerConfiguration()
        configuration.port = 0
        configuration.headerTimeout = .milliseconds(500)
        configuration.idleTimeout = .seconds(120)
        let server = try FeedServer(source: feed, configuration: configuration)
        let outcomes = try await server.application().test(.live) { client in
            let port = try #require(client.port)
            return try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        try await RawHTTPClient.exchange(
                            port: port, parts: ["GET /messages.json HTTP/1.1\r\nHost: x\r\n"], timeout: 50
                        ).timedOut
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(outcomes.count == 200)
        #expect(!outcomes.contains(true))
    }

    /// A keep-alive connection that asked once and then says nothing is closed at the idle timeout,
    /// after its answer; the header timeout (far away) does not apply between requests.
    @Test(arguments: [true, false])
    func anIdleKeepAliveConnectionIsClosedAfterItsAnswer(fastPath: Bool) async throws {
        let feed = try makeFeedFile(Self.big)
        let (text, timedOut) = try await Self.exchange(
            ["GET /messages.json HTTP/1.1\r\nHost: x\r\n\r\n"], fastPath: fastPath, feed: feed, timeout: 50,
            headerTimeout: .seconds(120), idleTimeout: .milliseconds(300))
        #expect(!timedOut)
        #expect(FeedChannelHandlerTests.statuses(text) == ["HTTP/1.1 200 OK"])
    }

    /// Requests with random bytes changed, inserted or removed, seeded so a failure can be replayed:
    /// whatever the fast path makes of them, the answer is the parser's. The client then closes its
    /// sending side, so an incomplete request ends instead of waiting; the timeout is generous because
    /// a server's first error answer can be slow on a loaded machine.
    @Test(arguments: 0..<4)
    func mangledRequestsGetTheParsersAnswer(seed: UInt64) async throws {
        let feed = try makeFeedFile(Self.big)
        // The seeds' sequences as this test first drew them (its own generator started one step on).
        var random = SeededGenerator(seed: seed &+ 0x9E37_79B9_7F4A_7C15)
        let alphabet = Array("\r\n :;,*\"/?GETHAD1.0\t\u{0}x-".utf8)
        let bases = [
            "GET /messages.json HTTP/1.1\r\nIf-None-Match: *\r\nAccept-Encoding: gzip\r\n\r\n",
            "HEAD /messages.json HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /apps/com.example.App.json HTTP/1.1\r\nConnection: keep-alive\r\n\r\n",
            "GET /healthz HTTP/1.1\r\n\r\n",
        ].map { Array($0.utf8) }
        // A few seconds in `swift test`; Fuzz/README.md runs it for minutes with more rounds.
        let rounds = ProcessInfo.processInfo.environment["APPALERT_WIRE_FUZZ_ROUNDS"].flatMap(Int.init) ?? 12
        for _ in 0..<rounds {
            // A stream of one to three requests, each maybe mangled, the last asking to close…
            var stream: [UInt8] = []
            let count = Int.random(in: 1...3, using: &random)
            for index in 0..<count {
                var bytes = bases.randomElement(using: &random)!
                if index == count - 1 {
                    bytes.removeLast(2)
                    bytes += Array("\(Self.close)\r\n".utf8)
                }
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let position = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[position] = alphabet.randomElement(using: &random)!
                    case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                    default: bytes.remove(at: position)
                    }
                }
                stream += bytes
            }
            // …sent in parts split at random points.
            var cuts = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                Int.random(in: 1..<max(2, stream.count), using: &random)
            }
            cuts = Array(Set(cuts.filter { $0 < stream.count })).sorted()
            var parts: [String] = []
            var start = 0
            for cut in cuts + [stream.count] {
                parts.append(String(decoding: stream[start..<cut], as: UTF8.self))
                start = cut
            }
            let request = parts.joined(separator: "|").debugDescription
            let fast = try await Self.exchange(parts, fastPath: true, feed: feed, halfClose: true)
            let parsed = try await Self.exchange(parts, fastPath: false, feed: feed, halfClose: true)
            #expect(!fast.timedOut && !parsed.timedOut, "seed \(seed): \(request)")
            #expect(
                Self.normalized(fast.text, closeHeader: false) == Self.normalized(parsed.text, closeHeader: false),
                "seed \(seed): \(request)")
        }
    }
}
