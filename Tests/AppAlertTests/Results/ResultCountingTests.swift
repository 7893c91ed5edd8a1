import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// What the device counts (issue 34): each event of a showing, `shown` only once a window put the
/// message on screen, the variant shown, conversions within their window.
@MainActor
struct ResultCountingTests {
    typealias Fixture = ResultsFixture

    func service(
        _ extra: String, store: InMemoryAlertStore = InMemoryAlertStore(), clock: HandClock,
        reporting: Bool = true
    ) throws -> (AlertService, TestHTTPServer) {
        let server = try Fixture.server(feed: Fixture.feed(extra))
        let service = AlertService(
            client: Fixture.client(server: server, store: store, clock: clock, reporting: reporting))
        return (service, server)
    }

    @Test
    func nothingIsCountedOrSentWithoutAReportingConfiguration() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, server) = try service("", store: store, clock: clock, reporting: false)
        await service.showAlertIfNecessary()
        service.messageAppeared()
        await service.dismiss()
        clock.advance(hours: 48)
        await service.showAlertIfNecessary()
        await service.sending?.value
        #expect(try await store.state().results == nil)
        #expect(try await store.state().history.views(of: 5) == 1)
        #expect(server.countPosts.isEmpty)
    }

    @Test
    func shownIsCountedWhenAWindowPutsTheMessageOnScreenNotWhenItIsSelected() async throws {
        let store = InMemoryAlertStore()
        let (service, _) = try service("", store: store, clock: HandClock("2026-11-24T10:00:00Z"))
        await service.showAlertIfNecessary()
        #expect(service.message?.id == 5)
        // Selected, but no window drew it yet (every window inactive, a sheet of the app's on top).
        #expect(try await Fixture.counters(store) == [])
        service.messageAppeared()
        await service.counting?.value
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - shown 1"])
        // The same showing moving to another window is not a second showing.
        service.messageAppeared()
        await service.counting?.value
        await service.dismiss()
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - dismissed 1", "2026-11-24 5 - - shown 1"])
    }

    /// A slot counts its message once while it stays (each refresh as the view appears is the same
    /// showing) and its answer as the launch message's.
    @Test
    func aSlotCountsItsShowingOnceAndItsAnswer() async throws {
        let store = InMemoryAlertStore()
        let (service, _) = try service(
            #", "placement": "home-top", "layout": "modal", "buttons": [{"title": "Open", "action": {"url": "https://example.com/a"}}, {"title": "Later"}]"#,
            store: store, clock: HandClock("2026-11-24T10:00:00Z"))
        let slot = MessageSlotModel("home-top", service: service)
        await slot.refresh()
        #expect(slot.message?.id == 5)
        await slot.refresh()
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - shown 1"])
        let url = await slot.perform(try #require(slot.message?.buttons.first))
        #expect(url?.absoluteString == "https://example.com/a")
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - button.0 1", "2026-11-24 5 - - shown 1"])
    }

    @Test
    func aShowingAnsweredWithoutAnAppearanceIsCountedAsShownAtItsAnswer() async throws {
        let store = InMemoryAlertStore()
        let (service, _) = try service("", store: store, clock: HandClock("2026-11-24T10:00:00Z"))
        await service.showAlertIfNecessary()
        await service.dismiss()
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - dismissed 1", "2026-11-24 5 - - shown 1"])
    }

    struct Answer: Sendable, CustomTestStringConvertible {
        var name: String
        var feedKeys: String
        /// Which of the presentation's buttons is tapped; `nil` closes the message (close control, swipe).
        var button: Int?
        var counted: String
        var testDescription: String { name }
    }

    nonisolated static let answers: [Answer] = [
        Answer(name: "the confirm button", feedKeys: "", button: 0, counted: "dismissed"),
        Answer(
            name: "the link", feedKeys: #", "link": {"title": "See", "url": "https://example.com/sale"}"#, button: 0,
            counted: "link"),
        Answer(
            name: "the confirm button beside a link",
            feedKeys: #", "link": {"title": "See", "url": "https://example.com/sale"}"#, button: 1,
            counted: "dismissed"),
        Answer(
            name: "the feed's first button",
            feedKeys: #", "buttons": [{"title": "Buy", "action": {"event": "buy"}}, "#
                + #"{"title": "No", "action": "dismiss"}]"#, button: 0, counted: "button.0"),
        Answer(
            name: "the feed's second button, a dismissal",
            feedKeys: #", "buttons": [{"title": "Buy", "action": {"event": "buy"}}, "#
                + #"{"title": "No", "action": "dismiss"}]"#, button: 1, counted: "button.1"),
        Answer(
            name: "a banner's tap", feedKeys: #", "layout": "banner", "action": {"url": "https://example.com/sale"}"#,
            button: 0, counted: "tap"),
        Answer(
            name: "a modal's close control",
            feedKeys: #", "layout": "modal", "buttons": [{"title": "Buy", "action": {"event": "buy"}}]"#, button: nil,
            counted: "dismissed"),
    ]

    @Test(arguments: answers)
    func eachAnswerCountsItsEvent(_ answer: Answer) async throws {
        let store = InMemoryAlertStore()
        let (service, _) = try service(answer.feedKeys, store: store, clock: HandClock("2026-11-24T10:00:00Z"))
        await service.showAlertIfNecessary()
        service.messageAppeared()
        await service.counting?.value
        if let index = answer.button {
            let presentation = try #require(service.presentation)
            await service.perform(presentation.buttons[index])
        } else {
            await service.close()
        }
        #expect(
            try await Fixture.counters(store)
                == [
                    "2026-11-24 5 - - \(answer.counted) 1", "2026-11-24 5 - - shown 1",
                ].sorted())
    }

    @Test
    func theVariantShownIsCountedWithItsIndex() async throws {
        let store = InMemoryAlertStore()
        let (service, _) = try service(
            #", "variants": [{"weight": 1, "title": "A"}, {"weight": 1, "title": "B"}]"#, store: store,
            clock: HandClock("2026-11-24T10:00:00Z"))
        await service.showAlertIfNecessary()
        let variant = try #require(service.message?.variant)
        service.messageAppeared()
        await service.counting?.value
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 \(variant) - shown 1"])
    }

    @Test
    func aCommandLineShowingIsCountedWhenItIsRecorded() async throws {
        let store = InMemoryAlertStore()
        let server = try Fixture.server(feed: Fixture.feed(""))
        let client = Fixture.client(server: server, store: store, clock: HandClock("2026-11-24T10:00:00Z"))
        let result = await client.checkAndRecord()
        #expect(result.decision.message?.id == 5)
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - shown 1"])
    }

    // MARK: Conversions

    static let conversion =
        #", "maxViews": 3, "minHoursBetweenViews": 1, "conversion": {"event": "purchase", "withinHours": 72}"#

    @Test(arguments: [(1.0, 1), (71.5, 1), (72.5, 0)])
    func aConversionCountsOnlyWithinItsWindow(hoursLater: Double, expected: Int) async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, _) = try service(Self.conversion, store: store, clock: clock)
        await service.showAlertIfNecessary()
        service.messageAppeared()
        await service.counting?.value
        await service.dismiss()
        clock.advance(hours: hoursLater)
        await service.handle(event: "purchase")
        let conversions = try await store.state().results?.counters.filter { $0.event == .conversion } ?? []
        #expect(conversions.map(\.n).reduce(0, +) == expected)
        if expected > 0 { #expect(conversions.first?.day == UTCDay.text(of: clock.now)) }
    }

    @Test
    func aShowingConvertsAtMostOnceAndAnotherEventDoesNotConvertIt() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, _) = try service(Self.conversion, store: store, clock: clock)
        await service.showAlertIfNecessary()
        service.messageAppeared()
        await service.dismiss()
        await service.handle(event: "export.done")
        #expect(try await Fixture.counters(store).contains { $0.contains("conversion") } == false)
        await service.handle(event: "purchase")
        await service.handle(event: "purchase")
        // A second showing converts again.
        clock.advance(hours: 2)
        await service.showAlertIfNecessary()
        #expect(service.message?.id == 5)
        service.messageAppeared()
        await service.dismiss()
        await service.handle(event: "purchase")
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 5 - - conversion 2", "2026-11-24 5 - - dismissed 2", "2026-11-24 5 - - shown 2",
            ])
    }

    @Test
    func aVariantsConversionReplacesTheMessages() async throws {
        let store = InMemoryAlertStore()
        let (service, _) = try service(
            Self.conversion
                + #", "variants": [{"weight": 1, "conversion": {"event": "trial", "withinHours": 1}}, "#
                + #"{"weight": 1, "conversion": {"event": "trial", "withinHours": 1}}]"#, store: store,
            clock: HandClock("2026-11-24T10:00:00Z"))
        await service.showAlertIfNecessary()
        let variant = try #require(service.message?.variant)
        #expect(service.message?.conversion == Message.Conversion(event: "trial", withinHours: 1))
        service.messageAppeared()
        await service.dismiss()
        await service.handle(event: "purchase")
        await service.handle(event: "trial")
        #expect(try await Fixture.counters(store).contains("2026-11-24 5 \(variant) - conversion 1"))
        #expect(try await Fixture.counters(store).count == 3)
    }

    @Test
    func theClientRecordsConversionsForCommandLineTools() async throws {
        let store = InMemoryAlertStore()
        let server = try Fixture.server(feed: Fixture.feed(Self.conversion))
        let clock = HandClock("2026-11-24T10:00:00Z")
        let client = Fixture.client(server: server, store: store, clock: clock)
        _ = await client.checkAndRecord()
        clock.advance(hours: 1)
        try await client.record(event: "purchase")
        try await client.record(event: "purchase")
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - conversion 1", "2026-11-24 5 - - shown 1"])
    }

    // MARK: Bounds

    @Test
    func pastTheLimitTheOldestCountersAreDroppedAndSaid() async throws {
        var configuration = try #require(ReportingConfiguration("https://results.example.com"))
        configuration.maximumCounters = 3
        var state = InstallState()
        let start = try RFC3339.parse("2026-11-20T10:00:00Z")
        var problems: [String] = []
        for day in 0..<5 {
            let message = ResolvedMessage(id: 5, title: "t", text: "x")
            problems += ResultsRecorder.count(
                [.shown], of: message, in: &state, at: start.addingTimeInterval(Double(day) * 86_400),
                configuration: configuration)
        }
        #expect(state.results?.counters.map(\.day) == ["2026-11-22", "2026-11-23", "2026-11-24"])
        #expect(problems.count == 2)
        #expect(problems.first?.contains("1 counter dropped, the oldest first") == true)
    }

    @Test
    func countersOlderThanThirtyDaysAreDropped() throws {
        var counts = ResultCounts()
        let start = try RFC3339.parse("2026-10-01T10:00:00Z")
        counts.add(.shown, message: 5, at: start, limit: 1_000)
        counts.add(.shown, message: 5, at: start.addingTimeInterval(86_400), limit: 1_000)
        #expect(counts.counters.count == 2)
        // 2026-11-01 is 31 days after 2026-10-01: only the day after it is kept.
        let dropped = counts.add(.dismissed, message: 5, at: try RFC3339.parse("2026-11-01T00:00:00Z"), limit: 1_000)
        #expect(dropped == 1)
        #expect(counts.counters.map(\.day) == ["2026-10-02", "2026-11-01"])
    }

    @Test
    func theDroppedCountersReachTheAppAsAProblem() async throws {
        let store = InMemoryAlertStore()
        var configuration = try #require(ReportingConfiguration("https://results.example.com"))
        configuration.maximumCounters = 1
        let server = try Fixture.server(feed: Fixture.feed(""))
        var loader = FeedLoaderConfiguration()
        loader.minimumCheckInterval = 0
        let client = AlertClient(
            source: FeedSource(server.url("/feed.json"))!, app: Fixture.app, store: store, configuration: loader,
            clock: HandClock("2026-11-24T10:00:00Z").clock, reporting: configuration)
        let service = AlertService(client: client)
        let log = ProblemLog()
        log.watch(service)
        await service.showAlertIfNecessary()
        await service.dismiss()
        #expect(log.problems.contains { $0.contains("1 counter dropped") })
        #expect(try await Fixture.counters(store) == ["2026-11-24 5 - - dismissed 1"])
    }

    @Test
    func pendingConversionsAreBounded() throws {
        var counts = ResultCounts()
        let message = ResolvedMessage(
            id: 5, title: "t", text: "x", conversion: Message.Conversion(event: "purchase", withinHours: 720))
        let start = try RFC3339.parse("2026-11-01T10:00:00Z")
        var stopped = 0
        for minute in 0..<5 {
            stopped += counts.awaitConversion(of: message, at: start.addingTimeInterval(Double(minute) * 60), limit: 3)
        }
        #expect(stopped == 2)
        #expect(counts.pending.count == 3)
        #expect(counts.pending.first?.shownAt == start.addingTimeInterval(120))
    }

    // MARK: Update prompts

    /// An ``UpdateService`` with reporting over a feed whose policy offers `version`; the server serves
    /// the feed and takes the counts while it is kept.
    func updateService(
        offering version: String, store: InMemoryAlertStore, clock: HandClock
    ) throws -> (UpdateService, TestHTTPServer) {
        let feed = Data(
            #"{"format": 2, "messages": [], "updates": [{"bundleId": "com.example.App", "latestVersion": "\#(version)"}]}"#
                .utf8)
        let server = try Fixture.server(feed: feed)
        var loader = FeedLoaderConfiguration()
        loader.minimumCheckInterval = 0
        let feedLoader = FeedLoader(
            source: FeedSource(server.url("/feed.json"))!, store: store, configuration: loader, clock: clock.clock)
        let checker = UpdateChecker(
            app: Fixture.app, source: .feedOnly, feedLoader: feedLoader, store: store, clock: clock.clock)
        return (UpdateService(checker: checker, reporting: ReportingConfiguration(server.baseURL)), server)
    }

    @Test
    func updatePromptsAreCountedPerOfferedVersion() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let (service, _) = try updateService(offering: "2.0", store: store, clock: clock)
        await service.checkForUpdate()
        #expect(service.showUpdate)
        let later = try #require(service.presentation?.buttons.first { $0.action == .later })
        await service.perform(later)
        await service.reporting?.value
        #expect(
            try await Fixture.counters(store) == [
                "2026-11-24 - - 2.0 update.later 1", "2026-11-24 - - 2.0 update.shown 1",
            ])
    }

    @Test
    func anOfferedVersionLongerThanACollectorTakesIsNotCountedAndSaysSoOnceAShowing() async throws {
        let store = InMemoryAlertStore()
        let clock = HandClock("2026-11-24T10:00:00Z")
        let version = "2.0.0-release.candidate.20261129+b77"  // 36 bytes: the collector's limit is 32
        let (service, _) = try updateService(offering: version, store: store, clock: clock)
        let problems = ProblemBox()
        service.onProblem = { problems.items.append($0) }
        await service.checkForUpdate()
        #expect(service.showUpdate)
        #expect(service.decision?.availableVersion?.description == version)
        let later = try #require(service.presentation?.buttons.first { $0.action == .later })
        await service.perform(later)
        await service.reporting?.value
        #expect(try await Fixture.counters(store) == [])
        #expect(
            problems.items == [
                "reporting: the update prompt for \(version) is not counted: its version is 36 bytes long, "
                    + "and a collector takes at most 32"
            ])
    }
}

/// The problems an ``UpdateService`` reported.
@MainActor
private final class ProblemBox {
    var items: [String] = []
}
