import AppAlert
import Foundation

/// A transport that answers from a script instead of the network, and remembers every request: for
/// tests of code that loads feeds.
///
/// ```swift
/// let transport = StubFeedTransport { request in
///     FeedResponse(status: 200, headers: ["ETag": "\"v1\""], body: Data(feedJSON.utf8))
/// }
/// ```
public final class StubFeedTransport: FeedTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var handler: @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse
    private var recorded: [FeedRequest] = []

    public init(_ handler: @escaping @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse) {
        self.handler = handler
    }

    /// Always answers 200 with `body`.
    public convenience init(body: Data, headers: [String: String] = [:]) {
        self.init { _ in FeedResponse(status: 200, headers: headers, body: body) }
    }

    /// The requests made so far, in order.
    public var requests: [FeedRequest] { lock.withLock { recorded } }

    /// Replaces the script.
    public func respond(with handler: @escaping @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse) {
        lock.withLock { self.handler = handler }
    }

    public func get(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
        let handler = lock.withLock { () -> @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse in
            recorded.append(request)
            return self.handler
        }
        return try handler(request)
    }
}
