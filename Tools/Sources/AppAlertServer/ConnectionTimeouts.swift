import NIOCore

/// Closes connections that hold the server without asking anything, on every answer path (the fast
/// path and NIO's parser alike: it sits first in each connection's pipeline, on bytes):
///
/// - **idle**: no byte read or written for `idleTimeout` between requests — NIO's `IdleStateHandler`
///   (all-timeout) signals it, this handler closes (not while a request waits for its answer);
/// - **request head**: bytes of a request arrived but no answer was written within `headerTimeout` —
///   a client that sends half a head and waits, or one byte at a time. `IdleStateHandler` cannot say
///   this (the bytes keep the connection busy), so it is a deadline of this handler's own, started
///   by the first byte after an answer and ended by the next answer written.
///
/// A static feed server answers a complete request at once, so "no answer within the header timeout"
/// is "no complete request within it", as nginx's `client_header_timeout` means.
final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let headerTimeout: TimeAmount
    private var deadline: Scheduled<Void>?

    init(headerTimeout: TimeAmount) {
        self.headerTimeout = headerTimeout
    }

    /// The handlers for one connection: NIO's idle detector, then this one.
    static func handlers(headerTimeout: Duration, idleTimeout: Duration) -> [any ChannelHandler] {
        [
            IdleStateHandler(allTimeout: TimeAmount(idleTimeout)),
            ConnectionTimeoutHandler(headerTimeout: TimeAmount(headerTimeout)),
        ]
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if deadline == nil {
            let channel = context.channel
            deadline = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        deadline?.cancel()
        deadline = nil
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .all {
            // Idle means between requests: a request waiting for its answer is the head deadline's.
            if deadline == nil { context.close(promise: nil) }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
