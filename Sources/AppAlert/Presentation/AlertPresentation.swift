import Foundation

/// A message as any alert shows it — title, text and buttons — independent of SwiftUI, UIKit,
/// AppKit or a terminal.
public struct AlertPresentation: Sendable, Hashable, Identifiable {
    public struct Button: Sendable, Hashable, Identifiable {
        public enum Role: Sendable, Hashable {
            /// Dismisses the alert (the platform's cancel role).
            case dismiss
            /// Opens ``Button/url``.
            case openLink
        }

        public var title: String
        public var role: Role
        public var url: URL?
        public var id: String { "\(role)-\(title)" }

        public init(title: String, role: Role, url: URL? = nil) {
            self.title = title
            self.role = role
            self.url = url
        }
    }

    /// The message id.
    public var id: Int
    public var title: String
    public var text: String
    /// The link button first when there is one, then the dismiss button (absent for a wall).
    public var buttons: [Button]
    /// `false` for a wall: the alert cannot be dismissed, only its link followed.
    public var isDismissible: Bool

    public init(_ message: ResolvedMessage) {
        id = message.id
        title = message.title
        text = message.text
        isDismissible = message.dismissible
        var buttons: [Button] = []
        if let link = message.link { buttons.append(Button(title: link.title, role: .openLink, url: link.url)) }
        if message.dismissible { buttons.append(Button(title: message.confirmLabel, role: .dismiss)) }
        self.buttons = buttons
    }
}
