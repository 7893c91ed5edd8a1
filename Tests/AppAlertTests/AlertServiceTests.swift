import AppAlert
import AppAlertTesting
import Foundation
import Testing

let serviceFeed = Data(
    """
    [
      {"id": 1, "bundleId": "com.example.App", "title": "Old", "text": "Seen long ago"},
      {"id": 2, "bundleId": "com.example.App", "title": "Maintenance", "text": "Tonight",
       "link": {"title": "Status", "url": "https://status.example.com"}},
      {"id": 3, "bundleId": "com.example.Other", "title": "Not ours", "text": "x"}
    ]
    """.utf8)

let exampleApp = AppInfo(
    bundleID: "com.example.App", appVersion: "1.0", build: "7", platform: .iOS, osVersion: Version("17.2"),
    preferredLanguages: [LanguageTag("en-US")])

@MainActor
func makeService(
    store: any AlertStore, transport: StubFeedTransport = StubFeedTransport(body: serviceFeed),
    configuration: FeedLoaderConfiguration = FeedLoaderConfiguration()
) -> (AlertService, EventLog) {
    let client = AlertClient(
        source: FeedSource("https://example.com/messages.json")!, app: exampleApp, store: store, transport: transport,
        configuration: configuration)
    let service = AlertService(client: client)
    let log = EventLog()
    service.onEvent = { log.events.append($0) }
    return (service, log)
}

@MainActor
final class EventLog {
    var events: [AlertEvent] = []
}

@MainActor
struct AlertServiceTests {
    @Test
    func showsTheBestMessageThenRecordsItOnDismissal() async throws {
        let store = InMemoryAlertStore(state: InstallState(history: ViewHistory(records: [1: .init(count: 1)])))
        let (service, log) = makeService(store: store)
        await service.showAlertIfNecessary()
        #expect(service.showMessage)
        #expect(service.message?.id == 2)
        #expect(service.presentation?.buttons.map(\.title) == ["Status", "OK"])
        // Chosen, not yet on screen: `.shown` waits for a window to draw it.
        #expect(log.events == [.checked(source: .network, error: nil)])
        service.messageAppeared()
        #expect(log.events == [.checked(source: .network, error: nil), .shown(id: 2)])
        // Nothing recorded until the user acts.
        #expect(try await store.state().history.views(of: 2) == 0)
        await service.dismiss()
        #expect(!service.showMessage)
        #expect(try await store.state().history.views(of: 2) == 1)
        #expect(log.events.last == .dismissed(id: 2))
        await service.showAlertIfNecessary()
        #expect(!service.showMessage)
    }

    @Test
    func anAppQuitWhileTheAlertIsUpShowsItAgainNextLaunch() async throws {
        let store = InMemoryAlertStore()
        let (first, _) = makeService(store: store)
        await first.showAlertIfNecessary()
        #expect(first.message?.id == 2)
        // The app quits here: no dismissal.
        let (second, _) = makeService(store: store)
        await second.showAlertIfNecessary()
        #expect(second.message?.id == 2)
        #expect(second.showMessage)
    }

    @Test
    func followingTheLinkCountsAsAShowingAndReturnsTheURL() async throws {
        let store = InMemoryAlertStore()
        let (service, log) = makeService(store: store)
        await service.showAlertIfNecessary()
        let link = try #require(service.presentation?.buttons.first { $0.url != nil })
        let url = await service.perform(link)
        #expect(url == URL(string: "https://status.example.com"))
        #expect(!service.showMessage)
        #expect(try await store.state().history.views(of: 2) == 1)
        #expect(log.events.last == .linkOpened(id: 2, url: URL(string: "https://status.example.com")!))
    }

    @Test
    func aWallComesBackAfterItsLinkIsFollowed() async throws {
        let wall = Data(
            """
            [{"id": 9, "bundleId": "com.example.App", "title": "Update required", "text": "This version no longer works.",
              "dismissible": false, "maxViews": 1000, "link": {"title": "Update", "url": "https://apps.apple.com/app/id1"}}]
            """.utf8)
        let (service, _) = makeService(store: InMemoryAlertStore(), transport: StubFeedTransport(body: wall))
        await service.showAlertIfNecessary()
        let presentation = try #require(service.presentation)
        #expect(presentation.buttons.map(\.action) == [.openLink(URL(string: "https://apps.apple.com/app/id1")!)])
        #expect(!presentation.isDismissible)
        let link = await service.perform(presentation.buttons[0])
        #expect(link == URL(string: "https://apps.apple.com/app/id1"))
        // Not back while the tapped alert is still leaving the screen (SwiftUI would drop it)…
        #expect(!service.showMessage)
        // …but as soon as the presenter says it has gone, or the app is active again.
        service.presentationEnded()
        #expect(service.showMessage)
        #expect(service.message?.id == 9)
        // A second call does not stack another showing.
        service.presentationEnded()
        #expect(service.showMessage)
    }

    @Test
    func aWallWhosePresenterNeverReportedComesBackAtTheNextCheckWithoutARequest() async throws {
        let wall = Data(
            """
            [{"id": 9, "bundleId": "com.example.App", "title": "Update required", "text": "This version no longer works.",
              "dismissible": false, "maxViews": 1000, "link": {"title": "Update", "url": "https://apps.apple.com/app/id1"}}]
            """.utf8)
        let transport = StubFeedTransport(body: wall)
        let (service, _) = makeService(store: InMemoryAlertStore(), transport: transport)
        await service.showAlertIfNecessary()
        let requests = transport.requests.count
        _ = await service.perform(try #require(service.presentation).buttons[0])
        await service.showAlertIfNecessary()
        #expect(service.showMessage)
        #expect(transport.requests.count == requests)
    }

    @Test
    func aDismissedMessageDoesNotComeBackWhenThePresentationEnds() async throws {
        let (service, _) = makeService(store: InMemoryAlertStore(), transport: StubFeedTransport(body: serviceFeed))
        await service.showAlertIfNecessary()
        let presentation = try #require(service.presentation)
        await service.perform(try #require(presentation.buttons.last))
        service.presentationEnded()
        #expect(!service.showMessage)
    }

    @Test
    func checkingTwiceWhileAMessageIsUpDoesNotCheckAgain() async throws {
        let transport = StubFeedTransport(body: serviceFeed)
        let (service, _) = makeService(store: InMemoryAlertStore(), transport: transport)
        await service.showAlertIfNecessary()
        await service.showAlertIfNecessary()
        #expect(transport.requests.count == 1)
    }

    @Test
    func aNetworkFailureWithACachedFeedStillShowsAndSaysWhy() async throws {
        let transport = StubFeedTransport(body: serviceFeed)
        let store = InMemoryAlertStore()
        let (first, _) = makeService(store: store, transport: transport)
        await first.showAlertIfNecessary()
        await first.dismiss()
        try await store.updateState { $0.history.records[2] = nil }
        transport.respond { _ throws(FeedTransportError) in
            throw FeedTransportError(kind: .unreachable, reason: "offline")
        }
        // Within the default 10-minute interval the cached copy is used without asking…
        let (second, secondLog) = makeService(store: store, transport: transport)
        await second.showAlertIfNecessary()
        #expect(second.message?.id == 2)
        #expect(secondLog.events.first == .checked(source: .cache, error: nil))
        #expect(transport.requests.count == 1)
        // …and when the network is asked and fails, the cached copy is used with the reason.
        var eager = FeedLoaderConfiguration()
        eager.minimumCheckInterval = 0
        let (third, thirdLog) = makeService(store: store, transport: transport, configuration: eager)
        await third.showAlertIfNecessary()
        #expect(third.message?.id == 2)
        #expect(thirdLog.events.first == .checked(source: .cache, error: "offline"))
        #expect(transport.requests.count == 2)
    }

    @Test
    func anInvalidURLIsReportedNotACrash() async {
        let service = AlertService("ftp://example.com/feed.json")
        let log = EventLog()
        service.onEvent = { log.events.append($0) }
        await service.showAlertIfNecessary()
        #expect(!service.showMessage)
        guard case .problem(let text)? = log.events.first else {
            Issue.record("no problem reported")
            return
        }
        #expect(text.contains("is not an https: URL or a file path"))
    }

    @Test
    func resetForgetsWhatWasSeen() async throws {
        let store = InMemoryAlertStore()
        let (service, _) = makeService(store: store)
        await service.showAlertIfNecessary()
        await service.dismiss()
        try await service.resetState()
        #expect(service.message == nil)
        await service.showAlertIfNecessary()
        #expect(service.message?.id == 2)
        #expect(service.locations == ["memory"])
    }

    @Test
    func requestsCarryTheLoadersLimits() async throws {
        let transport = StubFeedTransport(body: serviceFeed)
        let (service, _) = makeService(store: InMemoryAlertStore(), transport: transport)
        await service.showAlertIfNecessary()
        let request = try #require(transport.requests.first)
        #expect(request.timeout == 15)
        #expect(request.maximumBodySize == 4 << 20)
        #expect(request.url.absoluteString == "https://example.com/messages.json")
    }
}

struct AlertClientTests {
    @Test
    func checkAndRecordShowsEachMessageOnceAcrossChecks() async throws {
        let store = InMemoryAlertStore()
        let client = AlertClient(
            source: FeedSource("https://example.com/messages.json")!, app: exampleApp, store: store,
            transport: StubFeedTransport(body: serviceFeed))
        #expect(await client.checkAndRecord().decision.selectedID == 2)
        #expect(await client.checkAndRecord().decision.selectedID == 1)
        #expect(await client.checkAndRecord().decision.selectedID == nil)
    }

    @Test
    func aStoreThatFailsMeansNothingIsShown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-\(UUID().uuidString)")
        try Data("not a directory".utf8).write(to: directory)
        let client = AlertClient(
            source: FeedSource("https://example.com/messages.json")!, app: exampleApp,
            store: FileAlertStore(directory: directory), transport: StubFeedTransport(body: serviceFeed))
        let result = await client.check()
        #expect(result.decision.message == nil)
        #expect(result.storeError?.reason.contains("not a directory") == true)
    }
}

struct PresentationTests {
    @Test
    func aMessageWithALinkHasTheLinkThenTheDismissButton() {
        let message = ResolvedMessage(
            id: 1, title: "T", text: "X", confirmLabel: "Close",
            link: Message.Link(title: "More", url: URL(string: "https://example.com")!))
        let presentation = AlertPresentation(message)
        #expect(presentation.buttons.map(\.title) == ["More", "Close"])
        #expect(presentation.buttons.map(\.action) == [.openLink(URL(string: "https://example.com")!), .dismiss])
        #expect(presentation.buttons[0].url == URL(string: "https://example.com"))
        #expect(presentation.isDismissible)
    }

    @Test
    func aPlainMessageHasOnlyItsDismissButton() {
        let presentation = AlertPresentation(ResolvedMessage(id: 1, title: "T", text: "X"))
        #expect(presentation.buttons == [AlertPresentation.Button(title: "OK", action: .dismiss)])
    }

    @Test
    func theTerminalNoticeIsFramedAndWrapped() {
        let presentation = AlertPresentation(
            ResolvedMessage(
                id: 3, title: "Sync paused on Sunday",
                text: "Sync is paused for maintenance on Sunday from 02:00 to 04:00 UTC.",
                link: Message.Link(title: "More information", url: URL(string: "https://example.com/status")!)))
        let rendered = TerminalPresenter(maximumWidth: 40).render(presentation)
        #expect(
            rendered == """
                ╭───────────────────────────────────╮
                │ Sync paused on Sunday             │
                │                                   │
                │ Sync is paused for maintenance on │
                │ Sunday from 02:00 to 04:00 UTC.   │
                │                                   │
                │ More information:                 │
                │ https://example.com/status        │
                ╰───────────────────────────────────╯

                """)
    }

    @Test(arguments: ["\u{1B}[2J\u{1B}[31mred", "bell\u{7}", "csi\u{9B}31m", "tab\tand\rreturn"])
    func theTerminalNoticeNeverPassesControlCharacters(text: String) {
        let rendered = TerminalPresenter().render(AlertPresentation(ResolvedMessage(id: 1, title: text, text: text)))
        let controls = rendered.unicodeScalars.filter { $0.properties.generalCategory == .control && $0 != "\n" }
        #expect(controls.isEmpty)
    }

    @Test
    func aLongWordIsCutToTheFrame() {
        let rendered = TerminalPresenter(maximumWidth: 20).render(
            AlertPresentation(ResolvedMessage(id: 1, title: String(repeating: "x", count: 50), text: "y")))
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count <= 20 })
    }
}

@MainActor
struct UpdateServiceTests {
    func configuration(_ rules: UpdateConfiguration.Rules) -> UpdateConfiguration {
        var configuration = UpdateConfiguration()
        configuration.rules = rules
        return configuration
    }

    func makeService(
        version: String, store: InMemoryAlertStore, rules: UpdateConfiguration.Rules = UpdateConfiguration.Rules()
    ) -> UpdateService {
        let answer = Data(
            """
            {"resultCount":1,"results":[{"trackId":77,"trackName":"Notes","version":"\(version)","currentVersionReleaseDate":"2026-11-01T00:00:00Z"}]}
            """.utf8)
        let checker = UpdateChecker(
            app: AppInfo(
                bundleID: "com.example.Notes", appVersion: "1.0", platform: .iOS,
                preferredLanguages: [LanguageTag("fr")]),
            source: .appStore(AppStoreLookup(platform: .iOS, transport: StubFeedTransport(body: answer))), store: store,
            configuration: configuration(rules), clock: .fixed(try! RFC3339.parse("2026-11-20T00:00:00Z")))
        return UpdateService(checker: checker)
    }

    @Test
    func showsAnOptionalUpdateInTheDevicesLanguageAndHonoursSkip() async throws {
        let store = InMemoryAlertStore()
        let service = makeService(version: "1.1", store: store)
        await service.checkForUpdate()
        #expect(service.showUpdate)
        let presentation = try #require(service.presentation)
        #expect(presentation.title == "Mise à jour disponible")
        #expect(presentation.text == "Notes 1.1 est disponible.")
        let update = try #require(presentation.buttons.first)
        #expect(await service.perform(update) == URL(string: "https://apps.apple.com/app/id77"))
        let skip = try #require(presentation.buttons.last)
        _ = await service.perform(skip)
        let again = makeService(version: "1.1", store: store)
        await again.checkForUpdate()
        #expect(!again.showUpdate)
        #expect(again.decision?.reason.code == .skippedByUser)
    }

    @Test
    func aRequiredUpdateComesBackOnceTheTappedAlertHasGone() async throws {
        let service = makeService(
            version: "2.0", store: InMemoryAlertStore(), rules: UpdateConfiguration.Rules(major: .required))
        await service.checkForUpdate()
        let presentation = try #require(service.presentation)
        #expect(!presentation.isDismissible)
        #expect(presentation.buttons.count == 1)
        #expect(await service.perform(presentation.buttons[0]) == URL(string: "https://apps.apple.com/app/id77"))
        #expect(!service.showUpdate)
        service.presentationEnded()
        #expect(service.showUpdate)
    }

    @Test
    func anOptionalUpdateStaysAwayWhenItsAlertEnds() async throws {
        let service = makeService(version: "1.1", store: InMemoryAlertStore())
        await service.checkForUpdate()
        _ = await service.perform(try #require(service.presentation?.buttons.first))
        service.presentationEnded()
        #expect(!service.showUpdate)
    }
}

/// Both services through ``AlertPresenting``, the one protocol AppAlertUI's presenters (SwiftUI, UIKit,
/// AppKit) are written against: a tap, the page it opens, and whether the alert goes back on screen.
@MainActor
struct AlertPresentingTests {
    enum Tap: String, CaseIterable, CustomTestStringConvertible {
        case messageDismissed, messageLinkFollowed, wallLinkFollowed
        case optionalUpdateTapped, optionalUpdateLater, requiredUpdateTapped
        var testDescription: String { rawValue }
    }

    static let wallFeed = Data(
        """
        [{"id": 9, "bundleId": "com.example.App", "title": "Update required", "text": "No longer works.",
          "dismissible": false, "maxViews": 1000, "link": {"title": "Update", "url": "https://apps.apple.com/app/id1"}}]
        """.utf8)

    func source(for tap: Tap) async -> any AlertPresenting {
        switch tap {
        case .messageDismissed, .messageLinkFollowed:
            let store = InMemoryAlertStore(state: InstallState(history: ViewHistory(records: [1: .init(count: 1)])))
            let service = makeService(store: store).0
            await service.showAlertIfNecessary()
            return service
        case .wallLinkFollowed:
            let service = makeService(store: InMemoryAlertStore(), transport: StubFeedTransport(body: Self.wallFeed)).0
            await service.showAlertIfNecessary()
            return service
        case .optionalUpdateTapped, .optionalUpdateLater, .requiredUpdateTapped:
            let required = tap == .requiredUpdateTapped
            let service = UpdateServiceTests().makeService(
                version: required ? "2.0" : "1.1", store: InMemoryAlertStore(),
                rules: required ? UpdateConfiguration.Rules(major: .required) : UpdateConfiguration.Rules())
            await service.checkForUpdate()
            return service
        }
    }

    @Test(
        arguments: [
            (Tap.messageDismissed, "OK", nil, false),
            (.messageLinkFollowed, "Status", "https://status.example.com", false),
            (.wallLinkFollowed, "Update", "https://apps.apple.com/app/id1", true),
            (.optionalUpdateTapped, "Mettre à jour", "https://apps.apple.com/app/id77", false),
            (.optionalUpdateLater, "Plus tard", nil, false),
            (.requiredUpdateTapped, "Mettre à jour", "https://apps.apple.com/app/id77", true),
        ] as [(Tap, String, String?, Bool)])
    func theAnswerOpensThePageAndSaysWhetherTheAlertComesBack(
        tap: Tap, button title: String, opens page: String?, comesBack: Bool
    ) async throws {
        let source = await source(for: tap)
        #expect(source.isPresented)
        let presentation = try #require(source.presentation)
        let button = try #require(
            presentation.buttons.first { $0.title == title }, "\(presentation.buttons.map(\.title))")
        #expect(button.isCancel == (button.action == .dismiss || button.action == .later))
        var opened: [URL] = []
        let again = await source.answer(button) { opened.append($0) }
        #expect(opened == [page.flatMap { URL(string: $0) }].compactMap { $0 })
        #expect(again == comesBack)
        #expect(source.isPresented == comesBack)
        #expect(presentation.isDismissible == !comesBack)
    }
}

/// AlertService with the campaign keys: attributes, events, launch counts from the version history,
/// and the variant in the decision and the events.
@MainActor
struct AlertServiceCampaignTests {
    static let feed = Data(
        """
        [
          {"id": 1, "bundleId": "com.example.App", "title": "For pros", "text": "x", "attributes": {"plan": "pro"}},
          {"id": 2, "bundleId": "com.example.App", "title": "Thanks", "text": "x", "trigger": {"event": "purchase"}},
          {"id": 3, "bundleId": "com.example.App", "title": "Third launch", "text": "x", "minLaunches": 3,
           "variants": [{"weight": 1, "title": "A"}, {"weight": 1, "title": "B"}], "priority": -1}
        ]
        """.utf8)

    @Test
    func attributesSetAtAnyTimeCountAtTheNextCheck() async throws {
        let (service, _) = makeService(store: InMemoryAlertStore(), transport: StubFeedTransport(body: Self.feed))
        await service.showAlertIfNecessary()
        #expect(service.message == nil)
        service.attributes = ["plan": .string("pro")]
        await service.showAlertIfNecessary()
        #expect(service.message?.id == 1)
    }

    @Test
    func anEventShowsItsMessageAndOnlyThatEvent() async throws {
        let (service, log) = makeService(store: InMemoryAlertStore(), transport: StubFeedTransport(body: Self.feed))
        await service.handle(event: "share")
        #expect(service.message == nil)
        await service.handle(event: "purchase")
        #expect(service.message?.id == 2 && service.showMessage)
        service.messageAppeared()
        #expect(log.events.last == .shown(id: 2, variant: nil))
        await service.handle(event: "not a name")
        #expect(log.events.last == .problem("AlertService.handle(event:): \"not a name\" is not an event name"))
    }

    @Test
    func theLaunchCountComesFromTheVersionHistoryAndTheVariantRidesOnTheEvents() async throws {
        let store = InMemoryAlertStore()
        for _ in 0..<2 { _ = try await LaunchRecorder.record(app: exampleApp, store: store) }
        let (service, log) = makeService(store: store, transport: StubFeedTransport(body: Self.feed))
        await service.showAlertIfNecessary()
        #expect(service.message == nil)
        _ = try await LaunchRecorder.record(app: exampleApp, store: store)
        await service.showAlertIfNecessary()
        let message = try #require(service.message)
        #expect(message.id == 3)
        let variant = try #require(message.variant)
        #expect(message.title == (variant == 0 ? "A" : "B"))
        service.messageAppeared()
        #expect(log.events.last == .shown(id: 3, variant: variant))
        await service.dismiss()
        #expect(log.events.last == .dismissed(id: 3, variant: variant))
    }
}
