/// An operating system family, as the feed's `platforms` key names it.
///
/// The names are `ios`, `ipados`, `macos`, `tvos`, `watchos`, `visionos`, `linux`, `windows` and `web`,
/// compared without regard to case. A feed may name a platform this version of the library does not
/// know; such a name is kept, matches no device, and `appalert validate` warns about it.
public struct Platform: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The lowercased name.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue.lowercased()
    }

    public static let iOS = Platform(rawValue: "ios")
    public static let iPadOS = Platform(rawValue: "ipados")
    public static let macOS = Platform(rawValue: "macos")
    public static let tvOS = Platform(rawValue: "tvos")
    public static let watchOS = Platform(rawValue: "watchos")
    public static let visionOS = Platform(rawValue: "visionos")
    public static let linux = Platform(rawValue: "linux")
    public static let windows = Platform(rawValue: "windows")
    /// A web page or web app (the JavaScript client in `Web/`), whatever system its browser runs on.
    public static let web = Platform(rawValue: "web")

    /// Every platform the feed contract names.
    public static let known: [Platform] = [.iOS, .iPadOS, .macOS, .tvOS, .watchOS, .visionOS, .linux, .windows, .web]

    public var isKnown: Bool { Platform.known.contains(self) }

    /// Whether a feed entry naming `self` targets a device running `device`.
    ///
    /// `ios` also targets iPads: iPadOS is iOS on an iPad, with the same version numbers, and an app
    /// built for iPhone runs there. `ipados` targets iPads alone.
    public func targets(_ device: Platform) -> Bool {
        self == device || (self == .iOS && device == .iPadOS)
    }

    /// The platform this code was compiled for. On an iPad, an app's runtime context says `.iPadOS`
    /// (the core library cannot tell an iPad from an iPhone without UIKit).
    public static var current: Platform {
        #if os(iOS)
            return .iOS
        #elseif os(macOS)
            return .macOS
        #elseif os(tvOS)
            return .tvOS
        #elseif os(watchOS)
            return .watchOS
        #elseif os(visionOS)
            return .visionOS
        #elseif os(Linux)
            return .linux
        #elseif os(Windows)
            return .windows
        #else
            return Platform(rawValue: "unknown")
        #endif
    }

    public var description: String { rawValue }
}
