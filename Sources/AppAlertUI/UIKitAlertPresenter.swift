#if canImport(UIKit) && !os(watchOS)
    import AppAlert
    import UIKit

    /// Presents an ``AlertService``'s message with `UIAlertController`, for UIKit apps.
    @MainActor
    public enum UIKitAlertPresenter {
        /// Presents the current message on `viewController`, or on the top-most view controller of
        /// the foreground scene's key window. Does nothing when there is no message; throws
        /// ``PresentationError/nothingToPresentOn`` when there is nowhere to show it.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        public static func present(_ service: AlertService, on viewController: UIViewController? = nil) throws {
            guard let presentation = service.presentation else { return }
            guard let host = viewController ?? topViewController() else { throw PresentationError.nothingToPresentOn }
            let alert = UIAlertController(
                title: presentation.title, message: presentation.text, preferredStyle: .alert)
            for button in presentation.buttons {
                let style: UIAlertAction.Style = button.role == .dismiss ? .cancel : .default
                alert.addAction(
                    UIAlertAction(title: button.title, style: style) { _ in
                        Task { @MainActor in
                            if let url = await service.perform(button) {
                                UIApplication.shared.open(url, options: [:], completionHandler: nil)
                            }
                            // A wall comes back until the app is updated.
                            if !presentation.isDismissible { try? present(service, on: viewController) }
                        }
                    })
            }
            host.present(alert, animated: true)
        }

        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        static func topViewController() -> UIViewController? {
            let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            let active = scenes.filter { $0.activationState == .foregroundActive }
            let windows = (active.isEmpty ? scenes : active).flatMap(\.windows)
            var top = (windows.first { $0.isKeyWindow } ?? windows.first)?.rootViewController
            while let presented = top?.presentedViewController { top = presented }
            return top
        }
    }

    extension AppInfo {
        /// ``AppInfo/fromBundle(_:)`` with the platform `.iPadOS` on an iPad, so feeds can target
        /// iPads with `"platforms": ["ipados"]`.
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
