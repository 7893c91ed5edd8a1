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
    /// The script is kept as a `Result`-returning closure: a stored closure of a typed-throws function
    /// type needs runtime support from iOS 18 / macOS 15 (scripts/availability-audit refuses it).
    private typealias Script = @Sendable (FeedRequest) -> Result<FeedResponse, FeedTransportError>

    private let lock = NSLock()
    private var script: Script
    private var recorded: [FeedRequest] = []

    public init(_ handler: @escaping @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse) {
        self.script = Self.script(handler)
    }

    /// Always answers 200 with `body`.
    public convenience init(body: Data, headers: [String: String] = [:]) {
        self.init { _ in FeedResponse(status: 200, headers: headers, body: body) }
    }

    /// The requests made so far, in order.
    public var requests: [FeedRequest] { lock.withLock { recorded } }

    /// Replaces the script.
    public func respond(with handler: @escaping @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse) {
        let script = Self.script(handler)
        lock.withLock { self.script = script }
    }

    /// A POST (the results sender's batch) goes to the same script, which sees ``FeedRequest/method``.
    public func post(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
        try await get(request)
    }

    public func get(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
        let script = lock.withLock {
            recorded.append(request)
            return self.script
        }
        switch script(request) {
        case .success(let response): return response
        case .failure(let error): throw error
        }
    }

    private static func script(
        _ handler: @escaping @Sendable (FeedRequest) throws(FeedTransportError) -> FeedResponse
    ) -> Script {
        { request in
            do throws(FeedTransportError) { return .success(try handler(request)) } catch { return .failure(error) }
        }
    }
}
