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

    /// The window a SwiftUI view is in, and whether it holds the app's key window: what
    /// `.messageAlert` tells the service's ``MessageStage`` so that one window among several draws the
    /// message, and what it presents on (the UIKit and AppKit hosts).
    @MainActor
    final class WindowPlace {
        private(set) weak var window: PlatformWindow?
        private var observers: [NSObjectProtocol] = []
        /// Called when the window changes, becomes key or stops being key, or closes (`nil`).
        var changed: (@MainActor () -> Void)?

        var isKey: Bool { window?.isKeyWindow ?? false }

        func moved(to window: PlatformWindow?) {
            guard window !== self.window else { return }
            self.window = window
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
            observers = []
            if let window {
                // Key changes of any window (being key is relative to the others), and the window's end.
                #if os(iOS)
                    let watched: [(Notification.Name, AnyObject?, Bool)] = [
                        (UIWindow.didBecomeKeyNotification, nil, false),
                        (UIWindow.didResignKeyNotification, nil, false),
                        (UIScene.didDisconnectNotification, window.windowScene, true),
                    ]
                #else
                    let watched: [(Notification.Name, AnyObject?, Bool)] = [
                        (NSWindow.didBecomeKeyNotification, nil, false),
                        (NSWindow.didResignKeyNotification, nil, false),
                        (NSWindow.willCloseNotification, window, true),
                    ]
                #endif
                observers = watched.map { name, object, ends in
                    NotificationCenter.default.addObserver(forName: name, object: object, queue: .main) {
                        [weak self] _ in
                        MainActor.assumeIsolated {
                            if ends { self?.moved(to: nil) } else { self?.changed?() }
                        }
                    }
                }
            }
            changed?()
        }
    }

    #if os(iOS)
        /// A view without size or touches that reports the window it is put in.
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
