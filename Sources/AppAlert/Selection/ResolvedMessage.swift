import Foundation

/// A message ready to show: texts chosen for the device's languages, defaults filled in.
public struct ResolvedMessage: Sendable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    public var text: String
    /// The dismiss button's label (the feed's, or "OK").
    public var confirmLabel: String
    public var link: Message.Link?
    /// `false` for a wall: no dismiss button, only the link.
    public var dismissible: Bool
    /// The localization used, or `nil` for the base texts.
    public var localization: LanguageTag?
    /// The A/B variant shown (its index in the feed's `variants`), or `nil` when the message has none:
    /// for the app's analytics.
    public var variant: Int?

    public init(
        id: Int, title: String, text: String, confirmLabel: String = Message.defaultConfirmLabel,
        link: Message.Link? = nil, dismissible: Bool = true, localization: LanguageTag? = nil
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.confirmLabel = confirmLabel
        self.link = link
        self.dismissible = dismissible
        self.localization = localization
    }

    /// Resolves `message` for a device whose preferred languages are `preferredLanguages`, worded as
    /// its variant for `installID` when it has variants.
    public init(_ message: Message, preferredLanguages: [LanguageTag], installID: String?) {
        guard !message.variants.isEmpty else {
            self.init(message, preferredLanguages: preferredLanguages)
            return
        }
        let index = VariantAssignment.variant(
            messageID: message.id, installID: installID, weights: message.variants.map(\.weight))
        self.init(message.applying(variant: index), preferredLanguages: preferredLanguages)
        variant = index
    }

    /// Resolves `message` for a device whose preferred languages are `preferredLanguages` (its base
    /// texts: no variant).
    public init(_ message: Message, preferredLanguages: [LanguageTag]) {
        let localization = Localizations.best(of: message.localizations, for: preferredLanguages)
        self.init(
            id: message.id,
            title: localization?.title ?? message.title,
            text: localization?.text ?? message.text,
            confirmLabel: localization?.confirmLabel ?? message.confirmLabel ?? Message.defaultConfirmLabel,
            link: localization?.link ?? message.link,
            dismissible: message.dismissible,
            localization: localization?.tag)
    }
}

/// Chooses among a message's localizations.
public enum Localizations {
    /// The best localization for the preferred languages, or `nil` for the base texts.
    ///
    /// For each preferred language in order, the first of: a localization with exactly that tag; one
    /// with just its language (`pt` for `pt-BR`); one of the same language and script (`pt-PT` for
    /// `pt-BR`, but never `zh-Hant` for `zh-Hans`). A user who prefers French, then English, gets a
    /// French text from any French localization before an exact English one.
    public static func best(
        of localizations: [Message.Localization], for preferredLanguages: [LanguageTag]
    ) -> Message.Localization? {
        guard !localizations.isEmpty else { return nil }
        for language in preferredLanguages {
            if let exact = localizations.first(where: { $0.tag == language }) { return exact }
            if let bare = localizations.first(where: { $0.tag.subtags == [language.language] }) { return bare }
            if let related = localizations.first(where: { $0.tag.sharesLanguage(with: language) }) { return related }
        }
        return nil
    }
}
