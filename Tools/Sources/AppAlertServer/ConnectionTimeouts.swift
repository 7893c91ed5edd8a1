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
/// What a request costs is a few loads and stores and one read of the monotonic clock (the vDSO's
/// `clock_gettime`, tens of nanoseconds) on its first byte, and one more on each later read of the
/// same request (a request in one read has none): a byte read past the head's deadline closes the
/// connection at once, so a timer running late never lets a trickled request through. One repeating timer per connection, every
/// eighth of the shorter timeout, reads the clock and closes what is overdue: a head between its timeout
/// and one tick later, an idle connection (stamped with the last tick's time, up to a tick old) between
/// its timeout and two ticks later; never before. The head's deadline is measured on the clock, not in
/// ticks: on an event loop so busy that its timer runs late, ticks come slower than time passes, and a
/// request trickled over five seconds arrived within "eight ticks" (the Tools suite under load caught
/// it).
/// (A deadline scheduled on each request's first byte and cancelled by its answer, with NIO's
/// `IdleStateHandler` stamping every write through a promise, cost a third of the small-feed
/// throughput: Tools/Benchmarks/README.md.)
package final class ConnectionTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    /// The timer's period.
    let tick: TimeAmount
    /// Nanoseconds that must pass, more than, before a connection is overdue.
    let headerTimeout: Int64
    /// The idle timeout and a tick, for the stamp's age.
    let idleLimit: Int64
    /// The monotonic clock, in nanoseconds (a test's own clock in tests).
    private let clock: () -> Int64

    /// The clock's time at the last tick.
    private var now: Int64
    /// The clock's time at the first byte of a request not answered yet; `nil` between requests.
    private var requestStart: Int64?
    /// The last tick's time when a byte was last read or written.
    private var lastActivity: Int64
    private var timer: RepeatedTask?

    /// The timer runs eight times in the shorter timeout (at least every millisecond).
    init(
        headerTimeout: TimeAmount, idleTimeout: TimeAmount,
        clock: @escaping () -> Int64 = { Int64(NIODeadline.now().uptimeNanoseconds) }
    ) {
        let shorter = min(headerTimeout.nanoseconds, idleTimeout.nanoseconds)
        tick = .nanoseconds(max(1_000_000, shorter / 8))
        self.headerTimeout = headerTimeout.nanoseconds
        idleLimit = idleTimeout.nanoseconds + tick.nanoseconds
        self.clock = clock
        now = clock()
        lastActivity = now
    }

    /// The handlers for one connection.
    package static func handlers(headerTimeout: Duration, idleTimeout: Duration) -> [any ChannelHandler] {
        [ConnectionTimeoutHandler(headerTimeout: TimeAmount(headerTimeout), idleTimeout: TimeAmount(idleTimeout))]
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startTimer(context: context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        startTimer(context: context)
        context.fireChannelActive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let start = requestStart {
            // Bytes of a request past its deadline are not read on, whether or not the timer has run:
            // on a loop busy enough to run it late, the read that completes the head could come first.
            if clock() - start > headerTimeout {
                stopTimer()
                return context.close(promise: nil)
            }
        } else {
            requestStart = clock()
        }
        lastActivity = now
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        requestStart = nil
        lastActivity = now
        context.write(data, promise: promise)
    }

    /// The socket drained or filled: an answer still flowing to a slow reader is activity.
    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        lastActivity = now
        context.fireChannelWritabilityChanged()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
    }

    /// One tick: whether the connection is overdue now.
    func advance() -> Bool {
        now = clock()
        if let start = requestStart { return now - start > headerTimeout }
        return now - lastActivity > idleLimit
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
