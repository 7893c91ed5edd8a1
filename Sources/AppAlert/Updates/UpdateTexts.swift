/// The words of an update alert, with `{appName}` and `{version}` placeholders.
public struct UpdateTexts: Sendable, Hashable {
    public var optionalTitle: String
    public var optionalMessage: String
    public var requiredTitle: String
    public var requiredMessage: String
    public var update: String
    public var later: String
    public var skip: String

    public init(
        optionalTitle: String, optionalMessage: String, requiredTitle: String, requiredMessage: String, update: String,
        later: String, skip: String
    ) {
        self.optionalTitle = optionalTitle
        self.optionalMessage = optionalMessage
        self.requiredTitle = requiredTitle
        self.requiredMessage = requiredMessage
        self.update = update
        self.later = later
        self.skip = skip
    }

    /// The built-in texts by language tag, in 46 languages (docs/updates.md lists them). To change a
    /// text or add a language, copy it, change the copy and give it to ``UpdateService/texts``; the table
    /// serving the preferred languages is chosen by tag, region and script (`pt` is Brazilian, `pt-AO`
    /// European; `zh-TW` Traditional), as the feed's localizations are.
    public static let builtIn: [String: UpdateTexts] = BuiltInTexts.all.mapValues(\.update)

    /// The texts for the preferred languages (most preferred first), from `table`, or English.
    public static func forLanguages(
        _ languages: [LanguageTag], in table: [String: UpdateTexts] = builtIn
    ) -> UpdateTexts {
        chosen(for: languages, in: table).texts
    }

    /// The entry of `table` for the preferred languages and its key; English (`en`) when none of them
    /// is served.
    static func chosen(for languages: [LanguageTag], in table: [String: UpdateTexts]) -> (
        key: String, texts: UpdateTexts
    ) {
        if let key = LanguageTag.bestKey(of: table.keys, for: languages), let texts = table[key] { return (key, texts) }
        return ("en", table["en"] ?? builtIn["en"]!)
    }

    /// `text` with `{appName}` and `{version}` replaced; with `isolating` (a right-to-left text), each
    /// value between Unicode directional isolates, so a left-to-right name or version keeps its order.
    public static func fill(_ text: String, appName: String, version: String, isolating: Bool = false) -> String {
        TextDirection.filled(text, appName: appName, version: version, isolating: isolating).text
    }
}
