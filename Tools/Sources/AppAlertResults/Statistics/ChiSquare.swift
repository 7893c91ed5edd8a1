import Foundation

/// Pearson's chi-square goodness-of-fit test: counts observed in each category against the shares a
/// split expects, as `scipy.stats.chisquare(f_obs, f_exp)` computes it.
package enum ChiSquare {
    /// The test's statistic, its degrees of freedom and its p-value.
    package struct Fit: Equatable, Sendable {
        package var statistic: Double
        package var degreesOfFreedom: Int
        package var p: Double
    }

    /// `Σ (observed − expected)² / expected` with `expected = total · weight / Σ weights`, on `categories − 1`
    /// degrees of freedom, and `P(χ² ≥ statistic)`. `nil` with fewer than two categories, a weight below 1, a
    /// negative count or no counts at all.
    package static func goodnessOfFit(observed: [Int64], weights: [Int]) -> Fit? {
        guard observed.count == weights.count, observed.count >= 2, weights.allSatisfy({ $0 >= 1 }),
            observed.allSatisfy({ $0 >= 0 })
        else { return nil }
        let total = observed.reduce(0.0) { $0 + Double($1) }
        let weightSum = weights.reduce(0.0) { $0 + Double($1) }
        guard total > 0 else { return nil }
        var statistic = 0.0
        for (count, weight) in zip(observed, weights) {
            let expected = total * Double(weight) / weightSum
            let difference = Double(count) - expected
            statistic += difference * difference / expected
        }
        let degrees = observed.count - 1
        return Fit(
            statistic: statistic, degreesOfFreedom: degrees,
            p: upperRegularizedGamma(Double(degrees) / 2, statistic / 2))
    }

    /// `Q(a, x) = Γ(a, x) / Γ(a)`, the regularized upper incomplete gamma function, for `a > 0` and `x ≥ 0`:
    /// the chi-square survival function is `Q(k/2, χ²/2)`. Below `x = a + 1` from the series of `P(a, x)`
    /// (`Q = 1 − P`, not small there); above it from the continued fraction of `Q` (modified Lentz), so a
    /// tiny `Q` keeps its relative precision (Numerical Recipes, 3rd ed., §6.2). Both stop when a step
    /// changes the result by less than 1e-16 of it.
    package static func upperRegularizedGamma(_ a: Double, _ x: Double) -> Double {
        guard a > 0, x.isFinite, x > 0 else { return x.isInfinite ? 0 : 1 }
        let logPrefix = a * log(x) - x - lgamma(a)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            for _ in 0..<10_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, min(1, 1 - sum * exp(logPrefix)))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var h = d
        for i in 1...10_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return max(0, min(1, exp(logPrefix) * h))
    }
}
