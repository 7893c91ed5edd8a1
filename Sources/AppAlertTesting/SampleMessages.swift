@_spi(Authoring) import AppAlert
import Foundation

/// Messages of every layout, resolved as an app receives them, for SwiftUI previews and an app's own
/// tests: an alert, a banner, a modal, a what's-new sheet, an image, a wall, a modal with a long German
/// text and a sheet in Arabic (right to left). They come from a feed (feedJSON) read by
/// FeedDecoder, so every sample is one a real feed can hold.
///
/// ```swift
/// #Preview { MyBanner(message: SampleMessages.banner, image: SampleMessages.imageData) }
/// ```
public enum SampleMessages {
    public static var alert: ResolvedMessage { message(1) }
    public static var banner: ResolvedMessage { message(2) }
    public static var modal: ResolvedMessage { message(3) }
    public static var sheet: ResolvedMessage { message(4) }
    public static var image: ResolvedMessage { message(5) }
    /// A required update: no dismiss button, one link.
    public static var wall: ResolvedMessage { message(6) }
    /// A modal whose German title and text run long, as German does: for layouts that must wrap and
    /// grow.
    public static var longGerman: ResolvedMessage { message(3, languages: ["de-DE"]) }
    /// The what's-new sheet in Arabic: right to left.
    public static var arabic: ResolvedMessage { message(4, languages: ["ar"]) }

    /// Every sample above.
    public static var all: [ResolvedMessage] {
        [alert, banner, modal, sheet, image, wall, longGerman, arabic]
    }

    /// A 40 × 30 PNG that every sample's image URL stands for: pass it where a view draws the loaded bytes.
    public static let imageData =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAnklEQVR42u2WsRGAIAxF4Z9zWDmVlRM4k5WzOITD2HoqMSSScJy0cP+RFMmL/bwFj4PgdLqs1/s4EbfDuvCjIqfVNE/2gxdwLpKPT4I1SA4eRalEFIpSiUCUpqZiYUB9DIcN9Y5wm1wwK/cC8q74B7cPzlqln+yMClptUPQZAbG7KBczNN6k0QEonU0sIdD7okx96pM9Z711FvqmZvUBfyFD1y4gwqUAAAAASUVORK5CYII="
        ) ?? Data()

    /// The samples' feed.
    public static let feedJSON = #"""
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "*", "title": "Scheduled maintenance",
           "text": "Sync pauses on Sunday from 02:00 to 03:00 UTC. Your notes stay on this device.",
           "confirmLabel": "OK", "link": {"title": "Details", "url": "https://example.com/status"}},
          {"id": 2, "bundleId": "*", "title": "Your trial ends in 3 days", "text": "Keep every feature with Pro.",
           "layout": "banner", "bannerSeconds": 8, "action": {"event": "show-paywall"},
           "image": {"url": "https://example.com/samples/pro.png", "alt": "The Pro badge"},
           "placement": "launch", "data": {"screen": "paywall"}},
          {"id": 3, "bundleId": "*", "title": "Folders are here", "text": "Group your notes in folders and share a folder with a link.",
           "layout": "modal",
           "image": {"url": "https://example.com/samples/folders.png", "alt": "Three folders of notes",
                     "darkUrl": "https://example.com/samples/folders-dark.png"},
           "buttons": [{"title": "Try it", "action": {"url": "https://example.com/folders"}}, {"title": "Not now"}],
           "colors": {"background": "#FFFFFF", "text": "#1C1C1E", "accent": "#0A66C2",
                      "dark": {"background": "#1C1C1E", "text": "#F2F2F7", "accent": "#2F6FDB"}},
           "localizations": {"de": {
             "title": "Ordner für Ihre Notizen sind ab sofort verfügbar",
             "text": "Legen Sie zusammengehörige Notizen in Ordnern ab und teilen Sie einen ganzen Ordner mit einem einzigen Link. Wer den Link erhält, sieht immer den aktuellen Stand – auch wenn Sie später weitere Notizen hinzufügen oder vorhandene überarbeiten. Bestehende Notizen bleiben unverändert, bis Sie sie verschieben.",
             "buttons": [{"title": "Jetzt ausprobieren", "action": {"url": "https://example.com/de/folders"}},
                         {"title": "Vielleicht später"}]}}},
          {"id": 4, "bundleId": "*", "title": "What's new in 3.0", "text": "The biggest update so far.",
           "layout": "sheet",
           "image": {"url": "https://example.com/samples/3.0.png", "alt": "The new editor"},
           "features": [
             {"title": "Folders", "text": "Keep related notes together.", "symbol": "folder"},
             {"title": "Sync", "text": "Your notes on every device.", "symbol": "arrow.triangle.2.circlepath"},
             {"title": "Search", "text": "Find any word in any note.", "symbol": "magnifyingglass"}],
           "buttons": [{"title": "Continue"}],
           "localizations": {"ar": {
             "title": "ما الجديد في الإصدار 3.0",
             "text": "هذا أكبر تحديث حتى الآن.",
             "features": [
               {"title": "المجلدات", "text": "اجمع الملاحظات المترابطة في مكان واحد.", "symbol": "folder"},
               {"title": "المزامنة", "text": "ملاحظاتك على جميع أجهزتك.", "symbol": "arrow.triangle.2.circlepath"},
               {"title": "البحث", "text": "اعثر على أي كلمة في أي ملاحظة.", "symbol": "magnifyingglass"}],
             "buttons": [{"title": "متابعة"}]}}},
          {"id": 5, "bundleId": "*", "title": "Spring sale", "text": "Pro for half the price until Sunday.",
           "layout": "image", "action": {"url": "https://example.com/sale"},
           "image": {"url": "https://example.com/samples/sale.png", "alt": "Spring sale: Pro for half the price until Sunday"}},
          {"id": 6, "bundleId": "*", "title": "Update required", "text": "This version can no longer sync. The update is free.",
           "dismissible": false, "link": {"title": "Update", "url": "https://apps.apple.com/app/id000000000"}}
        ]}
        """#

    /// The samples' feed, decoded.
    public static let feed: Feed = (try? FeedDecoder().decode(Data(feedJSON.utf8)))?.feed ?? Feed(messages: [])

    /// Sample `id` resolved for `languages`.
    static func message(_ id: Int, languages: [String] = ["en-US"]) -> ResolvedMessage {
        guard let message = feed.messages.first(where: { $0.id == id }) else {
            return ResolvedMessage(
                id: id, title: "Missing sample", text: "SampleMessages.feedJSON has no message \(id).")
        }
        return ResolvedMessage(message, preferredLanguages: languages.map(LanguageTag.init))
    }
}
