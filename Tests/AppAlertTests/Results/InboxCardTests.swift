import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// The card an inbox item opens as, per opener (a window's `InboxList`): two windows keep a card each
/// and each answer is counted; an answered card stays drawn until its sheet is gone; a second opening
/// while a card is open counts nothing (issue 41, the reviews of AppAlertUI).
@MainActor
struct InboxCardTests {
    typealias Fixture = ResultsFixture

    /// Inbox items 5 (a Buy button that sends an event, and Later) and 6 (the confirm button alone).
    static let feed = Data(
        #"""
        [{"id": 5, "bundleId": "com.example.App", "title": "Sale", "text": "Today only", "placement": "inbox",
          "buttons": [{"title": "Buy", "action": {"event": "buy"}}, {"title": "Later", "action": "dismiss"}]},
         {"id": 6, "bundleId": "com.example.App", "title": "News", "text": "Version 2", "placement": "inbox"}]
        """#.utf8)

    /// A service whose inbox over ``feed`` is refreshed, its store and what the app hears.
    func makeService() async throws -> (AlertService, InMemoryAlertStore, EventLog, TestHTTPServer) {
        let store = InMemoryAlertStore()
        let server = try Fixture.server(feed: Self.feed)
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z")))
        let log = EventLog()
        service.onEvent = { log.events.append($0) }
        await service.inbox.refresh()
        #expect(service.inbox.items.map(\.id).sorted() == [5, 6])
        return (service, store, log, server)
    }

    func answers(_ log: EventLog) -> [AlertEvent] {
        log.events.filter {
            switch $0 {
            case .dismissed, .linkOpened, .buttonEvent: true
            default: false
            }
        }
    }

    func openings(_ log: EventLog) -> [AlertEvent] {
        log.events.filter { if case .opened = $0 { true } else { false } }
    }

    /// Two windows open a card each: each keeps its own, and each answer is counted for its item.
    /// (With one card for the service, the second opening took the first's place and its answer was lost.)
    @Test
    func twoOpenersEachKeepTheirCardAndItsAnswerIsCounted() async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        let (first, second) = (UUID(), UUID())
        await inbox.open(5, by: first)
        await inbox.open(6, by: second)
        #expect(inbox.cards[first]?.message.id == 5)
        #expect(inbox.cards[second]?.message.id == 6)

        let buy = try #require(inbox.cards[first]?.message.buttons.first)
        #expect(inbox.perform(buy, by: first) == nil)
        await inbox.answerCounting?.value
        #expect(inbox.cards[second]?.isOpen == true)
        inbox.close(by: second)
        await inbox.answerCounting?.value

        #expect(answers(log) == [.buttonEvent(id: 5, name: "buy"), .dismissed(id: 6)])
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 5 - - button.0 1", "2026-11-24 5 - - opened 1", "2026-11-24 6 - - dismissed 1",
                "2026-11-24 6 - - opened 1",
            ])
    }

    /// An answered card is still there, as it was, until its sheet is gone (`cardLeft`), so the sheet is
    /// not blank while it slides away; meanwhile it answers nothing more.
    @Test
    func anAnsweredCardStaysDrawnUntilItsSheetIsGoneAndAnswersNothingMore() async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        let opener = UUID()
        await inbox.open(6, by: opener)
        let card = try #require(inbox.cards[opener])
        inbox.perform(card.message.buttons[0], by: opener)
        await inbox.answerCounting?.value

        #expect(inbox.cards[opener]?.message == card.message)
        #expect(inbox.cards[opener]?.isOpen == false)
        // A button pressed and the binding closing while the sheet slides away: nothing more.
        #expect(inbox.perform(card.message.buttons[0], by: opener) == nil)
        inbox.close(by: opener)
        inbox.cardLeft(opener, opening: inbox.cards[opener]?.opening)
        #expect(inbox.cards[opener] == nil)
        await inbox.answerCounting?.value
        #expect(answers(log) == [.dismissed(id: 6)])
        #expect(try await Fixture.counters(store) == ["2026-11-24 6 - - dismissed 1", "2026-11-24 6 - - opened 1"])
    }

    /// A sheet that went without its binding being told closes its card as a dismissal when it is gone.
    @Test
    func aCardWhoseSheetWentUnansweredIsADismissal() async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        let opener = UUID()
        await inbox.open(6, by: opener)
        inbox.cardLeft(opener, opening: inbox.cards[opener]?.opening)
        await inbox.answerCounting?.value
        #expect(inbox.cards[opener] == nil)
        #expect(answers(log) == [.dismissed(id: 6)])
        #expect(try await Fixture.counters(store) == ["2026-11-24 6 - - dismissed 1", "2026-11-24 6 - - opened 1"])
    }

    /// A double tap opens once: a second opening (of that item or another) while the window's card is
    /// open counts nothing and keeps the card; once it is answered, opening counts again.
    @Test
    func aSecondOpeningWhileTheCardIsOpenCountsNothing() async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        let opener = UUID()
        // Two taps, each starting its task as the row's button does.
        let taps = [Task { await inbox.open(5, by: opener) }, Task { await inbox.open(5, by: opener) }]
        for tap in taps { await tap.value }
        await inbox.open(6, by: opener)
        #expect(inbox.cards[opener]?.message.id == 5)
        #expect(openings(log) == [.opened(id: 5)])
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - opened 1"])

        inbox.close(by: opener)
        await inbox.open(5, by: opener)
        #expect(inbox.cards[opener]?.isOpen == true)
        #expect(openings(log) == [.opened(id: 5), .opened(id: 5)])
        await inbox.answerCounting?.value
        #expect(
            try await Fixture.counters(store) == ["2026-11-24 5 - - dismissed 1", "2026-11-24 5 - - opened 2"])
    }

    /// The model's own card (``InboxModel/open(_:)``, a list of the app's own): opening its item again
    /// while it is open counts nothing; opening another item closes it as a dismissal and opens that
    /// one; an id not listed changes nothing.
    @Test
    func theModelsOwnCardGivesWayToAnotherItemButNotToItself() async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        await inbox.open(5)
        await inbox.open(5)
        #expect(inbox.openedMessage?.id == 5)
        #expect(openings(log) == [.opened(id: 5)])
        await inbox.open(6)
        await inbox.answerCounting?.value
        #expect(inbox.openedMessage?.id == 6)
        #expect(answers(log) == [.dismissed(id: 5)])
        await inbox.open(99)
        #expect(inbox.openedMessage?.id == 6)
        inbox.closeOpened()
        #expect(inbox.openedMessage == nil)
        #expect(openings(log) == [.opened(id: 5), .opened(id: 6)])
        await inbox.answerCounting?.value
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 5 - - dismissed 1", "2026-11-24 5 - - opened 1", "2026-11-24 6 - - dismissed 1",
                "2026-11-24 6 - - opened 1",
            ])
    }

    /// A sheet gone after a new opening landed (a tap while it slid away) forgets only the card it drew,
    /// already answered: the new card stays open, and nothing is counted for it but its opening.
    @Test
    func aSheetGoneAfterANewOpeningForgetsOnlyTheCardItDrew() async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        let opener = UUID()
        await inbox.open(5, by: opener)
        let drawn = try #require(inbox.cards[opener]?.opening)
        inbox.close(by: opener)
        await inbox.answerCounting?.value
        await inbox.open(6, by: opener)
        inbox.cardLeft(opener, opening: drawn)
        #expect(inbox.cards[opener]?.message.id == 6)
        #expect(inbox.cards[opener]?.isOpen == true)
        await inbox.answerCounting?.value
        #expect(answers(log) == [.dismissed(id: 5)])
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 5 - - dismissed 1", "2026-11-24 5 - - opened 1", "2026-11-24 6 - - opened 1",
            ])
        inbox.cardLeft(opener, opening: inbox.cards[opener]?.opening)
        #expect(inbox.cards[opener] == nil)
        #expect(answers(log) == [.dismissed(id: 5), .dismissed(id: 6)])
    }

    /// Deleting a selection (the Delete key in a macOS app) removes its rows together, with one write of
    /// the store, and they stay deleted.
    @Test
    func deletingASelectionRemovesItsRowsWithOneWrite() async throws {
        let (service, store, _, _) = try await makeService()
        let inbox = service.inbox
        let writes = await store.writeCount
        await inbox.delete(Set([5, 6]))
        #expect(inbox.items.isEmpty)
        #expect(inbox.problem == nil)
        #expect(await store.writeCount == writes + 1)
        #expect(try await store.state().inbox?.deleted == [5, 6])
        await inbox.refresh()
        #expect(inbox.items.isEmpty)
    }

    /// Undo after Delete lists the items again, read marks kept, in the inbox's order.
    @Test
    func undoingADeletionListsTheItemsAgain() async throws {
        let (service, store, _, _) = try await makeService()
        let inbox = service.inbox
        await inbox.open(5, by: UUID())
        let listed = inbox.items
        await inbox.delete(Set([5, 6]))
        await inbox.undelete([5, 6])
        #expect(inbox.items == listed)
        #expect(try await store.state().inbox?.deleted == [])
        await inbox.delete(Set([5, 6]))
        await inbox.undelete([6])
        #expect(inbox.items.map(\.id) == [6])
        #expect(try await store.state().inbox?.deleted == [5])
    }

    /// What Delete deletes, and what a selection keeps when the items change: the selected ids still
    /// listed (a row deleted elsewhere, or gone at a refresh, is not).
    @Test
    func aSelectionKeepsOnlyTheRowsStillListed() async throws {
        let (service, _, _, _) = try await makeService()
        let inbox = service.inbox
        #expect(inbox.listed([5, 6, 9]) == [5, 6])
        await inbox.delete(5)
        #expect(inbox.listed([5, 6]) == [6])
        #expect(inbox.listed([]) == [])
    }

    /// Deleting an item whose card is open closes the card with no answer.
    @Test
    func deletingAnOpenItemClosesItsCardWithoutAnAnswer() async throws {
        let (service, _, log, _) = try await makeService()
        let inbox = service.inbox
        let opener = UUID()
        await inbox.open(5, by: opener)
        await inbox.delete(5)
        #expect(inbox.cards[opener]?.isOpen == false)
        inbox.cardLeft(opener, opening: inbox.cards[opener]?.opening)
        #expect(answers(log) == [])
        #expect(inbox.items.map(\.id) == [6])
    }

    /// The card takes the keyboard, as a message over the app does (the Mac's sheet answers Return and
    /// Escape): Return answers its first button, Escape its button that closes it, or closes a card
    /// whose only such button is its first — the usual item, with no buttons of its own, whose card has
    /// only OK: Escape then needs a control of the card's own to carry it, OK carrying Return.
    @Test(arguments: [
        (5, EscapeKeyOwner.button(1), "button.1", AlertEvent.dismissed(id: 5)),
        (6, .hiddenControl, "dismissed", .dismissed(id: 6)),
    ])
    func theCardTakesTheKeyboardAndEscapeAnswersIt(
        item: Int, owner: EscapeKeyOwner, counted: String, heard: AlertEvent
    ) async throws {
        let (service, store, log, _) = try await makeService()
        let inbox = service.inbox
        let opener = UUID()
        await inbox.open(item, by: opener)
        let actions = inbox.actions(by: opener) { _ in }
        #expect(actions.takesKeyboard)
        #expect(inbox.actions { _ in }.takesKeyboard)
        let card = try #require(inbox.cards[opener]?.message)
        #expect(card.returnKeyButton == 0)
        #expect(!actions.showsCloseControl)
        #expect(actions.escapeKeyOwner(of: card) == owner)
        await actions.escape(card)
        await inbox.answerCounting?.value
        #expect(inbox.cards[opener]?.isOpen == false)
        #expect(answers(log) == [heard])
        let day = "2026-11-24 \(item) - -"
        #expect(try await Fixture.counters(store) == ["\(day) \(counted) 1", "\(day) opened 1"])
    }
}
