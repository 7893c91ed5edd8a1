import Foundation
import Observation

/// An alert as any framework shows it — title, text and buttons — for a feed's message
/// (``init(_:)``) or an update prompt (``init(_:appName:languages:texts:)``). SwiftUI, UIKit, AppKit
/// and the terminal each have one presenter, which shows any of them.
public struct AlertPresentation: Sendable, Hashable, Identifiable {
    public struct Button: Sendable, Hashable, Identifiable {
        public enum Action: Sendable, Hashable {
            /// Dismisses a message (its confirm button).
            case dismiss
            /// Opens a message's link.
            case openLink(URL)
            /// Hands an event to the app (a message's `{"event": NAME}` button or tap action).
            case event(String)
            /// Opens the store or release page of an update.
            case update(URL)
            /// Reloads the web app: the update of a web page or PWA (platform `web`), which has no store.
            /// ``UpdateService`` hands it to its ``UpdateService/reload`` closure.
            case reload
            /// Asks about the update again after the remind interval.
            case later
            /// Does not ask about this version again.
            case skip
        }

        public var title: String
        public var action: Action

        public init(title: String, action: Action) {
            self.title = title
            self.action = action
        }

        /// Shown in the platform's cancel role: a message's dismiss button, an update's Later.
        public var isCancel: Bool { action == .dismiss || action == .later }

        /// The page the button opens, if it opens one.
        public var url: URL? {
            switch action {
            case .openLink(let url), .update(let url): url
            case .dismiss, .later, .skip, .event, .reload: nil
            }
        }

        /// A message's button, or its tap action under `title`.
        public init(_ button: Message.Button) {
            self.init(title: button.title, action: Action(button.action))
        }

        public var id: String { "\(action)-\(title)" }
    }

    /// `message-ID` for a feed's message, `update-VERSION` for an update prompt.
    public var id: String
    public var title: String
    public var text: String
    /// In the order the alert shows them.
    public var buttons: [Button]
    /// `false` for a wall and for a required update: no button makes them go away for good.
    public var isDismissible: Bool
    /// The language of the title and text when it is known: the localization or built-in table they
    /// come from; `nil` for a feed's base texts.
    public var language: LanguageTag?
    /// Whether the title and text run right to left (by ``language``, else by their first letter): a
    /// presenter lays the alert out mirrored.
    public var isRightToLeft: Bool
    /// Where this package put directional isolates in ``title`` and ``text``: around the app name and
    /// the version of an update prompt in a right-to-left language. The terminal keeps these, and
    /// replaces every other bidirectional control.
    var addedIsolates = AddedIsolates()

    /// The isolates added to a title and a text, each with the text they were added to: the offsets
    /// hold while ``title`` or ``text`` still starts with that text (the terminal notice appends the
    /// versions to it).
    struct AddedIsolates: Sendable, Hashable {
        var title: TextDirection.Isolated?
        var text: TextDirection.Isolated?

        /// The offsets of the isolates added to `current`, if it starts with the text `isolated` is.
        func offsets(in current: String, from isolated: TextDirection.Isolated?) -> Set<Int> {
            guard let isolated, !isolated.isolates.isEmpty,
                current.unicodeScalars.starts(with: isolated.text.unicodeScalars)
            else { return [] }
            return isolated.isolates
        }
    }

    public init(
        id: String, title: String, text: String, buttons: [Button], isDismissible: Bool,
        language: LanguageTag? = nil, isRightToLeft: Bool? = nil
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.buttons = buttons
        self.isDismissible = isDismissible
        self.language = language
        self.isRightToLeft = isRightToLeft ?? TextDirection.isRightToLeft(language: language, text: title + text)
    }

    /// A feed's message with its resolved buttons (without `buttons` in the feed: the link button first
    /// when there is one, then the dismiss button, absent for a wall). Drawn as an alert, a banner or an
    /// image has its tap action as a button under the message's title, and a dismiss button when the tap
    /// does something else.
    public init(_ message: ResolvedMessage) {
        var buttons = message.buttons.map(Button.init)
        if let action = message.action {
            buttons = [Button(Message.Button(title: message.title, action: action))]
            if action != .dismiss { buttons.append(Button(title: message.confirmLabel, action: .dismiss)) }
        }
        self.init(
            id: "message-\(message.id)", title: message.title, text: message.text, buttons: buttons,
            isDismissible: message.dismissible, language: message.localization, isRightToLeft: message.isRightToLeft)
    }

    /// The update prompt for `decision` — Update, and for an optional update Later and Skip — or `nil`
    /// when it asks for nothing. Update opens the page to update from; on the web (a decision for
    /// ``Platform/web``) it reloads the page (``Button/Action/reload``), as the web client's prompt does,
    /// so a required update there has Update whether or not the feed gives a `storeURL`.
    ///
    /// Texts, in order of preference: the feed policy's (localized for `languages`, with the
    /// placeholders filled), then `texts` (the app's own, or the built-in table, for `languages`). In a
    /// right-to-left text the app name and the version are isolated (Unicode directional isolates), so
    /// `MyApp 2.1` keeps its order inside Arabic or Hebrew.
    public init?(
        _ decision: UpdateDecision, appName: String, languages: [LanguageTag],
        texts table: [String: UpdateTexts] = UpdateTexts.builtIn
    ) {
        guard decision.kind != .none else { return nil }
        let (tableKey, texts) = UpdateTexts.chosen(for: languages, in: table)
        let version = decision.availableVersion?.description ?? ""
        let required = decision.kind == .required
        let localization = decision.policy.flatMap { Localizations.best(of: $0.localizations, for: languages) }
        let title =
            localization?.title ?? decision.policy?.title ?? (required ? texts.requiredTitle : texts.optionalTitle)
        let message =
            localization?.text ?? decision.policy?.text ?? (required ? texts.requiredMessage : texts.optionalMessage)
        let feedWords =
            localization?.title != nil || localization?.text != nil || decision.policy?.title != nil
            || decision.policy?.text != nil
        let language = localization?.tag ?? (feedWords ? nil : LanguageTag(tableKey))
        let rightToLeft = TextDirection.isRightToLeft(language: language, text: title + message)
        // No Update button that cannot work: without a page to go to, an optional prompt only tells.
        // (A required decision always has one: UpdatePolicyEngine asks without a link as optional, except
        // on the web, where reloading the page is the update and Update is always there.)
        var buttons: [Button] = []
        if decision.platform == .web {
            buttons.append(Button(title: texts.update, action: .reload))
        } else if let url = decision.storeURL {
            buttons.append(Button(title: texts.update, action: .update(url)))
        }
        if !required || buttons.isEmpty {
            buttons.append(Button(title: texts.later, action: .later))
            buttons.append(Button(title: texts.skip, action: .skip))
        }
        let filledTitle = TextDirection.filled(title, appName: appName, version: version, isolating: rightToLeft)
        let filledText = TextDirection.filled(message, appName: appName, version: version, isolating: rightToLeft)
        self.init(
            id: "update-\(version)", title: filledTitle.text, text: filledText.text, buttons: buttons,
            isDismissible: !required, language: language, isRightToLeft: rightToLeft)
        if rightToLeft { addedIsolates = AddedIsolates(title: filledTitle, text: filledText) }
    }
}

extension AlertPresentation.Button.Action {
    /// Whether it is a feed message's action (not an update prompt's).
    var isMessageAction: Bool {
        switch self {
        case .dismiss, .openLink, .event: true
        case .update, .reload, .later, .skip: false
        }
    }

    /// A message's action as a presentation's.
    public init(_ action: Message.Action) {
        switch action {
        case .dismiss: self = .dismiss
        case .url(let url): self = .openLink(url)
        case .event(let name): self = .event(name)
        }
    }
}

/// What AppAlertUI puts on screen: ``AlertService`` (a feed's messages) and ``UpdateService`` (update
/// prompts). The SwiftUI modifier, the UIKit presenter and the AppKit presenter each take either, so
/// the way an alert is shown, answered and brought back is written once per framework.
@MainActor
public protocol AlertPresenting: AnyObject, Observable, Sendable {
    /// `true` while the alert is to be on screen (SwiftUI binds `alert(isPresented:)` to it).
    var isPresented: Bool { get set }
    /// What the alert shows.
    var presentation: AlertPresentation? { get }
    /// Handles a tap on one of ``presentation``'s buttons and returns the page to open, if any.
    @discardableResult
    func perform(_ button: AlertPresentation.Button) async -> URL?
    /// The tapped alert has left the screen, or the app is active again: an alert that must stay (a
    /// wall whose link was followed, a required update) goes back on screen.
    func presentationEnded()
}

extension AlertPresenting {
    /// What a presenter does once a tapped alert has left the screen: handles `button`, opens the page
    /// it gives with `open`, ends the presentation, and returns whether the alert is to be shown again.
    public func answer(_ button: AlertPresentation.Button, open: (URL) -> Void) async -> Bool {
        if let url = await perform(button) { open(url) }
        presentationEnded()
        return isPresented
    }
}
