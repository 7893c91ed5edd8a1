import Foundation

extension ResultsReport {
    /// A message's results as the console shows them beside the message: the headline, then a line per
    /// variant with its showings and each action's count and rate with its interval, the verdict
    /// against the baseline, and the marks — the report's own numbers, words and formats. A message never
    /// shown says so once. Showings that do not fit the split (`sampleRatio.mismatch`) open it with the
    /// warning in short, on a line of its own.
    static func summary(_ message: MessageResult) -> String {
        guard (message.counts["shown"] ?? 0) > 0 else { return message.headline.text }
        let actions = message.events.filter { $0 != "shown" }
        let hasVariants = message.arms.contains { $0.variant != nil }
        let arms = message.arms.map { arm in
            var parts: [String] = []
            var heading = "shown \(Headline.grouped(arm.shown))"
            if arm.variant != nil {
                heading = "\(variantTitle(arm))\(arm.versusBaseline == nil ? " (baseline)" : ""): " + heading
            } else if hasVariants {
                heading = "Without a variant: " + heading
            }
            parts.append(heading)
            for action in actions {
                var part =
                    "\(eventLabel(action, titles: arm.buttonTitles)) \(Headline.grouped(arm.counts[action] ?? 0))"
                if let rate = arm.rates[action] ?? nil { part += ": " + rateText(rate) }
                if let comparison = arm.versusBaseline?[action] {
                    let verdict = comparison.verdict
                    part += ", vs \(baselineName(comparison, action, goal: message.headline.event)): "
                    if case .noneInEither = verdict { part += verdict.text } else { part += verdict.code }
                }
                parts.append(part)
            }
            parts += arm.anomalies.map { "! " + $0.text }
            return parts.joined(separator: " · ")
        }
        // A line each: the headline, then each variant (the console keeps the line breaks); showings that do
        // not fit the split put the warning, in short, on a line of its own before it.
        let headline = message.headline
        let opening = headline.shortWarning.map { [$0, headline.verdictText ?? headline.text] } ?? [headline.text]
        return (opening + arms).joined(separator: "\n")
    }

    /// A rate with its interval as every format prints it: `5.0% (95%: 4.6%–5.4%)`.
    static func rateText(_ rate: Interval) -> String {
        "\(percent(rate.estimate)) (95%: \(percent(rate.low))–\(percent(rate.high)))"
    }
}
