import AppAlert
import Foundation
import Testing

/// The `differentAction` warning (docs/feed-format.md, validate's warnings): a copy of a button in a
/// translation or a variant that does something else than the button it copies, as a copy made when a
/// title was translated does once the original's action changes.
struct ButtonActionCopyTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        /// The message's `localizations` and its variants' list.
        var localizations: String
        var variants: String
        /// The warnings' paths and reasons, in order.
        var warned: [String]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "a German copy that kept the old event",
            localizations:
                #""de": {"buttons": [{"title": "Testen", "action": {"event": "show_paywall"}}, {"title": "Später", "action": {"url": "https://example.com/later"}}]}"#,
            variants: "",
            warned: [
                #"$[0].localizations.de.buttons[0].action: in "de" the first button ("Testen") hands the event "#
                    + #""show_paywall" to the app, while the message's button it translates ("Start") hands the "#
                    + #"event "open_paywall" to the app; give the translation the same action (a translated "#
                    + "button keeps the action it had when its title was translated)"
            ]),
        Row(
            name: "a German copy with the same action",
            localizations:
                #""de": {"buttons": [{"title": "Testen", "action": {"event": "open_paywall"}}, {"title": "Später", "action": {"url": "https://example.com/later"}}]}"#,
            variants: "", warned: []),
        Row(
            name: "a German page for a link is on purpose",
            localizations:
                #""de": {"buttons": [{"title": "Testen", "action": {"event": "open_paywall"}}, {"title": "Später", "action": {"url": "https://example.com/de"}}]}"#,
            variants: "", warned: []),
        Row(
            name: "a variant's copy with its own title that kept the old event",
            localizations: "",
            variants:
                #"{"name": "Control", "weight": 1}, {"name": "Free week", "weight": 1, "buttons": [{"title": "Claim my free week", "action": {"event": "show_paywall"}}, {"title": "Later", "action": {"url": "https://example.com/later"}}]}"#,
            warned: [
                #"$[0].variants[1].buttons[0].action: variant "Free week"'s first button ("Claim my free week") "#
                    + #"hands the event "show_paywall" to the app, while the message's ("Start") hands the event "#
                    + #""open_paywall" to the app; give it the message's action, unless the test is meant to try "#
                    + "another one"
            ]),
        Row(
            name: "a variant's button of its own that opens another page is a test of that page",
            localizations: "",
            variants:
                #"{"weight": 1}, {"weight": 1, "buttons": [{"title": "Start", "action": {"event": "open_paywall"}}, {"title": "See the offer", "action": {"url": "https://example.com/offer"}}]}"#,
            warned: []),
        Row(
            name: "a variant's button titled as the message's that does something else",
            localizations: "",
            variants:
                #"{"weight": 1}, {"weight": 1, "buttons": [{"title": "Start", "action": {"event": "open_paywall"}}, {"title": "Later"}]}"#,
            warned: [
                #"$[0].variants[1].buttons[1].action: variant B's second button ("Later") closes the message, "#
                    + #"while the message's ("Later") opens "https://example.com/later"; give it the message's "#
                    + "action, unless the test is meant to try another one"
            ]),
        Row(
            name: "a variant's German copy follows the variant's own buttons",
            localizations: "",
            variants:
                #"{"weight": 1}, {"weight": 1, "buttons": [{"title": "Go", "action": {"event": "go"}}], "localizations": {"de": {"buttons": [{"title": "Los", "action": {"event": "open_paywall"}}]}}}"#,
            warned: [
                #"$[0].variants[1].buttons[0].action: variant B's first button ("Go") hands the event "go" to the "#
                    + #"app, while the message's ("Start") hands the event "open_paywall" to the app; give it the "#
                    + "message's action, unless the test is meant to try another one",
                #"$[0].variants[1].localizations.de.buttons[0].action: in "de" the first button ("Los") hands "#
                    + #"the event "open_paywall" to the app, while variant B's button it translates ("Go") hands "#
                    + #"the event "go" to the app; give the translation the same action (a translated button "#
                    + "keeps the action it had when its title was translated)",
            ]),
    ]

    @Test(arguments: rows)
    func aCopyOfAButtonThatDoesSomethingElseIsWarnedUnlessItIsOnPurpose(row: Row) throws {
        let json = """
            [{"id": 1, "bundleId": "a.b", "title": "Try Pro", "text": "Everything.", "layout": "modal",
              "buttons": [{"title": "Start", "action": {"event": "open_paywall"}},
                          {"title": "Later", "action": {"url": "https://example.com/later"}}]
              \(row.localizations.isEmpty ? "" : ", \"localizations\": {\(row.localizations)}")
              \(row.variants.isEmpty ? "" : ", \"variants\": [\(row.variants)]")}]
            """
        let result = try FeedDecoder().decode(Data(json.utf8))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let warned = result.warnings.filter { $0.code == .differentAction }.map { "\($0.path): \($0.reason)" }
        #expect(warned == row.warned)
    }
}
