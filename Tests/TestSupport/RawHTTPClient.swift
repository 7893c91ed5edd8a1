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

    private static func blockingExchange(
        port: Int, _ parts: [[UInt8]], pause: Double, halfClose: Bool, timeout: Double
    ) throws -> (text: String, timedOut: Bool) {
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
                if errno == EAGAIN || errno == EWOULDBLOCK { return (String(decoding: received, as: UTF8.self), true) }
                break  // reset by the server: what arrived is the answer
            }
            if count == 0 { break }
            received += buffer[..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }
}
