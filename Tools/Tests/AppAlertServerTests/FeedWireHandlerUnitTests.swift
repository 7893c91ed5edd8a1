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
