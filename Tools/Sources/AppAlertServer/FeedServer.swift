@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// How the feed server behaves. Every value has a default.
public struct FeedServerConfiguration: Sendable {
    /// The address to listen on. The default is 127.0.0.1.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one. The default is 8080.
    public var port = 8080
    /// `Cache-Control` of feed responses. The default, `public, max-age=60`, lets caches keep a feed a
    /// minute; `--dev` sends `no-cache`.
    public var cacheControl = "public, max-age=60"
    /// Development mode: `Cache-Control: no-cache`, the preview page at `/`, and every request answered
    /// only when its one `Host` names this server (``ConsoleGuard``), by the responder (the fast paths
    /// are off). The default is off.
    public var development = false
    /// How often the feed files are checked for changes. The default is 1 second.
    public var reloadInterval: Duration = .seconds(1)
    /// Answers simple GET and HEAD requests of served files from prepared bytes before NIO's HTTP/1
    /// parser (``FeedWireHandler``); anything else still goes through the parser. The default is on;
    /// off, every request is parsed by NIO (the tests compare both). Not public: a switch for tests.
    package var fastPath = true
    /// A connection whose request head is not complete this long after its first byte is closed
    /// (a client sending half a head, or a byte at a time). The default is 10 seconds.
    public var headerTimeout: Duration = .seconds(10)
    /// A connection with no byte read or written this long is closed. The default is 60 seconds.
    public var idleTimeout: Duration = .seconds(60)
    /// Signs every served file (`PATH.sig` beside it) on each change. Without a key (the default),
    /// a `FEED.sig` beside a feed is served once it is checked (``publicKeys``).
    public var signingKey: FeedSigningKey?
    /// Keys to check a carried `.sig` with (`serve --public-key`), besides the signing key's own and
    /// the `appalert.pub` files found near the feed (``PublicKeyFiles``). A `.sig` that does not match
    /// its file is never served: the last version whose signature matched stays, or, with none, the
    /// file is served without its `.sig`. The default is none.
    public var publicKeys: [FeedPublicKey] = []
    /// Development mode's simulator, `GET /_appalert/evaluate?feed=PATH&bundleId=…`: given a served
    /// feed's bytes and the query's other parameters (in order, repeatable ones repeated), the status
    /// and JSON body to answer. `appalert serve --dev` sets it to `appalert evaluate --json --explain`.
    /// Without it (the default), or without `development`, the path does not exist.
    public var evaluator: (@Sendable (_ feed: Data, _ parameters: [(name: String, value: String)]) -> Evaluation)?
    /// Development mode's console, `/console` and `/api/…`: messages listed, edited and saved in the
    /// browser (``ConsoleConfiguration``). Without it (the default), or without `development`, neither
    /// path exists.
    package var console: ConsoleConfiguration?

    /// A simulator answer.
    public struct Evaluation: Sendable {
        public var status: Int
        public var json: String

        public init(status: Int, json: String) {
            self.status = status
            self.json = json
        }
    }

    public init() {}
}

/// Serves feeds as ``FeedSite`` lays them out: each feed file at `/NAME`, per-app views at
/// `/apps/BUNDLE-ID.json`, the web client at `/appalert-web.js` (``WebClient``), `/healthz`, and in
/// development mode a preview page at `/`.
///
/// Responses carry a strong `ETag` from the content, `Last-Modified`, `Cache-Control`,
/// `Content-Type: application/json` and CORS for GET; `If-None-Match` and `If-Modified-Since` give
/// 304; `HEAD` is answered; gzip is sent when accepted, compressed once per change. Only the site's own
/// paths exist, so no path, encoded or not, reaches anything else. A changed feed is validated first:
/// an invalid edit is logged with its errors and the last good version stays served.
public struct FeedServer: Sendable {
    public let source: URL
    public let configuration: FeedServerConfiguration
    public let content: ServedContent
    private let logger: Logger
    /// The port bound, once listening (for development mode's Host check).
    let listening = ListeningAddress()
    let console: Console?
    static let serverName = "appalert"

    /// Loads the feed at `source` (a file, or a directory of `.json` feeds). Throws when the first load
    /// fails: there is no good version to fall back on. In development mode with the console, it does
    /// not: what can be served is (the other feeds of a directory), and ``ServedContent/failure`` says
    /// what is not, to be mended in an editor or in the console.
    public init(source: URL, configuration: FeedServerConfiguration = FeedServerConfiguration(), logger: Logger? = nil)
        throws(FeedSiteError)
    {
        self.source = source
        self.configuration = configuration
        self.logger = logger ?? Logger(label: "appalert.serve")
        self.content = try ServedContent(source: source, configuration: configuration)
        let content = content
        if configuration.development, let console = configuration.console {
            self.console = Console(
                configuration: console, server: configuration, content: content, feeds: ConsoleFeeds(source: source),
                logger: self.logger)
        } else {
            self.console = nil
        }
    }

    /// The responder: request in, response out. In development mode every request must name this
    /// server in `Host`, once (``ConsoleGuard``): the preview page and the working copy of the feed are
    /// no more for a DNS-rebinding page than the console is.
    public var responder: CallbackResponder<BasicRequestContext> {
        let content = content
        let configuration = configuration
        let console = console
        let listening = listening
        return CallbackResponder { request, _ in
            if configuration.development,
                let refusal = ConsoleGuard.refusal(
                    of: request, listeningOn: configuration.host, port: listening.port ?? configuration.port)
            {
                return request.method == .head ? Response(status: refusal.status, headers: refusal.headers) : refusal
            }
            if let console, let answer = await console.respond(to: request) { return answer }
            return FeedResponses.respond(to: request, snapshot: content.snapshot, configuration: configuration)
        }
    }

    /// The Hummingbird application, with the reload service; run it with `runService()` (which
    /// stops gracefully on SIGTERM and SIGINT).
    public func application(onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in })
        -> some ApplicationProtocol
    {
        let content = content
        let configuration = configuration
        return Application(
            responder: responder,
            server: .http1(
                configuration: .init(additionalChannelHandlers: [
                    // In development mode every request goes to the responder, which checks its Host.
                    FeedChannelHandler(
                        content: content, fastPath: configuration.fastPath && !configuration.development,
                        answersFiles: !configuration.development,
                        timeouts: (header: configuration.headerTimeout, idle: configuration.idleTimeout))
                ])),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: Self.serverName),
            services: [ReloadService(content: content, interval: configuration.reloadInterval, logger: logger)],
            onServerRunning: { [listening] channel in
                listening.port = channel.localAddress?.port
                await onServerRunning(channel)
            }, logger: logger)
    }
}

/// What the server is serving now: a snapshot swapped whole on each good reload, so no request ever
/// sees part of an edit.
public final class ServedContent: @unchecked Sendable {
    private let lock = NSLock()
    private var current: SiteSnapshot
    public let source: URL
    private let configuration: FeedServerConfiguration

    init(source: URL, configuration: FeedServerConfiguration) throws(FeedSiteError) {
        self.source = source
        self.configuration = configuration
        let stamp = Self.stamp(source)
        do {
            let site = try FeedSite.build(contentsOf: source, signingKey: configuration.signingKey)
            self.current = ServedContent.snapshot(
                of: site, previous: nil, source: source, configuration: configuration, sourceStamp: stamp)
        } catch
            where configuration.development && configuration.console != nil
            && FileManager.default.fileExists(atPath: source.path)
        {
            // With the console, a feed that cannot be served yet is one to mend there: it is not served
            // until it is (the other feeds of a directory are), and the preview page says why.
            var excluded: Set<String> = [URL(fileURLWithPath: error.file).lastPathComponent]
            var site = FeedSite()
            // Each round leaves out one more feed that fails: at most one round per feed file.
            for _ in 0..<ConsoleFeeds.names(in: source).count {
                do {
                    site = try FeedSite.build(
                        contentsOf: source, signingKey: configuration.signingKey, excluding: excluded)
                    break
                } catch let next {
                    guard excluded.insert(URL(fileURLWithPath: next.file).lastPathComponent).inserted else { break }
                }
            }
            self.current = SiteSnapshot(
                site: site, previous: nil, configuration: configuration, sourceStamp: stamp, failure: error)
        }
    }

    /// Why the feed is not served (development mode with the console, started on a feed that cannot be
    /// served, or an edit since that is not), or nil.
    public var failure: FeedSiteError? { snapshot.failure }

    var snapshot: SiteSnapshot { lock.withLock { current } }

    /// The warnings of the feed being served.
    public var snapshotWarnings: [FeedDiagnostic] { snapshot.site.warnings }

    /// What is wrong with the signatures of what is served now, and what is served instead.
    public var signatureNotices: [SignatureNotice] { snapshot.signatureNotices }

    /// The snapshot that serves `site` — unless a `.sig` it carries does not match its file: then the
    /// previous snapshot's files stay when it served a `.sig` for that file (the last pair that
    /// matched), and otherwise the file is served without its `.sig`. Never a pair that does not match.
    static func snapshot(
        of site: FeedSite, previous: SiteSnapshot?, source: URL, configuration: FeedServerConfiguration,
        sourceStamp: [String: String]
    ) -> SiteSnapshot {
        let root = FeedSite.folder(of: source)
        let trust = FeedSite.signatureTrust(
            for: source, given: configuration.publicKeys, signingKey: configuration.signingKey)
        // The previous version's files by path: looked up once per .sig, not searched.
        let before = Dictionary(
            (previous?.site.files ?? []).map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
        let problems = site.checkSignatures(trust: trust) { before[$0] }
        let mismatches = problems.filter { $0.kind == .mismatch }
        if let previous, mismatches.contains(where: { before[$0.signaturePath] != nil }) {
            var notices: [SignatureNotice] = []
            for problem in mismatches {
                guard before[problem.signaturePath] != nil else { continue }
                let time = previous.signedAt[problem.signaturePath].map(SignatureNotice.time) ?? "before"
                notices.append(
                    SignatureNotice(
                        path: problem.path, kind: .keptPrevious,
                        text: "\(problem.reason): serving the signed version of \(time); run appalert sign"))
            }
            let kept = Set(notices.map(\.path))
            notices += previous.signatureNotices.filter { $0.kind != .keptPrevious && !kept.contains($0.path) }
            return SiteSnapshot(
                site: previous.site, previous: previous, configuration: configuration, sourceStamp: sourceStamp,
                signatureNotices: notices, signedAt: previous.signedAt, keptPrevious: true)
        }
        let withheld = mismatches.map {
            SignatureNotice(
                path: $0.path, kind: .withheld,
                text: "\($0.reason): serving \($0.path) without a signature, which apps that check signatures "
                    + "refuse; run appalert sign")
        }
        let unchecked = problems.filter { $0.kind == .unchecked }.map {
            SignatureNotice(path: $0.path, kind: .unchecked, text: $0.reason + "; it is served as it is")
        }
        let served = site.removing(Set(mismatches.map(\.signaturePath)))
        var signedAt: [String: Date] = [:]
        for file in served.files where file.path.hasSuffix(".sig") {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: root.appendingPathComponent(file.path).path)
            // Made by serve itself (--key), or the file's time on disk when it was read.
            signedAt[file.path] =
                configuration.signingKey == nil ? (attributes?[.modificationDate] as? Date) ?? Date() : Date()
        }
        return SiteSnapshot(
            site: served, previous: previous, configuration: configuration, sourceStamp: sourceStamp,
            signatureNotices: withheld + unchecked, signedAt: signedAt)
    }

    /// The paths being served, for tests and logs.
    public var paths: [String] { snapshot.entries.keys.sorted() }

    /// The files' modification times and sizes: a change in any means a reload.
    static func stamp(_ source: URL) -> [String: String] {
        var stamp: [String: String] = [:]
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: source.path, isDirectory: &isDirectory) else { return [:] }
        let files =
            isDirectory.boolValue
            ? ((try? manager.contentsOfDirectory(atPath: source.path)) ?? []).filter {
                $0.hasSuffix(".json") || $0.hasSuffix(".json.sig")
            }
            .map { source.appendingPathComponent($0) }
            : [source, URL(fileURLWithPath: source.path + ".sig")]
        for file in files {
            let attributes = try? manager.attributesOfItem(atPath: file.path)
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            stamp[file.lastPathComponent] = "\(date)/\(size)"
        }
        // The pictures: a new, changed or removed one is a reload too.
        let images = FeedSite.folder(of: source).appendingPathComponent("images")
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        if let walk = manager.enumerator(at: images, includingPropertiesForKeys: keys) {
            for case let file as URL in walk {
                let values = try? file.resourceValues(forKeys: Set(keys))
                let date = values?.contentModificationDate?.timeIntervalSince1970 ?? 0
                stamp["images" + file.path.dropFirst(images.path.count)] = "\(date)/\(values?.fileSize ?? -1)"
            }
        }
        return stamp
    }

    /// Reloads when the files changed. Returns the errors of an invalid edit (the old site stays),
    /// or nil.
    @discardableResult
    public func reloadIfChanged() -> FeedSiteError? {
        let stamp = Self.stamp(source)
        let previous = snapshot
        guard stamp != previous.sourceStamp else { return nil }
        do {
            let site = try FeedSite.build(contentsOf: source, signingKey: configuration.signingKey)
            let next = Self.snapshot(
                of: site, previous: previous, source: source, configuration: configuration, sourceStamp: stamp)
            lock.withLock { current = next }
            return nil
        } catch {
            let failed = previous.withFailure(error, sourceStamp: stamp, configuration: configuration)
            lock.withLock { current = failed }
            return error
        }
    }
}

/// One immutable version of the served files, each with its body, gzip body, validators and the
/// response headers, built once per change rather than per request.
final class SiteSnapshot: Sendable {
    /// A class: a request passes its entry along several times, and each copy of a struct of a dozen
    /// buffers and header lists retained every one of them (perf: Tools/Benchmarks/README.md).
    final class Entry: Sendable {
        let body: ByteBuffer
        let gzipBody: ByteBuffer?
        let etag: String
        let lastModified: Date
        /// The headers of a 304; a 200 adds `Content-Length` (and `Content-Encoding`).
        let notModifiedHeaders: HTTPFields
        let plainHeaders: HTTPFields
        let gzipHeaders: HTTPFields?
        /// The same as HTTP/1.1 bytes — status line and headers with `Server`, without `Date` and the
        /// blank line — for ``FeedWireHandler``.
        let wireNotModified: ByteBuffer
        let wirePlain: ByteBuffer
        let wireGzip: ByteBuffer?

        init(
            body: ByteBuffer, gzipBody: ByteBuffer?, etag: String, lastModified: Date, contentType: String,
            cacheControl: String
        ) {
            self.body = body
            self.gzipBody = gzipBody
            self.etag = etag
            self.lastModified = lastModified
            let headers: HTTPFields = [
                .contentType: contentType,
                .eTag: etag,
                .lastModified: HTTPDate.format(lastModified),
                .cacheControl: cacheControl,
                .accessControlAllowOrigin: "*",
                // A page on another origin may read these files (CORS above); it may also see their
                // sizes and timings in its Resource Timing entries, which are zero without this.
                HTTPField.Name("Timing-Allow-Origin")!: "*",
                .vary: "Accept-Encoding",
            ]
            notModifiedHeaders = headers
            var plain = headers
            plain[.contentLength] = String(body.readableBytes)
            plainHeaders = plain
            gzipHeaders = gzipBody.map {
                var gzip = headers
                gzip[.contentEncoding] = "gzip"
                gzip[.contentLength] = String($0.readableBytes)
                return gzip
            }
            wireNotModified = Self.wire("304 Not Modified", headers)
            wirePlain = Self.wire("200 OK", plain)
            wireGzip = gzipHeaders.map { Self.wire("200 OK", $0) }
        }

        /// The prepared HTTP/1.1 head of `variant`'s answer (without `Date` and the blank line), and its
        /// body (`nil` for a 304). A gzip answer falls back to the plain one where there is no gzip body.
        func wire(_ variant: FeedResponses.Variant) -> (head: ByteBuffer, body: ByteBuffer?) {
            switch variant {
            case .notModified: (wireNotModified, nil)
            case .gzip where wireGzip != nil && gzipBody != nil: (wireGzip!, gzipBody)
            case .gzip, .plain: (wirePlain, body)
            }
        }

        static func wire(_ status: String, _ fields: HTTPFields) -> ByteBuffer {
            var text = "HTTP/1.1 \(status)\r\n"
            for field in fields { text += "\(field.name.rawName): \(field.value)\r\n" }
            text += "Server: \(FeedServer.serverName)\r\n"
            return ByteBuffer(string: text)
        }
    }

    let entries: [String: Entry]
    let site: FeedSite
    let sourceStamp: [String: String]
    /// The last invalid edit, shown on the preview page.
    let failure: FeedSiteError?
    /// What is wrong with the signatures, logged and shown at the top of the preview page.
    let signatureNotices: [SignatureNotice]
    /// When each served `.sig` was made (its file's time).
    let signedAt: [String: Date]
    /// The files are the previous snapshot's: the new ones carried a `.sig` that does not match.
    let keptPrevious: Bool
    let previewPage: ByteBuffer?
    /// Changes whenever anything the preview shows changes.
    let version: String

    init(
        site: FeedSite, previous: SiteSnapshot?, configuration: FeedServerConfiguration, sourceStamp: [String: String],
        failure: FeedSiteError? = nil, signatureNotices: [SignatureNotice] = [], signedAt: [String: Date] = [:],
        keptPrevious: Bool = false
    ) {
        let cacheControl = configuration.development ? "no-cache" : configuration.cacheControl
        let now = Date()
        var entries: [String: Entry] = [:]
        for file in site.files {
            let path = "/" + file.path
            // An unchanged file keeps its entry: same bytes, same validators, no recompression.
            if let old = previous?.entries[path], old.etag == file.etag {
                entries[path] = old
                continue
            }
            let body = ByteBuffer(bytes: file.data)
            var copy = body
            let gzip = file.isImage ? nil : try? copy.compress(with: .gzip())
            entries[path] = Entry(
                body: body, gzipBody: gzip.flatMap { $0.readableBytes < body.readableBytes ? $0 : nil },
                etag: file.etag, lastModified: now, contentType: file.contentType, cacheControl: cacheControl)
        }
        // The web client's files beside the feed (a feed file of the same name is served instead); unchanged,
        // each keeps its entry, so its validators.
        for file in WebClient.files where entries["/" + file.path] == nil {
            let client = "/" + file.path
            if let old = previous?.entries[client], old.etag == file.etag {
                entries[client] = old
            } else {
                let body = ByteBuffer(bytes: file.data)
                var copy = body
                entries[client] = Entry(
                    body: body, gzipBody: try? copy.compress(with: .gzip()), etag: file.etag,
                    lastModified: now, contentType: WebClient.contentType, cacheControl: cacheControl)
            }
        }
        self.entries = entries
        self.site = site
        self.sourceStamp = sourceStamp
        self.failure = failure
        self.signatureNotices = signatureNotices
        self.signedAt = signedAt
        self.keptPrevious = keptPrevious
        self.version =
            site.files.map(\.etag).joined() + (failure.map { "!\($0.description.hashValue)" } ?? "")
            + (signatureNotices.isEmpty ? "" : "!\(signatureNotices.hashValue)")
        self.previewPage =
            configuration.development
            ? ByteBuffer(
                string: PreviewPage.html(
                    site: site, failure: failure, failureAtStart: previous == nil, version: version,
                    simulator: configuration.evaluator != nil,
                    signatureNotices: signatureNotices, console: configuration.console != nil))
            : nil
    }

    func withFailure(_ failure: FeedSiteError, sourceStamp: [String: String], configuration: FeedServerConfiguration)
        -> SiteSnapshot
    {
        SiteSnapshot(
            site: site, previous: self, configuration: configuration, sourceStamp: sourceStamp, failure: failure,
            signatureNotices: signatureNotices, signedAt: signedAt, keptPrevious: keptPrevious)
    }
}

/// Watches the feed files and reloads on change; stops with the server.
struct ReloadService: Service {
    let content: ServedContent
    let interval: Duration
    let logger: Logger

    func run() async throws {
        let content = content
        let interval = interval
        let logger = logger
        // Ends on graceful shutdown (SIGTERM, SIGINT, the server stopping), not only on cancellation.
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                let before = content.snapshot
                if let error = content.reloadIfChanged() {
                    let held =
                        "for every file of the folder, until the feeds are valid again "
                        + "(other files changed meanwhile wait too)"
                    logger.error(
                        "invalid edit not served; the last good version stays, \(held):\n\(error)")
                } else if content.snapshot !== before {
                    let after = content.snapshot
                    if !after.keptPrevious {
                        logger.info("reloaded: \(content.paths.count) paths served")
                        // New warnings only: a picture left out, a view not made.
                        let known = Set(before.site.warnings)
                        for warning in after.site.warnings where !known.contains(warning) {
                            logger.warning("\(warning)")
                        }
                    }
                    // A kept version is said again on every edit; the others once.
                    for notice in after.signatureNotices
                    where notice.kind == .keptPrevious || !before.signatureNotices.contains(notice) {
                        if notice.kind == .unchecked {
                            logger.warning("\(notice.text)")
                        } else {
                            logger.error("\(notice.text)")
                        }
                    }
                }
            }
        }
    }
}

/// Something wrong with a `.sig` beside a served file, and what is served instead: logged, and shown at
/// the top of the preview page.
public struct SignatureNotice: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The file changed and its `.sig` does not match it: the previous pair stays served.
        case keptPrevious
        /// The `.sig` does not match and there is no previous pair: the file is served without it.
        case withheld
        /// No public key with the `.sig`'s key id was found: it is served unchecked.
        case unchecked
    }

    /// The signed file's path (`messages.json`).
    public var path: String
    public var kind: Kind
    public var text: String
    public var description: String { text }

    /// `14:05` for a time today, else `2026-03-01 14:05`, in the local time zone.
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = Calendar.current.isDateInToday(date) ? "HH:mm" : "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
