@_spi(Authoring) import AppAlert
import Foundation

/// What the feed says about a message: its title, the events it can have, its variants.
package struct FeedMessageFacts: Sendable {
    package var id: Int
    package var title: String
    /// The actions it can have, `shown` excluded: `dismissed` when it can be dismissed, a
    /// `button.N` for each button (the most any variant has), `tap` for a banner or image; for an
    /// inbox item, `opened` alone.
    package var actions: [String]
    package var variants: Int
    /// Each variant's name (`nil` where it has none), as many as `variants`.
    package var variantNames: [String?] = []
    /// Each variant's `weight`, as many as `variants`: the split the sample ratio check expects.
    package var variantWeights: [Int] = []
    /// The buttons' titles (base language) of the message (index 0) and of each variant (1, 2, …).
    package var buttonTitles: [[String]] = []
    /// What those buttons do, as `buttonTitles`.
    package var buttonActions: [[Message.Action]] = []
    /// The UTC days of `startDate` and of the last moment before `endDate` (the end is exclusive: a message
    /// ending at midnight was last shown the day before), and the last day a conversion may follow a showing
    /// (the day of the last moment before `endDate` plus the conversion's hours: 48 hours after an end at
    /// midnight of the 23rd reach the end of the 24th, not the 25th).
    package var startDay: String?
    package var endDay: String?
    package var lastConversionDay: String?

    package init(id: Int, title: String, actions: [String], variants: Int) {
        self.id = id
        self.title = title
        self.actions = actions
        self.variants = variants
    }

    package init(_ message: Message) {
        var actions: [String] = []
        if message.dismissible { actions.append("dismissed") }
        // Each wording (the message, each variant) has its own buttons; the report lists the most.
        let wordings = [message] + message.variants.indices.map { message.applying(variant: $0) }
        // Only the feed's own `buttons` are counted by index (button.N): a button made of the link counts
        // as `link`, one of the confirm label as `dismissed` (what `collect` accepts).
        let buttons: [[Message.Button]] = wordings.map { wording in
            message.layout.hasButtons ? wording.buttons ?? [] : []
        }
        let titles = buttons.map { $0.map(\.title) }
        actions += (0..<(titles.map(\.count).max() ?? 0)).map { "button.\($0)" }
        if message.layout.hasTapAction { actions.append("tap") }
        // An inbox item is shown when its row is drawn, and opened from the list; its card's buttons
        // are not counted.
        if message.placement == .inbox { actions = ["opened"] }
        self.init(id: message.id, title: message.title, actions: actions, variants: message.variants.count)
        variantNames = message.variants.map(\.name)
        variantWeights = message.variants.map(\.weight)
        buttonTitles = titles
        buttonActions = buttons.map { $0.map(\.action) }
        startDay = message.startDate.map(Self.day)
        endDay = message.endDate.map { Self.day($0.addingTimeInterval(-0.001)) }
        let hours = (wordings.compactMap(\.conversion?.withinHours).max()).map(Double.init) ?? 0
        lastConversionDay = message.endDate.map { Self.day($0.addingTimeInterval(hours * 3600 - 0.001)) }
    }

    /// The feed's messages for `app` (every message when `nil`).
    package static func of(_ messages: [Message], app: String?) -> [FeedMessageFacts] {
        messages.filter { message in
            guard let app else { return true }
            return message.bundleIDs.contains(app) || message.bundleIDs.contains("*")
        }.map { FeedMessageFacts($0) }
    }

    /// The titles of the buttons `variant` shows (the message's for `nil`).
    func buttons(of variant: Int?) -> [String] {
        let index = variant.map { $0 + 1 } ?? 0
        return buttonTitles.indices.contains(index) ? buttonTitles[index] : []
    }

    /// What the buttons `variant` shows do (the message's for `nil`).
    func actions(of variant: Int?) -> [Message.Action] {
        let index = variant.map { $0 + 1 } ?? 0
        return buttonActions.indices.contains(index) ? buttonActions[index] : []
    }

    /// `date`'s UTC day, YYYY-MM-DD.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
