import Foundation

/// Keeps an install's state in `UserDefaults` (the last good feed, which may be large, goes to a
/// file beside it), and honours the tutorial's `lastMessageId`: an install that ran the tutorial's
/// `AlertService` counts every message id up to its stored `lastMessageId` as seen.
///
/// Meant for Apple platforms, where `UserDefaults` persists by itself. On Linux, `UserDefaults` only
/// writes `~/.config/<process>.plist` on `synchronize()`; use ``FileAlertStore`` there (the default).
public final class UserDefaultsAlertStore: AlertStore, @unchecked Sendable {
    /// The defaults key of the state (JSON data).
    public let key: String
    /// The tutorial's key.
    public static let legacyKey = "lastMessageId"

    private let defaults: UserDefaults
    private let feedCache: FileAlertStore
    private let problems: @Sendable (AlertStoreProblem) -> Void
    private let lock = NSLock()

    /// - Parameters:
    ///   - defaults: where the state goes; `.standard` is where the tutorial kept `lastMessageId`.
    ///   - key: the defaults key for AppAlert's state.
    ///   - cacheDirectory: where the last good feed is kept.
    ///   - problems: told about anything the store repaired, such as state it could not decode.
    public init(
        defaults: UserDefaults = .standard, key: String = "AppAlert.state", cacheDirectory: URL,
        problems: @escaping @Sendable (AlertStoreProblem) -> Void = { _ in }
    ) {
        self.defaults = defaults
        self.key = key
        self.feedCache = FileAlertStore(directory: cacheDirectory, problems: problems)
        self.problems = problems
    }

    public var locations: [String] { ["UserDefaults key \(key)"] + [feedCache.cacheFile.path] }

    public func state() async throws -> InstallState {
        updateStateNow { $0 }
    }

    public func updateState<Result: Sendable>(
        _ change: @Sendable (inout InstallState) throws -> Result
    ) async throws -> Result {
        try updateStateNow(change)
    }

    private func updateStateNow<Result>(_ change: (inout InstallState) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        let (stored, needsWrite) = readState()
        var state = stored
        let result = try change(&state)
        if needsWrite || state != stored, let data = try? FileAlertStore.encoder.encode(state) {
            defaults.set(data, forKey: key)
        }
        return result
    }

    private func readState() -> (InstallState, Bool) {
        guard let data = defaults.data(forKey: key) else { return (freshState(), true) }
        do {
            return (try FileAlertStore.decoder.decode(InstallState.self, from: data), false)
        } catch {
            problems(
                AlertStoreProblem(
                    location: "UserDefaults key \(key)", description: "unreadable state replaced by a fresh one"))
            return (freshState(), true)
        }
    }

    /// A new install's state, carrying over the tutorial's `lastMessageId` when there is one.
    private func freshState() -> InstallState {
        var fresh = InstallState()
        let legacy = defaults.integer(forKey: Self.legacyKey)
        if legacy > 0 { fresh.history.legacyLastMessageID = legacy }
        return fresh
    }

    public func cachedFeed() async throws -> CachedFeed? {
        try await feedCache.cachedFeed()
    }

    public func saveCachedFeed(_ feed: CachedFeed) async throws {
        try await feedCache.saveCachedFeed(feed)
    }

    public func reset() async throws {
        lock.withLock { defaults.removeObject(forKey: key) }
        try await feedCache.reset()
    }
}
