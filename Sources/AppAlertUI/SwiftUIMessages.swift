#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI

    extension View {
        /// Presents the service's message in its layout: `alert` as the system alert, `banner` slid in at
        /// the top (it leaves after its `bannerSeconds` — never while VoiceOver runs or the app is not
        /// active — or a swipe up; a tap runs its action), `modal` and `image` as a card over the dimmed
        /// app, `sheet` as a sheet. Answering a button or closing records the showing; links open with
        /// the environment's `openURL`; a wall stays and comes back after its link (a card's or banner's
        /// at once, a sheet's when it has gone down, the system alert's when the scene is active again),
        /// and after its event button at ``AlertService/resumeAfterEvent()``.
        ///
        /// ```swift
        /// ContentView()
        ///     .task { await alertService.showAlertIfNecessary() }
        ///     .messageAlert(alertService)
        /// ```
        public func messageAlert(_ alertService: AlertService) -> some View {
            modifier(MessagePresentationModifier<EmptyView>(alertService, appDrawn: [], draw: nil))
        }

        /// Presents the service's message as ``messageAlert(_:)`` does, drawing the `layouts` (all of them
        /// unless you say which) with your own view, in the layout's place on screen: a banner at the top
        /// (with its time and swipe), a modal, an image or an alert over the dimmed app, a sheet as a
        /// sheet. `actions` performs a button, the tap or the close exactly as the built-in views do.
        ///
        /// ```swift
        /// ContentView()
        ///     .messageAlert(alertService, layouts: [.banner]) { message, actions in
        ///         MyBanner(title: message.title) { Task { await actions.tap() } }
        ///     }
        /// ```
        public func messageAlert<Content: View>(
            _ alertService: AlertService, layouts: Set<Message.Layout> = Set(Message.Layout.allCases),
            @ViewBuilder content: @escaping @MainActor (ResolvedMessage, MessageActions) -> Content
        ) -> some View {
            modifier(MessagePresentationModifier(alertService, appDrawn: layouts, draw: content))
        }
    }

    /// Draws what a ``MessagePresenter`` decided, in four containers: the system alert, a card over the
    /// dimmed app, a banner at the top, a sheet.
    ///
    /// One window draws a message: the one that claims it on the service's ``MessageStage`` (the active
    /// one the user works in: on iPad its scene's active appearance, on the Mac the key window of the
    /// active app). On iOS and macOS the message goes on screen through the UIKit and
    /// AppKit hosts — in the package's own window above the app's on iOS, on the key window's sheet or
    /// top on macOS — so a sheet or cover the app shows already never hides it and no showing is
    /// recorded that was not on screen. Elsewhere it is drawn in the view's own overlays.
    struct MessagePresentationModifier<AppView: View>: ViewModifier {
        let service: AlertService
        let appDrawn: Set<Message.Layout>
        let draw: (@MainActor (ResolvedMessage, MessageActions) -> AppView)?
        @State private var keeper = PresentationKeeper()
        @Environment(\.scenePhase) private var scenePhase
        @Environment(\.openURL) private var openURL
        @Environment(\.self) private var environment
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        init(
            _ service: AlertService, appDrawn: Set<Message.Layout>,
            draw: (@MainActor (ResolvedMessage, MessageActions) -> AppView)?
        ) {
            self.service = service
            self.appDrawn = appDrawn
            self.draw = draw
        }

        /// What the placing depends on: a change of any puts the message on screen where it belongs.
        private struct Trigger: Equatable {
            var message: Int?
            var showing: Int
            var drawsHere: Bool
            var showsHere: Bool
        }

        func body(content: Content) -> some View {
            // The look is handed over here, before any action below runs (their order at the first
            // update is SwiftUI's).
            let presenter = keeper.presenter(
                for: service, appDrawnLayouts: draw == nil ? [] : appDrawn,
                look: HostedMessage.Look(draw: erasedDraw, openURL: openURL, environment: environment))
            let trigger = Trigger(
                message: presenter.message?.id, showing: service.showingNumber, drawsHere: keeper.drawsMessage,
                showsHere: service.stage.isShowing(in: keeper.id))
            placed(content, presenter)
                .onChange(of: scenePhase, initial: true) { _, phase in
                    keeper.isActive = phase == .active
                    keeper.update()
                    // Back from a wall's link opened outside the app: the wall comes back, or, put
                    // back while the browser opened, is announced now that the user sees it.
                    if phase == .active {
                        presenter.presentationEnded()
                        presenter.service.appBecameActive()
                    }
                }
                .onChange(of: trigger, initial: true) { keeper.update() }
        }

        /// The app's view for the hosts, which hold one type of view.
        private var erasedDraw: HostedMessage.Draw? {
            guard let draw else { return nil }
            return { message, actions in AnyView(draw(message, actions)) }
        }

        #if os(iOS) || os(macOS)
            private func placed(_ content: Content, _ presenter: MessagePresenter) -> some View {
                content.background(WindowReader(place: keeper.place))
            }
        #else
            private func placed(_ content: Content, _ presenter: MessagePresenter) -> some View {
                let here = keeper.drawsMessage
                return
                    content
                    .modifier(AlertModifier(source: presenter, drawsHere: here))
                    .overlay {
                        if here, presenter.container == .card, let message = presenter.message {
                            CardContainer { drawn(message, presenter) }
                                .transition(reduceMotion ? .opacity : .scale(scale: 0.9).combined(with: .opacity))
                        }
                    }
                    .overlay(alignment: .top) {
                        if here, presenter.container == .banner, let message = presenter.message {
                            BannerHost(presenter: presenter, followsScenePhase: true) { drawn(message, presenter) }
                                .transition(reduceMotion ? .opacity : .move(edge: .top).combined(with: .opacity))
                        }
                    }
                    .animation(.default, value: presenter.container)
                    .sheet(
                        isPresented: Binding(
                            get: { @MainActor in here && presenter.isShowingSheet },
                            set: { @MainActor in presenter.isShowingSheet = $0 }),
                        onDismiss: { presenter.presentationEnded() }
                    ) {
                        if let message = presenter.message {
                            ScrollView { drawn(message, presenter) }
                                .interactiveDismissDisabled(!presenter.canSwipeAway)
                        }
                    }
            }

            /// The message by the app's view when it draws this layout, else by ``MessageCard``.
            @ViewBuilder private func drawn(_ message: ResolvedMessage, _ presenter: MessagePresenter) -> some View {
                let actions = presenter.actions { openURL($0) }
                if let draw, presenter.isAppDrawn {
                    draw(message, actions)
                } else {
                    MessageCard(message, actions: actions)
                }
            }
        #endif
    }

    /// A card over the dimmed app: as wide as a phone at most, scrolling when it outgrows the screen.
    struct CardContainer<Card: View>: View {
        @ViewBuilder let card: () -> Card

        var body: some View {
            ZStack {
                Color.black.opacity(0.4).ignoresSafeArea().accessibilityHidden(true)
                ViewThatFits(in: .vertical) {
                    card()
                    ScrollView { card() }
                }
                .background(.background, in: RoundedRectangle(cornerRadius: 20))
                .clipShape(RoundedRectangle(cornerRadius: 20))
                .frame(maxWidth: 540)
                .padding()
                .accessibilityAddTraits(.isModal)
            }
        }
    }

    /// The message on screen in one container, for the UIKit and AppKit hosts: the views
    /// `.messageAlert` draws (or the app's, `draw`), in a window or controller of the host's. `dimsApp`:
    /// a card over the dimmed app (UIKit's full-screen presentation); otherwise a card alone, as in a
    /// macOS sheet, bounded so that a long line wraps instead of widening the sheet.
    struct HostedMessage: View {
        typealias Draw = @MainActor (ResolvedMessage, MessageActions) -> AnyView

        /// What `.messageAlert` brings from the app's view tree: the app's own view for the layout, its
        /// `openURL` (which may open links in the app) and its environment.
        struct Look {
            var draw: Draw?
            var openURL: OpenURLAction?
            var environment: EnvironmentValues?
        }

        /// Where a host takes the new look of the message it shows (set by the host, called by
        /// `.messageAlert` when the app's environment changes).
        @MainActor
        final class LookSink {
            var update: (@MainActor (Look) -> Void)?
        }

        let presenter: MessagePresenter
        let container: MessagePresenter.Container
        let dimsApp: Bool
        var look = Look()
        @Environment(\.openURL) private var hostOpenURL

        var body: some View {
            if let environment = look.environment {
                hosted.environment(\.self, environment)
            } else {
                hosted
            }
        }

        @ViewBuilder private var hosted: some View {
            let draw = look.draw
            let openURL = look.openURL
            if let message = presenter.message {
                let actions = presenter.actions { (openURL ?? hostOpenURL)($0) }
                let card = Group {
                    if let draw, presenter.isAppDrawn {
                        draw(message, actions)
                    } else {
                        MessageCard(message, actions: actions)
                    }
                }
                switch container {
                case .banner:
                    BannerHost(presenter: presenter) { card }
                case .card where dimsApp:
                    CardContainer { card }
                case .systemAlert, .card, .sheet:
                    Group {
                        if dimsApp {
                            ScrollView { card }
                        } else {
                            SheetCard { card }
                        }
                    }
                    // A sheet swiped down (UIKit) leaves as SwiftUI's does: recorded as a dismissal.
                    .onDisappear { presenter.isShowingSheet = false }
                }
            }
        }
    }

    /// A card alone in a sheet of its own window (macOS): bounded, so that a long line wraps instead of
    /// widening the sheet, and scrolling when it is taller than the sheet may be.
    struct SheetCard<Card: View>: View {
        @ViewBuilder let card: () -> Card

        var body: some View {
            ViewThatFits(in: .vertical) {
                card()
                ScrollView { card() }
            }
            .frame(minWidth: 320, idealWidth: 440, maxWidth: 540)
            .frame(maxHeight: 640)
        }
    }

    /// A banner's place at the top: its background and shadow, the swipe up, the countdown (held while
    /// VoiceOver runs or the app is not active), the announcement, and a "close" action for VoiceOver,
    /// which cannot swipe it. Drawn in the app's own tree it follows the scene phase; in the UIKit and
    /// AppKit hosts' windows, whose phase SwiftUI does not promise, the hosts tell the presenter from the
    /// scene's and the application's notifications.
    struct BannerHost<Banner: View>: View {
        let presenter: MessagePresenter
        var followsScenePhase = false
        @ViewBuilder let banner: () -> Banner
        @Environment(\.accessibilityVoiceOverEnabled) private var voiceOver
        @Environment(\.scenePhase) private var scenePhase

        var body: some View {
            banner()
                .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16))
                .clipShape(RoundedRectangle(cornerRadius: 16))
                .shadow(radius: 8)
                .padding(.horizontal)
                #if !os(tvOS)
                    // No drag on tvOS: the banner leaves by its time, or by VoiceOver's close action.
                    .gesture(
                        DragGesture().onEnded { drag in
                            presenter.bannerDragEnded(
                                translation: drag.translation.height, predictedEnd: drag.predictedEndTranslation.height)
                        }
                    )
                #endif
                .accessibilityAction(named: Text(presenter.texts.close)) {
                    Task { @MainActor in await presenter.service.close() }
                }
                .onAppear {
                    if followsScenePhase { presenter.appActivityChanged(active: scenePhase == .active, at: .now) }
                    presenter.bannerShown(at: .now, voiceOverRunning: voiceOver)
                    if let announcement = presenter.bannerAnnouncement {
                        AccessibilityNotification.Announcement(announcement).post()
                    }
                }
                .onChange(of: voiceOver) { _, running in
                    presenter.voiceOverChanged(running: running, at: .now)
                }
                .onChange(of: scenePhase) { _, phase in
                    if followsScenePhase { presenter.appActivityChanged(active: phase == .active, at: .now) }
                }
                .task(id: presenter.bannerDeadline) { @MainActor [presenter] in
                    guard let deadline = presenter.bannerDeadline else { return }
                    try? await Task.sleep(for: .seconds(max(0, deadline.timeIntervalSinceNow)))
                    presenter.bannerTimeCheck(at: .now)
                }
        }
    }
#endif
