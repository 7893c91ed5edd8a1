import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// A refresh that ends after a later one began changes nothing: `.task(id:)` cancels the earlier one
/// as the attributes change, but the store or the network may answer it last (issue 41, the review
/// of AppAlertUI).
@MainActor
struct RefreshOrderTests {
    typealias Fixture = ResultsFixture

    /// The slot home-top's message 5 and inbox item 7, for pros only; inbox item 6, for everyone.
    static let feed = Data(
        #"""
        [{"id": 5, "bundleId": "com.example.App", "title": "For pros", "text": "x", "placement": "home-top",
          "attributes": {"plan": "pro"}},
         {"id": 6, "bundleId": "com.example.App", "title": "News", "text": "Version 2", "placement": "inbox"},
         {"id": 7, "bundleId": "com.example.App", "title": "Pro news", "text": "y", "placement": "inbox",
          "attributes": {"plan": "pro"}}]
        """#.utf8)

    func makeService() throws -> (AlertService, HeldStore, TestHTTPServer) {
        let store = HeldStore()
        let server = try Fixture.server(feed: Self.feed)
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z")))
        service.attributes = ["plan": .string("pro")]
        return (service, store, server)
    }

    @Test
    func anInboxListingThatEndsAfterALaterOneChangesNothing() async throws {
        let (service, store, _) = try makeService()
        await store.holdNextRead()
        let earlier = Task { await service.inbox.refresh() }
        await store.heldReadArrived()
        service.attributes = ["plan": .string("free")]
        await service.inbox.refresh()
        #expect(service.inbox.items.map(\.id) == [6])
        await store.releaseHeldRead()
        await earlier.value
        #expect(service.inbox.items.map(\.id) == [6], "the listing for pros, begun first, ended last")
    }

    @Test
    func aSlotDecisionThatEndsAfterALaterOneChangesNothing() async throws {
        let (service, store, _) = try makeService()
        let slot = MessageSlotModel("home-top", service: service)
        await store.holdNextRead()
        let earlier = Task { await slot.refresh() }
        await store.heldReadArrived()
        service.attributes = ["plan": .string("free")]
        await slot.refresh()
        #expect(slot.message == nil)
        await store.releaseHeldRead()
        await earlier.value
        #expect(slot.message == nil, "the decision for pros, begun first, ended last")
    }
}

/// An in-memory store whose next read of the state, once asked, is held (read, then answered only
/// when released): a listing begun first that ends last.
actor HeldStore: AlertStore {
    private let inner = InMemoryAlertStore()
    private var holding = false
    private var arrived = false
    private var arrival: CheckedContinuation<Void, Never>?
    private var release: CheckedContinuation<Void, Never>?

    nonisolated var locations: [String] { ["memory, held"] }

    /// The next ``state()`` is held.
    func holdNextRead() { holding = true }

    /// Returns once the held read has begun.
    func heldReadArrived() async {
        guard !arrived else { return }
        await withCheckedContinuation { arrival = $0 }
    }

    /// The held read answers (with the state as it was when it began).
    func releaseHeldRead() {
        release?.resume()
        release = nil
    }

    func state() async throws -> InstallState {
        let state = try await inner.state()
        guard holding else { return state }
        holding = false
        arrived = true
        arrival?.resume()
        arrival = nil
        await withCheckedContinuation { release = $0 }
        return state
    }

    func updateState<Result: Sendable>(_ change: @Sendable (inout InstallState) throws -> Result) async throws
        -> Result
    {
        try await inner.updateState(change)
    }

    func cachedFeed() async throws -> CachedFeed? { try await inner.cachedFeed() }
    func saveCachedFeed(_ feed: CachedFeed) async throws { try await inner.saveCachedFeed(feed) }
    func reset() async throws { try await inner.reset() }
}
