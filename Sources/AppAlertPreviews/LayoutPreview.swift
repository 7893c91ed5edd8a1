#if canImport(SwiftUI) && DEBUG
    import AppAlert
    import AppAlertTesting
    import AppAlertUI
    import SwiftUI

    /// A sample message drawn as AppAlertUI draws it, with the samples' image standing for every image
    /// URL and controls that do nothing: what the `#Preview`s in Previews.swift show, in Xcode's canvas,
    /// for every layout in light and dark. This target is in no product: no app links it.
    struct LayoutPreview: View {
        let message: ResolvedMessage

        init(_ message: ResolvedMessage) {
            self.message = message
        }

        var body: some View {
            MessageCard(
                message,
                actions: MessageActions(
                    images: Self.images(of: message),
                    showsCloseControl: message.layout != .banner && message.needsCloseControl,
                    texts: MessageTexts.forLanguages(message.localization.map { [$0] } ?? []),
                    tapAction: message.action, tapTitle: message.title)
            )
            .padding()
        }

        /// The sample image for the message's image and its dark variant.
        static func images(of message: ResolvedMessage) -> [ImageLoadResult] {
            guard let image = message.image else { return [] }
            return [image.url, image.darkURL].compactMap { url in
                url.map { ImageLoadResult(url: $0, status: .downloaded, data: SampleMessages.imageData) }
            }
        }
    }
#endif
