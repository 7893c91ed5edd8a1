import Foundation

extension ResultsReport {
    /// The sample ratio check of a message with variants: its variants' showings against the split the
    /// feed gives (their `weight`s), by Pearson's chi-square goodness-of-fit test. Showings that do not fit
    /// (p < 0.001) mean the split changed while the test ran, or installs are not counted in every variant
    /// (a variant that fails before its showing is counted): the comparisons mix what they should not.
    package struct SampleRatio: Equatable, Sendable {
        /// The variants' labels, their weights' shares and their showings' shares, by variant index.
        package var labels: [String]
        package var expected: [Double]
        package var observed: [Double]
        package var showings: [Int64]
        package var fit: ChiSquare.Fit
        /// The first day from which the showings fit the split while the days before do not (`nil` when no
        /// such day stands out, or when the showings fit).
        package var fitsFrom: String?

        /// Below this p-value the showings do not fit the split.
        package static let threshold = 0.001

        /// The fewest showings the check speaks at. At 100, a test at α = 0.001 on one degree of freedom
        /// tells a 50/50 split from 70/30 with power 0.86 (noncentrality 100 · w², w² = 0.2²/0.7 + 0.2²/0.3
        /// = 0.19; `scipy.stats.ncx2.sf(chi2.isf(0.001, 1), 1, 19.05)`); at 50 with power 0.42, so below
        /// 100 a split changed that much would more often pass unseen than be caught, and "fits" would
        /// reassure falsely. Every variant must also expect at least 5 showings, below which the
        /// chi-square distribution is a poor approximation of the statistic's.
        package static let minimumShowings: Int64 = 100

        package var mismatch: Bool { fit.p < Self.threshold }

        /// The check of `arms` (each variant's showings and days) against `weights` (the feed's, by
        /// variant index), or `nil` when it cannot speak: no weights, a variant the feed does not have,
        /// too few showings.
        static func check(arms: [ArmResult], weights: [Int]) -> SampleRatio? {
            guard weights.count >= 2 else { return nil }
            let variants = arms.filter { $0.variant != nil }
            guard variants.allSatisfy({ weights.indices.contains($0.variant ?? -1) || $0.shown <= 0 }) else {
                return nil
            }
            let byIndex = Dictionary(variants.map { ($0.variant ?? 0, $0) }) { first, _ in first }
            let showings = weights.indices.map { max(byIndex[$0]?.shown ?? 0, 0) }
            guard speaks(showings, weights: weights),
                let fit = ChiSquare.goodnessOfFit(observed: showings, weights: weights)
            else { return nil }
            let total = Double(showings.reduce(0, ResultsTally.add))
            let weightSum = Double(weights.reduce(0, +))
            var result = SampleRatio(
                labels: weights.indices.map { byIndex[$0]?.label ?? VariantLabels.letter($0) },
                expected: weights.map { Double($0) / weightSum }, observed: showings.map { Double($0) / total },
                showings: showings, fit: fit)
            if result.mismatch {
                result.fitsFrom = changeDay(
                    daily: weights.indices.map { byIndex[$0]?.daily ?? [] }, weights: weights)
            }
            return result
        }

        /// Whether `showings` are enough for the check (``minimumShowings``, 5 expected in each variant).
        static func speaks(_ showings: [Int64], weights: [Int]) -> Bool {
            let total = showings.reduce(0, ResultsTally.add)
            let smallest = Double(weights.min() ?? 0) / Double(max(weights.reduce(0, +), 1))
            return total >= minimumShowings && Double(total) * smallest >= 5
        }

        /// The day the showings start to fit the split: of the days `d` where the days from `d` on fit
        /// (with enough showings to tell) and the days before do not, the one most likely to be where the
        /// split changed — the change point's maximum likelihood, with shares of their own before `d` and
        /// the split's from `d` on: `Σ_v B_v·ln(B_v/B) + Σ_v A_v·ln(w_v/W)`. One pass over the days.
        static func changeDay(daily: [[(day: String, counts: [String: Int64])]], weights: [Int]) -> String? {
            var byDay: [String: [Int64]] = [:]
            for (variant, days) in daily.enumerated() {
                for entry in days {
                    byDay[entry.day, default: Array(repeating: 0, count: weights.count)][variant] = ResultsTally.add(
                        byDay[entry.day]?[variant] ?? 0, max(entry.counts["shown"] ?? 0, 0))
                }
            }
            let days = byDay.keys.sorted()
            guard days.count >= 2 else { return nil }
            let weightSum = Double(weights.reduce(0, +))
            var after = weights.indices.map { variant in
                days.reduce(Int64(0)) { ResultsTally.add($0, byDay[$1]?[variant] ?? 0) }
            }
            var before = Array(repeating: Int64(0), count: weights.count)
            var best: (day: String, likelihood: Double)?
            for index in 1..<days.count {
                let moved = byDay[days[index - 1]] ?? []
                for variant in weights.indices {
                    before[variant] = ResultsTally.add(before[variant], moved[variant])
                    after[variant] -= moved[variant]
                }
                guard speaks(after, weights: weights), speaks(before, weights: weights),
                    let fitAfter = ChiSquare.goodnessOfFit(observed: after, weights: weights),
                    fitAfter.p >= threshold,
                    let fitBefore = ChiSquare.goodnessOfFit(observed: before, weights: weights),
                    fitBefore.p < threshold
                else { continue }
                let beforeTotal = Double(before.reduce(0, +))
                var likelihood = 0.0
                for variant in weights.indices {
                    if before[variant] > 0 {
                        likelihood += Double(before[variant]) * log(Double(before[variant]) / beforeTotal)
                    }
                    likelihood += Double(after[variant]) * log(Double(weights[variant]) / weightSum)
                }
                if best == nil || likelihood > best?.likelihood ?? 0 { best = (days[index], likelihood) }
            }
            return best?.day
        }

        /// The split as people say it: "70/30", "33.3/33.3/33.3".
        var splitText: String {
            let percents = expected.map { $0 * 100 }
            let whole = percents.allSatisfy { abs($0 - $0.rounded()) < 1e-9 }
            return percents.map { whole ? String(Int($0.rounded())) : String(format: "%.1f", $0) }.joined(
                separator: "/")
        }

        /// The warning the headline opens with.
        var warning: String {
            let shares = zip(labels, observed).map { "\"\(ResultsReport.quoted($0))\" \(ResultsReport.percent($1))" }
            var text =
                "Showings do not match the split \(splitText) (\(shares.joined(separator: ", ")); p < 0.001): the split "
                + "may have changed, or installs are not counted in every variant, so the verdict cannot be trusted as "
                + "it stands."
            if let day = fitsFrom {
                text += " They fit the split from \(day): appalert report --since \(day)."
            } else {
                text += " Compare days of one split with --since."
            }
            return text
        }

        /// The warning in short, for the console's list.
        var shortWarning: String {
            let read =
                fitsFrom.map { "they fit it from \($0) (--since \($0))" } ?? "compare days of one split with --since"
            return "Showings do not match the split \(splitText) (p < 0.001): not to be trusted as it stands; \(read)."
        }

        /// The figures, as the text and the HTML page list them under the headline.
        var details: String {
            let pairs = labels.indices.map { index in
                "\"\(ResultsReport.quoted(labels[index]))\" \(Headline.grouped(showings[index])) "
                    + "(\(ResultsReport.percent(observed[index])), split \(ResultsReport.percent(expected[index])))"
            }
            let degrees = fit.degreesOfFreedom
            return "Showings against the split: " + pairs.joined(separator: ", ")
                + String(format: "; chi-square %.1f, ", fit.statistic)
                + "\(degrees) degree\(degrees == 1 ? "" : "s") of freedom, "
                + (fit.p < 0.000_001 ? "p < 0.000001" : String(format: "p = %.6f", fit.p))
        }
    }
}
