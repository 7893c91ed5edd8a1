@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Hummingbird
import NIOCore

/// Who may call a development server: a web page the author happens to visit must not be able to read
/// or change their feed, nor read the preview (which quotes the last invalid edit). Two checks:
///
/// - **Host**, on every request of development mode, must be the address the server listens on, given
///   once (DNS rebinding: a page on `evil.example` whose name is made to resolve to 127.0.0.1 reaches
///   this server with `Host: evil.example`). On a loopback address, `localhost` and the loopback
///   literals name it too; listening on every address (`0.0.0.0`, `::`), any IP literal does
///   (rebinding needs a name), never a name. Two `Host` headers are a 400: which one a proxy or a
///   cache read is not known.
/// - **Origin** of a console write must be the page's own, `http://` + that Host: a form or script on
///   another site sends its own origin, and a request without one is not from the page.
enum ConsoleGuard {
    /// The answer refusing `request` (400 for two `Host` headers, 403 for a Host that does not name
    /// this server), or nil to let it through.
    static func refusal(of request: Request, listeningOn listenHost: String, port: Int) -> Response? {
        // NIO's conversion keeps the first Host as the authority and any other as a header field.
        if request.headers.contains(where: { $0.name.canonicalName == "host" }) {
            return ConsoleResponse.error(
                .badRequest, "the request has more than one Host: a development server answers only one that names it")
        }
        guard let reason = hostRefusal(request.head.authority, listeningOn: listenHost, port: port) else { return nil }
        return ConsoleResponse.error(.forbidden, reason)
    }

    static func hostRefusal(_ header: String?, listeningOn listenHost: String, port: Int) -> String? {
        guard let header, !header.isEmpty else {
            return "the request has no Host: a development server answers only requests naming it"
        }
        let expected = "\(listenHost):\(port)"
        let refusal =
            "Host \"\(Simulator.excerpt(header))\" is not the address this server listens on (\(expected)): refused, "
            + "as a page reaching this server through another name (DNS rebinding) would be"
        guard let (name, requestPort) = split(header) else { return refusal }
        guard requestPort == port else { return refusal }
        let listen = bare(listenHost).lowercased()
        let named = name.lowercased()
        if named == listen { return nil }
        if ConsoleConfiguration.isLoopback(listenHost) {
            return named == "localhost" || named == "::1" || ConsoleConfiguration.isLoopback(named) ? nil : refusal
        }
        if listen == "0.0.0.0" || listen == "::" {
            return isIPLiteral(named) || named == "localhost"
                ? nil
                : "Host \"\(Simulator.excerpt(header))\" is a name: listening on every address (\(listenHost)), the "
                    + "console answers at this machine's IP address (http://IP:\(port)/console) or localhost, never "
                    + "at a name, which a DNS-rebinding page would use"
        }
        return refusal
    }

    static func originRefusal(_ origin: String?, host: String?) -> String? {
        guard let host else { return "the request has no Host" }
        guard let origin else {
            return "the request has no Origin: saving is only for the console page of this server (http://\(host))"
        }
        guard origin.lowercased() == "http://" + host.lowercased() else {
            return
                "Origin \"\(Simulator.excerpt(origin))\" is not this console's (http://\(Simulator.excerpt(host))): a page of "
                + "another site cannot change the feed"
        }
        return nil
    }

    /// RFC 9110 `If-Match`: `*`, or a list holding the current strong validator (weak ones never match).
    static func matches(_ ifMatch: String, _ current: String) -> Bool {
        for item in ifMatch.split(separator: ",") {
            let tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" || tag == current { return true }
        }
        return false
    }

    /// `name:port` or `[v6]:port` (port 80 when not given) as the name without brackets and the port.
    private static func split(_ header: String) -> (String, Int)? {
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            let name = String(header[header.index(after: header.startIndex)..<close])
            let rest = header[header.index(after: close)...]
            if rest.isEmpty { return (name, 80) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = header.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return (header, 80)
        case 2:
            guard let port = Int(parts[1]) else { return nil }
            return (String(parts[0]), port)
        default: return nil
        }
    }

    private static func bare(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    private static func isIPLiteral(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}

/// The console's answers: JSON with `Cache-Control: no-store`, and the page's assets.
enum ConsoleResponse {
    static func json(_ status: HTTPResponse.Status, _ value: JSONValue, etag: String? = nil) -> Response {
        let body = ByteBuffer(string: value.serialized() + "\n")
        var headers: HTTPFields = [
            .contentType: "application/json; charset=utf-8", .cacheControl: "no-store",
            .contentLength: String(body.readableBytes),
        ]
        if let etag { headers[.eTag] = etag }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    static func error(_ status: HTTPResponse.Status, _ reason: String, allow: String? = nil) -> Response {
        var response = json(status, ["error": .string(reason)])
        if let allow { response.headers[.allow] = allow }
        return response
    }

    /// The page forbids inline script and style, anything from another origin, and being framed.
    static let contentSecurityPolicy =
        "default-src 'self'; img-src 'self' data: https: http:; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    static func asset(_ path: String) -> Response? {
        let text: String
        let type: String
        switch path {
        case "/console", "/console/": (text, type) = (ConsoleAssets.html, "text/html; charset=utf-8")
        case "/console/console.js": (text, type) = (ConsoleAssets.script, "text/javascript; charset=utf-8")
        case "/console/console.css": (text, type) = (ConsoleAssets.style, "text/css; charset=utf-8")
        case "/console/phones.js": (text, type) = (PhoneRenderer.script, "text/javascript; charset=utf-8")
        case "/console/preview.css": (text, type) = (PreviewPage.galleryStyle, "text/css; charset=utf-8")
        default: return nil
        }
        let body = ByteBuffer(string: text)
        let headers: HTTPFields = [
            .contentType: type, .cacheControl: "no-cache", .contentLength: String(body.readableBytes),
            .contentSecurityPolicy: contentSecurityPolicy, .xContentTypeOptions: "nosniff",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
