@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

/// `GET /_appalert/evaluate` in development mode: picks the served feed the query names and hands its
/// bytes and the other parameters to the configured evaluator.
package enum Simulator {
    /// The feeds a site serves (not the per-app views, not signatures), by path.
    static func feeds(of site: FeedSite) -> [FeedSite.File] {
        site.files.filter { !$0.path.hasPrefix("apps/") && $0.path.hasSuffix(".json") }
    }

    static func answer(
        query: String?, site: FeedSite,
        evaluator: @Sendable (Data, [(name: String, value: String)]) -> FeedServerConfiguration.Evaluation
    ) -> FeedServerConfiguration.Evaluation {
        var components = URLComponents()
        // The page's form sends its fields as application/x-www-form-urlencoded (`URLSearchParams`), where a
        // "+" is a space ("2026-11-30 10:00" arrives as "2026-11-30+10:00"); a "+" typed in a field
        // arrives as "%2B". `URLComponents` reads RFC 3986 queries, with "+" literal: make the spaces "%20".
        components.percentEncodedQuery = (query ?? "").replacingOccurrences(of: "+", with: "%20")
        let items = (components.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        let feeds = feeds(of: site)
        let named = items.last { $0.name == "feed" }?.value
        let feed: FeedSite.File
        if let named {
            let path = named.hasPrefix("/") ? String(named.dropFirst()) : named
            guard let match = feeds.first(where: { $0.path == path }) else {
                return error(404, "feed: \"\(Self.excerpt(named))\" is not a served feed (served: \(list(feeds)))")
            }
            feed = match
        } else {
            guard feeds.count == 1, let only = feeds.first else {
                return error(400, "feed: give the served feed's path (one of: \(list(feeds)))")
            }
            feed = only
        }
        return evaluator(feed.data, items.filter { $0.name != "feed" })
    }

    static func error(_ status: Int, _ message: String) -> FeedServerConfiguration.Evaluation {
        FeedServerConfiguration.Evaluation(
            status: status, json: JSONValue.object(JSONObject(["error": .string(message)])).serialized())
    }

    static func list(_ feeds: [FeedSite.File]) -> String {
        feeds.map(\.path).joined(separator: ", ")
    }

    /// At most 100 characters of `text`, for an error message.
    package static func excerpt(_ text: String) -> String {
        text.count > 100 ? text.prefix(99) + "…" : text
    }
}
