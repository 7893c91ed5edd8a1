import Foundation
import TestSupport
import Testing

let chromium: URL? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }
/// Node (20 or later, for `--experimental-websocket`), which runs the DevTools driver page-audit.mjs.
let node: URL? = ["/usr/bin/node", "/usr/local/bin/node"].map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// `appalert report --html`: one page that needs nothing but itself, drawn by a real browser.
@Suite
struct ReportPageTests {
    static let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    /// Where the screenshots go: the source of docs/images/report-light.png and report-dark.png
    /// (pngquant --quality=60-85, then optipng).
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts")

    static let feed = """
        [{"id": 5, "bundleId": "com.example.A", "title": "Keep notes <in> folders", "text": "Folders are here.",
          "buttons": [{"title": "Try", "action": {"url": "https://example.com/folders"}}, {"title": "Not now", "action": "dismiss"}],
          "conversion": {"event": "folder-created", "withinHours": 72},
          "variants": [{"weight": 1, "name": "Control"}, {"weight": 1, "name": "New title", "title": "New: folders"}]},
         {"id": 7, "bundleId": "com.example.A", "layout": "banner", "title": "Sync is faster", "text": "x",
          "action": {"event": "whats-new"}}]
        """

    /// Two weeks of a two-variant test (message 5), a banner (7) and an update prompt, then the marked
    /// counts: the page of docs/images/report-light.png and report-dark.png.
    static let twoWeeks: [StoredCount] = {
        var rows: [StoredCount] = []
        for day in 10...23 {
            let date = "2026-11-\(day)"
            for variant in 0...1 {
                let shown = Int64(300 + (day * 37 + variant * 53) % 200)
                let percents: [(String, Int64)] = [
                    ("dismissed", 55 - Int64(variant * 6)), ("button.0", 10 + Int64(variant * 4 + day % 3)),
                    ("button.1", 5), ("conversion", 2 + Int64(variant)),
                ]
                rows.append(StoredCount(day: date, message: 5, variant: variant, event: "shown", n: shown))
                for (event, percent) in percents {
                    rows.append(
                        StoredCount(day: date, message: 5, variant: variant, event: event, n: shown * percent / 100))
                }
            }
            if day >= 17 {
                rows.append(StoredCount(day: date, message: 7, event: "shown", n: Int64(40 + day % 5 * 4)))
                rows.append(StoredCount(day: date, message: 7, event: "tap", n: Int64(3 + day % 4)))
            }
        }
        for (event, n) in [
            ("update.shown", 820), ("update.accepted", 410), ("update.later", 260), ("update.skipped", 95),
        ] {
            rows.append(StoredCount(day: "2026-11-22", version: "2.0", event: event, n: Int64(n)))
        }
        return rows + ReportCommandTests.hostileCounts
    }()

    /// Writes the page of `twoWeeks`, with the feed.
    static func page(in directory: borrowing TemporaryDirectory) async throws -> (path: String, html: String) {
        let database = try await ResultsDatabases.sqlite(in: directory, twoWeeks)
        let feed = try directory.write("messages.json", Self.feed)
        let page = directory.url.appendingPathComponent("report.html").path
        let result = try Appalert.run(["report", "--database", database, "--feed", feed, "--html", page])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Results for every app"))
        return (page, try String(contentsOfFile: page, encoding: .utf8))
    }

    @Test
    func thePageIsSelfContainedAndSaysEverythingInText() async throws {
        let directory = try TemporaryDirectory()
        let html = try await Self.page(in: directory).html
        // Nothing to fetch, nothing to run.
        for needle in ["<script", "src=", "href=", "url(", "@import", "http://", "https://", "<link", "@font-face"] {
            #expect(!html.contains(needle), "\(needle)")
        }
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        // A feed's text is escaped.
        #expect(html.contains("Keep notes &lt;in&gt; folders") && !html.contains("<in>"))
        // Every chart is an image with a title and a description; every message has its table.
        let charts = html.components(separatedBy: "<svg ").count - 1
        #expect(charts == html.components(separatedBy: "role=\"img\" aria-labelledby=").count - 1)
        #expect(charts == html.components(separatedBy: "<title id=").count - 1)
        #expect(charts == html.components(separatedBy: "<desc id=").count - 1)
        #expect(html.contains("<caption>The numbers of message 5</caption>"))
        #expect(
            html.contains(
                "Showings and actions per UTC day from 2026-11-10 to 2026-11-23: 5,547 showings, 3,044 dismissed, 605 &quot;Try&quot;"
            ))
        #expect(html.contains("⚠ All showings: button.0 counted 15 times for 10 showings"))
        #expect(!containsNonFiniteNumber(html))
        // The headline opens the message; variants by name, buttons by title.
        #expect(html.contains("<p class=\"headline headline-better\">&quot;New title&quot; converts "), "\(html)")
        #expect(html.contains("<th scope=\"row\">Control (baseline)</th><td>&quot;Try&quot;</td>"))
    }

    /// Message 7 is counted from 2026-11-17, message 5 from the 10th: every daily chart (each variant of
    /// each message) has the same days, from the report's first day to its last, so they line up.
    @Test
    func everyDailyChartSharesOneDateAxis() async throws {
        let directory = try TemporaryDirectory()
        let html = try await Self.page(in: directory).html
        let charts = html.components(separatedBy: "<figure>").dropFirst().filter { $0.contains(", per day</title>") }
        #expect(charts.count >= 4, "\(charts.count)")
        let axes = charts.map { chart in
            chart.components(separatedBy: "text-anchor=\"middle\">").dropFirst().map {
                String($0.prefix { $0 != "<" })
            }
        }
        #expect(axes.first == ["11-10", "11-17", "11-23"], "\(axes)")
        #expect(Set(axes.map { $0.joined(separator: " ") }).count == 1, "\(axes)")
        // Message 7's chart has a bar for every day of the axis (zero-high before its first count).
        let banner = try #require(charts.first { $0.contains("of message 7, per day") })
        #expect(banner.components(separatedBy: "<rect class=\"bar\"").count - 1 == 14, "\(banner.prefix(300))")
    }

    @Test(.enabled(if: chromium != nil, "Chromium is not installed"))
    func thePageRendersInARealBrowserInLightAndDark() async throws {
        let directory = try TemporaryDirectory()
        let page = try await Self.page(in: directory).path
        let url = URL(fileURLWithPath: page).absoluteString
        let dom = try ProcessResult.run(chromium!, Self.common + ["--dump-dom", url]).standardOutput
        // Message 5: a daily chart per variant and the rates; 7 (no variant), 9, 10, 11 (two variants).
        #expect(dom.components(separatedBy: "<svg ").count - 1 == 3 + 2 + 2 + 2 + 3)
        #expect(dom.contains("<h2 id=\"m5\">Message 5 “Keep notes &lt;in&gt; folders”</h2>"))
        #expect(dom.contains("<h2 id=\"updates\">Update prompts</h2>"))
        #expect(dom.contains("<td class=\"verdict-better\">better</td>"))
        #expect(dom.contains("<polyline class=\"line c1\""))

        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        var shots: [Data] = []
        for (name, flags) in [
            ("light", [String]()), ("dark", ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]),
        ] {
            let shot = Self.artifacts.appendingPathComponent("report-\(name).png")
            try? FileManager.default.removeItem(at: shot)
            let result = try ProcessResult.run(
                chromium!, Self.common + flags + ["--window-size=1100,1200", "--screenshot=\(shot.path)", url])
            #expect(result.status == 0)
            let png = try Data(contentsOf: shot)
            #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "\(name)")
            #expect(png.count > 20_000, "\(name): \(png.count) bytes")
            shots.append(png)
        }
        #expect(shots[0] != shots[1], "the dark page looks like the light one")
    }
}
