import Foundation

// Reading the rich keys of a message: layout, image, buttons, action, features, colors, data, placement
// and bannerSeconds, and the buttons, image and features of its localizations and variants. Every
// malformed value is an error at its JSON path (the message is left out); a key the layout cannot
// show is a warning and ignored. A list over its limit is reported once and not read further, so a
// hostile 10,000-button list costs one diagnostic.
extension MessageReader {
    static let imageKeys = ["url", "alt", "darkUrl"]
    static let buttonKeys = ["title", "action"]
    static let featureKeys = ["title", "text", "symbol"]
    static let colorKeys = ["background", "text", "accent"]
    static let colorsKeys = colorKeys + ["dark"]
    static let actionKeys = ["url", "event"]

    /// The rich keys of one message, read and checked against its layout.
    struct RichContent {
        var image: Message.Image?
        var buttons: [Message.Button]?
        var action: Message.Action?
        var features: [Message.Feature]?
        var colors: Message.Colors?
        var data: [String: String] = [:]
        var placement = Message.Placement.launch
        var bannerSeconds = Message.defaultBannerSeconds
    }

    /// The layout, or nil (with one error, naming the layout probably meant) when it is not one.
    mutating func readLayout(_ value: JSONValue) -> Message.Layout? {
        if case .string(let name) = value, let layout = Message.Layout(rawValue: name) { return layout }
        let names = Message.Layout.allCases.map(\.rawValue)
        let known = "\"layout\" is one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .string(let name) = value else {
            report(
                .error, .wrongType, key: "layout", value: value.compactDescription,
                reason: "\"layout\" must be a string, not \(value.typeDescription); " + known)
            return nil
        }
        // A likely misspelling names the layout meant, alone; otherwise every layout is listed.
        let meant = KeySuggestion.closest(to: name, among: names, loosely: true)
        report(
            .error, .invalidValue, key: "layout", value: value.compactDescription,
            reason: "unknown layout \"\(name)\"" + (meant.map { " (did you mean \"\($0)\"?)" } ?? "; " + known))
        return nil
    }

    mutating func readRichContent(
        image: JSONValue?, buttons: JSONValue?, action: JSONValue?, features: JSONValue?, colors: JSONValue?,
        data: JSONValue?, placement: JSONValue?, bannerSeconds: JSONValue?
    ) -> RichContent {
        let layout = self.layout
        let base = messagePathParts
        var content = RichContent()
        content.image = image.flatMap { readImage($0, path: JSONPath.appending("image", to: base.path)) }
        if layout == .image, image == nil {
            report(
                .error, .missingKey, key: "image", reason: "a message with \"layout\": \"image\" needs an \"image\"")
        }
        if let buttons {
            content.buttons = readButtons(buttons, path: JSONPath.appending("buttons", to: base.path))
        }
        if let action {
            if let layout, !layout.hasTapAction {
                report(
                    .error, .invalidValue, key: "action", value: action.compactDescription,
                    reason: "\"action\" is what a tap on a banner or an image does; \(layout.withArticle) has "
                        + "\"buttons\"")
            } else {
                content.action = readAction(action, key: "action", path: JSONPath.appending("action", to: base.path))
            }
        }
        if let features {
            content.features = readFeatures(features, path: JSONPath.appending("features", to: base.path))
        }
        if let colors {
            content.colors = readColors(colors)
            if let layout, !layout.isCustomDrawn, content.colors != nil {
                report(
                    .warning, .noEffect, key: "colors",
                    reason: "a system alert (\"layout\": \"alert\") cannot show colors; they are ignored")
            }
        }
        if let data { content.data = readData(data) ?? [:] }
        if let placement {
            if case .string(let name) = placement, let value = Message.Placement(name: name) {
                content.placement = value
            } else {
                report(
                    .error, placement.stringValue == nil ? .wrongType : .invalidValue, key: "placement",
                    value: placement.compactDescription,
                    reason: "\"placement\" must be \"launch\", \"inbox\" or the name of one of the app's slots "
                        + "(1 to 64 letters, digits, \"-\", \"_\" or \".\")")
            }
        }
        if let bannerSeconds {
            if let seconds = number(bannerSeconds, key: "bannerSeconds", in: Message.bannerSecondsRange) {
                if layout == .banner {
                    content.bannerSeconds = seconds
                } else if let layout {
                    report(
                        .warning, .noEffect, key: "bannerSeconds", value: bannerSeconds.compactDescription,
                        reason:
                            "\"bannerSeconds\" has no effect on \(layout.withArticle); only a banner leaves by itself")
                }
            }
        }
        if layout == .alert { content.image = nil }
        if layout != .sheet { content.features = nil }
        return content
    }

    /// `{"url": URL, "alt": TEXT, "darkUrl": URL}`, checked against the layout: on an alert a warning
    /// (a system alert cannot show it), without `alt` an error on an image layout and a warning
    /// elsewhere.
    mutating func readImage(_ value: JSONValue, path: @autoclosure () -> String) -> Message.Image? {
        let layout = self.layout
        guard case .object(let object) = value else {
            wrongType(value, key: "image", expected: "an object with \"url\" and \"alt\"", path: path())
            return nil
        }
        checkKeys(of: object, known: Self.imageKeys, path: path())
        var url: URL?
        if let field = present(object, "url") {
            url = imageURL(field, key: "url", path: path() + ".url")
        } else {
            report(.error, .missingKey, path: path() + ".url", key: "image", reason: "the image's \"url\" is missing")
        }
        let darkURL = present(object, "darkUrl").flatMap { imageURL($0, key: "darkUrl", path: path() + ".darkUrl") }
        var alt: String?
        if let field = present(object, "alt") { alt = string(field, key: "alt", path: path() + ".alt") }
        let hasAlt = !(alt ?? "").allSatisfy(\.isWhitespace)
        if layout == .alert {
            report(
                .warning, .noEffect, path: path(), key: "image",
                reason: "a system alert (\"layout\": \"alert\") cannot show an image; it is ignored")
        } else if !hasAlt {
            report(
                layout == .image ? .error : .warning, .missingKey, path: path() + ".alt", key: "alt",
                reason: layout == .image
                    ? "an image layout needs \"alt\": the text VoiceOver reads instead of the picture"
                    : "the image has no \"alt\": VoiceOver users are told nothing about it")
        }
        guard let url else { return nil }
        return Message.Image(url: url, alt: hasAlt ? alt : nil, darkURL: darkURL)
    }

    /// An image's address: `https:`, or `http:` for the loopback hosts (testing); anything else is an
    /// error, since every app downloads it.
    mutating func imageURL(_ value: JSONValue, key: String, path: @autoclosure () -> String) -> URL? {
        guard let text = string(value, key: key, path: path()) else { return nil }
        guard let (url, scheme) = Self.absoluteURL(text) else {
            report(
                .error, .invalidURL, path: path(), key: key, value: value.compactDescription,
                reason: Self.whyNotAbsolute(text, example: "https://example.com/banner.png"))
            return nil
        }
        // The host is looked at only for http: (a CharacterSet trim here was 5% of decoding a feed with
        // images, FeedBenchmark --rich).
        if scheme == "https" || (scheme == "http" && Self.loopbackHosts.contains((url.host ?? "").lowercased())) {
            return url
        }
        report(
            .error, .invalidURL, path: path(), key: key, value: value.compactDescription,
            reason: "an image must be an https: URL (http: only for localhost, 127.0.0.1 and ::1, for testing)")
        return nil
    }

    static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

    /// 1 or 2 `{"title", "action"}` buttons, checked against the layout and a wall's rules (no dismiss
    /// button, at least one URL button).
    mutating func readButtons(_ value: JSONValue, path: @autoclosure () -> String) -> [Message.Button]? {
        let layout = self.layout
        guard case .array(let elements) = value else {
            wrongType(value, key: "buttons", expected: "an array of {\"title\", \"action\"} buttons", path: path())
            return nil
        }
        if let layout, !layout.hasButtons {
            report(
                .error, .invalidValue, path: path(), key: "buttons",
                reason: "\(layout.withArticle) has no buttons: a tap on it runs its \"action\"")
            return nil
        }
        guard Message.buttonCountRange.contains(elements.count) else {
            report(
                .error, .invalidValue, path: path(), key: "buttons", value: "\(elements.count) buttons",
                reason: "\"buttons\" must hold 1 or 2 buttons (the first is the primary one), not \(elements.count)")
            return nil
        }
        var buttons: [Message.Button] = []
        for (position, element) in elements.enumerated() {
            func itemPath() -> String { path() + "[\(position)]" }
            guard case .object(let object) = element else {
                wrongType(element, key: "buttons", expected: "an object {\"title\", \"action\"}", path: itemPath())
                continue
            }
            checkKeys(of: object, known: Self.buttonKeys, path: itemPath())
            var title: String?
            if let field = present(object, "title") {
                title = string(field, key: "title", path: itemPath() + ".title")
                if title?.isEmpty == true {
                    report(
                        .error, .invalidValue, path: itemPath() + ".title", key: "title", value: "\"\"",
                        reason: "a button's \"title\" must not be empty")
                    title = nil
                }
            } else {
                report(.error, .missingKey, path: itemPath(), key: "buttons", reason: "a button needs a \"title\"")
            }
            var action = Message.Action.dismiss
            if let field = present(object, "action") {
                guard let read = readAction(field, key: "action", path: itemPath() + ".action") else { continue }
                action = read
            }
            if let title { buttons.append(Message.Button(title: title, action: action)) }
        }
        guard buttons.count == elements.count else { return nil }
        if !dismissible {
            if let position = buttons.firstIndex(where: { $0.action == .dismiss }) {
                report(
                    .error, .invalidValue, path: path() + "[\(position)]", key: "buttons",
                    reason: "a message with \"dismissible\": false has no dismiss button")
                return nil
            }
            if !buttons.contains(where: { if case .url = $0.action { true } else { false } }) {
                report(
                    .error, .wallWithoutLink, path: path(), key: "buttons",
                    reason: "a message with \"dismissible\": false needs a button with a \"url\" action, or the "
                        + "user is left with no way on")
                return nil
            }
        }
        return buttons
    }

    /// `"dismiss"`, `{"url": URL}` (checked as a link's URL) or `{"event": NAME}`.
    mutating func readAction(_ value: JSONValue, key: String, path: @autoclosure () -> String) -> Message.Action? {
        let expected = "\"dismiss\", {\"url\": URL} or {\"event\": NAME}"
        switch value {
        case .string("dismiss"):
            return .dismiss
        case .object(let object):
            checkKeys(of: object, known: Self.actionKeys, path: path())
            let url = present(object, "url")
            let event = present(object, "event")
            switch (url, event) {
            case (let url?, nil):
                guard let text = string(url, key: "url", path: path() + ".url") else { return nil }
                return checkedURL(text, value: url, path: path() + ".url").map { .url($0) }
            case (nil, let event?):
                return eventName(event, key: key, path: path() + ".event").map { .event($0) }
            default:
                report(
                    .error, .invalidValue, path: path(), key: key, value: value.compactDescription,
                    reason: "an action is \(expected): one of \"url\" and \"event\"")
                return nil
            }
        default:
            report(
                .error, value.stringValue == nil ? .wrongType : .invalidValue, path: path(), key: key,
                value: value.compactDescription, reason: "\"\(key)\" must be \(expected)")
            return nil
        }
    }

    /// 1 to 10 `{"title", "text", "symbol"}` items; on a layout other than a sheet, a warning.
    mutating func readFeatures(_ value: JSONValue, path: @autoclosure () -> String) -> [Message.Feature]? {
        guard case .array(let elements) = value else {
            wrongType(value, key: "features", expected: "an array of {\"title\", \"text\", \"symbol\"}", path: path())
            return nil
        }
        guard Message.featureCountRange.contains(elements.count) else {
            report(
                .error, .invalidValue, path: path(), key: "features", value: "\(elements.count) features",
                reason: "\"features\" must list 1 to \(Message.featureCountRange.upperBound) items, not "
                    + "\(elements.count)")
            return nil
        }
        var features: [Message.Feature] = []
        for (position, element) in elements.enumerated() {
            func itemPath() -> String { path() + "[\(position)]" }
            guard case .object(let object) = element else {
                wrongType(
                    element, key: "features", expected: "an object {\"title\", \"text\", \"symbol\"}", path: itemPath())
                continue
            }
            checkKeys(of: object, known: Self.featureKeys, path: itemPath())
            guard let titleValue = present(object, "title") else {
                report(.error, .missingKey, path: itemPath(), key: "features", reason: "a feature needs a \"title\"")
                continue
            }
            guard let title = string(titleValue, key: "title", path: itemPath() + ".title") else { continue }
            var feature = Message.Feature(title: title)
            if let field = present(object, "text") {
                feature.text = string(field, key: "text", path: itemPath() + ".text")
            }
            if let field = present(object, "symbol"),
                let symbol = string(field, key: "symbol", path: itemPath() + ".symbol")
            {
                if Self.isSymbolName(symbol) {
                    feature.symbol = symbol
                } else {
                    report(
                        .warning, .invalidValue, path: itemPath() + ".symbol", key: "symbol",
                        value: JSONValue.string(symbol).compactDescription,
                        reason: "not an SF Symbols name (lower-case words and digits joined by dots, e.g. "
                            + "\"star.fill\"); the feature is drawn without a symbol")
                }
            }
            features.append(feature)
        }
        guard features.count == elements.count else { return nil }
        if let layout, layout != .sheet {
            report(
                .warning, .noEffect, path: path(), key: "features",
                reason: "only a sheet (\"layout\": \"sheet\") lists features; they are ignored")
        }
        return features
    }

    /// The shape of an SF Symbols name: 1 to 100 lower-case letters, digits and dots, not starting or
    /// ending with a dot.
    static func isSymbolName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard (1...100).contains(bytes.count), bytes.first != UInt8(ascii: "."), bytes.last != UInt8(ascii: ".")
        else { return false }
        return bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
    }

    /// `{"background", "text", "accent", "dark": {…}}`, each `#RRGGBB` or `#RRGGBBAA`, with a warning for
    /// text on a background, and for a prominent button's white label on the accent, below the WCAG
    /// contrast ratio, per appearance.
    mutating func readColors(_ value: JSONValue) -> Message.Colors? {
        let base = messagePathParts
        func path() -> String { JSONPath.appending("colors", to: base.path) }
        guard case .object(let object) = value else {
            wrongType(value, key: "colors", expected: "an object of #RRGGBB colors", path: path())
            return nil
        }
        checkKeys(of: object, known: Self.colorsKeys, path: path())
        var failed = false
        guard let light = readPalette(object, path: path(), failed: &failed) else { return nil }
        var dark = Message.Palette()
        if let field = present(object, "dark") {
            if case .object(let darkObject) = field {
                checkKeys(of: darkObject, known: Self.colorKeys, path: path() + ".dark")
                dark = readPalette(darkObject, path: path() + ".dark", failed: &failed) ?? dark
            } else {
                failed = true
                wrongType(field, key: "dark", expected: "an object of #RRGGBB colors", path: path() + ".dark")
            }
        }
        guard !failed else { return nil }
        let colors = Message.Colors(light: light, dark: dark)
        // `layout` is nil for an unknown layout: no rule of any layout is checked for that message.
        if layout?.isCustomDrawn == true { checkContrast(colors, path: path) }
        if layout.map({ $0.isCustomDrawn && $0.hasButtons }) == true { checkAccentContrast(colors, path: path) }
        return colors
    }

    private mutating func readPalette(_ object: JSONObject, path: @autoclosure () -> String, failed: inout Bool)
        -> Message.Palette?
    {
        var palette = Message.Palette()
        for key in Self.colorKeys {
            guard let field = present(object, key) else { continue }
            guard case .string(let text) = field, let color = Message.Color(hex: text) else {
                failed = true
                report(
                    .error, field.stringValue == nil ? .wrongType : .invalidValue,
                    path: JSONPath.appending(key, to: path()), key: key, value: field.compactDescription,
                    reason: "a color is \"#RRGGBB\" or \"#RRGGBBAA\" (hex digits), e.g. \"#1A73E8\"")
                continue
            }
            switch key {
            case "background": palette.background = color
            case "text": palette.text = color
            default: palette.accent = color
            }
        }
        return failed ? nil : palette
    }

    /// Warns when text on background, in light or dark appearance, is below the WCAG 2.x ratio of
    /// 4.5:1. Where either color is the platform's own, nothing is known to check.
    private mutating func checkContrast(_ colors: Message.Colors, path: () -> String) {
        var findings: [(appearance: String, pair: String, ratio: String)] = []
        for dark in [false, true] {
            let palette = colors.palette(dark: dark)
            guard let text = palette.text, let background = palette.background else { continue }
            let ratio = Message.Color.contrastRatio(text: text, background: background, canvas: dark ? .black : .white)
            guard ratio < Message.minimumContrastRatio else { continue }
            let finding = (
                dark ? "dark" : "light", "text \(text) on background \(background)", String(format: "%.2f", ratio)
            )
            // Dark appearance with the light colors and the same ratio: one warning for both.
            if dark, let light = findings.first, light.pair == finding.1, light.ratio == finding.2 {
                findings[0].appearance = "light and dark"
            } else {
                findings.append(finding)
            }
        }
        for finding in findings {
            report(
                .warning, .lowContrast, path: finding.appearance == "dark" ? path() + ".dark" : path(), key: "colors",
                value: finding.pair.replacingOccurrences(of: "text ", with: "").replacingOccurrences(
                    of: "background ", with: ""),
                reason: "\(finding.pair) has a contrast ratio of \(finding.ratio):1 in \(finding.appearance) "
                    + "appearance; text needs at least 4.5:1 to be readable (WCAG 2.x)")
        }
    }

    /// Warns when white on the accent, in light or dark appearance, is below the WCAG 2.x ratio of 4.5:1:
    /// a modal's or a sheet's first button is prominent, filled with the accent and labelled in white
    /// (SwiftUI's `borderedProminent` style; the preview page draws it so). A translucent accent is
    /// taken over the message's background over the appearance's own (white or black). The warning's
    /// path is where the accent is written: dark appearance without an accent of its own uses the
    /// light one.
    private mutating func checkAccentContrast(_ colors: Message.Colors, path: () -> String) {
        // Built into words only when reported: the path, the color and the ratio.
        var findings: [(appearance: String, darkOwn: Bool, accent: Message.Color, ratio: Double)] = []
        for dark in [false, true] {
            let palette = colors.palette(dark: dark)
            guard let accent = palette.accent else { continue }
            let canvas: Message.Color = dark ? .black : .white
            let ground = palette.background.map { $0.over(canvas) } ?? canvas
            let ratio = Message.Color.contrastRatio(text: .white, background: accent, canvas: ground)
            guard ratio < Message.minimumContrastRatio else { continue }
            let darkOwn = dark && colors.dark.accent != nil
            // Dark appearance with the light accent and the same ratio, to two decimals: one warning for both.
            if dark, !darkOwn, let light = findings.first, (light.ratio * 100).rounded() == (ratio * 100).rounded() {
                findings[0].appearance = "light and dark"
            } else {
                findings.append((dark ? "dark" : "light", darkOwn, accent, ratio))
            }
        }
        for finding in findings {
            report(
                .warning, .lowContrast, path: path() + (finding.darkOwn ? ".dark.accent" : ".accent"), key: "accent",
                value: "\(Message.Color.white) on \(finding.accent)",
                reason: "white text on accent \(finding.accent) has a contrast ratio of "
                    + "\(String(format: "%.2f", finding.ratio)):1 in \(finding.appearance) appearance; the first "
                    + "button's white label needs at least 4.5:1 to be readable (WCAG 2.x)")
        }
    }

    /// `{"key": "value", …}`: strings only, at most 50 keys, values at most 1,000 characters.
    mutating func readData(_ value: JSONValue) -> [String: String]? {
        let base = messagePathParts
        func path() -> String { JSONPath.appending("data", to: base.path) }
        guard case .object(let object) = value else {
            wrongType(value, key: "data", expected: "an object of strings", path: path())
            return nil
        }
        guard object.members.count <= Message.maximumDataKeys else {
            report(
                .error, .limit, path: path(), key: "data", value: "\(object.members.count) keys",
                reason: "\"data\" holds \(object.members.count) keys; the limit is \(Message.maximumDataKeys)")
            return nil
        }
        checkKeys(of: object, known: [], path: path(), reportingUnknown: false)
        var data: [String: String] = [:]
        var failed = false
        for member in object.members {
            let key = member.key
            func itemPath() -> String { JSONPath.appending(key, to: path()) }
            guard case .string(let text) = member.value else {
                failed = true
                wrongType(member.value, key: "data", expected: "a string", path: itemPath())
                continue
            }
            // Characters as JSON Schema's maxLength counts them (Unicode scalars), counted only when the
            // bytes could be too many.
            if text.utf8.count > Message.maximumDataValueLength,
                text.unicodeScalars.count > Message.maximumDataValueLength
            {
                failed = true
                report(
                    .error, .limit, path: itemPath(), key: "data", value: "\"" + text.prefix(40) + "…\"",
                    reason: "a \"data\" value is \(text.unicodeScalars.count) characters long; the limit is "
                        + "\(Message.maximumDataValueLength)")
                continue
            }
            data[key] = text
        }
        return failed ? nil : data
    }

    /// A localization's `buttons`, `image` and `features`: each replaces the message's whole and is
    /// checked as the message's own. Its `confirmLabel` and `link` cannot be used beside buttons (its own
    /// or the message's).
    mutating func readRichContent(
        buttons: JSONValue?, image: JSONValue?, features: JSONValue?, into localization: inout Message.Localization,
        path: () -> String
    ) {
        if let buttons { localization.buttons = readButtons(buttons, path: path() + ".buttons") }
        if buttons != nil || hasButtons {
            let given = [("confirmLabel", localization.confirmLabel != nil), ("link", localization.link != nil)]
            for (key, present) in given where present {
                report(
                    .error, .invalidValue, path: JSONPath.appending(key, to: path()), key: key,
                    reason: "\"\(key)\" cannot be used with \"buttons\": give every button in \"buttons\"")
            }
        }
        if let image { localization.image = readImage(image, path: path() + ".image") }
        if let features { localization.features = readFeatures(features, path: path() + ".features") }
    }
}
