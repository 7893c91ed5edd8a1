import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// What `.messageAlert` puts on screen and what its controls do, decided in the core: the container of
/// each layout, the sheet's swipe, the banner's time, drag and VoiceOver hold, the close control, the
/// actions a built-in or an app's own view calls, the words of the controls and the text direction.
@MainActor
struct MessagePresenterTests {
    nonisolated static let start = Date(timeIntervalSince1970: 1_800_000_000)
    nonisolated static let imageURL = "https://example.com/picture.png"

    /// A service whose feed is `messages` (JSON objects without the bundle id, which is added) and whose
    /// images are SampleMessages.imageData; it shows the first message that is due.
    static func service(
        _ messages: [String], languages: [String] = ["en"], folder: borrowing TemporaryDirectory
    ) async throws -> (AlertService, MessageViewModelTests.Events) {
        let feed = "[" + messages.map { #"{"bundleId": "com.example.App", "# + $0 + "}" }.joined(separator: ",") + "]"
        let transport = StubFeedTransport { request in
            request.url.absoluteString == imageURL
                ? FeedResponse(status: 200, headers: ["Content-Type": "image/png"], body: SampleMessages.imageData)
                : FeedResponse(status: 200, body: Data(feed.utf8))
        }
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        let client = AlertClient(
            source: try #require(FeedSource("https://example.com/messages.json")),
            app: AppInfo(
                bundleID: "com.example.App", appVersion: "1.0", platform: .iOS, osVersion: Version("17.0"),
                preferredLanguages: languages.map(LanguageTag.init)),
            store: InMemoryAlertStore(), transport: transport, configuration: configuration, clock: .fixed(start),
            imageLoader: ImageLoader(directory: folder.url, transport: transport, clock: .fixed(start)))
        let service = AlertService(client: client)
        let events = MessageViewModelTests.Events()
        service.onEvent = { events.all.append($0) }
        await service.showAlertIfNecessary()
        return (service, events)
    }

    nonisolated static func message(_ layout: Message.Layout, _ extra: String = "") -> String {
        var members = #""id": 1, "title": "Hello", "text": "World", "layout": "\#(layout.rawValue)""#
        if layout == .image { members += #", "image": {"url": "\#(imageURL)", "alt": "A picture"}"# }
        return members + extra
    }

    struct ContainerCase: Sendable, CustomTestStringConvertible {
        let layout: Message.Layout
        let appDrawn: Set<Message.Layout>
        let expected: MessagePresenter.Container
        var testDescription: String { "\(layout) drawn by \(appDrawn.isEmpty ? "AppAlert" : "the app")" }
    }

    @Test(arguments: [
        ContainerCase(layout: .alert, appDrawn: [], expected: .systemAlert),
        ContainerCase(layout: .alert, appDrawn: [.alert], expected: .card),
        ContainerCase(layout: .banner, appDrawn: [], expected: .banner),
        ContainerCase(layout: .banner, appDrawn: [.banner], expected: .banner),
        ContainerCase(layout: .modal, appDrawn: [], expected: .card),
        ContainerCase(layout: .sheet, appDrawn: [.sheet], expected: .sheet),
        ContainerCase(layout: .image, appDrawn: [], expected: .card),
    ])
    func eachLayoutGoesInItsContainerAndOnlyTheSystemAlertIsBoundToTheAlert(_ test: ContainerCase) async throws {
        let folder = try TemporaryDirectory()
        let (service, _) = try await Self.service([Self.message(test.layout)], folder: folder)
        let presenter = MessagePresenter(service, appDrawnLayouts: test.appDrawn)
        #expect(presenter.message?.id == 1)
        #expect(presenter.container == test.expected)
        #expect(presenter.isAppDrawn == test.appDrawn.contains(test.layout))
        // The system alert is bound only for a built-in alert; the sheet only for a sheet.
        #expect(presenter.isPresented == (test.expected == .systemAlert))
        #expect((presenter.presentation != nil) == (test.expected == .systemAlert))
        #expect(presenter.isShowingSheet == (test.expected == .sheet))
        #expect((presenter.bannerAnnouncement != nil) == (test.expected == .banner))
    }

    @Test
    func swipingASheetDownClosesItAtOnceAndRecordsTheDismissal() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Self.service([Self.message(.sheet)], folder: folder)
        let presenter = MessagePresenter(service)
        #expect(presenter.isShowingSheet && presenter.canSwipeAway)
        presenter.isShowingSheet = false
        // Read back by SwiftUI at once: already false, before the store has answered.
        #expect(!presenter.isShowingSheet && presenter.message == nil)
        await presenter.pendingClose?.value
        #expect(events.all.last == .dismissed(id: 1, variant: nil))
        // Recorded: shown once, never again.
        await service.showAlertIfNecessary()
        #expect(service.message?.id == 1 && !service.showMessage)
    }

    @Test
    func aWallsSheetCannotBeSwipedAwayOrClosed() async throws {
        let folder = try TemporaryDirectory()
        let wall = Self.message(
            .sheet, #", "dismissible": false, "link": {"title": "Update", "url": "https://example.com/up"}"#)
        let (service, events) = try await Self.service([wall], folder: folder)
        let presenter = MessagePresenter(service)
        #expect(!presenter.canSwipeAway)
        presenter.isShowingSheet = false
        #expect(presenter.isShowingSheet)
        let actions = presenter.actions { _ in }
        #expect(!actions.showsCloseControl)
        await actions.close()
        #expect(presenter.isShowingSheet)
        #expect(!events.all.contains(.dismissed(id: 1, variant: nil)))
    }

    enum Leaving: String, CaseIterable, Sendable {
        case closed, answered, linkOfAWallFollowed, bannerTimeUp
    }

    /// A UIKit or AppKit host takes its window or sheet down when the message leaves the screen,
    /// whichever way it leaves, once. A wall's card whose link was followed leaves too (the host takes
    /// it down) and is on screen again at once, a new showing: its presentation ends as the control acts.
    @Test(.timeLimit(.minutes(1)), arguments: Leaving.allCases)
    func aHostIsToldOnceWhenTheMessageLeavesTheScreen(_ leaving: Leaving) async throws {
        let folder = try TemporaryDirectory()
        let message =
            switch leaving {
            case .closed: Self.message(.modal)
            case .answered: Self.message(.modal, #", "buttons": [{"title": "OK", "action": "dismiss"}]"#)
            case .linkOfAWallFollowed:
                Self.message(
                    .modal, #", "dismissible": false, "link": {"title": "Go", "url": "https://example.com/up"}"#)
            case .bannerTimeUp: Self.message(.banner, #", "bannerSeconds": 3"#)
            }
        let (service, _) = try await Self.service([message], folder: folder)
        let presenter = MessagePresenter(service)
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        var calls = 0
        presenter.whenMessageLeaves {
            calls += 1
            continuation.yield(calls)
        }
        // Changes that are not leaving: the banner's countdown starting, a check while on screen.
        presenter.bannerShown(at: Self.start, voiceOverRunning: false)
        await service.showAlertIfNecessary()
        #expect(calls == 0)
        let actions = presenter.actions { _ in }
        switch leaving {
        case .closed: await actions.close()
        case .answered, .linkOfAWallFollowed: await actions.perform(try #require(service.message?.buttons.first))
        case .bannerTimeUp: presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(3.5))
        }
        var told = stream.makeAsyncIterator()
        #expect(await told.next() == 1)
        if leaving == .linkOfAWallFollowed {
            #expect(presenter.message?.id == 1)
            return
        }
        #expect(presenter.message == nil)
        service.presentationEnded()
        #expect(presenter.message == nil)
        // Told at once when nothing is on screen.
        let idle = MessagePresenter(service)
        if idle.message == nil {
            var atOnce = false
            idle.whenMessageLeaves { atOnce = true }
            #expect(atOnce)
        }
        #expect(calls == 1)
    }

    @Test
    func aBannerLeavesWhenItsTimeIsUpButNotWhileVoiceOverHoldsIt() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Self.service(
            [Self.message(.banner, #", "bannerSeconds": 5"#)], folder: folder)
        let presenter = MessagePresenter(service)
        #expect(presenter.bannerDeadline == nil, "no countdown before the banner is on screen")
        presenter.bannerShown(at: Self.start, voiceOverRunning: false)
        #expect(presenter.bannerDeadline == Self.start.addingTimeInterval(5))
        presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(4.9))
        #expect(presenter.container == .banner)

        presenter.voiceOverChanged(running: true, at: Self.start.addingTimeInterval(3))
        #expect(presenter.bannerDeadline == nil)
        presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(600))
        #expect(presenter.container == .banner, "VoiceOver holds it")
        presenter.voiceOverChanged(running: false, at: Self.start.addingTimeInterval(700))
        #expect(presenter.bannerDeadline == Self.start.addingTimeInterval(705))

        presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(705))
        #expect(presenter.container == nil)
        await presenter.pendingClose?.value
        #expect(events.all.last == .dismissed(id: 1, variant: nil))
    }

    @Test
    func aBannersCountdownWaitsWhileTheAppIsNotActiveAndStartsAgainWhenItIsBack() async throws {
        let folder = try TemporaryDirectory()
        let (service, _) = try await Self.service([Self.message(.banner, #", "bannerSeconds": 5"#)], folder: folder)
        let presenter = MessagePresenter(service)
        // Put up while the app is in the background: nobody sees it, so no time runs.
        presenter.appActivityChanged(active: false, at: Self.start)
        presenter.bannerShown(at: Self.start, voiceOverRunning: false)
        #expect(presenter.bannerDeadline == nil)
        presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(3_600))
        #expect(presenter.container == .banner)
        presenter.appActivityChanged(active: true, at: Self.start.addingTimeInterval(100))
        #expect(presenter.bannerDeadline == Self.start.addingTimeInterval(105))

        // Four seconds in, the user opens the app switcher: the full time again once back.
        presenter.appActivityChanged(active: false, at: Self.start.addingTimeInterval(104))
        presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(106))
        #expect(presenter.container == .banner, "not while the app is not active")
        // VoiceOver starts and the app comes back: still held, by VoiceOver.
        presenter.voiceOverChanged(running: true, at: Self.start.addingTimeInterval(200))
        presenter.appActivityChanged(active: true, at: Self.start.addingTimeInterval(300))
        #expect(presenter.bannerDeadline == nil)
        presenter.voiceOverChanged(running: false, at: Self.start.addingTimeInterval(400))
        #expect(presenter.bannerDeadline == Self.start.addingTimeInterval(405))
        // A repeated "active" does not restart the countdown.
        presenter.appActivityChanged(active: true, at: Self.start.addingTimeInterval(402))
        #expect(presenter.bannerDeadline == Self.start.addingTimeInterval(405))
        presenter.bannerTimeCheck(at: Self.start.addingTimeInterval(405))
        #expect(presenter.container == nil)
    }

    @Test(arguments: [
        (-30.0, -30.0, true), (-10.0, -80.0, true), (-10.0, -40.0, false), (40.0, 120.0, false), (0.0, 0.0, false),
    ])
    func aBannerClosesWhenDraggedOrFlickedUpFarEnough(translation: Double, predictedEnd: Double, closes: Bool)
        async throws
    {
        #expect(MessagePresenter.dragClosesBanner(translation: translation, predictedEnd: predictedEnd) == closes)
        let folder = try TemporaryDirectory()
        let (service, _) = try await Self.service([Self.message(.banner)], folder: folder)
        let presenter = MessagePresenter(service)
        presenter.bannerShown(at: Self.start, voiceOverRunning: false)
        presenter.bannerDragEnded(translation: translation, predictedEnd: predictedEnd)
        #expect((presenter.container == nil) == closes)
        await presenter.pendingClose?.value
    }

    struct ControlsCase: Sendable, CustomTestStringConvertible {
        let description: String
        let message: String
        let closeControl: Bool
        let tap: Bool
        var testDescription: String { description }
    }

    @Test(arguments: [
        ControlsCase(
            description: "an image: close control and tap", message: message(.image), closeControl: true, tap: true),
        ControlsCase(
            description: "a modal with a dismiss button: none", message: message(.modal), closeControl: false,
            tap: false),
        ControlsCase(
            description: "a modal whose only button opens a link: close control",
            message: message(.modal, #", "buttons": [{"title": "Go", "action": {"url": "https://example.com/go"}}]"#),
            closeControl: true, tap: false),
        ControlsCase(
            description: "a banner on top: swipe, no close control", message: message(.banner), closeControl: false,
            tap: true),
        ControlsCase(
            description: "an alert drawn by the app, with its OK: none", message: message(.alert), closeControl: false,
            tap: false),
    ])
    func theCloseControlIsThereOnlyWhenNothingElseClosesTheMessage(_ test: ControlsCase) async throws {
        let folder = try TemporaryDirectory()
        let (service, _) = try await Self.service([test.message], folder: folder)
        let presenter = MessagePresenter(service, appDrawnLayouts: [.alert])
        let actions = presenter.actions { _ in }
        #expect(actions.showsCloseControl == test.closeControl)
        #expect(actions.hasTapAction == test.tap)
        #expect(actions.texts.close == "Close")
    }

    @Test
    func anImageIsShownOnlyWithItsCheckedBytesAndItsActionsRecordOpenAndHandOver() async throws {
        let folder = try TemporaryDirectory()
        let message = Self.message(.image, #", "action": {"url": "https://example.com/sale"}"#)
        let (service, events) = try await Self.service([message], folder: folder)
        let presenter = MessagePresenter(service)
        var opened: [URL] = []
        let actions = presenter.actions { opened.append($0) }
        let shown = try #require(presenter.message)
        #expect(shown.loadedImage(in: actions.images, dark: false)?.data == SampleMessages.imageData)
        await actions.tap()
        #expect(opened == [URL(string: "https://example.com/sale")!])
        #expect(presenter.message == nil)
        #expect(events.all.last == .linkOpened(id: 1, url: URL(string: "https://example.com/sale")!, variant: nil))

        // A modal's event button: handed to the app, recorded, gone.
        let (other, otherEvents) = try await Self.service(
            [Self.message(.modal, #", "buttons": [{"title": "Start", "action": {"event": "tour.start"}}]"#)],
            folder: folder)
        let otherActions = MessagePresenter(other).actions { _ in Issue.record("an event opens nothing") }
        await otherActions.perform(try #require(other.message?.buttons.first))
        #expect(otherEvents.all.last == .buttonEvent(id: 1, name: "tour.start", variant: nil))
        #expect(!other.showMessage)
        // The close control of a card: a dismissal.
        let (third, thirdEvents) = try await Self.service([Self.message(.modal)], folder: folder)
        await MessagePresenter(third).actions { _ in }.close()
        #expect(thirdEvents.all.last == .dismissed(id: 1, variant: nil))
        #expect(!third.showMessage)
    }

    @Test
    func aSlotCardWithoutAButtonThatClosesItGetsACloseControl() async throws {
        let feed = """
            [{"id": 1, "bundleId": "com.example.App", "title": "Tip", "text": "Swipe", "placement": "home-top",
              "layout": "banner", "action": {"url": "https://example.com/tip"}}]
            """
        let (service, events) = try MessageViewModelTests.service(feed)
        let slot = MessageSlotModel("home-top", service: service)
        await slot.refresh()
        let actions = slot.actions { _ in }
        #expect(actions.showsCloseControl && actions.hasTapAction)
        await actions.close()
        #expect(slot.message == nil)
        #expect(events.all.last == .dismissed(id: 1, variant: nil))
    }

    @Test(arguments: [
        (["pt-BR"], "Fechar"), (["fr-CA", "en"], "Fermer"), (["xx", "de-AT"], "Schließen"), (["zh-TW"], "關閉"),
        (["zh-CN"], "关闭"), (["xx"], "Close"), ([], "Close"),
    ])
    func theControlsSpeakTheFirstPreferredLanguageTheTablesServe(languages: [String], close: String) {
        #expect(MessageTexts.forLanguages(languages.map(LanguageTag.init)).close == close)
        // The same choice as the update prompt's.
        let english = UpdateTexts.builtIn["en"]!
        let update = UpdateTexts.forLanguages(languages.map(LanguageTag.init))
        #expect((update == english) == (close == "Close"))
    }

    @Test
    func everyLanguageOfTheUpdatePromptHasEveryControlText() {
        #expect(Set(MessageTexts.builtIn.keys) == Set(UpdateTexts.builtIn.keys))
        for (language, texts) in MessageTexts.builtIn {
            for text in [texts.close, texts.delete, texts.inboxTitle, texts.inboxEmpty, texts.unread] {
                #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language)")
            }
        }
    }

    @Test(arguments: [
        ("ar", true), ("he-IL", true), ("iw", true), ("fa", true), ("ur-PK", true), ("az-Arab", true),
        ("en", false), ("uz-Latn", false), ("zh-Hant", false), ("ku", false),
    ])
    func aLanguageIsRightToLeftByItsScriptOrElseItsLanguage(tag: String, rightToLeft: Bool) {
        #expect(LanguageTag(tag).isRightToLeft == rightToLeft)
    }

    @Test
    func aMessageMirrorsByItsLocalizationOrElseItsFirstLetter() throws {
        #expect(SampleMessages.arabic.isRightToLeft)
        #expect(!SampleMessages.longGerman.isRightToLeft)
        #expect(ResolvedMessage(id: 1, title: "2026: مرحبا", text: "").isRightToLeft)
        #expect(!ResolvedMessage(id: 1, title: "iOS 26 — שלום", text: "").isRightToLeft)
        #expect(!ResolvedMessage(id: 1, title: "123", text: "!").isRightToLeft)
        // A localization's language decides, whatever its letters.
        #expect(!ResolvedMessage(id: 1, title: "مرحبا", text: "", localization: LanguageTag("en")).isRightToLeft)
    }
}
