#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI
    #if canImport(UIKit)
        import UIKit
    #elseif canImport(AppKit)
        import AppKit
    #endif

    /// A message drawn as its layout asks, in place: a banner as a strip (picture, title, text), an
    /// image alone, and an alert, a modal or a sheet as a card (picture, title, text, a sheet's
    /// features, the buttons). The picture is the bytes the core loaded and checked, for the
    /// appearance, with its `alt` for VoiceOver; colors (background, text, the buttons' accent) are the
    /// message's for the appearance or the system's; every font is a text style, so it grows with
    /// Dynamic Type; it mirrors for a right-to-left message. A tap action makes the whole message one
    /// button; a close control is added when nothing else closes it.
    /// It decides nothing: what each control does is `actions`'.
    public struct MessageCard: View {
        let message: ResolvedMessage
        let actions: MessageActions
        @Environment(\.colorScheme) private var colorScheme

        /// `message` with what its controls do (from ``MessagePresenter``, ``MessageSlotModel`` or
        /// ``InboxModel``, or your own ``MessageActions`` in a preview).
        public init(_ message: ResolvedMessage, actions: MessageActions) {
            self.message = message
            self.actions = actions
        }

        public var body: some View {
            let palette = message.colors?.palette(dark: colorScheme == .dark)
            Group {
                if actions.hasTapAction {
                    Button {
                        Task { @MainActor in await actions.tap() }
                    } label: {
                        content
                    }
                    .buttonStyle(.plain)
                } else {
                    content
                }
            }
            .foregroundStyle(palette?.text.map(Self.color) ?? Color.primary)
            .background(palette?.background.map(Self.color) ?? Color.clear)
            // The buttons and the close control in the message's accent; the app's own without one.
            .tint(palette?.accent.map(Self.color))
            .overlay(alignment: .topTrailing) {
                if actions.showsCloseControl {
                    Button {
                        Task { @MainActor in await actions.close() }
                    } label: {
                        Label(actions.texts.close, systemImage: "xmark.circle.fill").labelStyle(.iconOnly)
                            .font(.title2)
                    }
                    .buttonStyle(.plain)
                    .padding(8)
                }
            }
            .environment(\.layoutDirection, message.isRightToLeft ? .rightToLeft : .leftToRight)
        }

        @ViewBuilder private var content: some View {
            switch message.layout {
            case .banner:
                HStack(spacing: 12) {
                    picture.frame(maxWidth: 56, maxHeight: 56)
                    VStack(alignment: .leading, spacing: 2) {
                        Text(message.title).font(.headline)
                        Text(message.text).font(.subheadline)
                    }
                    .frame(maxWidth: .infinity, alignment: .leading)
                }
                .padding()
            case .image:
                picture
            case .alert, .modal, .sheet:
                VStack(alignment: .leading, spacing: 12) {
                    picture
                    Text(message.title).font(message.layout == .sheet ? .title2 : .headline)
                    Text(message.text).font(.body)
                    features
                    buttons
                }
                .padding()
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }

        /// The image for the appearance, from the bytes the core checked; nothing when there are none.
        @ViewBuilder private var picture: some View {
            if let data = message.loadedImage(in: actions.images, dark: colorScheme == .dark)?.data,
                let image = Self.image(from: data)
            {
                image.resizable().scaledToFit().accessibilityLabel(Text(message.image?.alt ?? ""))
            }
        }

        /// A sheet's what's-new items: symbol, title, text.
        private var features: some View {
            ForEach(Array((message.features ?? []).enumerated()), id: \.offset) { _, feature in
                HStack(alignment: .top, spacing: 12) {
                    if let symbol = feature.symbol {
                        Image(systemName: symbol).font(.title2).accessibilityHidden(true)
                    }
                    VStack(alignment: .leading, spacing: 4) {
                        Text(feature.title).font(.subheadline)
                        if let text = feature.text { Text(text).font(.footnote) }
                    }
                }
            }
        }

        /// The buttons, the primary one (the first) prominent.
        private var buttons: some View {
            ForEach(Array(message.buttons.enumerated()), id: \.offset) { index, button in
                let view = Button {
                    Task { @MainActor in await actions.perform(button) }
                } label: {
                    Text(button.title).frame(maxWidth: .infinity)
                }
                if index == 0 { view.buttonStyle(.borderedProminent) } else { view.buttonStyle(.bordered) }
            }
        }

        static func color(_ color: Message.Color) -> Color {
            Color(
                red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
                opacity: Double(color.alpha) / 255)
        }

        /// The checked bytes as an image of the platform.
        static func image(from data: Data) -> Image? {
            #if canImport(UIKit)
                UIImage(data: data).map { Image(uiImage: $0) }
            #elseif canImport(AppKit)
                NSImage(data: data).map { Image(nsImage: $0) }
            #else
                nil
            #endif
        }
    }
#endif
