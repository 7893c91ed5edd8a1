#if canImport(SwiftUI)
    import AppAlert
    import Foundation
    import SwiftUI
    #if os(iOS)
        import UIKit
    #elseif os(macOS)
        import AppKit
    #endif

    /// What one `.messageAlert` keeps across updates of its view: its presenter (a new one when the app
    /// replaces its service), its window and whether the scene is active, and its claim on the
    /// service's ``MessageStage``. On iOS and macOS it also puts the message on screen: in the
    /// package's own window above the app's (iOS) or in the key window's sheet or top (macOS), so that
    /// a sheet or cover the app already shows never hides it.
    @MainActor
    final class PresentationKeeper {
        let id: UUID
        private(set) var presenter: MessagePresenter?
        var isActive = false
        /// The app's view, `openURL` and environment where `.messageAlert` is: the hosts draw the message
        /// with them (its objects, color scheme, tint, Dynamic Type limits), as in the app's own tree.
        private var look = HostedMessage.Look()
        /// This window's part in putting the message on screen (its claim, a failure said once).
        private var placement: WindowPlacement
        /// Where the message on screen takes a new look (the app's environment changed: dark mode,
        /// Dynamic Type, VoiceOver), so that the hosts never draw with a stale copy.
        private var sink: HostedMessage.LookSink?
        /// For `deinit`, which cannot read the main actor's state: the claim of a view that is gone.
        nonisolated(unsafe) private weak var claimedStage: MessageStage?
        #if os(iOS) || os(macOS)
            let place = WindowPlace()
            /// Whether the app was active at the last update (the Mac's activation, which its scene
            /// phase does not show).
            private var wasAppActive = true
        #endif

        init() {
            let id = UUID()
            self.id = id
            placement = WindowPlacement(id: id)
            #if os(iOS) || os(macOS)
                place.changed = { [weak self] in self?.update() }
            #endif
        }

        /// The presenter for `service` (kept while the service and layouts stay the same), and the look
        /// to present with.
        func presenter(
            for service: AlertService, appDrawnLayouts: Set<Message.Layout>, look: HostedMessage.Look
        ) -> MessagePresenter {
            self.look = look
            sink?.update?(look)
            let kept = MessagePresenter.reusing(presenter, for: service, appDrawnLayouts: appDrawnLayouts)
            if kept !== presenter {
                presenter?.service.stage.remove(id)
                presenter = kept
                claimedStage = kept.service.stage
            }
            return kept
        }

        /// The view is gone for good (a popped screen, a replaced hierarchy): so is its claim. Not at
        /// `onDisappear`, which a full-screen cover or a pushed screen also causes.
        deinit {
            let id = id
            let stage = claimedStage
            Task { @MainActor in stage?.remove(id) }
        }

        /// Whether this view draws the message on screen now (another window may have claimed it).
        var drawsMessage: Bool {
            guard let presenter, let message = presenter.message else { return false }
            return presenter.service.stage.draws(message.id, in: id)
        }

        /// Tells the stage this window's state and, when this window claims the message and shows
        /// nothing yet, puts it on screen (``WindowPlacement`` decides): on iOS and macOS through the
        /// UIKit and AppKit hosts; elsewhere the SwiftUI containers of this view draw it, and the stage
        /// hears when it leaves.
        func update() {
            guard let presenter else { return }
            #if os(iOS) || os(macOS)
                let window = place.window
                let state = window.map { _ in
                    WindowPlacement.WindowState(isActive: isActive && place.isAppActive, isFrontmost: place.isFrontmost)
                }
                // A picture the card draws is decoded before the message goes up (off the main actor
                // on iOS); every window's view updates again when it is (HostEvents). Not for the
                // system alert or the app's own view, which draw no picture of ours.
                let dark = look.environment?.colorScheme == .dark
                let drawsPicture = presenter.container != .systemAlert && !presenter.isAppDrawn
                let picture =
                    drawsPicture
                    ? presenter.message?.loadedImage(in: presenter.service.messageImages, dark: dark)?.data : nil
                var isReady = true
                if let picture, window != nil { isReady = DecodedPictures.prepare(picture) }
                // On the Mac a window keeps its scene phase while another app is in front: the app's own
                // activation is what says the user is back (a wall's link, followed outside the app,
                // brings the wall back, which is announced then), in the order the scene phase takes
                // on iOS.
                let appActive = place.isAppActive
                defer {
                    if appActive, !wasAppActive {
                        presenter.presentationEnded()
                        presenter.service.appBecameActive()
                    }
                    wasAppActive = appActive
                }
                placement.update(presenter.service, window: state, isReady: isReady) { _ in
                    guard let window else { return }
                    let sink = HostedMessage.LookSink()
                    self.sink = sink
                    try MessageHosting.present(presenter, in: window, stage: id, look: look, sink: sink)
                }
            #else
                let state = WindowPlacement.WindowState(isActive: isActive, isFrontmost: isActive)
                placement.update(presenter.service, window: state) { [id] _ in
                    let stage = presenter.service.stage
                    presenter.whenMessageLeaves { stage.left(id) }
                }
            #endif
        }
    }

    #if os(iOS) || os(macOS)
        /// Puts the message of a `.messageAlert` on screen through the UIKit or AppKit hosts.
        @MainActor
        enum MessageHosting {

            static func present(
                _ presenter: MessagePresenter, in window: PlatformWindow, stage: UUID, look: HostedMessage.Look,
                sink: HostedMessage.LookSink
            ) throws {
                guard let container = presenter.container else { return }
                #if os(iOS)
                    guard let scene = window.windowScene else {
                        throw PresentationError(kind: .notOnScreen, reason: "the view's window has no scene")
                    }
                    if container == .systemAlert {
                        try presentAlert(presenter, stage: stage, openURL: look.openURL) { actions, title, text in
                            let alert = try UIKitAlertHost.present(
                                title: title, message: text,
                                actions: actions.map {
                                    UIKitAlertHost.Action(title: $0.title, isCancel: $0.isCancel, run: $0.run)
                                },
                                on: nil, in: scene)
                            return { done in
                                // Gone another way (dismiss(), a reset): the alert and its window go too,
                                // and the window is free only once they have.
                                guard let host = alert.presentingViewController else { return done() }
                                alert.dismiss(animated: true) {
                                    UIKitAlertHost.closeWindow(ifRoot: host)
                                    done()
                                }
                            }
                        }
                    } else {
                        try UIKitMessageHost.present(
                            presenter,
                            UIKitMessageHost.Placement(
                                viewController: nil, scene: scene, stage: stage, look: look, sink: sink))
                    }
                #else
                    if container == .banner {
                        // Across the top of the window itself: a sheet of the app's may end without
                        // closing, and would take the banner out of sight with it. Not under a sheet:
                        // it waits until the sheet ends (the window becomes key again, and asks again).
                        if window.attachedSheet != nil {
                            throw PresentationError(
                                kind: .occupied, reason: "the window shows a sheet; the banner waits for it to end")
                        }
                        try AppKitMessageHost.present(
                            presenter, in: window, AppKitMessageHost.Placement(stage: stage, look: look, sink: sink))
                        return
                    }
                    // On the app's own sheet when it shows one (the deepest), never on a panel (an alert,
                    // a save panel) of its own.
                    var target = window
                    while let sheet = target.attachedSheet, !(sheet is NSPanel),
                        !(sheet.contentViewController is NSHostingController<HostedMessage>)
                    {
                        target = sheet
                    }
                    if target.attachedSheet != nil {
                        throw PresentationError(
                            kind: .occupied, reason: "the window shows a panel (an alert, an open or save panel)")
                    }
                    if container == .systemAlert {
                        try presentAlert(presenter, stage: stage, openURL: look.openURL) { actions, title, text in
                            let buttons = actions.map { (title: $0.title, isCancel: $0.isCancel) }
                            let alert = try AppKitAlertHost.present(
                                title: title, message: text, buttons: buttons, in: target
                            ) { index, _ in await actions[index].run() }
                            return { done in
                                if alert.window.sheetParent != nil { target.endSheet(alert.window) }
                                done()
                            }
                        }
                    } else {
                        try AppKitMessageHost.present(
                            presenter, in: target, AppKitMessageHost.Placement(stage: stage, look: look, sink: sink))
                    }
                #endif
            }

            /// The system alert, shown by `show` (which returns how to take it down). Each button
            /// answers once, only for the showing it was made for; the window is free again after the
            /// answer (a wall whose link was followed is then put up again by the stage).
            private static func presentAlert(
                _ presenter: MessagePresenter, stage: UUID, openURL: OpenURLAction?,
                show: ([AlertAction], String, String) throws -> @MainActor (@escaping @MainActor () -> Void) -> Void
            ) throws {
                guard let presentation = presenter.presentation else { return }
                let service = presenter.service
                let showing = service.showingNumber
                let done = Done()
                let actions = presentation.buttons.map { button in
                    AlertAction(title: button.title, isCancel: button.isCancel) {
                        guard !done.value else { return }
                        done.value = true
                        if service.showingNumber == showing, service.showMessage {
                            _ = await presenter.answer(button) { url in open(url, with: openURL) }
                        }
                        service.stage.left(stage)
                    }
                }
                let takeDown = try show(actions, presentation.title, presentation.text)
                presenter.whenMessageLeaves {
                    guard !done.value else { return }
                    done.value = true
                    takeDown { service.stage.left(stage) }
                }
            }

            /// Whether an alert was answered or taken down: whichever comes first acts, once.
            @MainActor
            private final class Done {
                var value = false
            }

            struct AlertAction {
                var title: String
                var isCancel: Bool
                var run: @MainActor @Sendable () async -> Void
            }

            /// Opens a link with the app's `openURL` (which may open it in the app), else the system's.
            static func open(_ url: URL, with action: OpenURLAction?) {
                if let action {
                    action(url)
                } else {
                    #if os(iOS)
                        UIApplication.shared.open(url, options: [:], completionHandler: nil)
                    #else
                        _ = NSWorkspace.shared.open(url)
                    #endif
                }
            }
        }
    #endif
#endif
