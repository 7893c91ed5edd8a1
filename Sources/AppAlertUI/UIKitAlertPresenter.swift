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
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        public static func present(_ source: some AlertPresenting, on viewController: UIViewController? = nil) throws {
            if let service = source as? AlertService, service.showMessage,
                let layout = service.message?.layout, layout != .alert
            {
                return try UIKitMessageHost.present(MessagePresenter(service), on: viewController)
            }
            guard source.isPresented, let presentation = source.presentation else { return }
            let actions = presentation.buttons.map { button in
                UIKitAlertHost.Action(title: button.title, isCancel: button.isCancel) {
                    let again = await source.answer(button) { url in
                        UIApplication.shared.open(url, options: [:], completionHandler: nil)
                    }
                    if again { try? present(source, on: viewController) }
                }
            }
            try UIKitAlertHost.present(
                title: presentation.title, message: presentation.text, actions: actions, on: viewController)
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

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func present(title: String, message: String, actions: [Action], on viewController: UIViewController?)
            throws
        {
            let host = try viewController.map(checked) ?? windowHost()
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
        }

        static func checked(_ controller: UIViewController) throws -> UIViewController {
            guard controller.viewIfLoaded?.window != nil else {
                throw PresentationError(reason: "\(type(of: controller)) is not in a window")
            }
            guard !controller.isBeingDismissed else {
                throw PresentationError(reason: "\(type(of: controller)) is being dismissed")
            }
            if let presented = controller.presentedViewController {
                throw PresentationError(
                    reason: "\(type(of: controller)) is already presenting \(type(of: presented))")
            }
            return controller
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func windowHost() throws -> UIViewController {
            if let window, let root = window.rootViewController {
                guard root.presentedViewController == nil else {
                    throw PresentationError(reason: "an AppAlert alert is already on screen")
                }
                return root
            }
            let scene = try foregroundScene()
            let window = UIWindow(windowScene: scene)
            window.windowLevel = .alert + 1
            window.rootViewController = UIViewController()
            previousKeyWindow = scene.keyWindow
            window.makeKeyAndVisible()
            Self.window = window
            return window.rootViewController!
        }

        static func closeWindow() {
            window?.isHidden = true
            window = nil
            previousKeyWindow?.makeKey()
        }

        /// The scene to show on: the foreground scene that has the key window, or the only foreground
        /// scene. `connectedScenes` is a set: choosing "the first" would be a different scene from one
        /// run to the next on an iPad with several windows.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func foregroundScene() throws -> UIWindowScene {
            let active = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
                .filter { $0.activationState == .foregroundActive }
            if let keyScene = active.first(where: { $0.keyWindow != nil }) { return keyScene }
            if active.count == 1 { return active[0] }
            if active.isEmpty {
                throw PresentationError(reason: "no scene is in the foreground: present when the app is active")
            }
            throw PresentationError(
                reason: "\(active.count) scenes are in the foreground and none has the key window: pass the view "
                    + "controller to present on")
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
