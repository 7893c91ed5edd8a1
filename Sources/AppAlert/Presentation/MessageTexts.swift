/// The words the message views add by themselves, in the user's language: the close control's label
/// (also read by VoiceOver, and the banner's "close" action), the inbox's delete action, its title and
/// empty state, and what VoiceOver says of an unread item. Everything else a message shows is the
/// feed's (a message without `confirmLabel` gets the built-in "OK" of the user's language when it is
/// resolved: ``ResolvedMessage/confirmLabel``).
public struct MessageTexts: Sendable, Hashable {
    public var close: String
    public var delete: String
    public var inboxTitle: String
    public var inboxEmpty: String
    public var unread: String

    public init(close: String, delete: String, inboxTitle: String, inboxEmpty: String, unread: String) {
        self.close = close
        self.delete = delete
        self.inboxTitle = inboxTitle
        self.inboxEmpty = inboxEmpty
        self.unread = unread
    }

    /// The built-in texts by language tag, in the languages of ``UpdateTexts/builtIn`` (one table per
    /// language holds both). To change a word or add a language, copy it, change the copy and give it to
    /// ``AlertService/messageTexts``.
    public static let builtIn: [String: MessageTexts] = BuiltInTexts.all.mapValues(\.message)

    /// The texts for the preferred languages (most preferred first), from `table`, or English; chosen
    /// as ``UpdateTexts/forLanguages(_:in:)`` chooses, so a prompt and a message's controls always
    /// speak the same language.
    public static func forLanguages(
        _ languages: [LanguageTag], in table: [String: MessageTexts] = builtIn
    ) -> MessageTexts {
        LanguageTag.bestKey(of: table.keys, for: languages).flatMap { table[$0] } ?? table["en"] ?? builtIn["en"]!
    }
}
