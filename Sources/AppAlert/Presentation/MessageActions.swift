import Foundation

/// What a message's controls do, for the view that draws it — the built-in card or an app's own view
/// (`.messageAlert(alertService) { message, actions in … }`): a button, the tap on a banner or an
/// image, the close control. Each one records the showing, hands an event to the app and opens a link
/// exactly as the built-in views do; the view only calls them.
///
/// ``MessagePresenter``, ``MessageSlotModel`` and ``InboxModel`` make them, each with its own rules.
@MainActor
public struct MessageActions {
    /// The message's images as the core loaded and checked them: draw these bytes
    /// (``ResolvedMessage/loadedImage(in:dark:)``), never download again.
    public let images: [ImageLoadResult]
    /// Whether the view shows a close control: the message can be closed and none of its buttons
    /// closes it (a banner on top of the app has its swipe instead).
    public let showsCloseControl: Bool
    /// The words of the view's own controls, in the user's language (``MessageTexts/close`` labels the
    /// close control).
    public let texts: MessageTexts
    private let tapAction: Message.Action?
    private let tapTitle: String
    private let button: @MainActor (Message.Button) async -> Void
    private let closing: @MainActor () async -> Void

    /// Actions over your own handlers, for a preview or a test of your view.
    public init(
        images: [ImageLoadResult] = [], showsCloseControl: Bool = true, texts: MessageTexts = .forLanguages([]),
        tapAction: Message.Action? = nil, tapTitle: String = "",
        perform: @escaping @MainActor (Message.Button) async -> Void = { _ in },
        close: @escaping @MainActor () async -> Void = {}
    ) {
        self.images = images
        self.showsCloseControl = showsCloseControl
        self.texts = texts
        self.tapAction = tapAction
        self.tapTitle = tapTitle
        self.button = perform
        self.closing = close
    }

    /// Whether a tap on the message itself does something (a banner's or an image's ``ResolvedMessage/action``).
    public var hasTapAction: Bool { tapAction != nil }

    /// Performs one of the message's buttons.
    public func perform(_ button: Message.Button) async {
        await self.button(button)
    }

    /// Performs the message's tap action; nothing when it has none.
    public func tap() async {
        guard let tapAction else { return }
        await button(Message.Button(title: tapTitle, action: tapAction))
    }

    /// Closes the message without a button (the close control, a swipe, a banner's time): the showing
    /// is recorded as a dismissal. A message that cannot be closed (a wall) stays.
    public func close() async {
        await closing()
    }
}

extension ResolvedMessage {
    /// Whether a view of this message needs a close control of its own: it can be closed and none of
    /// its buttons closes it (an image; a modal or sheet whose only buttons open links or send events).
    public var needsCloseControl: Bool {
        dismissible && !buttons.contains { $0.action == .dismiss }
    }

    /// Whether the message is written right to left, so its layout mirrors: by the language of the
    /// localization shown, or, for the base texts, by the first letter of its title and text (the
    /// paragraph rule of the Unicode bidirectional algorithm, for letters).
    public var isRightToLeft: Bool {
        TextDirection.isRightToLeft(language: localization, text: title + text)
    }
}
