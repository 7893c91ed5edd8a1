@_spi(Authoring) import AppAlert

/// Which OS versions exist on Apple's platforms, for the rows `audience` and `diff` show and the
/// simulator's defaults: a row stands for installs that can exist, so it never shows an iOS 20, a
/// macOS 17 or this machine's Linux kernel as an iOS version.
///
/// Written from Apple's release history as of November 2026 (iOS 27, macOS 27 and their siblings out
/// since September 2026; Apple numbered every platform 26 in 2025). A version later than the newest
/// listed is taken to exist: a feed may target releases still to come.
public enum OSReleases {
    /// The major versions released on `platform`, oldest first; `nil` for a platform whose versions are
    /// not Apple's to list (Linux, Windows, an unknown name), where any version may run.
    public static func majors(on platform: Platform) -> [Int]? {
        switch platform {
        case .iOS: iOS
        case .iPadOS: iPadOS
        case .macOS: macOS
        case .tvOS: tvOS
        case .watchOS: watchOS
        case .visionOS: visionOS
        default: nil
        }
    }

    // iPhone OS 1 to iOS 18, then the year's number.
    static let iOS = Array(1...18) + [26, 27]
    // iPads ran iOS from 3.2 and iPadOS from 13; a device reports `ipados` either way.
    static let iPadOS = Array(3...18) + [26, 27]
    // Mac OS X 10.0 to macOS 10.15 are all major 10.
    static let macOS = Array(10...15) + [26, 27]
    static let tvOS = Array(9...18) + [26, 27]
    static let watchOS = Array(1...11) + [26, 27]
    static let visionOS = [1, 2, 26, 27]

    /// The release a row or the simulator shows for `platform` when the feed does not ask for another:
    /// the current one as of November 2026 for Apple's platforms, Windows 11 24H2's for Windows; `nil`
    /// for Linux (a kernel version is the machine's own) and unknown platforms.
    public static func current(on platform: Platform) -> Version? {
        switch platform {
        case .iOS, .iPadOS, .macOS, .tvOS, .watchOS, .visionOS: Version([27, 1])
        case .windows: Version([10, 0, 26100])
        default: nil
        }
    }

    /// Whether a device on `platform` can run `version`: a listed major, or one after the newest. Any
    /// release is possible where ``majors(on:)`` is `nil`; a pre-release never is (devices report
    /// releases).
    public static func exists(_ version: Version, on platform: Platform) -> Bool {
        guard !version.isPrerelease else { return false }
        guard let majors = majors(on: platform), let newest = majors.last else { return true }
        return version.major > newest || majors.contains(version.major)
    }
}
