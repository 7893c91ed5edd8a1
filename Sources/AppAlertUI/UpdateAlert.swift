#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI

    extension View {
        /// Presents the service's update alert: Update (opens the store or release page), and for an
        /// optional update Later and Skip. A required update has no way around it: it comes back when
        /// the app is active again after Update was tapped.
        ///
        /// ```swift
        /// ContentView()
        ///     .task { await updateService.checkForUpdate() }
        ///     .updateAlert(updateService)
        /// ```
        public func updateAlert(_ updateService: UpdateService) -> some View {
            modifier(UpdateAlertModifier(updateService: updateService))
        }
    }

    struct UpdateAlertModifier: ViewModifier {
        @Bindable var updateService: UpdateService
        @Environment(\.openURL) private var openURL
        @Environment(\.scenePhase) private var scenePhase

        func body(content: Content) -> some View {
            content.alert(
                updateService.presentation?.title ?? "",
                isPresented: $updateService.showUpdate,
                presenting: updateService.presentation
            ) { presentation in
                ForEach(presentation.buttons) { button in
                    Button(button.title, role: button.action == .later ? .cancel : nil) {
                        Task { @MainActor in
                            if let url = await updateService.perform(button) { openURL(url) }
                        }
                    }
                }
            } message: { presentation in
                Text(presentation.message)
            }
            // Back from the store with the app still too old: the required update comes back. (Not
            // at once after the tap: SwiftUI drops an alert presented while the last one leaves.)
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { updateService.presentationEnded() }
            }
        }
    }
#endif

#if canImport(UIKit) && !os(watchOS)
    import AppAlert
    import UIKit

    /// Presents an ``UpdateService``'s update alert with `UIAlertController`.
    @MainActor
    public enum UIKitUpdatePresenter {
        /// Presents the alert on `viewController`, or from a window of its own above the foreground
        /// scene; does nothing when no update is to be asked for; throws ``PresentationError`` saying
        /// why when it cannot be shown. A required update comes back after Update is tapped.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        public static func present(_ service: UpdateService, on viewController: UIViewController? = nil) throws {
            guard service.showUpdate, let presentation = service.presentation else { return }
            let actions = presentation.buttons.map { button in
                UIKitAlertHost.Action(title: button.title, isCancel: button.action == .later) {
                    if let url = await service.perform(button) {
                        UIApplication.shared.open(url, options: [:], completionHandler: nil)
                    }
                    service.presentationEnded()
                    if service.showUpdate { try? present(service, on: viewController) }
                }
            }
            try UIKitAlertHost.present(
                title: presentation.title, message: presentation.message, actions: actions, on: viewController)
        }
    }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppAlert
    import AppKit

    /// Presents an ``UpdateService``'s update alert as an `NSAlert` sheet.
    @MainActor
    public enum AppKitUpdatePresenter {
        /// Presents the alert as a sheet on `window`, or on the app's key or main window; does nothing
        /// when no update is to be asked for; throws ``PresentationError`` when there is no window. A
        /// required update comes back after Update is tapped.
        public static func present(_ service: UpdateService, in window: NSWindow? = nil) throws {
            guard service.showUpdate, let presentation = service.presentation else { return }
            let buttons = presentation.buttons.map { (title: $0.title, isCancel: $0.action == .later) }
            try AppKitAlertHost.present(
                title: presentation.title, message: presentation.message, buttons: buttons, in: window
            ) { index, window in
                if let url = await service.perform(presentation.buttons[index]) { NSWorkspace.shared.open(url) }
                service.presentationEnded()
                if service.showUpdate { try? present(service, in: window) }
            }
        }
    }
#endif
