import AppAlert
import AppAlertTesting
import Foundation
import Testing

/// What the Apple views draw and do, decided here: when a banner leaves, what a slot shows and what its
/// buttons do, and the inbox's items, unread count, opening and deleting.
@MainActor
struct MessageViewModelTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        (8.0, 8.0), (2.0, 2.0), (60.0, 60.0), (0.5, 2.0), (600.0, 60.0), (-.infinity, 2.0), (.nan, 2.0),
    ])
    func aBannersTimeIsItsSecondsWithinTheAllowedRange(seconds: Double, expected: Double) {
        #expect(BannerTimer(seconds: seconds).seconds == expected)
    }

    @Test
    func aBannerLeavesAfterItsSecondsButNeverWhileVoiceOverRuns() {
        var timer = BannerTimer(seconds: 8)
        #expect(timer.deadline == nil && !timer.isDue(at: Self.start))
        timer.shown(at: Self.start, voiceOverRunning: false)
        #expect(timer.deadline == Self.start.addingTimeInterval(8))
        #expect(!timer.isDue(at: Self.start.addingTimeInterval(7.9)))
        #expect(timer.isDue(at: Self.start.addingTimeInterval(8)))

        // VoiceOver starts before the time is up: the banner stays, however long.
        var held = BannerTimer(seconds: 8)
        held.shown(at: Self.start, voiceOverRunning: false)
        held.voiceOverChanged(running: true, at: Self.start.addingTimeInterval(5))
        #expect(held.isHeld && held.deadline == nil)
        #expect(!held.isDue(at: Self.start.addingTimeInterval(3_600)))
        // It stops: the full time again from then.
        held.voiceOverChanged(running: false, at: Self.start.addingTimeInterval(100))
        #expect(held.deadline == Self.start.addingTimeInterval(108))

        // Shown while VoiceOver runs: held from the start.
        var fromStart = BannerTimer(seconds: 4)
        fromStart.shown(at: Self.start, voiceOverRunning: true)
        #expect(fromStart.deadline == nil)
        // A change before the banner is shown does nothing.
        var notShown = BannerTimer(seconds: 4)
        notShown.voiceOverChanged(running: false, at: Self.start)
        #expect(notShown.startedAt == nil)
    }

    @Test
    func aBannerTimerTakesTheMessagesSeconds() throws {
        let banner = try #require(SampleMessages.all.first { $0.layout == .banner })
        #expect(BannerTimer(banner).seconds == (banner.bannerSeconds ?? Message.defaultBannerSeconds))
    }

    @Test
    func theImageDrawnIsTheLoadedOneForTheAppearance() throws {
        let light = URL(string: "https://example.com/a.png")!
        let dark = URL(string: "https://example.com/a-dark.png")!
        var message = try #require(SampleMessages.all.first { $0.layout == .modal })
        let loaded = [
            ImageLoadResult(url: light, status: .downloaded, data: Data([1])),
            ImageLoadResult(url: dark, status: .downloaded, data: Data([2])),
        ]
        message.image = Message.Image(url: light, alt: "A", darkURL: dark)
        #expect(message.loadedImage(in: loaded, dark: false)?.data == Data([1]))
        #expect(message.loadedImage(in: loaded, dark: true)?.data == Data([2]))
        // Without a dark image, the image in both; bytes that were not loaded are never drawn.
        message.image = Message.Image(url: light, alt: "A")
        #expect(message.loadedImage(in: loaded, dark: true)?.data == Data([1]))
        #expect(message.loadedImage(in: [ImageLoadResult(url: light, status: .failed)], dark: false) == nil)
        message.image = nil
        #expect(message.loadedImage(in: loaded, dark: false) == nil)
    }

    /// A service over a file feed and an in-memory store; `events` collects what it tells the app.
    static func service(_ feed: String) throws -> (AlertService, Events) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("messages.json")
        try Data(feed.utf8).write(to: file)
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        let client = AlertClient(
            source: FeedSource(file.path)!,
            app: AppInfo(
                bundleID: "com.example.App", appVersion: "1.0", platform: .iOS, osVersion: Version("17.0"),
                preferredLanguages: [LanguageTag("en")]),
            store: InMemoryAlertStore(), configuration: configuration, clock: .fixed(start))
        let service = AlertService(client: client)
        let events = Events()
        service.onEvent = { events.all.append($0) }
        return (service, events)
    }

    final class Events {
        var all: [AlertEvent] = []
    }

    static let slotFeed = """
        [{"id": 1, "bundleId": "com.example.App", "title": "Pro", "text": "Try it", "placement": "home-top",
          "layout": "modal", "attributes": {"plan": "free"},
          "buttons": [{"title": "See plans", "action": {"url": "https://example.com/pro"}}, {"title": "Not now"}]},
         {"id": 2, "bundleId": "com.example.App", "title": "Welcome", "text": "Hello"},
         {"id": 3, "bundleId": "com.example.App", "title": "Tip", "text": "Swipe", "placement": "home-top",
          "layout": "banner", "action": {"event": "tip.opened"}, "priority": -1}]
        """

    @Test
    func aSlotShowsItsOwnPlacementsMessageAndRecordsTheAnswer() async throws {
        let (service, events) = try Self.service(Self.slotFeed)
        let slot = MessageSlotModel("home-top", service: service)
        await slot.refresh()
        #expect(slot.message?.id == 3, "message 1 needs the plan attribute")
        // The launch message is decided on its own.
        await service.showAlertIfNecessary()
        #expect(service.message?.id == 2)

        // The attributes change: the service's revision says so, and the slot decides again.
        let revision = service.revision
        service.attributes = ["plan": .string("free")]
        #expect(service.revision > revision)
        await slot.refresh()
        #expect(slot.message?.id == 1)
        #expect(slot.message?.buttons.map(\.title) == ["See plans", "Not now"])

        let url = await slot.perform(try #require(slot.message?.buttons.first))
        #expect(url == URL(string: "https://example.com/pro"))
        #expect(slot.message == nil)
        #expect(events.all.contains(.linkOpened(id: 1, url: URL(string: "https://example.com/pro")!, variant: nil)))
        // Shown once (maxViews 1): the slot moves on to its next message.
        await slot.refresh()
        #expect(slot.message?.id == 3)
        await slot.perform(Message.Button(title: "Tip", action: .event("tip.opened")))
        #expect(events.all.last == .buttonEvent(id: 3, name: "tip.opened", variant: nil))
        await slot.refresh()
        #expect(slot.message == nil)
    }

    @Test(arguments: ["launch", "inbox", "not a name", ""])
    func aSlotWithAnInvalidNameShowsNothingAndSaysWhy(name: String) async throws {
        let (service, _) = try Self.service(Self.slotFeed)
        let slot = MessageSlotModel(name, service: service)
        await slot.refresh()
        #expect(slot.message == nil)
        #expect(slot.problem?.contains("is not a slot name") == true)
    }

    static let inboxFeed = """
        [{"id": 10, "bundleId": "com.example.App", "title": "Older", "text": "a", "placement": "inbox",
          "startDate": "2026-01-01T00:00:00Z"},
         {"id": 11, "bundleId": "com.example.App", "title": "Newer", "text": "b", "placement": "inbox",
          "startDate": "2026-06-01T00:00:00Z", "layout": "banner",
          "action": {"url": "https://example.com/news"}},
         {"id": 12, "bundleId": "com.example.App", "title": "Launch", "text": "c"}]
        """

    @Test
    func theInboxListsReadsOpensAndDeletesItemsThatStayAcrossRefreshes() async throws {
        let (service, _) = try Self.service(Self.inboxFeed)
        let inbox = service.inbox
        #expect(service.inbox === inbox)
        #expect(!inbox.hasRefreshed)
        await inbox.refresh()
        #expect(inbox.hasRefreshed)
        #expect(Set(inbox.items.map(\.id)) == [10, 11])
        #expect(inbox.unreadCount == 2)

        await inbox.open(11)
        #expect(inbox.unreadCount == 1)
        // A banner opened from the inbox is a modal card: its tap action a button, and a close button.
        let card = try #require(inbox.openedMessage)
        #expect(card.layout == .modal && card.action == nil && card.dismissible)
        #expect(card.buttons.map(\.action) == [.url(URL(string: "https://example.com/news")!), .dismiss])
        #expect(inbox.perform(card.buttons[0]) == URL(string: "https://example.com/news"))
        #expect(inbox.openedMessage == nil)

        await inbox.delete(10)
        #expect(inbox.items.map(\.id) == [11])
        // What the store kept: a fresh refresh sees the same.
        await inbox.refresh()
        #expect(inbox.items.map(\.id) == [11])
        #expect(inbox.items.first?.isRead == true)
        #expect(inbox.problem == nil)
    }
}
