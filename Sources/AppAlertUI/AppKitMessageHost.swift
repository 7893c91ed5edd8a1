#if canImport(AppKit) && canImport(SwiftUI) && !targetEnvironment(macCatalyst)
    import AppAlert
    import AppKit
    import SwiftUI

    /// Puts a message whose layout is not `alert` on screen for an AppKit app, hosting the views
    /// `.messageAlert` draws (``MessagePresenter`` decides; this only places them): a banner across the
    /// top of the window's content, over it, leaving the rest of the window usable; a modal, an image or
    /// a sheet as a sheet on the window, the way macOS shows what needs an answer.
    @MainActor
    enum AppKitMessageHost {
        /// The banner on screen: the controller owns its SwiftUI content while its view is shown.
        private static var banner: NSHostingController<HostedMessage>?
        private static var bannerWindowEnd: NSObjectProtocol?
        /// The banner's countdown waits while the app is not active: the application's notifications;
        /// and the banner is sized again when the window's content is resized.
        private static var bannerActivity: [NSObjectProtocol] = []
        /// The content view the banner sits in, across its top.
        private static weak var bannerContent: NSView?

        /// How the message is put on screen; `stage` and `draw` as for UIKit (``UIKitMessageHost/Placement``).
        struct Placement {
            var stage: UUID?
            var look = HostedMessage.Look()
            var sink: HostedMessage.LookSink?
        }

        static func present(_ presenter: MessagePresenter, in window: NSWindow?, _ placement: Placement = Placement())
            throws
        {
            guard let container = presenter.container, container != .systemAlert else { return }
            guard let window = window ?? NSApp?.keyWindow ?? NSApp?.mainWindow else {
                throw PresentationError.nothingToPresentOn
            }
            if container == .banner {
                try showBanner(presenter, in: window, placement)
            } else {
                try showSheet(presenter, container, in: window, placement)
            }
        }

        /// The message has left the screen: the stage hears it (and brings a wall back), or this host
        /// brings the wall back itself.
        private static func ended(_ presenter: MessagePresenter, in window: NSWindow, _ placement: Placement) {
            if let stage = placement.stage {
                presenter.service.stage.left(stage)
                presenter.service.presentationEnded()
            } else {
                presenter.service.presentationEnded()
                guard let message = presenter.message else { return }
                do {
                    try present(presenter, in: window, placement)
                    AppKitAlertHost.announce(presenter.service)
                } catch {
                    presenter.service.hand(
                        .problem("AppAlert could not put message \(message.id) on screen again: \(error)"))
                }
            }
        }

        private static func showSheet(
            _ presenter: MessagePresenter, _ container: MessagePresenter.Container, in window: NSWindow,
            _ placement: Placement
        ) throws {
            guard window.attachedSheet == nil else {
                throw PresentationError(kind: .occupied, reason: "the window already shows a sheet")
            }
            let controller = NSHostingController(
                rootView: HostedMessage(
                    presenter: presenter, container: container, dimsApp: false, look: placement.look))
            let sheet = NSWindow(contentViewController: controller)
            // A sheet takes the app's appearance, not its window's: an app that makes that window light
            // or dark (SwiftUI's preferredColorScheme does) would get a sheet of the other kind. AppKit
            // follows the source's changes itself.
            sheet.appearanceSource = window
            follow(placement, controller, container)
            window.beginSheet(sheet)
            presenter.whenMessageLeaves {
                window.endSheet(sheet)
                ended(presenter, in: window, placement)
                HostEvents.postFreed()
            }
        }

        private static func showBanner(_ presenter: MessagePresenter, in window: NSWindow, _ placement: Placement)
            throws
        {
            guard banner == nil else {
                throw PresentationError(kind: .occupied, reason: "an AppAlert banner is already on screen")
            }
            guard let content = window.contentView else {
                throw PresentationError(kind: .nothingToPresentOn, reason: "the window has no content view")
            }
            let controller = NSHostingController(
                rootView: HostedMessage(
                    presenter: presenter, container: .banner, dimsApp: false, look: placement.look))
            // Placed by its frame, not by Auto Layout: no size constraints of its own to fight the frame.
            controller.sizingOptions = []
            follow(placement, controller, .banner)
            controller.view.autoresizingMask = content.isFlipped ? [.width, .maxYMargin] : [.width, .minYMargin]
            content.addSubview(controller.view)
            banner = controller
            bannerContent = content
            layoutBanner()
            // The window closed under the banner: forget it, or every later banner would find one
            // "already on screen"; the message goes to the window that claims it next.
            let stage = placement.stage
            bannerWindowEnd = NotificationCenter.default.addObserver(
                forName: NSWindow.willCloseNotification, object: window, queue: .main
            ) { _ in
                MainActor.assumeIsolated {
                    closeBanner()
                    if let stage { presenter.service.stage.remove(stage) }
                }
            }
            // Nobody reads a banner while another app is in front: its countdown waits
            // (MessagePresenter.appActivityChanged).
            presenter.appActivityChanged(active: NSApp?.isActive ?? true, at: Date())
            bannerActivity = [
                (NSApplication.didBecomeActiveNotification, true), (NSApplication.didResignActiveNotification, false),
            ].map { name, active in
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                    MainActor.assumeIsolated { presenter.appActivityChanged(active: active, at: Date()) }
                }
            }
            // The window resized: the banner's text wraps anew, so it is measured again.
            bannerActivity.append(
                NotificationCenter.default.addObserver(
                    forName: NSView.frameDidChangeNotification, object: content, queue: .main
                ) { _ in
                    MainActor.assumeIsolated { layoutBanner() }
                })
            presenter.whenMessageLeaves {
                guard banner === controller else { return }
                closeBanner()
                ended(presenter, in: window, placement)
            }
        }

        private static func closeBanner() {
            banner?.view.removeFromSuperview()
            banner = nil
            bannerContent = nil
            if let bannerWindowEnd { NotificationCenter.default.removeObserver(bannerWindowEnd) }
            bannerWindowEnd = nil
            for observer in bannerActivity { NotificationCenter.default.removeObserver(observer) }
            bannerActivity = []
            HostEvents.postFreed()
        }

        /// Sizes the banner to its content at the content view's width, across its top under the safe
        /// area: when shown, and again when the window is resized or the look changes.
        private static func layoutBanner() {
            guard let controller = banner, let content = bannerContent else { return }
            let bounds = content.bounds
            let top = content.safeAreaInsets.top + 8
            let size = controller.sizeThatFits(in: CGSize(width: bounds.width, height: bounds.height - top))
            // At the top whichever way the content view counts: an NSHostingView (a SwiftUI window) is
            // flipped, y from the top; a plain NSView counts from the bottom.
            let y = content.isFlipped ? top : bounds.height - top - size.height
            controller.view.frame = NSRect(x: 0, y: y, width: bounds.width, height: size.height)
        }

        /// The hosted message takes the app's look as it changes (dark mode, Dynamic Type, VoiceOver).
        private static func follow(
            _ placement: Placement, _ controller: NSHostingController<HostedMessage>,
            _ container: MessagePresenter.Container
        ) {
            placement.sink?.update = { @MainActor [weak controller] look in
                guard let controller else { return }
                controller.rootView = HostedMessage(
                    presenter: controller.rootView.presenter, container: container, dimsApp: false, look: look)
                if container == .banner { layoutBanner() }
            }
        }
    }

    extension AppKitAlertPresenter {
        /// A view showing the message the feed places in the slot `name` (`"placement": "home-top"`) as
        /// a card, as ``MessageSlot`` does in SwiftUI. Put it where the slot goes; it sizes itself to the
        /// card with Auto Layout, and has no height when there is no message.
        ///
        /// ```swift
        /// stackView.insertView(AppKitAlertPresenter.slotView("home-top", alertService), at: 0, in: .top)
        /// ```
        public static func slotView(_ name: String, _ service: AlertService) -> NSView {
            NSHostingView(rootView: MessageSlot(name, service))
        }
    }
#endif
