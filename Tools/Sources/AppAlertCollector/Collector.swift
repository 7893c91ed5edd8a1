@_spi(Authoring) import AppAlert
import AppAlertResults
import AppAlertServer
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// How `appalert collect` behaves. Every value has a default.
package struct CollectorConfiguration: Sendable {
    /// The address to listen on.
    package var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    package var port = 8080
    /// Batches a minute from one client address; 0 turns the limit off.
    package var rateLimit = 600
    /// Take the client's address from `Forwarded`, else `X-Forwarded-For` (the right-most address: the
    /// one the proxy in front of the collector appended), not from the connection (``ForwardedFor``).
    package var trustForwardedFor = false
    /// The web origins (`https://app.example.com`) whose pages may send batches; empty: any origin.
    /// Requests without an `Origin` (apps, tools) are never refused for it.
    package var allowedOrigins: [String] = []
    /// A connection whose request head is not complete this long after its first byte is closed.
    package var headerTimeout: Duration = .seconds(10)
    /// A connection with no byte read or written this long is closed.
    package var idleTimeout: Duration = .seconds(60)
    /// Reads `POST /v1/counts` on the fast path (``CollectorWireHandler``) before NIO's HTTP/1 parser;
    /// off, every request goes through Hummingbird (`collect --no-fast-path`, hidden: the tests compare
    /// both ways in).
    package var fastPath = true
    /// How often the feed files are checked for changes.
    package var reloadInterval: Duration = .seconds(1)
    /// How often a feed at a URL is asked again (with `If-None-Match`).
    package var urlReloadInterval: Duration = .seconds(10)
    /// What fetches a feed at a URL.
    package var transport: any FeedTransport = URLSessionFeedTransport(userAgent: "appalert-collect")
    /// The clock: the day checks and the day batch ids are kept under.
    package var now: @Sendable () -> Date = { Date() }

    package init() {}
}

/// Where a request came from, for the rate limit only (never stored or logged).
struct CollectorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}

/// `appalert collect`: `POST /v1/counts` takes a batch of counters, checks it against the feed and
/// the wire format, and answers once it is committed to disk (``GroupCommitter``); `GET /metrics` and
/// `GET /healthz`.
package struct Collector: Sendable {
    /// A body is read up to this many bytes; one longer is refused (413) without reading the rest.
    static let maximumBody = 64 * 1024

    package let configuration: CollectorConfiguration
    let feed: CollectorFeed
    let committer: GroupCommitter
    let metrics: CollectorMetrics
    let limiter: RateLimiter
    let logger: Logger
    let dayWindow: LockedDayWindow

    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads the feed at `feedLocation` (a file, a directory of `.json` feeds or an `http(s)://` URL):
    /// the first step of a start, before the database is opened, so that a collector that cannot read
    /// its feed creates no database.
    package static func openFeed(_ feedLocation: String, configuration: CollectorConfiguration) async throws(StartError)
        -> CollectorFeed
    {
        do {
            return try await CollectorFeed.open(feedLocation, transport: configuration.transport)
        } catch {
            throw StartError(description: error.description)
        }
    }

    /// Listens on `configuration`'s address and port and lets them go at once: a start that could not
    /// listen fails here, before the database is opened (or created). The error says why, as the
    /// server's own would (``reason(_:)``). Port 0 is always free.
    package static func checkListening(_ configuration: CollectorConfiguration) async throws(StartError) {
        guard configuration.port != 0 else { return }
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: configuration.host, port: configuration.port).get()
            try await channel.close()
        } catch {
            throw StartError(
                description: "cannot listen on \(configuration.host):\(configuration.port): \(reason(error))")
        }
    }

    /// Collects into `store`, checking batches against `feed` (``openFeed(_:configuration:)``).
    package init(
        feed: CollectorFeed, store: any ResultsStore, configuration: CollectorConfiguration = CollectorConfiguration(),
        logger: Logger = Logger(label: "appalert.collect")
    ) {
        self.configuration = configuration
        self.feed = feed
        metrics = CollectorMetrics()
        committer = GroupCommitter(store: store, now: configuration.now, logger: logger, metrics: metrics)
        limiter = RateLimiter(perMinute: configuration.rateLimit)
        dayWindow = LockedDayWindow(BatchCheck.DayWindow(now: configuration.now()))
        self.logger = logger
    }

    /// The Hummingbird application with the feed watcher and the writer; run it with `runService()`
    /// (SIGTERM and SIGINT stop it gracefully: the server finishes the requests in flight, the writer
    /// commits and answers them, then the database is closed).
    package func application(onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let collector = self
        let responder = CallbackResponder<CollectorRequestContext> { request, context in
            await collector.respond(to: request, context: context)
        }
        let timeouts = (header: configuration.headerTimeout, idle: configuration.idleTimeout)
        return Application(
            responder: responder,
            server: .http1(
                configuration: .init(additionalChannelHandlers: [
                    CollectorChannelHandler(
                        timeouts: timeouts, fastPath: collector.configuration.fastPath ? collector : nil)
                ])),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "appalert"),
            // Shut down in reverse order: the server drains first, then the feed watcher, then the
            // writer commits what is left.
            services: [
                committer,
                FeedReloadService(
                    feed: feed, fileInterval: configuration.reloadInterval,
                    urlInterval: configuration.urlReloadInterval,
                    logger: logger),
            ],
            onServerRunning: onServerRunning, logger: logger)
    }

    /// Answers `request`, with the CORS headers a page on an allowed origin needs to read the answer
    /// (no credentials: browsers send none, and the answer never allows them).
    func respond(to request: Request, context: CollectorRequestContext) async -> Response {
        let origin = request.headers[.origin]
        var answer: CollectorAnswer
        if request.uri.path == "/v1/counts", let refusal = originRefusal(origin) {
            answer = refusal
        } else if request.method == .options, request.uri.path == "/v1/counts", origin != nil {
            answer = CollectorAnswer(status: .noContent, fields: [:], body: nil)
            answer.fields[.accessControlAllowMethods] = "POST"
            answer.fields[.accessControlAllowHeaders] = "Content-Type"
            answer.fields[.accessControlMaxAge] = "86400"
        } else {
            answer = await route(request, context: context)
        }
        addCORS(to: &answer, origin: origin)
        return answer.response
    }

    private func route(_ request: Request, context: CollectorRequestContext) async -> CollectorAnswer {
        switch (request.method, request.uri.path) {
        case (.post, "/v1/counts"):
            let started = ContinuousClock.now
            let answer = await counts(request, context: context)
            metrics.recordLatency(ContinuousClock.now - started)
            return answer
        case (.get, "/healthz"), (.head, "/healthz"):
            return Self.json(.ok, #"{"status":"ok"}"#)
        case (.get, "/metrics"):
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return CollectorAnswer(status: .ok, fields: headers, body: ByteBuffer(bytes: metrics.text()))
        case (_, "/v1/counts"), (_, "/healthz"), (_, "/metrics"):
            var answer = Self.error(.methodNotAllowed, "\(request.method) is not allowed here")
            answer.fields[.allow] = request.uri.path == "/v1/counts" ? "POST" : "GET, HEAD"
            return answer
        default:
            metrics.recordRefused(.notFound)
            return Self.error(.notFound, "no such path (the collector takes POST /v1/counts)")
        }
    }

    /// `POST /v1/counts` through Hummingbird: the same steps as the fast path's
    /// (``CollectorWireHandler``), which reads the head and the body itself.
    private func counts(_ request: Request, context: CollectorRequestContext) async -> CollectorAnswer {
        var head = CountsHead(
            contentTypes: request.headers[values: .contentType],
            contentLength: request.headers[.contentLength].flatMap(Int.init),
            remoteAddress: context.remoteAddress)
        if configuration.trustForwardedFor {
            head.forwarded = request.headers[values: .init(ForwardedFor.forwarded)!]
            head.xForwardedFor = request.headers[values: .init(ForwardedFor.xForwardedFor)!]
        }
        if let refusal = checkHead(head) { return refusal }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBody)
        } catch is NIOTooManyBytesError {
            return tooLarge()
        } catch {
            return refuse(Refusal(.json, "the body could not be read"))
        }
        switch body.withUnsafeReadableBytes({ readBatch($0) }) {
        case .refused(let answer):
            return answer
        case .batch(let batch):
            let outcome: Result<GroupCommitter.Outcome, any Error>
            do {
                outcome = .success(try await committer.submit(batch))
            } catch {
                outcome = .failure(error)
            }
            return answer(outcome, for: batch)
        }
    }

    /// Why the server stopped or could not start, in words: a socket's error as the system says it
    /// (`Address already in use`), anything else as it describes itself.
    package static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return String(describing: error).prefix(300).description
    }

    static func seconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> CollectorAnswer {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return CollectorAnswer(status: status, fields: headers, body: ByteBuffer(string: text))
    }

    static func error(_ status: HTTPResponse.Status, _ text: String) -> CollectorAnswer {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return json(status, #"{"error":""# + escaped + #""}"#)
    }
}

/// The day window shared by the requests, replaced when the day changes.
final class LockedDayWindow: @unchecked Sendable {
    private let lock = NSLock()
    private var window: BatchCheck.DayWindow

    init(_ window: BatchCheck.DayWindow) {
        self.window = window
    }

    func current(_ now: Date) -> BatchCheck.DayWindow {
        lock.withLock {
            let next = window.current(now)
            if next.epochDay != window.epochDay { window = next }
            return next
        }
    }
}
