import Foundation

/// What happened, for an app's own analytics or logs.
public enum AlertEvent: Sendable, Hashable {
    /// A check finished: where the feed came from, and why a fresh copy was not used, if it was not.
    case checked(source: FeedLoadResult.Source, error: String?)
    /// A message was put on screen; `variant` is the A/B variant shown (`nil` without variants).
    case shown(id: Int, variant: Int? = nil)
    /// The user dismissed it.
    case dismissed(id: Int, variant: Int? = nil)
    /// The user followed its link.
    case linkOpened(id: Int, url: URL, variant: Int? = nil)
    /// Something went wrong that the user does not see: a store that cannot be written, a bad feed.
    case problem(String)
}
