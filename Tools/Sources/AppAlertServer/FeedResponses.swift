@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Hummingbird
import NIOCore

/// The HTTP side of the feed server, as pure functions of a request and a snapshot.
enum FeedResponses {
    static func respond(to request: Request, snapshot: SiteSnapshot, configuration: FeedServerConfiguration) -> Response
    {
        let method = request.method
        if method == .options {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: "*", .accessControlAllowMethods: "GET, HEAD, OPTIONS",
                    .accessControlAllowHeaders: "If-None-Match, If-Modified-Since", .allow: "GET, HEAD, OPTIONS",
                ])
        }
        guard method == .get || method == .head else {
            return plain(.methodNotAllowed, "only GET and HEAD\n", extra: [.allow: "GET, HEAD, OPTIONS"], head: false)
        }
        let head = method == .head
        let path = request.uri.path
        switch path {
        case "/healthz":
            return plain(.ok, "ok\n", head: head)
        case "/" where configuration.development:
            guard let page = snapshot.previewPage else { return plain(.notFound, "not found\n", head: head) }
            var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"]
            headers[.contentLength] = String(page.readableBytes)
            return Response(status: .ok, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: page))
        case "/__preview/version" where configuration.development:
            return plain(.ok, snapshot.version, head: head)
        case "/_appalert/evaluate" where configuration.development:
            guard let evaluator = configuration.evaluator else { break }
            let answer = Simulator.answer(query: request.uri.query, site: snapshot.site, evaluator: evaluator)
            var headers: HTTPFields = [.contentType: "application/json", .cacheControl: "no-store"]
            let body = ByteBuffer(string: answer.json + "\n")
            headers[.contentLength] = String(body.readableBytes)
            return Response(
                status: HTTPResponse.Status(code: answer.status), headers: headers,
                body: head ? ResponseBody() : ResponseBody(byteBuffer: body))
        default:
            break
        }
        // A page on another origin must be able to read a 404 (a mistyped URL, a feed without its `.sig`)
        // to say what went wrong; GitHub Pages sends the header on its 404s too.
        guard let entry = snapshot.entries[path] else {
            return plain(.notFound, "not found\n", extra: [.accessControlAllowOrigin: "*"], head: head)
        }
        let (response, body) = answer(method: method, headers: request.headers, entry: entry)
        return Response(
            status: response.status, headers: response.headerFields,
            body: body.map { ResponseBody(byteBuffer: $0) } ?? ResponseBody())
    }

    /// Which response a GET or HEAD of a served file gets.
    enum Variant {
        case notModified, plain, gzip
    }

    /// RFC 9110: `If-None-Match` decides when present (weak comparison); otherwise
    /// `If-Modified-Since`. Then gzip when accepted and smaller. One decision for every way in:
    /// Hummingbird's responder, ``FeedChannelHandler`` and ``FeedWireHandler``.
    static func variant(
        ifNoneMatch: String?, ifModifiedSince: String?, acceptEncoding: String?, entry: SiteSnapshot.Entry
    ) -> Variant {
        if isNotModified(ifNoneMatch: ifNoneMatch, ifModifiedSince: ifModifiedSince, entry) { return .notModified }
        if entry.gzipBody != nil, let acceptEncoding, acceptsGzip(acceptEncoding) { return .gzip }
        return .plain
    }

    /// The answer to a GET or HEAD of a served file: 200 with the body (gzip when accepted), or 304.
    static func answer(method: HTTPRequest.Method, headers: HTTPFields, entry: SiteSnapshot.Entry)
        -> (HTTPResponse, ByteBuffer?)
    {
        let chosen = variant(
            ifNoneMatch: headers[.ifNoneMatch], ifModifiedSince: headers[.ifModifiedSince],
            acceptEncoding: headers[.acceptEncoding], entry: entry)
        switch chosen {
        case .notModified:
            return (HTTPResponse(status: .notModified, headerFields: entry.notModifiedHeaders), nil)
        case .gzip:
            if let gzip = entry.gzipBody, let gzipHeaders = entry.gzipHeaders {
                return (HTTPResponse(status: .ok, headerFields: gzipHeaders), method == .head ? nil : gzip)
            }
            fallthrough
        case .plain:
            return (HTTPResponse(status: .ok, headerFields: entry.plainHeaders), method == .head ? nil : entry.body)
        }
    }

    static func isNotModified(ifNoneMatch: String?, ifModifiedSince: String?, _ entry: SiteSnapshot.Entry) -> Bool {
        if let match = ifNoneMatch {
            // Runs on every conditional request: compare bytes, no Foundation trimming.
            let bare = entry.etag
            if match == bare { return true }
            for item in match.utf8.split(separator: UInt8(ascii: ",")) {
                var tag = item
                while let first = tag.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                    tag.removeFirst()
                }
                while let last = tag.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { tag.removeLast() }
                if tag.elementsEqual("*".utf8) || tag.elementsEqual(bare.utf8) { return true }
                if tag.starts(with: "W/".utf8), tag.dropFirst(2).elementsEqual(bare.utf8) { return true }
            }
            return false
        }
        if let since = ifModifiedSince, let date = HTTPDate.parse(since) {
            return entry.lastModified.timeIntervalSince1970.rounded(.down) <= date.timeIntervalSince1970
        }
        return false
    }

    /// Whether a `Connection` value (several lines joined with commas) holds the `close` option.
    static func requestsClose(_ connection: String) -> Bool {
        connection.split(separator: ",").contains { trimmed($0).lowercased() == "close" }
    }

    /// Without spaces and tabs at either end.
    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    static func acceptsGzip(_ accept: String) -> Bool {
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { trimmed($0).lowercased() }
            guard parts.first == "gzip" || parts.first == "x-gzip" else { continue }
            if let quality = parts.dropFirst().first(where: { $0.hasPrefix("q=") }), Double(quality.dropFirst(2)) == 0 {
                return false
            }
            return true
        }
        return false
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:], head: Bool) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-cache"]
        headers.append(contentsOf: extra)
        headers[.contentLength] = String(text.utf8.count)
        return Response(
            status: status, headers: headers,
            body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// HTTP dates (RFC 9110 IMF-fixdate: `Sun, 22 Nov 2026 04:00:00 GMT`).
package enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats without a `DateFormatter`: the server writes a `Date` header on every response.
    package static func format(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        return
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
