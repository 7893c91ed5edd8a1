import Foundation

// The keys of a rich message: how it goes on screen (layout, image, buttons, tap action, features,
// colors), what it hands the app (data) and where it is shown (placement). The decoder checks them
// (FeedDecoder+RichContent.swift); ResolvedMessage resolves them for one device.

extension Message {
    /// How a message goes on screen.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// The system alert: title, text and its buttons (the default).
        case alert
        /// A strip at the top: title, text, an optional image; a tap runs ``Message/action``, and it
        /// leaves by itself after ``Message/bannerSeconds``.
        case banner
        /// A card over the dimmed app: an optional image, title, text, one or two buttons.
        case modal
        /// A what's-new or announcement sheet: an optional image, title, text, ``Message/features``,
        /// one or two buttons.
        case sheet
        /// The image alone with a close control; a tap runs ``Message/action``.
        case image

        /// Whether the layout shows ``Message/buttons`` (banners and images run an action instead).
        public var hasButtons: Bool { self == .alert || self == .modal || self == .sheet }
        /// Whether a tap on the message itself runs an ``Message/Action``.
        public var hasTapAction: Bool { self == .banner || self == .image }
        /// Whether the layout can show an image and colors (a system alert cannot).
        public var isCustomDrawn: Bool { self != .alert }
        /// "an alert", "a banner", … for diagnostics.
        var withArticle: String { (self == .alert || self == .image ? "an " : "a ") + rawValue }
    }

    /// The picture of a message: `url` in light appearance, `darkURL` (when given) in dark.
    public struct Image: Sendable, Hashable {
        public var url: URL
        /// What VoiceOver reads.
        public var alt: String?
        /// The picture for dark appearance; `nil` uses ``url``.
        public var darkURL: URL?

        public init(url: URL, alt: String? = nil, darkURL: URL? = nil) {
            self.url = url
            self.alt = alt
            self.darkURL = darkURL
        }

        /// The picture's address for the appearance.
        public func url(dark: Bool) -> URL { dark ? (darkURL ?? url) : url }
    }

    /// What a button, or a tap on a banner or image, does. Every action closes the message and counts
    /// the showing.
    public enum Action: Sendable, Hashable {
        /// Closes the message.
        case dismiss
        /// Opens a URL (an `https:` page or the app's own deep link), as the app's ``LinkPolicy``
        /// allows.
        case url(URL)
        /// Hands an event to the app, which may in turn show a message whose `trigger` is that event.
        case event(String)
    }

    /// A button: its title and what it does.
    public struct Button: Sendable, Hashable {
        public var title: String
        public var action: Action

        public init(title: String, action: Action) {
            self.title = title
            self.action = action
        }
    }

    /// One item of a what's-new sheet.
    public struct Feature: Sendable, Hashable {
        public var title: String
        public var text: String?
        /// An SF Symbols name, drawn on Apple platforms.
        public var symbol: String?

        public init(title: String, text: String? = nil, symbol: String? = nil) {
            self.title = title
            self.text = text
            self.symbol = symbol
        }
    }

    /// A message's colors for light appearance and, optionally, dark. A color left out is the
    /// platform's own.
    public struct Colors: Sendable, Hashable {
        /// The colors of light appearance (the feed's top-level keys).
        public var light: Palette
        /// The colors of dark appearance as the feed gives them (its `dark` object); see
        /// ``resolvedDark`` for what is drawn.
        public var dark: Palette

        public init(light: Palette = Palette(), dark: Palette = Palette()) {
            self.light = light
            self.dark = dark
        }

        /// Dark appearance's colors: each of ``dark``'s, else the light one.
        public var resolvedDark: Palette {
            Palette(
                background: dark.background ?? light.background, text: dark.text ?? light.text,
                accent: dark.accent ?? light.accent)
        }

        /// The colors drawn in one appearance.
        public func palette(dark isDark: Bool) -> Palette { isDark ? resolvedDark : light }
    }

    /// Background, text and accent colors; `nil` is the platform's own.
    public struct Palette: Sendable, Hashable {
        public var background: Color?
        public var text: Color?
        public var accent: Color?

        public init(background: Color? = nil, text: Color? = nil, accent: Color? = nil) {
            self.background = background
            self.text = text
            self.accent = accent
        }
    }

    /// An sRGB color written `#RRGGBB` or `#RRGGBBAA` in the feed.
    public struct Color: Sendable, Hashable, CustomStringConvertible {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        /// 255 is opaque.
        public var alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// `#RRGGBB` or `#RRGGBBAA`, hex digits in either case; `nil` for anything else.
        public init?(hex: String) {
            // Read in place, without arrays: a feed has thousands of colors.
            let bytes = hex.utf8
            guard bytes.count == 7 || bytes.count == 9, bytes.first == UInt8(ascii: "#") else { return nil }
            var value: UInt32 = 0
            for byte in bytes.dropFirst() {
                guard let digit = Self.hexDigit(byte) else { return nil }
                value = value << 4 | UInt32(digit)
            }
            if bytes.count == 7 { value = value << 8 | 0xFF }
            self.init(
                red: UInt8(value >> 24), green: UInt8(value >> 16 & 0xFF), blue: UInt8(value >> 8 & 0xFF),
                alpha: UInt8(value & 0xFF))
        }

        private static func hexDigit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; upper-case digits.
        public var hex: String {
            let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + components.map { Self.hexPair($0) }.joined()
        }

        private static func hexPair(_ value: UInt8) -> String {
            let digits = Array("0123456789ABCDEF")
            return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
        }

        public var description: String { hex }

        /// This color drawn over an opaque `background` (alpha compositing in sRGB, as browsers and
        /// Core Graphics do by default); opaque.
        public func over(_ background: Color) -> Color {
            let a = Double(alpha) / 255
            func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
                UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
            }
            return Color(
                red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
        }

        /// The relative luminance of WCAG 2.x (opaque color; alpha ignored).
        public var relativeLuminance: Double {
            0.2126 * Self.linear[Int(red)] + 0.7152 * Self.linear[Int(green)] + 0.0722 * Self.linear[Int(blue)]
        }

        /// Each 8-bit sRGB component's linear value, as WCAG 2.x computes it: once, not three `pow`s a color.
        private static let linear: [Double] = (0...255).map { component in
            let value = Double(component) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }

        /// The WCAG 2.x contrast ratio of `text` on `background`, 1 to 21. A translucent background is
        /// taken over `canvas` (the appearance's own background: white in light, black in dark), and
        /// translucent text over the result.
        public static func contrastRatio(text: Color, background: Color, canvas: Color) -> Double {
            let ground = background.over(canvas)
            let ink = text.over(ground)
            let (lighter, darker) = ordered(ink.relativeLuminance, ground.relativeLuminance)
            return (lighter + 0.05) / (darker + 0.05)
        }

        private static func ordered(_ a: Double, _ b: Double) -> (Double, Double) { a >= b ? (a, b) : (b, a) }

        public static let white = Color(red: 255, green: 255, blue: 255)
        public static let black = Color(red: 0, green: 0, blue: 0)
    }

    /// Where a message is shown. Each placement decides on its own: a slot shows at most one message
    /// at a time, and a slot's message never blocks the launch message or another slot's.
    public enum Placement: Sendable, Hashable, CustomStringConvertible {
        /// What the app presents at launch or on an event (the default).
        case launch
        /// The message center: every admitted message is listed, read or unread.
        case inbox
        /// One of the app's inline slots, by name.
        case slot(String)

        /// `"launch"`, `"inbox"` or a slot's name (1 to 64 letters, digits, `-`, `_` or `.`); `nil`
        /// for anything else.
        public init?(name: String) {
            switch name {
            case "launch": self = .launch
            case "inbox": self = .inbox
            default:
                guard Trigger.isValidEventName(name) else { return nil }
                self = .slot(name)
            }
        }

        /// The placement as the feed writes it.
        public var name: String {
            switch self {
            case .launch: "launch"
            case .inbox: "inbox"
            case .slot(let name): name
            }
        }

        public var description: String { name }
    }

    /// A banner's time on screen when the feed gives none, in seconds.
    public static let defaultBannerSeconds = 8.0
    /// The shortest and longest `bannerSeconds`.
    public static let bannerSecondsRange = 2.0...60.0
    /// How many buttons alerts, modals and sheets may have.
    public static let buttonCountRange = 1...2
    /// How many features a sheet may list.
    public static let featureCountRange = 1...10
    /// How many `data` keys a message may carry, and how long a value may be, in characters.
    public static let maximumDataKeys = 50
    public static let maximumDataValueLength = 1_000
    /// The contrast ratio below which `validate` warns that text on a background, or the white label
    /// of a button filled with the accent, is hard to read (WCAG 2.x, level AA for body text).
    public static let minimumContrastRatio = 4.5
}
