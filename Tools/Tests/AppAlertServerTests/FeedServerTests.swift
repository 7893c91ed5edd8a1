@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

let serverFeed = """
    {"format": 2, "messages": [
      {"id": 1, "bundleId": "com.example.A", "title": "For A", "text": "a"},
      {"id": 2, "bundleIds": ["com.example.A", "com.example.B"], "title": "For A and B", "text": "ab"},
      {"id": 3, "bundleId": "*", "title": "For all", "text": "all"},
      {"id": 4, "bundleId": "com.example.C", "title": "For C", "text": "c", "dismissible": false,
       "link": {"title": "Update", "url": "https://example.com/c"}}
    ], "updates": [{"bundleId": "com.example.B", "minimumVersion": "2.0"}]}
    """

/// A feed file in a fresh directory.
func makeFeedFile(_ text: String = serverFeed, name: String = "messages.json") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
}

func makeServer(_ file: URL, development: Bool = false) throws -> FeedServer {
    var configuration = FeedServerConfiguration()
    configuration.port = 0
    configuration.development = development
    configuration.reloadInterval = .milliseconds(100)
    // Far from any pause of a loaded machine: a suite whose tests block the cooperative pool (waiting
    // for processes) once kept a request unanswered past a 10 s header timeout. The timeout tests set
    // their own.
    configuration.headerTimeout = .seconds(120)
    return try FeedServer(source: file, configuration: configuration)
}

/// Each route test runs twice: in process through Hummingbird's responder, and over a real socket,
/// where ``FeedChannelHandler`` answers the served files before the responder sees them.
/// The web client's files, served beside every feed, as `paths` sorts them.
let webClientPaths = [
    "/appalert-web-draw.js", "/appalert-web-inbox.js", "/appalert-web-json.js", "/appalert-web-results.js",
    "/appalert-web-trust.js", "/appalert-web-update.js", "/appalert-web-words.js", "/appalert-web.js",
]

enum ServerSetup: String, CaseIterable, Sendable {
    case responder, socket
    var testing: TestingSetup { self == .responder ? .router : .live }
}

struct FeedServerRouteTests {
    @Test(arguments: ServerSetup.allCases)
    func servesTheFeedByteForByteWithItsHeaders(setup: ServerSetup) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(setup.testing) { client in
            try await client.execute(uri: "/messages.json", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == serverFeed)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.headers[.eTag]?.hasPrefix("\"") == true && response.headers[.eTag]?.count == 34)
                #expect(response.headers[.lastModified]?.hasSuffix(" GMT") == true)
                #expect(response.headers[.cacheControl] == "public, max-age=60")
                #expect(response.headers[.accessControlAllowOrigin] == "*")
                #expect(response.headers[.contentLength] == String(serverFeed.utf8.count))
            }
        }
    }

    @Test(
        arguments: ServerSetup.allCases,
        [
            ("com.example.A", [1, 2, 3], 0),
            ("com.example.B", [2, 3], 1),
            ("com.example.C", [3, 4], 0),
        ])
    func aPerAppViewHoldsOnlyThatAppsMessagesAndPolicy(
        setup: ServerSetup, view: (app: String, ids: [Int], policies: Int)
    )
        async throws
    {
        let (app, ids, policies) = view
        let file = try makeFeedFile()
        try await makeServer(file).application().test(setup.testing) { client in
            try await client.execute(uri: "/apps/\(app).json", method: .get) { response in
                #expect(response.status == .ok)
                let result = try FeedDecoder().decode(Data(buffer: response.body))
                #expect(result.feed.format == 2)
                #expect(result.feed.messages.map(\.id) == ids)
                #expect(result.feed.updatePolicies.count == policies)
                #expect(result.diagnostics.isEmpty)
            }
        }
    }

    @Test(arguments: ServerSetup.allCases)
    func validatorsGive304(setup: ServerSetup) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(setup.testing) { client in
            let first = try await client.execute(uri: "/messages.json", method: .get)
            let etag = try #require(first.headers[.eTag])
            let lastModified = try #require(first.headers[.lastModified])
            for headers: HTTPFields in [
                [.ifNoneMatch: etag], [.ifNoneMatch: "W/" + etag], [.ifNoneMatch: "\"x\", " + etag],
                [.ifNoneMatch: "*"], [.ifModifiedSince: lastModified],
            ] {
                try await client.execute(uri: "/messages.json", method: .get, headers: headers) { response in
                    #expect(response.status == .notModified, "\(headers)")
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == etag)
                }
            }
            for headers: HTTPFields in [
                [.ifNoneMatch: "\"other\""], [.ifModifiedSince: "Mon, 01 Jan 2001 00:00:00 GMT"],
                [.ifNoneMatch: "\"other\"", .ifModifiedSince: lastModified],
            ] {
                try await client.execute(uri: "/messages.json", method: .get, headers: headers) { response in
                    #expect(response.status == .ok, "\(headers)")
                }
            }
        }
    }

    @Test(arguments: ServerSetup.allCases)
    func headAnswersWithTheHeadersAndNoBody(setup: ServerSetup) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(setup.testing) { client in
            try await client.execute(uri: "/messages.json", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] != nil)
                #expect(response.headers[.contentLength] == String(serverFeed.utf8.count))
            }
        }
    }

    @Test(arguments: ServerSetup.allCases)
    func gzipIsSentWhenAccepted(setup: ServerSetup) async throws {
        let big =
            "["
            + (1...200).map {
                "{\"id\": \($0), \"bundleId\": \"com.example.A\", \"title\": \"Title \($0)\", \"text\": \"Some repeated text\"}"
            }.joined(separator: ",") + "]"
        let file = try makeFeedFile(big)
        try await makeServer(file).application().test(setup.testing) { client in
            try await client.execute(uri: "/messages.json", method: .get, headers: [.acceptEncoding: "br, gzip;q=0.8"])
            { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.body.readableBytes < big.utf8.count / 4)
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
                // gzip magic bytes
                #expect(Array(response.body.readableBytesView.prefix(2)) == [0x1F, 0x8B])
            }
            for accept in ["identity", "gzip;q=0", "deflate"] {
                try await client.execute(uri: "/messages.json", method: .get, headers: [.acceptEncoding: accept]) {
                    response in
                    #expect(response.headers[.contentEncoding] == nil, "\(accept)")
                    #expect(response.body.readableBytes == big.utf8.count)
                }
            }
        }
    }

    @Test(
        arguments: ServerSetup.allCases,
        [
            "/", "/nothing.json", "/../messages.json", "/apps/../messages.json", "/%2e%2e/etc/passwd",
            "/apps/..%2f..%2fetc%2fpasswd",
            "/apps/com.example.Z.json", "/messages.json/", "/MESSAGES.JSON", "/apps/", "//messages.json",
        ])
    func onlyTheSitesOwnPathsExist(setup: ServerSetup, path: String) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(setup.testing) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound, "\(path)")
                // A page on another origin reads the 404 (a mistyped feed or client URL, a feed without
                // its .sig), as from GitHub Pages, instead of a CORS failure that hides it.
                #expect(response.headers[.accessControlAllowOrigin] == "*", "\(path)")
            }
        }
    }

    @Test(arguments: ServerSetup.allCases)
    func otherMethodsAreRefusedAndCORSPreflightIsAnswered(setup: ServerSetup) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(setup.testing) { client in
            try await client.execute(uri: "/messages.json", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD, OPTIONS")
            }
            try await client.execute(uri: "/messages.json", method: .options) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowMethods] == "GET, HEAD, OPTIONS")
            }
        }
    }

    /// Development mode answers every request in the responder, once its Host names the server: over a
    /// socket, with the bound port (Hummingbird's test clients name `localhost` without it).
    @Test
    func healthzAndTheDevelopmentModeAnswer() async throws {
        let file = try makeFeedFile()
        try await makeServer(file, development: true).application().test(.live) { client in
            let port = try #require(client.port)
            #expect(try await ConsoleAPITests.send("GET", "/healthz", port: port).body == "ok\n")
            let feed = try await ConsoleAPITests.send("GET", "/messages.json", port: port)
            #expect(feed.headers["cache-control"] == "no-cache")
            let page = try await ConsoleAPITests.send("GET", "/", port: port)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(
                page.body.contains("For A and B") && page.body.contains("data-message=\"4\"")
                    && page.body.contains("wall"))
        }
    }

    @Test
    func aFeedWithErrorsIsNotServedAtAll() throws {
        let file = try makeFeedFile(#"[{"id": 1, "bundleId": "a", "title": "T"}]"#)
        #expect(throws: FeedSiteError.self) { try makeServer(file) }
    }

    @Test
    func aBundleIDThatCannotBeAPathGetsNoView() throws {
        let file = try makeFeedFile(
            #"[{"id": 1, "bundleId": "../evil", "title": "T", "text": "x"}, {"id": 2, "bundleId": "ok.app", "title": "T", "text": "x"}]"#
        )
        let server = try makeServer(file)
        #expect(server.content.paths == webClientPaths + ["/apps/ok.app.json", "/messages.json"])
        #expect(server.content.snapshotWarnings.first?.reason.contains("no per-app view for \"../evil\"") == true)
    }
}

struct FeedServerReloadTests {
    @Test
    func aValidEditIsServedAndAnInvalidOneIsNot() async throws {
        let file = try makeFeedFile()
        let server = try makeServer(file)
        let before = server.content.paths
        // A valid edit: new content, new ETag.
        try Data(#"[{"id": 9, "bundleId": "com.example.N", "title": "New", "text": "n"}]"#.utf8).write(
            to: file, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.paths == webClientPaths + ["/apps/com.example.N.json", "/messages.json"])
        #expect(server.content.paths != before)
        // An invalid edit: the error is reported, the good version stays.
        try Data(#"[{"id": 10, "bundleId": "com.example.N", "title": "Broken"}]"#.utf8).write(
            to: file, options: .atomic)
        let error = try #require(server.content.reloadIfChanged())
        #expect(error.diagnostics.first?.path == "$[0].text")
        #expect(server.content.paths == webClientPaths + ["/apps/com.example.N.json", "/messages.json"])
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/messages.json", method: .get) { response in
                #expect(String(buffer: response.body).contains("\"id\": 9"))
            }
        }
    }
}

/// What only a raw socket shows: order of pipelined answers when some come from the channel handler
/// and some from the responder, `Connection: close`, and the `Date` header.
struct FeedChannelHandlerTests {
    /// The status lines of a raw exchange, in order (a body need not end with a line break, so a
    /// status line can follow it directly).
    static func statuses(_ exchange: String) -> [String] {
        exchange.components(separatedBy: "HTTP/1.1 ").dropFirst().map {
            "HTTP/1.1 " + ($0.components(separatedBy: "\r\n").first ?? "")
        }
    }

    @Test
    func pipelinedRequestsAreAnsweredInOrderWhicheverPartAnswers() async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.live) { client in
            let port = try #require(client.port)
            let etag = try #require(try await client.execute(uri: "/messages.json", method: .get).headers[.eTag])
            let request = { (path: String, extra: String) in "GET \(path) HTTP/1.1\r\nHost: x\r\n\(extra)\r\n" }
            let exchange = try await RawHTTPClient.exchange(
                port: port,
                request("/messages.json", "")  // the channel handler
                    + request("/healthz", "")  // the responder
                    + request("/messages.json", "If-None-Match: \(etag)\r\n")  // after the responder's: the responder
                    + request("/nothing", "")  // the responder: 404
                    + request("/apps/com.example.C.json", "Connection: close\r\n"))
            #expect(
                Self.statuses(exchange) == [
                    "HTTP/1.1 200 OK", "HTTP/1.1 200 OK", "HTTP/1.1 304 Not Modified", "HTTP/1.1 404 Not Found",
                    "HTTP/1.1 200 OK",
                ])
            // The bodies arrive whole and in order too.
            let feedAt = try #require(exchange.range(of: serverFeed))
            let okAt = try #require(exchange.range(of: "\r\n\r\nok\n"))
            #expect(feedAt.upperBound <= okAt.lowerBound)
            // The last answer (the channel handler's again) is C's whole view, and the connection closed.
            let lastBody = try #require(exchange.components(separatedBy: "\r\n\r\n").last)
            #expect(try FeedDecoder().decode(Data(lastBody.utf8)).feed.messages.map(\.id) == [3, 4])
        }
    }

    @Test(arguments: ["/messages.json", "/healthz"])
    func connectionCloseIsHonouredAndEveryAnswerIsDated(path: String) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.live) { client in
            let port = try #require(client.port)
            // The exchange returns only because the server closes the connection.
            let exchange = try await RawHTTPClient.exchange(
                port: port, "GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(Self.statuses(exchange) == ["HTTP/1.1 200 OK"])
            let date = try #require(
                exchange.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("date: ") })
            #expect(date.hasSuffix(" GMT") && date.count == "Date: Sun, 22 Nov 2026 07:10:19 GMT".count)
        }
    }

    @Test
    func aMalformedRequestGetsA400AndTheServerGoesOn() async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.live) { client in
            let port = try #require(client.port)
            let exchange = try await RawHTTPClient.exchange(port: port, "GET /messages.json HTTP/1.1\r\nHost x\r\n\r\n")
            #expect(Self.statuses(exchange) == ["HTTP/1.1 400 Bad Request"])
            try await client.execute(uri: "/messages.json", method: .get) { #expect($0.status == .ok) }
        }
    }
}
