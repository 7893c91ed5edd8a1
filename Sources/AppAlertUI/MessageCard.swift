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
            let dark = colorScheme == .dark
            let palette = message.colors?.palette(dark: dark)
            let bytes = message.loadedImage(in: actions.images, dark: dark)?.data
            let image = bytes.flatMap(DecodedPictures.image(for:))
            let parts = message.cardParts(pictureDecoded: image != nil)
            Group {
                if actions.hasTapAction {
                    Button {
                        Task { @MainActor in await actions.tap() }
                    } label: {
                        content(parts, image)
                    }
                    .buttonStyle(.plain)
                } else {
                    content(parts, image)
                }
            }
            .foregroundStyle(palette?.text.map(Self.color) ?? Color.primary)
            .background(palette?.background.map(Self.color) ?? Color.clear)
            // The buttons in the message's accent; the app's own without one.
            .tint(palette?.accent.map(Self.color))
            // On the content, which is never empty: an image that did not decode leaves the words.
            .overlay(alignment: .topTrailing) {
                if actions.showsCloseControl { closeControl(message.closeControlColors(dark: dark)) }
            }
            .environment(\.layoutDirection, message.isRightToLeft ? .rightToLeft : .leftToRight)
            // VoiceOver's escape (a two-finger scrub) does what Escape does, on a message over the app.
            .escapeAction(actions, message)
            // Escape reaches only a control that carries it: one of the card's own when no button or
            // close control does (a card whose only closing button is its first, Return's).
            .background {
                if actions.escapeKeyOwner(of: message) == .hiddenControl { EscapeKeyControl(actions, message) }
            }
            .onAppear { if bytes != nil && image == nil { actions.pictureDidNotDecode() } }
        }

        /// The ✕: the message's text color on a backdrop of its background (the system's without
        /// them), a 44-point target, labelled for VoiceOver in the user's language.
        private func closeControl(_ colors: CloseControlColors) -> some View {
            Button {
                Task { @MainActor in await actions.close() }
            } label: {
                Image(systemName: "xmark")
                    .font(.body.weight(.semibold))
                    .foregroundStyle(colors.foreground.map(Self.color) ?? Color.primary)
                    .frame(width: 30, height: 30)
                    .background {
                        if let backdrop = colors.backdrop {
                            Circle().fill(Self.color(backdrop))
                        } else {
                            Circle().fill(.regularMaterial)
                        }
                    }
                    .frame(width: 44, height: 44)
                    .contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .messageKey(actions.escapeKeyOwner(of: message) == .closeControl ? .escape : nil)
            .accessibilityLabel(Text(actions.texts.close))
            .padding(4)
        }

        @ViewBuilder private func content(_ parts: CardParts, _ image: Image?) -> some View {
            switch message.layout {
            case .banner:
                HStack(spacing: 12) {
                    if let image, parts.picture { picture(image).frame(maxWidth: 56, maxHeight: 56) }
                    VStack(alignment: .leading, spacing: 2) {
                        Text(message.title).font(.headline)
                        Text(message.text).font(.subheadline)
                    }
                    .frame(maxWidth: .infinity, alignment: .leading)
                }
                .padding()
            case .image where parts.picture:
                if let image { picture(image) }
            case .image, .alert, .modal, .sheet:
                VStack(alignment: .leading, spacing: 12) {
                    if let image, parts.picture { picture(image) }
                    Text(message.title).font(message.layout == .sheet ? .title2 : .headline)
                    Text(message.text).font(.body)
                    if parts.features { features }
                    if parts.buttons { buttons }
                }
                .padding()
                // Room for the close control beside the title.
                .padding(.trailing, actions.showsCloseControl ? 36 : 0)
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        }

        /// The picture, read by VoiceOver by its `alt`; without one it is decoration and hidden.
        @ViewBuilder private func picture(_ image: Image) -> some View {
            let alt = message.image?.alt ?? ""
            if alt.isEmpty {
                image.resizable().scaledToFit().accessibilityHidden(true)
            } else {
                image.resizable().scaledToFit().accessibilityLabel(Text(alt))
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
                Group {
                    if index == 0 { view.buttonStyle(.borderedProminent) } else { view.buttonStyle(.bordered) }
                }
                .messageKey(key(for: index))
            }
        }

        /// The key that answers the button `index` when the message takes the keyboard.
        private func key(for index: Int) -> MessageKey? {
            guard actions.takesKeyboard else { return nil }
            if index == message.returnKeyButton { return .returnKey }
            return actions.escapeKeyOwner(of: message) == .button(index) ? .escape : nil
        }

        static func color(_ color: Message.Color) -> Color {
            Color(
                red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
                opacity: Double(color.alpha) / 255)
        }

        /// The checked bytes as an image of the platform, decoded now: `UIImage(data:)` and
        /// `NSImage(data:)` read only the header and decode when drawn, so bytes that do not decode
        /// would draw nothing instead of falling back. `nil` when they do not decode.
        static func image(from data: Data) -> Image? {
            #if canImport(UIKit)
                UIImage(data: data)?.preparingForDisplay().map { Image(uiImage: $0) }
            #elseif canImport(AppKit)
                NSImage(data: data).flatMap { image in
                    image.cgImage(forProposedRect: nil, context: nil, hints: nil) == nil ? nil : Image(nsImage: image)
                }
            #else
                nil
            #endif
        }
    }

    /// The keys a message over the app answers, as a dialog does: Return its first button, Escape the
    /// button that closes it, its close control or a control of its own (``ResolvedMessage/returnKeyButton``,
    /// ``MessageActions/escapeKeyOwner(of:)``).
    enum MessageKey {
        case returnKey, escape
    }

    /// The card's control for Escape alone (``EscapeKeyOwner/hiddenControl``): of no size, not drawn,
    /// hidden from VoiceOver (the card's escape action is VoiceOver's). Only where keys are shortcuts
    /// (iOS, the Mac, visionOS): on tvOS it would be a control that takes focus.
    struct EscapeKeyControl: View {
        let actions: MessageActions
        let message: ResolvedMessage

        init(_ actions: MessageActions, _ message: ResolvedMessage) {
            self.actions = actions
            self.message = message
        }

        var body: some View {
            #if os(iOS) || os(macOS) || os(visionOS)
                Button {
                    Task { @MainActor in await actions.escape(message) }
                } label: {
                    Color.clear
                }
                .buttonStyle(.plain)
                .keyboardShortcut(.cancelAction)
                .frame(width: 0, height: 0)
                .opacity(0)
                .accessibilityHidden(true)
            #endif
        }
    }

    extension View {
        /// The control answers `key` from a hardware keyboard; nothing on tvOS and watchOS, which have no
        /// such shortcuts.
        @ViewBuilder func messageKey(_ key: MessageKey?) -> some View {
            #if os(iOS) || os(macOS) || os(visionOS)
                switch key {
                case .returnKey?: keyboardShortcut(.defaultAction)
                case .escape?: keyboardShortcut(.cancelAction)
                case nil: self
                }
            #else
                self
            #endif
        }

        /// VoiceOver's escape gesture does what Escape does (``MessageActions/escape(_:)``) when the
        /// message takes the keyboard; otherwise the gesture is left to the views around it.
        @MainActor @ViewBuilder func escapeAction(_ actions: MessageActions, _ message: ResolvedMessage) -> some View {
            if actions.takesKeyboard {
                accessibilityAction(.escape) { Task { @MainActor in await actions.escape(message) } }
            } else {
                self
            }
        }
    }

    /// Pictures decoded once for their bytes, shared by every card drawing them (a card that may scroll
    /// is built twice by `ViewThatFits`), not at every update of a view. Only the last two are kept (a
    /// card and a slot on screen at once): a decoded picture within the limits can take 64 MB, and this
    /// outlives the message.
    ///
    /// On iOS a picture is decoded off the main actor before its message goes on screen
    /// (``prepare(_:then:)``): a picture within the limits may take a tenth of a second to decode,
    /// which would otherwise hold the app's interface as the message appears.
    @MainActor
    enum DecodedPictures {
        private static let kept = 2
        private static var recent: [(bytes: Data, image: Image?)] = []
        /// The bytes being decoded off the main actor now.
        private static var preparing: Data?

        static func image(for data: Data) -> Image? {
            if let index = recent.firstIndex(where: { $0.bytes == data }) { return recent[index].image }
            let image = MessageCard.image(from: data)
            keep(data, image)
            return image
        }

        /// Whether `data` has been decoded (or found not to decode): a card draws it at once.
        static func isReady(_ data: Data) -> Bool {
            recent.contains { $0.bytes == data }
        }

        /// Decodes `data` off the main actor and keeps it, then tells every `.messageAlert` to look
        /// again (``HostEvents``: the window that claims the message may not be the one that asked);
        /// nothing when it is being decoded. Returns whether it is ready now: where decoding off the
        /// main actor is not available (the Mac: `NSImage` is not sendable) it decodes at once and
        /// returns `true`.
        static func prepare(_ data: Data) -> Bool {
            if isReady(data) { return true }
            guard preparing != data else { return false }
            #if canImport(UIKit)
                preparing = data
                Task {
                    // UIImage is sendable, and preparingForDisplay() is made to run off the main thread.
                    let decoded = await Task.detached(priority: .userInitiated) {
                        UIImage(data: data)?.preparingForDisplay()
                    }.value
                    // Kept only while still wanted: a picture decoded for a message that has been
                    // replaced meanwhile must not push out the one on screen.
                    if preparing == data {
                        preparing = nil
                        keep(data, decoded.map { Image(uiImage: $0) })
                        HostEvents.postFreed()
                    }
                }
                return false
            #else
                _ = image(for: data)
                return true
            #endif
        }

        private static func keep(_ data: Data, _ image: Image?) {
            recent.removeAll { $0.bytes == data }
            recent.append((data, image))
            if recent.count > kept { recent.removeFirst() }
        }
    }
#endif
