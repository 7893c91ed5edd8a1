#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI

    extension View {
        /// Presents the service's update alert: Update (opens the store or release page), and for an
        /// optional update Later and Skip. A required update has no way around it.
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
        }
    }
#endif

#if canImport(UIKit) && !os(watchOS)
    import AppAlert
    import UIKit

    /// Presents an ``UpdateService``'s update alert with `UIAlertController`.
    @MainActor
    public enum UIKitUpdatePresenter {
        /// Presents the alert on `viewController` or the top-most view controller; does nothing when
        /// no update is to be asked for; throws ``PresentationError/nothingToPresentOn`` when there is
        /// nowhere to show it.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        public static func present(_ service: UpdateService, on viewController: UIViewController? = nil) throws {
            guard let presentation = service.presentation else { return }
            guard let host = viewController ?? UIKitAlertPresenter.topViewController() else {
                throw PresentationError.nothingToPresentOn
            }
            let alert = UIAlertController(
                title: presentation.title, message: presentation.message, preferredStyle: .alert)
            for button in presentation.buttons {
                let style: UIAlertAction.Style = button.action == .later ? .cancel : .default
                alert.addAction(
                    UIAlertAction(title: button.title, style: style) { _ in
                        Task { @MainActor in
                            if let url = await service.perform(button) {
                                UIApplication.shared.open(url, options: [:], completionHandler: nil)
                            }
                            if presentation.isRequired { try? present(service, on: viewController) }
                        }
                    })
            }
            host.present(alert, animated: true)
        }
    }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppAlert
    import AppKit

    /// Presents an ``UpdateService``'s update alert as an `NSAlert` sheet.
    @MainActor
    public enum AppKitUpdatePresenter {
        public static func present(_ service: UpdateService, in window: NSWindow? = nil) throws {
            guard let presentation = service.presentation else { return }
            guard let window = window ?? NSApp?.keyWindow ?? NSApp?.mainWindow else {
                throw PresentationError.nothingToPresentOn
            }
            let alert = NSAlert()
            alert.messageText = presentation.title
            alert.informativeText = presentation.message
            for button in presentation.buttons {
                let added = alert.addButton(withTitle: button.title)
                if button.action == .later { added.keyEquivalent = "\u{1b}" }
            }
            alert.beginSheetModal(for: window) { response in
                let index = response.rawValue - NSApplication.ModalResponse.alertFirstButtonReturn.rawValue
                guard presentation.buttons.indices.contains(index) else { return }
                let button = presentation.buttons[index]
                Task { @MainActor in
                    if let url = await service.perform(button) { NSWorkspace.shared.open(url) }
                    if presentation.isRequired { try? present(service, in: window) }
                }
            }
        }
    }
#endif
