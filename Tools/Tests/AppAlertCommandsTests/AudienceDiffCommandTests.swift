import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// `appalert audience` and `appalert diff` as processes.
struct AudienceDiffCommandTests {
    static let feed = """
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "com.example.App", "title": "Wall", "text": "x", "appVersionRange": "<2",
           "dismissible": false, "link": {"title": "Update", "url": "https://example.com"}},
          {"id": 2, "bundleId": "com.example.App", "title": "New", "text": "x", "appVersions": ["2.0"], "rollout": 40}
        ]}
        """

    @Test
    func audienceListsEveryCombinationAsJSONRows() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run([
            "audience", feed, "--bundle-id", "com.example.App", "--platform", "ios", "--platform", "macos",
            "--locale", "en", "--os-version", "17.2", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        guard case .array(let rows) = try JSONParser().parse(result.standardOutput) else {
            Issue.record("not a JSON array: \(result.standardOutput)")
            return
        }
        // The feed mentions 2 (from <2) and 2.0 (the same version): one app version × 2 platforms.
        #expect(rows.count == 2)
        for row in rows {
            guard case .object(let object) = row else { continue }
            #expect(object.keys == ["appVersion", "osVersion", "platform", "locale", "selected", "rolloutPercent"])
            #expect(object["selected"] == 2)
            #expect(object["rolloutPercent"] == 40)
        }
        let table = try AppAlertProcess.run([
            "audience", feed, "--bundle-id", "com.example.App", "--app-version", "1.5", "--app-version", "2.0",
            "--platform", "ios", "--locale", "en", "--os-version", "17.2",
        ])
        #expect(
            table.standardOutput
                == """
                APP  OS    PLATFORM  LANGUAGE  SEES     ROLLOUT
                1.5  17.2  ios       en        #1 Wall  100 %
                2.0  17.2  ios       en        #2 New   40 %

                """)
    }

    @Test(arguments: [
        (["--platform", "amiga"], "--platform: unknown platform"),
        (["--app-version", "1..2"], "--app-version:"),
        (["--locale", "english!"], "--locale:"),
    ])
    func audienceRefusesABadValueNamingTheOption(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run(["audience", feed, "--bundle-id", "com.example.App"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test(arguments: [
        ("the same feed", feed, 0, "no install sees a different message"),
        (
            "a wider rollout", feed.replacingOccurrences(of: "\"rollout\": 40", with: "\"rollout\": 80"), 1,
            "(40 %) → #2 New (80 %)"
        ),
        ("a new title", feed.replacingOccurrences(of: "\"New\"", with: "\"Newer\""), 1, "changed #2 (title)"),
        ("not JSON", "{\"format\": 2,", 2, "not JSON"),
        ("not a feed", "{\"format\": 2}", 2, "not a feed"),
    ])
    func diffExitsZeroOneOrTwo(name: String, new: String, status: Int32, expected: String) throws {
        let directory = try TemporaryDirectory()
        let old = try directory.write("old.json", Self.feed)
        let edited = try directory.write("new.json", new)
        let result = try AppAlertProcess.run(["diff", old, edited, "--now", "2026-11-22T00:00:00Z"])
        #expect(result.status == status, "\(name): \(result.standardError)")
        #expect((result.standardOutput + result.standardError).contains(expected), "\(name): \(result.standardOutput)")
    }
}
