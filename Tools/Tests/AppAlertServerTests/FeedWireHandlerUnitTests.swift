import Foundation
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import AppAlertServer

/// The fast path on its own, in an EmbeddedChannel: what it writes for bytes given in any split.
struct FeedWireHandlerUnitTests {
    static let request = "GET /messages.json HTTP/1.1\r\nHost: x\r\nIf-None-Match: \"nope\"\r\n\r\n"

    func channel() throws -> EmbeddedChannel {
        let server = try FeedServer(source: try makeFeedFile())
        return EmbeddedChannel(handler: FeedWireHandler(content: server.content))
    }

    /// Everything written so far, as text.
    func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            text += String(buffer: buffer)
        }
        return text
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func aRequestSentInPiecesOfAnySizeIsAnsweredOnce(pieceSize: Int) throws {
        let channel = try channel()
        let bytes = Array(Self.request.utf8)
        for start in stride(from: 0, to: bytes.count, by: pieceSize) {
            let piece = bytes[start..<min(start + pieceSize, bytes.count)]
            try channel.writeInbound(ByteBuffer(bytes: piece))
            if start + pieceSize < bytes.count { #expect(try written(channel).isEmpty) }
        }
        let answer = try written(channel)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2)
        // Nothing went on to NIO's parser.
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    }

    /// A client sending an 8 KB head a byte at a time costs a scan of each byte, not a rescan of the
    /// whole buffer at every read (which was 33 million bytes looked at for this head).
    @Test
    func aHeadSentAByteAtATimeIsScannedOnce() throws {
        let server = try FeedServer(source: try makeFeedFile())
        let handler = FeedWireHandler(content: server.content)
        let channel = EmbeddedChannel(handler: handler)
        let head = "GET /messages.json HTTP/1.1\r\nX-Long: " + String(repeating: "v", count: 8_000) + "\r\n\r\n"
        for byte in head.utf8 { try channel.writeInbound(ByteBuffer(bytes: [byte])) }
        #expect(try written(channel).hasPrefix("HTTP/1.1 200 OK"))
        #expect(handler.bytesExamined < 6 * head.utf8.count, "\(handler.bytesExamined) bytes examined")
    }

    @Test
    func afterAGracefulShutdownStartsTheFastPathAnswersNothingMore() throws {
        let channel = try channel()
        try channel.writeInbound(ByteBuffer(string: Self.request))
        #expect(try written(channel).hasPrefix("HTTP/1.1 200 OK"))
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        try channel.writeInbound(ByteBuffer(string: Self.request))
        #expect(try written(channel).isEmpty)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
    }

    /// Heads are kept whole for the second they were made in, but never served for another answer: a
    /// 304, then a 200, a HEAD, a 304 again, each with its own status and body, and a reload's new
    /// ETag at once.
    @Test
    func aKeptHeadIsOnlyEverTheSameAnswers() throws {
        let file = try makeFeedFile()
        let server = try FeedServer(source: file)
        let channel = EmbeddedChannel(handler: FeedWireHandler(content: server.content))
        let etag = try #require(server.content.snapshot.entries["/messages.json"]?.etag)
        let conditional = "GET /messages.json HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(etag)\r\n\r\n"
        let plain = "GET /messages.json HTTP/1.1\r\nHost: x\r\n\r\n"
        let head = "HEAD /messages.json HTTP/1.1\r\nHost: x\r\n\r\n"
        func answer(_ request: String) throws -> String {
            try channel.writeInbound(ByteBuffer(string: request))
            return try written(channel)
        }
        for _ in 0..<2 {
            let notModified = try answer(conditional)
            #expect(notModified.hasPrefix("HTTP/1.1 304 Not Modified\r\n") && notModified.hasSuffix("\r\n\r\n"))
            #expect(notModified.components(separatedBy: "\r\nDate: ").count == 2)
            let full = try answer(plain)
            #expect(full.hasPrefix("HTTP/1.1 200 OK\r\n") && full.hasSuffix(serverFeed))
            #expect(full.contains("ETag: \(etag)\r\n"))
            let headOnly = try answer(head)
            #expect(headOnly.hasPrefix("HTTP/1.1 200 OK\r\n") && headOnly.hasSuffix("\r\n\r\n"))
        }
        // An edit: the next answer names the new ETag, and the old one is no longer current.
        try Data((serverFeed + "\n").utf8).write(to: file)
        #expect(server.content.reloadIfChanged() == nil)
        let newETag = try #require(server.content.snapshot.entries["/messages.json"]?.etag)
        #expect(newETag != etag)
        #expect(try answer(plain).contains("ETag: \(newETag)\r\n"))
        #expect(try answer(conditional).hasPrefix("HTTP/1.1 200 OK\r\n"))
    }

    /// Two paths whose bytes became the same share an ETag but not their heads (each keeps the time it
    /// last changed): asking for one, then the other, gets each its own Last-Modified.
    @Test
    func pathsWithTheSameBytesKeepTheirOwnHeads() throws {
        let first = try makeFeedFile(name: "a.json")
        let directory = first.deletingLastPathComponent()
        let second = directory.appendingPathComponent("b.json")
        try Data(serverFeed.replacingOccurrences(of: "For all", with: "For everyone").utf8).write(to: second)
        let server = try FeedServer(source: directory)
        // b.json becomes a.json's bytes in a later snapshot, in a later second (HTTP dates count seconds):
        // wait for the clock's second to turn.
        let started = Int(Date().timeIntervalSince1970)
        while Int(Date().timeIntervalSince1970) == started { usleep(10_000) }
        try Data(serverFeed.utf8).write(to: second)
        #expect(server.content.reloadIfChanged() == nil)
        let entries = server.content.snapshot.entries
        let (a, b) = (try #require(entries["/a.json"]), try #require(entries["/b.json"]))
        #expect(a.etag == b.etag && a.lastModified != b.lastModified)
        let channel = EmbeddedChannel(handler: FeedWireHandler(content: server.content))
        for (path, entry) in [("/a.json", a), ("/b.json", b), ("/a.json", a)] {
            try channel.writeInbound(ByteBuffer(string: "GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n"))
            #expect(try written(channel).contains("Last-Modified: \(HTTPDate.format(entry.lastModified))\r\n"))
        }
    }

    /// Counts what reaches the handlers behind the fast path.
    final class Behind: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var reads = 0
        var readsComplete = 0
        var events = 0
        func channelRead(context: ChannelHandlerContext, data: NIOAny) { reads += 1 }
        func channelReadComplete(context: ChannelHandlerContext) { readsComplete += 1 }
        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) { events += 1 }
    }

    /// While the fast path answers everything, the handlers behind it hear of no read at all; once it
    /// hands a request on, they get it and its end, as without the fast path.
    @Test
    func theHandlersBehindHearOfReadsOnlyOnceARequestIsHandedOn() throws {
        let server = try FeedServer(source: try makeFeedFile())
        let behind = Behind()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([FeedWireHandler(content: server.content), behind])
        for _ in 0..<3 { try channel.writeInbound(ByteBuffer(string: Self.request)) }
        #expect(try written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 4)
        #expect(behind.reads == 0 && behind.readsComplete == 0)
        try channel.writeInbound(ByteBuffer(string: "POST /messages.json HTTP/1.1\r\nContent-Length: 0\r\n\r\n"))
        #expect(behind.reads == 1 && behind.readsComplete == 1)
        try channel.writeInbound(ByteBuffer(string: Self.request))
        #expect(behind.reads == 2 && behind.readsComplete == 2)
    }

    /// A request handed on outside a read (the socket drained after a client sent without reading, or
    /// the connection ended with part of a request) reaches the handlers behind with the read's end:
    /// Hummingbird's async channel delivers what it was handed only then, so without it the request
    /// would wait for the client's next read, which may never come.
    @Test(arguments: ["when the socket drains", "when the connection ends"])
    func aRequestHandedOnOutsideAReadIsFollowedByTheReadsEnd(_ moment: String) throws {
        let server = try FeedServer(source: try makeFeedFile())
        let behind = Behind()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([FeedWireHandler(content: server.content), behind])
        channel.isWritable = false
        let request = "POST /messages.json HTTP/1.1\r\nContent-Length: 0\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: moment == "when the socket drains" ? request : "POST /mess"))
        #expect(behind.reads == 0 && behind.readsComplete == 0)
        if moment == "when the socket drains" {
            channel.isWritable = true
            channel.pipeline.fireChannelWritabilityChanged()
        } else {
            channel.pipeline.fireChannelInactive()
        }
        #expect(behind.reads == 1)
        #expect(behind.readsComplete == 1)
    }

    /// A graceful shutdown reaches the handlers behind, whether the fast path answered anything (then
    /// after its answers are written) or not.
    @Test(arguments: [true, false])
    func theShutdownGoesOnBehindTheFastPath(afterAnAnswer: Bool) throws {
        let server = try FeedServer(source: try makeFeedFile())
        let behind = Behind()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([FeedWireHandler(content: server.content), behind])
        if afterAnAnswer {
            try channel.writeInbound(ByteBuffer(string: Self.request))
            #expect(try written(channel).hasPrefix("HTTP/1.1 200 OK"))
        }
        channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        channel.embeddedEventLoop.run()
        #expect(behind.events == 1)
    }

    /// The head's end is found by resuming the scan: a head split just inside its final `\r\n\r\n`
    /// and a bare LF right after a read boundary are read as when they arrive whole.
    @Test(arguments: [
        ["GET /messages.json HTTP/1.1\r\nHost: x\r\n\r", "\n"],
        ["GET /messages.json HTTP/1.1\r\nHost: x\r", "\n\r\n"],
        ["GET /messages.json HTTP/1.1\r\nHost: x\r\n", "\r\n"],
    ])
    func aHeadEndSplitAcrossReadsIsFound(parts: [String]) throws {
        let channel = try channel()
        for part in parts { try channel.writeInbound(ByteBuffer(string: part)) }
        #expect(try written(channel).hasPrefix("HTTP/1.1 200 OK"))
    }
}
