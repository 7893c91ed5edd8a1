#if canImport(UIKit) && canImport(SwiftUI) && !os(watchOS)
    import AppAlert
    import SwiftUI
    import UIKit

    /// Puts a message whose layout is not `alert` on screen for a UIKit app, hosting the views
    /// `.messageAlert` draws (``MessagePresenter`` decides; this only places them): a banner in a window
    /// of its own at the top of the scene, as tall as the banner, so the app under it keeps its touches;
    /// a modal or an image as a card over the dimmed app, and a sheet as a page sheet, presented from
    /// the given controller or from a window of their own at alert level (``UIKitAlertHost``).
    @MainActor
    enum UIKitMessageHost {
        private static var bannerWindow: UIWindow?
        private static var bannerSceneEnd: NSObjectProtocol?
        /// The banner's countdown waits while its scene is not active: the scene's notifications.
        private static var bannerActivity: [NSObjectProtocol] = []
        /// The app's window the banner is measured against.
        private static weak var bannerAppWindow: UIWindow?
        #if os(iOS) || os(visionOS)
            /// The scene's size and orientation, watched while the banner is up (rotation, Split View,
            /// Stage Manager): the banner's window is sized again.
            private static var bannerGeometry: NSKeyValueObservation?
        #endif

        /// How the message is put on screen. `stage`: the window of `.messageAlert` that claimed it
        /// (``MessageStage``); it is told when the message is on screen and when it has left, and it,
        /// not this host, puts a wall back. Without one (UIKitAlertPresenter), the host puts it back.
        struct Placement {
            var viewController: UIViewController?
            var scene: UIWindowScene?
            var stage: UUID?
            var look = HostedMessage.Look()
            var sink: HostedMessage.LookSink?
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func present(
            _ presenter: MessagePresenter, on viewController: UIViewController?, in scene: UIWindowScene?
        )
            throws
        {
            try present(presenter, Placement(viewController: viewController, scene: scene))
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func present(_ presenter: MessagePresenter, _ placement: Placement) throws {
            var placement = placement
            // Chosen once, so that a wall that comes back after its link goes where it was (the app may
            // have no foreground scene by then: it is leaving for the browser).
            if placement.viewController == nil, placement.scene == nil {
                placement.scene = try UIKitAlertHost.foregroundScene()
            }
            switch presenter.container {
            case .banner?: try showBanner(presenter, placement)
            case .card?: try showModal(presenter, .card, placement)
            case .sheet?: try showModal(presenter, .sheet, placement)
            case .systemAlert?, nil: return
            }
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        private static func showModal(
            _ presenter: MessagePresenter, _ container: MessagePresenter.Container, _ placement: Placement
        ) throws {
            let host =
                try placement.viewController.map(UIKitAlertHost.checked)
                ?? UIKitAlertHost.windowHost(in: placement.scene)
            let ownsWindow = placement.viewController == nil
            let controller = UIHostingController(
                rootView: HostedMessage(
                    presenter: presenter, container: container, dimsApp: true, look: placement.look))
            follow(placement, controller, container, dimsApp: true)
            if container == .card {
                controller.modalPresentationStyle = .overFullScreen
                controller.modalTransitionStyle = .crossDissolve
                controller.view.backgroundColor = .clear
            } else {
                // A wall's sheet cannot be swiped down.
                controller.isModalInPresentation = !presenter.canSwipeAway
            }
            host.present(controller, animated: true)
            presenter.whenMessageLeaves {
                if controller.presentingViewController != nil {
                    controller.dismiss(animated: true) { modalEnded(presenter, ownsWindow: ownsWindow, placement) }
                } else {
                    modalEnded(presenter, ownsWindow: ownsWindow, placement)  // swiped down: already gone
                }
            }
        }

        /// The card or sheet has left the screen: the window goes, and a wall whose link was followed
        /// comes back.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        private static func modalEnded(_ presenter: MessagePresenter, ownsWindow: Bool, _ placement: Placement) {
            if ownsWindow { UIKitAlertHost.closeWindow() }
            ended(presenter, placement)
        }

        /// The message has left the screen: the stage hears it (and brings a wall back), or this host
        /// brings the wall back itself.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        private static func ended(_ presenter: MessagePresenter, _ placement: Placement) {
            if let stage = placement.stage {
                presenter.service.stage.left(stage)
                presenter.service.presentationEnded()
            } else {
                presenter.service.presentationEnded()
                guard let message = presenter.message else { return }
                do {
                    try present(presenter, placement)
                    let scene = placement.scene ?? placement.viewController?.viewIfLoaded?.window?.windowScene
                    if let scene {
                        UIKitAlertHost.announce(presenter.service, in: scene)
                    } else {
                        presenter.service.messageAppeared()
                    }
                } catch {
                    presenter.service.hand(
                        .problem("AppAlert could not put message \(message.id) on screen again: \(error)"))
                }
            }
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        private static func showBanner(_ presenter: MessagePresenter, _ placement: Placement) throws {
            guard bannerWindow == nil else {
                throw PresentationError(kind: .occupied, reason: "an AppAlert banner is already on screen")
            }
            // The given controller's scene, else the given scene, else the frontmost foreground one.
            let scene = try UIKitAlertHost.scene(for: placement.viewController, or: placement.scene)
            // The app's window gives the width and the status bar's height (the scene's coordinate space
            // is deprecated in iOS 26).
            guard let appWindow = scene.keyWindow ?? scene.windows.first else {
                throw PresentationError(kind: .nothingToPresentOn, reason: "the scene has no window")
            }
            let controller = UIHostingController(
                rootView: HostedMessage(
                    presenter: presenter, container: .banner, dimsApp: false, look: placement.look))
            controller.view.backgroundColor = .clear
            follow(placement, controller, .banner, dimsApp: false)
            let window = UIWindow(windowScene: scene)
            window.windowLevel = .alert + 1
            window.rootViewController = controller
            bannerWindow = window
            bannerAppWindow = appWindow
            layoutBanner()
            // Shown, not made key: the app keeps the keyboard and its first responder.
            window.isHidden = false
            #if os(iOS) || os(visionOS)
                // The scene is rotated or resized while the banner is up (it may stay for minutes
                // while the app is in the background or VoiceOver holds it): sized again.
                bannerGeometry = scene.observe(\.effectiveGeometry) { _, _ in
                    Task { @MainActor in layoutBanner() }
                }
            #endif
            // The scene closed under the banner: forget the window, or every later banner would find one
            // "already on screen"; the message goes to the window that claims it next.
            bannerSceneEnd = UIKitAlertHost.whenSceneEnds(scene) {
                closeBanner()
                if let stage = placement.stage { presenter.service.stage.remove(stage) }
            }
            // Nobody reads a banner while the app is in the background or behind the app switcher: its
            // countdown waits (MessagePresenter.appActivityChanged), from the scene's own state.
            presenter.appActivityChanged(active: scene.activationState == .foregroundActive, at: Date())
            bannerActivity = UIKitAlertHost.whenSceneActivityChanges(scene) { active in
                presenter.appActivityChanged(active: active, at: Date())
                // Back from the background, where the user may have rotated the device or changed the
                // text size: measured again.
                if active { layoutBanner() }
            }
            presenter.whenMessageLeaves {
                guard bannerWindow === window else { return }
                closeBanner()
                ended(presenter, placement)
            }
        }

        /// Sizes the banner's window to the banner drawn at the app window's width, inside its side
        /// insets (an iPhone in landscape), under its top inset: when it is shown, and again when the
        /// scene's geometry, the app's activity or the look (Dynamic Type) changes.
        private static func layoutBanner() {
            guard let window = bannerWindow, let appWindow = bannerAppWindow,
                let controller = window.rootViewController as? UIHostingController<HostedMessage>
            else { return }
            let bounds = appWindow.bounds
            let insets = appWindow.safeAreaInsets
            let banner = controller.sizeThatFits(
                in: CGSize(width: bounds.width - insets.left - insets.right, height: bounds.height - insets.top))
            window.frame = CGRect(
                x: 0, y: 0, width: bounds.width, height: min(bounds.height, insets.top + banner.height + 8))
        }

        /// The hosted message takes the app's look as it changes (dark mode, Dynamic Type, VoiceOver);
        /// the controller's own background (a page sheet's) follows the app's color scheme.
        private static func follow(
            _ placement: Placement, _ controller: UIHostingController<HostedMessage>,
            _ container: MessagePresenter.Container, dimsApp: Bool
        ) {
            let apply = { @MainActor [weak controller] (look: HostedMessage.Look) in
                guard let controller else { return }
                controller.rootView = HostedMessage(
                    presenter: controller.rootView.presenter, container: container, dimsApp: dimsApp, look: look)
                switch look.environment?.colorScheme {
                case .dark?: controller.overrideUserInterfaceStyle = .dark
                case .light?: controller.overrideUserInterfaceStyle = .light
                default: controller.overrideUserInterfaceStyle = .unspecified
                }
                if container == .banner { layoutBanner() }
            }
            apply(placement.look)
            placement.sink?.update = apply
        }

        private static func closeBanner() {
            bannerWindow?.isHidden = true
            bannerWindow = nil
            if let bannerSceneEnd { NotificationCenter.default.removeObserver(bannerSceneEnd) }
            bannerSceneEnd = nil
            for observer in bannerActivity { NotificationCenter.default.removeObserver(observer) }
            bannerActivity = []
            #if os(iOS) || os(visionOS)
                bannerGeometry?.invalidate()
                bannerGeometry = nil
            #endif
            HostEvents.postFreed()
        }
    }

    extension UIKitAlertPresenter {
        /// A view controller showing the message the feed places in the slot `name`
        /// (`"placement": "home-top"`) as a card, as ``MessageSlot`` does in SwiftUI. Add it as a child
        /// view controller where the slot goes; its view sizes itself to the card (Auto Layout's
        /// intrinsic size), and has no height when there is no message.
        ///
        /// ```swift
        /// let slot = UIKitAlertPresenter.slotViewController("home-top", alertService)
        /// addChild(slot)
        /// stackView.insertArrangedSubview(slot.view, at: 0)
        /// slot.didMove(toParent: self)
        /// ```
        public static func slotViewController(_ name: String, _ service: AlertService) -> UIViewController {
            let controller = UIHostingController(rootView: MessageSlot(name, service))
            controller.sizingOptions = .intrinsicContentSize
            controller.view.backgroundColor = .clear
            return controller
        }
    }
#endif
