import Foundation

/// Counts results in the install's state and sends them to the app's collector: what ``AlertClient``,
/// ``UpdateService`` and ``UpdateNotifier`` use when the app gives a ``ReportingConfiguration``.
struct ResultsRecorder: Sendable {
    let configuration: ReportingConfiguration
    let store: any AlertStore
    let app: String
    let transport: any FeedTransport
    let clock: AlertClock
    /// One run of the sender at a time in this process (another process sending the same batch is
    /// harmless: the collector counts a batch id once).
    private let gate = SendGate()

    init(
        configuration: ReportingConfiguration, store: any AlertStore, app: String, transport: any FeedTransport,
        clock: AlertClock
    ) {
        self.configuration = configuration
        self.store = store
        self.app = app
        self.transport = transport
        self.clock = clock
    }

    /// How many batches one run sends at most (the rest waits for the next day's run).
    static let batchesPerRun = 5
    /// A batch unacknowledged this long gets a new id.
    static let batchIDLifetime: TimeInterval = 7 * 86_400
    /// The first retry's wait after a failure; it doubles with each failure, up to a day.
    static let firstBackoff: TimeInterval = 300
    static let longestBackoff: TimeInterval = 86_400
    /// The longest `Retry-After` honoured.
    static let longestRetryAfter: TimeInterval = 7 * 86_400

    // MARK: Counting

    /// Counts `events` of `message` at `date` in `state`, with what a showing (``ResultEvent/shown``)
    /// starts: the wait for its conversion. Returns the problems to report (counters dropped).
    static func count(
        _ events: [ResultEvent], of message: ResolvedMessage, in state: inout InstallState, at date: Date,
        configuration: ReportingConfiguration
    ) -> [String] {
        var results = state.resultCounts
        var dropped = 0
        var stopped = 0
        for event in events {
            dropped += results.add(
                event, message: message.id, variant: message.variant, at: date, limit: configuration.maximumCounters)
            if event == .shown {
                stopped += results.awaitConversion(
                    of: message, at: date, limit: configuration.maximumPendingConversions)
            }
        }
        state.results = results
        return problems(dropped: dropped, stoppedWaiting: stopped, configuration: configuration)
    }

    static func problems(dropped: Int, stoppedWaiting: Int = 0, configuration: ReportingConfiguration) -> [String] {
        var problems: [String] = []
        if dropped > 0 {
            problems.append(
                "reporting: \(dropped) counter\(dropped == 1 ? "" : "s") dropped, the oldest first: the device keeps "
                    + "at most \(configuration.maximumCounters) counters and \(ResultCounts.keptDays) days "
                    + "(the collector was not reached in time)")
        }
        if stoppedWaiting > 0 {
            problems.append(
                "reporting: \(stoppedWaiting) showing\(stoppedWaiting == 1 ? "" : "s") no longer wait for a conversion: "
                    + "at most \(configuration.maximumPendingConversions) wait at once, the oldest go first")
        }
        return problems
    }

    /// Counts `events` of `message` now; returns the problems to report.
    func count(_ events: [ResultEvent], of message: ResolvedMessage) async throws -> [String] {
        let now = clock.now
        let configuration = configuration
        return try await store.updateState {
            Self.count(events, of: message, in: &$0, at: now, configuration: configuration)
        }
    }

    /// Counts `event` of the update prompt offering `version` now.
    func countUpdate(_ event: ResultEvent, version: String) async throws -> [String] {
        // Counted, it would cost the batch it goes in: a collector refuses a batch with a longer version.
        // Said once a showing (its answers are not counted either, for the same reason).
        guard version.utf8.count <= CountsWire.maximumVersionBytes else {
            guard event == .updateShown else { return [] }
            return [
                "reporting: the update prompt for \(version) is not counted: its version is \(version.utf8.count) bytes "
                    + "long, and a collector takes at most \(CountsWire.maximumVersionBytes)"
            ]
        }
        let now = clock.now
        let configuration = configuration
        return try await store.updateState { state in
            var results = state.resultCounts
            let dropped = results.add(event, version: version, at: now, limit: configuration.maximumCounters)
            state.results = results
            return Self.problems(dropped: dropped, configuration: configuration)
        }
    }

    /// The app recorded `event`: a conversion for each showing waiting for it. Writes nothing when
    /// none waits.
    func record(event name: String) async throws -> [String] {
        let now = clock.now
        let configuration = configuration
        return try await store.updateState { state in
            guard var results = state.results, results.pending.contains(where: { $0.event == name }) else {
                return []
            }
            let dropped = results.recordEvent(name, at: now, limit: configuration.maximumCounters)
            state.results = results
            return Self.problems(dropped: dropped, configuration: configuration)
        }
    }

    // MARK: Sending

    /// What became of one POST.
    enum Outcome: Sendable, Hashable {
        case acknowledged
        /// 429, 5xx, no answer: sent again later, not before `retryAfter` when the server said.
        case retry(reason: String, retryAfter: TimeInterval?)
        /// Any other 4xx: the batch is dropped.
        case refused(status: Int, reason: String?)
    }

    /// Sends the days before today that are not yet acknowledged, when a run is due (once a UTC day;
    /// a batch that failed, after its backoff): one batch after another while they are acknowledged,
    /// at most ``batchesPerRun``. Returns the problems to report. Never call it on the launch's path.
    func sendIfDue() async -> [String] {
        guard gate.enter() else { return [] }
        defer { gate.leave() }
        var problems: [String] = []
        for round in 0..<Self.batchesPerRun {
            let now = clock.now
            let next: (ResultCounts.Batch, [String])?
            do {
                next = try await store.updateState { state in
                    // The header says whether a run is due: most checks decode no counter.
                    if round == 0, state.storedResults?.isDue(at: now) != true { return nil }
                    guard var results = state.results else { return nil }
                    if round == 0 {
                        guard results.isDue(at: now) else { return nil }
                    } else if results.retryAt != nil {
                        return nil
                    }
                    var said: [String] = []
                    let today = UTCDay.text(of: now)
                    if results.batch == nil {
                        results.batch = results.takeBatch(before: today, id: UUID().uuidString, at: now)
                    }
                    guard var batch = results.batch else {
                        results.lastRun = now
                        state.results = results
                        return nil
                    }
                    if now.timeIntervalSince(batch.since) >= Self.batchIDLifetime {
                        batch.id = UUID().uuidString
                        batch.since = now
                    } else if batch.since > now {
                        // A clock set back, or another client of the same state (an app extension)
                        // whose clock reads earlier: the batch keeps its id, so a second sending of it
                        // is a retry the collector counts once (a new id here counted it twice: the
                        // end-to-end test caught it), and its age runs from now.
                        batch.since = now
                    }
                    // A batch that waited longer than the collector accepts loses its oldest days.
                    let oldest = UTCDay.text(ofDay: UTCDay.number(of: now) - ResultCounts.keptDays)
                    let kept = batch.counts.filter { $0.day >= oldest }
                    if kept.count < batch.counts.count {
                        said.append(
                            "reporting: \(batch.counts.count - kept.count) counters of a batch never acknowledged "
                                + "are dropped: their days are more than \(ResultCounts.keptDays) days ago")
                        batch.counts = kept
                    }
                    results.batch = batch.counts.isEmpty ? nil : batch
                    state.results = results
                    return results.batch.map { ($0, said) }
                }
            } catch {
                problems.append("reporting: cannot read the counts: \(error)")
                return problems
            }
            guard let (batch, said) = next else { return problems }
            problems += said
            let outcome = await post(batch)
            let finished = clock.now
            do {
                let (more, said) = try await store.updateState { state in
                    Self.apply(outcome, to: batch, in: &state, at: finished)
                }
                problems += said
                if !more { return problems }
            } catch {
                problems.append("reporting: cannot record the collector's answer: \(error)")
                return problems
            }
        }
        // Past the batches of one run: the rest goes at the next day's run.
        _ = try? await store.updateState { state in state.results?.lastRun = clock.now }
        return problems
    }

    /// Records `outcome` of sending `batch`; returns whether another batch may follow in this run, and
    /// the problems to report.
    static func apply(_ outcome: Outcome, to batch: ResultCounts.Batch, in state: inout InstallState, at now: Date)
        -> (Bool, [String])
    {
        guard var results = state.results else { return (false, []) }
        defer { state.results = results }
        let current = results.batch?.id == batch.id
        switch outcome {
        case .acknowledged:
            if current { results.batch = nil }
            results.failures = 0
            results.retryAt = nil
            let today = UTCDay.text(of: now)
            let more = results.counters.contains { $0.day < today }
            if !more { results.lastRun = now }
            return (more, [])
        case .retry(let reason, let retryAfter):
            results.failures += 1
            let backoff = min(
                firstBackoff * pow(2, Double(min(results.failures - 1, 20))), longestBackoff)
            let wait = max(backoff, min(retryAfter ?? 0, longestRetryAfter))
            results.retryAt = now.addingTimeInterval(wait)
            return (
                false, ["reporting: the collector did not take the counts (\(reason)); sent again in \(Int(wait)) s"]
            )
        case .refused(let status, let reason):
            if current { results.batch = nil }
            results.failures = 0
            results.retryAt = nil
            results.lastRun = now
            let quoted = reason.map { ": \"\(Excerpt.of($0))\"" } ?? ""
            return (
                false,
                [
                    "reporting: the collector refused a batch of \(batch.counts.count) counters (HTTP \(status)\(quoted)); "
                        + "its counts are dropped"
                ]
            )
        }
    }

    /// One POST of `batch`.
    func post(_ batch: ResultCounts.Batch) async -> Outcome {
        var request = FeedRequest(
            url: configuration.countsURL, headers: ["Content-Type": "application/json", "Accept": "application/json"],
            timeout: 30, maximumBodySize: 64 * 1024)
        request.method = "POST"
        request.body = CountsWire.body(batch: batch.id, app: app, counts: batch.counts)
        request.allowsConstrainedNetworkAccess = false
        let response: FeedResponse
        do {
            response = try await transport.post(request)
        } catch {
            return .retry(reason: error.reason, retryAfter: nil)
        }
        return Self.outcome(of: response, at: clock.now)
    }

    /// What a response means for the batch.
    static func outcome(of response: FeedResponse, at now: Date) -> Outcome {
        switch response.status {
        case 200..<300:
            return .acknowledged
        case 429, 500..<600:
            return .retry(
                reason: "HTTP \(response.status)",
                retryAfter: response[header: "Retry-After"].flatMap { retryAfter($0, now: now) })
        case 400..<500:
            return .refused(status: response.status, reason: errorReason(response.body))
        default:
            return .retry(reason: "HTTP \(response.status)", retryAfter: nil)
        }
    }

    /// `Retry-After`: seconds, or an HTTP date (`Wed, 26 Nov 2026 10:00:00 GMT`); seconds from `now`.
    static func retryAfter(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return TimeInterval(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// The server's `{"error": "…"}`, if the body is that.
    static func errorReason(_ body: Data) -> String? {
        guard body.count <= 64 * 1024, case .object(let object)? = try? JSONParser().parse(body),
            case .string(let reason)? = object["error"]
        else { return nil }
        return reason
    }
}

/// Whether a run of the sender is under way in this process.
private final class SendGate: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false

    func enter() -> Bool {
        lock.withLock {
            if running { return false }
            running = true
            return true
        }
    }

    func leave() {
        lock.withLock { running = false }
    }
}
