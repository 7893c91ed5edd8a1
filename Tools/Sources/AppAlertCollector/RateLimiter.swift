import Foundation

/// `--rate-limit N`: at most N batches a minute from one client (``ClientBucket``: an address, an IPv6 /64), as a token bucket (N tokens,
/// refilled evenly over a minute), so a burst of N passes and then one every 60/N seconds.
///
/// Addresses are not kept: each is reduced to a hash keyed by a random seed of this process
/// (Swift's `Hasher`), held in memory only while its bucket is not full again (a minute at most), and
/// never written or logged.
final class RateLimiter: @unchecked Sendable {
    let perMinute: Int
    private let lock = NSLock()
    private var buckets: [Int: (tokens: Double, at: Double)] = [:]
    private var lastSweep: Double = 0
    /// Beyond this many clients in one minute, the oldest state is dropped (a sweep), bounding memory.
    static let maximumClients = 1_000_000

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// nil when the request may go on; else the seconds after which one more will pass.
    func admit(_ client: ClientBucket, now: Double) -> Int? {
        guard perMinute > 0 else { return nil }
        let key = client.hashValue
        let rate = Double(perMinute) / 60
        let capacity = Double(perMinute)
        return lock.withLock {
            if now - lastSweep > 60 || buckets.count >= Self.maximumClients { sweep(now: now, rate: rate) }
            var bucket = buckets[key] ?? (capacity, now)
            bucket.tokens = min(capacity, bucket.tokens + (now - bucket.at) * rate)
            bucket.at = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[key] = bucket
                return nil
            }
            buckets[key] = bucket
            return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
        }
    }

    /// Forgets the clients whose bucket is full again.
    private func sweep(now: Double, rate: Double) {
        let capacity = Double(perMinute)
        buckets = buckets.filter { _, bucket in bucket.tokens + (now - bucket.at) * rate < capacity }
        if buckets.count >= Self.maximumClients { buckets.removeAll() }
        lastSweep = now
    }
}
