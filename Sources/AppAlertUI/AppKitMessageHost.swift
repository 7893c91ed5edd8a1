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

        static func present(_ presenter: MessagePresenter, in window: NSWindow?) throws {
            guard let container = presenter.container, container != .systemAlert else { return }
            guard let window = window ?? NSApp?.keyWindow ?? NSApp?.mainWindow else {
                throw PresentationError.nothingToPresentOn
            }
            if container == .banner {
                try showBanner(presenter, in: window)
            } else {
                try showSheet(presenter, container, in: window)
            }
        }

        private static func showSheet(
            _ presenter: MessagePresenter, _ container: MessagePresenter.Container, in window: NSWindow
        ) throws {
            guard window.attachedSheet == nil else {
                throw PresentationError(reason: "the window already shows a sheet")
            }
            let controller = NSHostingController(
                rootView: HostedMessage(presenter: presenter, container: container, dimsApp: false))
            let sheet = NSWindow(contentViewController: controller)
            window.beginSheet(sheet)
            presenter.whenMessageLeaves {
                window.endSheet(sheet)
                presenter.service.presentationEnded()
                // A wall whose link was followed is on screen again.
                if presenter.message != nil { try? present(presenter, in: window) }
            }
        }

        private static func showBanner(_ presenter: MessagePresenter, in window: NSWindow) throws {
            guard banner == nil else { throw PresentationError(reason: "an AppAlert banner is already on screen") }
            guard let content = window.contentView else {
                throw PresentationError(reason: "the window has no content view")
            }
            let controller = NSHostingController(
                rootView: HostedMessage(presenter: presenter, container: .banner, dimsApp: false))
            let bounds = content.bounds
            let top = content.safeAreaInsets.top + 8
            let size = controller.sizeThatFits(in: CGSize(width: bounds.width, height: bounds.height - top))
            // The content view is not flipped: y counts from the bottom.
            controller.view.frame = NSRect(
                x: 0, y: bounds.height - top - size.height, width: bounds.width, height: size.height)
            controller.view.autoresizingMask = [.width, .minYMargin]
            content.addSubview(controller.view)
            banner = controller
            presenter.whenMessageLeaves {
                banner?.view.removeFromSuperview()
                banner = nil
                presenter.service.presentationEnded()
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
