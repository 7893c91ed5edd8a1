import AppAlert

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
