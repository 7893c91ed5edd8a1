import Foundation

/// A response body as it arrives, never more than `limit` bytes: what ``URLSessionFeedTransport`` keeps
/// of a transfer. A value of its own, apart from the URLSession delegate that feeds it, so that
/// Tools/Fuzz/FuzzImage can drive it chunk by chunk without a network; not for apps (hence the SPI).
@_spi(Fuzzing) public struct CappedBody: Sendable {
    /// The most bytes kept.
    public let limit: Int
    /// What arrived so far.
    public private(set) var bytes = Data()

    public init(limit: Int) {
        self.limit = limit
    }

    /// Refuses a body whose declared length (`Content-Length`; -1 when there is none) is over the
    /// limit, before any of it is read.
    public func admit(declaredLength: Int64) throws(FeedTransportError) {
        if declaredLength > Int64(limit) { throw tooLarge }
    }

    /// Keeps `chunk`, or refuses it when the body would pass the limit (then nothing of it is kept and
    /// reading stops).
    public mutating func append(_ chunk: Data) throws(FeedTransportError) {
        guard chunk.count <= limit - bytes.count else { throw tooLarge }
        bytes.append(chunk)
    }

    /// The body once the transfer ended well; refused as truncated when fewer bytes arrived than it
    /// declared.
    public func complete(declaredLength: Int64) throws(FeedTransportError) -> Data {
        if declaredLength >= 0, Int64(bytes.count) < declaredLength {
            throw FeedTransportError(
                kind: .truncated, reason: "the body ended after \(bytes.count) of \(declaredLength) bytes")
        }
        return bytes
    }

    private var tooLarge: FeedTransportError {
        FeedTransportError(kind: .tooLarge, reason: "the body is larger than \(limit) bytes")
    }
}
