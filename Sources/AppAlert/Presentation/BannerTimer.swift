import Foundation

/// When a banner leaves the screen by itself: its ``ResolvedMessage/bannerSeconds`` after it was
/// shown, but never while VoiceOver runs (a VoiceOver user hears the banner read and must be able to
/// reach it) or while the app is not active (in the background, behind the app switcher or Control
/// Center: nobody is looking at it), and never sooner than its full time after both end. A swipe or a
/// tap ends it at once; that is the view's gesture, not a time.
///
/// The views only ask ``deadline`` (when to look again) and ``isDue(at:)``; every rule is here, tested
/// on Linux.
public struct BannerTimer: Sendable, Hashable {
    /// The banner's time on screen, in seconds.
    public let seconds: Double
    /// When the current countdown started: the showing, or the moment the last hold ended.
    public private(set) var startedAt: Date?
    /// `true` while VoiceOver runs or the app is not active: the banner stays.
    public var isHeld: Bool { voiceOverRunning || !appActive }
    private var voiceOverRunning = false
    private var appActive = true

    /// A timer for `message` (its ``ResolvedMessage/bannerSeconds``, or the default for a message that
    /// is not a banner).
    public init(_ message: ResolvedMessage) {
        self.init(seconds: message.bannerSeconds ?? Message.defaultBannerSeconds)
    }

    /// A timer of `seconds`, clamped to ``Message/bannerSecondsRange``.
    public init(seconds: Double) {
        let range = Message.bannerSecondsRange
        self.seconds = seconds.isFinite ? min(max(seconds, range.lowerBound), range.upperBound) : range.lowerBound
    }

    /// The banner went on screen at `date`; `appActive` is whether the app is active then (a banner
    /// put up while it is in the background waits for it).
    public mutating func shown(at date: Date, voiceOverRunning: Bool, appActive: Bool = true) {
        startedAt = date
        self.voiceOverRunning = voiceOverRunning
        self.appActive = appActive
    }

    /// VoiceOver started or stopped at `date`. Stopping starts the countdown again from the full time.
    public mutating func voiceOverChanged(running: Bool, at date: Date) {
        guard startedAt != nil, running != voiceOverRunning else { return }
        voiceOverRunning = running
        if !isHeld { startedAt = date }
    }

    /// The app became active, or stopped being active, at `date` (SwiftUI's scene phase). Active again
    /// starts the countdown again from the full time: the user was not looking while it ran.
    public mutating func appActivityChanged(active: Bool, at date: Date) {
        guard startedAt != nil, active != appActive else { return }
        appActive = active
        if !isHeld { startedAt = date }
    }

    /// When the banner is to leave; `nil` while it is not shown or is held (VoiceOver, the app not
    /// active).
    public var deadline: Date? {
        guard let startedAt, !isHeld else { return nil }
        return startedAt.addingTimeInterval(seconds)
    }

    /// Whether the banner is to leave at `now`.
    public func isDue(at now: Date) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }
}
