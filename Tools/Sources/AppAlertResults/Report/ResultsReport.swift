@_spi(Authoring) import AppAlert
import Foundation

/// What `appalert report` says: per message and variant, the counts, each action's rate per showing
/// with its interval, and each variant against the baseline (variant 0); per offered version, the
/// update prompt's funnel. Built in one pass over the counters (``ResultsTally``), then one step per
/// message, variant and event: its cost grows with the rows, never with rows times rows.
package struct ResultsReport: Sendable {
    package var messages: [MessageResult]
    package var updates: [UpdateResult]
    package var filter: ResultsFilter
    /// Whether a feed named the messages, their buttons and variants.
    package var hasFeed: Bool

    /// One message: all its variants' counts added up, and each variant (one entry with `variant`
    /// `nil` for a message without variants).
    package struct MessageResult: Sendable {
        package var id: Int
        /// From the feed.
        package var title: String?
        /// The feed's number of variants (0 for none); `nil` without a feed.
        package var feedVariants: Int?
        /// The events reported, `shown` first, then the actions in a fixed order.
        package var events: [String]
        package var counts: [String: Int64]
        package var arms: [ArmResult]
        /// The one line a product manager reads first (HeadlineWording).
        package var headline: Headline
        /// With the feed's weights and enough showings: whether the variants' showings fit the split.
        package var sampleRatio: SampleRatio?
    }

    /// One variant of a message (or the message itself, without variants).
    package struct ArmResult: Sendable {
        package var variant: Int?
        /// What people read for it: the variant's name, else its letter (A, B, …); "All showings"
        /// for a message without variants.
        package var label: String
        /// Its buttons' titles (the feed's, in the base language) by index; empty without a feed.
        package var buttonTitles: [String]
        package var counts: [String: Int64]
        /// Per action (every event but `shown`): its rate per showing, `nil` with no showings.
        package var rates: [String: Interval?]
        /// Per action, against the baseline; `nil` for the baseline and for a message without variants.
        package var versusBaseline: [String: Comparison]?
        /// The counts of each UTC day, oldest first.
        package var daily: [(day: String, counts: [String: Int64])]
        package var anomalies: [Anomaly]
        package var shown: Int64 { counts["shown"] ?? 0 }
    }

    /// A variant's rate against the baseline's.
    package struct Comparison: Sendable {
        /// p_variant − p_baseline with Newcombe's interval; `nil` when either has no showings.
        package var difference: Interval?
        /// p_variant / p_baseline − 1 (estimate `nil` when the baseline's rate is 0) with the log
        /// interval; `nil` when either has no showings.
        package var relative: (estimate: Double?, low: Double, high: Double)?
        /// P(p_variant > p_baseline) under uniform priors; `nil` when not comparable.
        package var probabilityToBeat: Double?
        package var verdict: Verdict
        /// The baseline's event this one is compared with: the same event, or for a button the
        /// baseline's button of the same title, else the baseline's button at its place doing the same thing.
        package var baselineEvent: String
        /// For a button compared with a baseline's button of another title (one at its place doing the same
        /// thing: a test of button texts): the baseline's button's title.
        package var baselineTitle: String?

        static func notComparable(title: String?, event: String) -> Comparison {
            Comparison(
                difference: nil, relative: nil, probabilityToBeat: nil, verdict: .notComparable(title: title),
                baselineEvent: event)
        }
    }

    /// The plain reading of a comparison.
    package enum Verdict: Equatable, Sendable {
        case better
        case worse
        case noClearDifference
        /// About this many more showings per variant would settle a 10% relative difference (`nil` when the
        /// baseline has none: there is no relative difference to size it by).
        case notEnoughData(moreShowings: Int64?)
        /// Not one counted in either variant (`what`: "dismissals"): no difference, relative or not, to read.
        case noneInEither(what: String)
        /// A button whose title the baseline's buttons do not have, and whose action differs from the
        /// baseline's button at its place (`nil`: a button this variant does not have): nothing to compare
        /// it with.
        case notComparable(title: String?)

        package var code: String {
            switch self {
            case .better: "better"
            case .worse: "worse"
            case .noClearDifference: "no clear difference"
            case .notEnoughData: "not enough data yet"
            case .noneInEither: "none in either"
            case .notComparable: "not comparable"
            }
        }

        package var text: String {
            switch self {
            case .notEnoughData(nil):
                "not enough data yet (none in the baseline, so no relative difference to size the showings needed by)"
            case .notEnoughData(let more?):
                "not enough data yet — about \(Headline.grouped(more)) more \(more == 1 ? "showing" : "showings") per variant would "
                    + "settle a 10% relative difference"
            case .notComparable(let title?):
                "not comparable — the baseline has no button titled \"\(ResultsReport.quoted(title))\" and its "
                    + "button at this place does something else"
            case .notComparable(nil): "not comparable — this variant has no such button"
            case .noneInEither(let what): "no \(what) in either variant"
            default: code
            }
        }
    }

    /// Counts that do not add up, reported as they are and marked.
    package enum Anomaly: Equatable, Sendable {
        /// No showings at all: no rate is defined.
        case noShowings
        /// An action (or, for an update prompt, the answers together) counted more often than the
        /// showings; its interval and comparison take it as all showings.
        case moreThanShown(event: String, count: Int64, shown: Int64)
        /// Days with actions but no showings (days in order; `total` of them in all).
        case actionsWithoutShowings(days: [String], total: Int)
        /// Days with counts outside the message's `startDate`…`endDate` (conversions allowed for their
        /// window after the end): a device clock, or a window changed after it ran. Counted as they are.
        case outsideDates(days: [String], total: Int, window: String)

        package var code: String {
            switch self {
            case .noShowings: "noShowings"
            case .moreThanShown: "moreThanShown"
            case .actionsWithoutShowings: "actionsWithoutShowings"
            case .outsideDates: "outsideDates"
            }
        }

        package var text: String {
            switch self {
            case .noShowings: "no showings recorded, so no rate"
            case .moreThanShown(let event, let count, let shown):
                "\(event) counted \(Headline.grouped(count)) \(count == 1 ? "time" : "times") for \(Headline.grouped(shown)) "
                    + "\(shown == 1 ? "showing" : "showings") (intervals take it as \(Headline.grouped(shown)))"
            case .actionsWithoutShowings(let days, let total):
                "actions on \(Headline.grouped(Int64(total))) day\(total == 1 ? "" : "s") without showings: "
                    + days.prefix(5).joined(separator: ", ") + (total > 5 ? ", …" : "")
            // Said with its likely causes and what to do: the collector takes such counts (it cannot tell
            // a wrong clock from a window changed since, and its feed may not be the devices'), the report
            // counts them as they are.
            case .outsideDates(let days, let total, let window):
                "counts on \(Headline.grouped(Int64(total))) day\(total == 1 ? "" : "s") outside the message's dates (\(window)): "
                    + days.prefix(5).joined(separator: ", ") + (total > 5 ? ", …" : "")
                    + " — a device's clock set wrong, or dates changed after the message was shown; counted as they "
                    + "are (--since and --until leave such days out)"
            }
        }
    }

    /// One offered version's update prompt, per app.
    package struct UpdateResult: Sendable {
        package var app: String
        package var version: String
        package var counts: [String: Int64]
        /// Per answer, its rate per `update.shown`.
        package var rates: [String: Interval?]
        package var anomalies: [Anomaly]
        package var events: [String]
    }
}

extension ResultsReport {
    /// Reads the counters `filter` selects from `database` and reports them, with the messages of
    /// `feed` (`nil`: only what the database has).
    package static func load(
        database: String, filter: ResultsFilter, feed: [FeedMessageFacts]?
    ) async throws(ResultsReadError) -> ResultsReport {
        let tally = ResultsTally()
        try await ResultsReader.read(database, filter: filter) { tally.add($0) }
        return ResultsReport(tally: tally, filter: filter, feed: feed)
    }

    init(tally: ResultsTally, filter: ResultsFilter, feed: [FeedMessageFacts]?) {
        let arms = tally.arms
        var byMessage: [Int: [Int?: ResultsTally.Counts]] = [:]
        for (key, counts) in arms { byMessage[key.message, default: [:]][key.variant] = counts }
        let facts = Dictionary((feed ?? []).map { ($0.id, $0) }) { first, _ in first }
        let ids = Set(byMessage.keys).union(facts.keys).sorted()
        messages = ids.map { id in
            Self.message(id: id, stored: byMessage[id] ?? [:], facts: facts[id])
        }
        // Versions in version order (3.3 before 3.17), as text only where one does not read as a version.
        updates = tally.updates.keys.sorted { a, b in
            guard a.app == b.app else { return a.app < b.app }
            switch (Version(a.version), Version(b.version)) {
            case (let x?, let y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.version < b.version
            }
        }.map { key in
            Self.update(app: key.app, version: key.version, counts: tally.updates[key] ?? ResultsTally.Counts())
        }
        self.filter = filter
        hasFeed = feed != nil
    }

    private static func message(id: Int, stored: [Int?: ResultsTally.Counts], facts: FeedMessageFacts?)
        -> MessageResult
    {
        var variants = Set(stored.keys)
        if let facts {
            if facts.variants == 0 {
                variants.insert(nil)
            } else {
                variants.formUnion((0..<facts.variants).map { Optional($0) })
            }
        }
        let ordered = variants.sorted { ($0 ?? -1) < ($1 ?? -1) }
        var eventSet = Set(facts?.actions ?? [])
        eventSet.insert("shown")
        for counts in stored.values { eventSet.formUnion(counts.totals.keys) }
        let events = EventOrder.sorted(eventSet)
        let actions = events.filter { $0 != "shown" }
        let baselineVariant = ordered.first { $0 != nil } ?? nil
        let baseline = Baseline(
            counts: baselineVariant.flatMap { stored[$0] }?.totals ?? [:],
            buttonTitles: facts?.buttons(of: baselineVariant) ?? [],
            buttonActions: facts?.actions(of: baselineVariant) ?? [])
        let arms = ordered.map { variant in
            arm(
                variant: variant, stored: stored[variant] ?? ResultsTally.Counts(), events: events, actions: actions,
                baseline: variant == nil || variant == baselineVariant ? nil : baseline, facts: facts)
        }
        var totals: [String: Int64] = [:]
        for arm in arms {
            for (event, n) in arm.counts { totals[event] = ResultsTally.add(totals[event] ?? 0, n) }
        }
        var result = MessageResult(
            id: id, title: facts?.title, feedVariants: facts?.variants, events: events, counts: totals, arms: arms,
            headline: Headline(text: "", kind: .noShowings))
        result.sampleRatio = facts.flatMap { SampleRatio.check(arms: arms, weights: $0.variantWeights) }
        result.headline = Headline(of: result)
        if let ratio = result.sampleRatio, ratio.mismatch { result.headline.warn(ratio) }
        return result
    }

    /// What a variant is compared with: the baseline's counts and its buttons' titles.
    struct Baseline {
        var counts: [String: Int64]
        var buttonTitles: [String]
        var buttonActions: [Message.Action]
    }

    private static func arm(
        variant: Int?, stored: ResultsTally.Counts, events: [String], actions: [String], baseline: Baseline?,
        facts: FeedMessageFacts?
    ) -> ArmResult {
        var counts: [String: Int64] = [:]
        for event in events { counts[event] = stored.totals[event] ?? 0 }
        let shown = counts["shown"] ?? 0
        var rates: [String: Interval?] = [:]
        for action in actions { rates[action] = rate(counts[action] ?? 0, of: shown) }
        let titles = facts?.buttons(of: variant) ?? []
        let buttonActions = facts?.actions(of: variant) ?? []
        let versus = baseline.map { baseline in
            var comparisons: [String: ResultsReport.Comparison] = [:]
            for action in actions {
                let matched = baselineEvent(
                    for: action, buttons: ButtonFacts(titles: titles, actions: buttonActions),
                    baseline: ButtonFacts(titles: baseline.buttonTitles, actions: baseline.buttonActions))
                guard let other = matched.event else {
                    comparisons[action] = .notComparable(title: matched.title, event: action)
                    continue
                }
                var comparison = compare(
                    successes: counts[action] ?? 0, shown: shown, baselineSuccesses: baseline.counts[other] ?? 0,
                    baselineShown: baseline.counts["shown"] ?? 0, lowerIsBetter: action == "dismissed",
                    what: countedAs(action, titles: titles))
                comparison.baselineEvent = other
                comparison.baselineTitle = matched.baselineTitle
                comparisons[action] = comparison
            }
            return comparisons
        }
        let daily = stored.daily.keys.sorted().map { day in (day: day, counts: stored.daily[day] ?? [:]) }
        var marked = anomalies(counts: counts, shownEvent: "shown", actions: actions, daily: daily)
        if let facts, let outside = outsideDates(daily: daily, facts: facts) { marked.append(outside) }
        return ArmResult(
            variant: variant,
            label: variant.map { VariantLabels.label($0, names: facts?.variantNames ?? []) }
                ?? "All showings",
            buttonTitles: titles, counts: counts, rates: rates, versusBaseline: versus, daily: daily,
            anomalies: marked)
    }

    /// One arm's buttons: their titles and what they do, by index.
    struct ButtonFacts {
        var titles: [String]
        var actions: [Message.Action]
    }

    /// The baseline's event to compare `event` with: itself, except for a button whose title differs
    /// from the baseline's button at its index — then the baseline's button of the same title, else the
    /// baseline's button at its index when it does the same thing (a test of button texts: `baselineTitle`
    /// is that button's title), else none (`event` `nil`: not comparable). Without titles (no feed),
    /// buttons compare by index.
    static func baselineEvent(for event: String, buttons: ButtonFacts, baseline: ButtonFacts)
        -> (event: String?, title: String?, baselineTitle: String?)
    {
        let (titles, baselineTitles) = (buttons.titles, baseline.titles)
        guard event.hasPrefix("button."), let index = Int(event.dropFirst(7)),
            !titles.isEmpty || !baselineTitles.isEmpty
        else { return (event, nil, nil) }
        // A button this variant does not have.
        guard titles.indices.contains(index) else { return (nil, nil, nil) }
        let title = titles[index]
        if baselineTitles.indices.contains(index), baselineTitles[index] == title { return (event, title, nil) }
        if let other = baselineTitles.firstIndex(of: title) { return ("button.\(other)", title, nil) }
        if buttons.actions.indices.contains(index), baseline.actions.indices.contains(index),
            baselineTitles.indices.contains(index), buttons.actions[index] == baseline.actions[index]
        {
            return (event, title, baselineTitles[index])
        }
        return (nil, title, nil)
    }

    /// Days with counts before the message's first day or after its last (conversions allowed up to
    /// the last day a conversion window reaches), or `nil`.
    static func outsideDates(daily: [(day: String, counts: [String: Int64])], facts: FeedMessageFacts) -> Anomaly? {
        guard facts.startDay != nil || facts.endDay != nil else { return nil }
        let days = daily.filter { entry in
            entry.counts.contains { event, n in
                guard n > 0 else { return false }
                if let start = facts.startDay, entry.day < start { return true }
                let last = event == "conversion" ? facts.lastConversionDay : facts.endDay
                if let last, entry.day > last { return true }
                return false
            }
        }.map(\.day)
        guard !days.isEmpty else { return nil }
        let window = "\(facts.startDay ?? "…") to \(facts.endDay ?? "…")"
        return .outsideDates(days: Array(days.prefix(100)), total: days.count, window: window)
    }

    /// The rate as counted (above 1 when the counts do not add up) with the Wilson interval of the
    /// count taken as at most the showings; `nil` with no showings.
    static func rate(_ count: Int64, of shown: Int64) -> Interval? {
        guard var interval = Proportions.wilson(successes: count, trials: shown) else { return nil }
        interval.estimate = Double(count) / Double(shown)
        return interval
    }

    /// The comparison of one action of a variant with the baseline's.
    /// With none in either variant (`what` says of what) the verdict says so; with none in the baseline
    /// there is no relative difference.
    static func compare(
        successes: Int64, shown: Int64, baselineSuccesses: Int64, baselineShown: Int64, lowerIsBetter: Bool,
        what: String = "counts"
    ) -> Comparison {
        let difference = Proportions.difference(
            successes1: successes, trials1: shown, successes0: baselineSuccesses, trials0: baselineShown)
        let relative = Proportions.ratio(
            successes1: successes, trials1: shown, successes0: baselineSuccesses, trials0: baselineShown
        ).flatMap { ratio in
            // A rate against a baseline rate of 0 has no relative difference, and no interval worth printing.
            ratio.estimate.map { (estimate: Optional($0 - 1), low: ratio.low - 1, high: ratio.high - 1) }
        }
        let probability = ProbabilityToBeat.probability(
            successes1: successes, trials1: shown, successes0: baselineSuccesses, trials0: baselineShown)
        let verdict: Verdict
        if successes == 0, baselineSuccesses == 0, shown > 0, baselineShown > 0 {
            verdict = .noneInEither(what: what)
        } else if let difference, difference.low > 0 {
            verdict = lowerIsBetter ? .worse : .better
        } else if let difference, difference.high < 0 {
            verdict = lowerIsBetter ? .better : .worse
        } else {
            let x = Double(
                Proportions.clamped(successes, shown) + Proportions.clamped(baselineSuccesses, baselineShown))
            let n = Double(max(shown, 0)) + Double(max(baselineShown, 0))
            let needed = Proportions.showingsToSettle(rate: (x + 0.5) / (n + 1))
            let have = min(shown, baselineShown)
            verdict =
                have >= needed
                ? .noClearDifference
                : .notEnoughData(
                    moreShowings: baselineSuccesses == 0 && baselineShown > 0 ? nil : needed - max(have, 0))
        }
        return Comparison(
            difference: difference, relative: relative, probabilityToBeat: probability, verdict: verdict,
            baselineEvent: "")
    }

    /// What `event` counts, in the plural: "dismissals", "taps on "Buy now"", "conversions".
    static func countedAs(_ event: String, titles: [String]) -> String {
        switch event {
        case "dismissed": "dismissals"
        case "conversion": "conversions"
        case "opened": "openings"
        case "tap": "taps"
        case "link": "links followed"
        default:
            event.hasPrefix("button.") ? "taps on \(eventLabel(event, titles: titles))" : "\(event) events"
        }
    }

    private static func update(app: String, version: String, counts stored: ResultsTally.Counts) -> UpdateResult {
        var eventSet: Set<String> = ["update.shown", "update.accepted", "update.later", "update.skipped"]
        eventSet.formUnion(stored.totals.keys)
        let events = EventOrder.sorted(eventSet)
        var counts: [String: Int64] = [:]
        for event in events { counts[event] = stored.totals[event] ?? 0 }
        let shown = counts["update.shown"] ?? 0
        let answers = events.filter { $0 != "update.shown" }
        var rates: [String: Interval?] = [:]
        for answer in answers { rates[answer] = rate(counts[answer] ?? 0, of: shown) }
        let daily = stored.daily.keys.sorted().map { day in (day: day, counts: stored.daily[day] ?? [:]) }
        var marked = anomalies(counts: counts, shownEvent: "update.shown", actions: answers, daily: daily)
        let answered = answers.reduce(Int64(0)) { ResultsTally.add($0, counts[$1] ?? 0) }
        if shown > 0, answered > shown, !answers.contains(where: { (counts[$0] ?? 0) > shown }) {
            marked.append(.moreThanShown(event: "answers together", count: answered, shown: shown))
        }
        return UpdateResult(app: app, version: version, counts: counts, rates: rates, anomalies: marked, events: events)
    }

    /// No showings; an action above the showings; days with actions but no showings (conversions
    /// excepted: one may follow a showing of an earlier day).
    private static func anomalies(
        counts: [String: Int64], shownEvent: String, actions: [String], daily: [(day: String, counts: [String: Int64])]
    ) -> [Anomaly] {
        var found: [Anomaly] = []
        let shown = counts[shownEvent] ?? 0
        if shown <= 0 { found.append(.noShowings) }
        for action in actions where (counts[action] ?? 0) > shown && shown > 0 {
            found.append(.moreThanShown(event: action, count: counts[action] ?? 0, shown: shown))
        }
        let days = daily.filter { entry in
            (entry.counts[shownEvent] ?? 0) <= 0
                && entry.counts.contains { $0.key != shownEvent && $0.key != "conversion" && $0.value > 0 }
        }.map(\.day)
        if !days.isEmpty { found.append(.actionsWithoutShowings(days: Array(days.prefix(100)), total: days.count)) }
        return found
    }
}

/// The order events are listed in: showings, openings, dismissals, buttons by index, taps, links, conversions,
/// the update prompt's funnel, then anything else by name.
enum EventOrder {
    static func sorted(_ events: Set<String>) -> [String] {
        events.sorted { rank($0) == rank($1) ? $0 < $1 : rank($0) < rank($1) }
    }

    private static func rank(_ event: String) -> (Int, Int) {
        switch event {
        case "shown": return (0, 0)
        case "opened": return (0, 1)
        case "dismissed": return (1, 0)
        case "tap": return (3, 0)
        case "link": return (4, 0)
        case "conversion": return (5, 0)
        case "update.shown": return (6, 0)
        case "update.accepted": return (7, 0)
        case "update.later": return (8, 0)
        case "update.skipped": return (9, 0)
        default:
            if event.hasPrefix("button."), let index = Int(event.dropFirst(7)), index >= 0 { return (2, index) }
            return (10, 0)
        }
    }
}

/// The counters added up as they are read: per message and variant, and per app and offered version,
/// each event's total and each day's.
final class ResultsTally: @unchecked Sendable {
    struct Counts {
        var totals: [String: Int64] = [:]
        var daily: [String: [String: Int64]] = [:]
    }
    struct ArmKey: Hashable {
        var message: Int
        var variant: Int?
    }
    struct UpdateKey: Hashable {
        var app: String
        var version: String
    }

    private let lock = NSLock()
    private var armCounts: [ArmKey: Counts] = [:]
    private var updateCounts: [UpdateKey: Counts] = [:]

    func add(_ row: CountRow) {
        lock.withLock {
            if let message = row.message {
                Self.add(row, to: &armCounts[ArmKey(message: message, variant: row.variant), default: Counts()])
            } else {
                Self.add(
                    row, to: &updateCounts[UpdateKey(app: row.app, version: row.version ?? ""), default: Counts()])
            }
        }
    }

    var arms: [ArmKey: Counts] { lock.withLock { armCounts } }
    var updates: [UpdateKey: Counts] { lock.withLock { updateCounts } }

    private static func add(_ row: CountRow, to counts: inout Counts) {
        counts.totals[row.event] = add(counts.totals[row.event] ?? 0, row.n)
        counts.daily[row.day, default: [:]][row.event] = add(counts.daily[row.day]?[row.event] ?? 0, row.n)
    }

    /// `a + b`, held at the largest Int64 rather than overflowing.
    static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}
