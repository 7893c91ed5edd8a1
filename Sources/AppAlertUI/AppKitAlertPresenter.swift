#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppAlert
    import AppKit

    /// Presents an ``AlertService``'s message in its layout, or an ``UpdateService``'s update prompt
    /// with `NSAlert`, as a sheet on a window, for AppKit apps.
    @MainActor
    public enum AppKitAlertPresenter {
        /// Presents the source's alert as a sheet on `window`, or on the app's key or main window.
        /// Does nothing when nothing is to be shown; throws ``PresentationError`` when there is no
        /// window. A wall whose link was followed and a required update whose Update button was tapped
        /// come back.
        ///
        /// A message takes its layout: `alert` as an `NSAlert` sheet; `banner` across the top of the
        /// window's content, leaving after its time while the window stays usable; `modal`, `image` and
        /// `sheet` as a sheet drawn as `.messageAlert` draws its card in SwiftUI.
        public static func present(_ source: some AlertPresenting, in window: NSWindow? = nil) throws {
            let service = source as? AlertService
            if let service, service.showMessage, let layout = service.message?.layout, layout != .alert {
                try AppKitMessageHost.present(MessagePresenter(service), in: window)
                AppKitAlertHost.announce(service)
                return
            }
            guard source.isPresented, let presentation = source.presentation else { return }
            let buttons = presentation.buttons.map { (title: $0.title, isCancel: $0.isCancel) }
            try AppKitAlertHost.present(
                title: presentation.title, message: presentation.text, buttons: buttons, in: window
            ) { index, window in
                let again = await source.answer(presentation.buttons[index]) { url in
                    _ = NSWorkspace.shared.open(url)
                }
                guard again else { return }
                do {
                    try present(source, in: window)
                } catch {
                    service?.hand(.problem("AppAlert could not put the alert on screen again: \(error)"))
                }
            }
            if let service { AppKitAlertHost.announce(service) }
        }
    }

    /// Shows an `NSAlert` as a sheet and hands the chosen button's index on once the sheet has ended.
    @MainActor
    enum AppKitAlertHost {
        /// The service's showing is on screen: announced when the app is active, now or at its next
        /// activation (`AlertService.announce(isActive:activation:from:endingAt:)`).
        static func announce(_ service: AlertService) {
            service.announce(
                isActive: NSApp?.isActive ?? true, activation: NSApplication.didBecomeActiveNotification, from: nil)
        }

        @discardableResult
        static func present(
            title: String, message: String, buttons: [(title: String, isCancel: Bool)], in window: NSWindow?,
            chosen: @escaping @MainActor @Sendable (Int, NSWindow) async -> Void
        ) throws -> NSAlert {
            guard let window = window ?? NSApp?.keyWindow ?? NSApp?.mainWindow else {
                throw PresentationError.nothingToPresentOn
            }
            guard window.attachedSheet == nil else {
                throw PresentationError(kind: .occupied, reason: "the window already shows a sheet")
            }
            let alert = NSAlert()
            // Light or dark as the window it is on (a sheet otherwise takes the app's appearance).
            alert.window.appearanceSource = window
            alert.messageText = title
            alert.informativeText = message
            for button in buttons {
                let added = alert.addButton(withTitle: button.title)
                if button.isCancel { added.keyEquivalent = "\u{1b}" }
            }
            alert.beginSheetModal(for: window) { response in
                let index = response.rawValue - NSApplication.ModalResponse.alertFirstButtonReturn.rawValue
                guard buttons.indices.contains(index) else { return }
                Task { @MainActor in await chosen(index, window) }
            }
            return alert
        }
    }
#endif
