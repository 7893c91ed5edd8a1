import Foundation

/// A message ready to show: texts chosen for the device's languages, defaults filled in.
public struct ResolvedMessage: Sendable, Hashable, Identifiable {
    public var id: Int
    public var title: String
    public var text: String
    /// The dismiss button's label: the feed's `confirmLabel`, or "OK" in the language of the texts shown
    /// (their localization's, else the device's: `حسنًا`, `Aceptar`, `확인`; built in for every language
    /// the update prompt speaks).
    public var confirmLabel: String
    public var link: Message.Link?
    /// `false` for a wall: no dismiss button, only the link.
    public var dismissible: Bool
    /// The localization used, or `nil` for the base texts.
    public var localization: LanguageTag?
    /// The A/B variant shown (its index in the feed's `variants`), or `nil` when the message has none:
    /// for the app's analytics.
    public var variant: Int?
    /// How the message goes on screen.
    public var layout: Message.Layout
    /// The picture to show first (``Message/Image/url(dark:)`` for the appearance); `nil` for an alert.
    public var image: Message.Image?
    /// The buttons in the order shown, the primary one first: the feed's, or derived from the link
    /// (opens it) and the confirm label (dismisses; absent for a wall). Empty for a banner and an image,
    /// which run ``action`` when tapped.
    public var buttons: [Message.Button]
    /// What a tap on a banner or an image does; `nil` for the other layouts.
    public var action: Message.Action?
    /// A sheet's what's-new items; `nil` for the other layouts.
    public var features: [Message.Feature]?
    /// The colors for light and dark appearance; `nil` when the feed gives none (or for an alert).
    public var colors: Message.Colors?
    /// The feed's key-value strings for the app, unchanged.
    public var data: [String: String]
    /// Where the message is shown.
    public var placement: Message.Placement
    /// How long a banner stays on screen, in seconds; `nil` for the other layouts.
    public var bannerSeconds: Double?
    /// The app event that counts as this message (this variant) having worked; `nil` without one.
    public var conversion: Message.Conversion?
    /// Whether ``buttons`` are the feed's `buttons` (counted by index, `button.0`), not derived from the
    /// link and confirm label (counted as `link` and `dismissed`).
    var buttonsFromFeed = false

    public init(
        id: Int, title: String, text: String, confirmLabel: String = Message.defaultConfirmLabel,
        link: Message.Link? = nil, dismissible: Bool = true, localization: LanguageTag? = nil,
        layout: Message.Layout = .alert, image: Message.Image? = nil, buttons: [Message.Button]? = nil,
        action: Message.Action? = nil, features: [Message.Feature]? = nil, colors: Message.Colors? = nil,
        data: [String: String] = [:], placement: Message.Placement = .launch, bannerSeconds: Double? = nil,
        conversion: Message.Conversion? = nil
    ) {
        self.conversion = conversion
        self.buttonsFromFeed = layout.hasButtons && buttons != nil
        self.id = id
        self.title = title
        self.text = text
        self.confirmLabel = confirmLabel
        self.link = link
        self.dismissible = dismissible
        self.localization = localization
        self.layout = layout
        self.image = layout.isCustomDrawn ? image : nil
        self.buttons =
            layout.hasButtons
            ? buttons ?? Self.derivedButtons(link: link, confirmLabel: confirmLabel, dismissible: dismissible) : []
        self.action = layout.hasTapAction ? action ?? .dismiss : nil
        self.features = layout == .sheet ? features : nil
        self.colors = layout.isCustomDrawn ? colors : nil
        self.data = data
        self.placement = placement
        self.bannerSeconds = layout == .banner ? bannerSeconds ?? Message.defaultBannerSeconds : nil
    }

    /// The buttons of a message without `buttons`: the link's first (opens it), then the confirm
    /// label's (dismisses), which a wall does not have.
    public static func derivedButtons(link: Message.Link?, confirmLabel: String, dismissible: Bool)
        -> [Message.Button]
    {
        var buttons: [Message.Button] = []
        if let link { buttons.append(Message.Button(title: link.title, action: .url(link.url))) }
        if dismissible { buttons.append(Message.Button(title: confirmLabel, action: .dismiss)) }
        return buttons
    }

    /// Resolves `message` for a device whose preferred languages are `preferredLanguages`, worded as
    /// its variant for `installID` when it has variants (``Message/applying(variant:)``: the variant's
    /// keys, and its translations chosen key by key, so that its texts are in one language).
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
        self.init(
            message, localization: Localizations.best(of: message.localizations, for: preferredLanguages),
            preferredLanguages: preferredLanguages)
    }

    /// Resolves `message` in `localization` (one of its own, already chosen; `nil` for the base texts):
    /// each key it does not translate is the message's.
    @_spi(Authoring) public init(
        _ message: Message, localization: Message.Localization?, preferredLanguages: [LanguageTag]
    ) {
        self.init(
            id: message.id,
            title: localization?.title ?? message.title,
            text: localization?.text ?? message.text,
            confirmLabel: localization?.confirmLabel ?? message.confirmLabel
                ?? BuiltInTexts.ok(for: (localization.map { [$0.tag] } ?? []) + preferredLanguages),
            link: localization?.link ?? message.link,
            dismissible: message.dismissible,
            localization: localization?.tag,
            layout: message.layout,
            image: localization?.image ?? message.image,
            buttons: localization?.buttons ?? message.buttons,
            action: message.action,
            features: localization?.features ?? message.features,
            colors: message.colors,
            data: message.data,
            placement: message.placement,
            bannerSeconds: message.bannerSeconds,
            conversion: message.conversion)
    }
}

/// Chooses among a message's localizations.
@_spi(Authoring) public enum Localizations {
    /// The best localization for the preferred languages, or `nil` for the base texts.
    ///
    /// The built-in texts' rules: for each preferred language in order, among those of its script, a
    /// localization with exactly that tag, then the same region, its regional variety (`es-419` for
    /// `es-MX`), the language alone or with its script (`zh-Hant` for `zh-TW`), then any other region
    /// of the same language and script (`pt-PT` for `pt-BR`, but never `zh-Hant` for `zh-Hans`). A user
    /// who prefers French, then English, gets a French text from any French localization before an
    /// exact English one.
    public static func best(
        of localizations: [Message.Localization], for preferredLanguages: [LanguageTag]
    ) -> Message.Localization? {
        guard !localizations.isEmpty else { return nil }
        return LanguageMatching.best(of: localizations.map(\.tag), for: preferredLanguages).map { localizations[$0] }
    }
}

extension ResolvedMessage {
    /// The loaded image to draw for the appearance: the `darkUrl` image's bytes in dark appearance
    /// when it has one, else the image's; `nil` when the message has no image or its bytes are not among
    /// `images` (what the core loaded and checked: a view never draws anything else).
    public func loadedImage(in images: [ImageLoadResult], dark: Bool) -> ImageLoadResult? {
        guard let image else { return nil }
        let url = image.url(dark: dark)
        return images.first { $0.url == url && $0.isAvailable }
    }
}
