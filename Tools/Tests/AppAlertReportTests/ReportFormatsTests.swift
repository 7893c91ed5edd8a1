@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

@testable import AppAlertResults

/// One database read by every format of `appalert report` and by the console's figures: the same names,
/// button titles, numbers and headline everywhere.
@Suite
struct ReportFormatsTests {
    static let feed = """
        {"format": 2, "messages": [
          {"id": 3, "bundleId": "com.example.A", "title": "Summer sale", "text": "20% off.",
           "startDate": "2026-11-20T00:00:00Z", "endDate": "2026-11-23T00:00:00Z",
           "buttons": [{"title": "Buy now", "action": "dismiss"}],
           "conversion": {"event": "purchase", "withinHours": 48},
           "variants": [{"weight": 1, "name": "Control"}, {"weight": 1, "name": "Discount", "text": "30% off."}]},
          {"id": 4, "bundleId": "com.example.A", "title": "Tips", "text": "x",
           "buttons": [{"title": "Show me", "action": "dismiss"}], "conversion": {"event": "tip", "withinHours": 24}}
        ]}
        """

    static let counts: [StoredCount] = [
        StoredCount(day: "2026-11-20", message: 3, variant: 0, event: "shown", n: 500),
        StoredCount(day: "2026-11-20", message: 3, variant: 0, event: "button.0", n: 40),
        StoredCount(day: "2026-11-20", message: 3, variant: 0, event: "conversion", n: 50),
        StoredCount(day: "2026-11-20", message: 3, variant: 1, event: "shown", n: 500),
        StoredCount(day: "2026-11-20", message: 3, variant: 1, event: "button.0", n: 45),
        StoredCount(day: "2026-11-20", message: 3, variant: 1, event: "conversion", n: 64),
        // A conversion two days after the last day shown (the 22nd: the end, midnight of the 23rd, is
        // exclusive) is within its 48 hours; a showing before the start is not.
        StoredCount(day: "2026-11-24", message: 3, variant: 1, event: "conversion", n: 1),
        StoredCount(day: "2026-11-18", message: 3, variant: 1, event: "shown", n: 3),
        // Message 4: conversions, and no showing recorded.
        StoredCount(day: "2026-11-21", message: 4, event: "conversion", n: 2),
    ]

    /// Update versions in version order (3.3 before 3.17), not as text; one that is not a version last.
    @Test
    func updateVersionsAreListedInVersionOrder() async throws {
        let directory = try TemporaryDirectory()
        let versions = ["3.17", "3.3", "3.10", "10.0", "3.3.1", "2.9"]
        let database = try await ResultsDatabases.sqlite(
            in: directory, versions.map { StoredCount(day: "2026-11-20", version: $0, event: "update.shown", n: 1) })
        let rawJSON = try Appalert.run(["report", "--database", database, "--json"]).standardOutput
        let json = try #require(try JSONSerialization.jsonObject(with: Data(rawJSON.utf8)) as? [String: Any])
        let listed = (json["updates"] as? [[String: Any]] ?? []).compactMap { $0["version"] as? String }
        #expect(listed == ["2.9", "3.3", "3.3.1", "3.10", "3.17", "10.0"])
    }

    @Test
    func textHTMLCSVJSONAndTheConsoleSayTheSameNamesTitlesNumbersAndHeadline() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, Self.counts)
        let feed = try directory.write("feed.json", Self.feed)
        let page = directory.url.appendingPathComponent("report.html").path
        let base = ["report", "--database", database, "--feed", feed]
        let text = try Appalert.run(base + ["--html", page])
        try #require(text.status == 0, "\(text.standardError)")
        let csv = try Appalert.run(base + ["--csv"]).standardOutput
        let rawJSON = try Appalert.run(base + ["--json"]).standardOutput
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(rawJSON.utf8)) as? [String: Any])
        let messages = try #require(json["messages"] as? [[String: Any]])
        try #require(messages.count == 2)

        let figures = await ResultsReport.figuresByMessage(database: database, feed: Data(Self.feed.utf8))
        guard case .object(let byID) = figures else {
            Issue.record("no figures: \(figures.serialized())")
            return
        }
        for message in messages {
            let id = try #require(message["id"] as? Int)
            let headline = try #require((message["headline"] as? [String: Any])?["text"] as? String)
            #expect(text.standardOutput.contains(headline), "text lacks \(headline)")
            #expect(html.contains(HTMLText.escaped(headline)), "HTML lacks \(headline)")
            #expect(csv.contains("\"" + headline.replacingOccurrences(of: "\"", with: "\"\"") + "\""), "CSV lacks it")
            // The console's figures are the report's, headline included.
            guard case .object(let console)? = byID[String(id)],
                case .object(let consoleHeadline)? = console["headline"]
            else {
                Issue.record("no console figures for \(id)")
                continue
            }
            #expect(consoleHeadline["text"]?.stringValue == headline)
            // The console's line is the report's: its headline, then each variant's counts and rates as
            // the text prints them, with the marks.
            let summary = try #require(console["summary"]?.stringValue)
            #expect(summary.hasPrefix(headline))
            // `--json` has the same line.
            #expect(message["summary"] as? String == summary, "\(message)")
            for variant in message["variants"] as? [[String: Any]] ?? [] {
                let label = try #require(variant["label"] as? String)
                let rates = variant["rates"] as? [String: [String: Any]] ?? [:]
                for (event, rate) in rates {
                    guard let value = rate["rate"] as? Double, let low = rate["low"] as? Double,
                        let high = rate["high"] as? Double
                    else { continue }
                    let printed = ResultsReport.rateText(Interval(estimate: value, low: low, high: high))
                    #expect(text.standardOutput.contains(printed), "text lacks \(label) \(event) \(printed)")
                    #expect(summary.contains(printed), "console lacks \(label) \(event) \(printed): \(summary)")
                }
                for mark in variant["anomalies"] as? [[String: Any]] ?? [] {
                    #expect(
                        summary.contains("! counts on") == (mark["kind"] as? String == "outsideDates"), "\(summary)")
                }
            }
        }
        guard case .object(let consoleTips)? = byID["4"], case .object(let consoleSale)? = byID["3"] else {
            Issue.record("no console figures")
            return
        }
        #expect(
            consoleTips["summary"]?.stringValue
                == "No showings recorded, but 2 conversions: no rate until showings are counted.")
        let saleLine = consoleSale["summary"]?.stringValue ?? ""
        #expect(saleLine.contains("Variant \"Discount\": shown 503 · "), "\(saleLine)")
        #expect(
            saleLine.contains(" · \"Buy now\" 45: 8.9% (95%: 6.8%–11.8%), vs baseline (not the test's goal): "),
            "\(saleLine)")
        #expect(
            saleLine.contains("conversion 65: 12.9% (95%: 10.3%–16.1%), vs baseline: not enough data yet"),
            "\(saleLine)")
        let sale = messages[0]
        let headline = try #require((sale["headline"] as? [String: Any])?["text"] as? String)
        #expect(headline.hasPrefix("\"Discount\" converts 12.9% against \"Control\" 10.0%: "), "\(headline)")
        let noShowings = try #require((messages[1]["headline"] as? [String: Any])?["text"] as? String)
        #expect(noShowings == "No showings recorded, but 2 conversions: no rate until showings are counted.")

        // Names and titles in every human-facing format; indices only in JSON.
        let variants = try #require(sale["variants"] as? [[String: Any]])
        #expect(variants.map { $0["label"] as? String } == ["Control", "Discount"])
        #expect(variants.map { $0["variant"] as? Int } == [0, 1])
        #expect(variants.map { $0["buttons"] as? [String] } == [["Buy now"], ["Buy now"]])
        for output in [text.standardOutput, html] {
            #expect(output.contains("Discount") && output.contains("Control"))
            #expect(output.contains("Buy now"))
            #expect(!output.contains("button.0"), "a button by its index: \(output.prefix(3000))")
            #expect(!output.contains("Variant 0") && !output.contains("Variant 1"))
        }
        #expect(text.standardOutput.contains("Variant \"Control\" (baseline): shown 500"), "\(text.standardOutput)")
        // The headline is about the conversion; the other actions' verdicts say they are not the test's goal.
        #expect(text.standardOutput.contains("  vs baseline: +2.9 points"), "\(text.standardOutput)")
        #expect(
            text.standardOutput.contains("  vs baseline (not the test's goal): +0.9 points"), "\(text.standardOutput)")
        #expect(html.contains("vs baseline (not the test&#39;s goal): +0.9 points"))
        #expect(csv.contains("\n3,Discount,,,button.0,45,"))
        #expect(csv.contains(",Buy now,"))

        // The same rate, rounded to 6 decimals in JSON, printed as a percent elsewhere.
        let rates = try #require(variants[1]["rates"] as? [String: [String: Any]])
        let conversion = try #require(rates["conversion"]?["rate"] as? Double)
        #expect(conversion == 0.129_225)
        #expect(text.standardOutput.contains("12.9%") && html.contains("12.9%"))
        #expect(csv.contains(",\(65.0 / 503),"))
        #expect(rawJSON.range(of: #"\d\.\d{7,}"#, options: .regularExpression) == nil, "unrounded: \(rawJSON)")

        // A count outside the message's dates is marked, in the report and in the console's figures.
        let marks = try #require(variants[1]["anomalies"] as? [[String: Any]])
        let outside = try #require(marks.first { $0["kind"] as? String == "outsideDates" })
        #expect(outside["days"] as? [String] == ["2026-11-18"])
        // The window's last day is the last day it is shown (its end, midnight of the 23rd, is exclusive).
        #expect(outside["window"] as? String == "2026-11-20 to 2026-11-22")
        // With what it likely is and what to do: the collector takes such counts, the report says them.
        #expect(
            text.standardOutput.contains(
                "counts on 1 day outside the message's dates (2026-11-20 to 2026-11-22): 2026-11-18 — a device's "
                    + "clock set wrong, or dates changed after the message was shown; counted as they are (--since "
                    + "and --until leave such days out)"), "\(text.standardOutput)")
        #expect(html.contains("Shown 1,003 times in 2 variants; variant &quot;Control&quot; is the baseline."))
        #expect(html.contains("outside the message&#39;s dates"))
        #expect(csv.contains("outsideDates"))
        #expect(figures.serialized().contains("\"outsideDates\""))
    }

    /// The trial's test of button texts: the console shows each variant's main button under its own title
    /// with its own count (never the variants' counts added up under the baseline's title), compared as the
    /// report compares it; a message never shown reads as in the report.
    @Test
    func theConsoleShowsEachVariantsButtonsAsTheReportDoes() async throws {
        let directory = try TemporaryDirectory()
        var counts: [StoredCount] = []
        for (variant, button) in [(0, Int64(1040)), (1, Int64(1560))] {
            counts.append(StoredCount(day: "2026-11-20", message: 2, variant: variant, event: "shown", n: 10_400))
            counts.append(StoredCount(day: "2026-11-20", message: 2, variant: variant, event: "button.0", n: button))
        }
        let database = try await ResultsDatabases.sqlite(in: directory, counts)
        let feed = """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "*", "title": "Welcome", "text": "Hi", "confirmLabel": "OK"},
              {"id": 2, "bundleId": "*", "title": "Try Pro", "text": "t",
               "buttons": [{"title": "Start free trial", "action": {"event": "show_paywall"}},
                           {"title": "Not now", "action": "dismiss"}],
               "variants": [{"weight": 1, "name": "Control"},
                            {"weight": 1, "name": "Free week", "buttons": [
                              {"title": "Claim my free week", "action": {"event": "show_paywall"}},
                              {"title": "Not now", "action": "dismiss"}]}]}]}
            """
        let figures = await ResultsReport.figuresByMessage(database: database, feed: Data(feed.utf8))
        guard case .object(let byID) = figures, case .object(let welcome)? = byID["1"],
            case .object(let test)? = byID["2"], let summary = test["summary"]?.stringValue
        else {
            Issue.record("no figures: \(figures.serialized())")
            return
        }
        #expect(welcome["summary"]?.stringValue == "No showings recorded yet.")
        // The headline, then a line per variant.
        #expect(summary.components(separatedBy: "\n").count == 3, "\(summary)")
        #expect(summary.contains("\nVariant \"Control\" (baseline): shown 10,400 · "))
        #expect(summary.contains(" · \"Start free trial\" 1,040: 10.0% (95%: 9.4%–10.6%) · "))
        #expect(summary.contains("Variant \"Free week\": shown 10,400 · "))
        #expect(
            summary.contains(
                " · \"Claim my free week\" 1,560: 15.0% (95%: 14.3%–15.7%), "
                    + "vs baseline's \"Start free trial\" (the same action): better"), "\(summary)")
        #expect(!summary.contains("2,600") && !summary.contains("2600"))
        let path = try directory.write("feed.json", feed)
        let text = try Appalert.run(["report", "--database", database, "--feed", path]).standardOutput
        // Message 1 (no buttons of its own, its "OK" counted as dismissed): no button row, and its having no
        // showings said once.
        #expect(text.contains("Message 1 \"Welcome\": shown 0\n  No showings recorded yet.\n  dismissed "), "\(text)")
        #expect(!text.contains("\"OK\"") && !text.lowercased().contains("no showings recorded, so no rate"), "\(text)")
        #expect(!text.contains("no rate (no showings)"), "\(text)")
        #expect(text.contains("15.0% (95%: 14.3%–15.7%)"))
    }

    @Test
    func theHTMLTablesPutNumberHeadersOverTheirNumbersAndEachEventKeepsItsColor() throws {
        let tally = ResultsTally()
        for (message, event) in [(1, "dismissed"), (1, "conversion"), (2, "conversion")] {
            for name in ["shown", event] {
                tally.add(CountRow(app: "a", day: "2026-11-20", message: message, event: name, n: 5))
            }
        }
        let html = ResultsReport(tally: tally, filter: ResultsFilter(), feed: nil).html
        #expect(html.contains("<th scope=\"col\" class=\"n\">Count</th><th scope=\"col\" class=\"n\">Rate</th>"))
        #expect(html.contains("th.n { text-align: right; }") || html.contains("td.n, th.n { text-align: right; }"))
        // Message 1 lists dismissed then conversion, message 2 conversion alone: the same color for both.
        let swatch = "<span class=\"swatch \(ResultsReport.colorClass("conversion"))\"></span>conversion"
        #expect(html.components(separatedBy: swatch).count - 1 == 2)
        #expect(ResultsReport.colorClass("purchase") == ResultsReport.colorClass("purchase"))
    }

    /// Drawn by Chromium, every cell of every table is aligned as its column's header is: numbers (and
    /// a rate's "no rate") right-aligned under the right-aligned Count and Rate, in tables of messages
    /// with and without variants and of the update prompts.
    @Test(.enabled(if: chromium != nil && node != nil, "Chromium or Node is not installed"))
    func everyTableCellIsAlignedAsItsHeaderAndNoChartLabelIsCutOffInARealBrowser() async throws {
        let tally = ResultsTally()
        let rows: [(Int, Int?, String, Int64)] = [
            (1, nil, "shown", 40), (1, nil, "dismissed", 12), (1, nil, "conversion", 3),
            // No showings: its rates are "no rate".
            (2, nil, "dismissed", 4),
            (3, 0, "shown", 30), (3, 0, "button.0", 6), (3, 1, "shown", 28), (3, 1, "button.0", 9),
        ]
        for (message, variant, event, n) in rows {
            tally.add(CountRow(app: "a", day: "2026-11-20", message: message, variant: variant, event: event, n: n))
        }
        tally.add(CountRow(app: "a", day: "2026-11-20", version: "2.0", event: "update.shown", n: 9))
        let directory = try TemporaryDirectory()
        // The trial's long labels: "Claim my free week" · Free week, and a name of 64 characters.
        var facts = FeedMessageFacts(id: 3, title: "Try Pro", actions: ["button.0"], variants: 2)
        facts.variantNames = ["Control", String(repeating: "Wide name W", count: 6).prefix(64).description]
        facts.buttonTitles = [["Start free trial"], ["Start free trial"], ["Claim my free week"]]
        let page = try directory.write(
            "report.html", ResultsReport(tally: tally, filter: ResultsFilter(), feed: [facts]).html)
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AppAlertCommandsTests/page-audit.mjs")
        let arguments = [
            "--experimental-websocket", driver.path, chromium!.path, URL(fileURLWithPath: page).absoluteString, "light",
            "alignment",
        ]
        // On a thread of its own: Chromium takes seconds, and the cooperative threads are few.
        let run = try await offThePool { try ProcessResult.run(node!, arguments) }
        let report =
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any] ?? [:]
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(report["tables"] as? Int == 4, "\(report)")
        let mismatches = report["mismatches"] as? [[String: Any]] ?? [[:]]
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect((report["labels"] as? Int ?? 0) > 10, "\(report)")
        #expect(report["overflowing"] as? [String] == [], "\(report)")
    }

    @Test(arguments: [(1, "1 variant"), (2, "2 variants")])
    func oneVariantIsSingular(count: Int, words: String) throws {
        let tally = ResultsTally()
        for variant in 0..<count {
            tally.add(CountRow(app: "a", day: "2026-11-20", message: 1, variant: variant, event: "shown", n: 3))
        }
        let report = ResultsReport(tally: tally, filter: ResultsFilter(), feed: nil)
        #expect(report.text.contains("Message 1 (\(words)): shown \(3 * count)"))
        #expect(report.html.contains("in \(words);"))
    }
}
