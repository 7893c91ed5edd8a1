import Foundation

/// How much more a hostile input costs per unit of size than a benign one: the best of five runs of
/// each, taken in turns so that a busy moment of the machine falls on both. A ratio, never an
/// absolute time, so that a slower machine does not change it.
package enum CostRatio {
    package static func perUnit(
        hostile: (size: Int, run: () -> Void), benign: (size: Int, run: () -> Void), rounds: Int = 5
    ) -> Double {
        let clock = ContinuousClock()
        func seconds(_ run: () -> Void) -> Double {
            let elapsed = clock.measure(run)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        var bestHostile = Double.infinity
        var bestBenign = Double.infinity
        for _ in 0..<rounds {
            bestHostile = min(bestHostile, seconds(hostile.run))
            bestBenign = min(bestBenign, seconds(benign.run))
        }
        return (bestHostile / Double(hostile.size)) / (bestBenign / Double(benign.size))
    }
}
