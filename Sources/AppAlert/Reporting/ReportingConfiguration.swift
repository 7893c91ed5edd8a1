import Foundation

/// Where an app that reports results sends its counts: the base URL of its collector (`appalert
/// collect`). Off unless the app gives one: without it nothing is counted and nothing is sent.
///
/// ```swift
/// let reporting = ReportingConfiguration("https://results.example.com")!
/// let client = AlertClient(source: source, app: app, store: store, reporting: reporting)
/// ```
///
/// The device counts what each message did per UTC day — shown, dismissed, each button, the tap of a
/// banner or image, the link, the message's conversion — and what each update prompt did per offered
/// version, and once a day sends the counts of the days before today in one `POST <base>/v1/counts`.
/// Counts only: no install id, no user id, no device model. The URL is the app's: a feed cannot send
/// an app's counts anywhere.
public struct ReportingConfiguration: Sendable, Hashable {
    /// The collector's base URL, as given.
    public let baseURL: URL
    /// Where batches go: `<base>/v1/counts`.
    public let countsURL: URL
    /// The most counters kept on the device; past it the oldest are dropped (and said). Default 1,000.
    public var maximumCounters = 1_000
    /// The most showings that wait for their conversion; past it the oldest stop waiting. Default 100.
    public var maximumPendingConversions = 100

    /// A configuration for the collector at `base` (`https:`, or `http:` on the loopback address for
    /// a local collector); `nil` for any other URL.
    public init?(_ base: String) {
        guard let url = URL(string: base) else { return nil }
        self.init(collector: url)
    }

    /// A configuration for the collector at `collector`; `nil` unless it is `https:` (or `http:` on
    /// `localhost`, `127.0.0.1` or `::1`) with a host and no query or fragment.
    public init?(collector: URL) {
        guard let scheme = collector.scheme?.lowercased(), let host = collector.host, !host.isEmpty,
            collector.query == nil, collector.fragment == nil
        else { return nil }
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback) else { return nil }
        baseURL = collector
        var text = collector.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let counts = URL(string: text + "/v1/counts") else { return nil }
        countsURL = counts
    }
}
