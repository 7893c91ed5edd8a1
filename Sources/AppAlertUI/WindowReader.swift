#if canImport(SwiftUI) && (os(iOS) || os(macOS))
    import AppAlert
    import Foundation
    import SwiftUI
    #if os(iOS)
        import UIKit
        typealias PlatformWindow = UIWindow
    #else
        import AppKit
        typealias PlatformWindow = NSWindow
    #endif

    /// The window a SwiftUI view is in, and whether it is the one the user works in: what
    /// `.messageAlert` tells the service's ``MessageStage`` so that one window among several draws the
    /// message, and what it presents on (the UIKit and AppKit hosts).
    ///
    /// The window is kept while the view is away from it (a full-screen cover takes the presenting
    /// views out of their window; a navigation push does too): the claim belongs to the window, and
    /// ends when the window closes (macOS) or its scene disconnects (iPad), not when a view leaves.
    @MainActor
    final class WindowPlace {
        private(set) weak var window: PlatformWindow?
        /// Removed in `deinit`, where the main actor's state cannot be read: the tokens are only
        /// written on the main actor, and `NotificationCenter.removeObserver` may be called anywhere.
        nonisolated(unsafe) private var observers: [NSObjectProtocol] = []
        /// Called when the window changes, comes to the front or leaves it, or closes, and when a host
        /// has freed its window (a message that could not go on screen then may).
        var changed: (@MainActor () -> Void)?
        #if os(iOS)
            private var traitRegistration: (any UITraitChangeRegistration)?
        #endif

        /// Whether the window is the one the user works in: on iPad (iOS 15 and later every scene has a
        /// key window of its own) its scene's active appearance; on the Mac the key window.
        var isFrontmost: Bool {
            #if os(iOS)
                window?.traitCollection.activeAppearance == .active
            #else
                window?.isKeyWindow ?? false
            #endif
        }

        /// Whether the app is the one the user works in. On the Mac a window keeps its scene phase
        /// `active` while another app is in front, so a message chosen then waits for the user to come
        /// back; on iPad the scene's phase already says it.
        var isAppActive: Bool {
            #if os(macOS)
                NSApp?.isActive ?? true
            #else
                true
            #endif
        }

        deinit {
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
        }

        /// The view is in `window` now (a `nil` from UIKit or AppKit, the view leaving, is ignored).
        func moved(to window: PlatformWindow?) {
            guard let window, window !== self.window else { return }
            watch(window)
        }

        /// The window closed or its scene disconnected.
        private func ended() {
            stopWatching()
            window = nil
            changed?()
        }

        private func watch(_ window: PlatformWindow) {
            stopWatching()
            self.window = window
            #if os(iOS)
                // The front scene is told by the window's traits (watched on the window, not on the view,
                // which hears nothing while a cover or a pushed screen has taken it out); its end by the
                // scene.
                traitRegistration = window.registerForTraitChanges([UITraitActiveAppearance.self]) {
                    [weak self] (_: UIWindow, _: UITraitCollection) in
                    self?.changed?()
                }
                let watched: [(Notification.Name, AnyObject?, Bool)] = [
                    (UIScene.didDisconnectNotification, window.windowScene, true),
                    (HostEvents.freed, nil, false),
                ]
            #else
                let watched: [(Notification.Name, AnyObject?, Bool)] = [
                    (NSWindow.didBecomeKeyNotification, nil, false),
                    (NSWindow.didResignKeyNotification, nil, false),
                    (NSWindow.willCloseNotification, window, true),
                    (NSApplication.didBecomeActiveNotification, nil, false),
                    (NSApplication.didResignActiveNotification, nil, false),
                    (HostEvents.freed, nil, false),
                ]
            #endif
            observers = watched.map { name, object, ends in
                NotificationCenter.default.addObserver(forName: name, object: object, queue: .main) {
                    [weak self] _ in
                    MainActor.assumeIsolated {
                        if ends { self?.ended() } else { self?.changed?() }
                    }
                }
            }
            changed?()
        }

        private func stopWatching() {
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
            observers = []
            #if os(iOS)
                if let traitRegistration { window?.unregisterForTraitChanges(traitRegistration) }
                traitRegistration = nil
            #endif
        }

    }

    #if os(iOS)
        /// A view without size or touches that reports the window it is put in and its scene coming to
        /// the front or leaving it.
        struct WindowReader: UIViewRepresentable {
            let place: WindowPlace

            func makeUIView(context: Context) -> ReaderView {
                let view = ReaderView(frame: .zero)
                view.isUserInteractionEnabled = false
                view.place = place
                return view
            }

            func updateUIView(_ view: ReaderView, context: Context) {
                view.place = place
            }

            final class ReaderView: UIView {
                weak var place: WindowPlace?

                override func didMoveToWindow() {
                    super.didMoveToWindow()
                    place?.moved(to: window)
                }
            }
        }
    #else
        /// A view without size that reports the window it is put in.
        struct WindowReader: NSViewRepresentable {
            let place: WindowPlace

            func makeNSView(context: Context) -> ReaderView {
                let view = ReaderView(frame: .zero)
                view.place = place
                return view
            }

            func updateNSView(_ view: ReaderView, context: Context) {
                view.place = place
            }

            final class ReaderView: NSView {
                weak var place: WindowPlace?

                override func viewDidMoveToWindow() {
                    super.viewDidMoveToWindow()
                    place?.moved(to: window)
                }
            }
        }
    #endif
#endif
