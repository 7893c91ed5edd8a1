import Foundation

/// Files a ``TestHTTPServer`` serves by path, changeable while it runs: 200 with the bytes, 404 for a
/// path with none. For a feed and its `.sig` that a test swaps to play an attacker.
public final class ServedFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]

    public init() {}

    public subscript(path: String) -> Data? {
        get { lock.withLock { files[path] } }
        set { lock.withLock { files[path] = newValue } }
    }

    /// The reply to `request`.
    public func reply(to request: TestHTTPServer.Request) -> TestHTTPServer.Reply {
        self[request.path].map { .response(status: 200, body: $0) } ?? .response(status: 404)
    }
}
