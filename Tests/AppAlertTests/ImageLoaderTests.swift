import AppAlert
import AppAlertTesting
import Foundation
import Synchronization
import TestSupport
import Testing

/// The image loader against a local HTTP server that misbehaves on purpose, with real files.
@Suite(.serialized)
struct ImageLoaderTests {
    /// A clock the test moves.
    final class Hands: Sendable {
        let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var clock: AlertClock { AlertClock { self.now.withLock { $0 } } }
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
    }

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("appalert-images-\(UUID().uuidString)")
    }

    static func loader(_ directory: URL, hands: Hands, cacheLimit: Int = 20_000_000) -> ImageLoader {
        ImageLoader(
            directory: directory, transport: URLSessionFeedTransport(), cacheLimit: cacheLimit, maximumAge: 3_600,
            timeout: 5, clock: hands.clock)
    }

    @Test
    func aDownloadIsStoredThenUsedThenRevalidatedWithItsETag() async throws {
        let png = try Fixtures.data("images/valid.png")
        let server = try TestHTTPServer { request in
            if request.headers["if-none-match"] == "\"p1\"" {
                return .response(status: 304, headers: ["ETag": "\"p1\""])
            }
            return .response(status: 200, headers: ["ETag": "\"p1\"", "Content-Type": "text/plain"], body: png)
        }
        defer { server.stop() }
        let hands = Hands()
        let loader = Self.loader(Self.directory(), hands: hands)
        let url = URL(string: server.url("/a.png"))!

        let first = await loader.load(url)
        #expect(first.status == .downloaded)
        #expect(first.data == png)
        #expect(first.header == ImageHeader(format: .png, width: 40, height: 30))
        // Within the maximum age: no request at all.
        let second = await loader.load(url)
        #expect(second.status == .cached)
        #expect(server.requests.count == 1)
        // Past it: a conditional request, answered 304 without a body.
        hands.advance(3_601)
        let third = await loader.load(url)
        #expect(third.status == .revalidated)
        #expect(third.data == png)
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.headers["if-none-match"] == "\"p1\"")
    }

    @Test
    func aStaleCopyIsUsedWhenTheNetworkFailsOrSendsSomethingElse() async throws {
        let jpeg = try Fixtures.data("images/valid.jpg")
        let reply = Mutex<TestHTTPServer.Reply>(.response(status: 200, body: jpeg))
        let server = try TestHTTPServer { _ in reply.withLock { $0 } }
        defer { server.stop() }
        let hands = Hands()
        let loader = Self.loader(Self.directory(), hands: hands)
        let url = URL(string: server.url("/b.jpg"))!
        #expect(await loader.load(url).status == .downloaded)

        for (failure, kind) in [
            (TestHTTPServer.Reply.response(status: 500), ImageHeader.Refusal.Kind.unavailable),
            (.response(status: 200, body: Data("<html>Not an image</html>".utf8)), .unknownFormat),
            (.truncated(declaredLength: jpeg.count, body: jpeg.prefix(100)), .unavailable),
            (.close, .unavailable),
        ] {
            hands.advance(3_601)
            reply.withLock { $0 = failure }
            let result = await loader.load(url)
            #expect(result.status == .cached, "\(failure)")
            #expect(result.data == jpeg)
            #expect(result.error?.kind == kind, "\(failure): \(String(describing: result.error))")
        }
    }

    @Test(arguments: [
        ("an HTML page", TestHTTPServer.Reply.response(status: 200, body: Data("<html></html>".utf8)), "unknownFormat"),
        ("a 404", .response(status: 404), "unavailable"),
        ("3 MB with a length", .response(status: 200, body: Data(count: 3_000_000)), "tooLarge"),
        ("3 MB chunked, no length", .chunked(size: 3_000_000), "tooLarge"),
        ("a cut body", .truncated(declaredLength: 5_000, body: Data(count: 100)), "unavailable"),
    ])
    func withoutAStoredCopyAFailureIsSaidWithItsReason(name: String, reply: TestHTTPServer.Reply, kind: String)
        async throws
    {
        let server = try TestHTTPServer { _ in reply }
        defer { server.stop() }
        let directory = Self.directory()
        let result = await Self.loader(directory, hands: Hands()).load(URL(string: server.url("/c.png"))!)
        #expect(result.status == .failed, "\(name)")
        #expect(result.data == nil)
        #expect(result.error?.kind.rawValue == kind, "\(name): \(String(describing: result.error))")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(!files.contains { $0.hasSuffix(".image") }, "\(name): \(files)")
    }

    @Test
    func theLeastRecentlyUsedCopiesAreEvictedPastTheLimit() async throws {
        let images = ["a": "images/valid.png", "b": "images/valid.gif", "c": "images/lossy.webp"]
        var bodies: [String: Data] = [:]
        for (name, file) in images { bodies[name] = try Fixtures.data(file) }
        let served = bodies
        let server = try TestHTTPServer { request in
            let name = String(request.path.dropFirst().prefix(1))
            return .response(status: 200, body: served[name] ?? Data())
        }
        defer { server.stop() }
        let hands = Hands()
        let directory = Self.directory()
        // Room for two of the three (215 + 489 + 480 bytes).
        let loader = Self.loader(directory, hands: hands, cacheLimit: 1_000)
        for name in ["a", "b"] {
            #expect(await loader.load(URL(string: server.url("/\(name)"))!).status == .downloaded)
            hands.advance(1)
        }
        // a is used again, so b is now the least recently used.
        #expect(await loader.load(URL(string: server.url("/a"))!).status == .cached)
        hands.advance(1)
        #expect(await loader.load(URL(string: server.url("/c"))!).status == .downloaded)
        #expect(await loader.storedBytes() <= 1_000)
        let stored = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".image")
        }
        #expect(stored.count == 2)
        let before = server.requests.count
        #expect(await loader.load(URL(string: server.url("/a"))!).status == .cached)
        #expect(await loader.load(URL(string: server.url("/b"))!).status == .downloaded)
        #expect(server.requests.count == before + 1)
    }

    @Test
    func aStoredCopyChangedOnDiskIsNeverHandedOut() async throws {
        let png = try Fixtures.data("images/valid.png")
        let server = try TestHTTPServer { _ in .response(status: 200, body: png) }
        defer { server.stop() }
        let directory = Self.directory()
        let hands = Hands()
        let url = URL(string: server.url("/d.png"))!
        #expect(await Self.loader(directory, hands: hands).load(url).status == .downloaded)
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".image") })
        // A bomb's header in place of the stored picture.
        var bomb = Array(png)
        bomb.replaceSubrange(16..<24, with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        try Data(bomb).write(to: directory.appendingPathComponent(file))
        let again = await Self.loader(directory, hands: hands).load(url)
        #expect(again.status == .downloaded)
        #expect(again.data == png)
    }
}

extension ImageLoaderTests {
    /// An index changed on disk names a file outside the cache: neither a read nor an eviction reaches it.
    @Test
    func aChangedIndexCannotReachFilesOutsideTheCache() async throws {
        let png = try Fixtures.data("images/valid.png")
        let server = try TestHTTPServer { _ in .response(status: 200, body: png) }
        defer { server.stop() }
        let root = Self.directory()
        let directory = root.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let victim = root.appendingPathComponent("victim.image")
        try png.write(to: victim)
        // The oldest entry, far over the limit: the first to be evicted, were its key a path.
        let index = #"""
            {"entries": {"../victim": {"url": "https://example.com/x.png", "file": "../victim.image", "size": 999999,
             "fetchedAt": 0, "lastUsed": 0},
             "0123456789abcdef0123456789abcdef": {"url": "https://example.com/y.png", "file": "../victim.image",
             "size": 999999, "fetchedAt": 0, "lastUsed": 0}}}
            """#
        try Data(index.utf8).write(to: directory.appendingPathComponent("images.json"))
        let loader = Self.loader(directory, hands: Hands(), cacheLimit: 1_000)
        #expect(await loader.load(URL(string: server.url("/x.png"))!).status == .downloaded)
        #expect(FileManager.default.fileExists(atPath: victim.path))
        #expect(await loader.storedBytes() == png.count)
    }
}

/// AlertService waits for a message's image: not shown, not counted until the image is at hand.
@MainActor
struct AlertServiceImageTests {
    @Test
    func aMessageIsShownOnlyOnceItsImageIsAtHand() async throws {
        let png = try Fixtures.data("images/valid.png")
        let feed = Data(
            #"[{"id": 9, "bundleId": "*", "title": "T", "text": "X", "layout": "modal", "image": {"url": "https://cdn.example.com/m.png", "alt": "A chart"}}]"#
                .utf8)
        let imageServed = Mutex(false)
        let transport = StubFeedTransport { request in
            guard request.url.host == "cdn.example.com" else { return FeedResponse(status: 200, body: feed) }
            return imageServed.withLock { $0 } ? FeedResponse(status: 200, body: png) : FeedResponse(status: 404)
        }
        let store = InMemoryAlertStore()
        let client = AlertClient(
            source: FeedSource("https://example.com/messages.json")!, app: exampleApp, store: store,
            transport: transport,
            imageLoader: ImageLoader(directory: ImageLoaderTests.directory(), transport: transport))
        let service = AlertService(client: client)

        await service.showAlertIfNecessary()
        #expect(!service.showMessage)
        #expect(service.message == nil)
        #expect(service.lastCheck?.deferred?.id == 9)
        #expect(service.lastCheck?.images.first?.error?.kind == .unavailable)
        #expect(try await store.state().history.views(of: 9) == 0)

        imageServed.withLock { $0 = true }
        await service.showAlertIfNecessary()
        #expect(service.showMessage)
        #expect(service.message?.id == 9)
        #expect(service.messageImages.first?.data == png)
        #expect(service.messageImages.first?.header?.format == .png)
    }
}
