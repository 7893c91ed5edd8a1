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

    /// The reply to `request`: 200 with a strong `ETag` of the bytes, 304 when `If-None-Match` names
    /// it (as GitHub Pages and nginx do), 404 for a path with no file.
    public func reply(to request: TestHTTPServer.Request) -> TestHTTPServer.Reply {
        guard let data = self[request.path] else { return .response(status: 404) }
        var hasher = Hasher()
        hasher.combine(data)
        let etag = "\"\(UInt(bitPattern: hasher.finalize()))\""
        if request.headers["if-none-match"] == etag { return .response(status: 304, headers: ["ETag": etag]) }
        return .response(status: 200, headers: ["ETag": etag], body: data)
    }
}
