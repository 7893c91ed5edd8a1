import AppAlert
import Foundation

/// Why a message or an update prompt could not be put on screen: ``kind`` for the app to act on, ``reason``
/// in words for its log.
public struct PresentationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kept it off screen. Each kind asks something else of the app; ``reason`` says which scene,
    /// controller or window.
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Nothing to present on: no scene in the foreground, no key or main window, a scene without a
        /// window or a window without a content view. Present again when the app is active.
        public static let nothingToPresentOn = Kind(rawValue: "nothingToPresentOn")
        /// Several scenes are in the foreground and none is frontmost (iPad): pass the view controller or
        /// the scene to present on.
        public static let noFrontmostScene = Kind(rawValue: "noFrontmostScene")
        /// The view controller given is in no window, or the view's window is in no scene: pass one that
        /// is on screen.
        public static let notOnScreen = Kind(rawValue: "notOnScreen")
        /// The place is taken: the view controller is being dismissed or already presents another, the
        /// window shows a sheet or a panel, or an AppAlert alert or banner is already on screen. Present
        /// again once it is free (`.messageAlert` does, at the window's next change).
        public static let occupied = Kind(rawValue: "occupied")
    }

    public var kind: Kind
    public var reason: String

    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// No view controller or window to present on (no foreground scene, no key window).
    public static let nothingToPresentOn = PresentationError(
        kind: .nothingToPresentOn, reason: "there is no view controller or window to present the alert on")

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
