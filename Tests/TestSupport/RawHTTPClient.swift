import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes as they are to a server on 127.0.0.1 and reads everything until the server closes
/// the connection (or `timeout` passes): for pipelined requests, malformed requests and
/// `Connection: close`, which HTTP client libraries do not let a test send.
public enum RawHTTPClient {
    /// Runs on a thread of its own: a blocking read on Swift's cooperative pool could starve the very
    /// server tasks it waits for.
    public static func exchange(port: Int, _ request: String, timeout: Double = 60) async throws -> String {
        let (text, timedOut) = try await exchange(port: port, parts: [request], timeout: timeout)
        if timedOut { throw POSIXError(.ETIMEDOUT) }
        return text
    }

    /// Sends `parts` one after the other, `pause` seconds apart (a request split across packets), and
    /// reads until the server closes or `timeout` passes without a byte; says which.
    /// With `halfClose`, the client then shuts its sending side, as a client with nothing more to say.
    public static func exchange(
        port: Int, parts: [String], pause: Double = 0, halfClose: Bool = false, timeout: Double
    ) async throws -> (text: String, timedOut: Bool) {
        try await offThePool {
            try blockingExchange(
                port: port, parts.map { Array($0.utf8) }, pause: pause, halfClose: halfClose, timeout: timeout)
        }
    }

    /// Sends `parts`' bytes as they are (a body that is not valid UTF-8), `pause` seconds apart, and
    /// reads until the server closes or `timeout` passes without a byte; says which.
    public static func exchange(
        port: Int, byteParts parts: [Data], pause: Double = 0, timeout: Double
    ) async throws -> (text: String, timedOut: Bool) {
        try await offThePool {
            try blockingExchange(port: port, parts.map { Array($0) }, pause: pause, halfClose: false, timeout: timeout)
        }
    }

    /// Sends `request`'s bytes as they are (a body that is not text: a picture), and reads the answer.
    public static func exchange(port: Int, bytes request: Data, timeout: Double = 60) async throws -> String {
        let (text, timedOut) = try await offThePool {
            try blockingExchange(port: port, [Array(request)], pause: 0, halfClose: false, timeout: timeout)
        }
        if timedOut { throw POSIXError(.ETIMEDOUT) }
        return text
    }

    /// An HTTP answer read off the wire: its status, its header fields (names lowercased) and its
    /// body (a chunked body joined).
    public struct Answer: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var data: Data
        public var body: String { String(decoding: data, as: UTF8.self) }
    }

    /// One request with `Connection: close`, read to the server's close, and its answer parsed: for
    /// tests of a real server process. URLSession on Linux (libcurl underneath) once never called a
    /// completion handler under a loaded suite, and the whole run hung with it; this has its own
    /// deadline, `timeout` seconds without a byte, and then throws.
    public static func request(
        port: Int, method: String = "GET", path: String, headers: [String: String] = [:], body: Data = Data(),
        timeout: Double = 120
    ) async throws -> Answer {
        try await offThePool {
            try blockingRequest(port: port, method: method, path: path, headers: headers, body: body, timeout: timeout)
        }
    }

    /// `request(port:method:path:headers:body:timeout:)` on the calling thread, for a test that is
    /// already off Swift's cooperative pool.
    public static func blockingRequest(
        port: Int, method: String = "GET", path: String, headers: [String: String] = [:], body: Data = Data(),
        timeout: Double = 120
    ) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if method != "GET" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let (received, timedOut) = try exchangeBytes(
            port: port, [Array(head.utf8) + Array(body)], pause: 0, halfClose: false, timeout: timeout)
        if timedOut { throw POSIXError(.ETIMEDOUT) }
        guard let answer = parse(received) else {
            throw AnswerError(received: String(decoding: received, as: UTF8.self))
        }
        return answer
    }

    /// What a server sent that is not an HTTP answer (an empty string: it closed without answering).
    public struct AnswerError: Error, CustomStringConvertible {
        public var received: String
        public var description: String { "not an HTTP answer: \(received.debugDescription)" }
    }

    /// The first answer in `text`: status line, fields, and a body of `Content-Length` bytes, chunks,
    /// or everything to the close.
    public static func parse(_ bytes: [UInt8]) -> Answer? {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let status = Int(statusParts[1]) else {
            return nil
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var rest = bytes[(end + separator.count)...]
        var body: [UInt8] = []
        if let length = fields["content-length"].flatMap(Int.init) {
            guard rest.count >= length else { return nil }
            body = Array(rest.prefix(length))
        } else if fields["transfer-encoding"]?.lowercased() == "chunked" {
            let lineEnd = Array("\r\n".utf8)
            while true {
                guard let sizeEnd = rest.indices.first(where: { rest[$0...].starts(with: lineEnd) }),
                    let size = Int(
                        String(decoding: rest[..<sizeEnd], as: UTF8.self).split(separator: ";")[0]
                            .trimmingCharacters(in: .whitespaces), radix: 16)
                else { return nil }
                let start = sizeEnd + lineEnd.count
                if size == 0 { break }
                guard rest.endIndex - start >= size + lineEnd.count else { return nil }
                body += rest[start..<(start + size)]
                rest = rest[(start + size + lineEnd.count)...]
            }
        } else {
            body = Array(rest)
        }
        return Answer(status: status, headers: fields, data: Data(body))
    }

    private static func blockingExchange(
        port: Int, _ parts: [[UInt8]], pause: Double, halfClose: Bool, timeout: Double
    ) throws -> (text: String, timedOut: Bool) {
        let (received, timedOut) = try exchangeBytes(
            port: port, parts, pause: pause, halfClose: halfClose, timeout: timeout)
        return (String(decoding: received, as: UTF8.self), timedOut)
    }

    private static func exchangeBytes(
        port: Int, _ parts: [[UInt8]], pause: Double, halfClose: Bool, timeout: Double
    ) throws -> (received: [UInt8], timedOut: Bool) {
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var wait = timeval(
            tv_sec: Int(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        for (position, part) in parts.enumerated() {
            if position > 0 && pause > 0 { Thread.sleep(forTimeInterval: pause) }
            let bytes = part
            var offset = 0
            while offset < bytes.count {
                #if os(Linux)
                    let flags = Int32(MSG_NOSIGNAL)
                #else
                    let flags: Int32 = 0
                #endif
                let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress!, $0.count, flags) }
                guard count > 0 else { break }  // the server closed: read what it said
                offset += count
            }
        }
        #if os(Linux)
            if halfClose { shutdown(descriptor, Int32(SHUT_WR)) }
        #else
            if halfClose { shutdown(descriptor, SHUT_WR) }
        #endif
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK { return (received, true) }
                break  // reset by the server: what arrived is the answer
            }
            if count == 0 { break }
            received += buffer[..<count]
        }
        return (received, false)
    }
}
