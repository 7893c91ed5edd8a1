import Foundation
import NIOCore

/// The fast path for the one request a feed server gets all day — `GET /feed.json HTTP/1.1`, maybe
/// conditional — answered from bytes prepared once per change, before NIO's HTTP/1 parser, the
/// HTTPTypes conversion and the response encoder see it.
///
/// It sits first in the pipeline and reads only a strict subset of HTTP/1.1: `GET` or `HEAD` of a
/// served path, version `HTTP/1.1`, header lines `name: value` of token names, no request body, no
/// `Content-Length`, `Transfer-Encoding`, `Upgrade` or `Expect`, a header block under 8 KiB. The
/// first request outside that subset, and everything after it on the connection, goes on unchanged to
/// NIO's parser and the rest of the server — which also answers every error. Answers already written
/// precede it, so pipelined answers stay in order.
final class FeedWireHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    static let maximumHeaderBlock = HTTPWire.maximumHeaderBlock
    /// Header lines the fast path answers itself; a request with more goes to NIO's parser.
    static let maximumHeaderCount = 64
    static let maximumPending = 65536

    private let content: ServedContent
    /// Bytes of a request not complete yet, and how many of them were already scanned for the end of
    /// the head: a client sending a byte at a time costs one scan of each byte, not one per read.
    private var pending: ByteBuffer?
    private var scanned = 0
    /// Where the first line of the pending head not checked yet starts: complete lines are checked as
    /// they arrive, so a line the fast path would not take goes to NIO's parser at once — as it would
    /// have without the fast path (it answers an invalid line before the head ends).
    private var validated = 0
    /// Bytes looked at in search of heads' ends, at most: linear in the bytes received (tested).
    private(set) var bytesExamined = 0
    /// Once a request is left to the server, the rest of the connection is too.
    private var handedOver = false
    private var closing = false
    private var needsFlush = false
    /// Whether this handler has answered anything: a shutdown then waits for its answers to be written.
    private var answered = false
    /// The last head written, whole (the entry's prepared head, `Date`, the blank line), and what it
    /// was for: a client asking again within the same second gets these bytes shared, nothing copied
    /// or allocated (a copy of the prepared head and of the date, and a promise, were a fifth of this
    /// handler's time per answer: Tools/Benchmarks/README.md).
    /// Held by the entry itself, not its ETag: two paths with the same bytes share an ETag but not
    /// every header.
    private var lastHead:
        (second: Int, entry: SiteSnapshot.Entry, variant: FeedResponses.Variant, close: Bool, bytes: ByteBuffer)?

    init(content: ServedContent) {
        self.content = content
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

    /// Answers the complete requests at the start of `buffer`. While the socket cannot take more
    /// (a client that sends without reading), requests wait here; past `maximumPending` bytes they go
    /// to NIO's parser, whose writer waits for the socket — so memory stays bounded either way.
    private func process(_ buffer: inout ByteBuffer, context: ChannelHandlerContext) {
        while buffer.readableBytes > 0 && !closing {
            guard context.channel.isWritable else {
                if buffer.readableBytes > Self.maximumPending {
                    handOver(buffer, context: context)
                } else {
                    pending = buffer
                }
                return
            }
            bytesExamined += buffer.readableBytes - max(0, scanned - 4)
            switch parse(buffer, scannedBefore: scanned, validatedBefore: validated) {
            case .incomplete(let checked):
                pending = buffer
                scanned = buffer.readableBytes
                validated = checked
                return
            case .other:
                handOver(buffer, context: context)
                return
            case .served(let request, let length):
                buffer.moveReaderIndex(forwardBy: length)
                scanned = 0
                validated = 0
                answer(request, context: context)
            }
        }
    }

    private func handOver(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        handedOver = true
        pending = nil
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, !handedOver, !closing, var buffer = pending {
            pending = nil
            process(&buffer, context: context)
            if needsFlush {
                needsFlush = false
                context.flush()
            }
            // Outside a read: the handlers behind (NIO's parser, Hummingbird's async channel) deliver
            // what they were handed when told the read is complete.
            if handedOver { context.fireChannelReadComplete() }
        }
        context.fireChannelWritabilityChanged()
    }

    /// The connection ends with part of a request read: NIO's parser gets it, to make of it what it
    /// would have, and the read's end, as any read has.
    func channelInactive(context: ChannelHandlerContext) {
        if !handedOver, let pending {
            handOver(pending, context: context)
            context.fireChannelReadComplete()
        }
        context.fireChannelInactive()
    }

    /// Past this handler only once it hands requests on: while it answers everything itself, the
    /// handlers behind it (NIO's parser, Hummingbird's, the async channel's) have read nothing, and
    /// telling each of them so cost a walk down the pipeline per read. (Reading on is the channel's
    /// own doing, after the event, not theirs.)
    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        if handedOver { context.fireChannelReadComplete() }
    }

    /// Graceful shutdown: the server closes connections it sees idle; an answer of this handler still
    /// being written reaches the client first.
    /// From the shutdown on, the fast path answers nothing more (what comes goes unanswered, as on
    /// an idle connection the server closes), and the close waits for its last answer to be written.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent, !handedOver else {
            return context.fireUserInboundEventTriggered(event)
        }
        closing = true
        pending = nil
        guard answered else { return context.fireUserInboundEventTriggered(event) }
        // An empty write completes after every write before it (NIO completes writes in order), so
        // answers carry no promise of their own.
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(capacity: 0)), promise: written)
        // Run on the channel's loop (the future's callbacks are): the loop-bound box says so to the compiler.
        let bound = NIOLoopBound((context, event), eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in bound.value.0.fireUserInboundEventTriggered(bound.value.1) }
    }

    // MARK: - Parsing

    struct Request {
        var head: Bool
        var entry: SiteSnapshot.Entry
        var ifNoneMatch: String?
        /// `If-None-Match` is exactly the entry's ETag (what a client that has the file sends): 304,
        /// decided from the bytes, no string made.
        var ifNoneMatchIsCurrent = false
        var ifModifiedSince: String?
        var acceptEncoding: String?
        var close = false
    }

    enum Parse {
        /// The head has not ended; its complete lines up to `validated` are ones the fast path takes.
        case incomplete(validated: Int)
        case other
        case served(Request, length: Int)
    }

    /// Reads one request at the start of `buffer`.
    func parse(_ buffer: ByteBuffer, scannedBefore scanned: Int = 0, validatedBefore validated: Int = 0) -> Parse {
        buffer.withUnsafeReadableBytes { bytes -> Parse in
            guard let end = HTTPWire.headerBlockEnd(bytes, from: scanned) else {
                if bytes.count > Self.maximumHeaderBlock { return .other }
                guard let checked = checkCompleteLines(bytes, from: validated, scannedBefore: scanned) else {
                    return .other
                }
                return .incomplete(validated: checked)
            }
            if end < 0 || end > Self.maximumHeaderBlock { return .other }
            var lines = HTTPWire.Lines(bytes: bytes, end: end)
            guard let requestLine = lines.next(), let target = Self.requestTarget(requestLine),
                let entry = content.snapshot.entries[target.path]
            else { return .other }
            var request = Request(head: target.head, entry: entry)
            var headerCount = 0
            while let line = lines.next() {
                // A simple GET has a handful of headers; more go to NIO's parser, which has its own
                // limit (so every path gives the same answer to the same bytes).
                headerCount += 1
                if headerCount > Self.maximumHeaderCount { return .other }
                guard let (name, value) = Self.simpleHeader(line) else { return .other }
                if HTTPWire.name(name, is: "if-none-match") {
                    guard request.ifNoneMatch == nil, !request.ifNoneMatchIsCurrent else { return .other }
                    if HTTPWire.bytes(value, equal: entry.etag) {
                        request.ifNoneMatchIsCurrent = true
                    } else {
                        request.ifNoneMatch = String(decoding: value, as: UTF8.self)
                    }
                } else if HTTPWire.name(name, is: "if-modified-since") {
                    guard request.ifModifiedSince == nil else { return .other }
                    request.ifModifiedSince = String(decoding: value, as: UTF8.self)
                } else if HTTPWire.name(name, is: "accept-encoding") {
                    guard request.acceptEncoding == nil else { return .other }
                    request.acceptEncoding = String(decoding: value, as: UTF8.self)
                } else if HTTPWire.name(name, is: "connection") {
                    // Any `close` option in any Connection line closes.
                    request.close =
                        request.close || FeedResponses.requestsClose(String(decoding: value, as: UTF8.self))
                }
            }
            return .served(request, length: end + 4)
        }
    }

    /// `GET /path HTTP/1.1` or `HEAD …`: whether HEAD, and the path (query left off).
    /// A header line the fast path takes: `name: value`, a token name (which also refuses obs-fold),
    /// a value of visible characters, spaces and tabs, and none of the headers that bring a body or
    /// a protocol change. Name and value, or nil.
    static func simpleHeader(_ line: Slice<UnsafeRawBufferPointer>) -> (
        name: Slice<UnsafeRawBufferPointer>, value: Slice<UnsafeRawBufferPointer>
    )? {
        guard let (name, value) = HTTPWire.header(line) else { return nil }
        for refused: StaticString in ["content-length", "transfer-encoding", "upgrade", "expect"]
        where HTTPWire.name(name, is: refused) {
            return nil
        }
        return (name, value)
    }

    /// Checks the complete lines of an unfinished head from the line starting at `validated`,
    /// looking for line ends only past what was scanned before. The start of the first line not
    /// complete yet, or nil when a complete line is one the fast path does not take.
    func checkCompleteLines(_ bytes: UnsafeRawBufferPointer, from validated: Int, scannedBefore scanned: Int) -> Int? {
        var lineStart = validated
        var index = max(validated, scanned - 1)
        while index + 1 < bytes.count {
            if bytes[index] == 0x0A { return nil }  // a bare LF
            guard bytes[index] == 0x0D else {
                index += 1
                continue
            }
            guard bytes[index + 1] == 0x0A else { return nil }  // a bare CR
            let line = bytes[lineStart..<index]
            if lineStart == 0 {
                guard let target = Self.requestTarget(line), content.snapshot.entries[target.path] != nil else {
                    return nil
                }
            } else if Self.simpleHeader(line) == nil {
                return nil
            }
            index += 2
            lineStart = index
        }
        return lineStart
    }

    static func requestTarget(_ line: Slice<UnsafeRawBufferPointer>) -> (head: Bool, path: String)? {
        let head: Bool
        let methodLength: Int
        if HTTPWire.bytes(line.prefix(4), equal: "GET ") {
            (head, methodLength) = (false, 4)
        } else if HTTPWire.bytes(line.prefix(5), equal: "HEAD ") {
            (head, methodLength) = (true, 5)
        } else {
            return nil
        }
        let versionLength = 9
        guard line.count > methodLength + versionLength, HTTPWire.bytes(line.suffix(versionLength), equal: " HTTP/1.1")
        else {
            return nil
        }
        let target = line[(line.startIndex + methodLength)..<(line.endIndex - versionLength)]
        guard target.first == UInt8(ascii: "/"), target.count <= 2048,
            target.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return nil }
        let path = target.firstIndex(of: UInt8(ascii: "?")).map { target[target.startIndex..<$0] } ?? target
        return (head, String(decoding: path, as: UTF8.self))
    }

    // MARK: - Answering

    private func answer(_ request: Request, context: ChannelHandlerContext) {
        let entry = request.entry
        let variant =
            request.ifNoneMatchIsCurrent
            ? .notModified
            : FeedResponses.variant(
                ifNoneMatch: request.ifNoneMatch, ifModifiedSince: request.ifModifiedSince,
                acceptEncoding: request.acceptEncoding, entry: entry)
        let body = request.head ? nil : entry.wire(variant).body
        let head = wholeHead(variant, of: entry, close: request.close, allocator: context.channel.allocator)
        answered = true
        guard request.close else {
            context.write(NIOAny(head), promise: nil)
            if let body { context.write(NIOAny(body), promise: nil) }
            needsFlush = true
            return
        }
        closing = true
        pending = nil
        needsFlush = false
        let written = context.eventLoop.makePromise(of: Void.self)
        if let body {
            context.write(NIOAny(head), promise: nil)
            context.writeAndFlush(NIOAny(body), promise: written)
        } else {
            context.writeAndFlush(NIOAny(head), promise: written)
        }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
    }

    /// The head of `variant`'s answer: the entry's prepared head, `Date: …` (the current second),
    /// `Connection: close` when asked, and the blank line; made once a second per head asked for.
    private func wholeHead(
        _ variant: FeedResponses.Variant, of entry: SiteSnapshot.Entry, close: Bool, allocator: ByteBufferAllocator
    ) -> ByteBuffer {
        let now = Date()
        let second = Int(now.timeIntervalSince1970)
        if let lastHead, lastHead.second == second, lastHead.entry === entry, lastHead.variant == variant,
            lastHead.close == close
        {
            return lastHead.bytes
        }
        let prepared = entry.wire(variant).head
        var bytes = allocator.buffer(capacity: prepared.readableBytes + 64)
        bytes.writeImmutableBuffer(prepared)
        bytes.writeString("Date: \(HTTPDate.format(now))\r\n")
        if close { bytes.writeStaticString("Connection: close\r\n") }
        bytes.writeStaticString("\r\n")
        lastHead = (second, entry, variant, close, bytes)
        return bytes
    }
}
