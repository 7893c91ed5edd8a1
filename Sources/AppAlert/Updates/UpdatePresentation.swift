import Foundation

/// An update alert, independent of any UI framework: Update, and for an optional update Later and
/// Skip.
public struct UpdateAlertPresentation: Sendable, Hashable {
    public struct Button: Sendable, Hashable, Identifiable {
        public enum Action: Sendable, Hashable {
            /// Open the store or release page.
            case update(URL?)
            /// Ask again after the remind interval.
            case later
            /// Do not ask about this version again.
            case skip
        }

        public var title: String
        public var action: Action
        public var id: String { title }

        public init(title: String, action: Action) {
            self.title = title
            self.action = action
        }
    }

    public var title: String
    public var message: String
    public var buttons: [Button]
    public var isRequired: Bool

    /// The alert for `decision`, or `nil` when it asks for nothing.
    ///
    /// Texts, in order of preference: the feed policy's (localized for `languages`, with the
    /// placeholders filled), then `texts` (the app's own, or the built-in table, for `languages`).
    public init?(
        _ decision: UpdateDecision, appName: String, languages: [LanguageTag],
        texts table: [String: UpdateTexts] = UpdateTexts.builtIn
    ) {
        guard decision.kind != .none else { return nil }
        let texts = UpdateTexts.forLanguages(languages, in: table)
        let version = decision.availableVersion?.description ?? ""
        let required = decision.kind == .required
        let localization = decision.policy.flatMap { Localizations.best(of: $0.localizations, for: languages) }
        let title =
            localization?.title ?? decision.policy?.title ?? (required ? texts.requiredTitle : texts.optionalTitle)
        let message =
            localization?.text ?? decision.policy?.text ?? (required ? texts.requiredMessage : texts.optionalMessage)
        self.title = UpdateTexts.fill(title, appName: appName, version: version)
        self.message = UpdateTexts.fill(message, appName: appName, version: version)
        self.isRequired = required
        // No Update button that cannot work: without a page to go to, an optional prompt only tells.
        // (A required decision always has one: UpdatePolicyEngine asks without a link as optional.)
        var buttons: [Button] = []
        if let url = decision.storeURL { buttons.append(Button(title: texts.update, action: .update(url))) }
        if !required || buttons.isEmpty {
            buttons.append(Button(title: texts.later, action: .later))
            buttons.append(Button(title: texts.skip, action: .skip))
        }
        self.buttons = buttons
    }
}
