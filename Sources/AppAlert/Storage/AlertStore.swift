import Foundation

/// Where AppAlert keeps an install's state and the last good feed.
///
/// Implementations: ``FileAlertStore`` (the default on every platform; safe across processes),
/// ``UserDefaultsAlertStore`` (keeps the state in `UserDefaults` and reads the tutorial's
/// `lastMessageId`), and `InMemoryAlertStore` in the AppAlertTesting product.
///
/// Contract, for every implementation:
/// - ``updateState(_:)`` reads, changes and writes the state as one step: two updates, in this process
///   or another sharing the store, never lose each other's changes.
/// - A write is atomic: a reader sees the old state or the new one, never a mix.
/// - State that cannot be decoded is reported (to the `problems` handler given at creation) and
///   replaced by a fresh state; it never stops the app.
public protocol AlertStore: Sendable {
    /// The current state; a fresh one (new install id) when there is none yet.
    func state() async throws -> InstallState

    /// Changes the state in one step and returns what `change` returns.
    func updateState<Result: Sendable>(
        _ change: @Sendable (inout InstallState) throws -> Result
    ) async throws -> Result

    /// The last good feed, if one was saved.
    func cachedFeed() async throws -> CachedFeed?

    /// Replaces the last good feed.
    func saveCachedFeed(_ feed: CachedFeed) async throws

    /// Forgets everything: state and cached feed.
    func reset() async throws

    /// Where the data lives, for a developer to inspect (paths, defaults keys).
    var locations: [String] { get }
}
