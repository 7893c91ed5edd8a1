import AppAlert
import Foundation

/// A store that keeps everything in memory: for tests of code that uses AppAlert, and for previews.
public actor InMemoryAlertStore: AlertStore {
    private var current: InstallState?
    private var feed: CachedFeed?
    /// How many times the state was written.
    public private(set) var writeCount = 0

    /// A store with `state` (a fresh install when `nil`) and, optionally, a cached feed.
    public init(state: InstallState? = nil, cachedFeed: CachedFeed? = nil) {
        self.current = state
        self.feed = cachedFeed
    }

    public nonisolated var locations: [String] { ["memory"] }

    public func state() async throws -> InstallState {
        if let current { return current }
        let fresh = InstallState()
        current = fresh
        writeCount += 1
        return fresh
    }

    public func updateState<Result: Sendable>(
        _ change: @Sendable (inout InstallState) throws -> Result
    ) async throws -> Result {
        var state = try await self.state()
        let result = try change(&state)
        if state != current {
            current = state
            writeCount += 1
        }
        return result
    }

    public func cachedFeed() async throws -> CachedFeed? { feed }

    public func saveCachedFeed(_ feed: CachedFeed) async throws { self.feed = feed }

    public func reset() async throws {
        current = nil
        feed = nil
    }
}
