import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much more a hostile input costs per unit of size than a benign one: the best of five runs of
/// each, taken in turns. A ratio, never an absolute time, so that a slower machine does not change it;
/// and time on the processor, not on the wall (``seconds(_:)``), so that a loaded machine does not either.
package enum CostRatio {
    package static func perUnit(
        hostile: (size: Int, run: () -> Void), benign: (size: Int, run: () -> Void), rounds: Int = 5
    ) -> Double {
        var bestHostile = Double.infinity
        var bestBenign = Double.infinity
        for _ in 0..<rounds {
            bestHostile = min(bestHostile, seconds(hostile.run))
            bestBenign = min(bestBenign, seconds(benign.run))
        }
        return (bestHostile / Double(hostile.size)) / (bestBenign / Double(benign.size))
    }

    /// The processor time this thread spent in `work` (CLOCK_THREAD_CPUTIME_ID). A wall clock also counts
    /// the time the thread waited for a core: the suite runs tests side by side on two cores, and with a
    /// wall clock, ratios of 8 measured 13–26 at load average 15 (2026-11-29). `work` must run on this
    /// thread, as the synchronous code these tests measure does.
    package static func seconds(_ work: () throws -> Void) rethrows -> Double {
        var start = timespec()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        try work()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }
}
