@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// A variant's translations, key by key (docs/feed-format.md, "Translations of a variant"), its name
/// and its label.
struct VariantTranslationTests {
    /// One message with two variants; `variant` is the second one's keys, `localizations` the message's.
    static func message(variant: String, localizations: String, layout: String = "alert") throws -> Message {
        let json = #"""
            [{"id": 1, "bundleId": "a.b", "title": "M", "text": "M text", "layout": "\#(layout)",
              "buttons": [{"title": "M button"}],
              "localizations": {\#(localizations)},
              "variants": [{"weight": 1}, {"weight": 1\#(variant.isEmpty ? "" : ", " + variant)}]}]
            """#
        let result = try FeedDecoder().decode(Data(json.utf8))
        #expect(result.errors.isEmpty, "\(result.errors)")
        return try #require(result.feed.messages.first)
    }

    /// The second variant, resolved for a device that prefers `languages`: as `ResolvedMessage` does for
    /// an install that gets it.
    static func resolved(_ message: Message, _ languages: [String]) -> ResolvedMessage {
        ResolvedMessage(message.applying(variant: 1), preferredLanguages: languages.map(LanguageTag.init))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var step: String
        var variant: String
        var localizations: String
        var languages: [String]
        var title: String
        var text: String
        var button: String
        var localization: String?
        var testDescription: String { step }
    }

    /// Each step of the rule, for the title (the other keys follow the same rule, and the text and the
    /// button show it beside it).
    static let steps: [Row] = [
        Row(
            step: "1: the variant's own translation",
            variant: #""title": "V", "localizations": {"de": {"title": "V de"}}"#,
            localizations: #""de": {"title": "M de", "text": "M text de", "buttons": [{"title": "M button de"}]}"#,
            languages: ["de"], title: "V de", text: "M text de", button: "M button de", localization: "de"),
        Row(
            step: "2: the message's translation of a key the variant does not set",
            variant: #""text": "V text", "localizations": {"de": {"text": "V text de"}}"#,
            localizations: #""de": {"title": "M de", "buttons": [{"title": "M button de"}]}"#,
            languages: ["de"], title: "M de", text: "V text de", button: "M button de", localization: "de"),
        Row(
            step: "2: a variant without translations takes the message's for the keys it does not set",
            variant: "",
            localizations: #""de": {"title": "M de", "text": "M text de"}"#,
            languages: ["de"], title: "M de", text: "M text de", button: "M button", localization: "de"),
        Row(
            step: "3: the variant's key, untranslated, never the message's translation of the message's key",
            variant: #""title": "V""#,
            localizations: #""de": {"title": "M de", "text": "M text de"}"#,
            languages: ["de"], title: "V", text: "M text de", button: "M button", localization: "de"),
        Row(
            step: "3: the message's key, where neither translates it",
            variant: #""localizations": {"de": {"text": "V text de"}}"#,
            localizations: #""fr": {"title": "M fr"}"#,
            languages: ["de"], title: "M", text: "V text de", button: "M button", localization: "de"),
        Row(
            step: "no language served: the base texts",
            variant: #""title": "V", "localizations": {"de": {"title": "V de"}}"#,
            localizations: #""fr": {"title": "M fr"}"#,
            languages: ["ja"], title: "V", text: "M text", button: "M button", localization: nil),
        Row(
            step: "the language is chosen among the variant's and the message's tags together",
            variant: #""title": "V", "localizations": {"fr": {"title": "V fr"}}"#,
            localizations: #""de": {"text": "M text de"}"#,
            languages: ["de", "fr"], title: "V", text: "M text de", button: "M button", localization: "de"),
        Row(
            step: "each source's translation is the one the language rules choose for that language",
            variant: #""title": "V", "localizations": {"de": {"title": "V de"}}"#,
            localizations: #""de-AT": {"text": "M text de-AT"}"#,
            languages: ["de-AT"], title: "V de", text: "M text de-AT", button: "M button",
            localization: "de-AT"),
    ]

    @Test(arguments: steps)
    func aVariantsTextsComeFromTheFirstStepThatHasThem(row: Row) throws {
        let message = try Self.message(variant: row.variant, localizations: row.localizations)
        let shown = Self.resolved(message, row.languages)
        #expect(shown.title == row.title)
        #expect(shown.text == row.text)
        #expect(shown.buttons.map(\.title) == [row.button])
        #expect(shown.localization?.original == row.localization)
    }

    @Test
    func anInstallGetsItsVariantWordedByTheRule() throws {
        let message = try Self.message(
            variant: #""title": "V", "localizations": {"de": {"title": "V de"}}"#,
            localizations: #""de": {"title": "M de", "text": "M text de"}"#)
        let install = try #require(
            (0..<200).map { "install-\($0)" }.first {
                VariantAssignment.variant(messageID: 1, installID: $0, weights: [1, 1]) == 1
            })
        let shown = ResolvedMessage(message, preferredLanguages: [LanguageTag("de")], installID: install)
        #expect(shown.variant == 1)
        #expect(shown.title == "V de" && shown.text == "M text de")
    }

    // MARK: Names

    @Test(arguments: [
        (#""name": """#, "must not be empty or blank"),
        (#""name": "   ""#, "must not be empty or blank"),
        (#""name": 7"#, "must be a string"),
        (
            "\"name\": \"" + String(repeating: "n", count: 65) + "\"",
            "at most 64 characters (and 256 bytes); this one is 65 characters, 65 bytes"
        ),
        ("\"name\": \"" + String(repeating: "é", count: 65) + "\"", "this one is 65 characters, 130 bytes"),
        ("\"name\": \"" + String(repeating: "\u{1F600}", count: 65) + "\"", "this one is 65 characters, 260 bytes"),
    ])
    func aBadVariantNameIsAnErrorAtItsPath(name: String, reason: String) throws {
        let json =
            #"[{"id": 1, "bundleId": "a.b", "title": "T", "text": "X", "variants": [{"weight": 1}, {"weight": 1, \#(name)}]}]"#
        let result = try FeedDecoder().decode(Data(json.utf8))
        #expect(result.feed.messages.isEmpty)
        let error = try #require(result.errors.first)
        #expect(error.path == "$[0].variants[1].name")
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test
    func aNameOfSixtyFourCharactersIsAccepted() throws {
        let name = String(repeating: "\u{1F600}", count: 64)
        let json =
            #"[{"id": 1, "bundleId": "a.b", "title": "T", "text": "X", "variants": [{"weight": 1, "name": "\#(name)"}, {"weight": 1}]}]"#
        let result = try FeedDecoder().decode(Data(json.utf8))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.feed.messages.first?.variants.map(\.name) == [name, nil])
    }

    @Test
    func aRepeatedNameIsAnErrorAtTheLaterVariant() throws {
        let json = #"""
            [{"id": 1, "bundleId": "a.b", "title": "T", "text": "X",
              "variants": [{"weight": 1, "name": "Control"}, {"weight": 1, "name": "Discount"}, {"weight": 1, "name": "Control"}]},
             {"id": 2, "bundleId": "a.b", "title": "T", "text": "X",
              "variants": [{"weight": 1, "name": "Control"}, {"weight": 1, "name": "control"}]}]
            """#
        let result = try FeedDecoder().decode(Data(json.utf8))
        #expect(result.feed.messages.map(\.id) == [2])
        #expect(result.errors.map(\.path) == ["$[0].variants[2].name"])
        #expect(
            result.errors.first?.reason
                == #"variant name "Control" is already the name of variants[0]; each variant of a message needs its "#
                + "own name; the message is left out")
    }

    @Test(arguments: [
        (0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (51, "AZ"), (52, "BA"), (701, "ZZ"), (702, "AAA"),
    ])
    func variantsWithoutANameAreLettered(index: Int, letters: String) {
        #expect(Message.variantLetter(index) == letters)
    }

    @Test
    func aVariantsLabelIsItsNameElseItsLetter() throws {
        let message = try Self.message(variant: #""name": "Discount""#, localizations: "")
        #expect(message.variantLabel(0) == "A")
        #expect(message.variantLabel(1) == "Discount")
        #expect(message.variantLabel(5) == "F")
    }
}
