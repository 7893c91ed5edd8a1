#if canImport(UIKit) && !os(watchOS)
    import AppAlert
    import UIKit

    /// Presents an ``AlertService``'s message in its layout, or an ``UpdateService``'s update prompt
    /// with `UIAlertController`, for UIKit apps.
    @MainActor
    public enum UIKitAlertPresenter {
        /// Presents the source's alert on `viewController`, or else from a window of its own above
        /// the foreground scene, so that no controller of the app (one being dismissed, one already
        /// presenting) can refuse it. Does nothing when nothing is to be shown; throws
        /// ``PresentationError`` saying why when it cannot be shown. A wall whose link was followed and
        /// a required update whose Update button was tapped come back.
        ///
        /// A message takes its layout, drawn as `.messageAlert` draws it in SwiftUI: `alert` as a
        /// `UIAlertController`; `banner` at the top of the scene in a window of its own, leaving after
        /// its time or a swipe up while the app under it stays usable; `modal` and `image` as a card over
        /// the dimmed app; `sheet` as a page sheet.
        ///
        /// Where it goes: on `viewController` and its scene when you give one; else in `scene` when you
        /// give one; else in the frontmost foreground scene (its traits' `activeAppearance`), or the only
        /// foreground scene (with several and none frontmost it throws: pass the controller or the scene).
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        public static func present(
            _ source: some AlertPresenting, on viewController: UIViewController? = nil, in scene: UIWindowScene? = nil
        ) throws {
            let service = source as? AlertService
            if let service, service.showMessage, let layout = service.message?.layout, layout != .alert {
                // The scene is chosen once: a wall that comes back after its link goes where it was, even
                // while the app is still leaving for the browser and no scene is in the foreground.
                let scene = try UIKitAlertHost.scene(for: viewController, or: scene)
                try UIKitMessageHost.present(MessagePresenter(service), on: viewController, in: scene)
                UIKitAlertHost.announce(service, in: scene)
                return
            }
            guard source.isPresented, let presentation = source.presentation else { return }
            let scene = try UIKitAlertHost.scene(for: viewController, or: scene)
            let actions = presentation.buttons.map { button in
                UIKitAlertHost.Action(title: button.title, isCancel: button.isCancel) {
                    let again = await source.answer(button) { url in
                        UIApplication.shared.open(url, options: [:], completionHandler: nil)
                    }
                    guard again else { return }
                    do {
                        try present(source, on: viewController, in: scene)
                    } catch {
                        service?.hand(.problem("AppAlert could not put the alert on screen again: \(error)"))
                    }
                }
            }
            try UIKitAlertHost.present(
                title: presentation.title, message: presentation.text, actions: actions, on: viewController, in: scene)
            if let service { UIKitAlertHost.announce(service, in: scene) }
        }
    }

    /// Shows a `UIAlertController` on a given controller, or from a window of its own (Siren's
    /// approach): a window at alert level on the foreground scene, kept until the alert is answered.
    @MainActor
    enum UIKitAlertHost {
        struct Action: Sendable {
            var title: String
            var isCancel: Bool
            var run: @MainActor @Sendable () async -> Void
        }

        private static var window: UIWindow?
        private static weak var previousKeyWindow: UIWindow?
        private static var sceneEnd: NSObjectProtocol?

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        @discardableResult
        static func present(
            title: String, message: String, actions: [Action], on viewController: UIViewController?,
            in scene: UIWindowScene? = nil
        ) throws -> UIAlertController {
            let host = try viewController.map(checked) ?? windowHost(in: scene)
            let ownsWindow = viewController == nil
            let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
            for action in actions {
                alert.addAction(
                    UIAlertAction(title: action.title, style: action.isCancel ? .cancel : .default) { _ in
                        // UIKit calls an action's handler once the alert has been dismissed.
                        if ownsWindow { closeWindow() }
                        Task { @MainActor in await action.run() }
                    })
            }
            host.present(alert, animated: true)
            return alert
        }

        static func checked(_ controller: UIViewController) throws -> UIViewController {
            guard controller.viewIfLoaded?.window != nil else {
                throw PresentationError(kind: .notOnScreen, reason: "\(type(of: controller)) is not in a window")
            }
            // Leaving the screen, it will not be free again: the app passes the controller that presented it.
            guard !controller.isBeingDismissed else {
                throw PresentationError(kind: .notOnScreen, reason: "\(type(of: controller)) is being dismissed")
            }
            if let presented = controller.presentedViewController {
                throw PresentationError(
                    kind: .occupied, reason: "\(type(of: controller)) is already presenting \(type(of: presented))")
            }
            return controller
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func windowHost(in scene: UIWindowScene? = nil) throws -> UIViewController {
            if let window, let root = window.rootViewController {
                guard root.presentedViewController == nil else {
                    throw PresentationError(kind: .occupied, reason: "an AppAlert alert is already on screen")
                }
                return root
            }
            let scene = try scene ?? foregroundScene()
            let window = UIWindow(windowScene: scene)
            window.windowLevel = .alert + 1
            window.rootViewController = UIViewController()
            previousKeyWindow = scene.keyWindow
            window.makeKeyAndVisible()
            Self.window = window
            // A scene closed (iPad) while the alert is up takes the window with it: forget it, or every
            // later alert would find one "already on screen".
            sceneEnd = whenSceneEnds(scene) { closeWindow() }
            return window.rootViewController!
        }

        static func closeWindow() {
            window?.isHidden = true
            window = nil
            if let sceneEnd { NotificationCenter.default.removeObserver(sceneEnd) }
            sceneEnd = nil
            previousKeyWindow?.makeKey()
            HostEvents.postFreed()
        }

        /// Closes the window only if `root` is still its controller (a later alert's window stays).
        static func closeWindow(ifRoot root: UIViewController) {
            if window?.rootViewController === root { closeWindow() }
        }

        /// Calls `ended` once, on the main actor, when `scene` disconnects (its window closed on iPad,
        /// or the system reclaimed it).
        static func whenSceneEnds(_ scene: UIScene, _ ended: @escaping @MainActor () -> Void) -> NSObjectProtocol {
            NotificationCenter.default.addObserver(
                forName: UIScene.didDisconnectNotification, object: scene, queue: .main
            ) { _ in
                MainActor.assumeIsolated { ended() }
            }
        }

        /// The service's showing is on screen in `scene`: announced when the scene is active, now or
        /// at its next activation (`AlertService.announce(isActive:activation:from:endingAt:)`).
        static func announce(_ service: AlertService, in scene: UIScene) {
            service.announce(
                isActive: scene.activationState == .foregroundActive, activation: UIScene.didActivateNotification,
                from: scene, endingAt: UIScene.didDisconnectNotification)
        }

        /// Calls `changed` on the main actor each time `scene` becomes active (`true`) or is about to
        /// stop being active (`false`: the app switcher, Control Center, a call, the background).
        static func whenSceneActivityChanges(_ scene: UIScene, _ changed: @escaping @MainActor (Bool) -> Void)
            -> [NSObjectProtocol]
        {
            [(UIScene.didActivateNotification, true), (UIScene.willDeactivateNotification, false)].map { name, active in
                NotificationCenter.default.addObserver(forName: name, object: scene, queue: .main) { _ in
                    MainActor.assumeIsolated { changed(active) }
                }
            }
        }

        /// The scene to show on without a view controller: the frontmost foreground scene (the one the
        /// user works in: its traits' `activeAppearance` is `.active`), or the only foreground scene
        /// (``SceneChoice``). Since iOS 15 every scene has a key window of its own, so `isKeyWindow`
        /// cannot tell them apart.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func foregroundScene() throws -> UIWindowScene {
            let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            let candidates = scenes.map {
                SceneChoice.Candidate(
                    isForegroundActive: $0.activationState == .foregroundActive,
                    isFrontmost: $0.traitCollection.activeAppearance == .active)
            }
            switch SceneChoice.choose(candidates) {
            case .success(let index): return scenes[index]
            case .failure(let refusal):
                let kind: PresentationError.Kind
                switch refusal.cause {
                case .noForegroundScene: kind = .nothingToPresentOn
                case .noFrontmostScene: kind = .noFrontmostScene
                }
                throw PresentationError(kind: kind, reason: refusal.reason)
            }
        }

        /// The scene to show on: the given controller's, else the given scene, else ``foregroundScene()``.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func scene(for viewController: UIViewController?, or scene: UIWindowScene?) throws -> UIWindowScene {
            if let viewController {
                guard let scene = viewController.viewIfLoaded?.window?.windowScene else {
                    throw PresentationError(
                        kind: .notOnScreen, reason: "\(type(of: viewController)) is not in a window")
                }
                return scene
            }
            return try scene ?? foregroundScene()
        }
    }

    extension AppInfo {
        /// ``AppInfo/fromBundle(_:)`` with the platform `.iPadOS` on an iPad, so feeds can target
        /// iPads with `"platforms": ["ipados"]`. UIKit only (iOS, iPadOS, tvOS, visionOS); elsewhere
        /// use ``AppInfo/fromBundle(_:)``.
        @MainActor
        public static func fromBundleOnThisDevice(_ bundle: Bundle = .main) -> AppInfo? {
            guard var info = fromBundle(bundle) else { return nil }
            #if os(iOS)
                if UIDevice.current.userInterfaceIdiom == .pad { info.platform = .iPadOS }
            #endif
            return info
        }
    }
#endif
