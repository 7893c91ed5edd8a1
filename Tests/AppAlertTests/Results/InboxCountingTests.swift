import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// The inbox is counted (issue 41): an item drawn in the visible list is that day's showing of it
/// (`shown`, once per item and UTC day, across launches), opening it is `opened`; the app hears
/// ``AlertEvent/shown(id:variant:)`` at the same moments as the counter.
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

        await service.inbox.open(5)
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - opened 1", "2026-11-24 5 - - shown 1"])
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

    /// Without reporting nothing is counted, and the app still hears `shown` once a day.
    @Test
    func withoutReportingTheAppHearsShownOnceADayAndNothingIsCounted() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, log, _) = try makeService(store: store, clock: clock, reporting: false)
        await service.inbox.refresh()
        await service.inbox.itemAppeared(5)?.value
        await service.inbox.itemAppeared(5)?.value
        await service.inbox.open(5)
        #expect(shown(log) == [.shown(id: 5)])
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

    struct Answer: Sendable, CustomTestStringConvertible {
        var name: String
        var members: String
        /// The card's button pressed, by its position; `nil` closes the card without one.
        var button: Int?
        var counted: String
        var testDescription: String { name }
    }

    nonisolated static let answers: [Answer] = [
        Answer(
            name: "the feed's first button",
            members:
                #", "layout": "modal", "buttons": [{"title": "Try", "action": {"url": "https://example.com"}}, {"title": "Later"}]"#,
            button: 0, counted: "button.0"),
        Answer(
            name: "the feed's second button",
            members:
                #", "layout": "modal", "buttons": [{"title": "Try", "action": {"event": "try"}}, {"title": "Later"}]"#,
            button: 1, counted: "button.1"),
        Answer(
            name: "a link", members: #", "link": {"title": "More", "url": "https://example.com"}"#, button: 0,
            counted: "link"),
        Answer(name: "the confirm button", members: "", button: 0, counted: "dismissed"),
        Answer(
            name: "a banner's tap action",
            members: #", "layout": "banner", "action": {"url": "https://example.com/sale"}"#, button: 0, counted: "tap"),
        Answer(
            name: "the close button a banner's card adds",
            members: #", "layout": "banner", "action": {"url": "https://example.com/sale"}"#, button: 1,
            counted: "dismissed"),
        Answer(name: "closed without a button", members: "", button: nil, counted: "dismissed"),
    ]

    /// A button of an opened item's card is counted as the message's own button is (issue 41, §6), and
    /// closing the card as closing a message; each once.
    @Test(arguments: answers)
    func aButtonOfAnOpenedItemsCardIsCountedAsTheMessagesButton(_ answer: Answer) async throws {
        let store = InMemoryAlertStore()
        let server = try Fixture.server(feed: Fixture.feed(Self.inboxItem + answer.members))
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z")))
        await service.inbox.refresh()
        await service.inbox.open(5)
        let card = try #require(service.inbox.openedMessage)
        if let index = answer.button {
            service.inbox.perform(card.buttons[index])
        } else {
            service.inbox.isShowingOpenedMessage = false
        }
        await service.inbox.answerCounting?.value
        // Answered once: the sheet's binding set afterwards counts nothing more.
        service.inbox.isShowingOpenedMessage = false
        service.inbox.closeOpened()
        await service.inbox.answerCounting?.value
        #expect(
            try await Fixture.counters(store)
                == [
                    "2026-11-24 5 - - \(answer.counted) 1", "2026-11-24 5 - - opened 1",
                ].sorted(), "\(answer.name)")
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
