import CoreMetrics
import Foundation
import Prometheus

/// The collector's metrics, through swift-metrics into a Prometheus registry of its own, which
/// `GET /metrics` prints in Prometheus's text format.
final class CollectorMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let accepted: CoreMetrics.Counter
    private let duplicate: CoreMetrics.Counter
    private let counters: CoreMetrics.Counter
    private let refused: [Refusal.Reason: CoreMetrics.Counter]
    private let failed: CoreMetrics.Counter
    private let latency: CoreMetrics.Timer
    private let commitTime: CoreMetrics.Timer
    private let groupSize: CoreMetrics.Recorder

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        let fine: [Duration] = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
            .seconds(1), .seconds(5),
        ]
        factory.defaultDurationHistogramBuckets = fine
        factory.defaultValueHistogramBuckets = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1024]
        accepted = Counter(label: "appalert_collect_batches_accepted_total", factory: factory)
        duplicate = Counter(label: "appalert_collect_batches_duplicate_total", factory: factory)
        counters = Counter(label: "appalert_collect_counters_accepted_total", factory: factory)
        failed = Counter(label: "appalert_collect_batches_failed_total", factory: factory)
        var refused: [Refusal.Reason: CoreMetrics.Counter] = [:]
        for reason in Refusal.Reason.allCases {
            refused[reason] = Counter(
                label: "appalert_collect_batches_refused_total", dimensions: [("reason", reason.rawValue)],
                factory: factory)
        }
        self.refused = refused
        latency = Timer(label: "appalert_collect_request_duration_seconds", factory: factory)
        commitTime = Timer(label: "appalert_collect_commit_duration_seconds", factory: factory)
        groupSize = Recorder(label: "appalert_collect_commit_batches", aggregate: true, factory: factory)
    }

    func recordAccepted(counters count: Int) {
        accepted.increment()
        counters.increment(by: count)
    }

    func recordDuplicate() { duplicate.increment() }
    func recordRefused(_ reason: Refusal.Reason) { refused[reason]?.increment() }
    func recordFailed() { failed.increment() }
    func recordLatency(_ duration: Duration) { latency.recordNanoseconds(duration.nanoseconds) }

    func recordCommit(batches: Int, duration: Duration) {
        commitTime.recordNanoseconds(duration.nanoseconds)
        groupSize.record(batches)
    }

    func text() -> [UInt8] { registry.emitToBuffer() }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
