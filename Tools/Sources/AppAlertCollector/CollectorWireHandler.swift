import AppAlertResults
import AppAlertServer
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// The fast path for the one request a collector gets all day — `POST /v1/counts HTTP/1.1` with a
/// body of `Content-Length` bytes — read from the socket's bytes before NIO's HTTP/1 parser,
/// Hummingbird's request and its task, and answered on the event loop once the writer has committed
/// the batch (``GroupCommitter/submit(_:answer:)``: no task or continuation per batch).
///
/// Its steps are the responder's (``Collector/checkHead(_:)``, ``Collector/readBatch(_:)``,
/// ``Collector/answer(_:for:)``): the same checks, refusals, metrics and answers. It reads only a strict
/// subset of HTTP/1.1: `POST /v1/counts` (a query left off), version `HTTP/1.1`, header lines
/// `name: value` of token names (at most ``maximumHeaderCount``), one `Content-Length` of at most 18
/// digits, at most one `Origin`, no `Transfer-Encoding`, `Upgrade`, `Expect` or `Connection` (what a
/// `Connection` asks is Hummingbird's to decide), a head under 8 KiB. The first request outside that
/// subset, and everything after it on the connection, goes on unchanged to NIO's parser and
/// Hummingbird — which also answer every other path, CORS preflights and malformed requests.
///
/// Answers leave in order: while a batch waits for its commit, the requests after it wait here, and
/// past ``maximumPending`` bytes the handler stops reading the socket until the answer is written.
final class CollectorWireHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    static let maximumHeaderCount = 64
    static let maximumPending = 128 * 1024

    private let collector: Collector
    /// Bytes not answered yet, and how many of them were already scanned for the end of a head.
    private var pending: ByteBuffer?
    private var scanned = 0
    /// Whether the pending head's request line is complete and was found to be `POST /v1/counts`.
    private var requestLineChecked = false
    /// The request whose body is being read: its head was checked (and counted by the rate limit).
    private var current: Current?
    /// A batch of this connection waits for its commit: the requests after it wait for its answer.
    private var waiting = false
    /// A read the handler held back while bytes waited here (``read(context:)``).
    private var readHeld = false
    /// Once a request is left to NIO's parser, the rest of the connection is too.
    private var handedOver = false
    private var closing = false
    private var needsFlush = false
    /// Whether this handler has written an answer: a shutdown then waits for it to be written.
    private var answered = false
    /// The graceful shutdown's event, passed on once the answer of the batch waiting is written.
    private var quiesce: Any?
    private var date: (second: Int, text: String) = (0, "")

    private struct Current {
        var bodyLength: Int
        var origin: String?
        var started: ContinuousClock.Instant
    }

    init(collector: Collector) {
        self.collector = collector
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !handedOver else { return context.fireChannelRead(data) }
        if closing { return }
        var buffer = unwrapInboundIn(data)
        if var pending = self.pending {
            pending.writeBuffer(&buffer)
            buffer = pending
            self.pending = nil
        }
        process(&buffer, context: context)
    }

    /// Reads and answers the requests at the start of `buffer` until one waits for its commit (or
    /// its bytes have not all arrived); what is left waits in `pending`.
    private func process(_ buffer: inout ByteBuffer, context: ChannelHandlerContext) {
        while buffer.readableBytes > 0, !closing, !handedOver, !waiting, context.channel.isWritable {
            if current == nil {
                let remote = context.channel.remoteAddress
                switch buffer.withUnsafeReadableBytes({ parseHead($0, scannedBefore: scanned, remote: remote) }) {
                case .incomplete:
                    scanned = buffer.readableBytes
                    pending = buffer
                    return
                case .other:
                    handOver(buffer, context: context)
                    return
                case .counts(let length, let head, let origin):
                    buffer.moveReaderIndex(forwardBy: length)
                    scanned = 0
                    requestLineChecked = false
                    if let refusal = collector.originRefusal(origin) {
                        return write(refusal, origin: origin, context: context)
                    }
                    let started = ContinuousClock.now
                    if let refusal = collector.checkHead(head) {
                        return finish(refusal, origin: origin, started: started, context: context)
                    }
                    current = Current(bodyLength: head.contentLength ?? 0, origin: origin, started: started)
                }
            }
            guard let request = current, buffer.readableBytes >= request.bodyLength,
                let body = buffer.readSlice(length: request.bodyLength)
            else { break }
            current = nil
            switch body.withUnsafeReadableBytes({ collector.readBatch($0) }) {
            case .refused(let answer):
                finish(answer, origin: request.origin, started: request.started, context: context)
            case .batch(let batch):
                waiting = true
                let loop = context.eventLoop
                let bound = NIOLoopBound((self, context), eventLoop: loop)
                collector.committer.submit(batch) { outcome in
                    loop.execute {
                        let (handler, context) = bound.value
                        handler.committed(outcome, batch: batch, request: request, context: context)
                    }
                }
            }
        }
        if buffer.readableBytes > 0, !closing, !handedOver { pending = buffer }
    }

    private func committed(
        _ outcome: Result<GroupCommitter.Outcome, any Error>, batch: StoredBatch, request: Current,
        context: ChannelHandlerContext
    ) {
        waiting = false
        finish(
            collector.answer(outcome, for: batch), origin: request.origin, started: request.started, context: context)
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        if let event = quiesce {
            quiesce = nil
            return passOnAfterWrites(event, context: context)
        }
        resume(context: context)
    }

    /// Answers what waited, then reads on if a read was held back.
    private func resume(context: ChannelHandlerContext) {
        if var buffer = pending {
            pending = nil
            process(&buffer, context: context)
            if needsFlush {
                needsFlush = false
                context.flush()
            }
            // Outside a read: the handlers behind (NIO's parser, Hummingbird's) deliver what they were
            // handed when told the read is complete.
            if handedOver { context.fireChannelReadComplete() }
        }
        if readHeld, !waiting, pending.map({ $0.readableBytes <= Self.maximumPending }) ?? true {
            readHeld = false
            context.read()
        }
    }

    private func handOver(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        handedOver = true
        pending = nil
        context.fireChannelRead(wrapInboundOut(buffer))
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    /// Holds reading back while more than ``maximumPending`` bytes wait for an answer before them:
    /// a client that sends without reading is then held by TCP, not by the server's memory.
    func read(context: ChannelHandlerContext) {
        if !handedOver, let pending, pending.readableBytes > Self.maximumPending {
            readHeld = true
            return
        }
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, !handedOver, !closing, !waiting { resume(context: context) }
        context.fireChannelWritabilityChanged()
    }

    /// The connection ends with part of a head read: NIO's parser gets it, to make of it what it would
    /// have, and the read's end, as any read has: Hummingbird's async channel delivers what it was
    /// handed only then. (Part of a body, or requests behind a batch waiting: nothing can answer them
    /// now.)
    func channelInactive(context: ChannelHandlerContext) {
        if !handedOver, current == nil, !waiting, let pending {
            handOver(pending, context: context)
            context.fireChannelReadComplete()
        }
        context.fireChannelInactive()
    }

    /// Past this handler only once it hands requests on: while it answers everything itself, the
    /// handlers behind it have read nothing (as ``FeedWireHandler`` does).
    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        if handedOver { context.fireChannelReadComplete() }
    }

    /// Graceful shutdown: the fast path takes no new request; a batch waiting for its commit is
    /// answered first, and the event goes on (Hummingbird then closes the connection it sees idle)
    /// once the last answer is written.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent, !handedOver else {
            return context.fireUserInboundEventTriggered(event)
        }
        closing = true
        pending = nil
        current = nil
        if waiting {
            quiesce = event
        } else {
            passOnAfterWrites(event, context: context)
        }
    }

    private func passOnAfterWrites(_ event: Any, context: ChannelHandlerContext) {
        guard answered else { return context.fireUserInboundEventTriggered(event) }
        // An empty write completes after every write before it (NIO completes writes in order).
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(capacity: 0)), promise: written)
        let bound = NIOLoopBound((context, event), eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in bound.value.0.fireUserInboundEventTriggered(bound.value.1) }
    }

    // MARK: - Reading the head

    enum Head {
        case incomplete
        /// Not one the fast path takes: NIO's parser gets it.
        case other
        case counts(length: Int, CountsHead, origin: String?)
    }

    /// Reads the head of one request at the start of `bytes`.
    private func parseHead(_ bytes: UnsafeRawBufferPointer, scannedBefore scanned: Int, remote: SocketAddress?) -> Head
    {
        guard let end = HTTPWire.headerBlockEnd(bytes, from: scanned) else {
            return bytes.count > HTTPWire.maximumHeaderBlock || !mayBeCounts(bytes, scannedBefore: scanned)
                ? .other : .incomplete
        }
        if end < 0 || end > HTTPWire.maximumHeaderBlock { return .other }
        var lines = HTTPWire.Lines(bytes: bytes, end: end)
        guard let requestLine = lines.next(), Self.isCountsLine(requestLine) else { return .other }
        var head = CountsHead(contentTypes: [], contentLength: nil, remoteAddress: remote)
        var origin: String?
        var count = 0
        let trustForwarded = collector.configuration.trustForwardedFor
        while let line = lines.next() {
            count += 1
            if count > Self.maximumHeaderCount { return .other }
            guard let (name, value) = HTTPWire.header(line) else { return .other }
            if HTTPWire.name(name, is: "content-length") {
                guard head.contentLength == nil, let length = Self.decimal(value) else { return .other }
                head.contentLength = length
            } else if HTTPWire.name(name, is: "content-type") {
                head.contentTypes.append(String(decoding: value, as: UTF8.self))
            } else if HTTPWire.name(name, is: "origin") {
                guard origin == nil else { return .other }
                origin = String(decoding: value, as: UTF8.self)
            } else if HTTPWire.name(name, is: "forwarded") {
                if trustForwarded { head.forwarded.append(String(decoding: value, as: UTF8.self)) }
            } else if HTTPWire.name(name, is: "x-forwarded-for") {
                if trustForwarded { head.xForwardedFor.append(String(decoding: value, as: UTF8.self)) }
            } else if HTTPWire.name(name, is: "transfer-encoding") || HTTPWire.name(name, is: "connection")
                || HTTPWire.name(name, is: "upgrade") || HTTPWire.name(name, is: "expect")
            {
                return .other
            }
        }
        guard head.contentLength != nil else { return .other }
        return .counts(length: end + 4, head, origin: origin)
    }

    /// Whether an unfinished head may still be one the fast path takes: its request line, once
    /// complete, is `POST /v1/counts…` (anything else goes to NIO's parser at once, which answers a
    /// malformed line before the head ends, as it would without the fast path). The line is looked
    /// at once, when it is complete: a head sent a byte at a time costs no more.
    private func mayBeCounts(_ bytes: UnsafeRawBufferPointer, scannedBefore scanned: Int) -> Bool {
        if requestLineChecked { return true }
        let start = max(0, scanned - 1)
        guard let lineEnd = bytes[start...].firstIndex(of: 0x0A) else {
            let method: StaticString = "POST /v1/counts"
            let count = min(bytes.count, method.utf8CodeUnitCount)
            return bytes.count <= 2050
                && method.withUTF8Buffer {
                    HTTPWire.bytes(
                        bytes[0..<count], equal: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer($0)[0..<count])
                    )
                }
        }
        requestLineChecked = true
        return lineEnd > 0 && bytes[lineEnd - 1] == 0x0D && Self.isCountsLine(bytes[0..<(lineEnd - 1)])
    }

    /// `POST /v1/counts HTTP/1.1`, the path maybe with a query.
    static func isCountsLine(_ line: Slice<UnsafeRawBufferPointer>) -> Bool {
        let method: StaticString = "POST /v1/counts"
        let version: StaticString = " HTTP/1.1"
        let fixed = method.utf8CodeUnitCount + version.utf8CodeUnitCount
        guard line.count >= fixed, line.count <= 2048,
            HTTPWire.bytes(line.prefix(method.utf8CodeUnitCount), equal: method),
            HTTPWire.bytes(line.suffix(version.utf8CodeUnitCount), equal: version)
        else { return false }
        let query = line.dropFirst(method.utf8CodeUnitCount).dropLast(version.utf8CodeUnitCount)
        return query.isEmpty || query.first == UInt8(ascii: "?") && query.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// A `Content-Length` of 1 to 18 digits (anything else goes to NIO's parser).
    static func decimal(_ bytes: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    // MARK: - Answering

    private func finish(
        _ answer: CollectorAnswer, origin: String?, started: ContinuousClock.Instant, context: ChannelHandlerContext
    ) {
        collector.metrics.recordLatency(ContinuousClock.now - started)
        write(answer, origin: origin, context: context)
    }

    /// Writes `answer` with the CORS headers, `Content-Length`, `Date` and `Server` (as Hummingbird
    /// would); closes the connection after an answer that says `Connection: close`.
    private func write(_ answer: CollectorAnswer, origin: String?, context: ChannelHandlerContext) {
        var answer = answer
        collector.addCORS(to: &answer, origin: origin)
        let body = answer.body ?? ByteBuffer()
        var bytes = context.channel.allocator.buffer(capacity: 256 + body.readableBytes)
        // NIO's encoder writes the standard phrase of the code, whatever the status says; so does this.
        let phrase = HTTPResponseStatus(statusCode: answer.status.code).reasonPhrase
        bytes.writeString("HTTP/1.1 \(answer.status.code) \(phrase)\r\n")
        for field in answer.fields {
            bytes.writeString(field.name.rawName)
            bytes.writeStaticString(": ")
            bytes.writeString(field.value)
            bytes.writeStaticString("\r\n")
        }
        bytes.writeString("Content-Length: \(body.readableBytes)\r\nDate: \(currentDate())\r\nServer: appalert\r\n\r\n")
        bytes.writeImmutableBuffer(body)
        answered = true
        guard answer.closes else {
            context.write(wrapOutboundOut(bytes), promise: nil)
            needsFlush = true
            return
        }
        closing = true
        pending = nil
        needsFlush = false
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(bytes), promise: written)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
    }

    private func currentDate() -> String {
        let now = Date()
        let second = Int(now.timeIntervalSince1970)
        if second != date.second { date = (second, HTTPDate.format(now)) }
        return date.text
    }
}
