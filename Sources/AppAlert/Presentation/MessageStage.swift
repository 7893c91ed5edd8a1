import Foundation
import Observation

/// Which of the app's windows (scenes) draws the service's message, decided once for all of them: on
/// iPad Split View, Stage Manager, Mac Catalyst or a Mac app with several windows, every window's
/// `.messageAlert` watches the same service, and without one decision each would draw the message
/// (two alerts, two banners with two countdowns).
///
/// The claim goes to the window the user works in: the active one that is frontmost (iPad: its scene's
/// active appearance; Mac: the key window), else the active one that became active last; none while no window is active (the message waits, and no
/// showing is recorded that was not on screen). Once a message is on screen in a window it stays
/// there until it leaves, even when the user turns to another window; a window that closes while it
/// shows the message lets it go, and the window that claims next shows it.
package struct SceneClaims: Sendable, Hashable {
    package struct Scene: Sendable, Hashable {
        var isActive: Bool
        var isFrontmost: Bool
        /// When it last became active or key: later wins.
        var order: Int
    }

    private(set) var scenes: [UUID: Scene] = [:]
    private var clock = 0
    private struct Showing: Sendable, Hashable {
        var scene: UUID
        var message: Int
    }

    /// The window showing the message now, and which message.
    private var showing: Showing?

    package init() {}

    /// A window's state: it joined, became active or inactive, came to the front or left it.
    package mutating func update(_ id: UUID, isActive: Bool, isFrontmost: Bool) {
        let old = scenes[id]
        var order = old?.order ?? 0
        if old == nil || (isActive && old?.isActive != true) || (isFrontmost && old?.isFrontmost != true) {
            clock += 1
            order = clock
        }
        scenes[id] = Scene(isActive: isActive, isFrontmost: isFrontmost, order: order)
    }

    /// A window closed or its scene disconnected. Whether it was showing the message (its host must
    /// tear down; the message goes to the window that claims next).
    @discardableResult
    package mutating func remove(_ id: UUID) -> Bool {
        scenes[id] = nil
        guard showing?.scene == id else { return false }
        showing = nil
        return true
    }

    /// The window that draws `message` now: where it is already on screen, else the claimant.
    package func owner(of message: Int) -> UUID? {
        if let showing, showing.message == message, scenes[showing.scene] != nil { return showing.scene }
        return claimant
    }

    /// The window a message not yet on screen goes to.
    package var claimant: UUID? {
        let active = scenes.filter(\.value.isActive)
        let best = active.filter(\.value.isFrontmost).max { $0.value.order < $1.value.order }
        return (best ?? active.max { $0.value.order < $1.value.order })?.key
    }

    /// Whether the window `id` shows a message now.
    package func isShowing(in id: UUID) -> Bool { showing?.scene == id }

    /// `message` went on screen in `id`.
    package mutating func shown(_ message: Int, in id: UUID) {
        showing = Showing(scene: id, message: message)
    }

    /// The message left the screen of `id`.
    package mutating func left(_ id: UUID) {
        if showing?.scene == id { showing = nil }
    }
}

/// The service's ``SceneClaims``, observed: a window's view redraws when the claim moves.
@MainActor
@Observable
package final class MessageStage {
    package private(set) var claims = SceneClaims()

    package init() {}

    package func update(_ id: UUID, isActive: Bool, isFrontmost: Bool) {
        var claims = claims
        claims.update(id, isActive: isActive, isFrontmost: isFrontmost)
        if claims != self.claims { self.claims = claims }
    }

    @discardableResult
    package func remove(_ id: UUID) -> Bool {
        claims.remove(id)
    }

    /// Whether the window `id` draws `message` (and may record its showing).
    package func draws(_ message: Int, in id: UUID) -> Bool {
        claims.owner(of: message) == id
    }

    package func isShowing(in id: UUID) -> Bool { claims.isShowing(in: id) }

    package func shown(_ message: Int, in id: UUID) {
        claims.shown(message, in: id)
    }

    package func left(_ id: UUID) {
        claims.left(id)
    }
}

/// Which scene a UIKit presenter shows on when the app gives no view controller: the frontmost
/// foreground scene (the one the user works in), else the only foreground scene; with several and
/// none frontmost it cannot tell, and says so. (Since iOS 15 every `UIWindowScene` has a key window of
/// its own, so a key window cannot tell them apart; the scene's active appearance can.)
package enum SceneChoice {
    package struct Candidate: Sendable, Hashable {
        package var isForegroundActive: Bool
        package var isFrontmost: Bool

        package init(isForegroundActive: Bool, isFrontmost: Bool) {
            self.isForegroundActive = isForegroundActive
            self.isFrontmost = isFrontmost
        }
    }

    /// The index of the scene to use, or why none can be.
    package static func choose(_ candidates: [Candidate]) -> Result<Int, PresentationRefusal> {
        let active = candidates.indices.filter { candidates[$0].isForegroundActive }
        if let front = active.first(where: { candidates[$0].isFrontmost }) { return .success(front) }
        if active.count == 1 { return .success(active[0]) }
        if active.isEmpty {
            return .failure(
                PresentationRefusal(.noForegroundScene, "no scene is active: present when the app is active")
            )
        }
        return .failure(
            PresentationRefusal(
                .noFrontmostScene,
                "\(active.count) scenes are in the foreground and none is frontmost: pass the view "
                    + "controller or the scene to present on"))
    }
}

/// Why a presenter cannot put something on screen (AppAlertUI turns it into its `PresentationError`).
package struct PresentationRefusal: Error, Sendable, Hashable {
    package enum Cause: Sendable, Hashable {
        case noForegroundScene
        case noFrontmostScene
    }

    package var cause: Cause
    package var reason: String
    package init(_ cause: Cause, _ reason: String) {
        self.cause = cause
        self.reason = reason
    }
}

/// One window's part in putting the service's message on screen, what `.messageAlert` does at each
/// update of its view, decided here so that it is tested on Linux: the window tells its state; when it
/// claims a message not yet on screen it is asked to put it there (`present`). A success marks the
/// message on screen in that window and announces the showing (``AlertService/messageAppeared()``: the
/// `.shown` event and its count); a failure releases the claim, to be tried again at the next change,
/// and is reported once per showing. A window that is gone gives up its claim.
///
/// A class, not a value: `present` may make the window's views update again before it returns (on the
/// Mac a sheet becomes the key window, whose notification is delivered at once), and that nested update
/// must find the message already on screen rather than a value in the middle of being changed.
@MainActor
package final class WindowPlacement {
    /// The window's own state, as its view reads it.
    package struct WindowState: Sendable, Hashable {
        /// Whether the user can see and use it: its scene is active (on the Mac, the app is active too).
        package var isActive: Bool
        /// Whether it is the one the user works in (iPad: its scene's active appearance; Mac: the key window).
        package var isFrontmost: Bool

        package init(isActive: Bool, isFrontmost: Bool) {
            self.isActive = isActive
            self.isFrontmost = isFrontmost
        }
    }

    package let id: UUID
    private var hadWindow = false
    private var reportedFailure: Int?

    package init(id: UUID) {
        self.id = id
    }

    /// The view updated: its window is in `window` (`nil`: the view has no window, or it closed).
    /// `isReady` is whether what the message needs before it is drawn (its picture, decoded off the
    /// main actor) is there: until then the window claims nothing, and its view updates again when it is.
    package func update(
        _ service: AlertService, window: WindowState?, isReady: Bool = true,
        present: (ResolvedMessage) throws -> Void
    ) {
        let stage = service.stage
        guard let window else {
            if hadWindow { stage.remove(id) }
            hadWindow = false
            return
        }
        hadWindow = true
        stage.update(id, isActive: window.isActive, isFrontmost: window.isFrontmost)
        guard isReady, service.showMessage, let message = service.message, stage.draws(message.id, in: id),
            !stage.isShowing(in: id)
        else { return }
        stage.shown(message.id, in: id)
        do {
            try present(message)
            service.messageAppeared()
        } catch {
            stage.left(id)
            // Tried again at the next change (a window comes to the front, the app's sheet closes);
            // said once per showing.
            let showing = service.showingNumber
            if reportedFailure != showing {
                reportedFailure = showing
                service.hand(.problem("AppAlert could not put message \(message.id) on screen: \(error)"))
            }
        }
    }
}
