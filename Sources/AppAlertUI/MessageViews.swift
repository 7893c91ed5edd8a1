#if canImport(SwiftUI)
    import AppAlert
    import SwiftUI
    #if canImport(UIKit)
        import UIKit
    #elseif canImport(AppKit)
        import AppKit
    #endif

    /// A message drawn as a card: its image (the bytes the core loaded and checked, for the appearance),
    /// title, text, a sheet's features and its buttons, in the message's colors or the system's. Every
    /// font is a text style, so the card grows with Dynamic Type. It decides nothing: what a button does
    /// is `perform`'s.
    public struct MessageCard: View {
        let message: ResolvedMessage
        let images: [ImageLoadResult]
        let perform: @MainActor (Message.Button) -> Void
        @Environment(\.colorScheme) private var colorScheme

        /// A card for `message`, its `images` as the core loaded them, and what a button does.
        public init(
            _ message: ResolvedMessage, images: [ImageLoadResult] = [],
            perform: @escaping @MainActor (Message.Button) -> Void
        ) {
            self.message = message
            self.images = images
            self.perform = perform
        }

        public var body: some View {
            if let action = message.action {
                // A banner's or an image's tap action: the whole card is the button.
                Button {
                    perform(Message.Button(title: message.title, action: action))
                } label: {
                    card
                }
                .buttonStyle(.plain)
            } else {
                card
            }
        }

        private var card: some View {
            let palette = message.colors?.palette(dark: colorScheme == .dark)
            return VStack(alignment: .leading, spacing: 12) {
                picture
                Text(message.title).font(.headline)
                Text(message.text).font(.body)
                features
                buttons
            }
            .padding()
            .frame(maxWidth: .infinity, alignment: .leading)
            .foregroundStyle(palette?.text.map(Self.color) ?? Color.primary)
            .background(palette?.background.map(Self.color) ?? Color.clear)
        }

        /// The image for the appearance, from the bytes the core checked; nothing when there are none.
        @ViewBuilder private var picture: some View {
            if let data = message.loadedImage(in: images, dark: colorScheme == .dark)?.data,
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

        private var buttons: some View {
            ForEach(Array(message.buttons.enumerated()), id: \.offset) { _, button in
                Button(button.title) { perform(button) }
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

    /// One of the app's inline slots: the message the feed places there (`"placement": "home-top"`),
    /// drawn in place as a card, or nothing at all. It decides again whenever the service checks the
    /// feed or its attributes change; answering a button records the showing and the card leaves.
    ///
    /// ```swift
    /// MessageSlot("home-top", alertService)
    /// ```
    public struct MessageSlot: View {
        @State private var model: MessageSlotModel
        private let service: AlertService
        @Environment(\.openURL) private var openURL

        public init(_ name: String, _ service: AlertService) {
            self.service = service
            _model = State(initialValue: MessageSlotModel(name, service: service))
        }

        public var body: some View {
            Group {
                if let message = model.message {
                    MessageCard(message, images: model.images) { button in
                        Task { @MainActor in
                            if let url = await model.perform(button) { openURL(url) }
                        }
                    }
                }
            }
            .task(id: service.revision) { await model.refresh() }
        }
    }

    /// The message center as a list: newest first, unread ones marked, swipe to delete, a tap opens the
    /// message as a card in a sheet. For a list or badge of your own, use `alertService.inbox`.
    public struct InboxList: View {
        @Bindable private var inbox: InboxModel
        @Environment(\.openURL) private var openURL

        public init(_ service: AlertService) {
            inbox = service.inbox
        }

        public var body: some View {
            List {
                ForEach(inbox.items) { item in
                    Button {
                        Task { @MainActor in await inbox.open(item.id) }
                    } label: {
                        HStack(alignment: .top, spacing: 8) {
                            Image(systemName: "circle.fill").font(.caption2)
                                .opacity(item.isRead ? 0 : 1).accessibilityHidden(true)
                            VStack(alignment: .leading, spacing: 4) {
                                Text(item.message.title).font(.headline)
                                Text(item.message.text).font(.subheadline)
                            }
                        }
                    }
                }
                .onDelete { offsets in
                    let ids = offsets.map { inbox.items[$0].id }
                    Task { @MainActor in
                        for id in ids { await inbox.delete(id) }
                    }
                }
            }
            .task { await inbox.refresh() }
            .sheet(isPresented: $inbox.isShowingOpenedMessage) {
                if let message = inbox.openedMessage {
                    MessageCard(message) { button in
                        if let url = inbox.perform(button) { openURL(url) }
                    }
                }
            }
        }
    }
#endif
