import Foundation

/// One HTTP request as the loader asks for it (a GET), or the results sender (a POST with a body).
public struct FeedRequest: Sendable, Hashable {
    public var url: URL
    /// `GET` (the default), or `POST` for a batch of counts.
    public var method = "GET"
    /// The body sent with a `POST`.
    public var body: Data?
    /// `false`: not sent over a constrained network (Low Data Mode, on Apple platforms). Default `true`.
    public var allowsConstrainedNetworkAccess = true
    /// Extra headers, such as `If-None-Match`.
    public var headers: [String: String]
    /// The whole request, connection to last byte, must finish within this many seconds.
    public var timeout: TimeInterval
    /// Reading stops, and the request fails, past this many body bytes.
    public var maximumBodySize: Int

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval, maximumBodySize: Int) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }
}

extension FeedRequest {
    /// A conditional GET: with the validators of a stored copy, the server answers 304 without a body
    /// while the copy is current.
    init(
        url: URL, accept: String, etag: String?, lastModified: String?, timeout: TimeInterval, maximumBodySize: Int
    ) {
        var headers = ["Accept": accept]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        self.init(url: url, headers: headers, timeout: timeout, maximumBodySize: maximumBodySize)
    }
}

/// An HTTP response: the status, the headers with lowercased names, and the body.
public struct FeedResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// The value of a header, whatever the case of its name.
    public subscript(header name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request did not produce a complete response.
public struct FeedTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Nothing listens at the address, or the host cannot be reached.
        public static let unreachable = Kind(rawValue: "unreachable")
        /// The request took longer than its timeout.
        public static let timedOut = Kind(rawValue: "timedOut")
        /// The body is larger than the limit.
        public static let tooLarge = Kind(rawValue: "tooLarge")
        /// The connection closed before the whole body arrived.
        public static let truncated = Kind(rawValue: "truncated")
        /// A redirect from https: to http: was refused.
        public static let insecureRedirect = Kind(rawValue: "insecureRedirect")
        /// Anything else.
        public static let failed = Kind(rawValue: "failed")
    }

    public var kind: Kind
    public var reason: String

    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { reason }
}

/// Performs the loader's GET requests and the results sender's POSTs (``FeedRequest/method``).
/// ``URLSessionFeedTransport`` is the real one; tests and apps may inject their own.
public protocol FeedTransport: Sendable {
    func get(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse
    /// Sends a POST with its body (the results sender's batch). A transport that does not implement
    /// it refuses, and the batch waits: a GET in its place would reach the collector as a request it
    /// refuses for good.
    func post(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse
}

extension FeedTransport {
    public func post(_ request: FeedRequest) async throws(FeedTransportError) -> FeedResponse {
        throw FeedTransportError(
            kind: .failed, reason: "\(type(of: self)) does not send POST requests (FeedTransport.post(_:))")
    }
}
