import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// The inbox is counted (issue 41): an item drawn in the visible list is that day's showing of it
/// (`shown`, once per item and UTC day, across launches), opening it is `opened`; the app hears
/// ``AlertEvent/shown(id:variant:)`` and ``AlertEvent/opened(id:variant:)`` at the same moments as the
/// counters.
@MainActor
struct InboxCountingTests {
    typealias Fixture = ResultsFixture

    static let inboxItem = #", "placement": "inbox""#

    /// A service over a feed whose message 5 is an inbox item, and the events it hands the app.
    func makeService(store: InMemoryAlertStore, clock: HandClock, reporting: Bool = true) throws
        -> (AlertService, EventLog, TestHTTPServer)
    {
        let server = try Fixture.server(feed: Fixture.feed(Self.inboxItem))
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: clock, reporting: reporting))
        let log = EventLog()
        service.onEvent = { log.events.append($0) }
        return (service, log, server)
    }

    func shown(_ log: EventLog) -> [AlertEvent] {
        log.events.filter { if case .shown = $0 { true } else { false } }
    }

    func opened(_ log: EventLog) -> [AlertEvent] {
        log.events.filter { if case .opened = $0 { true } else { false } }
    }

    @Test
    func anItemIsShownOnceADayWhenItsRowIsDrawnAndCountedAsOpenedWhenOpened() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, log, _) = try makeService(store: store, clock: clock)
        await service.inbox.refresh()
        #expect(service.inbox.items.map(\.id) == [5])
        // Listed by the model, but no row drawn yet: not shown.
        #expect(try await Fixture.counters(store) == [])
        #expect(shown(log) == [])

        await service.inbox.itemAppeared(5)?.value
        // Scrolled away and back: the same day's showing.
        await service.inbox.itemAppeared(5)?.value
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - shown 1"])
        #expect(shown(log) == [.shown(id: 5)])

        #expect(opened(log) == [])
        await service.inbox.open(5)
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - opened 1", "2026-11-24 5 - - shown 1"])
        #expect(opened(log) == [.opened(id: 5)])
        #expect(service.inbox.problem == nil)

        // The next launch on the same day draws it again: still that day's one showing.
        clock.advance(hours: 13)
        let (relaunched, relaunchedLog, _) = try makeService(store: store, clock: clock)
        await relaunched.inbox.refresh()
        await relaunched.inbox.itemAppeared(5)?.value
        #expect(shown(relaunchedLog) == [])
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - opened 1", "2026-11-24 5 - - shown 1"])

        // The next UTC day, it is shown again.
        clock.advance(hours: 2)
        await relaunched.inbox.itemAppeared(5)?.value
        #expect(shown(relaunchedLog) == [.shown(id: 5)])
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 5 - - opened 1", "2026-11-24 5 - - shown 1", "2026-11-25 5 - - shown 1",
            ])
    }

    /// Without reporting nothing is counted, and the app still hears `shown` once a day and `opened` at
    /// each opening.
    @Test
    func withoutReportingTheAppHearsShownOnceADayAndNothingIsCounted() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, log, _) = try makeService(store: store, clock: clock, reporting: false)
        await service.inbox.refresh()
        await service.inbox.itemAppeared(5)?.value
        await service.inbox.itemAppeared(5)?.value
        await service.inbox.open(5)
        service.inbox.closeOpened()
        await service.inbox.open(5)
        #expect(shown(log) == [.shown(id: 5)])
        #expect(opened(log) == [.opened(id: 5), .opened(id: 5)])
        #expect(try await store.state().results == nil)
        #expect(try await store.state().inbox?.isRead(5) == true)
    }

    /// A variant of an inbox item is counted as that variant, listed and opened alike.
    @Test
    func aVariantIsCountedWithItsIndex() async throws {
        let store = InMemoryAlertStore()
        let server = try Fixture.server(
            feed: Fixture.feed(
                Self.inboxItem + #", "variants": [{"weight": 1, "title": "A"}, {"weight": 1, "title": "B"}]"#))
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z")))
        await service.inbox.refresh()
        let variant = try #require(service.inbox.items.first?.message.variant)
        await service.inbox.itemAppeared(5)?.value
        await service.inbox.open(5)
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 5 \(variant) - opened 1", "2026-11-24 5 \(variant) - shown 1",
            ])
    }

    /// `opened` is the counter schema 2 added: a batch with one says schema 2 (and matches the JSON
    /// schema); a batch without stays schema 1, for a collector that reads only that.
    @Test
    func aBatchWithOpenedIsSchemaTwoAndOneWithoutStaysSchemaOne() async throws {
        let server = try Fixture.server(feed: Fixture.feed(Self.inboxItem))
        let clock = HandClock("2026-11-26T09:00:00Z")
        var state = InstallState()
        var results = ResultCounts()
        results.counters = [
            .init(day: "2026-11-24", message: 5, event: .shown, n: 3),
            .init(day: "2026-11-24", message: 5, event: .opened, n: 2),
        ]
        state.results = results
        let store = InMemoryAlertStore(state: state)
        await Fixture.client(server: server, store: store, clock: clock).sendCountsIfDue()
        let body = try #require(server.countPosts.first?.body)
        #expect(String(decoding: body, as: UTF8.self).hasPrefix(#"{"schema":2,"#))
        try ResultSendingTests.validate(body)
        let withoutOpened = CountsWire.body(
            batch: UUID().uuidString, app: "com.example.App",
            counts: [.init(day: "2026-11-24", message: 5, event: .shown, n: 3)])
        #expect(String(decoding: withoutOpened, as: UTF8.self).hasPrefix(#"{"schema":1,"#))
    }

    /// A button of an opened item's card is counted as the same button of the message shown by itself
    /// is (issue 41, §6: ResultCountingTests' table of answers), and closing the card as closing the
    /// message; each once.
    @Test(arguments: ResultCountingTests.answers)
    func aButtonOfAnOpenedItemsCardIsCountedAsTheMessagesButton(_ answer: ResultCountingTests.Answer) async throws {
        try await expectCounted(answer.counted, feedKeys: answer.feedKeys, button: answer.button)
    }

    /// The close button a card adds to a banner's tap action counts as a dismissal.
    @Test
    func theCloseButtonACardAddsIsADismissal() async throws {
        try await expectCounted(
            "dismissed", feedKeys: #", "layout": "banner", "action": {"url": "https://example.com/sale"}"#, button: 1)
    }

    /// Opens inbox item 5 (with `feedKeys`), presses the card's `button` (`nil`: closes the card), and
    /// expects `counted` beside `opened`, once, whatever the sheet's binding does afterwards.
    func expectCounted(_ counted: String, feedKeys: String, button: Int?) async throws {
        let store = InMemoryAlertStore()
        let server = try Fixture.server(feed: Fixture.feed(Self.inboxItem + feedKeys))
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z")))
        await service.inbox.refresh()
        await service.inbox.open(5)
        let card = try #require(service.inbox.openedMessage)
        if let button {
            service.inbox.perform(card.buttons[button])
        } else {
            service.inbox.isShowingOpenedMessage = false
        }
        await service.inbox.answerCounting?.value
        service.inbox.isShowingOpenedMessage = false
        service.inbox.closeOpened()
        await service.inbox.answerCounting?.value
        #expect(
            try await Fixture.counters(store)
                == ["2026-11-24 5 - - \(counted) 1", "2026-11-24 5 - - opened 1"].sorted(),
            "\(feedKeys)")
    }

    /// A card's button (`nil`: the card closed without one) and what the app hears from it.
    struct Heard: Sendable, CustomTestStringConvertible {
        let keys: String
        let button: Int?
        let event: AlertEvent
        var testDescription: String { "\(event)" }
    }

    nonisolated static let heard = [
        Heard(keys: #", "buttons": [{"title": "Later", "action": "dismiss"}]"#, button: 0, event: .dismissed(id: 5)),
        Heard(
            keys: #", "link": {"title": "See", "url": "https://example.com/sale"}"#, button: 0,
            event: .linkOpened(id: 5, url: URL(string: "https://example.com/sale")!)),
        Heard(
            keys: #", "buttons": [{"title": "Buy", "action": {"event": "buy"}}]"#, button: 0,
            event: .buttonEvent(id: 5, name: "buy")),
        Heard(keys: "", button: nil, event: .dismissed(id: 5)),
    ]

    /// What the app hears from an opened card: each button tells it what the same button of a launch
    /// message would, and closing the card is a dismissal; with reporting on or off, once.
    @Test(arguments: heard, [true, false])
    func theAppHearsWhatACardsButtonDid(_ expected: Heard, reporting: Bool) async throws {
        let keys = expected.keys
        let button = expected.button
        let heard = expected.event
        let store = InMemoryAlertStore()
        let server = try Fixture.server(feed: Fixture.feed(Self.inboxItem + keys))
        let service = AlertService(
            client: Fixture.client(
                server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z"), reporting: reporting))
        let log = EventLog()
        service.onEvent = { log.events.append($0) }
        await service.inbox.refresh()
        await service.inbox.open(5)
        let card = try #require(service.inbox.openedMessage)
        if let button { service.inbox.perform(card.buttons[button]) }
        // The sheet's binding closes what is already closed: nothing more is heard.
        service.inbox.closeOpened()
        await service.inbox.answerCounting?.value
        let answers = log.events.filter {
            switch $0 {
            case .dismissed, .linkOpened, .buttonEvent: true
            default: false
            }
        }
        #expect(answers == [heard], "\(keys)")
    }

    /// Only items the list has are drawn: an id it does not have records nothing.
    @Test
    func anIdTheListDoesNotHaveIsNotShown() async throws {
        let store = InMemoryAlertStore()
        let (service, log, _) = try makeService(store: store, clock: HandClock("2026-11-24T10:00:00Z"))
        await service.inbox.refresh()
        #expect(service.inbox.itemAppeared(6) == nil)
        #expect(shown(log) == [])
        #expect(try await store.state().inbox == nil)
    }

    /// State written before the inbox was counted loads, and the day's drawings are kept with it.
    @Test
    func anInboxStateWithoutListedItemsLoadsAndTheDaysDrawingsAreKept() throws {
        var state = try JSONDecoder().decode(Inbox.State.self, from: Data(#"{"read": [3], "deleted": [4]}"#.utf8))
        #expect(state.isRead(3) && state.isDeleted(4))
        let marks = [
            state.markListed(5, day: "2026-11-24"), state.markListed(5, day: "2026-11-24"),
            state.markListed(6, day: "2026-11-24"),
        ]
        #expect(marks == [true, false, true])
        var reread = try JSONDecoder().decode(Inbox.State.self, from: JSONEncoder().encode(state))
        #expect(reread == state)
        let nextDay = [reread.markListed(5, day: "2026-11-25"), reread.markListed(6, day: "2026-11-25")]
        #expect(nextDay == [true, true])
    }
}
