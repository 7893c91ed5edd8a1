@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

@testable import AppAlertServer

/// The root package's image fixtures: real pictures of each format.
let imageFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Tests/AppAlertTests/Fixtures/images")

/// Every way in to a served file: Hummingbird's responder in process; over a socket, the fast path
/// (``FeedWireHandler``) or, with it off, NIO's parser and the responder.
enum WayIn: String, CaseIterable, Sendable {
    case responder, fastPath, parser

    var testing: TestingSetup { self == .responder ? .router : .live }

    func server(_ source: URL, configure: (inout FeedServerConfiguration) -> Void = { _ in }) throws -> FeedServer {
        var configuration = FeedServerConfiguration()
        configuration.port = 0
        configuration.fastPath = self != .parser
        configuration.headerTimeout = .seconds(120)  // as makeServer's: far from a loaded machine's pauses
        configure(&configuration)
        return try FeedServer(source: source, configuration: configuration)
    }
}

/// A folder with a feed and an `images/` folder of good and bad pictures.
func makeFeedFolderWithImages() throws -> (feed: URL, good: [String: (data: Data, type: String)], bad: [String]) {
    let feed = try makeFeedFile()
    let folder = feed.deletingLastPathComponent()
    let images = folder.appendingPathComponent("images")
    let manager = FileManager.default
    try manager.createDirectory(at: images.appendingPathComponent("team/2026"), withIntermediateDirectories: true)
    func fixture(_ name: String) throws -> Data { try Data(contentsOf: imageFixtures.appendingPathComponent(name)) }
    let good: [String: (data: Data, type: String)] = [
        "images/banner.png": (try fixture("valid.png"), "image/png"),
        "images/team/2026/photo.jpg": (try fixture("valid.jpg"), "image/jpeg"),
        "images/team/wave.JPEG": (try fixture("progressive.jpg"), "image/jpeg"),
        "images/spinner.gif": (try fixture("valid.gif"), "image/gif"),
        "images/hero.webp": (try fixture("lossy.webp"), "image/webp"),
    ]
    for (path, file) in good { try file.data.write(to: folder.appendingPathComponent(path)) }
    // Left out: not a picture format apps load, cut short, another format than its name says, a name
    // that is not a plain URL component, a link out of images/, a hidden file.
    try Data("<svg/>".utf8).write(to: images.appendingPathComponent("logo.svg"))
    try fixture("valid.png").dropLast(20).write(to: images.appendingPathComponent("cut.png"))
    try fixture("valid.jpg").write(to: images.appendingPathComponent("photo.png"))
    try fixture("valid.png").write(to: images.appendingPathComponent("My Banner.png"))
    try manager.createSymbolicLink(
        atPath: images.appendingPathComponent("escape.png").path, withDestinationPath: feed.path)
    try fixture("valid.png").write(to: images.appendingPathComponent(".hidden.png"))
    let bad = ["images/logo.svg", "images/cut.png", "images/photo.png", "images/My Banner.png", "images/escape.png"]
    return (feed, good, bad)
}

struct ServedImageTests {
    @Test(arguments: WayIn.allCases)
    func picturesBesideTheFeedAreServedWithTheirTypeAndValidatorsAndNothingElseIs(way: WayIn) async throws {
        let (feed, good, bad) = try makeFeedFolderWithImages()
        let server = try way.server(feed)
        // Every refused file is named, with why; the hidden one is skipped silently.
        let warnings = server.content.snapshotWarnings
        for path in bad {
            #expect(warnings.contains { $0.path == path && $0.reason.hasPrefix("left out: ") }, "\(path)")
        }
        #expect(!warnings.contains { $0.path.contains("hidden") })
        #expect(warnings.first { $0.path == "images/photo.png" }?.reason.contains("holds a JPEG image") == true)
        #expect(warnings.first { $0.path == "images/cut.png" }?.reason.contains("cut short") == true)
        try await server.application().test(way.testing) { client in
            for (path, file) in good {
                let etag = try await client.execute(
                    uri: "/" + path, method: .get, headers: [.acceptEncoding: "gzip"]
                ) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(Data(buffer: response.body) == file.data, "\(path)")
                    #expect(response.headers[.contentType] == file.type, "\(path)")
                    // Already compressed: never gzipped.
                    #expect(response.headers[.contentEncoding] == nil, "\(path)")
                    return try #require(response.headers[.eTag])
                }
                try await client.execute(uri: "/" + path, method: .get, headers: [.ifNoneMatch: etag]) { response in
                    #expect(response.status == .notModified, "\(path)")
                }
            }
            for path in bad + ["images/.hidden.png", "images", "images/team"] {
                try await client.execute(uri: "/" + path.replacingOccurrences(of: " ", with: "%20"), method: .get) {
                    response in
                    #expect(response.status == .notFound, "\(path)")
                }
            }
        }
    }

    @Test
    func theFastPathAnswersAPictureItself() async throws {
        let (feed, good, _) = try makeFeedFolderWithImages()
        let server = try WayIn.fastPath.server(feed)
        let text = try await server.application().test(.live) { client in
            try await RawHTTPClient.exchange(
                port: try #require(client.port), "GET /images/banner.png HTTP/1.1\r\nConnection: close\r\n\r\n")
        }
        // The prepared head puts `Server` before `Date`; Hummingbird's responder the other way round.
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Type: image/png\r\n"))
        #expect(text.contains("Content-Length: \(good["images/banner.png"]!.data.count)\r\n"))
        #expect(text.contains("Server: appalert\r\nDate: "))
    }

    @Test
    func aNewAChangedAndARemovedPictureAreEachPickedUpOnReload() throws {
        let (feed, good, _) = try makeFeedFolderWithImages()
        let folder = feed.deletingLastPathComponent()
        let server = try makeServer(feed)
        #expect(Set(server.content.paths).isSuperset(of: good.keys.map { "/" + $0 }))
        let added = folder.appendingPathComponent("images/team/2026/new.gif")
        try Data(contentsOf: imageFixtures.appendingPathComponent("valid.gif")).write(to: added)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.paths.contains("/images/team/2026/new.gif"))

        let banner = folder.appendingPathComponent("images/banner.png")
        let before = server.content.snapshot.entries["/images/banner.png"]?.etag
        try Data(contentsOf: imageFixtures.appendingPathComponent("palette.png")).write(to: banner, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.snapshot.entries["/images/banner.png"]?.etag != before)

        try FileManager.default.removeItem(at: added)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(!server.content.paths.contains("/images/team/2026/new.gif"))
    }
}

/// A feed and its `.sig`, signed in process.
func writeSignedFeed(_ text: String = serverFeed, key: FeedSigningKey) throws -> URL {
    let feed = try makeFeedFile(text)
    try key.signature(for: Data(text.utf8)).data.write(to: URL(fileURLWithPath: feed.path + ".sig"))
    return feed
}

/// The feed and `.sig` served, checked together as an app checks them.
func servedPair(_ client: some TestClientProtocol, key: FeedSigningKey) async throws -> (
    feed: Data, sigStatus: HTTPResponse.Status, verifies: Bool
) {
    let feed = try await client.execute(uri: "/messages.json", method: .get) { Data(buffer: $0.body) }
    let (status, signature) = try await client.execute(uri: "/messages.json.sig", method: .get) {
        ($0.status, Data(buffer: $0.body))
    }
    let verifies = (try? FeedTrust(publicKeys: [key.publicKey]).verify(feed, signatureFile: signature)) != nil
    return (feed, status, verifies)
}

struct ServedSignatureTests {
    static let edited = serverFeed.replacingOccurrences(of: "\"For A\"", with: "\"For A, edited\"")

    @Test(arguments: WayIn.allCases)
    func aFeedEditedWithoutSigningKeepsItsLastSignedVersionServedUntilItIsSignedAgain(way: WayIn) async throws {
        let key = FeedSigningKey()
        let feed = try writeSignedFeed(key: key)
        let server = try way.server(feed) { $0.publicKeys = [key.publicKey] }
        #expect(server.content.signatureNotices.isEmpty)
        try Data(Self.edited.utf8).write(to: feed, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        let notice = try #require(server.content.signatureNotices.first)
        #expect(notice.kind == .keptPrevious)
        #expect(notice.text.hasPrefix("messages.json changed but is not signed: serving the signed version of "))
        #expect(notice.text.hasSuffix("; run appalert sign"))
        try await server.application().test(way.testing) { client in
            let pair = try await servedPair(client, key: key)
            #expect(String(decoding: pair.feed, as: UTF8.self) == serverFeed)
            #expect(pair.verifies)
        }
        // Signed again: the new pair is served, and the notice is gone.
        try key.signature(for: Data(Self.edited.utf8)).data.write(
            to: URL(fileURLWithPath: feed.path + ".sig"), options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.signatureNotices.isEmpty)
        try await server.application().test(way.testing) { client in
            let pair = try await servedPair(client, key: key)
            #expect(String(decoding: pair.feed, as: UTF8.self) == Self.edited)
            #expect(pair.verifies)
        }
    }

    @Test(arguments: WayIn.allCases)
    func aSignatureThatDoesNotMatchAtTheFirstLoadIsNotServed(way: WayIn) async throws {
        let key = FeedSigningKey()
        let feed = try writeSignedFeed(key: key)
        try Data(Self.edited.utf8).write(to: feed, options: .atomic)
        let server = try way.server(feed) { $0.publicKeys = [key.publicKey] }
        #expect(!server.content.paths.contains("/messages.json.sig"))
        let notice = try #require(server.content.signatureNotices.first)
        #expect(notice.kind == .withheld)
        #expect(
            notice.text
                == "messages.json.sig does not match messages.json as it is now (edited after signing?): serving "
                + "messages.json without a signature, which apps that check signatures refuse; run appalert sign")
        try await server.application().test(way.testing) { client in
            let pair = try await servedPair(client, key: key)
            #expect(String(decoding: pair.feed, as: UTF8.self) == Self.edited)
            #expect(pair.sigStatus == .notFound)
        }
    }

    @Test
    func withoutThePublicKeyTheSameSignatureBesideChangedBytesIsStillCaught() throws {
        let key = FeedSigningKey()
        let feed = try writeSignedFeed(key: key)
        let server = try makeServer(feed)
        // Nothing to check it with: served, and said so.
        let unchecked = try #require(server.content.signatureNotices.first)
        #expect(unchecked.kind == .unchecked)
        #expect(unchecked.text.contains("no public key with its id \(key.publicKey.id) was found"))
        #expect(server.content.paths.contains("/messages.json.sig"))
        try Data(Self.edited.utf8).write(to: feed, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.signatureNotices.map(\.kind) == [.keptPrevious])
        #expect(server.content.snapshot.entries["/messages.json"].map { String(buffer: $0.body) } == serverFeed)
        // The same bytes again (an edit undone) match their signature: served as before.
        try Data(serverFeed.utf8).write(to: feed, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.signatureNotices.map(\.kind) == [.unchecked])
    }

    @Test
    func aServerWithTheKeySignsEveryVersionSoItsPairsAlwaysMatch() async throws {
        let key = FeedSigningKey()
        // A stale FEED.sig beside the feed plays no part: the server signs.
        let feed = try writeSignedFeed(key: key)
        try Data(Self.edited.utf8).write(to: feed, options: .atomic)
        let server = try WayIn.fastPath.server(feed) { $0.signingKey = key }
        #expect(server.content.signatureNotices.isEmpty)
        try await server.application().test(.live) { client in
            let pair = try await servedPair(client, key: key)
            #expect(pair.verifies)
        }
        try Data(serverFeed.utf8).write(to: feed, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        #expect(server.content.signatureNotices.isEmpty)
        try await server.application().test(.live) { client in
            let pair = try await servedPair(client, key: key)
            #expect(String(decoding: pair.feed, as: UTF8.self) == serverFeed)
            #expect(pair.verifies)
        }
    }

    @Test
    func theNoticeOpensThePreviewPageAboveEverythingElse() async throws {
        let key = FeedSigningKey()
        let feed = try writeSignedFeed(key: key)
        let server = try WayIn.responder.server(feed) {
            $0.publicKeys = [key.publicKey]
            $0.development = true
        }
        try Data(Self.edited.utf8).write(to: feed, options: .atomic)
        #expect(server.content.reloadIfChanged() == nil)
        try await server.application().test(.live) { client in
            let page = try await ConsoleAPITests.send("GET", "/", port: try #require(client.port)).body
            let body = try #require(page.range(of: "<body>\n")).upperBound
            #expect(page[body...].hasPrefix("<section class=\"signature-notice\" id=\"signature-notice\">"))
            #expect(page.contains("<li>messages.json changed but is not signed: serving the signed version of "))
        }
    }
}
