import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Answers GET and HEAD of the served files right on the event loop, before Hummingbird's responder:
/// no task, no hop between threads, and pipelined answers leave in one flush. Everything else (other
/// paths, methods, the preview page, errors) goes on to the responder, which answers with the same
/// ``FeedResponses`` functions. Both sit in the channel pipeline of one Hummingbird server.
///
/// Order is kept: while a request handed to the responder has not been answered, the requests after
/// it go to the responder too.
final class FeedChannelHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let content: ServedContent
    /// Requests handed to the responder whose response has not ended yet.
    private var forwarded = 0
    /// This handler's answer to the request being read; written when the request ends.
    private var answer: (response: HTTPResponse, body: ByteBuffer?, close: Bool)?
    private var needsFlush = false
    private var lastWrite: EventLoopFuture<Void>?
    private var closing = false
    private var date: (second: Int, text: String) = (0, "")

    private let fastPath: Bool
    /// Off, every request goes to the responder (development mode, where each is checked first).
    private let answersFiles: Bool
    private let timeouts: (header: Duration, idle: Duration)

    init(
        content: ServedContent, fastPath: Bool, answersFiles: Bool = true, timeouts: (header: Duration, idle: Duration)
    ) {
        self.content = content
        self.fastPath = fastPath
        self.answersFiles = answersFiles
        self.timeouts = timeouts
    }

    /// Puts the connection's timeouts first in the pipeline, then ``FeedWireHandler``, both before
    /// NIO's parser: every answer path is covered by the same timeouts.
    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if fastPath { try? pipeline.addHandler(FeedWireHandler(content: content), position: .first) }
        let timeouts = ConnectionTimeoutHandler.handlers(headerTimeout: timeouts.header, idleTimeout: timeouts.idle)
        try? pipeline.addHandlers(timeouts, position: .first)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if answersFiles, forwarded == 0, !closing, let answer = answer(to: request) {
                self.answer = answer
            } else {
                forwarded += 1
                context.fireChannelRead(data)
            }
        case .body:
            if answer == nil { context.fireChannelRead(data) }
        case .end:
            guard let answer else { return context.fireChannelRead(data) }
            self.answer = nil
            context.write(wrapOutboundOut(.head(answer.response)), promise: nil)
            if let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
            let written = context.eventLoop.makePromise(of: Void.self)
            context.write(wrapOutboundOut(.end(nil)), promise: written)
            lastWrite = written.futureResult
            needsFlush = true
            if answer.close {
                closing = true
                context.flush()
                needsFlush = false
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                written.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
            }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { forwarded -= 1 }
        context.write(data, promise: promise)
    }

    /// Graceful shutdown: Hummingbird closes a connection it sees as idle; an answer of this handler
    /// still being written must reach the client first, and one being read is answered, then closed.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else { return context.fireUserInboundEventTriggered(event) }
        if answer != nil {
            answer?.close = true
            answer?.response.headerFields[.connection] = "close"
        } else if let lastWrite {
            let bound = NIOLoopBound((context, event), eventLoop: context.eventLoop)
            lastWrite.whenComplete { _ in bound.value.0.fireUserInboundEventTriggered(bound.value.1) }
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// This handler's answer, or nil to leave the request to the responder.
    private func answer(to request: HTTPRequest) -> (response: HTTPResponse, body: ByteBuffer?, close: Bool)? {
        guard request.method == .get || request.method == .head, let target = request.path else { return nil }
        let path = target.utf8.firstIndex(of: UInt8(ascii: "?")).map { String(target[..<$0]) } ?? target
        guard let entry = content.snapshot.entries[path] else { return nil }
        var (response, body) = FeedResponses.answer(method: request.method, headers: request.headerFields, entry: entry)
        response.headerFields[.date] = currentDate()
        response.headerFields[.server] = FeedServer.serverName
        let close = request.headerFields[.connection].map(FeedResponses.requestsClose) ?? false
        if close { response.headerFields[.connection] = "close" }
        return (response, body, close)
    }

    private func currentDate() -> String {
        let now = Date()
        let second = Int(now.timeIntervalSince1970)
        if second != date.second { date = (second, HTTPDate.format(now)) }
        return date.text
    }
}
