@_spi(Authoring) import AppAlert
import Foundation
import Testing

@testable import AppAlertServer

/// The line under each card of the preview page: how the message is targeted.
struct PreviewPageTests {
    static let base = #""id": 1, "bundleId": "com.example.A", "title": "T", "text": "x""#

    @Test(arguments: [
        ("", "apps: com.example.A"),
        (#""trigger": {"event": "purchase"}"#, "apps: com.example.A · event purchase"),
        (#""trigger": "launch""#, "apps: com.example.A"),
        (
            #""attributes": {"plan": ["free", "trial"], "level": 3, "beta": true}"#,
            #"apps: com.example.A · attributes plan="free"|"trial", level=3, beta=true"#
        ),
        (#""installIds": ["a", "b"]"#, "apps: com.example.A · 2 test installs"),
        (
            #""minLaunches": 3, "minDaysSinceInstall": 0, "minDaysSinceUpdate": 7"#,
            "apps: com.example.A · from launch 3 · 0 days after install · 7 days after update"
        ),
        (
            #""rolloutSchedule": [{"at": "2026-01-01T00:00:00Z", "percent": 10}, {"at": "2026-02-01T09:30:00Z", "percent": 62.5}]"#,
            "apps: com.example.A · rollout 10% from 2026-01-01, 62.5% from 2026-02-01 09:30 UTC"
        ),
        // Dates as the console's fields show them: the day alone at midnight UTC, else the time in UTC.
        (
            #""startDate": "2026-11-30T00:00:00Z", "endDate": "2026-12-14T10:00:00+02:00""#,
            "apps: com.example.A · from 2026-11-30 · until 2026-12-14 08:00 UTC"
        ),
        (#""startDate": "2026-11-30T09:15:30.250Z""#, "apps: com.example.A · from 2026-11-30 09:15:30 UTC"),
        (
            #""variants": [{"weight": 1, "title": "A"}, {"weight": 3, "text": "B"}]"#,
            "apps: com.example.A · variants 1:3"
        ),
    ])
    func theCardSaysHowAMessageIsTargeted(keys: String, line: String) throws {
        let text = "[{" + Self.base + (keys.isEmpty ? "" : ", " + keys) + "}]"
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let message = try #require(result.feed.messages.first)
        #expect(PreviewPage.targeting(message) == line)
    }
}
