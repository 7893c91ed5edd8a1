import Foundation

extension ResultsReport {
    /// The one line a message's results open with, in every format and in the console: for a message
    /// with variants, the verdict on its goal (the conversion, else an inbox item's opening, the first
    /// button, the tap, the link, dismissals) for the variant most likely to beat the baseline; for one
    /// without, its rate.
    package struct Headline: Equatable, Sendable {
        package enum Kind: String, Sendable {
            case better, worse, noDifferenceWorthHaving, notSettled, notComparable, noShowings, nothingToCompare
            /// A message without variants: its rate, no verdict.
            case withoutVariants
        }

        package var text: String
        package var kind: Kind
        /// The goal event, the variant and the baseline the line is about (variant indices).
        package var event: String?
        package var variant: Int?
        package var baseline: Int?
        /// How likely the variant is to be better than the baseline on `event` (for `dismissed`, fewer).
        package var probabilityBetter: Double?
        /// For `notSettled`: more showings per variant that would settle the difference observed (`nil`
        /// when the rates are equal), and a 10% relative difference.
        package var moreShowingsAtObserved: Int64?
        package var moreShowingsAtTenPercent: Int64?
        /// With showings that do not fit the split (``SampleRatio``): the console's short warning, and the
        /// line as it was before `text` was opened with the warning.
        package var shortWarning: String?
        package var verdictText: String?

        init(text: String, kind: Kind) {
            self.text = text
            self.kind = kind
        }
    }
}

extension ResultsReport.Headline {
    /// Opens the line with `ratio`'s warning: the verdict as counted follows it.
    mutating func warn(_ ratio: ResultsReport.SampleRatio) {
        verdictText = text
        shortWarning = ratio.shortWarning
        text = ratio.warning + " As counted: " + text
    }

    /// The goals in the order the headline looks for them.
    static let goals = ["conversion", "opened", "button.0", "tap", "link", "dismissed"]

    init(of message: ResultsReport.MessageResult) {
        let goal = Self.goals.first { message.events.contains($0) }
        let variants = message.arms.filter { $0.variant != nil }
        let shown = message.counts["shown"] ?? 0
        if shown <= 0 {
            self.init(text: Self.noShowings(message, goal: goal), kind: .noShowings)
            event = goal
            return
        }
        guard variants.count >= 2, let goal else {
            self.init(text: Self.summary(message, goal: goal), kind: .withoutVariants)
            event = goal
            return
        }
        let control = variants[0]
        let challengers = variants.dropFirst()
        let lowerIsBetter = goal == "dismissed"
        func better(_ arm: ResultsReport.ArmResult) -> Double {
            guard let p = arm.versusBaseline?[goal]?.probabilityToBeat else { return -1 }
            return lowerIsBetter ? 1 - p : p
        }
        let challenger = challengers.max { better($0) < better($1) } ?? variants[1]
        self.init(text: "", kind: .notSettled)
        event = goal
        variant = challenger.variant
        baseline = control.variant
        let lead = challengers.count > 1 ? "Best of \(challengers.count) challengers: " : ""
        let quotedVariant = "\"\(ResultsReport.quoted(challenger.label))\""
        let quotedBaseline = "\"\(ResultsReport.quoted(control.label))\""
        guard let comparison = challenger.versusBaseline?[goal] else {
            (kind, text) = (.nothingToCompare, lead + "\(quotedVariant): nothing to compare with the baseline.")
            return
        }
        if case .notComparable(let title) = comparison.verdict {
            let what = title.map { "button \"\(ResultsReport.quoted($0))\"" } ?? "first button"
            (kind, text) = (
                .notComparable,
                lead + "\(quotedVariant)'s \(what) has no match among \(quotedBaseline)'s buttons: not comparable."
            )
            return
        }
        let baselineEvent = comparison.baselineEvent.isEmpty ? goal : comparison.baselineEvent
        guard let rate = challenger.rates[goal] ?? nil, let baselineRate = control.rates[baselineEvent] ?? nil else {
            let missing = challenger.shown <= 0 ? quotedVariant : quotedBaseline
            (kind, text) = (.noShowings, lead + "\(missing) has no showings recorded yet: nothing to compare.")
            return
        }
        // A test of button texts names the baseline's button too.
        let baselineButton = comparison.baselineTitle.map { "'s \"\(ResultsReport.quoted($0))\"" } ?? ""
        var line =
            lead + "\(quotedVariant) \(Self.verb(goal, arm: challenger)) \(ResultsReport.percent(rate.estimate)) "
            + "against \(quotedBaseline)\(baselineButton) \(ResultsReport.percent(baselineRate.estimate))"
        let probability = better(challenger)
        if probability >= 0 {
            probabilityBetter = probability
            line += ": \(Self.likely(probability)) likely to be better."
        } else {
            line += "."
        }
        switch comparison.verdict {
        case .better:
            kind = .better
            line += " Settled: \(quotedVariant) is better."
        case .worse:
            kind = .worse
            line += " Settled: \(quotedVariant) is worse."
        case .noClearDifference:
            kind = .noDifferenceWorthHaving
            line +=
                " Settled: no difference worth having (enough showings to see a 10% relative difference, and none "
                + "showed)."
        case .notEnoughData(let moreForTenPercent):
            kind = .notSettled
            moreShowingsAtTenPercent = moreForTenPercent
            let have = min(challenger.shown, control.shown)
            let clampedRate = min(max(rate.estimate, 0), 1)
            let clampedBaseline = min(max(baselineRate.estimate, 0), 1)
            // With none in the baseline there is no relative difference, and no figure for one.
            let tenPercent =
                moreForTenPercent.map { "; a 10% relative difference needs about \(Self.about($0)) more" } ?? ""
            if let needed = Proportions.showingsToSettle(clampedBaseline, clampedRate) {
                let more = max(needed - have, 0)
                moreShowingsAtObserved = more
                line +=
                    more > 0
                    ? " Not settled — at this difference about \(Self.about(more)) more "
                        + "\(more == 1 ? "showing per variant settles" : "showings per variant settle") it (95% confidence, 80% "
                        + "power)\(tenPercent)."
                    : " Not settled — at this difference the showings so far should have settled it, so the "
                        + "difference is likely smaller than it looks\(tenPercent)."
            } else {
                line += " Not settled — no difference so far\(tenPercent)."
            }
        case .noneInEither(let what):
            kind = .notSettled
            line += " Not settled — no \(what) in either variant yet."
        case .notComparable:
            kind = .notComparable
        }
        text = line
    }

    /// "converts", "gets "Buy now" tapped", … for `event` of `arm`.
    static func verb(_ event: String, arm: ResultsReport.ArmResult) -> String {
        switch event {
        case "conversion": return "converts"
        case "opened": return "is opened"
        case "tap": return "is tapped"
        case "link": return "has its link followed"
        case "dismissed": return "is dismissed"
        default: return "gets \(ResultsReport.eventLabel(event, titles: arm.buttonTitles)) tapped"
        }
    }

    /// A message without variants (or with one): its goal's rate.
    private static func summary(_ message: ResultsReport.MessageResult, goal: String?) -> String {
        let shown = message.counts["shown"] ?? 0
        let showings = "\(grouped(shown)) \(shown == 1 ? "showing" : "showings")"
        let arm = message.arms.first { $0.variant != nil } ?? message.arms.first
        guard let goal, let arm, let rate = ResultsReport.rate(message.counts[goal] ?? 0, of: shown) else {
            return "Shown \(grouped(shown)) \(shown == 1 ? "time" : "times")."
        }
        let what: String
        switch goal {
        case "conversion": what = "Converts"
        case "opened": what = "Opened on"
        case "tap": what = "Tapped on"
        case "link": what = "Link followed on"
        case "dismissed": what = "Dismissed on"
        default: what = "\(ResultsReport.eventLabel(goal, titles: arm.buttonTitles)) tapped on"
        }
        return
            "\(what) \(ResultsReport.percent(rate.estimate)) of \(showings) (95%: \(ResultsReport.percent(rate.low))–"
            + "\(ResultsReport.percent(rate.high)))."
    }

    /// No showings at all: said plainly, with the actions counted anyway.
    private static func noShowings(_ message: ResultsReport.MessageResult, goal: String?) -> String {
        let actions = message.counts.filter { $0.key != "shown" }.values.reduce(Int64(0)) { ResultsTally.add($0, $1) }
        guard actions > 0 else { return "No showings recorded yet." }
        let conversions = message.counts["conversion"] ?? 0
        let counted =
            conversions > 0
            ? "\(grouped(conversions)) \(conversions == 1 ? "conversion" : "conversions")"
            : "\(grouped(actions)) \(actions == 1 ? "action" : "actions")"
        return "No showings recorded, but \(counted): no rate until showings are counted."
    }

    /// How likely, in whole percent: "84%", ">99%", "<1%".
    static func likely(_ probability: Double) -> String {
        if probability >= 0.995 { return ">99%" }
        if probability < 0.005 { return "<1%" }
        return "\(Int((probability * 100).rounded()))%"
    }

    /// A count of showings to come, rounded to two significant figures from 100 on: "1,000", "14,000".
    static func about(_ count: Int64) -> String {
        guard count >= 100 else { return grouped(count) }
        var scale: Int64 = 1
        while count / scale >= 100 { scale *= 10 }
        let rounded = ((count + scale / 2) / scale).multipliedReportingOverflow(by: scale)
        return grouped(rounded.overflow ? count : rounded.partialValue)
    }

    /// 1234567 → "1,234,567".
    static func grouped(_ count: Int64) -> String {
        let digits = String(count.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (count < 0 ? "-" : "") + out
    }
}

extension ResultsReport {
    /// What people read for `event` of an arm with buttons titled `titles`: a button by its title in
    /// quotes ("Buy now"), else the event's name.
    static func eventLabel(_ event: String, titles: [String]) -> String {
        guard event.hasPrefix("button."), let index = Int(event.dropFirst(7)), titles.indices.contains(index) else {
            return event
        }
        return "\"\(quoted(titles[index]))\""
    }
}
