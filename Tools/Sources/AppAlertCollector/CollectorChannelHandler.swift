import AppAlertServer
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Sits after the HTTP parser of each connection: puts `appalert serve`'s header and idle timeouts
/// (``ConnectionTimeoutHandler``) first in the pipeline, on bytes, then the fast path
/// (``CollectorWireHandler``), both before NIO's parser, so every answer path has the same timeouts;
/// and closes the connection once an answer that says `Connection: close` is written (a 413: the
/// rest of a body too large is not read).
final class CollectorChannelHandler: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeouts: (header: Duration, idle: Duration)
    /// The collector whose fast path reads `POST /v1/counts` before NIO's parser; nil: none.
    private let fastPath: Collector?
    private var closeAfterResponse = false

    init(timeouts: (header: Duration, idle: Duration), fastPath: Collector?) {
        self.timeouts = timeouts
        self.fastPath = fastPath
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let fastPath { try? pipeline.addHandler(CollectorWireHandler(collector: fastPath), position: .first) }
        let handlers = ConnectionTimeoutHandler.handlers(headerTimeout: timeouts.header, idleTimeout: timeouts.idle)
        try? pipeline.addHandlers(handlers, position: .first)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closeAfterResponse = head.headerFields[.connection]?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closeAfterResponse else { return context.write(data, promise: promise) }
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        }
    }
}
