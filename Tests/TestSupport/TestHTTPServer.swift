import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP/1.1 server on 127.0.0.1 that tests script, including to misbehave on purpose: wrong
/// statuses, garbage, bodies cut short, slow answers, oversized bodies. One thread per connection;
/// every connection is closed after one response.
public final class TestHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// Header names lowercased.
        public var headers: [String: String]
        /// The body, as `Content-Length` gives it (a POST's); empty without one.
        public var body = Data()
    }

    public enum Reply: Sendable {
        /// A normal response; `Content-Length` is added.
        case response(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Headers promise `declaredLength` bytes; only `body` is sent, then the connection closes.
        case truncated(declaredLength: Int, body: Data)
        /// A chunked body of `size` bytes, sent in 1 KiB chunks, with no `Content-Length`.
        case chunked(size: Int)
        /// Waits, then replies.
        indirect case delayed(seconds: Double, Reply)
        /// Bytes that are not HTTP.
        case garbage
        /// Closes the connection without a word.
        case close
    }

    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var handler: @Sendable (Request) -> Reply
    private var recorded: [Request] = []
    private var sentBytes = 0
    private var running = true

    public init(_ handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        #if os(Linux)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.listener = descriptor
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public func url(_ path: String) -> String { baseURL + path }

    public var requests: [Request] { lock.withLock { recorded } }

    /// Every byte written to clients so far: status lines, headers and bodies.
    public var bytesSent: Int { lock.withLock { sentBytes } }

    public func respond(_ handler: @escaping @Sendable (Request) -> Reply) {
        lock.withLock { self.handler = handler }
    }

    public func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// A port on which nothing listens: connections to it are refused.
    public static func closedPort() throws -> Int {
        let server = try TestHTTPServer { _ in .close }
        let port = server.port
        server.stop()
        return port
    }

    private func acceptLoop() {
        while lock.withLock({ running }) {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        var received = Data()
        while !received.contains(Data("\r\n\r\n".utf8)) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            if received.count > 65536 { return }
        }
        let separator = received.range(of: Data("\r\n\r\n".utf8))!
        let head = String(decoding: received[..<separator.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(received[separator.upperBound...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < min(length, 1 << 20) {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            body.append(contentsOf: buffer[0..<count])
        }
        let request = Request(method: String(parts[0]), path: String(parts[1]), headers: headers, body: body)
        let handler = lock.withLock { () -> @Sendable (Request) -> Reply in
            recorded.append(request)
            return self.handler
        }
        send(handler(request), on: connection)
    }

    private func send(_ reply: Reply, on connection: Int32) {
        switch reply {
        case .response(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nConnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            if status != 304 { head += "Content-Length: \(body.count)\r\n" }
            head += "\r\n"
            write(Data(head.utf8) + (status == 304 ? Data() : body), to: connection)
        case .truncated(let declaredLength, let body):
            let head =
                "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(declaredLength)\r\n\r\n"
            write(Data(head.utf8) + body, to: connection)
        case .chunked(let size):
            write(
                Data("HTTP/1.1 200 OK\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n".utf8), to: connection)
            var sent = 0
            let chunk = Data(repeating: UInt8(ascii: " "), count: 1024)
            while sent < size {
                guard write(Data("400\r\n".utf8) + chunk + Data("\r\n".utf8), to: connection) else { return }
                sent += 1024
            }
            write(Data("0\r\n\r\n".utf8), to: connection)
        case .delayed(let seconds, let next):
            Thread.sleep(forTimeInterval: seconds)
            send(next, on: connection)
        case .garbage:
            write(Data("\u{0}\u{1}NOT HTTP AT ALL\r\n\r\n".utf8), to: connection)
        case .close:
            return
        }
    }

    @discardableResult
    private func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                #if os(Linux)
                    let count = Glibc.send(
                        connection, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let count = Darwin.send(connection, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
                if count <= 0 { return false }
                offset += count
                lock.withLock { sentBytes += count }
            }
            return true
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
