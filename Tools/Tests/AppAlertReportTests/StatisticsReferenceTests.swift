import AppAlertResults
import Foundation
import TestSupport
import Testing

/// SciPy and statsmodels (from PyPI; .ci/run installs them), run as a real python3 process.
enum Reference {
    static let python = URL(fileURLWithPath: "/usr/bin/env")

    static let available: Bool = {
        guard let result = try? ProcessResult.run(python, ["python3", "-c", "import scipy, statsmodels"]) else {
            return false
        }
        return result.status == 0
    }()

    /// On CI the reference must be there: a missing one fails instead of skipping.
    static let required = ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs `script` with `input` as JSON on standard input and decodes its standard output.
    static func run<Output: Decodable>(_ script: String, input: some Encodable, as type: Output.Type) throws -> Output {
        let data = try JSONEncoder().encode(input)
        let result = try ProcessResult.run(python, ["python3", "-c", script], standardInput: data)
        try #require(result.status == 0, "python3 failed: \(result.standardError)")
        return try JSONDecoder().decode(Output.self, from: Data(result.standardOutput.utf8))
    }
}

/// One comparison: `x1` of `n1` (the variant) against `x0` of `n0` (the baseline).
struct ProportionCase: Codable, Sendable, CustomTestStringConvertible {
    var x1: Int64
    var n1: Int64
    var x0: Int64
    var n0: Int64
    var shape: String

    var testDescription: String { "\(shape): \(x1)/\(n1) vs \(x0)/\(n0)" }

    /// As the report takes them: successes above the trials count as all trials.
    var clamped: ProportionCase {
        ProportionCase(x1: min(x1, n1), n1: n1, x0: min(x0, n0), n0: n0, shape: shape)
    }
}

/// What the reference computes for a case; `nil` where it is not defined (no trials).
struct ReferenceValues: Decodable {
    var wilson1: [Double]?
    var wilson0: [Double]?
    var newcombe: [Double]?
    var ratio: [Double]?
    var probability: Double
}

@Suite
struct StatisticsReferenceTests {
    static let cases: [ProportionCase] = [
        ProportionCase(x1: 3, n1: 10, x0: 1, n0: 10, shape: "small n"),
        ProportionCase(x1: 1, n1: 1, x0: 0, n0: 1, shape: "one showing each"),
        ProportionCase(x1: 0, n1: 10, x0: 0, n0: 12, shape: "zero successes"),
        ProportionCase(x1: 0, n1: 25, x0: 4, n0: 25, shape: "zero against some"),
        ProportionCase(x1: 10, n1: 10, x0: 9, n0: 9, shape: "all successes"),
        ProportionCase(x1: 40, n1: 40, x0: 0, n0: 40, shape: "all against none"),
        ProportionCase(x1: 120, n1: 1000, x0: 100, n0: 1000, shape: "moderate n"),
        ProportionCase(x1: 5000, n1: 100_000, x0: 4800, n0: 100_000, shape: "large n"),
        ProportionCase(x1: 49_500, n1: 1_000_000, x0: 50_000, n0: 1_000_000, shape: "a million each"),
        ProportionCase(x1: 30, n1: 200, x0: 50, n0: 900, shape: "unequal n"),
        ProportionCase(x1: 2, n1: 15, x0: 40, n0: 3000, shape: "very unequal n"),
        ProportionCase(x1: 999, n1: 1000, x0: 1, n0: 1000, shape: "extreme rates"),
        ProportionCase(x1: 15, n1: 10, x0: 3, n0: 10, shape: "more actions than showings"),
        ProportionCase(x1: 7, n1: 5, x0: 9, n0: 4, shape: "both above their showings"),
        ProportionCase(x1: 5, n1: 0, x0: 3, n0: 10, shape: "no showings for the variant"),
        ProportionCase(x1: 0, n1: 0, x0: 0, n0: 0, shape: "no showings at all"),
    ]

    static let script = """
        import json, sys
        from scipy import integrate, stats
        from statsmodels.stats.proportion import proportion_confint, confint_proportions_2indep
        out = []
        for c in json.load(sys.stdin):
            x1, n1, x0, n0 = c["x1"], c["n1"], c["x0"], c["n0"]
            r = {}
            r["wilson1"] = list(proportion_confint(x1, n1, alpha=0.05, method="wilson")) if n1 else None
            r["wilson0"] = list(proportion_confint(x0, n0, alpha=0.05, method="wilson")) if n0 else None
            both = n1 > 0 and n0 > 0
            r["newcombe"] = [float(v) for v in confint_proportions_2indep(
                x1, n1, x0, n0, method="newcomb", compare="diff", alpha=0.05)] if both else None
            r["ratio"] = [float(v) for v in confint_proportions_2indep(
                x1, n1, x0, n0, method="log-adjusted", compare="ratio", alpha=0.05)] if both else None
            # P(p1 > p0) = integral of f1(x) F0(x) dx, over where both posteriors have mass.
            b1 = stats.beta(x1 + 1, n1 - x1 + 1)
            b0 = stats.beta(x0 + 1, n0 - x0 + 1)
            lo = min(b1.ppf(1e-13), b0.ppf(1e-13))
            hi = max(b1.isf(1e-13), b0.isf(1e-13))
            r["probability"] = integrate.quad(lambda x: b1.pdf(x) * b0.cdf(x), lo, hi, epsabs=1e-13,
                epsrel=1e-12, limit=1000, points=sorted({b1.mean(), b0.mean()}))[0]
            out.append(r)
        print(json.dumps(out))
        """

    /// Every case against the reference, in one python3 run.
    static let referenceValues: [ReferenceValues] = {
        guard Reference.available else { return [] }
        return (try? Reference.run(script, input: cases.map(\.clamped), as: [ReferenceValues].self)) ?? []
    }()

    @Test(
        .enabled(
            if: Reference.available || Reference.required,
            "SciPy and statsmodels are not installed (pip3 install scipy statsmodels)"),
        arguments: cases.indices)
    func intervalsAndProbabilityMatchSciPyAndStatsmodels(index: Int) throws {
        try #require(Reference.available, "CI must have SciPy and statsmodels (.ci/run installs them)")
        try #require(Self.referenceValues.count == Self.cases.count, "the reference run failed")
        let c = Self.cases[index]
        let reference = Self.referenceValues[index]

        let wilson1 = Proportions.wilson(successes: c.x1, trials: c.n1)
        let wilson0 = Proportions.wilson(successes: c.x0, trials: c.n0)
        Self.expect(wilson1.map { [$0.low, $0.high] }, reference.wilson1, tolerance: 1e-12, c, "Wilson (variant)")
        Self.expect(wilson0.map { [$0.low, $0.high] }, reference.wilson0, tolerance: 1e-12, c, "Wilson (baseline)")

        let difference = Proportions.difference(successes1: c.x1, trials1: c.n1, successes0: c.x0, trials0: c.n0)
        Self.expect(difference.map { [$0.low, $0.high] }, reference.newcombe, tolerance: 1e-12, c, "Newcombe")

        let ratio = Proportions.ratio(successes1: c.x1, trials1: c.n1, successes0: c.x0, trials0: c.n0)
        Self.expect(ratio.map { [$0.low, $0.high] }, reference.ratio, tolerance: 1e-9, c, "ratio", relative: true)

        let probability = ProbabilityToBeat.probability(
            successes1: c.x1, trials1: c.n1, successes0: c.x0, trials0: c.n0)
        #expect(
            abs(probability - reference.probability) < 1e-8,
            "\(c.testDescription): P(beats) \(probability) vs \(reference.probability)")
        #expect((0...1).contains(probability))
    }

    static func expect(
        _ ours: [Double]?, _ theirs: [Double]?, tolerance: Double, _ c: ProportionCase, _ name: String,
        relative: Bool = false
    ) {
        #expect(
            (ours == nil) == (theirs == nil),
            "\(c.testDescription): \(name) \(String(describing: ours)) vs \(String(describing: theirs))")
        guard let ours, let theirs else { return }
        for (a, b) in zip(ours, theirs) {
            let scale = relative ? max(1, abs(b)) : 1
            #expect(a.isFinite && abs(a - b) <= tolerance * scale, "\(c.testDescription): \(name) \(ours) vs \(theirs)")
        }
    }

    /// The showings per variant that settle a 10% relative difference: statsmodels'
    /// samplesize_proportions_2indep_onetail (two-sided α 0.05, power 0.8), rounded up.
    @Test(
        .enabled(
            if: Reference.available || Reference.required,
            "SciPy and statsmodels are not installed (pip3 install scipy statsmodels)"))
    func showingsToSettleMatchStatsmodels() throws {
        try #require(Reference.available, "CI must have SciPy and statsmodels (.ci/run installs them)")
        let rates = [0.0005, 0.01, 0.05, 0.12, 0.3, 0.5, 0.85, 0.95]
        let script = """
            import json, sys
            from statsmodels.stats.proportion import samplesize_proportions_2indep_onetail as n
            print(json.dumps([float(n(diff=(0.1 * p if p * 1.1 < 1 else -0.1 * p), prop2=p, power=0.8,
                alpha=0.05, alternative="two-sided")) for p in json.load(sys.stdin)]))
            """
        let reference = try Reference.run(script, input: rates, as: [Double].self)
        for (rate, expected) in zip(rates, reference) {
            let ours = Proportions.showingsToSettle(rate: rate)
            #expect(Double(ours) >= expected && Double(ours) - expected < 1, "rate \(rate): \(ours) vs \(expected)")
        }
    }
}

extension StatisticsReferenceTests {
    /// The showings per variant that settle the difference observed (the headline's figure): statsmodels'
    /// samplesize_proportions_2indep_onetail at the two rates (two-sided α 0.05, power 0.8), rounded up.
    @Test(
        .enabled(
            if: Reference.available || Reference.required,
            "SciPy and statsmodels are not installed (pip3 install scipy statsmodels)"))
    func showingsToSettleTheObservedDifferenceMatchStatsmodels() throws {
        try #require(Reference.available, "CI must have SciPy and statsmodels (.ci/run installs them)")
        let pairs: [[Double]] = [
            [0.1, 0.128], [0.128, 0.1], [0.01, 0.012], [0.5, 0.52], [0.3, 0.05], [0.0, 0.02], [0.98, 1.0],
            [0.0005, 0.0006], [0.2, 0.9],
        ]
        let script = """
            import json, sys
            from statsmodels.stats.proportion import samplesize_proportions_2indep_onetail as n
            print(json.dumps([float(n(diff=p1 - p0, prop2=p0, power=0.8, alpha=0.05, alternative="two-sided"))
                for p0, p1 in json.load(sys.stdin)]))
            """
        let reference = try Reference.run(script, input: pairs, as: [Double].self)
        for (pair, expected) in zip(pairs, reference) {
            let ours = try #require(Proportions.showingsToSettle(pair[0], pair[1]))
            #expect(Double(ours) >= expected && Double(ours) - expected < 1, "\(pair): \(ours) vs \(expected)")
        }
        #expect(Proportions.showingsToSettle(0.1, 0.1) == nil)
    }
}
