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

    struct ButtonCase: Sendable, CustomTestStringConvertible {
        var name: String
        var event: String
        var buttons: [Message.Button]
        var baseline: [Message.Button]
        var expected: String?
        var title: String?
        var baselineTitle: String? = nil
        var testDescription: String { name }
    }

    static let paywall = Message.Action.event("show_paywall")

    static let buttonCases: [ButtonCase] = [
        ButtonCase(
            name: "same title, same place", event: "button.0", buttons: [.init(title: "Buy", action: paywall)],
            baseline: [.init(title: "Buy", action: paywall)], expected: "button.0", title: "Buy"),
        ButtonCase(
            name: "same title, another place", event: "button.1",
            buttons: [.init(title: "Later", action: .dismiss), .init(title: "Buy", action: paywall)],
            baseline: [.init(title: "Buy", action: paywall)], expected: "button.0", title: "Buy"),
        // A test of button texts: another title at the same place doing the same thing.
        ButtonCase(
            name: "another title doing the same thing at the same place", event: "button.0",
            buttons: [.init(title: "Claim my free week", action: paywall), .init(title: "Not now", action: .dismiss)],
            baseline: [.init(title: "Start free trial", action: paywall), .init(title: "Not now", action: .dismiss)],
            expected: "button.0", title: "Claim my free week", baselineTitle: "Start free trial"),
        ButtonCase(
            name: "another title doing something else", event: "button.0",
            buttons: [.init(title: "Later", action: .dismiss), .init(title: "Buy", action: paywall)],
            baseline: [.init(title: "Start", action: paywall)], expected: nil, title: "Later"),
        ButtonCase(
            name: "the same event name is the same action, another link is not", event: "button.0",
            buttons: [.init(title: "Read", action: .url(URL(string: "https://example.com/b")!))],
            baseline: [.init(title: "Open", action: .url(URL(string: "https://example.com/a")!))], expected: nil,
            title: "Read"),
        ButtonCase(
            name: "a button the variant does not have", event: "button.2",
            buttons: [.init(title: "Later", action: .dismiss), .init(title: "Buy", action: paywall)],
            baseline: [.init(title: "Buy", action: paywall)], expected: nil, title: nil),
        // Without a feed there are no titles: by index.
        ButtonCase(name: "no feed", event: "button.1", buttons: [], baseline: [], expected: "button.1", title: nil),
        ButtonCase(
            name: "not a button", event: "conversion", buttons: [.init(title: "Buy", action: paywall)],
            baseline: [.init(title: "Other", action: paywall)], expected: "conversion", title: nil),
    ]

    @Test(arguments: buttonCases)
    func aButtonIsComparedWithTheBaselinesOfTheSameTitleElseOfTheSameActionAtItsPlace(_ c: ButtonCase) {
        let matched = ResultsReport.baselineEvent(
            for: c.event, buttons: .init(titles: c.buttons.map(\.title), actions: c.buttons.map(\.action)),
            baseline: .init(titles: c.baseline.map(\.title), actions: c.baseline.map(\.action)))
        #expect(matched.event == c.expected)
        #expect(matched.title == c.title)
        #expect(matched.baselineTitle == c.baselineTitle)
    }

    /// The trial's test of button texts: "Claim my free week" against "Start free trial", both showing the
    /// paywall, compared and labelled with both titles in the text.
    @Test
    func aTestOfButtonTextsComparesTheButtonsAndNamesBothTitles() throws {
        let feed = try FeedDecoder().decode(
            Data(
                #"{"format": 2, "messages": [{"id": 1, "bundleId": "com.example.A", "title": "Try Pro", "text": "t", "buttons": [{"title": "Start free trial", "action": {"event": "show_paywall"}}, {"title": "Not now", "action": "dismiss"}], "variants": [{"weight": 1, "name": "Control"}, {"weight": 1, "name": "Free week", "buttons": [{"title": "Claim my free week", "action": {"event": "show_paywall"}}, {"title": "Not now", "action": "dismiss"}]}]}]}"#
                    .utf8))
        let facts = try #require(FeedMessageFacts.of(feed.feed.messages, app: nil).first)
        let message = try Self.message(
            [(0, ["shown": 10_400, "button.0": 1040]), (1, ["shown": 10_400, "button.0": 1560])], facts: facts)
        let versus = try #require(message.arms[1].versusBaseline?["button.0"])
        #expect(versus.verdict == .better)
        #expect(versus.baselineTitle == "Start free trial")
        #expect(message.headline.kind == .better)
        #expect(
            message.headline.text.hasPrefix(
                "\"Free week\" gets \"Claim my free week\" tapped 15.0% against \"Control\"'s \"Start free trial\" 10.0%"
            ),
            "\(message.headline.text)")
        let report = ResultsReport(tally: ResultsTally(), filter: ResultsFilter(), feed: nil)
        var withMessage = report
        withMessage.messages = [message]
        withMessage.hasFeed = true
        #expect(
            withMessage.text.contains("vs baseline's \"Start free trial\" (the same action): +5.0 points"),
            "\(withMessage.text)")
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

    /// An inbox item's one action is its opening (its card's buttons are not counted): the report lists
    /// `opened` right after `shown`, and its headline is about openings.
    @Test
    func anInboxItemIsReportedByItsOpenings() throws {
        let feed = try FeedDecoder().decode(
            Data(
                #"{"format": 2, "messages": [{"id": 1, "bundleId": "com.example.A", "title": "News", "text": "t", "placement": "inbox", "variants": [{"weight": 1, "name": "Short"}, {"weight": 1, "name": "Long"}]}]}"#
                    .utf8))
        let facts = try #require(FeedMessageFacts.of(feed.feed.messages, app: nil).first)
        #expect(facts.actions == ["opened"])
        let message = try Self.message(
            [(0, ["shown": 1000, "opened": 100]), (1, ["shown": 1000, "opened": 150])], facts: facts)
        #expect(message.events == ["shown", "opened"])
        #expect(message.headline.event == "opened")
        #expect(
            message.headline.text
                == "\"Long\" is opened 15.0% against \"Short\" 10.0%: >99% likely to be better. Settled: \"Long\" is better."
        )
        let single = try Self.message([(nil, ["shown": 200, "opened": 50])])
        #expect(single.headline.text.hasPrefix("Opened on 25.0% of 200 showings"))
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
