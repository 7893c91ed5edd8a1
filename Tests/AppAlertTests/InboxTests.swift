@_spi(Authoring) import AppAlert
import AppAlertTesting
import Foundation
import Testing

/// The message center and inline slots: order, read and deleted items kept by every store across
/// clients (as across runs of an app or of `appalert check`), state files from before the inbox, and
/// each placement deciding on its own.
struct InboxTests {
    static let feed = Data(
        #"""
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "*", "title": "Launch", "text": "L"},
          {"id": 2, "bundleId": "*", "title": "Slot", "text": "S", "placement": "home-top", "layout": "banner"},
          {"id": 3, "bundleId": "*", "title": "Pinned", "text": "I", "placement": "inbox", "priority": 5},
          {"id": 4, "bundleId": "*", "title": "Older", "text": "I", "placement": "inbox"},
          {"id": 5, "bundleId": "*", "title": "Newer", "text": "I", "placement": "inbox"},
          {"id": 6, "bundleId": "*", "title": "Over", "text": "I", "placement": "inbox", "endDate": "2020-01-01T00:00:00Z"},
          {"id": 7, "bundleId": "other.app", "title": "Not ours", "text": "I", "placement": "inbox"}
        ]}
        """#.utf8)

    static func client(_ store: any AlertStore) -> AlertClient {
        AlertClient(
            source: FeedSource("https://example.com/messages.json")!, app: exampleApp, store: store,
            transport: StubFeedTransport(body: feed))
    }

    /// A second store over the same place, as the next run of the app or tool opens it.
    static func reopened(_ store: any AlertStore, kind: StoreKind) -> any AlertStore {
        switch kind {
        case .file: FileAlertStore(directory: (store as! FileAlertStore).directory)
        case .userDefaults, .memory: store
        }
    }

    @Test(arguments: StoreKind.allCases)
    func readAndDeletedItemsAreKeptAcrossRuns(kind: StoreKind) async throws {
        let store = kind.make()
        let first = await Self.client(store).inbox()
        #expect(first.storeError == nil)
        #expect(first.inbox.items.map(\.id) == [3, 5, 4])
        #expect(first.inbox.unreadCount == 3)
        try await Self.client(store).openInboxItem(5)
        try await Self.client(store).deleteInboxItem(3)

        let next = await Self.client(Self.reopened(store, kind: kind)).inbox()
        #expect(next.inbox.items.map(\.id) == [5, 4])
        #expect(next.inbox.items.map(\.isRead) == [true, false])
        #expect(next.inbox.unreadCount == 1)
        // Opening counted a showing; the item stays although maxViews is 1.
        #expect(try await store.state().history.views(of: 5) == 1)
        #expect(try await store.state().inbox == Inbox.State(read: [5], deleted: [3]))
    }

    @Test
    func aStateFileFromBeforeTheInboxStillLoads() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-inbox-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Written by the version before the inbox: no "inbox" key.
        let old = #"""
            {
              "history" : { "records" : { "1" : { "count" : 1, "lastShown" : 800000000 } } },
              "installID" : "F00D",
              "lastFeedCheck" : { "date" : 800000000, "url" : "https://example.com/messages.json" }
            }
            """#
        try Data(old.utf8).write(to: directory.appendingPathComponent("state.json"))
        let store = FileAlertStore(directory: directory)
        let state = try await store.state()
        #expect(state.installID == "F00D")
        #expect(state.history.views(of: 1) == 1)
        #expect(state.inbox == nil)
        try await Self.client(store).deleteInboxItem(4)
        let written = try String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8)
        #expect(written.contains("\"inbox\""))
        #expect(try await FileAlertStore(directory: directory).state().installID == "F00D")
    }

    @Test
    func eachPlacementDecidesOnItsOwn() async throws {
        let client = Self.client(InMemoryAlertStore())
        let launch = await client.check()
        #expect(launch.decision.selectedID == 1)
        let slot = await client.check(placement: .slot("home-top"))
        #expect(slot.decision.selectedID == 2)
        #expect(slot.decision.message?.bannerSeconds == 8)
        // The slot's message seen does not free the launch one, nor the other way round.
        try await client.recordShowing(of: 1)
        #expect(await client.check(placement: .slot("home-top")).decision.selectedID == 2)
        #expect(await client.check().decision.selectedID == nil)
        #expect(await client.check(placement: .slot("sidebar")).decision.selectedID == nil)
    }

    @Test(arguments: [
        (Message.Placement.launch, [1]), (.slot("home-top"), [2]), (.inbox, [5, 4, 3]), (.slot("none"), []),
    ])
    func aMessageOfAnotherPlacementIsExcludedByThePlacementRule(placement: Message.Placement, eligible: [Int])
        throws
    {
        let feed = try FeedDecoder().decode(Self.feed).feed
        var context = EvaluationContext(bundleID: "com.example.App", appVersion: Version("1.0"), now: Date())
        context.placement = placement
        let decision = MessageSelector.decide(feed, context: context, explain: true)
        #expect(decision.evaluations.filter(\.isEligible).map(\.id).sorted(by: >) == eligible)
        for evaluation in decision.evaluations where !eligible.contains(evaluation.id) && evaluation.id < 6 {
            guard case .excluded(let exclusion) = evaluation.outcome else { continue }
            #expect(exclusion.rule == .placement)
        }
    }

    @Test
    func stateBytesAreStableForTheSameInbox() throws {
        var one = Inbox.State()
        for id in [9, 3, 5, 3] { one.markRead(id) }
        let two = Inbox.State(read: [5, 9, 3])
        #expect(one == two)
        #expect(one.read == [3, 5, 9])
        one.markUnread(5)
        #expect(!one.isRead(5) && one.isRead(9))
    }
}
