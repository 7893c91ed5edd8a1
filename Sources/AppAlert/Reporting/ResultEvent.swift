import Foundation

/// What a counter counts: the wire format's `event` (docs/reporting.md).
struct ResultEvent: Sendable, Hashable, RawRepresentable, Codable, CustomStringConvertible {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }

    /// On screen: a window drew the message (a command-line tool printed it).
    static let shown = ResultEvent(rawValue: "shown")
    /// An inbox item opened from the list (its `shown` is its drawing in the list, once a UTC day).
    static let opened = ResultEvent(rawValue: "opened")
    /// Closed without an action: the confirm button of a message without `buttons`, the close control,
    /// a swipe, a banner's time.
    static let dismissed = ResultEvent(rawValue: "dismissed")
    /// A banner's or an image's tap action.
    static let tap = ResultEvent(rawValue: "tap")
    /// The link of a message without `buttons`.
    static let link = ResultEvent(rawValue: "link")
    /// The message's conversion event, within its window after a showing.
    static let conversion = ResultEvent(rawValue: "conversion")
    /// The feed's button at `index` (0 or 1), whatever its action.
    static func button(_ index: Int) -> ResultEvent { ResultEvent(rawValue: "button.\(index)") }

    static let updateShown = ResultEvent(rawValue: "update.shown")
    static let updateAccepted = ResultEvent(rawValue: "update.accepted")
    static let updateLater = ResultEvent(rawValue: "update.later")
    static let updateSkipped = ResultEvent(rawValue: "update.skipped")

    var description: String { rawValue }

    init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The event a tap on `button` of `message` counts: the tap action of a banner or an image is `tap`;
    /// a feed button is `button.N` by its index; a derived button is `link` or `dismissed`.
    static func of(_ button: AlertPresentation.Button, in message: ResolvedMessage) -> ResultEvent? {
        if let action = message.action {
            let tapButton = AlertPresentation.Button(Message.Button(title: message.title, action: action))
            if button == tapButton { return .tap }
            return button.action == .dismiss ? .dismissed : nil
        }
        if message.buttonsFromFeed,
            let index = message.buttons.firstIndex(where: { AlertPresentation.Button($0) == button })
        {
            return .button(index)
        }
        switch button.action {
        case .dismiss: return .dismissed
        case .openLink: return .link
        case .event, .update, .reload, .later, .skip: return nil
        }
    }

    /// The event a button of an opened inbox item's card counts (``Message/inboxCard``), as the same
    /// button of `listed`, the item as listed, would count when shown by itself: the feed's button N is
    /// `button.N`, a link `link`, the card's button made of a banner's or an image's tap action `tap`,
    /// and the close button a card adds (as a confirm button) `dismissed`.
    static func ofInboxCard(_ button: Message.Button, listed: ResolvedMessage) -> ResultEvent? {
        if !listed.buttonsFromFeed, let action = listed.action, action != .dismiss, button.action == action {
            return .tap
        }
        return of(AlertPresentation.Button(button), in: listed)
    }
}

/// A UTC day as the wire format writes it (`2026-11-24`), from a date, without a calendar object.
enum UTCDay {
    /// The day's number since 1970-01-01.
    static func number(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    static func text(of date: Date) -> String { text(ofDay: number(of: date)) }

    /// `YYYY-MM-DD` of day `day` since 1970-01-01 (the calendar arithmetic RFC 3339 dates use).
    static func text(ofDay day: Int) -> String {
        let (year, month, dayOfMonth) = RFC3339.civilFromDays(day)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(dayOfMonth))"
    }
}
