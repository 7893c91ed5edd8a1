/// Every text AppAlert shows by itself, one entry per language with every key: the update prompt's
/// (``UpdateTexts``) and the words the message views add (``MessageTexts``). Written for this project
/// as an app of that platform says them (Apple's words for Update, Later and Close where it has them,
/// the register apps use), placeholders where the language's grammar puts them, and never a case
/// ending glued onto `{appName}`: a language that declines nouns declines a word for "app" next to it.
///
/// Keys are language tags, chosen by ``LanguageTag``'s matching (`LanguageMatching`); a regional
/// variety has its own entry only where its texts differ (`pt-BR` and `pt-PT` do; Latin-American
/// Spanish, Canadian French and Hong Kong Chinese say these texts as `es`, `fr` and `zh-Hant` do).
struct BuiltInTexts: Sendable {
    var update: UpdateTexts
    var message: MessageTexts
    /// A message's dismiss button when the feed gives no `confirmLabel` (English "OK"): part of
    /// resolving a message in the core, so not among the views' ``MessageTexts``.
    var ok: String

    init(
        optionalTitle: String, optionalMessage: String, requiredTitle: String, requiredMessage: String,
        update: String, later: String, skip: String,
        ok: String, close: String, delete: String, inboxTitle: String, inboxEmpty: String, unread: String
    ) {
        self.update = UpdateTexts(
            optionalTitle: optionalTitle, optionalMessage: optionalMessage, requiredTitle: requiredTitle,
            requiredMessage: requiredMessage, update: update, later: later, skip: skip)
        message = MessageTexts(
            close: close, delete: delete, inboxTitle: inboxTitle, inboxEmpty: inboxEmpty, unread: unread)
        self.ok = ok
    }

    /// Every language's texts.
    static let all: [String: BuiltInTexts] = firstHalf.merging(secondHalf) { first, _ in first }

    /// The languages' tags, sorted, read once for matching: the default button is chosen for every
    /// message resolved without `confirmLabel` (each inbox item, each launch), and sorting and parsing
    /// the 46 tags each time made an inbox of 5,000 such messages 27 times slower to build.
    private static let sortedKeys = all.keys.sorted()
    private static let candidates = LanguageMatching.Candidates(sortedKeys.map(LanguageTag.init))

    /// The default dismiss button's label for the preferred languages, chosen as every built-in text
    /// is (English when none is served).
    static func ok(for languages: [LanguageTag]) -> String {
        LanguageMatching.best(of: candidates, for: languages).flatMap { all[sortedKeys[$0]]?.ok }
            ?? Message.defaultConfirmLabel
    }
}
