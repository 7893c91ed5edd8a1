import AppAlertResults
import Foundation
import Logging
import ServiceLifecycle

/// The collector's one writer. Requests hand it checked batches and wait; it takes every batch
/// waiting (up to ``maximumGroup``), stores them in one transaction (ids deduplicated in the same
/// transaction, counters merged in memory), and answers them all once the commit is on disk. One fsync
/// serves a whole group, so the rate of batches is not bound by the disk's fsyncs a second.
///
/// On graceful shutdown (SIGTERM, after the HTTP server stopped taking requests and finished those in
/// flight) it commits what is waiting, answers, closes the database and ends.
final class GroupCommitter: Service, @unchecked Sendable {
    enum Outcome: Equatable, Sendable {
        /// Stored; the number of counters it had.
        case accepted(Int)
        case duplicate
        /// Not stored: `version` would be one more than the day's bound (``UpdateVersions``).
        case tooManyVersions(day: String, version: String)
    }

    struct Closed: Error {}

    static let maximumGroup = 1024

    private struct Pending {
        var batch: StoredBatch
        var answer: @Sendable (Result<Outcome, any Error>) -> Void
    }

    private let store: any ResultsStore
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let metrics: CollectorMetrics?
    private let lock = NSLock()
    private var queue: [Pending] = []
    private var writer: CheckedContinuation<Void, Never>?
    private var closing = false

    init(store: any ResultsStore, now: @escaping @Sendable () -> Date, logger: Logger, metrics: CollectorMetrics?) {
        self.store = store
        self.now = now
        self.logger = logger
        self.metrics = metrics
    }

    /// Waits until `batch` is committed (or found a duplicate). Throws when the database failed (the
    /// whole group was rolled back) or the collector is stopping.
    func submit(_ batch: StoredBatch) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            submit(batch) { continuation.resume(with: $0) }
        }
    }

    /// Hands `batch` to the writer; `answer` is called once it is committed (or found a duplicate), or
    /// with the error when the database failed or the collector is stopping: on the writer's task, or
    /// at once on the caller's thread when the writer has ended. For the collector's fast path, which
    /// answers on its event loop without a task per batch.
    func submit(_ batch: StoredBatch, answer: @escaping @Sendable (Result<Outcome, any Error>) -> Void) {
        let (accepted, wake) = lock.withLock { () -> (Bool, CheckedContinuation<Void, Never>?) in
            // After the writer ended nothing would answer.
            if finished { return (false, nil) }
            queue.append(Pending(batch: batch, answer: answer))
            defer { writer = nil }
            return (true, writer)
        }
        if !accepted { answer(.failure(Closed())) }
        wake?.resume()
    }

    /// The writer ended: a batch submitted now is refused.
    private var finished = false

    /// The next group, or nil once closing and nothing waits.
    private func nextGroup() async -> [Pending]? {
        while true {
            let taken: [Pending]? = lock.withLock {
                if !queue.isEmpty {
                    let count = min(queue.count, Self.maximumGroup)
                    let group = Array(queue.prefix(count))
                    queue.removeFirst(count)
                    return group
                }
                return closing ? [] : nil
            }
            if let taken { return taken.isEmpty ? nil : taken }
            await withCheckedContinuation { continuation in
                let ready = lock.withLock {
                    if !queue.isEmpty || closing { return true }
                    writer = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        }
    }

    /// Commits groups until a graceful shutdown, or until cancelled: the service group cancels its
    /// services when one of them fails (the server could not listen on its port), and the writer then
    /// ends as on a shutdown, so `collect` exits with the reason rather than wait for ever.
    func run() async throws {
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                while let group = await nextGroup() {
                    await commit(group)
                }
            } onGracefulShutdown: {
                self.stopTaking()
            }
        } onCancel: {
            self.stopTaking()
        }
        let left: [Pending] = lock.withLock {
            finished = true
            let all = queue
            queue = []
            return all
        }
        for pending in left { pending.answer(.failure(Closed())) }
        // In a task of its own: a cancelled task's database calls are refused, and the database must
        // be closed.
        let store = store
        await Task { await store.close() }.value
        logger.info("results database closed")
    }

    /// Lets the writer finish what waits, then end.
    private func stopTaking() {
        let wake: CheckedContinuation<Void, Never>? = lock.withLock {
            closing = true
            defer { writer = nil }
            return writer
        }
        wake?.resume()
    }

    private func commit(_ group: [Pending]) async {
        // A batch id twice in one group: the first is stored, the others are its duplicates.
        var first: [UUID: Int] = [:]
        var unique: [StoredBatch] = []
        for pending in group where first[pending.batch.id] == nil {
            first[pending.batch.id] = unique.count
            unique.append(pending.batch)
        }
        let started = ContinuousClock.now
        do {
            let today = BatchDays.day(of: now())
            let outcomes = try await store.commit(unique, today: today)
            metrics?.recordCommit(batches: unique.count, duration: ContinuousClock.now - started)
            var answered = Set<UUID>()
            for pending in group {
                let id = pending.batch.id
                let outcome: Outcome =
                    switch outcomes[first[id]!] {
                    case .added: answered.insert(id).inserted ? .accepted(pending.batch.rows.count) : .duplicate
                    case .duplicate: .duplicate
                    // A copy in the same group is refused as well: nothing of it was stored.
                    case .tooManyVersions(let day, let version): .tooManyVersions(day: day, version: version)
                    }
                pending.answer(.success(outcome))
            }
        } catch {
            logger.error(
                "commit of \(unique.count) batch(es) failed, none stored: \(String(describing: error).prefix(500))")
            for pending in group { pending.answer(.failure(error)) }
        }
    }
}
