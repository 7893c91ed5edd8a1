import Foundation

extension MessageReader {
    /// Warns (`differentAction`) where a copy of a button does something else than the button it copies:
    /// a translation's button at the same position as the button it translates (the variant's own when
    /// the variant sets `buttons`, else the message's), and a variant's button at the same position as
    /// the message's. A translated list of buttons replaces the whole list, so each button carries its
    /// action again; written when a title was translated, it keeps that action when the original's changes
    /// later, and that language or variant fires another event. On purpose, and not warned: two links
    /// in a translation (a page in that language), and in a variant a button with a title of its own that
    /// does something else than a message's button that does not hand an event to the app (a test of
    /// another page). Linear in the buttons.
    mutating func checkButtonActions(of message: Message) {
        guard let buttons = message.buttons else { return }
        let base = messagePathParts
        for localization in message.localizations {
            guard let translated = localization.buttons else { continue }
            compareTranslated(
                translated, with: buttons, language: localization.tag.original, owner: nil,
                path: JSONPath.appending(localization.tag.original, to: base.path + ".localizations"))
        }
        for (index, variant) in message.variants.enumerated() {
            let label = message.variantLabel(index)
            let named = variant.name == nil ? "variant \(label)" : "variant \"\(label)\""
            let variantPath = JSONPath.appending("variants", to: base.path) + "[\(index)]"
            if let own = variant.buttons {
                for (position, button) in own.prefix(buttons.count).enumerated() {
                    let original = buttons[position]
                    guard button.action != original.action else { continue }
                    let onPurpose = button.title != original.title && !Self.handsAnEvent(original.action)
                    guard !onPurpose else { continue }
                    reportAction(
                        path: variantPath + ".buttons[\(position)].action",
                        reason: "\(named)'s \(Self.ordinal(position)) button (\(Self.quoted(button.title))) "
                            + "\(Self.does(button.action)), while the message's (\(Self.quoted(original.title))) "
                            + "\(Self.does(original.action)); give it the message's action, unless the test is "
                            + "meant to try another one")
                }
            }
            for localization in variant.localizations ?? [] {
                guard let translated = localization.buttons else { continue }
                compareTranslated(
                    translated, with: variant.buttons ?? buttons, language: localization.tag.original, owner: named,
                    path: JSONPath.appending(localization.tag.original, to: variantPath + ".localizations"))
            }
        }
    }

    private mutating func compareTranslated(
        _ translated: [Message.Button], with buttons: [Message.Button], language: String, owner: String?,
        path: String
    ) {
        for (position, button) in translated.prefix(buttons.count).enumerated() {
            let original = buttons[position]
            guard button.action != original.action else { continue }
            if case .url = button.action, case .url = original.action { continue }
            let quotedLanguage = JSONValue.string(language).compactDescription
            let whose = owner.map { "\($0)'s" } ?? "the message's"
            reportAction(
                path: path + ".buttons[\(position)].action",
                reason: "in \(quotedLanguage) the \(Self.ordinal(position)) button (\(Self.quoted(button.title))) "
                    + "\(Self.does(button.action)), while \(whose) button it translates "
                    + "(\(Self.quoted(original.title))) \(Self.does(original.action)); give the translation the "
                    + "same action (a translated button keeps the action it had when its title was translated)")
        }
    }

    private mutating func reportAction(path: String, reason: @autoclosure () -> String) {
        report(.warning, .differentAction, path: path, key: "buttons", reason: reason())
    }

    private static func handsAnEvent(_ action: Message.Action) -> Bool {
        if case .event = action { return true }
        return false
    }

    private static func ordinal(_ position: Int) -> String {
        position == 0 ? "first" : position == 1 ? "second" : "#\(position + 1)"
    }

    private static func quoted(_ text: String) -> String { JSONValue.string(text).compactDescription }

    private static func does(_ action: Message.Action) -> String {
        switch action {
        case .dismiss: "closes the message"
        case .url(let url): "opens \(quoted(url.absoluteString))"
        case .event(let name): "hands the event \(quoted(name)) to the app"
        }
    }
}
