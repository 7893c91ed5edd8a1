/// The words the message views add by themselves, in the user's language: the close control's label
/// (also read by VoiceOver, and the banner's "close" action), the inbox's delete action, its title and
/// empty state, and what VoiceOver says of an unread item. Everything else a message shows is the
/// feed's.
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

    /// The built-in texts by language tag, in the languages of ``UpdateTexts/builtIn``. Add or replace
    /// entries to extend it; a tag's language alone (`pt`) serves every region without its own entry.
    public static let builtIn: [String: MessageTexts] = [
        "en": MessageTexts(
            close: "Close", delete: "Delete", inboxTitle: "Messages", inboxEmpty: "No Messages", unread: "Unread"),
        "fr": MessageTexts(
            close: "Fermer", delete: "Supprimer", inboxTitle: "Messages", inboxEmpty: "Aucun message",
            unread: "Non lu"),
        "de": MessageTexts(
            close: "Schließen", delete: "Löschen", inboxTitle: "Mitteilungen", inboxEmpty: "Keine Mitteilungen",
            unread: "Ungelesen"),
        "es": MessageTexts(
            close: "Cerrar", delete: "Eliminar", inboxTitle: "Mensajes", inboxEmpty: "No hay mensajes",
            unread: "No leído"),
        "it": MessageTexts(
            close: "Chiudi", delete: "Elimina", inboxTitle: "Messaggi", inboxEmpty: "Nessun messaggio",
            unread: "Da leggere"),
        "pt": MessageTexts(
            close: "Fechar", delete: "Apagar", inboxTitle: "Mensagens", inboxEmpty: "Nenhuma mensagem",
            unread: "Não lida"),
        "nl": MessageTexts(
            close: "Sluit", delete: "Verwijder", inboxTitle: "Berichten", inboxEmpty: "Geen berichten",
            unread: "Ongelezen"),
        "sv": MessageTexts(
            close: "Stäng", delete: "Radera", inboxTitle: "Meddelanden", inboxEmpty: "Inga meddelanden",
            unread: "Oläst"),
        "ru": MessageTexts(
            close: "Закрыть", delete: "Удалить", inboxTitle: "Сообщения", inboxEmpty: "Нет сообщений",
            unread: "Не прочитано"),
        "ja": MessageTexts(
            close: "閉じる", delete: "削除", inboxTitle: "メッセージ", inboxEmpty: "メッセージはありません", unread: "未読"),
        "ko": MessageTexts(close: "닫기", delete: "삭제", inboxTitle: "메시지", inboxEmpty: "메시지 없음", unread: "읽지 않음"),
        "zh-Hans": MessageTexts(close: "关闭", delete: "删除", inboxTitle: "消息", inboxEmpty: "没有消息", unread: "未读"),
        "zh-Hant": MessageTexts(close: "關閉", delete: "刪除", inboxTitle: "訊息", inboxEmpty: "沒有訊息", unread: "未讀"),
        "tr": MessageTexts(
            close: "Kapat", delete: "Sil", inboxTitle: "Mesajlar", inboxEmpty: "Mesaj yok", unread: "Okunmadı"),
    ]

    /// The texts for the preferred languages (most preferred first), from `table`, or English; chosen
    /// as ``UpdateTexts/forLanguages(_:in:)`` chooses, so a prompt and a message's controls always
    /// speak the same language.
    public static func forLanguages(
        _ languages: [LanguageTag], in table: [String: MessageTexts] = builtIn
    ) -> MessageTexts {
        LanguageTag.bestKey(of: table.keys, for: languages).flatMap { table[$0] } ?? table["en"] ?? builtIn["en"]!
    }
}
