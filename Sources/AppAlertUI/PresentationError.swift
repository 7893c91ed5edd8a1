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

/// Posted when what held a message back is gone — a host's window, banner or sheet, or a picture that
/// was being decoded is ready: every `.messageAlert` asks again (its WindowPlace watches for it), so the
/// window that claims the message puts it up, whichever window's view waited.
enum HostEvents {
    static let freed = Notification.Name("AppAlertHostFreed")

    static func postFreed() {
        NotificationCenter.default.post(name: freed, object: nil)
    }
}
