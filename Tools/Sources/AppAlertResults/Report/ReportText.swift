import Foundation

extension ResultsReport {
    /// What the report covers, in words: the app and the days.
    package var scope: String {
        let app = filter.app.map { "app \($0)" } ?? "every app"
        let days: String
        switch (filter.since, filter.until) {
        case (nil, nil): days = "every day"
        case (let since?, nil): days = "from \(since)"
        case (nil, let until?): days = "until \(until)"
        case (let since?, let until?): days = "\(since) to \(until)"
        }
        return "\(app), \(days) (UTC)"
    }

    /// The report as people read it: per message and variant, the counts and rates with their 95%
    /// intervals, each variant against the baseline with its verdict, marks where counts do not add
    /// up; then the update prompts.
    package var text: String {
        var lines = ["Results for \(scope)"]
        if messages.isEmpty && updates.isEmpty { lines.append("No counts recorded.") }
        if let note = buttonsNote { lines.append(note) }
        for message in messages {
            lines.append("")
            var heading = "Message \(message.id)"
            if let title = message.title { heading += " \"\(Self.quoted(title))\"" }
            let variantCount = message.arms.filter { $0.variant != nil }.count
            if variantCount > 0 { heading += " (\(variantCount) \(variantCount == 1 ? "variant" : "variants"))" }
            heading += ": shown \(Headline.grouped(message.counts["shown"] ?? 0))"
            lines.append(heading)
            if let note = notInFeedNote(message) { lines.append("  " + note) }
            lines.append("  " + message.headline.text)
            if let ratio = message.sampleRatio, ratio.mismatch { lines.append("  ! " + ratio.details) }
            let actions = message.events.filter { $0 != "shown" }
            let width =
                max(
                    10,
                    (message.arms.flatMap { arm in actions.map { Self.eventLabel($0, titles: arm.buttonTitles).count } }
                        .max() ?? 0) + 2)
            // A message never shown says so once, in its headline: no rate, no mark repeating it.
            let neverShown = (message.counts["shown"] ?? 0) <= 0
            for arm in message.arms {
                let prefix: String
                if arm.variant != nil {
                    let baseline = arm.versusBaseline == nil ? " (baseline)" : ""
                    lines.append("  \(Self.variantTitle(arm))\(baseline): shown \(Headline.grouped(arm.shown))")
                    prefix = "    "
                } else {
                    if variantCount > 0 { lines.append("  Without a variant: shown \(Headline.grouped(arm.shown))") }
                    prefix = variantCount > 0 ? "    " : "  "
                }
                for action in actions {
                    let count = arm.counts[action] ?? 0
                    let label = Self.eventLabel(action, titles: arm.buttonTitles)
                    var line = prefix + label.padding(toLength: width, withPad: " ", startingAt: 0)
                    line += Headline.grouped(count).leftPadded(to: 9)
                    if let rate = arm.rates[action] ?? nil {
                        line += "  " + Self.rateText(rate)
                    } else if !neverShown {
                        line += "  no rate (no showings)"
                    }
                    lines.append(line)
                    if let comparison = arm.versusBaseline?[action] {
                        lines.append(
                            prefix + "  vs " + Self.baselineName(comparison, action, goal: message.headline.event)
                                + ": "
                                + Self.describe(comparison))
                    }
                }
                for anomaly in arm.anomalies where !(neverShown && anomaly == .noShowings) {
                    lines.append(prefix + "! " + anomaly.text)
                }
            }
        }
        if !updates.isEmpty {
            lines.append("")
            lines.append("Update prompts")
            for update in updates {
                let shown = update.counts["update.shown"] ?? 0
                var parts: [String] = []
                for event in update.events where event != "update.shown" {
                    let name = event.hasPrefix("update.") ? String(event.dropFirst(7)) : event
                    var part = "\(name) \(Headline.grouped(update.counts[event] ?? 0))"
                    if let rate = update.rates[event] ?? nil {
                        part +=
                            " (\(Self.percent(rate.estimate)), 95%: \(Self.percent(rate.low))–\(Self.percent(rate.high)))"
                    }
                    parts.append(part)
                }
                lines.append(
                    "  \(Self.quoted(update.app)) \(Self.quoted(update.version)): shown \(Headline.grouped(shown)) → "
                        + parts.joined(separator: ", "))
                for anomaly in update.anomalies { lines.append("    ! " + anomaly.text) }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// With a feed that no longer has `message` (counts of a message since removed): its names are unknown.
    package func notInFeedNote(_ message: MessageResult) -> String? {
        guard hasFeed, message.title == nil else { return nil }
        return "The feed no longer has message \(message.id), so its variants' names and its buttons' titles are "
            + "unknown: variants by letter, buttons by place (button.0 is the first)."
    }

    /// Without a feed, where buttons were counted: they are listed by index, their titles unknown.
    package var buttonsNote: String? {
        guard !hasFeed, messages.contains(where: { $0.events.contains { $0.hasPrefix("button.") } }) else { return nil }
        return "Buttons are listed by their place (button.0 is the first): without --feed their titles, and what "
            + "they do, are unknown."
    }

    /// "Variant A", or `Variant "Discount"` for a named one; "variant A" within a sentence.
    static func variantTitle(_ arm: ArmResult, capitalized: Bool = true) -> String {
        guard let variant = arm.variant else { return arm.label }
        let word = capitalized ? "Variant" : "variant"
        return arm.label == VariantLabels.letter(variant) ? "\(word) \(arm.label)" : "\(word) \"\(quoted(arm.label))\""
    }

    /// What `event` is compared with: "baseline"; for a button compared with one of another title doing the
    /// same thing, `baseline's "Start free trial" (the same action)`; for one compared with the baseline's
    /// button of the same title at another index, says which. An event other than the headline's `goal`
    /// says it is not the test's goal, so that its verdict is not read against the headline's.
    static func baselineName(_ comparison: Comparison, _ event: String, goal: String?) -> String {
        var notes: [String] = []
        var name = "baseline"
        if let title = comparison.baselineTitle {
            name += "'s \"\(quoted(title))\""
            notes.append("the same action")
        } else if !comparison.baselineEvent.isEmpty && comparison.baselineEvent != event {
            notes.append("its button of the same title, \(buttonPlace(comparison.baselineEvent))")
        }
        if let goal, goal != event { notes.append("not the test's goal") }
        return notes.isEmpty ? name : "\(name) (\(notes.joined(separator: "; ")))"
    }

    /// A button's event as people say where the button is: `button.1` is "the second button"; any other
    /// event as it is.
    static func buttonPlace(_ event: String) -> String {
        guard event.hasPrefix("button."), let index = Int(event.dropFirst(7)), index >= 0 else { return event }
        let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        return index < ordinals.count ? "the \(ordinals[index]) button" : "button number \(index + 1)"
    }

    static func describe(_ comparison: Comparison) -> String {
        switch comparison.verdict {
        case .notComparable, .noneInEither: return comparison.verdict.text
        default: break
        }
        var parts: [String] = []
        if let difference = comparison.difference {
            parts.append(
                "\(points(difference.estimate)) points (95%: \(points(difference.low)) to \(points(difference.high)))")
        } else {
            parts.append("no difference defined (no showings)")
        }
        if let relative = comparison.relative, let estimate = relative.estimate {
            parts.append(
                "relative \(signedPercent(estimate)) (95%: \(signedPercent(relative.low)) to "
                    + "\(signedPercent(relative.high)))")
        } else if comparison.difference != nil {
            parts.append("no relative difference (none in the baseline)")
        }
        if let probabilityToBeat = comparison.probabilityToBeat {
            parts.append("P(rate above the baseline’s) \(probability(probabilityToBeat))")
        }
        return parts.joined(separator: ", ") + ": " + comparison.verdict.text
    }

    /// `0.1234` → `12.3%`; below 1%, two decimals.
    static func percent(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        return String(format: abs(value) < 0.01 && value != 0 ? "%.2f%%" : "%.1f%%", value * 100)
    }

    /// A difference of rates in percentage points, signed.
    static func points(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        // A difference that rounds to zero prints as +0.0, never -0.0.
        return String(format: "%+.1f", abs(value * 100) < 0.05 ? 0 : value * 100)
    }

    static func signedPercent(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        return String(format: "%+.0f%%", abs(value * 100) < 0.5 ? 0 : value * 100)
    }

    static func probability(_ value: Double) -> String {
        if value > 0.999 { return ">99.9%" }
        if value < 0.001 { return "<0.1%" }
        return String(format: "%.1f%%", value * 100)
    }

    /// At most 100 characters of `text`, control characters shown as spaces.
    static func quoted(_ text: String) -> String {
        let cleaned = String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        return cleaned.count > 100 ? String(cleaned.prefix(100)) + "…" : cleaned
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
