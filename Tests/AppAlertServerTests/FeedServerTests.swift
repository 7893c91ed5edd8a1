import AppAlert
import AppAlertServer
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
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
    return try FeedServer(source: file, configuration: configuration)
}

struct FeedServerRouteTests {
    @Test
    func servesTheFeedByteForByteWithItsHeaders() async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.router) { client in
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

    @Test(arguments: [
        ("com.example.A", [1, 2, 3], 0),
        ("com.example.B", [2, 3], 1),
        ("com.example.C", [3, 4], 0),
    ])
    func aPerAppViewHoldsOnlyThatAppsMessagesAndPolicy(app: String, ids: [Int], policies: Int) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.router) { client in
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

    @Test
    func validatorsGive304() async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.router) { client in
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

    @Test
    func headAnswersWithTheHeadersAndNoBody() async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.router) { client in
            try await client.execute(uri: "/messages.json", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] != nil)
                #expect(response.headers[.contentLength] == String(serverFeed.utf8.count))
            }
        }
    }

    @Test
    func gzipIsSentWhenAccepted() async throws {
        let big =
            "["
            + (1...200).map {
                "{\"id\": \($0), \"bundleId\": \"com.example.A\", \"title\": \"Title \($0)\", \"text\": \"Some repeated text\"}"
            }.joined(separator: ",") + "]"
        let file = try makeFeedFile(big)
        try await makeServer(file).application().test(.router) { client in
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

    @Test(arguments: [
        "/", "/nothing.json", "/../messages.json", "/apps/../messages.json", "/%2e%2e/etc/passwd",
        "/apps/..%2f..%2fetc%2fpasswd",
        "/apps/com.example.Z.json", "/messages.json/", "/MESSAGES.JSON", "/apps/", "//messages.json",
    ])
    func onlyTheSitesOwnPathsExist(path: String) async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.router) { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .notFound, "\(path)")
            }
        }
    }

    @Test
    func otherMethodsAreRefusedAndCORSPreflightIsAnswered() async throws {
        let file = try makeFeedFile()
        try await makeServer(file).application().test(.router) { client in
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

    @Test
    func healthzAndTheDevelopmentModeAnswer() async throws {
        let file = try makeFeedFile()
        try await makeServer(file, development: true).application().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect(String(buffer: $0.body) == "ok\n") }
            try await client.execute(uri: "/messages.json", method: .get) {
                #expect($0.headers[.cacheControl] == "no-cache")
            }
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let page = String(buffer: response.body)
                #expect(page.contains("For A and B") && page.contains("data-message=\"4\"") && page.contains("wall"))
            }
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
        #expect(server.content.paths == ["/apps/ok.app.json", "/messages.json"])
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
        #expect(server.content.paths == ["/apps/com.example.N.json", "/messages.json"])
        #expect(server.content.paths != before)
        // An invalid edit: the error is reported, the good version stays.
        try Data(#"[{"id": 10, "bundleId": "com.example.N", "title": "Broken"}]"#.utf8).write(
            to: file, options: .atomic)
        let error = try #require(server.content.reloadIfChanged())
        #expect(error.diagnostics.first?.path == "$[0].text")
        #expect(server.content.paths == ["/apps/com.example.N.json", "/messages.json"])
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/messages.json", method: .get) { response in
                #expect(String(buffer: response.body).contains("\"id\": 9"))
            }
        }
    }
}
