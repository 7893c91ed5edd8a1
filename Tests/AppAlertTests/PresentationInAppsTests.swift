import AppAlertTesting
import Foundation
import TestSupport
import Testing

@testable import AppAlert

/// What AppAlertUI's views rest on in real apps (issue 33): one answer per showing, a wall back after
/// its event button or in-app link, a presenter that follows a replaced service and live texts, the
/// window that claims a message among several, the scene a UIKit presenter picks, a picture that does
/// not decode, and the close control's colors.
@MainActor
struct PresentationInAppsTests {
    typealias Presenting = MessagePresenterTests

    @Test
    func aDoubleTapOnALinkOpensItOnceAndRecordsOneAnswer() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service(
            [
                Presenting.message(
                    .modal, #", "buttons": [{"title": "Go", "action": {"url": "https://example.com/go"}}]"#)
            ],
            folder: folder)
        let presenter = MessagePresenter(service)
        var opened: [URL] = []
        let actions = presenter.actions { opened.append($0) }
        let button = try #require(presenter.message?.buttons.first)
        async let first: Void = actions.perform(button)
        async let second: Void = actions.perform(button)
        _ = await (first, second)
        #expect(opened == [URL(string: "https://example.com/go")!])
        #expect(events.all.filter { if case .linkOpened = $0 { true } else { false } }.count == 1)
    }

    struct WallCase: Sendable, CustomTestStringConvertible {
        let layout: Message.Layout
        let action: String
        var isEvent: Bool { action.contains("event") }
        /// Back on screen as the control acts (a card's or banner's link), else at presentationEnded()
        /// (a sheet or the system alert leaving the screen), or, after an event, at resumeAfterEvent().
        var backAtOnce: Bool { !isEvent && (layout == .modal || layout == .banner) }
        var testDescription: String { "a \(layout) wall's \(isEvent ? "event" : "link") button" }
    }

    @Test(arguments: [
        WallCase(layout: .modal, action: #"{"url": "https://example.com/help"}"#),
        WallCase(layout: .sheet, action: #"{"url": "https://example.com/help"}"#),
        WallCase(layout: .alert, action: #"{"url": "https://example.com/help"}"#),
        WallCase(layout: .modal, action: #"{"event": "renew"}"#),
        WallCase(layout: .sheet, action: #"{"event": "renew"}"#),
        WallCase(layout: .alert, action: #"{"event": "renew"}"#),
    ])
    func aWallComesBackAfterItsLinkButWaitsForTheAppAfterItsEvent(_ test: WallCase) async throws {
        let folder = try TemporaryDirectory()
        let buttons =
            #"[{"title": "Go", "action": \#(test.action)}, "#
            + #"{"title": "Update", "action": {"url": "https://example.com/up"}}]"#
        let (service, events) = try await Presenting.service(
            [Presenting.message(test.layout, #", "dismissible": false, "buttons": \#(buttons)"#)], folder: folder)
        // An app-drawn alert is a card; the built-in one is the system alert.
        let presenter = MessagePresenter(service, appDrawnLayouts: test.layout == .alert ? [] : [test.layout])
        var shown: Int { events.all.filter { if case .shown = $0 { true } else { false } }.count }
        service.messageAppeared()  // as the view that draws it does
        for round in 1...2 {
            let button = try #require(presenter.message?.buttons.first)
            await presenter.actions { _ in }.perform(button)
            #expect((presenter.message != nil) == test.backAtOnce)
            presenter.presentationEnded()
            #expect((presenter.message != nil) == !test.isEvent, "round \(round): back when the container left")
            if test.isEvent {
                // The app's screen for the event is up: nothing covers it until the app says it is done.
                service.resumeAfterEvent()
                #expect(presenter.message?.id == 1)
            }
            // Each time back on screen is a new showing, reported as shown once its view draws it and,
            // after a link the user followed out of the app, once the app is active again.
            #expect(shown == round)
            service.messageAppeared()
            if !test.isEvent {
                #expect(shown == round, "drawn while the user is in the browser")
                service.appBecameActive()
            }
            #expect(shown == round + 1)
        }
    }

    struct ShownCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// How many windows say they drew the showing before it is answered.
        let appearances: Int
        let answer: Answer?
        let expected: [String]
        enum Answer: Sendable { case button, close }
    }

    @Test(arguments: [
        ShownCase(testDescription: "chosen while no window draws it", appearances: 0, answer: nil, expected: []),
        ShownCase(testDescription: "drawn by a window", appearances: 1, answer: nil, expected: ["shown"]),
        ShownCase(
            testDescription: "moved through three windows, then answered", appearances: 3, answer: .button,
            expected: ["shown", "dismissed"]),
        ShownCase(
            testDescription: "answered by a view that never said it appeared", appearances: 0, answer: .button,
            expected: ["shown", "dismissed"]),
        ShownCase(
            testDescription: "closed by a view that never said it appeared", appearances: 0, answer: .close,
            expected: ["shown", "dismissed"]),
    ])
    func theShownEventMeansOnScreenOncePerShowing(_ test: ShownCase) async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service([Presenting.message(.modal)], folder: folder)
        #expect(service.showMessage && service.message?.id == 1)
        for _ in 0..<test.appearances { service.messageAppeared() }
        switch test.answer {
        case .button: await service.dismiss()
        case .close: await service.close()
        case nil: break
        }
        let names = events.all.compactMap { event -> String? in
            switch event {
            case .shown(let id, _): id == 1 ? "shown" : "shown \(id)"
            case .dismissed(let id, _): id == 1 ? "dismissed" : "dismissed \(id)"
            default: nil
            }
        }
        #expect(names == test.expected)
    }

    @Test
    func aSlotsMessageIsReportedShownOnceWhileItStaysInTheSlot() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service(
            [Presenting.message(.modal, #", "placement": "home-top", "buttons": [{"title": "Not now"}]"#)],
            folder: folder)
        let slot = MessageSlotModel("home-top", service: service)
        await slot.refresh()
        await slot.refresh()
        #expect(slot.message?.id == 1)
        #expect(events.all.filter { $0 == .shown(id: 1) }.count == 1)
        await slot.perform(try #require(slot.message?.buttons.first))
        #expect(events.all.last == .dismissed(id: 1))
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let layout: Message.Layout
        let extra: String
        let takesKeyboard: Bool
        let returnKey: Int?
        let escapeKey: Int?
        /// The control that carries the Escape key: without one, the key does nothing.
        let escapeOwner: EscapeKeyOwner
        /// What ``MessageActions/escape(_:)`` (VoiceOver's escape, and the Escape key where a control
        /// carries it) leads to: the event it records, or nil when the message stays (a wall). With a
        /// single closing button first, the key itself answers Return only, as a system alert does.
        let escaped: String?
    }

    @Test(arguments: [
        KeyCase(
            testDescription: "a modal with a link and Not now", layout: .modal,
            extra:
                #", "buttons": [{"title": "Go", "action": {"url": "https://example.com/go"}}, {"title": "Not now"}]"#,
            takesKeyboard: true, returnKey: 0, escapeKey: 1, escapeOwner: .button(1), escaped: "dismissed"),
        KeyCase(
            testDescription: "a sheet with one OK", layout: .sheet, extra: #", "buttons": [{"title": "OK"}]"#,
            takesKeyboard: true, returnKey: 0, escapeKey: nil, escapeOwner: .hiddenControl, escaped: "dismissed"),
        KeyCase(
            testDescription: "a modal with one OK", layout: .modal, extra: #", "buttons": [{"title": "OK"}]"#,
            takesKeyboard: true, returnKey: 0, escapeKey: nil, escapeOwner: .hiddenControl, escaped: "dismissed"),
        KeyCase(
            testDescription: "a modal with a link alone", layout: .modal,
            extra: #", "buttons": [{"title": "Go", "action": {"url": "https://example.com/go"}}]"#,
            takesKeyboard: true, returnKey: 0, escapeKey: nil, escapeOwner: .closeControl, escaped: "dismissed"),
        KeyCase(
            testDescription: "an image with its close control", layout: .image, extra: "",
            takesKeyboard: true, returnKey: nil, escapeKey: nil, escapeOwner: .closeControl,
            escaped: "dismissed"),
        KeyCase(
            testDescription: "a wall", layout: .modal,
            extra:
                #", "dismissible": false, "buttons": [{"title": "Update", "action": {"url": "https://example.com/up"}}]"#,
            takesKeyboard: true, returnKey: 0, escapeKey: nil, escapeOwner: .none, escaped: nil),
        KeyCase(
            testDescription: "a banner beside the app's controls", layout: .banner, extra: "",
            takesKeyboard: false, returnKey: nil, escapeKey: nil, escapeOwner: .none, escaped: "dismissed"),
        KeyCase(
            testDescription: "an event button before Later", layout: .modal,
            extra: #", "buttons": [{"title": "Tour", "action": {"event": "tour"}}, {"title": "Later"}]"#,
            takesKeyboard: true, returnKey: 0, escapeKey: 1, escapeOwner: .button(1), escaped: "dismissed"),
    ])
    func returnAnswersTheFirstButtonAndEscapeTheOneThatClosesOnCardsAndSheetsOnly(_ test: KeyCase) async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service(
            [Presenting.message(test.layout, test.extra)], folder: folder)
        let presenter = MessagePresenter(service)
        let message = try #require(presenter.message)
        let actions = presenter.actions { _ in }
        #expect(actions.takesKeyboard == test.takesKeyboard)
        #expect(message.returnKeyButton == test.returnKey)
        #expect(message.escapeKeyButton == test.escapeKey)
        #expect(actions.escapeKeyOwner(of: message) == test.escapeOwner)
        await actions.escape(message)
        let last = events.all.last.flatMap { event -> String? in
            if case .dismissed(1, _) = event { "dismissed" } else { nil }
        }
        #expect(last == test.escaped)
        #expect((presenter.message == nil) == (test.escaped != nil), "a wall stays")
    }

    @Test
    func slotsAndTheInboxLeaveTheKeyboardToTheApp() async throws {
        let folder = try TemporaryDirectory()
        let (service, _) = try await Presenting.service(
            [Presenting.message(.modal, #", "placement": "home-top", "buttons": [{"title": "Not now"}]"#)],
            folder: folder)
        let slot = MessageSlotModel("home-top", service: service)
        await slot.refresh()
        #expect(slot.message != nil && !slot.actions(open: { _ in }).takesKeyboard)
    }

    @Test(arguments: [true, false])
    func aWallPutBackAfterItsLinkIsAnnouncedWhenTheUserComesBack(drawnBeforeReturn: Bool) async throws {
        let folder = try TemporaryDirectory()
        let buttons = #"[{"title": "Update", "action": {"url": "https://example.com/up"}}]"#
        let (service, events) = try await Presenting.service(
            [Presenting.message(.modal, #", "dismissible": false, "buttons": \#(buttons)"#)], folder: folder)
        var shown: Int { events.all.filter { $0 == .shown(id: 1) }.count }
        service.messageAppeared()
        #expect(shown == 1)
        let first = service.showingNumber
        _ = await service.perform(try #require(service.presentation?.buttons.first))
        service.presentationEnded()
        #expect(service.showMessage && service.showingNumber == first + 1, "the wall is back")
        if drawnBeforeReturn {
            // A card's wall is back at once, drawn while the browser opens: announced on return.
            service.messageAppeared()
            #expect(shown == 1)
            service.appBecameActive()
        } else {
            // The system alert's comes back as the app is active again, then is drawn.
            service.appBecameActive()
            service.messageAppeared()
        }
        #expect(shown == 2)
        service.appBecameActive()
        service.messageAppeared()
        #expect(shown == 2, "once per showing")
        // An announcement that waited for an earlier showing does nothing.
        service.messageAppeared(showing: first)
        #expect(shown == 2)
    }

    @Test
    func aWallPutBackByACheckIsAnnouncedWhenDrawn() async throws {
        // The app checks again as it becomes active (a common pattern), before the presentation has
        // ended: the user is in the app, so the wall is announced as a window draws it.
        let folder = try TemporaryDirectory()
        let buttons = #"[{"title": "Update", "action": {"url": "https://example.com/up"}}]"#
        let (service, events) = try await Presenting.service(
            [Presenting.message(.modal, #", "dismissible": false, "buttons": \#(buttons)"#)], folder: folder)
        service.messageAppeared()
        _ = await service.perform(try #require(service.presentation?.buttons.first))
        await service.showAlertIfNecessary()
        #expect(service.showMessage)
        service.messageAppeared()
        #expect(events.all.filter { $0 == .shown(id: 1) }.count == 2)
    }

    @Test
    func aWallLeftByItsEventButtonIsNotPutBackByTheEventTheAppRecordsButByAPlainCheck() async throws {
        let folder = try TemporaryDirectory()
        let buttons =
            #"[{"title": "Renew", "action": {"event": "renew"}}, "#
            + #"{"title": "Update", "action": {"url": "https://example.com/up"}}]"#
        let (service, _) = try await Presenting.service(
            [Presenting.message(.modal, #", "dismissible": false, "buttons": \#(buttons)"#)], folder: folder)
        let presenter = MessagePresenter(service, appDrawnLayouts: [.modal])
        await presenter.actions { _ in }.perform(try #require(presenter.message?.buttons.first))
        #expect(presenter.message == nil)
        // The app shows its paywall and records the event, as perform's caller may.
        await service.handle(event: "renew")
        #expect(presenter.message == nil, "the wall must not cover the app's paywall")
        await service.showAlertIfNecessary()
        #expect(presenter.message?.id == 1, "a plain check puts it back")
    }

    @Test
    func aBannerClosedByItsTimeCannotThenOpenItsLink() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service(
            [Presenting.message(.banner, #", "bannerSeconds": 3, "action": {"url": "https://example.com/go"}"#)],
            folder: folder)
        let presenter = MessagePresenter(service)
        let actions = presenter.actions { _ in }
        presenter.bannerShown(at: Presenting.start, voiceOverRunning: false)
        presenter.bannerTimeCheck(at: Presenting.start.addingTimeInterval(3.5))
        await actions.tap()
        await presenter.pendingClose?.value
        #expect(!events.all.contains { if case .linkOpened = $0 { true } else { false } })
        #expect(events.all.filter { if case .dismissed = $0 { true } else { false } }.count == 1)
    }

    @Test
    func aPresenterIsKeptForItsServiceAndReplacedWithIt() async throws {
        let folder = try TemporaryDirectory()
        let (first, _) = try await Presenting.service([Presenting.message(.banner)], folder: folder)
        let (second, _) = try await Presenting.service([Presenting.message(.modal)], folder: folder)
        let kept = MessagePresenter.reusing(nil, for: first)
        #expect(MessagePresenter.reusing(kept, for: first) === kept)
        let replaced = MessagePresenter.reusing(kept, for: second)
        #expect(replaced !== kept && replaced.service === second && replaced.container == .card)
        #expect(MessagePresenter.reusing(replaced, for: second, appDrawnLayouts: [.modal]) !== replaced)
        let slot = MessageSlotModel.reusing(nil, name: "home-top", service: first)
        #expect(MessageSlotModel.reusing(slot, name: "home-top", service: first) === slot)
        #expect(MessageSlotModel.reusing(slot, name: "settings", service: first).placement == .slot("settings"))
        #expect(MessageSlotModel.reusing(slot, name: "home-top", service: second) !== slot)
    }

    @Test
    func theControlsWordsFollowAChangeToMessageTexts() async throws {
        let folder = try TemporaryDirectory()
        let (service, _) = try await Presenting.service([Presenting.message(.image)], folder: folder)
        let presenter = MessagePresenter(service)
        #expect(presenter.actions { _ in }.texts.close == "Close")
        var texts = service.messageTexts
        texts["en"]?.close = "Dismiss"
        service.messageTexts = texts
        #expect(presenter.actions { _ in }.texts.close == "Dismiss")
    }

    // MARK: Several windows

    @Test
    func theActiveFrontmostWindowClaimsTheMessageAndKeepsItWhileItIsOnScreen() async {
        let (a, b, c) = (UUID(), UUID(), UUID())
        var claims = SceneClaims()
        #expect(claims.claimant == nil)
        claims.update(a, isActive: false, isFrontmost: false)
        #expect(claims.claimant == nil, "no window active: the message waits")
        claims.update(a, isActive: true, isFrontmost: false)
        claims.update(b, isActive: true, isFrontmost: false)
        #expect(claims.claimant == b, "the one active last")
        claims.update(a, isActive: true, isFrontmost: true)
        #expect(claims.claimant == a, "the key one")
        claims.update(c, isActive: true, isFrontmost: false)
        #expect(claims.claimant == a)
        claims.shown(7, in: a)
        claims.update(a, isActive: true, isFrontmost: false)
        claims.update(b, isActive: true, isFrontmost: true)
        #expect(claims.claimant == b)
        #expect(claims.owner(of: 7) == a, "on screen in a: it stays there")
        #expect(claims.owner(of: 8) == b, "another message goes to the claimant")
        claims.left(a)
        #expect(claims.owner(of: 7) == b)
    }

    @Test
    func aWindowClosedWhileShowingTheMessageLetsTheNextClaimantShowIt() async {
        let (a, b) = (UUID(), UUID())
        let stage = MessageStage()
        stage.update(a, isActive: true, isFrontmost: true)
        stage.update(b, isActive: true, isFrontmost: false)
        #expect(stage.draws(3, in: a) && !stage.draws(3, in: b))
        stage.shown(3, in: a)
        #expect(stage.remove(b) == false, "b showed nothing")
        stage.update(b, isActive: true, isFrontmost: false)
        #expect(stage.remove(a) == true, "a showed the message: its host tears down")
        #expect(stage.draws(3, in: b))
    }

    struct PlacementFailure: Error, CustomStringConvertible {
        var description: String { "the window already shows a sheet" }
    }

    @Test
    func aWindowPutsTheMessageOnScreenOnlyWhenItClaimsItAndAnnouncesItThen() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service([Presenting.message(.modal)], folder: folder)
        var shown: Int { events.all.filter { $0 == .shown(id: 1) }.count }
        let a = WindowPlacement(id: UUID())
        let b = WindowPlacement(id: UUID())
        var presented: [String] = []
        // The app is in the background: nothing goes on screen, nothing is announced.
        a.update(service, window: .init(isActive: false, isFrontmost: false)) { _ in presented.append("a") }
        b.update(service, window: .init(isActive: false, isFrontmost: false)) { _ in presented.append("b") }
        #expect(presented.isEmpty && shown == 0)
        // a becomes active: the only active window claims it, puts it up once, and it is announced.
        a.update(service, window: .init(isActive: true, isFrontmost: false)) { _ in presented.append("a") }
        a.update(service, window: .init(isActive: true, isFrontmost: false)) { _ in presented.append("a") }
        #expect(presented == ["a"] && shown == 1)
        // b comes to the front: the message on screen in a stays there.
        b.update(service, window: .init(isActive: true, isFrontmost: true)) { _ in presented.append("b") }
        a.update(service, window: .init(isActive: true, isFrontmost: false)) { _ in presented.append("a") }
        #expect(presented == ["a"])
        // a closes while showing it: b takes it; still one showing, announced once.
        a.update(service, window: nil) { _ in presented.append("a") }
        b.update(service, window: .init(isActive: true, isFrontmost: true)) { _ in presented.append("b") }
        #expect(presented == ["a", "b"] && shown == 1)
    }

    @Test
    func aMessageWaitsForItsPictureToBeDecodedBeforeAWindowPutsItUp() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service([Presenting.message(.image)], folder: folder)
        let placement = WindowPlacement(id: UUID())
        let window = WindowPlacement.WindowState(isActive: true, isFrontmost: true)
        var presented = 0
        placement.update(service, window: window, isReady: false) { _ in presented += 1 }
        #expect(presented == 0 && !service.stage.isShowing(in: placement.id))
        #expect(!events.all.contains(.shown(id: 1)))
        placement.update(service, window: window, isReady: true) { _ in presented += 1 }
        #expect(presented == 1 && events.all.contains(.shown(id: 1)))
    }

    @Test
    func aWindowUpdatedAgainWhilePuttingTheMessageUpPutsItUpOnce() async throws {
        // On the Mac a sheet becomes the key window inside beginSheet, and the key-window notification
        // updates the window's view again before present returns.
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service([Presenting.message(.sheet)], folder: folder)
        let placement = WindowPlacement(id: UUID())
        let window = WindowPlacement.WindowState(isActive: true, isFrontmost: true)
        var presented = 0
        func update() {
            placement.update(service, window: window) { _ in
                presented += 1
                update()
            }
        }
        update()
        #expect(presented == 1 && service.stage.isShowing(in: placement.id))
        #expect(events.all.filter { $0 == .shown(id: 1) }.count == 1)
    }

    @Test
    func aWindowThatCannotPutTheMessageUpReleasesItsClaimAndSaysSoOncePerShowing() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service([Presenting.message(.modal)], folder: folder)
        let placement = WindowPlacement(id: UUID())
        let window = WindowPlacement.WindowState(isActive: true, isFrontmost: true)
        for _ in 0..<3 {
            placement.update(service, window: window) { _ in throw PlacementFailure() }
            #expect(!service.stage.isShowing(in: placement.id), "the claim is released, to be tried again")
        }
        let problems = events.all.filter { if case .problem = $0 { true } else { false } }
        #expect(problems == [.problem("AppAlert could not put message 1 on screen: the window already shows a sheet")])
        #expect(!events.all.contains(.shown(id: 1)), "never on screen, never announced")
        // The next change lets it up: announced once.
        var tries = 0
        placement.update(service, window: window) { _ in tries += 1 }
        placement.update(service, window: window) { _ in tries += 1 }
        #expect(tries == 1 && service.stage.isShowing(in: placement.id))
        #expect(events.all.filter { $0 == .shown(id: 1) }.count == 1)
    }

    struct SceneCase: Sendable, CustomTestStringConvertible {
        let scenes: [SceneChoice.Candidate]
        let chosen: Int?
        let reason: String?
        var cause: PresentationRefusal.Cause? = nil
        var testDescription: String { "\(scenes.count) scenes → \(chosen.map(String.init) ?? reason ?? "")" }
    }

    @Test(arguments: [
        SceneCase(scenes: [.init(isForegroundActive: true, isFrontmost: false)], chosen: 0, reason: nil),
        SceneCase(
            scenes: [
                .init(isForegroundActive: true, isFrontmost: false),
                .init(isForegroundActive: true, isFrontmost: true),
            ], chosen: 1, reason: nil),
        SceneCase(
            scenes: [
                .init(isForegroundActive: false, isFrontmost: true),
                .init(isForegroundActive: true, isFrontmost: false),
            ], chosen: 1, reason: nil),
        SceneCase(
            scenes: [
                .init(isForegroundActive: true, isFrontmost: false),
                .init(isForegroundActive: true, isFrontmost: false),
            ], chosen: nil, reason: "2 scenes are in the foreground and none is frontmost", cause: .noFrontmostScene),
        SceneCase(
            scenes: [.init(isForegroundActive: false, isFrontmost: false)], chosen: nil,
            reason: "no scene is active", cause: .noForegroundScene),
    ])
    func aUIKitPresenterWithoutAControllerPicksTheFrontmostSceneOrSaysWhyNot(_ test: SceneCase) async {
        switch SceneChoice.choose(test.scenes) {
        case .success(let index): #expect(index == test.chosen)
        case .failure(let refusal):
            // The cause tells AppAlertUI's PresentationError.Kind: wait for the app vs. pass a scene.
            #expect(test.reason.map { refusal.reason.hasPrefix($0) } == true)
            #expect(refusal.cause == test.cause)
        }
    }

    // MARK: Pictures and the close control

    struct PartsCase: Sendable, CustomTestStringConvertible {
        let layout: Message.Layout
        let decoded: Bool
        let parts: CardParts
        var testDescription: String { "\(layout), picture \(decoded ? "decoded" : "not decoded")" }
    }

    @Test(arguments: [
        PartsCase(
            layout: .image, decoded: true,
            parts: CardParts(picture: true, words: false, features: false, buttons: false)),
        PartsCase(
            layout: .image, decoded: false,
            parts: CardParts(picture: false, words: true, features: false, buttons: true)),
        PartsCase(
            layout: .modal, decoded: false,
            parts: CardParts(picture: false, words: true, features: false, buttons: true)),
        PartsCase(
            layout: .sheet, decoded: true, parts: CardParts(picture: true, words: true, features: true, buttons: true)),
        PartsCase(
            layout: .banner, decoded: false,
            parts: CardParts(picture: false, words: true, features: false, buttons: false)),
    ])
    func aPictureThatDoesNotDecodeLeavesTheWordsAndControls(_ test: PartsCase) async {
        let message = ResolvedMessage(id: 1, title: "Hello", text: "World", layout: test.layout)
        #expect(message.cardParts(pictureDecoded: test.decoded) == test.parts)
    }

    @Test
    func aPictureThatDoesNotDecodeIsReportedOncePerShowingAndTheMessageCanStillBeClosed() async throws {
        let folder = try TemporaryDirectory()
        let (service, events) = try await Presenting.service([Presenting.message(.image)], folder: folder)
        let presenter = MessagePresenter(service)
        let actions = presenter.actions { _ in }
        #expect(actions.showsCloseControl)
        actions.pictureDidNotDecode()
        actions.pictureDidNotDecode()
        presenter.actions { _ in }.pictureDidNotDecode()
        let problems = events.all.compactMap { if case .problem(let text) = $0 { text } else { nil } }
        #expect(problems == [MessageActions.pictureProblem(try #require(presenter.message))])
        await actions.close()
        #expect(presenter.message == nil)
        #expect(events.all.contains { if case .dismissed(id: 1, _) = $0 { true } else { false } })
    }

    struct CloseColorCase: Sendable, CustomTestStringConvertible {
        let palette: Message.Palette
        let dark: Bool
        let foreground: Message.Color?
        let backdrop: Message.Color?
        var testDescription: String {
            "text \(palette.text?.description ?? "-") on \(palette.background?.description ?? "-")"
        }
    }

    nonisolated static let navy = Message.Color(red: 0x10, green: 0x20, blue: 0x30)
    nonisolated static let paper = Message.Color(red: 0xF0, green: 0xF0, blue: 0xF0)

    @Test(arguments: [
        CloseColorCase(palette: Message.Palette(), dark: false, foreground: nil, backdrop: nil),
        CloseColorCase(
            palette: Message.Palette(background: navy, text: .white), dark: false, foreground: .white,
            backdrop: Message.Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 255)),
        CloseColorCase(
            palette: Message.Palette(
                background: Message.Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 40), text: .white),
            dark: false, foreground: .white, backdrop: Message.Color(red: 0x10, green: 0x20, blue: 0x30, alpha: 230)),
        CloseColorCase(palette: Message.Palette(text: .white), dark: false, foreground: .white, backdrop: .black),
        CloseColorCase(palette: Message.Palette(background: paper), dark: true, foreground: .black, backdrop: paper),
    ])
    func theCloseControlTakesTheMessagesColorsOnAContrastingBackdrop(_ test: CloseColorCase) async {
        let message = ResolvedMessage(
            id: 1, title: "Hello", text: "World", layout: .image,
            colors: Message.Colors(light: test.palette, dark: test.palette))
        let colors = message.closeControlColors(dark: test.dark)
        #expect(colors.foreground == test.foreground)
        #expect(colors.backdrop == test.backdrop)
    }
}
