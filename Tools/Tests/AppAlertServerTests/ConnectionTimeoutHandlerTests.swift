import NIOCore
import NIOEmbedded
import Testing

@testable import AppAlertServer

/// The timeouts on their own, in an EmbeddedChannel whose loop runs the timer only when the test says,
/// with a clock the test sets: what a busy event loop does to them, without a busy machine.
@Suite
struct ConnectionTimeoutHandlerTests {
    /// A clock the test moves by hand.
    final class Clock {
        var now: Int64 = 0
    }

    static let header = TimeAmount.milliseconds(500)
    static let idle = TimeAmount.seconds(2)
    /// The handler's tick: an eighth of the shorter timeout.
    static let tick = TimeAmount.nanoseconds(header.nanoseconds / 8)

    func channel(_ clock: Clock) throws -> EmbeddedChannel {
        let handler = ConnectionTimeoutHandler(headerTimeout: Self.header, idleTimeout: Self.idle) { clock.now }
        let channel = EmbeddedChannel(handler: handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        return channel
    }

    /// Time passes on the clock and the loop's timer runs `ticks` times, as on an idle machine.
    func pass(_ ticks: Int, _ clock: Clock, _ channel: EmbeddedChannel) {
        for _ in 0..<ticks {
            clock.now += Self.tick.nanoseconds
            channel.embeddedEventLoop.advanceTime(by: Self.tick)
        }
    }

    func send(_ text: String, _ channel: EmbeddedChannel) throws {
        try channel.writeInbound(channel.allocator.buffer(string: text))
    }

    /// A loop so busy that its timer ran once while 600 ms passed: the request's first byte came 600 ms
    /// ago, so the connection is closed at that one tick. (Counted in ticks, it would have had 7 more.)
    @Test
    func aHeadIsClosedByTheClockWhenTheLoopsTimerRunsLate() throws {
        let clock = Clock()
        let channel = try channel(clock)
        try send("GET /messages.json HTTP/1.1\r\n", channel)
        clock.now += TimeAmount.milliseconds(600).nanoseconds
        #expect(channel.isActive)
        pass(1, clock, channel)
        #expect(!channel.isActive)
    }

    /// A loop so busy that the bytes completing a head are read before the late timer runs: they came
    /// past the deadline, so they are not read on and the connection is closed there and then. (Left to
    /// the timer, the complete request would have been answered: the Tools suite under load caught it.)
    @Test
    func theBytesOfAHeadReadPastItsDeadlineAreNotReadOn() throws {
        let clock = Clock()
        let channel = try channel(clock)
        try send("GET /messages.json HTTP/1.1\r\n", channel)
        #expect(try channel.readInbound(as: ByteBuffer.self) != nil)
        clock.now += TimeAmount.milliseconds(499).nanoseconds
        try send("Host: x\r\n", channel)
        #expect(try channel.readInbound(as: ByteBuffer.self) != nil)
        clock.now += TimeAmount.milliseconds(2).nanoseconds
        try? send("\r\n", channel)
        #expect(try channel.readInbound(as: ByteBuffer.self) == nil)
        #expect(!channel.isActive)
    }

    /// With the timer on time, a head that is not complete is closed at the first tick after its
    /// timeout, never before; the bytes that keep coming do not move its deadline.
    @Test
    func aHeadIsClosedAtTheFirstTickPastItsTimeoutAndNotBefore() throws {
        let clock = Clock()
        let channel = try channel(clock)
        try send("G", channel)
        for _ in 0..<8 {
            pass(1, clock, channel)
            try send("E", channel)
        }
        #expect(channel.isActive)
        pass(1, clock, channel)
        #expect(!channel.isActive)
    }

    /// An answered request starts no deadline: the connection stays until it has been idle for the
    /// idle timeout (within two ticks after it), and a new request's bytes count from its own first byte.
    @Test
    func anAnsweredConnectionIsClosedAfterItsIdleTimeoutAndNotBefore() throws {
        let clock = Clock()
        let channel = try channel(clock)
        try send("GET / HTTP/1.1\r\n\r\n", channel)
        pass(3, clock, channel)
        try channel.writeOutbound(channel.allocator.buffer(string: "HTTP/1.1 200 OK\r\n\r\n"))
        let idleTicks = Int(Self.idle.nanoseconds / Self.tick.nanoseconds)
        pass(idleTicks, clock, channel)
        #expect(channel.isActive)
        pass(2, clock, channel)
        #expect(!channel.isActive)
    }
}
