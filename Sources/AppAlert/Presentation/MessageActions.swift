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
    /// Whether the message takes the keyboard: a card or a sheet over the app, where Return answers
    /// ``ResolvedMessage/returnKeyButton`` and Escape ``ResolvedMessage/escapeKeyButton`` (or closes the
    /// message), as in a system alert. Not a banner or a slot, which sit beside the app's own controls.
    public let takesKeyboard: Bool
    private let tapAction: Message.Action?
    private let tapTitle: String
    private let button: @MainActor (Message.Button) async -> Void
    private let closing: @MainActor () async -> Void

    /// Actions over your own handlers, for a preview or a test of your view.
    public init(
        images: [ImageLoadResult] = [], showsCloseControl: Bool = true, texts: MessageTexts = .forLanguages([]),
        takesKeyboard: Bool = false, tapAction: Message.Action? = nil, tapTitle: String = "",
        perform: @escaping @MainActor (Message.Button) async -> Void = { _ in },
        close: @escaping @MainActor () async -> Void = {}
    ) {
        self.images = images
        self.showsCloseControl = showsCloseControl
        self.texts = texts
        self.takesKeyboard = takesKeyboard
        self.tapAction = tapAction
        self.tapTitle = tapTitle
        self.button = perform
        self.closing = close
    }

    /// Told that the message's picture did not decode (the header check passed, the platform's decoder
    /// refused the bytes): set by the presenter that made these actions.
    private var pictureFailed: (@MainActor () -> Void)?

    /// These actions, also told when the picture does not decode.
    package func reportingPictureFailure(to report: @escaping @MainActor () -> Void) -> MessageActions {
        var actions = self
        actions.pictureFailed = report
        return actions
    }

    /// The view could not decode the message's picture: it draws the title, text and controls instead
    /// (``ResolvedMessage/cardParts(pictureDecoded:)``), and this reports it once per showing
    /// (``AlertEvent/problem(_:)``).
    public func pictureDidNotDecode() {
        pictureFailed?()
    }

    /// The problem reported when a message's picture does not decode.
    static func pictureProblem(_ message: ResolvedMessage) -> String {
        "message \(message.id): its picture passed the header check but did not decode on this device; "
            + "it is shown with its title and text instead"
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

    /// What Escape (or VoiceOver's escape gesture) does to `message` when it takes the keyboard: its
    /// ``ResolvedMessage/escapeKeyButton``, else closing it (nothing for a wall).
    public func escape(_ message: ResolvedMessage) async {
        if let index = message.escapeKeyButton {
            await perform(message.buttons[index])
        } else {
            await close()
        }
    }

    /// The control of a card of `message`, drawn with these actions, that carries the Escape key
    /// (SwiftUI's `.keyboardShortcut(.cancelAction)`): a key reaches only a control that carries it,
    /// so a card that can be closed with neither an Escape button nor a close control needs one of its own.
    package func escapeKeyOwner(of message: ResolvedMessage) -> EscapeKeyOwner {
        guard takesKeyboard else { return .none }
        if let index = message.escapeKeyButton { return .button(index) }
        if showsCloseControl { return .closeControl }
        return message.dismissible ? .hiddenControl : .none
    }
}

/// Which control of a card carries the Escape key (``MessageActions/escapeKeyOwner(of:)``).
package enum EscapeKeyOwner: Sendable, Hashable {
    /// The message's button at this index (``ResolvedMessage/escapeKeyButton``).
    case button(Int)
    /// The card's close control.
    case closeControl
    /// A control the card adds for the key alone, not drawn and hidden from VoiceOver (whose escape
    /// gesture the card has already), which does what ``MessageActions/escape(_:)`` does: a card that
    /// can be closed, whose only closing button is its first (Return's), and that has no close control.
    case hiddenControl
    /// None: the message does not take the keyboard, or it cannot be closed (a wall).
    case none
}

extension ResolvedMessage {
    /// Whether a view of this message needs a close control of its own: it can be closed and none of
    /// its buttons closes it (an image; a modal or sheet whose only buttons open links or send events).
    public var needsCloseControl: Bool {
        dismissible && !buttons.contains { $0.action == .dismiss }
    }

    /// The button Return answers in a message that takes the keyboard (``MessageActions/takesKeyboard``):
    /// the first, drawn prominent, as a dialog's default button.
    public var returnKeyButton: Int? { buttons.isEmpty ? nil : 0 }

    /// The button Escape answers: the first after the first that closes the message ("Not now");
    /// `nil` when there is none, and Escape then closes a message that can be closed, as its close
    /// control does.
    public var escapeKeyButton: Int? {
        buttons.indices.dropFirst().first { buttons[$0].action == .dismiss }
    }

    /// Whether the message is written right to left, so its layout mirrors: by the language of the
    /// localization shown, or, for the base texts, by the first letter of its title and text (the
    /// paragraph rule of the Unicode bidirectional algorithm, for letters).
    public var isRightToLeft: Bool {
        TextDirection.isRightToLeft(language: localization, text: title + text)
    }
}

/// What a card of a message draws, decided before any view does (``ResolvedMessage/cardParts(pictureDecoded:)``).
public struct CardParts: Sendable, Hashable {
    /// The picture.
    public var picture: Bool
    /// The title and the text.
    public var words: Bool
    /// A sheet's what's-new items.
    public var features: Bool
    /// The message's buttons.
    public var buttons: Bool
}

/// The colors of a card's close control for one appearance: `nil` is the platform's own (the primary
/// color on the system's material).
package struct CloseControlColors: Sendable, Hashable {
    package var foreground: Message.Color?
    package var backdrop: Message.Color?
}

extension ResolvedMessage {
    /// What a card of this message draws. A picture only when it decoded; an `image` message whose
    /// picture did not decode falls back to its title, text and buttons (and the close control), so the
    /// user is never left with a dimmed app and nothing to read or tap.
    public func cardParts(pictureDecoded: Bool) -> CardParts {
        switch layout {
        case .image:
            pictureDecoded
                ? CardParts(picture: true, words: false, features: false, buttons: false)
                : CardParts(picture: false, words: true, features: false, buttons: true)
        case .banner:
            CardParts(picture: pictureDecoded, words: true, features: false, buttons: false)
        case .alert, .modal, .sheet:
            CardParts(picture: pictureDecoded, words: true, features: layout == .sheet, buttons: true)
        }
    }

    /// The close control's colors: the message's text color on a backdrop of its background (nearly
    /// opaque, so the ✕ stays readable over a picture). A message that gives one of the two gets black
    /// or white for the other, whichever contrasts more; one that gives neither gets the platform's.
    package func closeControlColors(dark: Bool) -> CloseControlColors {
        let palette = colors?.palette(dark: dark)
        let canvas: Message.Color = dark ? .black : .white
        switch (palette?.text, palette?.background) {
        case (nil, nil):
            return CloseControlColors(foreground: nil, backdrop: nil)
        case (let text?, nil):
            return CloseControlColors(foreground: text, backdrop: Self.contrasting(text, canvas: canvas).opaque(230))
        case (nil, let background?):
            return CloseControlColors(
                foreground: Self.contrasting(background, canvas: canvas), backdrop: background.opaque(230))
        case (let text?, let background?):
            return CloseControlColors(foreground: text, backdrop: background.opaque(230))
        }
    }

    /// Black or white, whichever contrasts more with `color`.
    private static func contrasting(_ color: Message.Color, canvas: Message.Color) -> Message.Color {
        let onBlack = Message.Color.contrastRatio(text: .black, background: color, canvas: canvas)
        let onWhite = Message.Color.contrastRatio(text: .white, background: color, canvas: canvas)
        return onBlack >= onWhite ? .black : .white
    }
}

extension Message.Color {
    /// This color with at least `alpha` opacity.
    fileprivate func opaque(_ alpha: UInt8) -> Message.Color {
        var color = self
        color.alpha = Swift.max(color.alpha, alpha)
        return color
    }
}
