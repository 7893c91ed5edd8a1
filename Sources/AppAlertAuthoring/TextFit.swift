@_spi(Authoring) import AppAlert
import Foundation

/// How much of a title and a text each layout shows without scrolling on the smallest iPhone AppAlert
/// supports, at the default text size: what `validate` warns of (``FeedDiagnostic/Code/textTooLong``).
///
/// Every number is written down in docs/feed-format.md ("Texts that fit"), with where it comes from: the
/// screen (iOS 17's smallest iPhone, the iPhone SE of the 2nd and 3rd generation: 375 × 667 points,
/// a 20-point status bar), AppAlertUI's layouts (MessageCard, CardContainer, BannerHost: their paddings,
/// spacings and text styles), iOS's text styles at the default size, and UIKit's alert for the alert.
/// A line holds as many characters as fit at an average width of half the font's size (a wide
/// character, Chinese, Japanese or Korean, a whole size): an estimate, so the warning says "about".
enum TextFit {
    /// iOS's text styles at the default size (Large): point size and line height.
    struct Style {
        var size: Double
        var lineHeight: Double
        /// The average width of a character of running text, in ems.
        var em: Double = 0.5

        static let title2 = Style(size: 22, lineHeight: 28)
        static let headline = Style(size: 17, lineHeight: 22, em: 0.55)
        static let body = Style(size: 17, lineHeight: 22)
        static let subheadline = Style(size: 15, lineHeight: 20)
        static let footnote = Style(size: 13, lineHeight: 18)
    }

    /// The iPhone SE (2nd and 3rd generation), the smallest screen iOS 17 runs on, in points.
    static let screenWidth = 375.0
    static let screenHeight = 667.0
    static let statusBar = 20.0
    /// SwiftUI's default `.padding()`.
    static let padding = 16.0
    /// MessageCard's close control: the room kept beside the words (`.padding(.trailing, 36)`).
    static let closeControl = 36.0
    /// A bordered button at the regular control size: a body line and 6 points above and below.
    static let buttonHeight = 34.0

    /// What one layout offers: the width of its words, the height they share with the rest, its styles.
    struct Frame {
        var layout: Message.Layout
        var width: Double
        var height: Double
        var title: Style
        var text: Style
        /// Between the title and the text.
        var gap: Double
        /// Between the other parts (features, buttons).
        var spacing: Double
        var button: Double

        var description: String {
            "on \(layout == .alert ? "an" : "a") \(layout.rawValue) on a 375 × 667-point iPhone SE (\(TextFit.number(width)) points wide for its words, "
                + "\(TextFit.number(height)) high)"
        }
    }

    /// The frame of `message`'s layout, or `nil` for one without words to measure (an image).
    static func frame(of message: ResolvedMessage) -> Frame? {
        let close =
            message.needsCloseControl && message.layout != .banner && message.layout != .alert ? closeControl : 0
        switch message.layout {
        case .alert:
            // UIKit's alert: 270 points wide with 16-point insets; 20 points above the title and below the
            // message, 44-point button rows; it keeps 20 points from the status bar and the bottom edge.
            return Frame(
                layout: .alert, width: 270 - 2 * padding, height: screenHeight - statusBar - 2 * 20 - 2 * 20,
                title: .headline, text: .footnote, gap: 2, spacing: 0, button: 44)
        case .banner:
            // BannerHost: 16 points from the sides; MessageCard's banner: `.padding()`, a 56-point picture
            // and 12 points beside it; its window ends 8 points below it, at most the screen's height.
            let picture: Double = message.image == nil ? 0 : 56 + 12
            return Frame(
                layout: .banner, width: screenWidth - 4 * padding - picture,
                height: screenHeight - statusBar - 8 - 2 * padding, title: .headline, text: .subheadline, gap: 2,
                spacing: 0, button: 0)
        case .modal:
            // CardContainer: `.padding()` around the card inside the safe area; MessageCard: `.padding()`.
            return Frame(
                layout: .modal, width: screenWidth - 4 * padding - close,
                height: screenHeight - statusBar - 4 * padding, title: .headline, text: .body, gap: 12, spacing: 12,
                button: buttonHeight)
        case .sheet:
            // A page sheet starts 10 points below the status bar; MessageCard: `.padding()`.
            return Frame(
                layout: .sheet, width: screenWidth - 2 * padding - close,
                height: screenHeight - statusBar - 10 - 2 * padding, title: .title2, text: .body, gap: 12,
                spacing: 12, button: buttonHeight)
        case .image:
            return nil
        }
    }

    /// How many lines `text` takes in `width` points set in `style`, and its average character width.
    static func lines(_ text: String, width: Double, style: Style) -> (
        lines: Int, characterWidth: Double, characters: Int
    ) {
        var lines = 0
        var total = 0.0
        var characters = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var ems = 0.0
            for character in paragraph {
                ems += isWide(character) ? 1 : style.em
                characters += 1
            }
            total += ems * style.size
            lines += max(1, Int((ems * style.size / width).rounded(.up)))
        }
        return (lines, characters == 0 ? style.em * style.size : total / Double(characters), characters)
    }

    /// East Asian wide and fullwidth characters (and the emoji blocks), a whole em wide.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Measures texts once each (by where they come from), within a budget: a feed whose translations
    /// would take more work than any real feed's is checked as far as the budget goes, and says so.
    struct Measure {
        /// Characters measured and localizations searched, at most: far above a 4 MiB feed's own text.
        var budget = 16_000_000
        var spent = 0
        private var known: [String: (lines: Int, characterWidth: Double, characters: Int)] = [:]

        var isSpent: Bool { spent > budget }

        mutating func lines(_ text: String, key: String, width: Double, style: Style) -> (
            lines: Int, characterWidth: Double, characters: Int
        ) {
            let memo =
                key + "|" + String(Int(width)) + "|" + String(Int(style.size)) + "|" + String(Int(style.em * 100))
            if let known = known[memo] { return known }
            spent += text.utf8.count + 1
            let measured = TextFit.lines(text, width: width, style: style)
            known[memo] = measured
            return measured
        }
    }

    /// The height of everything but the title and the text: features and buttons, with their spacing.
    /// `features` names where the features come from, for measuring them once.
    static func rest(of message: ResolvedMessage, in frame: Frame, features: String, _ measure: inout Measure) -> Double
    {
        var height = 0.0
        if frame.layout == .sheet {
            for (index, feature) in (message.features ?? []).enumerated() {
                let width = frame.width - (feature.symbol == nil ? 0 : Style.title2.size + 12)
                let key = "\(features)[\(index)]"
                var words =
                    Double(measure.lines(feature.title, key: key + ".title", width: width, style: .subheadline).lines)
                    * Style.subheadline.lineHeight
                if let text = feature.text {
                    words +=
                        4 + Double(measure.lines(text, key: key + ".text", width: width, style: .footnote).lines)
                        * Style.footnote.lineHeight
                }
                height += frame.spacing + max(feature.symbol == nil ? 0 : Style.title2.lineHeight, words)
            }
        }
        let buttons = message.buttons.count
        guard buttons > 0, frame.button > 0 else { return height }
        if frame.layout == .alert {
            // Two short buttons (a line each in half the alert's width) share one row; otherwise each has its own.
            let sideBySide =
                buttons == 2
                && message.buttons.allSatisfy {
                    $0.title.utf8.count <= 64 && lines($0.title, width: 270 / 2 - 2 * 8, style: .body).lines == 1
                }
            return height + frame.button * Double(sideBySide ? 1 : buttons)
        }
        return height + Double(buttons) * (frame.spacing + frame.button)
    }

    /// What does not fit of `message` (resolved for one language and variant): its title, or its text,
    /// with the numbers for the warning.
    struct Overflow {
        enum Key: String { case title, text }
        var key: Key
        var characters: Int
        var lines: Int
        var limitLines: Int
        var limitCharacters: Int
        var frame: Frame
    }

    /// Where the title, the text and the features of one showing come from (JSON paths), which also
    /// names them for measuring once.
    struct Sources {
        var title: String
        var text: String
        var features: String
    }

    static func overflow(of message: ResolvedMessage, _ sources: Sources, _ measure: inout Measure) -> Overflow? {
        guard let frame = frame(of: message) else { return nil }
        let room = frame.height - rest(of: message, in: frame, features: sources.features, &measure) - frame.gap
        let title = measure.lines(message.title, key: sources.title, width: frame.width, style: frame.title)
        // The title with one line of text, then the text below the title as it is.
        let titleRoom = Int(((room - frame.text.lineHeight) / frame.title.lineHeight).rounded(.down))
        if title.lines > titleRoom {
            return Overflow(
                key: .title, characters: title.characters, lines: title.lines, limitLines: max(0, titleRoom),
                limitCharacters: characters(in: titleRoom, width: frame.width, characterWidth: title.characterWidth),
                frame: frame)
        }
        let text = measure.lines(message.text, key: sources.text, width: frame.width, style: frame.text)
        let textRoom = Int(
            ((room - Double(title.lines) * frame.title.lineHeight) / frame.text.lineHeight).rounded(.down))
        guard text.lines > textRoom else { return nil }
        return Overflow(
            key: .text, characters: text.characters, lines: text.lines, limitLines: max(0, textRoom),
            limitCharacters: characters(in: textRoom, width: frame.width, characterWidth: text.characterWidth),
            frame: frame)
    }

    static func characters(in lines: Int, width: Double, characterWidth: Double) -> Int {
        Int((Double(max(0, lines)) * width / characterWidth).rounded(.down))
    }

    /// The warnings for `messages` (shown at launch: a slot's size is the app's, and the inbox scrolls):
    /// each language (the base texts and each tag of the message's and its variants' `localizations`)
    /// of each variant, once per text of the feed.
    static func warnings(for messages: [Message], _ positions: MessagePositions) -> [FeedDiagnostic] {
        var found: [FeedDiagnostic] = []
        var measure = Measure()
        for message in messages where message.placement == .launch {
            guard let index = positions.index(of: message.id) else { continue }
            if measure.isSpent {
                found.append(
                    FeedDiagnostic(
                        severity: .warning, code: .limit, path: positions.path(of: index), messageIndex: index,
                        messageID: message.id,
                        reason: "the lengths of this message's texts and the later ones' were not checked: the "
                            + "feed's translations are more than a check of text lengths takes on"))
                break
            }
            let path = positions.path(of: index)
            var warned = Set<String>()
            var showings = Set<String>()
            let variants: [Int?] = message.variants.isEmpty ? [nil] : message.variants.indices.map { $0 }
            let inherited = Translations(message.localizations)
            for variant in variants {
                let own = Translations(variant.flatMap { message.variants[$0].localizations } ?? [])
                let setsOwn = variant.map { Self.setsWords(message.variants[$0]) } ?? false
                // The languages of the variant's translations, then the message's it does not have.
                var listed = Set<LanguageTag>()
                let languages: [LanguageTag?] =
                    [nil] + (own.all + inherited.all).map(\.tag).filter { listed.insert($0).inserted }
                for language in languages {
                    // A showing is its variant's own keys, the variant's translation and the message's:
                    // one that shares all three with a showing checked already is that showing.
                    let ownTranslation = language.flatMap { own.translation(for: $0, &measure) }
                    let inheritedTranslation = language.flatMap { inherited.translation(for: $0, &measure) }
                    let ownTag = ownTranslation?.tag.description
                    let variantKey = setsOwn || ownTag != nil ? variant ?? -1 : -1
                    let showing = "\(variantKey)|\(ownTag ?? "-")|\(inheritedTranslation?.tag.description ?? "-")"
                    guard showings.insert(showing).inserted else { continue }
                    let (worded, localization) = Self.worded(
                        message, variant: variant, language: language, own: ownTranslation,
                        inherited: inheritedTranslation)
                    let shown = ResolvedMessage(
                        worded, localization: localization, preferredLanguages: language.map { [$0] } ?? [])
                    let sources = Sources(
                        title: source(
                            of: .title, in: message, variant: variant, language: language, path: path,
                            own: own, inherited: inherited, &measure),
                        text: source(
                            of: .text, in: message, variant: variant, language: language, path: path,
                            own: own, inherited: inherited, &measure),
                        features: "\(path)|\(variant ?? -1)|"
                            + (localization?.features == nil ? "" : localization?.tag.description ?? ""))
                    guard let overflow = overflow(of: shown, sources, &measure) else { continue }
                    let at = overflow.key == .title ? sources.title : sources.text
                    guard warned.insert(at).inserted else { continue }
                    found.append(
                        FeedDiagnostic(
                            severity: .warning, code: .textTooLong, path: at, messageIndex: index,
                            messageID: message.id,
                            key: overflow.key.rawValue,
                            reason: reason(
                                overflow, message: message,
                                variant: at.hasPrefix("\(path).variants[") ? variant : nil,
                                language: language)))
                }
            }
        }
        return found
    }

    static func reason(_ overflow: Overflow, message: Message, variant: Int?, language: LanguageTag?) -> String {
        let whose =
            variant.map { index in
                let label = message.variants[index].name.map { "\"\($0)\"" } ?? message.variantLabel(index)
                return "variant \(label)'s "
            } ?? ""
        let inLanguage = language.map { " in \($0.description)" } ?? ""
        let lines = overflow.lines == 1 ? "1 line" : "\(overflow.lines) lines"
        let limit = overflow.limitLines == 1 ? "1 line" : "\(overflow.limitLines) lines"
        var text =
            "\(whose)\(overflow.key.rawValue)\(inLanguage) is \(overflow.characters) characters, about \(lines) "
            + "\(overflow.frame.description); \(limit) fit without scrolling, about \(overflow.limitCharacters) characters"
        if overflow.key == .text { text += " below its title" }
        if message.image != nil && overflow.frame.layout != .banner { text += " (not counting its picture)" }
        return text + ": shorten it, or the reader scrolls"
    }

    /// `message` as `variant` words it in `language` (the base texts for `nil`), and the localization
    /// that shows: ``Message/applying(variant:)`` over only the two translations the rule takes for
    /// `language` (`own`, the variant's, and `inherited`, the message's), so that wording one language
    /// costs the same however many the message has.
    static func worded(
        _ message: Message, variant: Int?, language: LanguageTag?, own: Message.Localization?,
        inherited: Message.Localization?
    ) -> (Message, Message.Localization?) {
        guard let variant else { return (message, inherited) }
        var trimmed = message
        trimmed.localizations = inherited.map { [$0] } ?? []
        if trimmed.variants[variant].localizations != nil {
            trimmed.variants[variant].localizations = own.map { [$0] } ?? []
        }
        let worded = trimmed.applying(variant: variant)
        return (worded, language.flatMap { tag in worded.localizations.first { $0.tag == tag } })
    }

    /// Whether `variant` sets a key that changes how much room the words have.
    static func setsWords(_ variant: Message.Variant) -> Bool {
        variant.title != nil || variant.text != nil || variant.confirmLabel != nil || variant.link != nil
            || variant.buttons != nil || variant.image != nil || variant.features != nil
    }

    /// One source's localizations by tag, for finding the one a language takes at once.
    struct Translations {
        let all: [Message.Localization]
        let byTag: [LanguageTag: Message.Localization]

        init(_ all: [Message.Localization]) {
            self.all = all
            byTag = Dictionary(all.map { ($0.tag, $0) }, uniquingKeysWith: { first, _ in first })
            languages = Set(all.map { String($0.tag.language) })
        }

        /// The language subtags of ``all``: a language none of them has gets none of them (but for the
        /// old and alternative codes the matching rules treat as one another's).
        let languages: Set<String>
        static let aliases: Set<String> = ["he", "iw", "id", "in", "fil", "tl", "yi", "ji", "nb", "no", "nn"]

        /// The localization the engine takes for `language`: exactly it, else the matching rules' choice.
        func translation(for language: LanguageTag, _ measure: inout Measure) -> Message.Localization? {
            if let exact = byTag[language] { return exact }
            let subtag = String(language.language)
            guard !all.isEmpty, languages.contains(subtag) || Self.aliases.contains(subtag) else { return nil }
            measure.spent += all.count
            return Localizations.best(of: all, for: [language])
        }
    }

    /// Where `key` comes from for `language` and `variant`: the translation rule of a variant
    /// (``Message/applying(variant:)``), in the order it tries them.
    static func source(
        of key: Overflow.Key, in message: Message, variant: Int?, language: LanguageTag?, path: String,
        own: Translations, inherited: Translations, _ measure: inout Measure
    ) -> String {
        func value(_ localization: Message.Localization?) -> String? {
            key == .title ? localization?.title : localization?.text
        }
        func localizationPath(_ base: String, _ tag: LanguageTag) -> String {
            JSONPath.appending(key.rawValue, to: JSONPath.appending(tag.description, to: base + ".localizations"))
        }
        let variantPath = variant.map { "\(path).variants[\($0)]" }
        if let language, let variantPath, let translation = own.translation(for: language, &measure),
            value(translation) != nil
        {
            return localizationPath(variantPath, translation.tag)
        }
        let setsKey = variant.flatMap { key == .title ? message.variants[$0].title : message.variants[$0].text } != nil
        if let language, !setsKey, let translation = inherited.translation(for: language, &measure),
            value(translation) != nil
        {
            return localizationPath(path, translation.tag)
        }
        if setsKey, let variantPath { return JSONPath.appending(key.rawValue, to: variantPath) }
        return JSONPath.appending(key.rawValue, to: path)
    }

    /// `12` or `12.5`: a number of points or hours as people write it.
    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
