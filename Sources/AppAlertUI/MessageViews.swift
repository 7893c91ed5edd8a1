#if canImport(SwiftUI)
    import AppAlert
    import Foundation
    import SwiftUI

    /// One of the app's inline slots: the message the feed places there (`"placement": "home-top"`),
    /// drawn in place as a ``MessageCard``, or nothing: a view of no size (a stack it is in still puts
    /// its spacing beside it, and a `List` gives it a row, empty then: put a slot in a stack or a
    /// `LazyVStack` rather than in a `List`). It decides when it appears and again whenever the service
    /// checks the feed or its attributes change; answering a button or closing the card records the
    /// showing and the card leaves. Its message counts as shown when the slot appears
    /// (``MessageSlotModel/refresh()`` says what that means inside a `VStack` and a lazy container).
    ///
    /// ```swift
    /// MessageSlot("home-top", alertService)
    /// ```
    public struct MessageSlot: View {
        private let name: String
        private let service: AlertService
        @State private var kept = Kept()
        @Environment(\.openURL) private var openURL

        public init(_ name: String, _ service: AlertService) {
            self.name = name
            self.service = service
        }

        public var body: some View {
            // A new name or a new service is a new slot.
            let model = kept.model(name, service)
            // A container that is there with no message too: the task decides the first message, so it
            // must not hang on the card (a modifier of an `if` with nothing in it never runs). Empty,
            // the stack has no size; with spacing 0 it adds none around the card.
            VStack(spacing: 0) {
                if let message = model.message {
                    MessageCard(message, actions: model.actions { openURL($0) })
                }
            }
            .task(id: Refresh(revision: service.revision, model: ObjectIdentifier(model))) { await model.refresh() }
        }

        private struct Refresh: Equatable {
            var revision: Int
            var model: ObjectIdentifier
        }

        /// The slot's model across updates of the view.
        @MainActor
        private final class Kept {
            private var model: MessageSlotModel?

            func model(_ name: String, _ service: AlertService) -> MessageSlotModel {
                let kept = MessageSlotModel.reusing(model, name: name, service: service)
                model = kept
                return kept
            }
        }
    }

    /// The message center as a list: newest first, unread ones marked (and said by VoiceOver); a tap opens
    /// the message as a card in a sheet; a swipe, the row's menu or VoiceOver's action deletes it. In a
    /// macOS (AppKit) app, as its lists do, a click selects a row, a double click or Return opens it, and
    /// the Delete key or the menu deletes the selected rows, which Edit > Undo lists again (a Mac Catalyst
    /// app has the iOS rows). The empty state says there are no messages.
    /// A row drawn is its item's showing (once a UTC day), and opening it is counted as `opened`
    /// (``InboxModel``). Each list keeps its own card, so two windows showing the inbox each keep theirs.
    /// Its words are in the user's language (``MessageTexts``). Put it in your navigation stack, which
    /// shows its title. For a list or badge of your own, use `alertService.inbox`.
    public struct InboxList: View {
        private let service: AlertService
        /// This list's card in ``InboxModel/cards``.
        @State private var opener = UUID()
        /// The opening whose card this list's sheet drew (``InboxModel/OpenedCard/opening``): the card
        /// its `onDismiss` forgets, and not one opened since.
        @State private var drawnOpening: Int?
        #if os(macOS)
            @State private var selection: Set<Int> = []
            @Environment(\.undoManager) private var undoManager
        #endif
        @Environment(\.openURL) private var openURL

        public init(_ service: AlertService) {
            self.service = service
        }

        private var inbox: InboxModel { service.inbox }

        public var body: some View {
            let texts = inbox.texts
            rows(texts)
                .overlay {
                    if inbox.hasRefreshed && inbox.items.isEmpty {
                        ContentUnavailableView(texts.inboxEmpty, systemImage: "tray")
                    }
                }
                .navigationTitle(texts.inboxTitle)
                // Lists again whenever the service checks the feed or its attributes change, while on screen.
                .task(id: service.revision) { await inbox.refresh() }
                // Shown while this list's card is open; an answered card stays drawn until the sheet is
                // gone (`onDismiss`), so that the sheet is not blank as it slides away.
                .sheet(
                    isPresented: Binding(
                        get: { @MainActor in inbox.cards[opener]?.isOpen == true },
                        set: { @MainActor in if !$0 { inbox.close(by: opener) } }),
                    onDismiss: {
                        inbox.cardLeft(opener, opening: drawnOpening)
                        drawnOpening = nil
                    }
                ) {
                    if let card = inbox.cards[opener] {
                        let drawn = MessageCard(card.message, actions: inbox.actions(by: opener) { openURL($0) })
                        Group {
                            #if os(macOS)
                                // A Mac sheet takes its content's size: bounded as `.messageAlert`'s sheets are.
                                SheetCard { drawn }
                            #else
                                ScrollView { drawn }
                            #endif
                        }
                        .onAppear { drawnOpening = card.opening }
                    }
                }
        }

        #if os(macOS)
            private func rows(_ texts: MessageTexts) -> some View {
                List(selection: $selection) {
                    ForEach(inbox.items) { item in
                        label(item)
                            // One element for VoiceOver, as the iOS row's button is, to carry the value.
                            .accessibilityElement(children: .combine)
                            .tag(item.id)
                            .accessibilityValue(Text(item.isRead ? "" : texts.unread))
                            .accessibilityAction { open(item.id) }
                            .accessibilityAction(named: Text(texts.delete)) { delete([item.id]) }
                            .onAppear { inbox.itemAppeared(item.id) }
                    }
                }
                .contextMenu(forSelectionType: Int.self) { ids in
                    if !ids.isEmpty {
                        Button(texts.delete, role: .destructive) { delete(ids) }
                    }
                } primaryAction: { ids in
                    if ids.count == 1, let id = ids.first { open(id) }
                }
                // Delete deletes the selected rows still listed; with none, the command is off.
                .onDeleteCommand(perform: inbox.listed(selection).isEmpty ? nil : { delete(inbox.listed(selection)) })
                // A row that leaves the list (a refresh, a deletion elsewhere) leaves the selection.
                .onChange(of: inbox.items.map(\.id)) { selection = inbox.listed(selection) }
            }
        #else
            private func rows(_ texts: MessageTexts) -> some View {
                List {
                    ForEach(inbox.items) { item in
                        Button {
                            open(item.id)
                        } label: {
                            label(item)
                        }
                        .accessibilityValue(Text(item.isRead ? "" : texts.unread))
                        .onAppear { inbox.itemAppeared(item.id) }
                        .deletable(texts.delete) { delete([item.id]) }
                    }
                }
            }
        #endif

        /// A row: the unread mark in the accent, as Mail's, on the title's first line, and the words, two
        /// lines each at most.
        private func label(_ item: Inbox.Item) -> some View {
            HStack(alignment: .firstTextBaseline, spacing: 8) {
                UnreadMark().opacity(item.isRead ? 0 : 1).accessibilityHidden(true)
                VStack(alignment: .leading, spacing: 4) {
                    words(Text(item.message.title).font(.headline), Text(item.message.text).font(.subheadline))
                        .lineLimit(2)
                }
            }
        }

        /// The title and the text in the label colors. Where the row is a button in a list (iOS, visionOS,
        /// watchOS), the fixed `Color.primary` and `Color.secondary`: there the hierarchical `.primary` is
        /// the tint. In a macOS app and on tvOS, the hierarchical ones, which follow a selected row's accent
        /// fill and a focused row's white platter.
        @ViewBuilder private func words(_ title: Text, _ text: Text) -> some View {
            #if os(macOS) || os(tvOS)
                title.foregroundStyle(.primary)
                text.foregroundStyle(.secondary)
            #else
                title.foregroundStyle(Color.primary)
                text.foregroundStyle(Color.secondary)
            #endif
        }

        private func open(_ id: Int) {
            let (inbox, opener) = (inbox, opener)
            Task { @MainActor in await inbox.open(id, by: opener) }
        }

        private func delete(_ ids: Set<Int>) {
            let inbox = inbox
            #if os(macOS)
                selection.subtract(ids)
                // Edit > Undo lists them again (no Redo: delete them again).
                undoManager?.registerUndo(withTarget: inbox) { inbox in
                    Task { @MainActor in await inbox.undelete(ids) }
                }
                undoManager?.setActionName(inbox.texts.delete)
            #endif
            Task { @MainActor in await inbox.delete(ids) }
        }
    }

    /// An inbox row's unread mark: the accent, or the row's text color on a background that is the accent
    /// or stands out (a selected row in a macOS app, a focused one on tvOS: `backgroundProminence`).
    private struct UnreadMark: View {
        @Environment(\.backgroundProminence) private var prominence

        var body: some View {
            let mark = Image(systemName: "circle.fill").font(.caption2)
            if prominence == .increased {
                mark.foregroundStyle(.primary)
            } else {
                mark.foregroundStyle(.tint)
            }
        }
    }

    extension View {
        /// An inbox row's Delete: a swipe (which VoiceOver offers as the row's action) and the row's
        /// menu; on tvOS, which has no swipe, the menu and an action for VoiceOver; watchOS has no menu.
        @ViewBuilder fileprivate func deletable(_ title: String, _ delete: @escaping @MainActor () -> Void)
            -> some View
        {
            #if os(tvOS)
                contextMenu { Button(title, role: .destructive) { delete() } }
                    .accessibilityAction(named: Text(title)) { delete() }
            #elseif os(watchOS)
                swipeActions { Button(title, role: .destructive) { delete() } }
            #else
                swipeActions { Button(title, role: .destructive) { delete() } }
                    .contextMenu { Button(title, role: .destructive) { delete() } }
            #endif
        }
    }
#endif
