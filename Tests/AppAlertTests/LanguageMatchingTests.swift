import Testing

@testable import AppAlert

/// Which table serves which device language: scripts before regions, regional varieties, withdrawn
/// codes, Norwegian, and English only when nothing preferred is served.
struct LanguageMatchingTests {
    /// The languages the built-in tables are to have (issue 22's list).
    static let tables = [
        "ar", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "es", "es-419", "et", "fa", "fi", "fil", "fr", "fr-CA",
        "he", "hi", "hr", "hu", "id", "it", "ja", "kk", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt-BR", "pt-PT",
        "ro",
        "ru", "sk", "sl", "sr", "sr-Latn", "sv", "th", "tr", "uk", "ur", "vi", "zh-Hans", "zh-Hant", "zh-HK",
    ]

    static func chosen(_ preferred: [String], among keys: [String] = tables) -> String? {
        LanguageTag.bestKey(of: keys, for: preferred.map(LanguageTag.init))
    }

    @Test(arguments: [
        // Chinese: the script decides, written or implied by the region.
        ("zh-Hant-TW", "zh-Hant"), ("zh-TW", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh-HK", "zh-HK"),
        ("zh-Hant-HK", "zh-HK"), ("zh-MO", "zh-HK"), ("zh-Hans-CN", "zh-Hans"), ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"), ("zh", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("ZH_hant_tw", "zh-Hant"),
        // Serbian: Cyrillic unless Latin is written (or the region is Montenegro).
        ("sr", "sr"), ("sr-RS", "sr"), ("sr-Cyrl-RS", "sr"), ("sr-Latn", "sr-Latn"), ("sr-Latn-RS", "sr-Latn"),
        ("sr-ME", "sr-Latn"),
        // Portuguese: Brazil, or Portugal for every other region.
        ("pt", "pt-BR"), ("pt-BR", "pt-BR"), ("pt-PT", "pt-PT"), ("pt-AO", "pt-PT"), ("pt-MZ", "pt-PT"),
        // Spanish: Latin America and the United States get es-419.
        ("es", "es"), ("es-ES", "es"), ("es-MX", "es-419"), ("es-US", "es-419"), ("es-AR", "es-419"),
        ("es-419", "es-419"),
        // French: Canada has its own.
        ("fr", "fr"), ("fr-FR", "fr"), ("fr-BE", "fr"), ("fr-CA", "fr-CA"),
        // Norwegian and withdrawn codes.
        ("no", "nb"), ("no-NO", "nb"), ("nn", "nb"), ("nb-NO", "nb"), ("iw", "he"), ("iw-IL", "he"), ("in", "id"),
        ("tl", "fil"), ("tl-PH", "fil"), ("fil-PH", "fil"),
        // A region the tables do not name: the language alone.
        ("en-GB", "en"), ("en_US", "en"), ("de-CH", "de"), ("ar-EG", "ar"), ("he-IL", "he"), ("fa-IR", "fa"),
        ("ur-PK", "ur"), ("hi-IN", "hi"), ("ja-JP", "ja"), ("ko-KR", "ko"), ("uk-UA", "uk"), ("kk-KZ", "kk"),
        ("ms-MY", "ms"), ("ca-ES", "ca"), ("bn-BD", "bn"),
    ])
    func eachDeviceLanguageGetsItsTable(preferred: String, table: String) {
        #expect(Self.chosen([preferred]) == table)
    }

    /// The first preferred language that is served wins, and English is only the last resort: a French
    /// device with English second gets French; languages no table serves are passed over.
    @Test(
        arguments: [
            (["fr-CH", "en"], "fr"), (["ga", "de-AT"], "de"), (["gd", "cy", "en-AU"], "en"), (["en", "fr"], "en"),
            (["zh-TW", "zh-CN"], "zh-Hant"),
        ] as [([String], String)])
    func theFirstServedPreferredLanguageWins(preferred: [String], table: String) {
        #expect(Self.chosen(preferred) == table)
    }

    @Test
    func noPreferredLanguageServedChoosesNothingSoTheCallerFallsBackToEnglish() {
        #expect(Self.chosen(["ga", "cy"]) == nil)
        #expect(Self.chosen([]) == nil)
        #expect(UpdateTexts.forLanguages([LanguageTag("ga")]) == UpdateTexts.builtIn["en"])
    }

    /// Fewer tables: the closest one still serves, never one of another script.
    @Test(
        arguments: [
            (["es", "pt"], ["es-MX"], "es"), (["es", "pt"], ["pt-BR"], "pt"), (["pt-BR", "pt-PT"], ["pt-BR"], "pt-BR"),
            (["pt-PT"], ["pt"], "pt-PT"), (["nn", "nb"], ["nn"], "nn"), (["nb"], ["no"], "nb"),
            (["zh-Hans"], ["zh-TW"], nil),
            (["sr"], ["sr-Latn"], nil), (["es"], ["es-419"], "es"),
        ] as [([String], [String], String?)])
    func withFewerTablesTheClosestOfTheSameScriptServes(keys: [String], preferred: [String], table: String?) {
        #expect(Self.chosen(preferred, among: keys) == table)
    }
}
