import Foundation

/// When a banner leaves the screen by itself: its ``ResolvedMessage/bannerSeconds`` after it was
/// shown, but never while VoiceOver runs (a VoiceOver user hears the banner read and must be able to
/// reach it), and never sooner than its full time after VoiceOver stops. A swipe or a tap ends it
/// at once; that is the view's gesture, not a time.
///
/// The views only ask ``deadline`` (when to look again) and ``isDue(at:)``; every rule is here, tested
/// on Linux.
public struct BannerTimer: Sendable, Hashable {
    /// The banner's time on screen, in seconds.
    public let seconds: Double
    /// When the current countdown started: the showing, or the moment VoiceOver stopped.
    public private(set) var startedAt: Date?
    /// `true` while VoiceOver runs: the banner stays.
    public private(set) var isHeld = false

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

    /// The banner went on screen at `date`.
    public mutating func shown(at date: Date, voiceOverRunning: Bool) {
        startedAt = date
        isHeld = voiceOverRunning
    }

    /// VoiceOver started or stopped at `date`. Stopping starts the countdown again from the full time.
    public mutating func voiceOverChanged(running: Bool, at date: Date) {
        guard startedAt != nil, running != isHeld else { return }
        isHeld = running
        if !running { startedAt = date }
    }

    /// When the banner is to leave; `nil` while it is not shown or VoiceOver holds it.
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
