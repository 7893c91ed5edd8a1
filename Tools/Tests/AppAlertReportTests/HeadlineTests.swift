@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Testing

@testable import AppAlertResults

/// The headline each message's results open with: its wording case by case, and the numbers in it.
@Suite
struct HeadlineTests {
    /// Message 1's report from `arms` (variant, counts) with `facts` from a feed.
    static func message(_ arms: [(Int?, [String: Int64])], facts: FeedMessageFacts? = nil) throws
        -> ResultsReport.MessageResult
    {
        let tally = ResultsTally()
        for (variant, counts) in arms {
            for (event, n) in counts {
                tally.add(
                    CountRow(
                        app: "com.example.A", day: "2026-11-20", message: 1, variant: variant, version: nil,
                        event: event, n: n))
            }
        }
        let report = ResultsReport(tally: tally, filter: ResultsFilter(), feed: facts.map { [$0] })
        return try #require(report.messages.first)
    }

    static func conversions(_ pairs: [(Int64, Int64)]) -> [(Int?, [String: Int64])] {
        pairs.enumerated().map { index, pair in (Optional(index), ["shown": pair.0, "conversion": pair.1]) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arms: [(Int?, [String: Int64])]
        var kind: ResultsReport.Headline.Kind
        var text: String
        var testDescription: String { name }
    }

    static let tenPercentAt114 = Proportions.showingsToSettle(rate: 114.5 / 1001) - 500

    static let cases: [Case] = [
        Case(
            name: "settled win", arms: conversions([(1000, 100), (1000, 150)]), kind: .better,
            text: "\"B\" converts 15.0% against \"A\" 10.0%: >99% likely to be better. Settled: \"B\" is better."),
        Case(
            name: "settled loss", arms: conversions([(1000, 150), (1000, 100)]), kind: .worse,
            text: "\"B\" converts 10.0% against \"A\" 15.0%: <1% likely to be better. Settled: \"B\" is worse."),
        Case(
            name: "no difference worth having", arms: conversions([(100_000, 10_000), (100_000, 10_010)]),
            kind: .noDifferenceWorthHaving,
            text: "\"B\" converts 10.0% against \"A\" 10.0%: "
                + ResultsReport.Headline.likely(
                    ProbabilityToBeat.probability(
                        successes1: 10_010, trials1: 100_000, successes0: 10_000, trials0: 100_000))
                + " likely to be better. Settled: no difference worth having (enough showings to see a 10% relative "
                + "difference, and none showed)."),
        // 12.8% against 10.0% of 500 each: Fleiss's n at 0.100 and 0.128 is 2,022 (2,021.19 rounded up), so 1,522 more (about 1,500).
        Case(
            name: "not settled", arms: conversions([(500, 50), (500, 64)]), kind: .notSettled,
            text: "\"B\" converts 12.8% against \"A\" 10.0%: "
                + ResultsReport.Headline.likely(
                    ProbabilityToBeat.probability(successes1: 64, trials1: 500, successes0: 50, trials0: 500))
                + " likely to be better. Not settled — at this difference about 1,500 more showings per variant settle "
                + "it (95% confidence, 80% power); a 10% relative difference needs about "
                + ResultsReport.Headline.about(tenPercentAt114) + " more."),
        Case(
            name: "not settled, equal rates", arms: conversions([(50, 5), (50, 5)]), kind: .notSettled,
            text: "\"B\" converts 10.0% against \"A\" 10.0%: 50% likely to be better. Not settled — no difference so "
                + "far; a 10% relative difference needs about "
                + ResultsReport.Headline.about(Proportions.showingsToSettle(rate: 10.5 / 101) - 50) + " more."),
        Case(
            name: "no showings", arms: conversions([(0, 0), (0, 0)]), kind: .noShowings,
            text: "No showings recorded yet."),
        Case(
            name: "conversions without showings", arms: conversions([(0, 1), (0, 2)]), kind: .noShowings,
            text: "No showings recorded, but 3 conversions: no rate until showings are counted."),
        Case(
            name: "one conversion without showings", arms: [(nil, ["conversion": 1])], kind: .noShowings,
            text: "No showings recorded, but 1 conversion: no rate until showings are counted."),
        Case(
            name: "the baseline without showings", arms: conversions([(0, 0), (100, 10)]), kind: .noShowings,
            text: "\"A\" has no showings recorded yet: nothing to compare."),
        Case(
            name: "three variants: the best challenger", arms: conversions([(1000, 100), (1000, 90), (1000, 150)]),
            kind: .better,
            text: "Best of 2 challengers: \"C\" converts 15.0% against \"A\" 10.0%: >99% likely to be better. "
                + "Settled: \"C\" is better."),
        Case(
            name: "without variants", arms: [(nil, ["shown": 1, "conversion": 1])], kind: .withoutVariants,
            text: "Converts 100.0% of 1 showing (95%: 20.7%–100.0%)."),
    ]

    @Test(arguments: cases)
    func theHeadlineSaysTheVerdictInOneLine(_ c: Case) throws {
        let headline = try Self.message(c.arms).headline
        #expect(headline.kind == c.kind)
        #expect(headline.text == c.text)
    }

    @Test
    func theShowingsStillNeededAreForTheObservedDifferenceAndForTenPercent() throws {
        let headline = try Self.message(Self.conversions([(500, 50), (500, 64)])).headline
        #expect(Proportions.showingsToSettle(0.1, 0.128) == 2022)
        #expect(headline.moreShowingsAtObserved == 1522)
        #expect(headline.moreShowingsAtTenPercent == Self.tenPercentAt114)
        #expect(headline.variant == 1 && headline.baseline == 0 && headline.event == "conversion")
    }

    @Test
    func namedVariantsAndButtonTitlesAreWhatItSays() throws {
        var facts = FeedMessageFacts(id: 1, title: "Sale", actions: ["button.0"], variants: 2)
        facts.variantNames = ["Control", "Discount"]
        facts.buttonTitles = [["Buy"], ["Buy"], ["Buy now"]]
        let arms: [(Int?, [String: Int64])] = [
            (0, ["shown": 1000, "button.0": 100]), (1, ["shown": 1000, "button.0": 150]),
        ]
        let notComparable = try Self.message(arms, facts: facts)
        #expect(notComparable.headline.kind == .notComparable)
        #expect(
            notComparable.headline.text
                == "\"Discount\"'s button \"Buy now\" has no match among \"Control\"'s buttons: not comparable.")
        #expect(notComparable.arms.map(\.label) == ["Control", "Discount"])

        facts.buttonTitles = [["Buy"], ["Buy"], ["Later", "Buy"]]
        facts.actions = ["button.0", "button.1"]
        let matched = try Self.message(
            [(0, ["shown": 1000, "button.0": 100]), (1, ["shown": 1000, "button.0": 5, "button.1": 150])], facts: facts)
        let versus = try #require(matched.arms[1].versusBaseline)
        // "Buy" is the variant's second button and the baseline's first: compared by title.
        #expect(versus["button.1"]?.baselineEvent == "button.0")
        #expect(versus["button.1"]?.verdict == .better)
        #expect(versus["button.0"]?.verdict == .notComparable(title: "Later"))
        #expect(matched.headline.kind == .notComparable)
    }

    @Test(
        arguments: [
            ("button.0", ["Buy"], ["Buy"], "button.0", "Buy"),
            ("button.1", ["Later", "Buy"], ["Buy"], "button.0", "Buy"),
            ("button.0", ["Later", "Buy"], ["Buy"], nil, "Later"),
            ("button.2", ["Later", "Buy"], ["Buy", "Later", "More"], nil, nil),
            // Without a feed there are no titles: by index.
            ("button.1", [], [], "button.1", nil),
            ("conversion", ["Buy"], ["Other"], "conversion", nil),
        ] as [(String, [String], [String], String?, String?)])
    func aButtonIsComparedWithTheBaselinesButtonOfTheSameTitle(
        event: String, titles: [String], baselineTitles: [String], expected: String?, title: String?
    ) {
        let matched = ResultsReport.baselineEvent(for: event, titles: titles, baselineTitles: baselineTitles)
        #expect(matched.event == expected)
        #expect(matched.title == title)
    }

    @Test(arguments: [(0, "A"), (1, "B"), (25, "Z"), (26, "AA"), (27, "AB"), (701, "ZZ"), (702, "AAA")])
    func variantsWithoutNamesAreLettered(index: Int, letter: String) {
        #expect(VariantLabels.letter(index) == letter)
        #expect(VariantLabels.label(index, names: []) == letter)
    }

    @Test
    func variantNamesComeFromTheDecodedFeed() throws {
        let feed = try FeedDecoder().decode(
            Data(
                #"{"format": 2, "messages": [{"id": 4, "bundleId": "com.example.A", "title": "T", "text": "t", "variants": [{"weight": 1, "name": "Control"}, {"weight": 1}, {"weight": 1}]}]}"#
                    .utf8))
        let facts = try #require(FeedMessageFacts.of(feed.feed.messages, app: nil).first)
        #expect(facts.variantNames == ["Control", nil, nil])
        #expect((0..<3).map { VariantLabels.label($0, names: facts.variantNames) } == ["Control", "B", "C"])
    }

    @Test(arguments: [
        (Int64(7), "7"), (99, "99"), (1521, "1,500"), (14_749, "15,000"), (1_234_567, "1,200,000"), (150, "150"),
    ])
    func showingsToComeAreRoundedToTwoFigures(count: Int64, text: String) {
        #expect(ResultsReport.Headline.about(count) == text)
    }

    @Test(arguments: [(0.84, "84%"), (0.996, ">99%"), (0.994, "99%"), (0.004, "<1%"), (0.5, "50%")])
    func theLikelihoodIsInWholePercent(probability: Double, text: String) {
        #expect(ResultsReport.Headline.likely(probability) == text)
    }
}
