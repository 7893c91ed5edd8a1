@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

@testable import AppAlertCommands

let tutorialFeed = """
    [
      {
         "id":2,
         "bundleId":"com.createchsol.AppAlertExample",
         "title":"App Alert",
         "text":"Warning:  There is a bug in the application and I am working on it.",
         "confirmLabel":"OK",
         "osVersions": ["17.0.1", "17.2"],
         "appVersions": ["1.0"],
         "link":{ "title":"More information", "url":"https://www.createchsol.com" }
      }
    ]
    """

func parseJSON(_ text: String) throws -> JSONObject {
    guard case .object(let object) = try JSONParser().parse(text) else {
        throw CocoaError(.coderInvalidValue)
    }
    return object
}

struct ValidateCommandTests {
    @Test
    func aValidFeedExitsZeroWithASummary() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", tutorialFeed)
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == 0)
        #expect(result.standardOutput == "\(feed): format 1, 1 message, 1 usable; 0 errors, 0 warnings\n")
        #expect(result.standardError.isEmpty)
    }

    @Test
    func errorsAndWarningsArePrintedWithTheirPathsAndExitOne() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json",
            """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "a", "title": "T", "text": "x", "appVersionRange": ">=1.0 <", "bundleID": "a"},
              {"id": 2, "bundleId": "a", "title": "T", "text": "x", "link": {"title": "L", "url": "http://x.com"}}
            ]}
            """)
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(feed): error: $.messages[0].appVersionRange (message 1): invalid range \">=1.0 <\": operator \"<\" has no version after it; the message is left out",
                "\(feed): warning: $.messages[0].bundleID (message 1): unknown key \"bundleID\" is ignored (did you mean \"bundleId\"?)",
                "\(feed): warning: $.messages[1].link.url (message 2): the link uses http:, not https:; apps with the default link policy (https: only) do not show it",
                "\(feed): format 2, 2 messages, 1 usable; 1 error, 2 warnings",
            ])
    }

    @Test
    func warningsAloneExitZeroUnlessTheyCountAsErrors() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json", #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x", "appVersions": []}]"#)
        #expect(try AppAlertProcess.run(["validate", feed]).status == 0)
        #expect(try AppAlertProcess.run(["validate", "--warnings-as-errors", feed]).status == 1)
    }

    @Test
    func jsonOutputListsErrorsAndWarnings() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json", #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x", "maxViews": 0}, {"id": 2}]"#)
        let result = try AppAlertProcess.run(["validate", "--json", feed])
        #expect(result.status == 1)
        let report = try parseJSON(result.standardOutput)
        #expect(report["valid"] == .bool(false))
        #expect(report["messages"] == .integer(2))
        #expect(report["usable"] == .integer(0))
        guard case .array(let errors)? = report["errors"], case .object(let first)? = errors.first else {
            Issue.record("no errors array")
            return
        }
        #expect(errors.count == 4)
        #expect(first["path"] == .string("$[0].maxViews"))
        #expect(first["code"] == .string("outOfRange"))
        #expect(first["messageId"] == .integer(1))
        #expect(first["value"] == .string("0"))
        #expect(report.keys == ["file", "valid", "messages", "usable", "errors", "warnings"])
    }

    @Test(arguments: [
        ("[{\"id\": 1,}]", 2, "not JSON: line 1, column 10: trailing comma before '}'"),
        ("{\"hello\": 1}", 1, "not a feed"),
    ])
    func aFileThatIsNotAFeedFails(contents: String, status: Int32, message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", contents)
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test
    func aMissingFileExitsTwoAndSaysSo() throws {
        let result = try AppAlertProcess.run(["validate", "/nonexistent/feed.json"])
        #expect(result.status == 2)
        #expect(result.standardError == "appalert: cannot read /nonexistent/feed.json: no such file\n")
    }

    @Test
    func readsStandardInput() throws {
        let result = try AppAlertProcess.run(["validate", "-"], standardInput: Data(tutorialFeed.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("-: format 1, 1 message"))
    }

    @Test
    func theBundledExampleIsValid() throws {
        let result = try AppAlertProcess.run([
            "validate", examplesDirectory.appendingPathComponent("messages.json").path,
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("0 errors, 0 warnings\n"))
    }
}

struct EvaluateCommandTests {
    @Test
    func jsonOutputHasTheDocumentedShape() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", tutorialFeed)
        let result = try AppAlertProcess.run([
            "evaluate", feed, "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.0",
            "--os-version", "17.2", "--json",
        ])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                {
                  "selected": 2,
                  "variant": null,
                  "variantName": null,
                  "variants": null,
                  "message": {
                    "id": 2,
                    "title": "App Alert",
                    "text": "Warning:  There is a bug in the application and I am working on it.",
                    "confirmLabel": "OK",
                    "link": {
                      "title": "More information",
                      "url": "https://www.createchsol.com"
                    },
                    "dismissible": true,
                    "localization": null,
                    "direction": "ltr",
                    "layout": "alert",
                    "image": null,
                    "buttons": [
                      {
                        "title": "More information",
                        "action": {
                          "url": "https://www.createchsol.com"
                        }
                      },
                      {
                        "title": "OK",
                        "action": "dismiss"
                      }
                    ],
                    "action": null,
                    "features": null,
                    "colors": null,
                    "data": {},
                    "placement": "launch",
                    "bannerSeconds": null
                  }
                }

                """)
    }

    @Test
    func explainGivesOneEvaluationPerMessage() throws {
        let result = try AppAlertProcess.run([
            "evaluate", examplesDirectory.appendingPathComponent("messages.json").path, "--bundle-id",
            "com.createchsol.AppAlertExample", "--app-version", "1.0", "--os-version", "17.2", "--platform", "ios",
            "--locale", "fr-CA", "--install-id", "install-1", "--now", "2026-06-01T00:00:00Z", "--seen", "4",
            "--json", "--explain",
        ])
        #expect(result.status == 0)
        let report = try parseJSON(result.standardOutput)
        guard case .array(let evaluations)? = report["evaluations"] else {
            Issue.record("no evaluations")
            return
        }
        let summary = evaluations.compactMap { value -> String? in
            guard case .object(let entry) = value, case .integer(let id)? = entry["id"],
                case .bool(let eligible)? = entry["eligible"], case .string(let reason)? = entry["reason"]
            else { return nil }
            return "\(id) \(eligible) \(reason)"
        }
        #expect(summary.count == 6)
        // Install "install-1" is in bucket 255,602 of message 3's 50 % rollout (below 500,000): in.
        #expect(summary[0] == "1 true eligible, but message 3 ranks higher (priority, then id)")
        #expect(summary[1] == "2 true eligible, but message 3 ranks higher (priority, then id)")
        #expect(summary[2] == "3 true eligible; selected")
        #expect(summary[3] == "4 false already shown 1 of 1 time")
        #expect(summary[4] == "5 false language fr-CA is not in locales [en]")
        #expect(summary[5] == "6 false for [\"com.createchsol.ExampleTool\"], not \"com.createchsol.AppAlertExample\"")
        #expect(report["selected"] == .integer(3))
    }

    @Test
    func textOutputShowsTheMessageAndItsButtons() throws {
        let result = try AppAlertProcess.run([
            "evaluate", examplesDirectory.appendingPathComponent("messages.json").path, "--bundle-id",
            "com.createchsol.AppAlertExample", "--app-version", "1.0", "--locale", "fr-FR",
        ])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Message 4 for com.createchsol.AppAlertExample 1.0 on \(Platform.current):

                  Mise à jour nécessaire
                  Cette version ne peut plus synchroniser. La mise à jour est gratuite.

                  [OK]  [Mettre à jour → https://apps.apple.com/fr/app/id000000000]
                  (localization fr)

                """)
    }

    @Test
    func theTutorialsWatermarkAndSeenCountsAreHonoured() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json",
            """
            [{"id": 1, "bundleId": "a", "title": "one", "text": "x"},
             {"id": 2, "bundleId": "a", "title": "two", "text": "x", "maxViews": 2},
             {"id": 3, "bundleId": "a", "title": "three", "text": "x"}]
            """)
        func selected(_ extra: [String]) throws -> JSONValue? {
            let result = try AppAlertProcess.run(
                ["evaluate", feed, "--bundle-id", "a", "--app-version", "1", "--json"] + extra)
            #expect(result.status == 0)
            return try parseJSON(result.standardOutput)["selected"]
        }
        #expect(try selected([]) == .integer(3))
        #expect(try selected(["--seen", "3"]) == .integer(2))
        #expect(try selected(["--seen", "3", "--seen", "2:1"]) == .integer(2))
        #expect(try selected(["--seen", "3", "--seen", "2:2"]) == .integer(1))
        #expect(try selected(["--last-message-id", "3"]) == .integer(2))
        #expect(try selected(["--last-message-id", "3", "--seen", "2:2"]) == .null)
    }

    @Test
    func noMessageIsNotAnError() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", tutorialFeed)
        let result = try AppAlertProcess.run([
            "evaluate", feed, "--bundle-id", "other", "--app-version", "1.0", "--json",
        ])
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "{\n  \"selected\": null,\n  \"variant\": null,\n  \"variantName\": null,\n  \"variants\": null,\n"
                + "  \"message\": null\n}\n")
        let text = try AppAlertProcess.run(["evaluate", feed, "--bundle-id", "other", "--app-version", "1.0"])
        #expect(text.status == 0)
        #expect(text.standardOutput.hasPrefix("No message for other 1.0"))
    }

    @Test
    func messagesLeftOutOfTheFeedAreReportedOnStandardError() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json", #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x", "appVersions": ["1.x"]}]"#)
        let result = try AppAlertProcess.run(["evaluate", feed, "--bundle-id", "a", "--app-version", "1.0", "--json"])
        #expect(result.status == 0)
        #expect(result.standardError.contains("$[0].appVersions[0] (message 1): invalid version \"1.x\""))
    }

    @Test(arguments: [
        (["--app-version", "1.x"], "--app-version: invalid version \"1.x\""),
        (["--app-version", "1", "--os-version", "seventeen"], "--os-version: invalid version \"seventeen\""),
        (["--app-version", "1", "--platform", "android"], "--platform: unknown platform \"android\""),
        (["--app-version", "1", "--locale", "english"], "--locale: \"english\" is not a BCP 47 language tag"),
        (["--app-version", "1", "--now", "yesterday"], "--now: invalid timestamp \"yesterday\""),
        (["--app-version", "1", "--seen", "x:2"], "--seen: \"x:2\" is not ID or ID:COUNT"),
        (["--app-version", "1", "--seen", "4:0"], "--seen: \"4:0\" is not ID or ID:COUNT"),
    ])
    func invalidOptionValuesExitTwoNamingTheOption(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", tutorialFeed)
        let result = try AppAlertProcess.run(["evaluate", feed, "--bundle-id", "a"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test(arguments: [("not json", "not JSON"), ("{}", "not a feed")])
    func aFeedThatCannotBeUsedExitsTwo(contents: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", contents)
        let result = try AppAlertProcess.run(["evaluate", feed, "--bundle-id", "a", "--app-version", "1"])
        #expect(result.status == 2)
        #expect(result.standardError.contains(message))
    }

    @Test
    func optionsParseAsDocumented() throws {
        let command = try AppAlertCommand.parseAsRoot([
            "evaluate", "feed.json", "--bundle-id", "a", "--app-version", "1.0", "--locale", "pt-BR", "--locale", "en",
            "--seen", "5:2", "--seen", "7", "--last-message-id", "3", "--install-id", "i", "--now",
            "2026-03-01T00:00:00Z",
        ])
        let evaluate = try #require(command as? AppAlertCommand.Evaluate)
        #expect(evaluate.decision.install.locales == ["pt-BR", "en"])
        let history = try evaluate.decision.makeHistory()
        #expect(history.views(of: 5) == 2 && history.views(of: 7) == 1 && history.views(of: 2) == 1)
        let context = try evaluate.makeContext(currentDate: Date(timeIntervalSince1970: 0))
        #expect(context.now == Date(timeIntervalSince1970: 1_772_323_200))
        #expect(context.platform == Platform.current)
        #expect(context.preferredLanguages == [LanguageTag("pt-BR"), LanguageTag("en")])
    }
}

struct VersionCommandTests {
    @Test(arguments: [
        ("1.2", "1.2.0", "0"), ("1.10", "1.9", "1"), ("1.0.0-rc.1", "1.0.0", "-1"), ("2.1", "2.1.0", "0"),
        ("1.02", "1.2", "0"), ("1.2.3.4", "1.2.3", "1"),
    ])
    func comparePrintsMinusOneZeroOrOne(a: String, b: String, expected: String) throws {
        let result = try AppAlertProcess.run(["version", "compare", a, b])
        #expect(result.status == 0)
        #expect(result.standardOutput == expected + "\n")
    }

    @Test(
        arguments: [
            ("1.2.3", "^1.2", "true", 0), ("2.0.0", "^1.2", "false", 1), ("1.2.3.4", ">=1.2.3 <1.2.4", "true", 0),
            ("1.5.0-beta", "^1.0.0", "false", 1), ("17.2", "17.0.1 || 17.2", "true", 0),
        ] as [(String, String, String, Int32)])
    func satisfiesPrintsTrueOrFalseAndExitsAccordingly(version: String, range: String, output: String, status: Int32)
        throws
    {
        let result = try AppAlertProcess.run(["version", "satisfies", version, range])
        #expect(result.status == status)
        #expect(result.standardOutput == output + "\n")
    }

    @Test(arguments: [
        (["compare", "1..2", "1"], "A: invalid version \"1..2\": component 2 is empty"),
        (["compare", "1", "v2"], "B: invalid version \"v2\""),
        (["satisfies", "x", "^1"], "VERSION: invalid version \"x\""),
        (["satisfies", "1.0", ">= <2"], "RANGE: invalid range \">= <2\""),
    ])
    func invalidInputExitsTwoNamingIt(arguments: [String], message: String) throws {
        let result = try AppAlertProcess.run(["version"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("appalert: " + message), "\(result.standardError)")
    }
}
