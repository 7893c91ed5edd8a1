import Foundation

/// The probability that a variant's rate is above the baseline's, from their Beta posteriors.
///
/// With a uniform prior, a rate with `x` successes in `n` trials has the posterior Beta(x + 1,
/// n − x + 1). For X_A ~ Beta(α_A, β_A) and X_B ~ Beta(α_B, β_B) with whole α_B, the probability is
/// the finite sum (Evan Miller, "Formulas for Bayesian A/B Testing", 2015):
///
///     P(X_B > X_A) = Σ_{i=0}^{α_B−1} B(α_A + i, β_A + β_B) / ((β_B + i) · B(1 + i, β_B) · B(α_A, β_A))
///
/// Its terms follow each other by the ratio (α_A + i)(β_B + i) / ((α_A + β_A + β_B + i)(1 + i)), so
/// each costs one step; it is taken in log space (no term underflows) over the smallest of the four
/// parameters, using P(X_B > X_A) = 1 − P(X_A > X_B) and, with Y = 1 − X ~ Beta(β, α),
/// P(X_B > X_A) = P(Y_A > Y_B), and only over the terms that matter (see `sum`). Exact at every
/// sample size; the cost grows with the square root of the counts, not with the number of rows.
package enum ProbabilityToBeat {
    /// P(p₁ > p₀) for `successes1` of `trials1` against `successes0` of `trials0`, uniform priors.
    /// Successes above the trials are taken as all trials.
    package static func probability(
        successes1: Int64, trials1: Int64, successes0: Int64, trials0: Int64
    ) -> Double {
        let x1 = Proportions.clamped(successes1, trials1)
        let x0 = Proportions.clamped(successes0, trials0)
        let n1 = Double(max(trials1, 0))
        let n0 = Double(max(trials0, 0))
        return probabilityGreater(a1: x1 + 1, b1: n1 - x1 + 1, a0: x0 + 1, b0: n0 - x0 + 1)
    }

    /// P(X₁ > X₀) for X₁ ~ Beta(a1, b1), X₀ ~ Beta(a0, b0), whole parameters of at least 1.
    package static func probabilityGreater(a1: Double, b1: Double, a0: Double, b0: Double) -> Double {
        let smallest = min(a1, b1, a0, b0)
        let value: Double
        if smallest == a1 {
            value = sum(a: (a0, b0), b: (a1, b1))
        } else if smallest == a0 {
            value = 1 - sum(a: (a1, b1), b: (a0, b0))
        } else if smallest == b0 {
            // X₁ > X₀ ⟺ 1 − X₀ > 1 − X₁: Beta(b0, a0) above Beta(b1, a1).
            value = sum(a: (b1, a1), b: (b0, a0))
        } else {
            value = 1 - sum(a: (b0, a0), b: (b1, a1))
        }
        return min(1, max(0, value))
    }

    /// P(X_B > X_A), the sum over i in 0..<α_B. The terms rise while their ratio is above 1, then
    /// fall: the sum starts at the largest (i* = ⌈(α_A·β_B − S)/(β_A + 1)⌉, S = α_A + β_A + β_B) and
    /// walks both ways until a term is below e⁻⁶⁰ of it. At a million showings that is a few thousand
    /// terms, not a million; the terms left out add up to less than 1e-16 of the sum.
    private static func sum(a: (alpha: Double, beta: Double), b: (alpha: Double, beta: Double)) -> Double {
        let total = a.alpha + a.beta + b.beta
        let last = b.alpha - 1
        let rising = ((a.alpha * b.beta - total) / (a.beta + 1)).rounded(.up)
        let peak = min(max(rising, 0), last)
        /// log t_i directly: B(α_A + i, β_A + β_B) / ((β_B + i) · B(1 + i, β_B) · B(α_A, β_A)).
        let logPeak =
            logBeta(a.alpha + peak, a.beta + b.beta) - log(b.beta + peak) - logBeta(1 + peak, b.beta)
            - logBeta(a.alpha, a.beta)
        /// t_{i+1} / t_i.
        func ratio(_ i: Double) -> Double { ((a.alpha + i) / (total + i)) * ((b.beta + i) / (1 + i)) }
        let cutoff = -60.0
        var scaled = 1.0  // the sum divided by the peak term
        var logTerm = 0.0
        var i = peak
        while i < last {
            logTerm += log(ratio(i))
            i += 1
            if logTerm < cutoff { break }
            scaled += exp(logTerm)
        }
        logTerm = 0
        i = peak
        while i > 0 {
            logTerm -= log(ratio(i - 1))
            i -= 1
            if logTerm < cutoff { break }
            scaled += exp(logTerm)
        }
        return exp(logPeak + log(scaled))
    }

    private static func logBeta(_ a: Double, _ b: Double) -> Double {
        lgamma(a) + lgamma(b) - lgamma(a + b)
    }
}
