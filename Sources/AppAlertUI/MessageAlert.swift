#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI

    extension View {
        /// Presents the service's message as a system alert: its title and text, the link button
        /// when there is one, and the confirm button unless the message is a wall. Tapping a button
        /// records the showing; the link opens with the environment's `openURL`. A wall whose link was
        /// followed comes back when the scene is active again.
        ///
        /// ```swift
        /// ContentView()
        ///     .task { await alertService.showAlertIfNecessary() }
        ///     .messageAlert(alertService)
        /// ```
        public func messageAlert(_ alertService: AlertService) -> some View {
            modifier(MessageAlertModifier(alertService: alertService))
        }
    }

    struct MessageAlertModifier: ViewModifier {
        @Bindable var alertService: AlertService
        @Environment(\.openURL) private var openURL
        @Environment(\.scenePhase) private var scenePhase

        func body(content: Content) -> some View {
            content.alert(
                alertService.presentation?.title ?? "",
                isPresented: $alertService.showMessage,
                presenting: alertService.presentation
            ) { presentation in
                ForEach(presentation.buttons) { button in
                    Button(button.title, role: button.role == .dismiss ? .cancel : nil) {
                        Task { @MainActor in
                            if let url = await alertService.perform(button) { openURL(url) }
                        }
                    }
                }
            } message: { presentation in
                Text(presentation.text)
            }
            // Back from a wall's link with the app unchanged: the wall comes back. (Not at once
            // after the tap: SwiftUI drops an alert presented while the last one leaves.)
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { alertService.presentationEnded() }
            }
        }
    }
#endif
