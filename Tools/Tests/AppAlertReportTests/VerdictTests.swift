import Foundation
import TestSupport
import Testing

@testable import AppAlertResults

/// The verdict rules of docs/reporting.md, case by case.
@Suite
struct VerdictTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var successes: Int64
        var shown: Int64
        var baselineSuccesses: Int64
        var baselineShown: Int64
        var lowerIsBetter = false
        var verdict: ResultsReport.Verdict
        var testDescription: String { "\(successes)/\(shown) vs \(baselineSuccesses)/\(baselineShown)" }
    }

    static let cases: [Case] = [
        // The difference's interval above 0: better, or worse where fewer is better (dismissed).
        Case(successes: 150, shown: 1000, baselineSuccesses: 100, baselineShown: 1000, verdict: .better),
        Case(successes: 100, shown: 1000, baselineSuccesses: 150, baselineShown: 1000, verdict: .worse),
        Case(
            successes: 690, shown: 1000, baselineSuccesses: 750, baselineShown: 1000, lowerIsBetter: true,
            verdict: .better),
        Case(
            successes: 800, shown: 1000, baselineSuccesses: 750, baselineShown: 1000, lowerIsBetter: true,
            verdict: .worse),
        // Both arms past the showings that settle a 10% difference (about 14,750 at 10%).
        Case(
            successes: 10_010, shown: 100_000, baselineSuccesses: 10_000, baselineShown: 100_000,
            verdict: .noClearDifference),
        // Too few: how many more, counted from the smaller arm.
        Case(
            successes: 3, shown: 40, baselineSuccesses: 2, baselineShown: 30,
            verdict: .notEnoughData(moreShowings: Proportions.showingsToSettle(rate: 5.5 / 71) - 30)),
        // No showings in one arm: no interval, and the showings are still counted from 0.
        Case(
            successes: 0, shown: 0, baselineSuccesses: 4, baselineShown: 20,
            verdict: .notEnoughData(moreShowings: Proportions.showingsToSettle(rate: 4.5 / 21))),
        // Counts above the showings are taken as all showings: 20/10 reads as 10/10.
        Case(successes: 20, shown: 10, baselineSuccesses: 1, baselineShown: 10, verdict: .better),
        // None in either: said so, with no showings "needed" to tell 0 from 0.
        Case(
            successes: 0, shown: 18_200, baselineSuccesses: 0, baselineShown: 18_200, lowerIsBetter: true,
            verdict: .noneInEither(what: "counts")),
        // None in the baseline: no relative difference, so no showings needed for one.
        Case(
            successes: 1, shown: 18_200, baselineSuccesses: 0, baselineShown: 18_200,
            verdict: .notEnoughData(moreShowings: nil)),
    ]

    /// The trial's message 3: no dismissal in 18,200 showings of either variant. The text says so, with no
    /// relative interval and no showings needed; counts in the text and the HTML have thousands separators,
    /// the CSV's and JSON's do not.
    @Test
    func noneInEitherVariantIsSaidPlainlyAndCountsAreGroupedInTextAndHTML() async throws {
        let directory = try TemporaryDirectory()
        var counts: [StoredCount] = []
        for variant in [0, 1] {
            counts.append(StoredCount(day: "2026-11-20", message: 3, variant: variant, event: "shown", n: 18_200))
            counts.append(StoredCount(day: "2026-11-20", message: 3, variant: variant, event: "dismissed", n: 0))
            counts.append(StoredCount(day: "2026-11-20", message: 3, variant: variant, event: "button.0", n: 2184))
        }
        let database = try await ResultsDatabases.sqlite(in: directory, counts)
        let page = directory.url.appendingPathComponent("r.html").path
        let text = try Appalert.run(["report", "--database", database, "--html", page]).standardOutput
        #expect(text.contains("vs baseline (not the test's goal): no dismissals in either variant\n"), "\(text)")
        #expect(!text.contains("undefined") && !text.contains("4939"), "\(text)")
        #expect(text.contains("Message 3 (2 variants): shown 36,400"), "\(text)")
        #expect(text.contains(" 2,184  12.0% (95%: "), "\(text)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("Shown 36,400 times"))
        #expect(html.contains("<td class=\"n\">2,184</td>"))
        #expect(html.contains("no dismissals in either variant"))
        let csv = try Appalert.run(["report", "--database", database, "--csv"]).standardOutput
        #expect(csv.contains(",button.0,2184,") && csv.contains(",dismissed,0,") && csv.contains("none in either"))
        let json = try Appalert.run(["report", "--database", database, "--json"]).standardOutput
        // Numbers as numbers; only the summary, the console's line in words, groups its thousands.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let message = try #require((parsed["messages"] as? [[String: Any]])?.first)
        let variants = message["variants"] as? [[String: Any]] ?? []
        #expect(variants.map { ($0["counts"] as? [String: Int])?["shown"] } == [18_200, 18_200], "\(json)")
        let summary = message["summary"] as? String ?? ""
        #expect(summary.contains("shown 18,200"), "\(json)")
    }

    @Test(arguments: cases)
    func theVerdictFollowsTheIntervalThenTheShowingsNeeded(_ c: Case) {
        let comparison = ResultsReport.compare(
            successes: c.successes, shown: c.shown, baselineSuccesses: c.baselineSuccesses,
            baselineShown: c.baselineShown, lowerIsBetter: c.lowerIsBetter)
        #expect(comparison.verdict == c.verdict)
        #expect(comparison.probabilityToBeat.map { (0...1).contains($0) } == true)
        if let difference = comparison.difference {
            #expect(difference.low <= difference.estimate && difference.estimate <= difference.high)
        }
    }

    @Test
    func theReaderSelectsByAppAndDaysAndReadsTheSentinelsAsAbsent() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let rows = try await ResultsReader.rows(
            database, filter: ResultsFilter(app: "com.example.A", since: "2026-11-21", until: "2026-11-21"))
        // Message 5: 4 events in each of 2 variants; message 7: 2; the update prompt: 4.
        #expect(rows.count == 14)
        #expect(rows.allSatisfy { $0.app == "com.example.A" && $0.day == "2026-11-21" })
        let update = try #require(rows.first { $0.event == "update.accepted" })
        #expect(update.message == nil && update.variant == nil && update.version == "2.0" && update.n == 40)
        let banner = try #require(rows.first { $0.message == 7 && $0.event == "tap" })
        #expect(banner.variant == nil && banner.version == nil && banner.n == 5)
    }
}
