import AppAlertTesting
import Foundation
import Testing

@_spi(Authoring) @testable import AppAlert

/// The built-in texts: every language complete, placeholders where they belong, nothing left in
/// English by mistake, the right table for the device, and right-to-left texts that keep a Latin name
/// and a version in order.
struct BuiltInTextsTests {
    static let languages = [
        "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "es", "et", "fa", "fi", "fil", "fr", "he", "hi", "hr",
        "hu", "id", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT", "ro", "ru", "sk",
        "sl", "sr", "sr-Latn", "sv", "th", "tr", "uk", "ur", "vi", "zh-Hans", "zh-Hant",
    ]

    /// Every text of a language, by key.
    static func texts(_ language: String) -> [String: String] {
        let update = UpdateTexts.builtIn[language]!
        let message = MessageTexts.builtIn[language]!
        return [
            "optionalTitle": update.optionalTitle, "optionalMessage": update.optionalMessage,
            "requiredTitle": update.requiredTitle, "requiredMessage": update.requiredMessage, "update": update.update,
            "later": update.later, "skip": update.skip, "close": message.close, "delete": message.delete,
            "inboxTitle": message.inboxTitle, "inboxEmpty": message.inboxEmpty, "unread": message.unread,
            "ok": BuiltInTexts.all[language]!.ok,
        ]
    }

    /// Words a language really shares with English, so not a text left untranslated: "OK" is what
    /// these languages' Apple systems put on an alert's button too.
    static let sameAsEnglish: Set<String> = Set(
        ["fr.inboxTitle", "nl.later"]
            + [
                "bg", "cs", "da", "de", "el", "et", "fi", "fil", "fr", "hu", "id", "it", "ja", "ms", "nb", "nl", "pl",
                "pt-BR", "pt-PT", "ro", "sk", "sv", "uk", "vi",
            ].map { "\($0).ok" })

    @Test
    func theTablesHaveTheListedLanguagesAndAtLeastForty() {
        #expect(Set(UpdateTexts.builtIn.keys) == Set(Self.languages))
        #expect(Set(MessageTexts.builtIn.keys) == Set(Self.languages))
        #expect(Self.languages.count >= 40)
    }

    @Test(arguments: languages)
    func everyTextIsThereWithItsPlaceholdersExactlyOnceAndNoneLeftInEnglish(_ language: String) {
        let english = Self.texts("en")
        for (key, text) in Self.texts(language) {
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language).\(key) is empty")
            let placeholders = key.hasSuffix("Message") ? ["{appName}", "{version}"] : []
            for placeholder in ["{appName}", "{version}"] {
                let count = text.components(separatedBy: placeholder).count - 1
                #expect(
                    count == (placeholders.contains(placeholder) ? 1 : 0),
                    "\(language).\(key): \(placeholder) × \(count)")
            }
            let stripped = text.replacingOccurrences(of: "{appName}", with: "").replacingOccurrences(
                of: "{version}", with: "")
            #expect(!stripped.contains("{") && !stripped.contains("}"), "\(language).\(key): an unknown placeholder")
            if language != "en" {
                #expect(
                    text != english[key] || Self.sameAsEnglish.contains("\(language).\(key)"),
                    "\(language).\(key) is the English text")
            }
        }
    }

    /// No case ending or article glued to the app name: outside Chinese and Japanese (which join
    /// particles without spaces and do not inflect names), a placeholder touches no letter.
    @Test(arguments: languages.filter { !["ja", "zh-Hans", "zh-Hant"].contains($0) })
    func noLetterIsGluedToAPlaceholder(_ language: String) {
        for (key, text) in Self.texts(language) {
            for placeholder in ["{appName}", "{version}"] {
                guard let range = text.range(of: placeholder) else { continue }
                let before = text[..<range.lowerBound].last
                let after = text[range.upperBound...].first
                #expect(
                    before.map { !$0.isLetter && $0 != "-" } ?? true,
                    "\(language).\(key): a letter before \(placeholder)")
                #expect(
                    after.map { !$0.isLetter && $0 != "-" } ?? true, "\(language).\(key): a letter after \(placeholder)"
                )
            }
        }
    }

    @Test(arguments: [
        ("es-MX", "es"), ("es-419", "es"), ("fr-CA", "fr"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("pt", "pt-BR"),
        ("pt-AO", "pt-PT"), ("no", "nb"), ("sr-Latn-RS", "sr-Latn"), ("sr", "sr"), ("iw", "he"), ("tl", "fil"),
    ])
    func regionalVarietiesWithoutATableOfTheirOwnGetTheirLanguages(device: String, table: String) {
        #expect(LanguageTag.bestKey(of: UpdateTexts.builtIn.keys, for: [LanguageTag(device)]) == table)
    }

    /// A message without `confirmLabel` has the "OK" of its localization's language when the tables
    /// serve it, else of the device's; the feed's own label always wins.
    @Test(
        arguments: [
            (["ko-KR"], nil, "확인"), (["ar"], nil, "حسنًا"), (["es-MX"], nil, "Aceptar"), (["ru"], nil, "ОК"),
            (["ga", "tr"], nil, "Tamam"), (["ga"], nil, "OK"), ([], nil, "OK"), (["he"], "Sure", "Sure"),
            (["ga", "es"], nil, "Aceptar"),
        ] as [([String], String?, String)])
    func theDefaultButtonSpeaksTheUsersLanguage(device: [String], feedLabel: String?, label: String) throws {
        var message = try Self.message(localizations: [])
        message.confirmLabel = feedLabel
        let resolved = ResolvedMessage(message, preferredLanguages: device.map(LanguageTag.init))
        #expect(resolved.confirmLabel == label)
        #expect(resolved.buttons.last?.title == label)
    }

    @Test
    func theDefaultButtonFollowsTheLocalizationShown() throws {
        // A device preferring Irish (no table), then Swedish, reading the feed's Thai localization…
        let message = try Self.message(localizations: ["th"])
        let resolved = ResolvedMessage(message, preferredLanguages: [LanguageTag("th"), LanguageTag("sv")])
        #expect(resolved.localization == LanguageTag("th"))
        #expect(resolved.confirmLabel == "ตกลง")
        // …and the base texts when no localization serves it: the device's first served language.
        let base = ResolvedMessage(message, preferredLanguages: [LanguageTag("ga"), LanguageTag("sv")])
        #expect(base.localization == nil)
        #expect(base.confirmLabel == "OK")
    }

    static func message(localizations: [String]) throws -> Message {
        let entries = localizations.map { #""\#($0)": {"title": "T-\#($0)"}"# }.joined(separator: ",")
        let feed = #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x", "localizations": {\#(entries)}}]"#
        return try #require(try FeedDecoder().decode(Data(feed.utf8)).feed.messages.first)
    }

    /// An app rewords a control or adds a language through the service's table; the views read it.
    @Test
    @MainActor
    func anAppsOwnWordsReplaceTheBuiltInOnes() throws {
        let service = AlertService(
            client: AlertClient(
                source: try #require(FeedSource("/nonexistent/feed.json")),
                app: AppInfo(
                    bundleID: "a", appVersion: "1.0", preferredLanguages: [LanguageTag("gd"), LanguageTag("de")]),
                store: InMemoryAlertStore()))
        #expect(MessagePresenter(service).texts.close == "Schließen")
        var table = MessageTexts.builtIn
        table["gd"] = MessageTexts(
            close: "Dùin", delete: "Sguab às", inboxTitle: "Teachdaireachdan",
            inboxEmpty: "Chan eil teachdaireachd ann",
            unread: "Gun leughadh")
        service.messageTexts = table
        #expect(MessagePresenter(service).texts.close == "Dùin")
        #expect(service.inbox.texts.inboxTitle == "Teachdaireachdan")
        #expect(MessageSlotModel("top", service: service).actions { _ in }.texts.close == "Dùin")
    }

    static let decision = UpdateDecision(
        kind: .optional, reason: UpdateDecision.Reason(.updateAvailable, "x"), installedVersion: Version("1.0")!,
        availableVersion: Version("2.1.0")!,
        storeURL: URL(string: "https://apps.apple.com/app/id1"))

    @Test(arguments: ["ar", "fa", "he", "ur"])
    func aRightToLeftPromptIsolatesTheAppNameAndVersion(_ language: String) throws {
        let alert = try #require(AlertPresentation(Self.decision, appName: "MyApp", languages: [LanguageTag(language)]))
        #expect(alert.isRightToLeft)
        #expect(alert.language == LanguageTag(language))
        #expect(alert.text.contains("\u{2068}MyApp\u{2069}"))
        #expect(alert.text.contains("\u{2068}2.1.0\u{2069}"))
        #expect(!alert.text.contains("{"))
    }

    @Test(arguments: ["de", "ja", "pt-PT"])
    func aLeftToRightPromptHasNoIsolates(_ language: String) throws {
        let alert = try #require(AlertPresentation(Self.decision, appName: "MyApp", languages: [LanguageTag(language)]))
        #expect(!alert.isRightToLeft)
        #expect(alert.text.contains("MyApp") && !alert.text.contains("\u{2068}"))
    }
}
