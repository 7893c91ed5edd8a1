import AppAlert
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
        default:
            break
        }
        guard let entry = snapshot.entries[path] else { return plain(.notFound, "not found\n", head: head) }

        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8",
            .eTag: entry.etag,
            .lastModified: entry.lastModifiedText,
            .cacheControl: configuration.development ? "no-cache" : configuration.cacheControl,
            .accessControlAllowOrigin: "*",
            .vary: "Accept-Encoding",
        ]
        if isNotModified(request, entry) {
            return Response(status: .notModified, headers: headers)
        }
        var body = entry.body
        if let gzip = entry.gzipBody, acceptsGzip(request) {
            body = gzip
            headers[.contentEncoding] = "gzip"
        }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }

    /// RFC 9110: `If-None-Match` decides when present (weak comparison); otherwise `If-Modified-Since`.
    static func isNotModified(_ request: Request, _ entry: SiteSnapshot.Entry) -> Bool {
        if let match = request.headers[.ifNoneMatch] {
            let tags = match.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let bare = entry.etag
            return tags.contains { $0 == "*" || $0 == bare || $0 == "W/" + bare }
        }
        if let since = request.headers[.ifModifiedSince], let date = HTTPDate.parse(since) {
            return entry.lastModified.timeIntervalSince1970.rounded(.down) <= date.timeIntervalSince1970
        }
        return false
    }

    static func acceptsGzip(_ request: Request) -> Bool {
        guard let accept = request.headers[.acceptEncoding] else { return false }
        for item in accept.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
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
enum HTTPDate {
    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
