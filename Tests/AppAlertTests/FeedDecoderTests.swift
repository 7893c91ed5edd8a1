@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// Decodes one message written as JSON object members, e.g. `"appVersions": ["1.0"]`.
func decodeMessage(_ members: String, id: Int = 1) throws -> FeedDecoder.Output {
    let text = """
        [{ "id": \(id), "bundleId": "com.example.App", "title": "Title", "text": "Text"\(members.isEmpty ? "" : ", " + members) }]
        """
    return try FeedDecoder().decode(Data(text.utf8))
}

struct FeedDecoderTests {
    @Test
    func readsTheTutorialsFirstFeed() throws {
        let result = try FeedDecoder().decode(try Fixtures.data("tutorial-1.json"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.feed.format == 1)
        let message = try #require(result.feed.messages.first)
        #expect(message.id == 1)
        #expect(message.bundleIDs == ["com.createchsol.AppAlertExample"])
        #expect(message.title == "App Alert")
        #expect(message.text == "Warning:  There is a bug in the application and I am working on it.")
        #expect(message.confirmLabel == "OK")
        #expect(message.link == nil)
        #expect(message.maxViews == 1 && message.rollout == 100 && message.dismissible && message.priority == 0)
    }

    @Test
    func readsTheTutorialsSecondFeed() throws {
        let result = try FeedDecoder().decode(try Fixtures.data("tutorial-2.json"))
        #expect(result.diagnostics.isEmpty)
        let message = try #require(result.feed.messages.first)
        #expect(message.osVersions == [Version(17, 0, 1), Version([17, 2])])
        #expect(message.appVersions == [Version([1, 0])])
        #expect(
            message.link == Message.Link(title: "More information", url: URL(string: "https://www.createchsol.com")!))
    }

    @Test
    func readsFormat2AndKeepsTheUpdatePolicyForLater() throws {
        let text = """
            { "format": 2, "messages": [ { "id": 3, "bundleIds": ["a.b", "c.d"], "title": "T", "text": "X" } ],
              "updates": [ { "bundleId": "a.b", "minimumVersion": "2.0" } ], "future": true }
            """
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.feed.format == 2)
        #expect(result.feed.messages.map(\.bundleIDs) == [["a.b", "c.d"]])
        #expect(result.feed.updatePolicies == [UpdatePolicy(bundleIDs: ["a.b"], minimumVersion: Version("2.0"))])
    }

    struct Expected: Sendable, CustomTestStringConvertible {
        var path: String
        var code: FeedDiagnostic.Code
        var severity: FeedDiagnostic.Severity
        var testDescription: String { "\(severity) \(code) at \(path)" }
    }

    @Test
    func badMessagesAreLeftOutWithTheirReasonsAndTheRestAreUsed() throws {
        let result = try FeedDecoder().decode(try Fixtures.data("broken.json"))
        #expect(result.feed.messages.map(\.id) == [8, 10])
        #expect(result.entryCount == 12)
        let found = result.diagnostics.map { Expected(path: $0.path, code: $0.code, severity: $0.severity) }
        let expected: [Expected] = [
            .init(path: "$.messages[0].bundleId", code: .missingKey, severity: .error),
            .init(path: "$.messages[0].bundleID", code: .unknownKey, severity: .warning),
            .init(path: "$.messages[1].appVersions[0]", code: .invalidVersion, severity: .error),
            .init(path: "$.messages[2].osVersionRange", code: .invalidRange, severity: .error),
            .init(path: "$.messages[3].dismissible", code: .wallWithoutLink, severity: .error),
            .init(path: "$.messages[4].endDate", code: .emptyDateWindow, severity: .error),
            .init(path: "$.messages[5].rollout", code: .outOfRange, severity: .error),
            .init(path: "$.messages[6].id", code: .duplicateID, severity: .error),
            .init(path: "$.messages[7].title", code: .missingKey, severity: .error),
            .init(path: "$.messages[8].link.url", code: .insecureLink, severity: .warning),
            .init(path: "$.messages[8].appVersions", code: .matchesNothing, severity: .warning),
            .init(path: "$.messages[9].title", code: .wrongType, severity: .error),
            .init(path: "$.messages[10]", code: .wrongType, severity: .error),
        ]
        #expect(found.map(\.testDescription) == expected.map(\.testDescription))
        // The missing key's error first, naming the misspelling; then the misspelling's warning.
        #expect(result.diagnostics[0].reason.contains("(is \"bundleID\" a misspelling of it?)"))
        let typo = result.diagnostics[1]
        #expect(typo.reason.contains("did you mean \"bundleId\""))
        #expect(typo.messageID == 1 && typo.messageIndex == 0 && typo.key == "bundleID")
        let version = result.diagnostics[2]
        #expect(version.value == "\"1..2\"")
        #expect(version.reason == "invalid version \"1..2\": component 2 is empty; the message is left out")
        #expect(version.description.hasPrefix("error: $.messages[1].appVersions[0] (message 2): invalid version"))
    }

    /// (members, JSON path of the error, code): every key's type and value checks.
    static let invalidKeys: [(String, String, FeedDiagnostic.Code)] = [
        ("\"id\": 0", "$[0].id", .outOfRange),
        ("\"id\": 1.5", "$[0].id", .outOfRange),
        ("\"id\": \"1\"", "$[0].id", .wrongType),
        ("\"bundleId\": 5", "$[0].bundleId", .wrongType),
        ("\"bundleId\": \"\"", "$[0].bundleId", .invalidValue),
        ("\"bundleIds\": \"a.b\"", "$[0].bundleIds", .wrongType),
        ("\"bundleIds\": [\"a.b\", 3]", "$[0].bundleIds[1]", .wrongType),
        ("\"title\": null", "$[0].title", .missingKey),
        ("\"text\": [\"x\"]", "$[0].text", .wrongType),
        ("\"confirmLabel\": 1", "$[0].confirmLabel", .wrongType),
        ("\"link\": \"https://x.com\"", "$[0].link", .wrongType),
        ("\"link\": {\"title\": \"T\"}", "$[0].link.url", .missingKey),
        ("\"link\": {\"url\": \"https://x.com\"}", "$[0].link.title", .missingKey),
        ("\"link\": {\"title\": \"T\", \"url\": \"not a url\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"/relative\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"https://\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"javascript:alert(1)\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"data:text/html,hi\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"file:///etc/passwd\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"JavaScript:alert(1)\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"9app://open\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \"HTTPS:///path\"}", "$[0].link.url", .invalidURL),
        ("\"link\": {\"title\": \"T\", \"url\": \":x\"}", "$[0].link.url", .invalidURL),
        ("\"appVersions\": \"1.0\"", "$[0].appVersions", .wrongType),
        ("\"appVersions\": [\"1.0\", \"1.x\"]", "$[0].appVersions[1]", .invalidVersion),
        ("\"osVersions\": [17]", "$[0].osVersions[0]", .wrongType),
        ("\"appVersionRange\": \">=1.0 <\"", "$[0].appVersionRange", .invalidRange),
        ("\"osVersionRange\": [\">=17\"]", "$[0].osVersionRange", .wrongType),
        ("\"platforms\": \"ios\"", "$[0].platforms", .wrongType),
        ("\"locales\": [\"english\"]", "$[0].locales[0]", .invalidLanguageTag),
        ("\"startDate\": \"2026-03-01\"", "$[0].startDate", .invalidDate),
        ("\"endDate\": \"2026-03-01T09:00:00\"", "$[0].endDate", .invalidDate),
        (
            "\"startDate\": \"2026-03-01T09:00:00Z\", \"endDate\": \"2026-03-01T09:00:00Z\"", "$[0].endDate",
            .emptyDateWindow
        ),
        ("\"rollout\": -1", "$[0].rollout", .outOfRange),
        ("\"rollout\": \"50%\"", "$[0].rollout", .wrongType),
        ("\"priority\": 1.5", "$[0].priority", .invalidValue),
        ("\"maxViews\": 0", "$[0].maxViews", .outOfRange),
        ("\"minHoursBetweenViews\": -2, \"maxViews\": 2", "$[0].minHoursBetweenViews", .outOfRange),
        ("\"dismissible\": \"no\"", "$[0].dismissible", .wrongType),
        ("\"dismissible\": false", "$[0].dismissible", .wallWithoutLink),
        ("\"localizations\": [\"fr\"]", "$[0].localizations", .wrongType),
        ("\"localizations\": {\"français\": {}}", "$[0].localizations[\"français\"]", .invalidLanguageTag),
        ("\"localizations\": {\"fr\": \"Bonjour\"}", "$[0].localizations.fr", .wrongType),
        ("\"localizations\": {\"pt-BR\": {\"title\": 1}}", "$[0].localizations[\"pt-BR\"].title", .wrongType),
        (
            "\"localizations\": {\"fr\": {\"link\": {\"title\": \"x\", \"url\": \"javascript:x\"}}}",
            "$[0].localizations.fr.link.url", .invalidURL
        ),
    ]

    @Test(arguments: invalidKeys)
    func anIllTypedOrInvalidKeyLeavesTheMessageOut(members: String, path: String, code: FeedDiagnostic.Code) throws {
        let result = try decodeMessage(members)
        #expect(result.feed.messages.isEmpty, "the message was used")
        let error = try #require(result.errors.first)
        #expect(error.path == path)
        #expect(error.code == code)
        #expect(error.messageIndex == 0)
        #expect(error.reason.hasSuffix("the message is left out"))
    }

    /// (members, JSON path of the warning, code): used, but probably not as meant.
    static let warnings: [(String, String, FeedDiagnostic.Code)] = [
        ("\"bundleID\": \"x\"", "$[0].bundleID", .unknownKey),
        ("\"appVersion\": \"1.0\"", "$[0].appVersion", .unknownKey),
        ("\"appVersions\": []", "$[0].appVersions", .matchesNothing),
        ("\"osVersions\": []", "$[0].osVersions", .matchesNothing),
        ("\"platforms\": []", "$[0].platforms", .matchesNothing),
        ("\"platforms\": [\"android\"]", "$[0].platforms[0]", .unknownPlatform),
        ("\"locales\": []", "$[0].locales", .matchesNothing),
        ("\"rollout\": 0", "$[0].rollout", .matchesNothing),
        ("\"link\": {\"title\": \"T\", \"url\": \"http://example.com\"}", "$[0].link.url", .insecureLink),
        ("\"link\": {\"title\": \"T\", \"url\": \"https://x.com\", \"urls\": 1}", "$[0].link.urls", .unknownKey),
        ("\"minHoursBetweenViews\": 24", "$[0].minHoursBetweenViews", .noEffect),
        ("\"appVersionRange\": \"\"", "$[0].appVersionRange", .noEffect),
        ("\"title\": \"Again\"", "$[0].title", .duplicateKey),
        ("\"localizations\": {\"fr\": {\"titre\": \"x\"}}", "$[0].localizations.fr.titre", .unknownKey),
    ]

    @Test(arguments: warnings)
    func aLikelyMistakeIsAWarningAndTheMessageIsUsed(members: String, path: String, code: FeedDiagnostic.Code) throws {
        let result = try decodeMessage(members)
        #expect(result.feed.messages.count == 1)
        #expect(result.errors.isEmpty)
        let warning = try #require(result.warnings.first)
        #expect(warning.path == path)
        #expect(warning.code == code)
    }

    @Test(arguments: [
        ("bundleID", "bundleId"), ("appVersion", "appVersions"), ("titel", "title"), ("maxview", "maxViews"),
        ("ConfirmLabel", "confirmLabel"), ("localisations", "localizations"), ("osversionrange", "osVersionRange"),
    ])
    func unknownKeysNameTheKeyTheyProbablyMeant(typo: String, suggestion: String) throws {
        let result = try decodeMessage("\"\(typo)\": 1")
        #expect(result.warnings.first?.reason == "unknown key \"\(typo)\" is ignored (did you mean \"\(suggestion)\"?)")
    }

    @Test
    func nullOptionalKeysAreAbsent() throws {
        let result = try decodeMessage(
            "\"link\": null, \"appVersions\": null, \"confirmLabel\": null, \"rollout\": null")
        #expect(result.diagnostics.isEmpty)
        let message = try #require(result.feed.messages.first)
        #expect(message.link == nil && message.appVersions == nil && message.confirmLabel == nil)
        #expect(message.rollout == 100)
    }

    /// Messages sharing a range text share its parse; each still gets its own diagnostics.
    @Test
    func aRangeRepeatedAcrossMessagesIsReadForEachAlike() throws {
        let message = { (id: Int, range: String) in
            #"{"id": \#(id), "bundleId": "a", "title": "T", "text": "x", "appVersionRange": "\#(range)"}"#
        }
        let feed =
            "["
            + [
                message(1, " "), message(2, " "), message(3, "<2"), message(4, "<2"), message(5, "<"),
                message(6, "<"),
            ].joined(separator: ",") + "]"
        let result = try FeedDecoder().decode(Data(feed.utf8))
        #expect(result.diagnostics.map(\.code) == [.noEffect, .noEffect, .invalidRange, .invalidRange])
        #expect(result.feed.messages.map(\.id) == [1, 2, 3, 4])
        #expect(result.feed.messages[2].appVersionRange == result.feed.messages[3].appVersionRange)
        #expect(result.feed.messages[3].appVersionRange?.contains(Version([1, 9])) == true)
    }

    /// The scheme is read from the link's text (RFC 3986), in any case.
    @Test(
        arguments: [
            ("https://example.com/a", nil), ("HTTPS://example.com/a", nil), ("my-app+x.y://open", nil),
            ("HTTP://example.com", FeedDiagnostic.Code.insecureLink), ("Mailto:help@example.com", nil),
        ] as [(String, FeedDiagnostic.Code?)])
    func aLinksSchemeIsReadInAnyCase(url: String, code: FeedDiagnostic.Code?) throws {
        let result = try decodeMessage(#""link": {"title": "T", "url": "\#(url)"}"#)
        #expect(result.diagnostics.map(\.code) == (code.map { [$0] } ?? []), "\(url)")
        #expect(result.feed.messages.first?.link?.url.absoluteString == url)
    }

    @Test
    func readsEveryKey() throws {
        let result = try decodeMessage(
            """
            "bundleIds": ["b.c"], "confirmLabel": "Got it", "link": {"title": "Help", "url": "myapp://help"},
            "appVersions": ["1.0", "1.1"], "osVersions": ["17.2"], "appVersionRange": "^1.0", "osVersionRange": ">=17",
            "platforms": ["iOS", "macos"], "locales": ["pt", "en-GB"], "startDate": "2026-03-01T00:00:00Z",
            "endDate": "2026-04-01T00:00:00+02:00", "rollout": 12.5, "priority": -3, "maxViews": 3,
            "minHoursBetweenViews": 24, "dismissible": false,
            "localizations": {"pt-BR": {"title": "Título", "link": {"title": "Ajuda", "url": "https://x.com/pt"}}, "de": {"text": "Text"}}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let message = try #require(result.feed.messages.first)
        #expect(message.bundleIDs == ["com.example.App", "b.c"])
        #expect(message.confirmLabel == "Got it")
        #expect(message.link?.url.absoluteString == "myapp://help")
        #expect(message.appVersions == [Version([1, 0]), Version([1, 1])])
        #expect(message.appVersionRange?.normalized == ">=1.0.0 <2.0.0-0")
        #expect(message.osVersionRange?.normalized == ">=17.0.0")
        #expect(message.platforms == [.iOS, .macOS])
        #expect(message.locales == [LanguageTag("pt"), LanguageTag("en-GB")])
        #expect(message.startDate == Date(timeIntervalSince1970: 1_772_323_200))
        #expect(message.endDate == Date(timeIntervalSince1970: 1_775_001_600 - 7200))
        #expect(message.rollout == 12.5 && message.priority == -3 && message.maxViews == 3)
        #expect(message.minHoursBetweenViews == 24 && !message.dismissible)
        #expect(message.localizations.map(\.tag.original) == ["pt-BR", "de"])
        #expect(message.localizations[0].title == "Título" && message.localizations[0].text == nil)
        #expect(message.localizations[0].link?.title == "Ajuda")
    }

    @Test(arguments: ["{\"foo\": 1}", "\"messages\"", "42", "{\"messages\": {}}", "null"])
    func aDocumentOfNeitherShapeIsNotAFeed(text: String) {
        #expect(throws: FeedError.self) { try FeedDecoder().decode(Data(text.utf8)) }
        do {
            _ = try FeedDecoder().decode(Data(text.utf8))
        } catch {
            #expect(error.kind == .notAFeed)
            #expect(error.reason.hasPrefix("not a feed"))
        }
    }

    @Test
    func aDocumentThatIsNotJSONSaysWhere() {
        do {
            _ = try FeedDecoder().decode(Data("[\n  {\"id\": 1,}\n]".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.kind == .notJSON)
            #expect(error.syntaxError?.line == 2)
            #expect(
                error.reason == "not JSON: line 2, column 11: trailing comma before '}': JSON allows none; remove it")
        }
    }

    @Test(arguments: [
        ("{\"messages\": []}", "the object form should say \"format\": 2"),
        ("{\"format\": 3, \"messages\": []}", "format 3 is newer than this reader"),
        ("{\"format\": 2, \"messages\": [], \"message\": []}", "did you mean \"messages\""),
    ])
    func formatProblemsAreWarnings(text: String, reason: String) throws {
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.errors.isEmpty)
        #expect(result.warnings.first?.reason.contains(reason) == true, "\(result.warnings)")
    }

    @Test
    func everyOccurrenceOfAnIdAfterTheFirstIsLeftOut() throws {
        let text = """
            [ {"id": 4, "bundleId": "a", "title": "1", "text": "x"}, {"id": 4, "bundleId": "a", "title": "2", "text": "x"},
              {"id": 4, "bundleId": "a", "title": "3", "text": "x"} ]
            """
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.feed.messages.map(\.title) == ["1"])
        #expect(result.errors.map(\.code) == [.duplicateID, .duplicateID])
        #expect(result.errors[0].reason.contains("already used by the message at $[0]"))
    }
}

struct UpdatePolicyDecodingTests {
    func decode(_ entry: String) throws -> FeedDecoder.Output {
        try FeedDecoder().decode(Data("{\"format\": 2, \"messages\": [], \"updates\": [\(entry)]}".utf8))
    }

    @Test
    func readsEveryKey() throws {
        let result = try decode(
            """
            {"bundleIds": ["a.b", "c.d"], "minimumVersion": "2.0", "latestVersion": "2.3.1", "storeURL": "https://apps.apple.com/app/id1",
             "releaseDelayDays": 2.5, "title": "Update {appName}", "text": "Get {version}", "localizations": {"fr": {"title": "Mettez à jour"}}}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let policy = try #require(result.feed.updatePolicies.first)
        #expect(policy.bundleIDs == ["a.b", "c.d"])
        #expect(policy.minimumVersion == Version("2.0") && policy.latestVersion == Version("2.3.1"))
        #expect(policy.storeURL == URL(string: "https://apps.apple.com/app/id1"))
        #expect(policy.releaseDelayDays == 2.5)
        #expect(policy.title == "Update {appName}" && policy.text == "Get {version}")
        #expect(policy.localizations.first?.title == "Mettez à jour")
        #expect(result.feed.updatePolicy(for: "c.d") == policy)
        #expect(result.feed.updatePolicy(for: "x.y") == nil)
    }

    @Test(arguments: [
        ("{\"minimumVersion\": \"2.0\"}", "$.updates[0].bundleId", FeedDiagnostic.Code.missingKey),
        ("{\"bundleId\": \"a\", \"minimumVersion\": \"2..0\"}", "$.updates[0].minimumVersion", .invalidVersion),
        ("{\"bundleId\": \"a\", \"latestVersion\": 2}", "$.updates[0].latestVersion", .wrongType),
        ("{\"bundleId\": \"a\", \"storeURL\": \"javascript:alert(1)\"}", "$.updates[0].storeURL", .invalidURL),
        ("{\"bundleId\": \"a\", \"releaseDelayDays\": -1}", "$.updates[0].releaseDelayDays", .outOfRange),
        ("\"a\"", "$.updates[0]", .wrongType),
    ])
    func aBadPolicyIsLeftOutWithItsReason(entry: String, path: String, code: FeedDiagnostic.Code) throws {
        let result = try decode(entry)
        #expect(result.feed.updatePolicies.isEmpty)
        let error = try #require(result.errors.first)
        #expect(error.path == path)
        #expect(error.code == code)
        #expect(error.reason.hasSuffix("the policy is left out"))
    }

    @Test(arguments: [
        (
            "{\"bundleId\": \"a\", \"minimumVersion\": \"1.0\", \"minimumversion\": \"2\"}",
            "did you mean \"minimumVersion\""
        ),
        ("{\"bundleId\": \"a\"}", "sets none of"),
        (
            "{\"bundleId\": \"a\", \"minimumVersion\": \"2.0\", \"latestVersion\": \"1.5\"}",
            "is below \"minimumVersion\""
        ),
    ])
    func likelyMistakesAreWarnings(entry: String, reason: String) throws {
        let result = try decode(entry)
        #expect(result.feed.updatePolicies.count == 1)
        #expect(result.warnings.contains { $0.reason.contains(reason) }, "\(result.warnings)")
    }
}
