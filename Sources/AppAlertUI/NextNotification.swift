#if canImport(UIKit) || canImport(AppKit)
    import AppAlert
    import Foundation

    /// Runs an action once, on the main actor, at the next notification of a name, then stops
    /// observing; or stops at `ending` (a scene that disconnects first) without running it.
    @MainActor
    enum NextNotification {
        static func run(
            at name: Notification.Name, from object: AnyObject?, endingAt ending: Notification.Name? = nil,
            _ action: @escaping @MainActor () -> Void
        ) {
            let token = Token()
            token.observers = ([name] + (ending.map { [$0] } ?? [])).map { observed in
                NotificationCenter.default.addObserver(forName: observed, object: object, queue: .main) { _ in
                    MainActor.assumeIsolated {
                        guard !token.observers.isEmpty else { return }
                        for observer in token.observers { NotificationCenter.default.removeObserver(observer) }
                        token.observers = []
                        if observed == name { action() }
                    }
                }
            }
        }

        /// The observers, held until one fires.
        @MainActor
        private final class Token {
            var observers: [NSObjectProtocol] = []
        }
    }

    extension AlertService {
        /// The service's showing went on screen: it is announced now when the user can see it
        /// (`isActive`), else at the next `activation`; and at that activation the service hears that
        /// the app is active again (``AlertService/appBecameActive()``: a wall put back after its link,
        /// while the browser opened, is announced then). An announcement for a showing that has been
        /// replaced meanwhile does nothing; waiting stops at `ending`.
        func announce(
            isActive: Bool, activation: Notification.Name, from object: AnyObject?,
            endingAt ending: Notification.Name? = nil
        ) {
            let showing = showingNumber
            if isActive { messageAppeared() }
            NextNotification.run(at: activation, from: object, endingAt: ending) { [weak self] in
                self?.appBecameActive()
                self?.messageAppeared(showing: showing)
            }
        }
    }
#endif
