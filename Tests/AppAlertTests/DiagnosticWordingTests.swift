@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// What a diagnostic says about inputs whose first wording misled (issue 31): each names the mistake
/// as the author made it, with the fix, and nothing else.
struct DiagnosticWordingTests {
    /// A diagnostic as an author reads it: where, which key, why.
    struct Said: Sendable, Hashable, CustomTestStringConvertible {
        var severity: FeedDiagnostic.Severity
        var path: String
        var key: String?
        var reason: String

        init(_ severity: FeedDiagnostic.Severity, _ path: String, _ key: String?, _ reason: String) {
            self.severity = severity
            self.path = path
            self.key = key
            self.reason = reason
        }

        init(_ diagnostic: FeedDiagnostic) {
            self.init(diagnostic.severity, diagnostic.path, diagnostic.key, diagnostic.reason)
        }

        var testDescription: String { "\(severity) \(path) [\(key ?? "-")]: \(reason)" }
    }

    /// Decodes a format 1 feed of one message object (`{…}`) and returns everything said about it.
    static func said(_ message: String) throws -> [Said] {
        try FeedDecoder().decode(Data("[\(message)]".utf8)).diagnostics.map(Said.init)
    }

    static let head = #""id": 1, "bundleId": "a.b", "title": "T", "text": "X""#
    static let layouts = #""layout" is one of "alert", "banner", "modal", "sheet", "image""#

    static let misleading: [(String, [Said])] = [
        // A comparator written backwards.
        (
            #"{\#(head), "appVersionRange": "=>2.0"}"#,
            [
                Said(
                    .error, "$[0].appVersionRange", "appVersionRange",
                    #"invalid range "=>2.0": "=>" is not an operator (did you mean ">=2.0"?); the message is left out"#)
            ]
        ),
        (
            #"{\#(head), "osVersionRange": ">=15 =< 17"}"#,
            [
                Said(
                    .error, "$[0].osVersionRange", "osVersionRange",
                    #"invalid range ">=15 =< 17": "=<" is not an operator (did you mean "<=17"?); the message is left out"#
                )
            ]
        ),
        // A URL with a space: inside, at an end; and one without a scheme.
        (
            #"{\#(head), "link": {"title": "Help", "url": "https://example.com/a b"}}"#,
            [
                Said(
                    .error, "$[0].link.url", "url",
                    #""https://example.com/a b" contains a space; write a space in a URL as %20; the message is left out"#
                )
            ]
        ),
        (
            #"{\#(head), "link": {"title": "Help", "url": "https://example.com/help "}}"#,
            [
                Said(
                    .error, "$[0].link.url", "url",
                    #""https://example.com/help " ends with a space; remove it; the message is left out"#)
            ]
        ),
        (
            #"{\#(head), "link": {"title": "Help", "url": "example.com/help"}}"#,
            [
                Said(
                    .error, "$[0].link.url", "url",
                    #""example.com/help" has no scheme; a URL starts with one, as in https://example.com/help; "#
                        + "the message is left out")
            ]
        ),
        (
            #"{\#(head), "layout": "modal", "image": {"url": "https://example.com/my banner.png", "alt": "A"}}"#,
            [
                Said(
                    .error, "$[0].image.url", "url",
                    #""https://example.com/my banner.png" contains a space; write a space in a URL as %20; "#
                        + "the message is left out")
            ]
        ),
        // A misspelt layout: one error, with the layout meant, and none of the alert's rules (an alert
        // shows no image, colors, features or banner time, and has buttons, not an action).
        (
            #"""
            {\#(head), "layout": "sheeet", "buttons": [{"title": "Go"}], "colors": {"background": "#FFFFFF"},
             "image": {"url": "https://example.com/a.png", "alt": "A"}, "features": [{"title": "F"}]}
            """#,
            [
                Said(
                    .error, "$[0].layout", "layout",
                    #"unknown layout "sheeet" (did you mean "sheet"?); the message is left out"#)
            ]
        ),
        // Nor its colors' contrast: neither the text on the background nor a button's label on the accent.
        (
            #"""
            {\#(head), "layout": "sheeet",
             "colors": {"accent": "#FFCC00", "text": "#777777", "background": "#FFFFFF"}}
            """#,
            [
                Said(
                    .error, "$[0].layout", "layout",
                    #"unknown layout "sheeet" (did you mean "sheet"?); the message is left out"#)
            ]
        ),
        // Two edits from a layout: named alone, not the list of five.
        (
            #"{\#(head), "layout": "banar"}"#,
            [
                Said(
                    .error, "$[0].layout", "layout",
                    #"unknown layout "banar" (did you mean "banner"?); the message is left out"#)
            ]
        ),
        (
            #"{\#(head), "layout": "popup", "action": {"event": "e"}, "bannerSeconds": 5, "confirmLabel": "OK"}"#,
            [Said(.error, "$[0].layout", "layout", #"unknown layout "popup"; \#(layouts); the message is left out"#)]
        ),
        (
            #"{\#(head), "layout": 2}"#,
            [
                Said(
                    .error, "$[0].layout", "layout",
                    #""layout" must be a string, not a number; \#(layouts); the message is left out"#)
            ]
        ),
        // A control character or a bidirectional control in a key or a value is quoted as an escape
        // in the path and the reason (the key itself stays the file's), so the author sees it and the
        // terminal does not act on it.
        (
            #"{\#(head), "ti\u001b]52;c;aGk=\u0007tle\u202e": 1, "layout": "mod\u009b2Jal\u200f"}"#,
            [
                Said(
                    .error, "$[0].layout", "layout",
                    #"unknown layout "mod\u009B2Jal\u200F"; \#(layouts); the message is left out"#),
                Said(
                    .warning, #"$[0]["ti\u001B]52;c;aGk=\u0007tle\u202E"]"#, "ti\u{1B}]52;c;aGk=\u{07}tle\u{202E}",
                    #"unknown key "ti\u001B]52;c;aGk=\u0007tle\u202E" is ignored"#),
            ]
        ),
        // A misspelt key: the missing key's error names the misspelling, and the warning right after
        // it names the key meant. (A message's errors come before its warnings, each in reading order.)
        (
            #"{"id": 1, "bundleId": "a.b", "titel": "T", "text": "X", "maxViews": 0}"#,
            [
                Said(
                    .error, "$[0].title", "title",
                    #""title" is missing (is "titel" a misspelling of it?); the message is left out"#),
                Said(.error, "$[0].maxViews", "maxViews", #""maxViews" must be at least 1"#),
                Said(.warning, "$[0].titel", "titel", #"unknown key "titel" is ignored (did you mean "title"?)"#),
            ]
        ),
        (
            #"{"id": 1, "bundleIDs": ["a.b"], "title": "T", "text": "X"}"#,
            [
                Said(
                    .error, "$[0].bundleId", "bundleId",
                    #""bundleId" (or "bundleIds") is missing (is "bundleIDs" a misspelling of it?); "#
                        + "the message is left out"),
                Said(
                    .warning, "$[0].bundleIDs", "bundleIDs",
                    #"unknown key "bundleIDs" is ignored (did you mean "bundleIds"?)"#),
            ]
        ),
    ]

    @Test(arguments: misleading)
    func aMistakeIsNamedAsTheAuthorMadeIt(message: String, expected: [Said]) throws {
        #expect(try Self.said(message) == expected)
    }

    @Test
    func aMisspeltMessagesKeyIsNamedWhetherOrNotTheFeedHasMessages() throws {
        do {
            _ = try FeedDecoder().decode(Data(#"{"format": 2, "mesages": []}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .notAFeed)
            #expect(
                error.reason
                    == #"not a feed: the object has no "messages" array; it has "mesages" (did you mean "messages"?)"#
            )
        }
        let result = try FeedDecoder().decode(Data(#"{"format": 2, "messages": [], "mesages": []}"#.utf8))
        #expect(
            result.diagnostics.map(Said.init) == [
                Said(.warning, "$.mesages", "mesages", #"unknown key "mesages" is ignored (did you mean "messages"?)"#)
            ])
    }

    /// A trailing comma is named at the comma, in objects and arrays, on the line it is on.
    static let trailingCommas: [(String, Int, Int, String)] = [
        ("[\n  {\"id\": 1,}\n]", 2, 11, "trailing comma before '}': JSON allows none; remove it"),
        ("{\"format\": 2, \"messages\": [\n  {\"id\": 1},\n  {\"id\": 2},\n]}", 3, 12, "trailing comma before ']'"),
        ("{\"format\": 2,\n \"messages\": [],\n}", 2, 16, "trailing comma before '}'"),
        ("[{\"platforms\": [\"ios\",\n   ]}]", 1, 22, "trailing comma before ']'"),
    ]

    @Test(arguments: trailingCommas)
    func aTrailingCommaIsNamedAtTheComma(text: String, line: Int, column: Int, reason: String) {
        do {
            _ = try FeedDecoder().decode(Data(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .notJSON)
            #expect(error.syntaxError?.line == line)
            #expect(error.syntaxError?.column == column)
            #expect(error.reason.hasPrefix("not JSON: line \(line), column \(column): \(reason)"), "\(error.reason)")
        }
    }

    /// The warning at `$[0].variants[index]` + `member` (`.localizations.de`).
    static func variantWarning(_ index: Int, at member: String = "", _ reason: String) -> Said {
        Said(.warning, "$[0].variants[\(index)]" + member, "localizations", reason)
    }

    /// What a variant without translations of its own used to show, and shows no longer: the message's
    /// translation of a key it sets.
    static func noLongerReplaced(_ language: String, _ variant: String, _ keys: String, replaced: String? = nil)
        -> String
    {
        #"in "\#(language)" variant \#(variant) shows its own \#(keys) in the base language: the message's "\#(language)" "#
            + #"translation of \#(replaced ?? keys) no longer replaces a variant's own (it used to, giving every "#
            + #"variant the same words); translate \#(keys) in the variant's "localizations""#
    }

    /// Where a variant's showing in a language would mix it with the base language, and only there, a
    /// warning names the variant, the language and the keys; where the rule change altered what a variant
    /// shows, it says so (`cancelsVariants`).
    static let localizedVariants: [(String, [Said])] = [
        // The message translates the title B sets (changed), and in French only the text (mixed).
        (
            #"""
            {\#(head), "variants": [{"weight": 1}, {"weight": 1, "title": "U"}],
             "localizations": {"de": {"title": "Tde"}, "fr": {"text": "Xfr"}}}
            """#,
            [
                variantWarning(1, noLongerReplaced("de", "B", #""title""#)),
                variantWarning(
                    1,
                    #"in "fr" variant B shows its own "title" in the base language while its other texts are in "fr"; "#
                        + #"translate "title" in the variant's "localizations""#),
            ]
        ),
        (
            #"""
            {\#(head), "variants": [{"weight": 1, "title": "A", "text": "a"}, {"name": "Bold", "weight": 1, "title": "B", "text": "b"}],
             "localizations": {"pt-BR": {"title": "Tpt"}, "ja": {"title": "Tja", "text": "Xja"}}}
            """#,
            [
                variantWarning(0, noLongerReplaced("pt-BR", "A", #""title" and "text""#, replaced: #""title""#)),
                variantWarning(0, noLongerReplaced("ja", "A", #""title" and "text""#)),
                variantWarning(1, noLongerReplaced("pt-BR", #""Bold""#, #""title" and "text""#, replaced: #""title""#)),
                variantWarning(1, noLongerReplaced("ja", #""Bold""#, #""title" and "text""#)),
            ]
        ),
        // Each variant translates what it sets: nothing mixes.
        (
            #"""
            {\#(head), "variants": [{"weight": 1, "localizations": {"de": {"title": "A"}}},
                                    {"weight": 1, "title": "U", "localizations": {"de": {"title": "B"}}}],
             "localizations": {"de": {"title": "Tde", "text": "Xde"}}}
            """#,
            []
        ),
        // A variant with translations of its own that leaves one of its keys untranslated, among texts
        // in the language: mixed, at its localization.
        (
            #"""
            {\#(head), "variants": [{"weight": 1},
                                    {"name": "Discount", "weight": 1, "title": "U", "text": "Y",
                                     "localizations": {"de": {"title": "Ude"}}}],
             "localizations": {"de": {"title": "Tde", "text": "Xde"}}}
            """#,
            [
                variantWarning(
                    1, at: ".localizations.de",
                    #"in "de" variant "Discount" shows its own "text" in the base language while its other texts are "#
                        + #"in "de"; translate "text" in the variant's "localizations""#)
            ]
        ),
        // Variants that set nothing the message translates show the message's translation.
        (
            #"""
            {\#(head), "variants": [{"weight": 1, "title": "U", "localizations": {"de": {"title": "Ude"}}},
                                    {"weight": 1}, {"weight": 2}],
             "localizations": {"de": {"title": "Tde"}}}
            """#,
            []
        ),
        // An image on an alert is never shown: nothing mixes.
        (
            #"""
            {\#(head), "variants": [{"weight": 1, "image": {"url": "https://example.com/a.png", "alt": "A"}},
                                    {"weight": 1, "image": {"url": "https://example.com/b.png", "alt": "B"}}],
             "localizations": {"de": {"title": "Tde", "image": {"url": "https://example.com/de.png", "alt": "D"}}}}
            """#,
            []
        ),
        (
            #"""
            {\#(head), "layout": "modal", "variants": [{"weight": 1, "buttons": [{"title": "Go"}]},
                                                      {"weight": 1, "buttons": [{"title": "Start"}]}],
             "localizations": {"de": {"buttons": [{"title": "Los"}]}}}
            """#,
            [
                variantWarning(0, noLongerReplaced("de", "A", #""buttons""#)),
                variantWarning(1, noLongerReplaced("de", "B", #""buttons""#)),
            ]
        ),
    ]

    @Test(arguments: localizedVariants)
    func aVariantShowingTwoLanguagesIsNamed(message: String, expected: [Said]) throws {
        let said = try Self.said(message).filter { $0.severity == .error || $0.reason.contains("variant") }
        #expect(said == expected)
    }
}
