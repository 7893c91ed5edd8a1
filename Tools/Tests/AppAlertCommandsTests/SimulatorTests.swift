@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// `serve --dev`'s simulator: `/_appalert/evaluate` against `appalert evaluate --json --explain`, and
/// the preview page's form in a real browser.
@Suite(.serialized)
struct SimulatorTests {
    static let feed = """
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "com.example.A", "title": "Maintenance tonight", "text": "Sync pauses at 02:00.",
           "localizations": {"fr": {"title": "Maintenance ce soir"}}},
          {"id": 2, "bundleId": "com.example.A", "title": "Update required", "text": "This version no longer works.",
           "dismissible": false, "link": {"title": "Update", "url": "https://apps.apple.com/app/id1"},
           "appVersionRange": "<2", "platforms": ["ios"], "priority": 3},
          {"id": 3, "bundleId": "com.example.A", "title": "Half", "text": "x", "rollout": 50, "priority": 5},
          {"id": 4, "bundleId": "com.example.A", "title": "New in 2.1", "text": "x", "whatsNew": ">=2.1"},
          {"id": 5, "bundleId": "com.example.A", "title": "Thanks", "text": "x", "trigger": {"event": "purchase"},
           "attributes": {"plan": "pro"}, "minLaunches": 3, "minDaysSinceInstall": 30,
           "variants": [{"weight": 1, "title": "Thanks A"}, {"weight": 2, "title": "Thanks B"}]}
        ]}
        """

    /// (query, the same install as `evaluate` options)
    static let installs: [(String, [String])] = [
        (
            "bundleId=com.example.A&appVersion=1.0&platform=ios&now=2026-11-22T00:00:00Z",
            [
                "--bundle-id", "com.example.A", "--app-version", "1.0", "--platform", "ios", "--now",
                "2026-11-22T00:00:00Z",
            ]
        ),
        (
            "bundleId=com.example.A&appVersion=2.0&platform=macos&locale=fr&locale=en&now=2026-11-22T00:00:00Z",
            [
                "--bundle-id", "com.example.A", "--app-version", "2.0", "--platform", "macos", "--locale", "fr",
                "--locale", "en", "--now", "2026-11-22T00:00:00Z",
            ]
        ),
        (
            "bundleId=com.example.A&appVersion=2.1&build=7&osVersion=14.4&platform=macos&installId=abc&seen=1"
                + "&seen=3:2&previousVersion=2.0&now=2026-11-22T00:00:00Z",
            [
                "--bundle-id", "com.example.A", "--app-version", "2.1", "--build", "7", "--os-version", "14.4",
                "--platform", "macos", "--install-id", "abc", "--seen", "1", "--seen", "3:2", "--previous-version",
                "2.0", "--now", "2026-11-22T00:00:00Z",
            ]
        ),
        (
            "bundleId=com.example.A&appVersion=1.0&platform=ios&attribute=plan%3Dpro&attribute=level%3D3"
                + "&event=purchase&launchCount=4&installedAt=2026-01-01T00:00:00Z&updatedAt=2026-11-01T00:00:00Z"
                + "&now=2026-11-22T00:00:00Z",
            [
                "--bundle-id", "com.example.A", "--app-version", "1.0", "--platform", "ios", "--attribute",
                "plan=pro", "--attribute", "level=3", "--event", "purchase", "--launch-count", "4",
                "--installed-at", "2026-01-01T00:00:00Z", "--updated-at", "2026-11-01T00:00:00Z", "--now",
                "2026-11-22T00:00:00Z",
            ]
        ),
        (
            "feed=messages.json&bundleId=com.example.B&appVersion=1.0&platform=linux&now=2026-11-22T00:00:00Z",
            [
                "--bundle-id", "com.example.B", "--app-version", "1.0", "--platform", "linux", "--now",
                "2026-11-22T00:00:00Z",
            ]
        ),
    ]

    @Test
    func theEndpointAnswersExactlyWhatEvaluateJSONExplainPrints() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        for (query, options) in Self.installs {
            let (status, headers, body) = try server.get("/_appalert/evaluate?" + query)
            #expect(status == 200, "\(query): \(String(decoding: body, as: UTF8.self))")
            #expect(headers["content-type"] == "application/json")
            let command = try AppAlertProcess.run(["evaluate", file] + options + ["--json", "--explain"])
            #expect(command.status == 0)
            #expect(String(decoding: body, as: UTF8.self) == command.standardOutput, "\(query)")
        }
    }

    /// The form's fields take what the console's take: a language by name and a plain day (or a day and
    /// time, in UTC), answered as `evaluate` answers the tag and the RFC 3339 moment.
    @Test
    func languageNamesAndPlainDaysAreReadAsTheConsoleReadsThem() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let typed = [
            (
                "locale=French&locale=English%20(en)&now=2026-11-22",
                ["--locale", "fr", "--locale", "en", "--now", "2026-11-22T00:00:00Z"]
            ),
            (
                "locale=ga&now=2026-11-22%2009:30&installedAt=2026-01-01",
                ["--locale", "ga", "--now", "2026-11-22T09:30:00Z", "--installed-at", "2026-01-01T00:00:00Z"]
            ),
            // As the page's form sends them (URLSearchParams): a space is "+", a typed "+" is "%2B".
            (
                "locale=English+(en)&now=2026-11-22+09%3A30&installedAt=2026-01-01+08%3A00"
                    + "&attribute=plan%3Dpro+max&attribute=tier%3Da%2Bb",
                [
                    "--locale", "en", "--now", "2026-11-22T09:30:00Z", "--installed-at", "2026-01-01T08:00:00Z",
                    "--attribute", "plan=pro max", "--attribute", "tier=a+b",
                ]
            ),
        ]
        for (query, options) in typed {
            let (status, _, body) = try server.get(
                "/_appalert/evaluate?bundleId=com.example.A&appVersion=1.0&platform=ios&" + query)
            #expect(status == 200, "\(query): \(String(decoding: body, as: UTF8.self))")
            let command = try AppAlertProcess.run(
                ["evaluate", file, "--bundle-id", "com.example.A", "--app-version", "1.0", "--platform", "ios"]
                    + options
                    + ["--json", "--explain"])
            #expect(String(decoding: body, as: UTF8.self) == command.standardOutput, "\(query)")
        }
    }

    @Test(arguments: [
        ("bundleId=com.example.A", 400, "Missing expected argument '--app-version"),
        ("bundleId=com.example.A&appVersion=1..2", 400, "--app-version: invalid version \\\"1..2\\\""),
        ("bundleId=com.example.A&appVersion=1.0&platform=amiga", 400, "--platform: unknown platform"),
        ("bundleId=com.example.A&appVersion=1.0&color=red", 400, "unknown parameter \\\"color\\\""),
        ("feed=other.json&bundleId=com.example.A&appVersion=1.0", 404, "is not a served feed"),
    ])
    func aBadQueryGetsAnErrorNamingTheParameter(query: String, status: Int, message: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let (answer, _, body) = try server.get("/_appalert/evaluate?" + query)
        let text = String(decoding: body, as: UTF8.self)
        #expect(answer == status, "\(text)")
        #expect(text.hasPrefix("{\"error\":") && text.contains(message), "\(text)")
    }

    @Test
    func withSeveralFeedsTheQueryNamesOneAndWithoutDevThereIsNoSimulator() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("messages.json", Self.feed)
        _ = try directory.write(
            "beta.json", "[{\"id\": 9, \"bundleId\": \"com.example.A\", \"title\": \"Beta\", \"text\": \"x\"}]")
        let server = try ServeProcess([directory.url.path, "--dev"])
        defer { server.stop() }
        let (unnamed, _, body) = try server.get("/_appalert/evaluate?bundleId=com.example.A&appVersion=1.0")
        #expect(unnamed == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("beta.json, messages.json"))
        let (named, _, answer) = try server.get(
            "/_appalert/evaluate?feed=beta.json&bundleId=com.example.A&appVersion=1.0")
        #expect(named == 200)
        #expect(String(decoding: answer, as: UTF8.self).contains("\"selected\": 9"))

        let file = directory.url.appendingPathComponent("messages.json").path
        let plain = try ServeProcess([file])
        defer { plain.stop() }
        let (status, _, _) = try plain.get("/_appalert/evaluate?bundleId=com.example.A&appVersion=1.0")
        #expect(status == 404)
    }

    /// The form starts on an iPhone at today's iOS, not on this machine's platform and kernel version; each
    /// platform offers its own current release (the list of platforms stays whole).
    @Test
    func theFormStartsOnIOSAtItsCurrentReleaseWhateverThisMachineIs() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let (status, _, body) = try server.get("/")
        let page = String(decoding: body, as: UTF8.self)
        #expect(status == 200)
        #expect(page.contains("<select name=\"platform\" data-default=\"ios\">"))
        #expect(page.contains("<input name=\"osVersion\" data-default=\"27.1\""))
        for platform in Platform.known { #expect(page.contains("<option value=\"\(platform.rawValue)\">")) }
        let system = ProcessInfo.processInfo.operatingSystemVersion
        #expect(!page.contains("data-default=\"\(system.majorVersion).\(system.minorVersion).\(system.patchVersion)\""))
    }

    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func theFormShowsWhatTheInstallInTheLinkSeesInARealBrowser() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let url =
            "http://127.0.0.1:\(server.port)/?bundleId=com.example.A&appVersion=1.0&platform=ios&locale=fr"
            + "&now=2026-11-22T00:00:00Z"
        // The page fetches the answer after loading: virtual time lets it finish before the dump.
        let common = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900",
            "--virtual-time-budget=10000",
        ]
        let dom = try AppAlertProcess.run(common + ["--dump-dom", url], executable: chromiumExecutable!).standardOutput
        let result = try #require(dom.range(of: "id=\"simulator-result\"").map { String(dom[$0.lowerBound...]) })
        #expect(result.contains(" · fr</div>"), "\(result.prefix(600))")
        // The wall (priority 3) is what 1.0 on iOS sees; the rollout message needs an install id.
        // Its phone (the web client's drawing inside, in a shadow root the dump does not show) says it is a wall.
        #expect(
            result.contains("<div class=\"phone light layout-alert\" dir=\"ltr\" role=\"img\""), "\(result.prefix(600))"
        )
        #expect(result.contains("id=\"simulator-message\""))
        #expect(result.contains("<div class=\"note\">a wall</div>"))
        // The OS version the link leaves out is a current one of the platform it names.
        #expect(result.contains("Install: com.example.A · 1.0 · ios · 27.1 · fr</div>"), "\(result.prefix(600))")
        #expect(result.contains("<tr class=\"chosen\"><td>#2</td><td>shown</td>"))
        // Each message's line in words: the part that decided as the console names it, why from the
        // rule's facts (no rule name, no bucket), the engine's sentence only as a detail.
        #expect(
            result.contains(
                "<td>#3</td><td>depends on the install</td><td>Rollout</td><td>Depends on the install: its rollout "
                    + "reaches 50% of installs, each chosen by its install id; give one to check it.</td>"),
            "\(result)")
        // #3 (priority 5) would come before the wall were this install in its rollout: said as the console says
        // it, and the wall is what the others see.
        #expect(
            result.contains(
                "<p class=\"depends\">It depends on the install: 50% of installs like this one see message #3 (its "
                    + "rollout), each chosen by its install id. Give an install id to check one of them.</p>"
                    + "<p class=\"meta\">The other installs like this one see message #2:</p>"),
            "\(result.prefix(900))")
        #expect(
            result.contains(
                "<td>#4</td><td>not shown</td><td>What's new</td><td>Only just after an update into the versions it "
                    + "names.<span class=\"detail\"> (what's new: "), "\(result)")
        #expect(dom.contains("value=\"fr\""))

        // A value evaluate refuses is said by the field's label, never by its command-line flag.
        let refused =
            "http://127.0.0.1:\(server.port)/?bundleId=com.example.A&appVersion=1.0&platform=ios&locale=Klingonish%20x"
            + "&now=tomorrow"
        let refusedDOM = try AppAlertProcess.run(common + ["--dump-dom", refused], executable: chromiumExecutable!)
            .standardOutput
        let refusal = try #require(
            refusedDOM.range(of: "<p class=\"error\">").map { start in
                let rest = refusedDOM[start.upperBound...]
                return String(rest[..<(rest.range(of: "</p>")?.lowerBound ?? rest.endIndex)])
            })
        #expect(refusal.hasPrefix("Languages: ") || refusal.hasPrefix("Now: "), "\(refusal)")
        #expect(!refusal.contains("--"), "\(refusal)")

        // A day and time as the Now field's placeholder shows it: the page sends the space as "+", which
        // the simulator reads as a space, not as part of the moment.
        let spaced =
            "http://127.0.0.1:\(server.port)/?bundleId=com.example.A&appVersion=1.0&platform=ios"
            + "&now=2026-11-22%2009:30&installedAt=2026-01-01%2008:00"
        let spacedDOM = try AppAlertProcess.run(common + ["--dump-dom", spaced], executable: chromiumExecutable!)
            .standardOutput
        let spacedResult = try #require(
            spacedDOM.range(of: "id=\"simulator-result\"").map { String(spacedDOM[$0.lowerBound...]) })
        #expect(!spacedResult.contains("class=\"error\""), "\(spacedResult.prefix(600))")
        #expect(spacedResult.contains("<tr class=\"chosen\"><td>#2</td><td>shown</td>"), "\(spacedResult.prefix(600))")

        // The campaign fields: an event message for an install with attributes, launches and an
        // install date, in the variant its install id gets.
        let campaign =
            "http://127.0.0.1:\(server.port)/?bundleId=com.example.A&appVersion=2.0&platform=macos&event=purchase"
            + "&attribute=plan%3Dpro&attribute=beta%3Dtrue&launchCount=4&installedAt=2026-01-01T00:00:00Z"
            + "&installId=abc&now=2026-11-22T00:00:00Z"
        let campaignDOM = try AppAlertProcess.run(common + ["--dump-dom", campaign], executable: chromiumExecutable!)
            .standardOutput
        let campaignResult = try #require(
            campaignDOM.range(of: "id=\"simulator-result\"").map { String(campaignDOM[$0.lowerBound...]) })
        #expect(campaignResult.contains(" · event purchase</div>"), "\(campaignResult.prefix(600))")
        #expect(campaignResult.contains("aria-label=\"An alert (light): Thanks B."), "\(campaignResult.prefix(600))")
        // The variant with its share, as the cards and the console name it.
        #expect(
            campaignResult.contains("#5 · variant B, 2 of 3 shares (66.67%)</div>"), "\(campaignResult.prefix(600))")
        #expect(
            campaignResult.contains(
                "<td>#1</td><td>not shown</td><td>Trigger</td><td>Not shown at the event “purchase”.<span"),
            "\(campaignResult)")
        #expect(campaignDOM.contains("value=\"plan=pro, beta=true\""))
        #expect(campaignDOM.contains("value=\"4\""))
        // The gallery's card says how the message is targeted.
        #expect(
            campaignDOM.contains(
                "apps: com.example.A · event purchase · attributes plan=\"pro\" · from launch 3 · 30 days after install"
                    + " · variants 1:2"), "\(campaignDOM.suffix(800))")

        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("simulator.png")
        try? FileManager.default.removeItem(at: screenshot)
        let shot = try AppAlertProcess.run(
            common + ["--screenshot=\(screenshot.path)", url], executable: chromiumExecutable!)
        #expect(shot.status == 0)
        #expect(Array(try Data(contentsOf: screenshot).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }
}
