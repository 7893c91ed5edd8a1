@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// `appalert evaluate`'s campaign flags (issue 15) as a process: a stable interface.
struct CampaignCommandTests {
    static let feed = """
        {"format": 2, "messages": [
         {"id": 1, "bundleId": "a", "title": "Pro offer", "text": "x", "attributes": {"plan": ["free", "trial"], "level": 3}},
         {"id": 2, "bundleId": "a", "title": "After purchase", "text": "x", "trigger": {"event": "purchase"}, "priority": 9},
         {"id": 3, "bundleId": "a", "title": "Base", "text": "x", "minLaunches": 3, "priority": 2,
          "variants": [{"weight": 1, "title": "Variant A"}, {"weight": 1, "title": "Variant B"}]},
         {"id": 4, "bundleId": "a", "title": "Loyal", "text": "x", "minDaysSinceInstall": 30, "minDaysSinceUpdate": 2,
          "priority": 5}
        ]}
        """

    @Test(arguments: [
        (["--attribute", "plan=free", "--attribute", "level=3.0"], 1 as Int?, nil as Int?),
        (["--attribute", "plan=free", "--attribute", "level=\"3\""], nil, nil),
        (["--attribute", "plan=pro", "--attribute", "level=3"], nil, nil),
        (["--event", "purchase", "--attribute", "plan=free", "--attribute", "level=3"], 2, nil),
        (["--event", "Purchase"], nil, nil),
        (["--launch-count", "3", "--install-id", "z"], 3, 0),
        (["--launch-count", "3"], 3, 0),
        (
            [
                "--now", "2026-11-22T00:00:00Z", "--installed-at", "2026-10-01T00:00:00Z", "--updated-at",
                "2026-11-19T12:00:00Z",
            ], 4, nil
        ),
        (
            [
                "--now", "2026-11-22T00:00:00Z", "--installed-at", "2026-10-01T00:00:00Z", "--updated-at",
                "2026-11-20T12:00:00Z",
            ], nil, nil
        ),
        (["--now", "2026-11-22T00:00:00Z", "--updated-at", "2026-11-01T00:00:00Z"], nil, nil),
    ])
    func evaluateDecidesWithTheCampaignFlags(arguments: [String], selected: Int?, variant: Int?) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run(
            ["evaluate", feed, "--bundle-id", "a", "--app-version", "1.0", "--json"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        guard case .object(let report) = try JSONParser().parse(result.standardOutput) else {
            Issue.record("not an object")
            return
        }
        #expect(report["selected"] == selected.map { .integer(Int64($0)) } ?? .null, "\(arguments)")
        #expect(report["variant"] == variant.map { .integer(Int64($0)) } ?? .null, "\(arguments)")
        if variant != nil, case .object(let message)? = report["message"] {
            #expect(message["title"] == "Variant A" || message["title"] == "Variant B")
        }
    }

    @Test(arguments: [
        (["--attribute", "plan"], "--attribute: \"plan\" is not KEY=VALUE"),
        (["--attribute", "=free"], "--attribute: \"=free\" is not KEY=VALUE"),
        (["--event", "buy now"], "--event: \"buy now\" is not an event name"),
        (["--launch-count", "0"], "--launch-count: must be 1 or more"),
        (["--installed-at", "yesterday"], "--installed-at: invalid timestamp"),
        (["--updated-at", "2026-11-01"], "--updated-at: invalid timestamp"),
    ])
    func aBadCampaignFlagExitsTwoNamingIt(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run(
            ["evaluate", feed, "--bundle-id", "a", "--app-version", "1.0"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test
    func validateNamesEachMalformedCampaignValueByItsPath() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json",
            """
            [{"id": 1, "bundleId": "a", "title": "T", "text": "X", "variants": [{"weight": 0}, {"weight": 1}]},
             {"id": 2, "bundleId": "a", "title": "T", "text": "X", "trigger": {"event": "no spaces"}},
             {"id": 3, "bundleId": "a", "title": "T", "text": "X",
              "rolloutSchedule": [{"at": "2027-01-02T00:00:00Z", "percent": 20}, {"at": "2027-01-01T00:00:00Z", "percent": 30}]}]
            """)
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == 1)
        for path in ["$[0].variants[0].weight", "$[1].trigger.event", "$[2].rolloutSchedule[1].at"] {
            #expect(result.standardOutput.contains("error: \(path)"), "\(path): \(result.standardOutput)")
        }
    }

    @Test
    func audienceTakesTheSameCampaignFlags() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let common = [
            "audience", feed, "--bundle-id", "a", "--app-version", "1.0", "--platform", "ios", "--locale", "en",
        ]
        let plain = try AppAlertProcess.run(common + ["--os-version", "17.2"])
        #expect(plain.standardOutput.contains("nothing"), "\(plain.standardOutput)")
        let pro = try AppAlertProcess.run(
            common + ["--os-version", "17.2", "--attribute", "plan=trial", "--attribute", "level=3"])
        #expect(pro.standardOutput.contains("#1 Pro offer"), "\(pro.standardOutput)")
        let event = try AppAlertProcess.run(common + ["--os-version", "17.2", "--event", "purchase"])
        #expect(event.standardOutput.contains("#2 After purchase"), "\(event.standardOutput)")
        let bad = try AppAlertProcess.run(common + ["--launch-count", "0"])
        #expect(bad.status == 2 && bad.standardError.contains("--launch-count: must be 1 or more"))
    }
}
