import Foundation

/// Where AppAlert gets the time: the system clock in apps, a fixed or stepped one in tests.
public struct AlertClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ now: @escaping @Sendable () -> Date) {
        self.read = now
    }

    public var now: Date { read() }

    /// The system's clock.
    public static let system = AlertClock { Date() }

    /// A clock that always says `date`.
    public static func fixed(_ date: Date) -> AlertClock { AlertClock { date } }
}
