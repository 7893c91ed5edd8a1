import AppAlert
import Foundation

/// Why a message or an update prompt could not be put on screen: ``kind`` for the app to act on, ``reason``
/// in words for its log.
public struct PresentationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kept it off screen. Each kind asks something else of the app; ``reason`` says which scene,
    /// controller or window.
    public struct Kind: RawRepresentable, Sendable, Hashable {
        /// The kind's name, as ``description`` of an error writes it (`"occupied"`).
        public let rawValue: String
        /// A kind by its name; the library throws only the kinds below.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Nothing to present on: no scene is active, no key or main window, a scene without a window or a
        /// window without a content view. Present again when the app is active; an app with no window
        /// open (a menu-bar app) passes one.
        public static let nothingToPresentOn = Kind(rawValue: "nothingToPresentOn")
        /// Several scenes are in the foreground and none is frontmost (iPad): pass the view controller or
        /// the scene to present on.
        public static let noFrontmostScene = Kind(rawValue: "noFrontmostScene")
        /// The view controller given is in no window or is being dismissed, or the view's window is in no
        /// scene: pass one that is on screen (for a controller being dismissed, the one that presented it).
        public static let notOnScreen = Kind(rawValue: "notOnScreen")
        /// The place is taken: the view controller already presents another, the window shows a sheet or a
        /// panel, or an AppAlert alert or banner is already on screen. Present again once it is free
        /// (`.messageAlert` does, at the window's next change).
        public static let occupied = Kind(rawValue: "occupied")
    }

    /// What kept it off screen: what the app acts on (compare kinds, `error.kind == .occupied`).
    public var kind: Kind
    /// Which scene, controller or window, in words for a log.
    public var reason: String

    /// An error of `kind`, saying why in `reason`.
    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// AppKit's error when there is no key or main window. To act on any error of this kind, compare its
    /// kind (`error.kind == .nothingToPresentOn`): the other presenters say which scene in their reason,
    /// and an error equals this one only with the same reason.
    public static let nothingToPresentOn = PresentationError(
        kind: .nothingToPresentOn, reason: "there is no view controller or window to present the alert on")

    /// The reason, for a log.
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
