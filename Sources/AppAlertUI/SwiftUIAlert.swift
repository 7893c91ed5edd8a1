#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI

    extension View {
        /// Presents the service's update alert: Update (opens the store or release page), and for an
        /// optional update Later and Skip. A required update has no way around it: it comes back when
        /// the app is active again after Update was tapped.
        ///
        /// ```swift
        /// ContentView()
        ///     .task { await updateService.checkForUpdate() }
        ///     .updateAlert(updateService)
        /// ```
        public func updateAlert(_ updateService: UpdateService) -> some View {
            modifier(AlertModifier(source: updateService))
        }
    }

    /// The one SwiftUI presenter: any ``AlertPresenting`` source as a system alert. `drawsHere`: whether
    /// this window draws it (`.messageAlert` on a platform without the UIKit or AppKit hosts, where one
    /// window among several claims the message).
    struct AlertModifier<Source: AlertPresenting>: ViewModifier {
        @Bindable var source: Source
        var drawsHere = true
        @Environment(\.openURL) private var openURL
        @Environment(\.scenePhase) private var scenePhase

        func body(content: Content) -> some View {
            let source = source
            let drawsHere = drawsHere
            content.alert(
                source.presentation?.title ?? "",
                isPresented: Binding(
                    get: { @MainActor in drawsHere && source.isPresented },
                    set: { @MainActor in source.isPresented = $0 }),
                presenting: source.presentation
            ) { presentation in
                ForEach(presentation.buttons) { button in
                    Button(button.title, role: button.isCancel ? .cancel : nil) {
                        Task { @MainActor in
                            if let url = await source.perform(button) { openURL(url) }
                        }
                    }
                }
            } message: { presentation in
                Text(presentation.text)
            }
            // Back from a wall's link or the store with nothing changed: the alert comes back. (Not
            // at once after the tap: SwiftUI drops an alert presented while the last one leaves.)
            .onChange(of: scenePhase) { _, phase in
                if phase == .active { source.presentationEnded() }
            }
        }
    }
#endif
