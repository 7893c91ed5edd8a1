import AppAlert
import Foundation

/// Why a message could not be put on screen.
public struct PresentationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    /// No view controller or window to present on (no foreground scene, no key window).
    public static let nothingToPresentOn = PresentationError(
        reason: "there is no view controller or window to present the alert on")

    public var description: String { reason }
}

/// Posted when a host's window, banner or sheet has gone: a `.messageAlert` whose message could not go
/// on screen while it was there asks again (its WindowPlace watches for it).
enum HostEvents {
    static let freed = Notification.Name("AppAlertHostFreed")

    static func postFreed() {
        NotificationCenter.default.post(name: freed, object: nil)
    }
}
