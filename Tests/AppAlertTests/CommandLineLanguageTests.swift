import AppAlertTesting
import Foundation
import Testing

@testable import AppAlert

/// A command-line tool speaks its user's language: the POSIX environment read as gettext reads it,
/// the update notice in the tables' words, and a terminal frame that stays square around wide and
/// invisible characters.
struct CommandLineLanguageTests {
    @Test(
        arguments: [
            (["LANG": "pt_BR.UTF-8"], ["pt-BR"]),
            (["LANG": "fr_FR.UTF-8", "LANGUAGE": "de:fr"], ["de", "fr"]),
            (["LC_MESSAGES": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"], ["zh-TW"]),
            (["LC_ALL": "ja_JP.eucJP", "LC_MESSAGES": "de_DE", "LANG": "fr_FR"], ["ja-JP"]),
            (["LANG": "sr_RS@latin"], ["sr-Latn-RS"]),
            (["LANG": "uz_UZ.UTF-8@cyrillic"], ["uz-Cyrl-UZ"]),
            (["LANG": "ca_ES.UTF-8@valencia"], ["ca-ES-valencia"]),
            (["LANG": "de_DE.UTF-8@euro"], ["de-DE"]),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "::"], ["en-US"]),
            (["LANG": "de_DE", "LANGUAGE": "not a tag:sv"], ["sv"]),
            // The C locale is English, and gettext then ignores LANGUAGE.
            (["LC_ALL": "C", "LANGUAGE": "de", "LANG": "fr_FR"], []),
            (["LANG": "C.UTF-8"], []),
            (["LANG": "POSIX", "LANGUAGE": "fr"], []),
            (["LANG": "", "LC_MESSAGES": ""], []),
            ([:], []),
            (["LANG": "../../etc/passwd"], []),
        ] as [([String: String], [String])])
    func thePOSIXEnvironmentNamesTheLanguagesAsGettextReadsIt(environment: [String: String], languages: [String]) {
        #expect(POSIXLanguages.preferred(in: environment) == languages.map(LanguageTag.init))
    }

    /// The table a Linux user gets, by their locale alone.
    @Test(arguments: [
        ("pt_PT.UTF-8", "pt-PT"), ("pt_BR.UTF-8", "pt-BR"), ("zh_HK.UTF-8", "zh-Hant"), ("zh_CN.UTF-8", "zh-Hans"),
        ("sr_RS@latin", "sr-Latn"), ("sr_RS", "sr"), ("nn_NO.UTF-8", "nb"), ("es_MX.UTF-8", "es"), ("C.UTF-8", "en"),
    ])
    func aLinuxLocaleGetsItsTable(locale: String, table: String) {
        let languages = AppInfo.languages(environment: ["LANG": locale])
        #expect((LanguageTag.bestKey(of: UpdateTexts.builtIn.keys, for: languages) ?? "en") == table)
    }

    func notice(languages: [String]) async throws -> String {
        let store = InMemoryAlertStore()
        let transport = StubFeedTransport(body: gitHubRelease(tag: "v2.4.1"))
        let checker = UpdateChecker(
            app: AppInfo(
                bundleID: "octo/tool", appVersion: "2.0.0", platform: .linux,
                preferredLanguages: languages.map(LanguageTag.init)),
            source: .gitHub(try GitHubReleases(repository: "octo/tool", transport: transport)), store: store,
            clock: .fixed(try RFC3339.parse("2026-11-20T00:00:00Z")))
        let notifier = UpdateNotifier(
            checker: checker, store: store, environment: [:], clock: .fixed(try RFC3339.parse("2026-11-20T00:00:00Z")))
        await notifier.start()?.value
        return try #require(await notifier.notice(appName: "tool"))
    }

    @Test(arguments: [
        ("en", "Update Available", "tool 2.4.1 is available.", "Update:"),
        ("fr-FR", "Mise à jour disponible", "tool 2.4.1 est disponible.", "Mettre à jour\u{202F}:"),
        ("ja", "アップデートがあります", "tool 2.4.1 が利用可能です。", "アップデート："),
        ("ar", "يتوفر تحديث", "يتوفر الإصدار \u{2068}2.4.1\u{2069} من \u{2068}tool\u{2069}.", "تحديث:"),
    ])
    func theUpdateNoticeSpeaksTheUsersLanguageInASquareFrame(
        language: String, title: String, text: String, label: String
    ) async throws {
        let notice = try await notice(languages: [language])
        for expected in [title, text, label, "2.0.0 → 2.4.1", "https://github.com/octo/tool/releases/tag/v2.4.1"] {
            #expect(notice.contains(expected), "\(language): \(expected) in\n\(notice)")
        }
        let widths = Set(notice.split(separator: "\n").map { TerminalPresenter.columns(of: $0) })
        #expect(widths.count == 1, "\(language): lines of \(widths.sorted()) columns\n\(notice)")
    }

    /// (The isolates are the package's, as around an app name: the terminal keeps no others.)
    @Test
    func wideCharactersTakeTwoColumnsAndIsolatesNone() {
        let isolated = TextDirection.filled("{appName}", appName: "ab", version: "", isolating: true)
        var presentation = AlertPresentation(
            id: "x", title: "更新", text: isolated.text, buttons: [], isDismissible: true, language: LanguageTag("ja"))
        presentation.addedIsolates.text = isolated
        let rendered = TerminalPresenter().render(presentation)
        #expect(
            rendered == """
                ╭──────╮
                │ 更新 │
                │      │
                │ \u{2068}ab\u{2069}   │
                ╰──────╯

                """)
    }

    /// A text without spaces breaks between characters, every line within the frame's columns and none
    /// starting with a closing mark.
    @Test
    func aTextWithoutSpacesBreaksWithinTheFrame() {
        let text = String(repeating: "このバージョンは使用できなくなりました。", count: 5)
        let rendered = TerminalPresenter(maximumWidth: 30).render(
            AlertPresentation(id: "x", title: "アップデート", text: text, buttons: [], isDismissible: true))
        let lines = rendered.split(separator: "\n")
        #expect(lines.count > 8)
        #expect(lines.allSatisfy { TerminalPresenter.columns(of: $0) <= 30 })
        #expect(Set(lines.map { TerminalPresenter.columns(of: $0) }).count == 1)
        let inside = lines.dropFirst(3).dropLast().map { $0.dropFirst(2).dropLast(2) }
        #expect(inside.joined().replacingOccurrences(of: " ", with: "") == text)
        // No line starts with "。" or a small kana (one here would, cut at 26 columns without the rule).
        #expect(inside.allSatisfy { !TerminalPresenter.neverStartsALine.contains($0.first ?? " ") })
    }
}
