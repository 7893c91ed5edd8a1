import NIOCore

/// Closes connections that hold the server without asking anything, on every answer path (the fast
/// path and NIO's parser alike: it sits first in each connection's pipeline, on bytes):
///
/// - **request head**: bytes of a request arrived but no answer was written within `headerTimeout` —
///   a client that sends half a head and waits, or one byte at a time (the deadline runs from the
///   request's first byte, and later bytes do not move it);
/// - **idle**: no byte read or written for `idleTimeout` between requests (not while a request waits
///   for its answer: that is the head deadline's).
///
/// A static feed server answers a complete request at once, so "no answer within the header timeout"
/// is "no complete request within it", as nginx's `client_header_timeout` means.
///
/// What a request costs is a few loads and stores: a read and a write each note the current tick. One
/// repeating timer per connection, every eighth of the shorter timeout, counts the ticks and closes
/// what is overdue, so a connection is closed between its timeout and one tick later, never before.
/// (A deadline scheduled on each request's first byte and cancelled by its answer, with NIO's
/// `IdleStateHandler` stamping every write through a promise, cost a third of the small-feed
/// throughput: Tools/Benchmarks/README.md.)
final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The timer's period.
    let tick: TimeAmount
    /// Ticks that must pass, more than, before a connection is overdue.
    let headerTicks: Int
    let idleTicks: Int

    /// Ticks counted by the timer since the connection began.
    private var now = 0
    /// The tick of the first byte of a request not answered yet; `nil` between requests.
    private var requestStart: Int?
    /// The tick of the last byte read or written.
    private var lastActivity = 0
    private var timer: RepeatedTask?

    /// The timer runs eight times in the shorter timeout (at least every millisecond).
    init(headerTimeout: TimeAmount, idleTimeout: TimeAmount) {
        let shorter = min(headerTimeout.nanoseconds, idleTimeout.nanoseconds)
        let tick = max(1_000_000, shorter / 8)
        self.tick = .nanoseconds(tick)
        headerTicks = Int((headerTimeout.nanoseconds + tick - 1) / tick)
        idleTicks = Int((idleTimeout.nanoseconds + tick - 1) / tick)
    }

    /// The handlers for one connection.
    static func handlers(headerTimeout: Duration, idleTimeout: Duration) -> [any ChannelHandler] {
        [ConnectionTimeoutHandler(headerTimeout: TimeAmount(headerTimeout), idleTimeout: TimeAmount(idleTimeout))]
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startTimer(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startTimer(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if requestStart == nil { requestStart = now }
        lastActivity = now
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        requestStart = nil
        lastActivity = now
        context.write(data, promise: promise)
    }

    /// The socket drained or filled: an answer still flowing to a slow reader is activity.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        lastActivity = now
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
    }

    /// One tick: whether the connection is overdue now.
    func advance() -> Bool {
        now += 1
        if let start = requestStart { return now - start > headerTicks }
        return now - lastActivity > idleTicks
    }

    private func startTimer(context: ChannelHandlerContext) {
        guard timer == nil else { return }
        let channel = context.channel
        // The timer runs on the channel's own loop: the handler's state is touched there only.
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleRepeatedTask(initialDelay: tick, delay: tick) { task in
            if handler.value.advance() {
                task.cancel()
                channel.close(promise: nil)
            }
        }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
