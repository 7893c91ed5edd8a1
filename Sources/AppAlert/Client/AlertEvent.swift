import Foundation

/// What happened, for an app's own analytics or logs.
public enum AlertEvent: Sendable, Hashable {
    /// A check finished: where the feed came from, and why a fresh copy was not used, if it was not.
    case checked(source: FeedLoader.LoadResult.Source, error: String?)
    /// A message was put on screen; `variant` is the A/B variant shown (`nil` without variants). Sent
    /// when a window draws it (``AlertService/messageAppeared()``, which AppAlertUI's views call), once
    /// per showing; a message chosen while no window can draw it is not reported until one does, or
    /// until it is answered. A slot's message is reported when its slot first draws it; an inbox item
    /// when it is first drawn in the list on a UTC day (``InboxModel/itemAppeared(_:)``).
    case shown(id: Int, variant: Int? = nil)
    /// The user opened an inbox item: its card is on screen (``InboxModel/open(_:)``). Sent at every
    /// opening, with reporting on or off; the `opened` counter counts the same moments.
    case opened(id: Int, variant: Int? = nil)
    /// The user dismissed it.
    case dismissed(id: Int, variant: Int? = nil)
    /// The user followed its link.
    case linkOpened(id: Int, url: URL, variant: Int? = nil)
    /// The user tapped a button (or a banner or image) whose action is an event: the app's to act on,
    /// for instance by calling ``AlertService/handle(event:)`` for the messages that event triggers.
    case buttonEvent(id: Int, name: String, variant: Int? = nil)
    /// Something went wrong that the user does not see: a store that cannot be written, a bad feed.
    case problem(String)
}
