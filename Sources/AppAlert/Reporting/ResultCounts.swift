import Foundation

/// What an install that reports results keeps between runs, in its ``InstallState``: the counters of
/// the last 30 UTC days, the showings whose conversion may still come, and the batch being sent.
/// Absent (`nil`) for an app that does not report, and in state files written before reporting existed.
struct ResultCounts: Sendable, Hashable, Codable {
    /// One counter: what one message (variant) or one update version did on one UTC day.
    struct Counter: Sendable, Hashable, Codable {
        var day: String
        var message: Int?
        var variant: Int?
        var version: String?
        var event: ResultEvent
        var n: Int

        func hasKey(of other: Counter) -> Bool {
            day == other.day && message == other.message && variant == other.variant && version == other.version
                && event == other.event
        }
    }

    /// A showing of a message with a conversion: one `conversion` is counted if the app records `event`
    /// before `until`.
    struct PendingConversion: Sendable, Hashable, Codable {
        var message: Int
        var variant: Int?
        var event: String
        var shownAt: Date
        var until: Date
    }

    /// A batch given an id and not yet acknowledged: sent again as it is (same id, same counts) until
    /// the collector answers 2xx or refuses it.
    struct Batch: Sendable, Hashable, Codable {
        var id: String
        /// When it got its id: a batch unacknowledged after 7 days gets a new one.
        var since: Date
        var counts: [Counter]
    }

    var counters: [Counter] = []
    var pending: [PendingConversion] = []
    var batch: Batch?
    /// When a run of the sender last ended with every earlier day acknowledged (or refused): the next
    /// run is on a later UTC day.
    var lastRun: Date?
    /// No request before this (backoff, `Retry-After`).
    var retryAt: Date?
    /// Failed attempts of the current batch in a row, for the backoff.
    var failures = 0

    /// The days a device keeps: today and the 30 before it.
    static let keptDays = 30

    /// Adds `n` to the counter of `event`; returns how many counters were dropped to stay within
    /// `limit` (the oldest first) and any too old to keep.
    @discardableResult
    mutating func add(
        _ event: ResultEvent, message: Int? = nil, variant: Int? = nil, version: String? = nil, n: Int = 1,
        at date: Date, limit: Int
    ) -> Int {
        let counter = Counter(
            day: UTCDay.text(of: date), message: message, variant: variant, version: version, event: event, n: n)
        if let index = counters.lastIndex(where: { $0.hasKey(of: counter) }) {
            counters[index].n += n
        } else {
            counters.append(counter)
        }
        return prune(now: date, limit: limit)
    }

    /// Drops counters of days more than 30 days before `now`'s, then the oldest past `limit`; returns
    /// how many were dropped.
    mutating func prune(now: Date, limit: Int) -> Int {
        let oldest = UTCDay.text(ofDay: UTCDay.number(of: now) - Self.keptDays)
        let before = counters.count
        counters.removeAll { $0.day < oldest }
        if counters.count > max(limit, 1) {
            // Oldest day first; within a day, the order they were made in.
            let order = counters.indices.sorted { (counters[$0].day, $0) < (counters[$1].day, $1) }
            let dropped = Set(order.prefix(counters.count - max(limit, 1)))
            counters = counters.indices.filter { !dropped.contains($0) }.map { counters[$0] }
        }
        return before - counters.count
    }

    /// A showing of `message` went on screen: it waits for its conversion (the oldest stop waiting past
    /// `limit`). Returns how many stopped waiting for room.
    @discardableResult
    mutating func awaitConversion(of message: ResolvedMessage, at date: Date, limit: Int) -> Int {
        guard let conversion = message.conversion else { return 0 }
        pending.removeAll { $0.until <= date }
        pending.append(
            PendingConversion(
                message: message.id, variant: message.variant, event: conversion.event, shownAt: date,
                until: date.addingTimeInterval(Double(conversion.withinHours) * 3_600)))
        let excess = pending.count - max(limit, 1)
        if excess > 0 { pending.removeFirst(excess) }
        return max(excess, 0)
    }

    /// The app recorded `event` at `date`: one conversion for each showing waiting for it, counted on
    /// `date`'s day; those showings wait no longer. Returns how many counters were dropped for room.
    mutating func recordEvent(_ event: String, at date: Date, limit: Int) -> Int {
        var dropped = 0
        var waiting: [PendingConversion] = []
        for showing in pending where showing.until > date {
            if showing.event == event, showing.shownAt <= date {
                dropped += add(.conversion, message: showing.message, variant: showing.variant, at: date, limit: limit)
            } else {
                waiting.append(showing)
            }
        }
        pending = waiting
        return dropped
    }
}

/// ``ResultCounts`` in the state file: one string value, `HEADER;DATA` — the header says whether a
/// run of the sender is due (`1 OLDEST-DAY LAST-RUN RETRY-AT BATCH`, `-` for none), so that the check
/// after each launch decides without decoding the counters; DATA is their compact JSON in base64url.
/// A launch's decoding of the state passes over the string at memory speed: nothing in it needs
/// unescaping (JSON counters inside a JSON string would, at every `"`).
struct StoredResults: Sendable, Hashable, Codable {
    let text: String

    init(_ counts: ResultCounts) {
        let json = (try? Self.encoder.encode(counts)) ?? Data("{}".utf8)
        let data = json.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        let oldest = counts.counters.lazy.map(\.day).min() ?? "-"
        func seconds(_ date: Date?) -> String { date.map { String($0.timeIntervalSince1970) } ?? "-" }
        text =
            "1 \(oldest) \(seconds(counts.lastRun)) \(seconds(counts.retryAt)) \(counts.batch == nil ? 0 : 1);" + data
    }

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The counts; empty when the text is not counts (a state file edited by hand), as a state file
    /// that cannot be read is replaced by a fresh one.
    var counts: ResultCounts {
        guard let separator = text.firstIndex(of: ";") else { return ResultCounts() }
        let data = text[text.index(after: separator)...].replacingOccurrences(of: "-", with: "+")
            .replacingOccurrences(of: "_", with: "/")
        guard let json = Data(base64Encoded: data),
            let counts = try? Self.decoder.decode(ResultCounts.self, from: json)
        else { return ResultCounts() }
        return counts
    }

    /// ``ResultCounts/isDue(at:)`` from the header alone; `true` when the header cannot be read (the
    /// counts then decide).
    func isDue(at now: Date) -> Bool {
        guard let separator = text.firstIndex(of: ";") else { return true }
        let fields = text[..<separator].split(separator: " ")
        guard fields.count == 5, fields[0] == "1" else { return true }
        if let retryAt = Double(fields[3]), now.timeIntervalSince1970 < retryAt { return false }
        if fields[4] == "1" { return true }
        let today = UTCDay.number(of: now)
        if let lastRun = Double(fields[2]), UTCDay.number(of: Date(timeIntervalSince1970: lastRun)) == today {
            return false
        }
        return fields[1] != "-" && String(fields[1]) < UTCDay.text(ofDay: today)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}

extension InstallState {
    /// The install's results, made on first use.
    var resultCounts: ResultCounts {
        get { results ?? ResultCounts() }
        set { results = newValue }
    }
}
