import AppAlert
import AppAlertAuthoring
import Foundation
import Testing

/// `diff`'s "for whom" with translations: an edit of a base text is listed under the languages that show
/// it, and not under those with a translation of their own (issue 41, §6).
struct FeedDiffTranslationTests {
    static func feed(title: String = "Sale", text: String = "20% off", german: String, variants: String = "") -> String
    {
        """
        {"format": 2, "messages": [{"id": 1, "bundleId": "com.example.App", "title": "\(title)", "text": "\(text)",
          "localizations": {"de": {\(german)}}\(variants)}]}
        """
    }

    static let german = #""title": "Angebot", "text": "20 % Rabatt""#

    /// Two variants, the second with a title of its own and its German translation.
    static func variants(_ title: String) -> String {
        #", "variants": [{"weight": 1}, {"weight": 1, "title": ""# + title
            + #"", "localizations": {"de": {"title": "Schnäppchen"}}}]"#
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        /// The languages (a row's `covers.locale`) listed as seeing something else.
        var languages: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a base title German has its own of", old: feed(german: german),
            new: feed(title: "Big sale", german: german), languages: ["others"]),
        Case(
            name: "the German title", old: feed(german: german),
            new: feed(german: #""title": "Großes Angebot", "text": "20 % Rabatt""#), languages: ["de"]),
        Case(
            name: "a base text German shows (it translates the title only)", old: feed(german: #""title": "Angebot""#),
            new: feed(text: "30% off", german: #""title": "Angebot""#), languages: ["de", "others"]),
        Case(
            name: "a French translation added", old: feed(german: german),
            new: feed(german: german).replacingOccurrences(of: "}}", with: "}, \"fr\": {\"title\": \"Soldes\"}}"),
            languages: ["fr"]),
        Case(
            name: "a variant's base title",
            old: feed(german: german, variants: variants("Deal")),
            new: feed(german: german, variants: variants("Deals")),
            languages: ["others"]),
    ]

    @Test(arguments: cases)
    func anEditIsListedUnderTheLanguagesThatSeeIt(_ c: Case) throws {
        let diff = try FeedDiffTests.diff(c.old, c.new)
        #expect(diff.changesWhatInstallsSee)
        #expect(diff.audienceChanges.map(\.after.covers.locale).sorted() == c.languages, "\(c.name)")
    }
}
