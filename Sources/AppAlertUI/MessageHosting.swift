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
        let id = UUID()
        private(set) var presenter: MessagePresenter?
        var isActive = false
        var draw: HostedMessage.Draw?
        var openURL: OpenURLAction?
        #if os(iOS) || os(macOS)
            let place = WindowPlace()
            private var hadWindow = false
        #endif

        init() {
            #if os(iOS) || os(macOS)
                place.changed = { [weak self] in self?.update() }
            #endif
        }

        /// The presenter for `service` (kept while the service and layouts stay the same).
        func presenter(for service: AlertService, appDrawnLayouts: Set<Message.Layout>) -> MessagePresenter {
            let kept = MessagePresenter.reusing(presenter, for: service, appDrawnLayouts: appDrawnLayouts)
            if kept !== presenter {
                presenter?.service.stage.remove(id)
                presenter = kept
            }
            return kept
        }

        /// Whether this view draws the message on screen now (another window may have claimed it).
        var drawsMessage: Bool {
            guard let presenter, let message = presenter.message else { return false }
            return presenter.service.stage.draws(message.id, in: id)
        }

        /// The view went away: its claim goes, and a message it showed goes to the next claimant.
        func leave() {
            presenter?.service.stage.remove(id)
        }

        /// Tells the stage this window's state, and on iOS and macOS puts the message on screen when this
        /// window claims it and shows nothing yet.
        func update() {
            guard let presenter else { return }
            let stage = presenter.service.stage
            #if os(iOS) || os(macOS)
                if place.window == nil {
                    if hadWindow { stage.remove(id) }
                    hadWindow = false
                    return
                }
                hadWindow = true
                stage.update(id, isActive: isActive, isKey: place.isKey)
                guard let message = presenter.message, stage.draws(message.id, in: id), !stage.isShowing(in: id),
                    let window = place.window
                else { return }
                stage.shown(message.id, in: id)
                do {
                    try MessageHosting.present(presenter, in: window, stage: id, draw: draw, openURL: openURL)
                } catch {
                    stage.left(id)
                    presenter.service.hand(
                        .problem("AppAlert could not put message \(message.id) on screen: \(error)"))
                }
            #else
                stage.update(id, isActive: isActive, isKey: isActive)
            #endif
        }
    }

    #if os(iOS) || os(macOS)
        /// Puts the message of a `.messageAlert` on screen through the UIKit or AppKit hosts.
        @MainActor
        enum MessageHosting {
            static func present(
                _ presenter: MessagePresenter, in window: PlatformWindow, stage: UUID, draw: HostedMessage.Draw?,
                openURL: OpenURLAction?
            ) throws {
                guard let container = presenter.container else { return }
                #if os(iOS)
                    guard let scene = window.windowScene else {
                        throw PresentationError(reason: "the view's window has no scene")
                    }
                    if container == .systemAlert {
                        guard let presentation = presenter.presentation else { return }
                        let actions = presentation.buttons.map { button in
                            UIKitAlertHost.Action(title: button.title, isCancel: button.isCancel) {
                                presenter.service.stage.left(stage)
                                _ = await presenter.answer(button) { url in open(url, with: openURL) }
                            }
                        }
                        try UIKitAlertHost.present(
                            title: presentation.title, message: presentation.text, actions: actions, on: nil, in: scene)
                    } else {
                        try UIKitMessageHost.present(
                            presenter,
                            UIKitMessageHost.Placement(
                                viewController: nil, scene: scene, stage: stage, draw: draw, openURL: openURL))
                    }
                #else
                    // On top of what the window shows: the app's own sheet, if one is up.
                    let target = window.attachedSheet ?? window
                    if container == .systemAlert {
                        guard let presentation = presenter.presentation else { return }
                        let buttons = presentation.buttons.map { (title: $0.title, isCancel: $0.isCancel) }
                        try AppKitAlertHost.present(
                            title: presentation.title, message: presentation.text, buttons: buttons, in: target
                        ) { index, _ in
                            presenter.service.stage.left(stage)
                            _ = await presenter.answer(presentation.buttons[index]) { url in open(url, with: openURL) }
                        }
                    } else {
                        try AppKitMessageHost.present(
                            presenter, in: target,
                            AppKitMessageHost.Placement(stage: stage, draw: draw, openURL: openURL))
                    }
                #endif
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
