import AppAlertResults
import Foundation
import NIOCore
import NIOEmbedded
import TestSupport
import Testing

@testable import AppAlertCollector

/// The collector's fast path on its own, in an EmbeddedChannel: what reaches the handlers behind it
/// (NIO's parser and Hummingbird's channel in the real server).
struct CollectorWireHandlerUnitTests {
    /// A store nothing is committed to: these requests never reach the writer.
    struct NoStore: ResultsStore {
        struct Unexpected: Error {}
        func commit(_ batches: [StoredBatch], today: String) async throws -> [CommitOutcome] { throw Unexpected() }
        func rows(app: String?, since: String?, until: String?) async throws -> [CountRow] { [] }
        func batchIDsPerDay() async throws -> [String: Int] { [:] }
        func close() async {}
    }

    /// Counts what reaches the handlers behind the fast path.
    final class Behind: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var reads = 0
        var readsComplete = 0
        func channelRead(context: ChannelHandlerContext, data: NIOAny) { reads += 1 }
        func channelReadComplete(context: ChannelHandlerContext) { readsComplete += 1 }
    }

    func channel(behind: Behind) async throws -> EmbeddedChannel {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let collector = Collector(
            feed: try await Collector.openFeed(feed, configuration: CollectorConfiguration()), store: NoStore())
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([CollectorWireHandler(collector: collector), behind])
        return channel
    }

    /// A connection that ends with part of a head read hands it to NIO's parser, and the read's end
    /// with it: Hummingbird's async channel delivers what it was handed only then.
    @Test
    func aHeadCutShortByTheConnectionsEndReachesTheParserWithTheReadsEnd() async throws {
        let behind = Behind()
        let channel = try await channel(behind: behind)
        try channel.writeInbound(ByteBuffer(string: "POST /v1/co"))
        #expect(behind.reads == 0 && behind.readsComplete == 0)
        channel.pipeline.fireChannelInactive()
        #expect(behind.reads == 1)
        #expect(behind.readsComplete == 1)
    }

    /// A request outside the fast path's subset goes on with its read's end, and so does every
    /// request after it on the connection.
    @Test
    func aRequestOutsideTheSubsetGoesOnWithItsReadsEnd() async throws {
        let behind = Behind()
        let channel = try await channel(behind: behind)
        try channel.writeInbound(ByteBuffer(string: "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(behind.reads == 1 && behind.readsComplete == 1)
        try channel.writeInbound(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"))
        #expect(behind.reads == 2 && behind.readsComplete == 2)
    }
}
