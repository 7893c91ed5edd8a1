@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

let storeAnswer = Data(
    """
    {"resultCount":1,"results":[{"trackId":1234567890,"trackName":"AppAlert Example","bundleId":"com.createchsol.AppAlertExample",
     "version":"1.2.0","currentVersionReleaseDate":"2026-11-18T08:00:00Z","minimumOsVersion":"17.0",
     "trackViewUrl":"https://apps.apple.com/us/app/appalert-example/id1234567890?uo=4","releaseNotes":"Fixes."}]}
    """.utf8)

func updateCheck(_ arguments: [String], state: borrowing TemporaryDirectory) throws -> (
    AppAlertProcess.Result, JSONObject?
) {
    let result = try AppAlertProcess.run(["update-check"] + arguments + ["--state-dir", state.url.path, "--json"])
    return (result, try? parseJSON(result.standardOutput))
}

@Suite(.serialized)
struct UpdateCheckCommandTests {
    @Test
    func anAppStoreReleaseOlderThanTheDelayIsOptional() throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: storeAnswer) }
        let state = try TemporaryDirectory()
        let (result, json) = try updateCheck(
            [
                "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.1", "--os-version", "17.2",
                "--platform", "ios",
                "--country", "us", "--lookup-url", server.url("/lookup"), "--now", "2026-11-20T00:00:00Z",
            ], state: state)
        #expect(result.status == 0)
        #expect(
            json?.keys == [
                "decision", "reason", "reasonCode", "installedVersion", "availableVersion", "storeURL", "alert",
            ])
        #expect(json?["decision"] == .string("optional"))
        #expect(json?["installedVersion"] == .string("1.1"))
        #expect(json?["availableVersion"] == .string("1.2.0"))
        #expect(json?["storeURL"] == .string("https://apps.apple.com/app/id1234567890"))
        #expect(
            server.requests.first?.path.hasPrefix("/lookup?bundleId=com.createchsol.AppAlertExample&country=us&_=")
                == true)
    }

    /// The prompt as the app would show it for the device's languages: the table chosen by script and
    /// region, right to left for Arabic with the name and version isolated, English when none is served.
    @Test(arguments: [
        (["ar-EG"], "ar", "rtl"), (["pt-AO"], "pt-PT", "ltr"), (["zh-TW"], "zh-Hant", "ltr"),
        (["ga", "de-CH"], "de", "ltr"),
        ([String](), "en", "ltr"), (["ga"], "en", "ltr"),
    ])
    func theAlertSpeaksTheDevicesLanguage(locales: [String], language: String, direction: String) throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: storeAnswer) }
        let state = try TemporaryDirectory()
        let (result, json) = try updateCheck(
            [
                "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.1", "--lookup-url",
                server.url("/lookup"), "--now", "2026-11-20T00:00:00Z", "--app-name", "Notes",
            ] + locales.flatMap { ["--locale", $0] }, state: state)
        #expect(result.status == 0)
        guard case .object(let alert) = json?["alert"] else {
            Issue.record("no alert: \(result.standardOutput)")
            return
        }
        let texts = try #require(UpdateTexts.builtIn[language])
        #expect(alert["language"] == .string(language))
        #expect(alert["direction"] == .string(direction))
        #expect(alert["title"] == .string(texts.optionalTitle))
        let name = direction == "rtl" ? "\u{2068}Notes\u{2069}" : "Notes"
        let version = direction == "rtl" ? "\u{2068}1.2.0\u{2069}" : "1.2.0"
        let text = alert["text"]
        #expect(
            text
                == .string(
                    UpdateTexts.fill(
                        texts.optionalMessage, appName: "Notes", version: "1.2.0", isolating: direction == "rtl")))
        if case .string(let filled)? = text { #expect(filled.contains(name) && filled.contains(version)) }
        #expect(alert["buttons"] == .array([.string(texts.update), .string(texts.later), .string(texts.skip)]))
    }

    @Test
    func nothingAskedHasANullAlertAndABadLocaleIsRefused() throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: storeAnswer) }
        let state = try TemporaryDirectory()
        let base = [
            "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.2.0", "--lookup-url",
            server.url("/lookup"), "--now", "2026-11-20T00:00:00Z",
        ]
        let (result, json) = try updateCheck(base + ["--locale", "fr"], state: state)
        #expect(result.status == 0)
        #expect(json?["decision"] == .string("none"))
        #expect(json?["alert"] == .null)
        let (refused, _) = try updateCheck(base + ["--locale", "english please"], state: state)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--locale: \"english please\" is not a BCP 47 language tag"))
    }

    @Test(arguments: [
        ("2026-11-18T20:00:00Z", [String](), "none", "releasedTooRecently"),
        ("2026-11-18T20:00:00Z", ["--release-delay-days", "0"], "optional", "updateAvailable"),
        ("2026-11-20T00:00:00Z", ["--os-version", "16.0"], "none", "osTooOld"),
    ])
    func theReleaseDelayAndTheMinimumOSApply(now: String, extra: [String], decision: String, code: String) throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: storeAnswer) }
        let state = try TemporaryDirectory()
        let (result, json) = try updateCheck(
            [
                "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.1", "--lookup-url",
                server.url("/lookup"), "--now", now,
            ]
                + extra, state: state)
        #expect(result.status == 0)
        #expect(json?["decision"] == .string(decision))
        #expect(json?["reasonCode"] == .string(code))
    }

    @Test
    func theFeedsMinimumVersionMakesItRequired() throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: storeAnswer) }
        let state = try TemporaryDirectory()
        let feed = try state.write(
            "feed.json",
            #"{"format": 2, "messages": [], "updates": [{"bundleId": "com.createchsol.AppAlertExample", "minimumVersion": "1.2"}]}"#
        )
        let (result, json) = try updateCheck(
            [
                "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.1.9", "--lookup-url",
                server.url("/lookup"),
                "--feed", feed, "--now", "2026-11-18T09:00:00Z",
            ], state: state)
        #expect(result.status == 0)
        #expect(json?["decision"] == .string("required"))
        #expect(json?["reason"] == .string("version 1.1.9 is below the minimum 1.2"))
    }

    /// On the web the feed alone decides (no request goes anywhere), and below the minimum is required
    /// with no store page: Update reloads the page, and a required prompt has no Later or Skip.
    @Test(arguments: [
        ("1.1.9", [String](), "required", "belowMinimumVersion", ["Update"]),
        ("1.2", [], "optional", "updateAvailable", ["Update", "Later", "Skip This Version"]),
        ("1.2", ["--rule", "minor=required"], "required", "requiredByRule", ["Update"]),
        ("1.2", ["--rule", "minor=none"], "none", "ignoredByRule", []),
    ])
    func onTheWebTheFeedAloneDecides(
        installed: String, extra: [String], decision: String, code: String, buttons: [String]
    ) throws {
        let state = try TemporaryDirectory()
        let feed = try state.write(
            "feed.json",
            #"{"format": 2, "messages": [], "updates": [{"bundleId": "app.example.web", "minimumVersion": "1.2", "latestVersion": "1.3"}]}"#
        )
        let (result, json) = try updateCheck(
            [
                "--platform", "web", "--bundle-id", "app.example.web", "--app-version", installed, "--feed", feed,
                "--now", "2026-11-18T09:00:00Z", "--app-name", "Notes",
            ] + extra, state: state)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(json?["decision"] == .string(decision))
        #expect(json?["reasonCode"] == .string(code))
        #expect(json?["storeURL"] == .null)
        if buttons.isEmpty {
            #expect(json?["alert"] == .null)
        } else if case .object(let alert)? = json?["alert"] {
            #expect(alert["buttons"] == .array(buttons.map { .string($0) }))
        } else {
            Issue.record("no alert: \(result.standardOutput)")
        }
    }

    /// A policy with an error is left out by apps, so the decision is "none" for want of it: the command
    /// says which policy and why on standard error, as `validate` words it (exit 0: the decision stands).
    @Test
    func aPolicyLeftOutForAnErrorIsListedOnStandardError() throws {
        let state = try TemporaryDirectory()
        let feed = try state.write(
            "feed.json",
            #"{"format": 2, "messages": [], "updates": [{"bundleId": "app.example.web", "minimumVersion": "v1.2"}]}"#
        )
        let (result, json) = try updateCheck(
            [
                "--platform", "web", "--bundle-id", "app.example.web", "--app-version", "1.0", "--feed", feed,
                "--now", "2026-11-18T09:00:00Z",
            ], state: state)
        #expect(result.status == 0)
        #expect(json?["decision"] == .string("none"))
        #expect(
            result.standardError.contains(
                "feed.json: error: $.updates[0].minimumVersion: invalid version \"v1.2\""),
            "\(result.standardError)")
        #expect(result.standardError.contains("the policy is left out"))
    }

    /// A file larger than a feed may be is refused, its policies not listed (the listing also reads no more
    /// than the limit: not checked here).
    @Test
    func aFeedFileOverTheLimitIsRefusedWithoutListingItsPolicies() throws {
        let state = try TemporaryDirectory()
        let padding = String(repeating: "x", count: 5 << 20)
        let feed = try state.write(
            "feed.json",
            #"{"format": 2, "messages": [], "updates": [{"bundleId": "app.example.web", "minimumVersion": "v1.2"}], "pad": ""#
                + padding + #""}"#)
        let (result, json) = try updateCheck(
            ["--platform", "web", "--bundle-id", "app.example.web", "--app-version", "1.0", "--feed", feed],
            state: state)
        #expect(result.status == 1)
        #expect(json?["decision"] == .string("none"))
        #expect(!result.standardError.contains("the policy is left out"), "\(result.standardError)")
    }

    @Test
    func aGitHubReleaseForACommandLineTool() throws {
        let server = try TestHTTPServer { request in
            request.path == "/repos/octo/tool/releases/latest"
                ? .response(
                    status: 200,
                    body: Data(
                        #"{"tag_name": "v3.1.0", "html_url": "https://github.com/octo/tool/releases/tag/v3.1.0", "draft": false, "prerelease": false, "published_at": "2026-11-01T00:00:00Z"}"#
                            .utf8))
                : .response(status: 404)
        }
        let state = try TemporaryDirectory()
        let (result, json) = try updateCheck(
            ["--github", "octo/tool", "--app-version", "3.0.2", "--github-api-url", server.baseURL], state: state)
        #expect(result.status == 0)
        #expect(json?["decision"] == .string("optional"))
        #expect(json?["availableVersion"] == .string("3.1.0"))
        #expect(json?["storeURL"] == .string("https://github.com/octo/tool/releases/tag/v3.1.0"))
    }

    @Test(arguments: [
        (TestHTTPServer.Reply.response(status: 500), "answered 500"),
        (.response(status: 200, body: Data("{\"resultCount\":0,\"results\":[]}".utf8)), "is not in the App Store"),
        (.response(status: 200, body: Data("garbage".utf8)), "did not answer with a JSON object"),
    ])
    func aFailingSourceIsNoneWithAnErrorAndExitOne(reply: TestHTTPServer.Reply, message: String) throws {
        let server = try TestHTTPServer { _ in reply }
        let state = try TemporaryDirectory()
        let (result, json) = try updateCheck(
            ["--bundle-id", "com.example.App", "--app-version", "1.0", "--lookup-url", server.url("/lookup")],
            state: state)
        #expect(result.status == 1)
        #expect(json?["decision"] == .string("none"))
        if case .string(let error)? = json?["error"] {
            #expect(error.contains(message), "\(error)")
        } else {
            Issue.record("no error in \(result.standardOutput)")
        }
    }

    @Test(arguments: [
        (["--app-version", "1.0"], "give --bundle-id (App Store) or --github OWNER/REPO"),
        (
            ["--bundle-id", "a", "--app-version", "1.0", "--country", "en_US"],
            "--country: \"en_US\" is a locale, not a country"
        ),
        (["--github", "octo", "--app-version", "1.0"], "--github: \"octo\" is not OWNER/REPO"),
        (["--bundle-id", "a", "--app-version", "one"], "--app-version: invalid version \"one\""),
        (["--bundle-id", "a", "--app-version", "1", "--now", "today"], "--now: invalid timestamp"),
        (
            ["--bundle-id", "a", "--app-version", "1", "--platform", "web"],
            "--platform web decides from the feed alone"
        ),
        (
            ["--bundle-id", "a", "--app-version", "1", "--platform", "web", "--feed", "f.json", "--lookup-url", "x"],
            "--lookup-url: --platform web decides from the feed alone"
        ),
        (["--bundle-id", "a", "--app-version", "1", "--rule", "major"], "--rule: \"major\" is not COMPONENT=KIND"),
        (["--bundle-id", "a", "--app-version", "1", "--rule", "epoch=none"], "--rule: unknown component \"epoch\""),
    ])
    func invalidInputExitsTwo(arguments: [String], message: String) throws {
        let state = try TemporaryDirectory()
        let result = try AppAlertProcess.run(["update-check"] + arguments + ["--state-dir", state.url.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
