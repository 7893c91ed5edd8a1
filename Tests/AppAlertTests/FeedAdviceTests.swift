@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Testing

/// The warnings `validate` and the console add to the decoder's (issue 41, §5): two messages with the
/// same targeting, one waiting behind the other; a title or text longer than its layout shows without
/// scrolling on the smallest supported iPhone.
struct FeedAdviceTests {
    static func advice(_ json: String) throws -> [FeedDiagnostic] {
        let data = Data(json.utf8)
        let decoded = try FeedDecoder().decode(data)
        #expect(decoded.errors.isEmpty, "\(decoded.errors)")
        return FeedAdvice.warnings(for: decoded.feed, document: try AppAlert.JSONParser().parse(data))
    }

    static func message(_ id: Int, _ members: String = "") -> String {
        #"{"id": \#(id), "bundleId": "com.example.App", "title": "Sale", "text": "20% off"\#(members)}"#
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var messages: [String]
        /// The path of each warning, and words its reason has.
        var expected: [(path: String, says: String)]
        var testDescription: String { name }
    }

    static let sameTargetingCases: [Case] = [
        Case(
            name: "identical: the lower id waits", messages: [message(1), message(2)],
            expected: [
                (
                    "$[0]",
                    "same targeting as message 2 ($[1]), which ranks above it by the same priority (0) and a higher id"
                )
            ]),
        Case(
            name: "a higher priority wins over a higher id",
            messages: [message(1, #", "priority": 5"#), message(2)],
            expected: [
                (
                    "$[1]",
                    "by a higher priority (5 against 0): no install is shown message 2 before it has been shown message 1 once"
                )
            ]),
        Case(
            name: "lists are sets, versions numbers, languages without case",
            messages: [
                message(1, #", "locales": ["de", "fr"], "appVersions": ["1.0"], "platforms": ["ios", "web"]"#),
                message(2, #", "locales": ["FR", "de"], "appVersions": ["1.0.0"], "platforms": ["WEB", "ios"]"#),
            ],
            expected: [("$[0]", "message 1 has the same targeting as message 2")]),
        Case(
            name: "another app",
            messages: [
                message(1),
                message(2, #", "bundleIds": ["com.example.Other"]"#).replacingOccurrences(
                    of: #""bundleId": "com.example.App", "#, with: ""),
            ],
            expected: []),
        Case(
            name: "another language",
            messages: [message(1, #", "locales": ["de"]"#), message(2, #", "locales": ["fr"]"#)],
            expected: []),
        Case(
            name: "a later start", messages: [message(1), message(2, #", "startDate": "2027-01-01T00:00:00Z""#)],
            expected: []),
        Case(
            name: "an event trigger", messages: [message(1), message(2, #", "trigger": {"event": "purchase"}"#)],
            expected: []),
        Case(
            name: "other attributes",
            messages: [
                message(1, #", "attributes": {"plan": "pro"}"#), message(2, #", "attributes": {"plan": "free"}"#),
            ],
            expected: []),
        Case(
            name: "both a 50% rollout: each draws its own half",
            messages: [message(1, #", "rollout": 50"#), message(2, #", "rollout": 50"#)], expected: []),
        Case(
            name: "the winner reaches everyone, the other a sample",
            messages: [message(1, #", "rollout": 50"#), message(2)],
            expected: [("$[0]", "message 1 has the same targeting as message 2")]),
        Case(
            name: "the winner's schedule leaves installs out",
            messages: [
                message(1), message(2, #", "rolloutSchedule": [{"at": "2026-01-01T00:00:00Z", "percent": 100}]"#),
            ],
            expected: []),
        Case(
            name: "the same test installs, the rollout ignored",
            messages: [
                message(1, #", "installIds": ["A"], "rollout": 10"#),
                message(2, #", "installIds": ["A"], "rollout": 10"#),
            ],
            expected: [("$[0]", "message 1 has the same targeting as message 2")]),
        Case(
            name: "the inbox lists both",
            messages: [message(1, #", "placement": "inbox""#), message(2, #", "placement": "inbox""#)],
            expected: []),
        Case(
            name: "one slot", messages: [message(1, #", "placement": "home""#), message(2, #", "placement": "home""#)],
            expected: [("$[0]", "message 1 has the same targeting as message 2")]),
        Case(
            name: "views and the wait between them",
            messages: [message(1), message(2, #", "maxViews": 3, "minHoursBetweenViews": 24"#)],
            expected: [
                ("$[0]", "shown message 2 3 times (its maxViews), except in the 24 hours between those showings")
            ]),
        Case(
            name: "three alike: both others wait for the first",
            messages: [message(1), message(2), message(3)],
            expected: [("$[0]", "as message 3 ($[2])"), ("$[1]", "as message 3 ($[2])")]),
    ]

    @Test(arguments: sameTargetingCases)
    func twoMessagesWithTheSameTargetingAreNamedWithTheOneThatWaits(_ c: Case) throws {
        let found = try Self.advice("[" + c.messages.joined(separator: ", ") + "]").filter { $0.code == .sameTargeting }
        #expect(found.map(\.path) == c.expected.map(\.path), "\(c.name)")
        for (diagnostic, expected) in zip(found, c.expected) {
            #expect(diagnostic.severity == .warning)
            #expect(diagnostic.reason.contains(expected.says), "\(diagnostic.reason)")
        }
    }

    /// Format 2's paths, and the warning merged after the message's own diagnostics.
    @Test
    func aFormatTwoFeedNamesItsPathsAndTheWarningFollowsItsMessagesOwn() throws {
        let json = #"{"format": 2, "messages": [\#(Self.message(1, #", "titel": "x""#)), \#(Self.message(2))]}"#
        let data = Data(json.utf8)
        let decoded = try FeedDecoder().decode(data)
        let advice = FeedAdvice.warnings(for: decoded.feed, document: try AppAlert.JSONParser().parse(data))
        #expect(advice.map(\.path) == ["$.messages[0]"])
        #expect(advice.first?.reason.contains("($.messages[1])") == true)
        let merged = FeedAdvice.merging(advice, into: decoded.diagnostics)
        #expect(merged.map(\.code) == [.unknownKey, .sameTargeting])
    }

    /// 1,500 messages alike: 1,000 warnings are listed, as many as the decoder lists, and one counts the rest.
    @Test
    func pastTheDiagnosticsLimitOneWarningCountsTheRest() throws {
        let found = try Self.advice("[" + (1...1_500).map { Self.message($0) }.joined(separator: ", ") + "]")
        #expect(found.count == 1_001)
        #expect(found.last?.code == .limit)
        #expect(
            found.last?.reason.hasPrefix("499 more warnings (same targeting, texts too long) are not listed") == true)
    }

    // MARK: Texts that fit

    static func text(_ count: Int) -> String { String(repeating: "a", count: count) }

    /// A modal on the iPhone SE: words 311 points wide, 583 high; a one-line title (22), the derived OK
    /// button (12 + 34) and the gap (12) leave 503 points, 22 body lines of 311 / 8.5 characters: 804.
    @Test(arguments: [(804, false), (805, true)])
    func aModalsTextWarnsPastTheLinesItShows(count: Int, warns: Bool) throws {
        let found = try Self.advice(
            "[" + Self.message(1, #", "layout": "modal", "text": "\#(Self.text(count))""#) + "]")
        #expect(found.map(\.path) == (warns ? ["$[0].text"] : []))
        if warns {
            #expect(
                found.first?.reason
                    == "text is 805 characters, about 23 lines on a modal on a 375 × 667-point iPhone SE (311 points "
                    + "wide for its words, 583 high); 22 lines fit without scrolling, about 804 characters below its "
                    + "title: shorten it, or the reader scrolls")
        }
    }

    struct FitCase: Sendable, CustomTestStringConvertible {
        var name: String
        var members: String
        var path: String?
        var says: String = ""
        var testDescription: String { name }
    }

    static let fitCases: [FitCase] = [
        FitCase(name: "a short alert", members: "", path: nil),
        FitCase(
            name: "an alert's long title", members: #", "title": "\#(text(2000))""#, path: "$[0].title",
            says:
                "title is 2000 characters, about 79 lines on an alert on a 375 × 667-point iPhone SE (238 points wide"),
        FitCase(
            name: "a banner's long text", members: #", "layout": "banner", "text": "\#(text(2500))""#,
            path: "$[0].text", says: "on a banner"),
        FitCase(
            name: "a sheet's title", members: #", "layout": "sheet", "title": "\#(text(1200))""#,
            path: "$[0].title", says: "on a sheet"),
        FitCase(
            name: "an image shows no words",
            members:
                #", "layout": "image", "image": {"url": "https://example.com/a.png", "alt": "A"}, "text": "\#(text(3000))""#,
            path: nil),
        FitCase(
            name: "a slot is the app's size",
            members: #", "layout": "modal", "placement": "home", "text": "\#(text(3000))""#,
            path: nil),
        FitCase(
            name: "a German text",
            members: #", "layout": "modal", "localizations": {"de": {"text": "\#(text(1000))"}}"#,
            path: #"$[0].localizations.de.text"#, says: "text in de is 1000 characters"),
        FitCase(
            name: "Chinese characters are twice as wide",
            members:
                #", "layout": "modal", "localizations": {"zh-Hans": {"text": "\#(String(repeating: "字", count: 450))"}}"#,
            path: #"$[0].localizations["zh-Hans"].text"#, says: "text in zh-Hans is 450 characters"),
        FitCase(
            name: "a variant's own title",
            members:
                #", "layout": "modal", "variants": [{"weight": 1}, {"weight": 1, "name": "Long", "title": "\#(text(1000))"}]"#,
            path: "$[0].variants[1].title", says: "variant \"Long\"'s title is 1000 characters"),
        FitCase(
            name: "a variant's translation",
            members:
                #", "layout": "modal", "variants": [{"weight": 1}, {"weight": 1, "title": "Deal", "localizations": {"fr": {"text": "\#(text(1000))"}}}]"#,
            path: "$[0].variants[1].localizations.fr.text", says: "variant B's text in fr"),
    ]

    @Test(arguments: fitCases)
    func aTextLongerThanItsLayoutShowsIsNamedWithItsLanguage(_ c: FitCase) throws {
        let found = try Self.advice("[" + Self.message(1, c.members) + "]").filter { $0.code == .textTooLong }
        #expect(found.map(\.path) == (c.path.map { [$0] } ?? []), "\(c.name): \(found)")
        if let first = found.first { #expect(first.reason.contains(c.says), "\(first.reason)") }
    }
}
