import Foundation

/// A proportion's point estimate and its 95% interval.
package struct Interval: Equatable, Sendable {
    package var estimate: Double
    package var low: Double
    package var high: Double

    package init(estimate: Double, low: Double, high: Double) {
        self.estimate = estimate
        self.low = low
        self.high = high
    }
}

/// The interval estimates the report prints: a rate (Wilson), the difference of two rates (Newcombe's
/// hybrid score), their ratio (Katz's log interval with ½ added), and the sample size that would
/// settle a difference. Every function takes counts as they are stored and returns finite numbers:
/// successes above the trials are taken as all trials (the report marks such counts), and zero
/// trials give no rate (`nil`).
package enum Proportions {
    /// The standard normal quantile of 0.975: a two-sided 95% interval.
    package static let z95 = 1.959963984540054
    /// The standard normal quantile of 0.8: power 0.8.
    package static let z80 = 0.8416212335729143

    /// `successes` clamped to `0...trials`, so a count that does not add up cannot leave [0, 1].
    static func clamped(_ successes: Int64, _ trials: Int64) -> Double {
        Double(min(max(successes, 0), max(trials, 0)))
    }

    /// Wilson's score interval (Wilson 1927; Newcombe 1998, method 3), without continuity
    /// correction: `(p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)`. `nil` for no trials.
    package static func wilson(successes: Int64, trials: Int64, z: Double = z95) -> Interval? {
        guard trials > 0 else { return nil }
        let n = Double(trials)
        let p = clamped(successes, trials) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let center = (p + z2 / (2 * n)) / denominator
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
        // At no successes the low end is exactly 0, and at all successes the high end exactly 1: the
        // subtraction leaves ~1e-17 there, printed as "0.00%".
        let low = p == 0 ? 0 : max(0, center - half)
        let high = p == 1 ? 1 : min(1, center + half)
        return Interval(estimate: p, low: low, high: high)
    }

    /// The difference `p₁ − p₀` with Newcombe's hybrid score interval (Newcombe 1998, method 10):
    /// `d − √((p₁ − l₁)² + (u₀ − p₀)²)` to `d + √((u₁ − p₁)² + (p₀ − l₀)²)`, from each rate's Wilson
    /// interval. `nil` when either has no trials.
    package static func difference(
        successes1: Int64, trials1: Int64, successes0: Int64, trials0: Int64
    ) -> Interval? {
        guard let one = wilson(successes: successes1, trials: trials1),
            let zero = wilson(successes: successes0, trials: trials0)
        else { return nil }
        let d = one.estimate - zero.estimate
        let below =
            ((one.estimate - one.low) * (one.estimate - one.low) + (zero.high - zero.estimate)
                * (zero.high - zero.estimate))
            .squareRoot()
        let above =
            ((one.high - one.estimate) * (one.high - one.estimate) + (zero.estimate - zero.low)
                * (zero.estimate - zero.low))
            .squareRoot()
        return Interval(estimate: d, low: max(-1, d - below), high: min(1, d + above))
    }

    /// The ratio `p₁ / p₀` with the log interval of Katz et al. (1978) after adding ½ to each count and
    /// each number of trials (Pettigrew, Gart and Thomas 1986; statsmodels' `log-adjusted`):
    /// `exp(ln r' ± z·√(1/x₁' − 1/n₁' + 1/x₀' − 1/n₀'))`. The estimate is the plain ratio, `nil` when
    /// p₀ is 0 (no relative difference to speak of); the interval is always finite.
    package static func ratio(
        successes1: Int64, trials1: Int64, successes0: Int64, trials0: Int64, z: Double = z95
    ) -> (estimate: Double?, low: Double, high: Double)? {
        guard trials1 > 0, trials0 > 0 else { return nil }
        let x1 = clamped(successes1, trials1)
        let x0 = clamped(successes0, trials0)
        let n1 = Double(trials1)
        let n0 = Double(trials0)
        let x1a = x1 + 0.5
        let n1a = n1 + 0.5
        let x0a = x0 + 0.5
        let n0a = n0 + 0.5
        let logRatio = log((x1a / n1a) / (x0a / n0a))
        let variance = max(0, 1 / x1a - 1 / n1a + 1 / x0a - 1 / n0a)
        let half = z * variance.squareRoot()
        let estimate: Double? = x0 > 0 ? (x1 / n1) / (x0 / n0) : nil
        return (estimate, exp(logRatio - half), exp(logRatio + half))
    }

    /// Showings per variant that a two-sided test at α = 0.05 with power 0.8 needs to tell `rate`
    /// from a rate 10% higher (10% lower when that would pass 1): Fleiss's formula without continuity
    /// correction, `n = (z₀.₉₇₅·√(2p̄q̄) + z₀.₈·√(p₁q₁ + p₂q₂))² / (p₁ − p₂)²`, rounded up. `rate` must be
    /// in (0, 1).
    package static func showingsToSettle(rate: Double, relativeDifference: Double = 0.1) -> Int64 {
        let p1 = min(max(rate, 1e-9), 1 - 1e-9)
        let p2 = p1 * (1 + relativeDifference) < 1 ? p1 * (1 + relativeDifference) : p1 * (1 - relativeDifference)
        return showingsToSettle(p1, p2) ?? Int64.max
    }

    /// Showings per variant that the same test (two-sided, α = 0.05, power 0.8, Fleiss's formula
    /// without continuity correction) needs to tell `p1` from `p2` — for the report's headline, the
    /// two rates observed. `nil` when they are equal (no number of showings settles no difference) or
    /// either is outside [0, 1].
    package static func showingsToSettle(_ p1: Double, _ p2: Double) -> Int64? {
        guard p1 != p2, (0...1).contains(p1), (0...1).contains(p2) else { return nil }
        let mean = (p1 + p2) / 2
        let top = z95 * (2 * mean * (1 - mean)).squareRoot() + z80 * (p1 * (1 - p1) + p2 * (1 - p2)).squareRoot()
        let n = (top * top) / ((p1 - p2) * (p1 - p2))
        return n < 9e18 ? Int64(n.rounded(.up)) : Int64.max
    }
}
