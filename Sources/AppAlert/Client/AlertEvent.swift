import Foundation

/// What happened, for an app's own analytics or logs.
public enum AlertEvent: Sendable, Hashable {
    /// A check finished: where the feed came from, and why a fresh copy was not used, if it was not.
    case checked(source: FeedLoadResult.Source, error: String?)
    /// A message was put on screen.
    case shown(id: Int)
    /// The user dismissed it.
    case dismissed(id: Int)
    /// The user followed its link.
    case linkOpened(id: Int, url: URL)
    /// Something went wrong that the user does not see: a store that cannot be written, a bad feed.
    case problem(String)
}
