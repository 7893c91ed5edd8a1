@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// The rich message keys through the built `appalert`: evaluate's message object, placements, the
/// inbox command and validate's errors at their paths.
struct RichMessageCommandTests {
    static let feed = ##"""
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "app", "title": "Launch", "text": "At launch", "layout": "modal",
           "image": {"url": "https://example.com/l.png", "alt": "Light", "darkUrl": "https://example.com/d.png"},
           "buttons": [{"title": "Open", "action": {"url": "https://example.com/pro"}}, {"title": "Later"}],
           "colors": {"background": "#FFFFFF", "text": "#111111", "dark": {"background": "#101010", "text": "#EEEEEE"}},
           "data": {"screen": "pro"},
           "localizations": {"de": {"title": "Start", "buttons": [{"title": "Öffnen", "action": {"event": "open-pro"}}]}}},
          {"id": 2, "bundleId": "app", "title": "Top", "text": "In the slot", "layout": "banner", "placement": "home-top",
           "action": {"event": "tapped"}, "bannerSeconds": 5},
          {"id": 3, "bundleId": "app", "title": "Old news", "text": "Inbox 1", "placement": "inbox", "priority": 1},
          {"id": 4, "bundleId": "app", "title": "News", "text": "Inbox 2", "placement": "inbox", "maxViews": 1},
          {"id": 5, "bundleId": "app", "title": "New", "text": "Inbox 3", "placement": "inbox", "layout": "sheet",
           "features": [{"title": "Faster", "symbol": "bolt"}]},
          {"id": 6, "bundleId": "app", "title": "Gone", "text": "Ended", "placement": "inbox",
           "endDate": "2026-01-01T00:00:00Z"}
        ]}
        """##

    static func run(_ arguments: [String], feed: String = feed) throws -> ProcessResult {
        let directory = try TemporaryDirectory()
        let path = try directory.write("feed.json", feed)
        return try AppAlertProcess.run(
            [arguments[0], path] + ["--bundle-id", "app", "--app-version", "1.0", "--now", "2026-06-01T00:00:00Z"]
                + arguments.dropFirst())
    }

    @Test
    func evaluatePrintsTheResolvedRichMessage() throws {
        let result = try Self.run(["evaluate", "--json", "--locale", "de-DE"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try parseJSON(result.standardOutput)
        guard case .object(let message)? = report["message"] else {
            Issue.record("no message: \(result.standardOutput)")
            return
        }
        #expect(message["id"] == 1)
        #expect(message["title"] == "Start")
        #expect(message["layout"] == "modal")
        #expect(
            message["image"]
                == ["url": "https://example.com/l.png", "alt": "Light", "darkUrl": "https://example.com/d.png"])
        #expect(message["buttons"] == [["title": "Öffnen", "action": ["event": "open-pro"]]])
        #expect(message["action"] == .null)
        #expect(message["features"] == .null)
        #expect(
            message["colors"]
                == [
                    "light": ["background": "#FFFFFF", "text": "#111111", "accent": nil],
                    "dark": ["background": "#101010", "text": "#EEEEEE", "accent": nil],
                ])
        #expect(message["data"] == ["screen": "pro"])
        #expect(message["placement"] == "launch")
        #expect(message["bannerSeconds"] == .null)
    }

    @Test
    func aSlotDecidesOnItsOwn() throws {
        let slot = try parseJSON(try Self.run(["evaluate", "--json", "--placement", "home-top"]).standardOutput)
        #expect(slot["selected"] == 2)
        guard case .object(let message)? = slot["message"] else {
            Issue.record("no message")
            return
        }
        #expect(message["action"] == ["event": "tapped"])
        #expect(message["buttons"] == [])
        #expect(message["bannerSeconds"] == 5)
        #expect(message["placement"] == "home-top")
        // The launch message is not blocked by the slot's, and an unknown slot has none.
        #expect(try parseJSON(try Self.run(["evaluate", "--json"]).standardOutput)["selected"] == 1)
        #expect(
            try parseJSON(try Self.run(["evaluate", "--json", "--placement", "sidebar"]).standardOutput)["selected"]
                == .null)
    }

    @Test
    func explainNamesAnotherPlacementsMessageAsExcludedByPlacement() throws {
        let result = try Self.run(["evaluate", "--explain"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "2  excluded by placement: placed in \"home-top\"; this decision is for \"launch\""))
        #expect(result.standardOutput.contains("3  excluded by placement: placed in \"inbox\""))
    }

    @Test(arguments: [
        (["--placement", "inbox"], "use appalert inbox"),
        (["--placement", "home top"], "is not launch or a slot name"),
    ])
    func evaluateRefusesTheInboxAndBadPlacements(arguments: [String], message: String) throws {
        let result = try Self.run(["evaluate"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test
    func theInboxListsAdmittedItemsByPriorityThenIDWithReadAndDeleted() throws {
        let all = try parseJSON(try Self.run(["inbox", "--json", "--seen", "4"]).standardOutput)
        guard case .array(let items)? = all["messages"] else {
            Issue.record("no messages")
            return
        }
        // 3 has priority 1; 5 before 4 by id; 4 stays though seen (maxViews 1); 6 has ended.
        #expect(
            items.map { item -> JSONValue? in if case .object(let o) = item { o["id"] } else { nil } } == [3, 5, 4])
        #expect(all["unread"] == 3)
        let later = try parseJSON(
            try Self.run(["inbox", "--json", "--read", "5", "--deleted", "3"]).standardOutput)
        guard case .array(let remaining)? = later["messages"], case .object(let first)? = remaining.first else {
            Issue.record("no messages")
            return
        }
        #expect(remaining.count == 2)
        #expect(first["id"] == 5)
        #expect(first["read"] == true)
        #expect(first["features"] == [["title": "Faster", "text": nil, "symbol": "bolt"]])
        #expect(later["unread"] == 1)
        let text = try Self.run(["inbox", "--read", "5"]).standardOutput
        #expect(text.hasPrefix("Inbox of app 1.0 on"))
        #expect(text.contains("3 messages, 2 unread"))
        #expect(text.contains("\n  5  New\n"))
        #expect(text.contains("\n• 3  Old news\n"))
    }

    @Test(arguments: [
        (#""layout": "card""#, "$.messages[0].layout"),
        (#""layout": "image""#, "$.messages[0].image"),
        (#""buttons": [{"title": "a", "action": {"url": "javascript:x"}}]"#, "$.messages[0].buttons[0].action.url"),
        (#""layout": "banner", "buttons": [{"title": "a"}]"#, "$.messages[0].buttons"),
        (##""layout": "modal", "colors": {"text": "#12"}"##, "$.messages[0].colors.text"),
        (#""data": {"a": 1}"#, "$.messages[0].data.a"),
        (#""placement": "a b""#, "$.messages[0].placement"),
        (
            #""localizations": {"fr": {"image": {"url": "http://example.com/a.png"}}}"#,
            "$.messages[0].localizations.fr.image.url"
        ),
    ])
    func validateReportsEachRichErrorAtItsPath(keys: String, path: String) throws {
        let feed =
            #"{"format": 2, "messages": [{"id": 1, "bundleId": "app", "title": "T", "text": "X", "# + keys + "}]}"
        let directory = try TemporaryDirectory()
        let result = try AppAlertProcess.run(["validate", "--json", try directory.write("feed.json", feed)])
        #expect(result.status == 1, "\(result.standardOutput)")
        let report = try parseJSON(result.standardOutput)
        guard case .array(let errors)? = report["errors"] else {
            Issue.record("no errors: \(result.standardOutput)")
            return
        }
        let paths = errors.compactMap { value -> String? in
            guard case .object(let entry) = value, case .string(let path)? = entry["path"] else { return nil }
            return path
        }
        #expect(paths.contains(path), "\(paths)")
    }

    @Test
    func validateWarnsAboutLowContrastNamingBothColorsAndTheRatio() throws {
        let feed =
            ##"[{"id": 1, "bundleId": "app", "title": "T", "text": "X", "layout": "modal", "colors": {"text": "#999999", "background": "#FFFFFF"}}]"##
        let directory = try TemporaryDirectory()
        let result = try AppAlertProcess.run(["validate", try directory.write("feed.json", feed)])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "warning: $[0].colors (message 1): text #999999 on background #FFFFFF has a contrast ratio of 2.85:1 "
                    + "in light and dark appearance; text needs at least 4.5:1 to be readable (WCAG 2.x)"),
            "\(result.standardOutput)")
    }
}
