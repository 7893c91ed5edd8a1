#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppAlert
    import AppKit

    /// Presents an ``AlertService``'s message with `NSAlert`, as a sheet on a window, for AppKit apps.
    @MainActor
    public enum AppKitAlertPresenter {
        /// Presents the current message as a sheet on `window`, or on the app's key or main window.
        /// Does nothing when there is no message; throws ``PresentationError/nothingToPresentOn``
        /// when there is no window.
        public static func present(_ service: AlertService, in window: NSWindow? = nil) throws {
            guard let presentation = service.presentation else { return }
            guard let window = window ?? NSApp?.keyWindow ?? NSApp?.mainWindow else {
                throw PresentationError.nothingToPresentOn
            }
            let alert = NSAlert()
            alert.messageText = presentation.title
            alert.informativeText = presentation.text
            for button in presentation.buttons {
                let added = alert.addButton(withTitle: button.title)
                if button.role == .dismiss { added.keyEquivalent = "\u{1b}" }
            }
            alert.beginSheetModal(for: window) { response in
                let index = response.rawValue - NSApplication.ModalResponse.alertFirstButtonReturn.rawValue
                guard presentation.buttons.indices.contains(index) else { return }
                let button = presentation.buttons[index]
                Task { @MainActor in
                    if let url = await service.perform(button) { NSWorkspace.shared.open(url) }
                    if !presentation.isDismissible { try? present(service, in: window) }
                }
            }
        }
    }
#endif
