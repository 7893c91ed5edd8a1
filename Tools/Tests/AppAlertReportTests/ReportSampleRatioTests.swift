import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

@testable import AppAlertResults

/// The sample ratio check: the variants' showings against the feed's split, its p-value against SciPy's,
/// and what each format says when they do not fit.
@Suite
struct ReportSampleRatioTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var counts: [Int64]
        var weights: [Int]
        var statistic: Double
        var p: Double
        var testDescription: String { "\(counts) against \(weights)" }
    }

    /// Computed once with SciPy 1.x:
    /// `python3 -c "from scipy.stats import chisquare; c, w = [6950, 3050], [7, 3]; t, s = sum(c), sum(w);
    /// r = chisquare(c, [t * x / s for x in w]); print(repr(float(r.statistic)), repr(float(r.pvalue)))"`
    /// for each row.
    static let cases: [Case] = [
        Case(counts: [5000, 5000], weights: [1, 1], statistic: 0, p: 1),
        Case(counts: [5020, 4980], weights: [7, 3], statistic: 1866.8571428571427, p: 0),
        Case(counts: [5020, 4980], weights: [1, 1], statistic: 0.16, p: 0.6891565167793516),
        Case(counts: [6950, 3050], weights: [7, 3], statistic: 1.1904761904761905, p: 0.27523352407483115),
        Case(counts: [120, 100, 80], weights: [1, 1, 1], statistic: 8.0, p: 0.018315638888734182),
        Case(counts: [340, 330, 330], weights: [2, 1, 1], statistic: 102.4, p: 5.809282904332689e-23),
        Case(counts: [1000, 0], weights: [1, 1], statistic: 1000.0, p: 1.7958327848007363e-219),
        Case(
            counts: [100, 1, 1, 1, 1, 1, 1, 1, 1, 1], weights: Array(repeating: 1, count: 10),
            statistic: 809.2568807339449, p: 2.162309432812504e-168),
        Case(counts: [510, 490], weights: [1, 1], statistic: 0.4, p: 0.5270892568655381),
        Case(counts: [60, 40], weights: [1, 1], statistic: 4.0, p: 0.04550026389635857),
        Case(counts: [1, 2, 3, 4, 5], weights: [5, 4, 3, 2, 1], statistic: 22.2, p: 0.0001828591182202459),
        Case(counts: [555, 445], weights: [1, 1], statistic: 12.1, p: 0.0005042182294490053),
        Case(counts: [70, 30], weights: [1, 1], statistic: 16.0, p: 6.334248366623988e-05),
        Case(counts: [2, 98], weights: [1, 1], statistic: 92.16, p: 7.994442411452477e-22),
    ]

    @Test(arguments: cases)
    func theChiSquarePValueIsSciPys(_ c: Case) throws {
        let fit = try #require(ChiSquare.goodnessOfFit(observed: c.counts, weights: c.weights))
        #expect(fit.degreesOfFreedom == c.counts.count - 1)
        #expect(abs(fit.statistic - c.statistic) <= 1e-9 * max(c.statistic, 1e-300) + 1e-12, "\(fit.statistic)")
        #expect(abs(fit.p - c.p) <= 1e-9 * c.p, "\(fit.p) against \(c.p)")
    }

    static let feed = """
        {"format": 2, "messages": [
          {"id": 7, "bundleId": "com.example.A", "title": "Try Pro", "text": "A week free.",
           "conversion": {"event": "purchase", "withinHours": 48},
           "variants": [{"weight": 7, "name": "Control"}, {"weight": 3, "name": "Free week", "text": "Free."}]}
        ]}
        """

    /// Ten days of message 7, 1,000 installs a day, each drawn into a variant by a seeded generator: with
    /// `shares[day]` percent in "Control", and a tenth of each variant's showings converting.
    static func days(_ shares: [Int], seed: UInt64) -> [StoredCount] {
        var generator = SeededGenerator(seed: seed)
        var rows: [StoredCount] = []
        for (index, share) in shares.enumerated() {
            let day = String(format: "2026-12-%02d", index + 1)
            var control: Int64 = 0
            for _ in 0..<1000 where generator.below(100) < share { control += 1 }
            for (variant, n) in [(0, control), (1, 1000 - control)] {
                rows.append(StoredCount(day: day, message: 7, variant: variant, event: "shown", n: n))
                rows.append(StoredCount(day: day, message: 7, variant: variant, event: "conversion", n: n / 10))
            }
        }
        return rows
    }

    /// 50/50 for five days, then 70/30 for five, the feed saying 70/30: every format flags it and names
    /// the day the showings start to fit; `--since` that day reads the new split alone, and fits.
    @Test
    func aSplitChangedMidwayIsFlaggedInEveryFormatWithTheDayItFitsFrom() async throws {
        let directory = try TemporaryDirectory()
        let rows = Self.days([50, 50, 50, 50, 50, 70, 70, 70, 70, 70], seed: 41)
        let database = try await ResultsDatabases.sqlite(in: directory, rows)
        let feed = try directory.write("feed.json", Self.feed)
        let base = ["report", "--database", database, "--feed", feed]

        let json = try Appalert.reportJSON(Array(base.dropFirst()))
        let message = try #require((json["messages"] as? [[String: Any]])?.first)
        let ratio = try #require(message["sampleRatio"] as? [String: Any])
        #expect(ratio["mismatch"] as? Bool == true)
        #expect(ratio["fitsFrom"] as? String == "2026-12-06")
        #expect(ratio["expectedShares"] as? [Double] == [0.7, 0.3])
        #expect(ratio["degreesOfFreedom"] as? Int == 1)
        let p = try #require(ratio["pValue"] as? Double)
        #expect(p < 0.001)
        let observed = try #require(ratio["observedShares"] as? [Double])
        let showings = try #require(ratio["showings"] as? [Int])
        #expect(showings.reduce(0, +) == 10_000)
        #expect(abs(observed[0] - Double(showings[0]) / 10_000) < 1e-6)
        let headline = try #require((message["headline"] as? [String: Any])?["text"] as? String)
        let control = ResultsReport.percent(Double(showings[0]) / 10_000)
        let free = ResultsReport.percent(Double(showings[1]) / 10_000)
        #expect(
            headline.hasPrefix(
                "Showings do not match the split 70/30 (\"Control\" \(control), \"Free week\" \(free); p < 0.001): "
                    + "the split may have changed, or installs are not counted in every variant, so the verdict "
                    + "cannot be trusted as it stands. They fit the split from 2026-12-06: appalert report --since "
                    + "2026-12-06. As counted: \"Free week\" converts "), "\(headline)")
        // The console's line: the warning in short, on its own line, then the verdict.
        let summary = try #require(message["summary"] as? String)
        let lines = summary.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "Showings do not match the split 70/30 (p < 0.001): not to be trusted as it stands; they fit it "
                + "from 2026-12-06 (--since 2026-12-06).")
        #expect(lines.dropFirst().first?.hasPrefix("\"Free week\" converts ") == true, "\(summary)")

        let text = try Appalert.run(base)
        try #require(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput.contains("  " + headline + "\n"))
        #expect(text.standardOutput.contains("  ! Showings against the split: \"Control\" "), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("1 degree of freedom, p < 0.000001"), "\(text.standardOutput)")

        let csv = try Appalert.run(base + ["--csv"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(csv.first?.hasSuffix(",headline,sampleRatio,sampleRatioP") == true)
        #expect(csv.dropFirst().allSatisfy { $0.contains(",mismatch,") }, "\(csv)")

        let page = directory.url.appendingPathComponent("report.html").path
        _ = try Appalert.run(base + ["--html", page])
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(HTMLText.escaped(headline)))
        #expect(html.contains("<p class=\"mark sample-ratio\" role=\"note\">⚠ Showings against the split: "))

        // The days of the new split alone fit it: nothing to warn of.
        let since = try Appalert.reportJSON(Array(base.dropFirst()) + ["--since", "2026-12-06"])
        let alone = try #require((since["messages"] as? [[String: Any]])?.first)
        #expect((alone["sampleRatio"] as? [String: Any])?["mismatch"] as? Bool == false)
        #expect(((alone["headline"] as? [String: Any])?["text"] as? String)?.hasPrefix("\"Free week\"") == true)
        let sinceText = try Appalert.run(base + ["--since", "2026-12-06"]).standardOutput
        #expect(!sinceText.contains("split"), "\(sinceText)")
    }

    /// Message 7's report from `rows` with `feed`'s facts.
    static func report(_ rows: [StoredCount], weights: [Int]) throws -> ResultsReport.MessageResult {
        let tally = ResultsTally()
        for row in rows {
            tally.add(
                CountRow(
                    app: row.app, day: row.day, message: row.message, variant: row.variant, version: nil,
                    event: row.event, n: row.n))
        }
        var facts = FeedMessageFacts(id: 7, title: "Try Pro", actions: [], variants: weights.count)
        facts.variantNames = ["Control", "Free week"]
        facts.variantWeights = weights
        let report = ResultsReport(tally: tally, filter: ResultsFilter(), feed: [facts])
        return try #require(report.messages.first)
    }

    /// A clean 50/50 split read against 1:1 weights: 10,000 seeded showings, 4,929 against 5,071, fit.
    @Test
    func aCleanSplitIsNotFlagged() throws {
        let rows = Self.days(Array(repeating: 50, count: 10), seed: 7)
        let message = try Self.report(rows, weights: [1, 1])
        let ratio = try #require(message.sampleRatio)
        #expect(ratio.showings == [4929, 5071])
        // scipy.stats.chisquare([4929, 5071], [5000, 5000]): statistic 2.0164, p-value 0.15560768105308867.
        #expect(abs(ratio.fit.p - 0.15560768105308867) <= 1e-9 * 0.15560768105308867, "\(ratio.fit.p)")
        #expect(!ratio.mismatch && ratio.fitsFrom == nil)
        #expect(message.headline.shortWarning == nil)
        #expect(!message.headline.text.contains("split"))
    }

    /// Showings off the split on every day alike: a mismatch with no day to read from, said so.
    @Test
    func aMismatchOnEveryDayNamesNoDay() throws {
        let message = try Self.report(Self.days(Array(repeating: 60, count: 10), seed: 3), weights: [1, 1])
        let ratio = try #require(message.sampleRatio)
        #expect(ratio.mismatch && ratio.fitsFrom == nil)
        #expect(
            message.headline.text.contains(
                "so the verdict cannot be trusted as it stands. Compare days of one split with --since. As counted: "),
            "\(message.headline.text)")
        #expect(
            message.headline.shortWarning
                == "Showings do not match the split 50/50 (p < 0.001): not to be trusted as it stands; compare days of "
                + "one split with --since.")
    }

    struct FewCase: Sendable, CustomTestStringConvertible {
        var counts: [Int64]
        var weights: [Int]
        var flagged: Bool?
        var testDescription: String { "\(counts) against \(weights)" }
    }

    /// Under 100 showings, or under 5 expected in a variant, the check says nothing, however far off;
    /// from 100 on it speaks.
    static let fewCases: [FewCase] = [
        FewCase(counts: [99, 0], weights: [1, 1], flagged: nil),
        FewCase(counts: [10, 89], weights: [7, 3], flagged: nil),
        FewCase(counts: [100, 0], weights: [1, 1], flagged: true),
        FewCase(counts: [52, 48], weights: [1, 1], flagged: false),
        // 200 showings with a weight of 1 in 50: 3.9 expected in the small variant.
        FewCase(counts: [190, 10], weights: [50, 1], flagged: nil),
        // Showings of a variant the feed does not have: no split to hold them against.
        FewCase(counts: [500, 500, 300], weights: [1, 1], flagged: nil),
    ]

    @Test(arguments: fewCases)
    func tooFewShowingsSayNothing(_ c: FewCase) throws {
        let rows = c.counts.enumerated().map { variant, n in
            StoredCount(day: "2026-12-01", message: 7, variant: variant, event: "shown", n: n)
        }
        let message = try Self.report(rows, weights: c.weights)
        #expect(message.sampleRatio?.mismatch == c.flagged)
        #expect(message.headline.text.hasPrefix("Showings do not match") == (c.flagged == true))
    }
}
