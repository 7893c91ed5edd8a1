import AppAlertResults
import Foundation
import Logging
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `appalert collect` running as a real process on a free port, its day fixed by `--today`.
final class CollectProcess: @unchecked Sendable {
    static let today = "2026-11-26"

    let process = Process()
    let port: Int
    private let output = Pipe()
    private let errors = Pipe()
    let log = LogBuffer()

    /// `appalert collect FEED --database DATABASE --port 0 --today 2026-11-26 ARGUMENTS` (`--rate-limit 0`
    /// unless `arguments` sets one).
    /// Starts it and waits, on a thread of its own, for the line that names its port: a test waiting on
    /// one of Swift's few cooperative threads starved the other tests' servers under load.
    static func start(
        feed: String, database: String, _ arguments: [String] = [], today: String = CollectProcess.today
    ) async throws -> CollectProcess {
        try await offThePool { try CollectProcess(feed: feed, database: database, arguments, today: today) }
    }

    private init(feed: String, database: String, _ arguments: [String], today: String) throws {
        process.executableURL = AppAlertProcess.executable
        let limit = arguments.contains("--rate-limit") ? [] : ["--rate-limit", "0"]
        process.arguments =
            ["collect", feed, "--database", database, "--port", "0", "--today", today] + limit + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorOutput = errors.fileHandleForReading
        let log = log
        Thread.detachNewThread {
            while true {
                let chunk = (try? errorOutput.availableBytes()) ?? Data()
                if chunk.isEmpty { return }
                log.append(String(decoding: chunk, as: UTF8.self))
            }
        }
        var buffer = Data()
        let handle = output.fileHandleForReading
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = try handle.availableBytes()
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self)
        guard let range = line.range(of: #"on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression),
            let port = Int(line[range].split(separator: ":").last ?? "")
        else {
            process.waitUntilExit()
            throw CollectStartError(output: line)
        }
        self.port = port
    }

    struct CollectStartError: Error, CustomStringConvertible {
        var output: String
        var description: String { "appalert collect did not start: \(output)" }
    }

    typealias Answer = RawHTTPClient.Answer

    /// POSTs `body` to `/v1/counts` (or `path`) and waits for the answer.
    func post(_ body: Data, path: String = "/v1/counts", headers: [String: String] = [:]) async throws -> Answer {
        var fields = ["Content-Type": "application/json"]
        fields.merge(headers) { _, given in given }
        return try await RawHTTPClient.request(port: port, method: "POST", path: path, headers: fields, body: body)
    }

    func post(_ body: String, headers: [String: String] = [:]) async throws -> Answer {
        try await post(Data(body.utf8), headers: headers)
    }

    func get(_ path: String) async throws -> Answer {
        try await RawHTTPClient.request(port: port, path: path)
    }

    /// Sends `signal` and waits for the process to end; returns its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        // waitid(2) with WNOWAIT blocks until the child has ended and leaves the reaping to Foundation:
        // `waitUntilExit()` spins until Foundation's SIGCHLD handler has run, and with the test pool's
        // threads busy that handler did not run (the suite hung, exited collectors left as zombies).
        var info = siginfo_t()
        while waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOWAIT) != 0 {
            guard errno == EINTR else {
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
        return info._sifields._sigchld.si_status
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// Batches as a device sends them.
enum Batches {
    static let app = "com.example.counts"

    /// A feed for `app`: message 1 an alert with one button and a conversion, 2 with a link (counted
    /// as `link`) and, in German, two buttons of its own, 3 with two variants (one button, two
    /// buttons), 4 a banner (no buttons: `tap`), 5 for another app, 6 an inbox item (`opened`), and an
    /// update policy.
    static let feed = """
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "\(app)", "title": "Hello", "text": "Plain",
           "buttons": [{"title": "OK"}], "conversion": {"event": "purchase", "withinHours": 24}},
          {"id": 2, "bundleId": "\(app)", "title": "Link", "text": "With a link",
           "link": {"title": "Open", "url": "https://example.com/a"},
           "localizations": {"de": {"title": "Verweis", "buttons": [{"title": "Öffnen",
             "action": {"url": "https://example.com/a"}}, {"title": "Später"}]}}},
          {"id": 3, "bundleId": "\(app)", "title": "Test", "text": "Variants",
           "variants": [{"weight": 1, "title": "A", "buttons": [{"title": "Go"}]},
                        {"weight": 1, "title": "B", "buttons": [{"title": "More",
                          "action": {"url": "https://example.com/b"}}, {"title": "No"}]}]},
          {"id": 4, "bundleId": "\(app)", "title": "Sale", "text": "Banner", "layout": "banner",
           "action": {"url": "https://example.com/sale"}},
          {"id": 5, "bundleId": "com.example.other", "title": "Other", "text": "Not this app"},
          {"id": 6, "bundleId": "\(app)", "title": "News", "text": "In the inbox", "placement": "inbox"}
        ],
        "updates": [{"bundleId": "\(app)", "latestVersion": "2.0"}]}
        """

    struct Counter: Sendable, Hashable {
        var day = "2026-11-25"
        var message: Int?
        var variant: Int?
        var version: String?
        var event: String
        var n: Int

        var json: String {
            var parts = [#""day": "\#(day)""#]
            if let message { parts.append(#""message": \#(message)"#) }
            if let variant { parts.append(#""variant": \#(variant)"#) }
            if let version { parts.append(#""version": "\#(version)""#) }
            parts.append(#""event": "\#(event)""#)
            parts.append(#""n": \#(n)"#)
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    static func body(_ counters: [Counter], id: UUID = UUID(), app: String = app) -> String {
        // Schema 2 when it has an inbox item's `opened`, as a device writes it.
        let schema = counters.contains { $0.event == "opened" } ? 2 : 1
        return #"{"schema": \#(schema), "batch": "\#(id.uuidString.lowercased())", "app": "\#(app)", "counts": ["#
            + counters.map(\.json).joined(separator: ", ") + "]}"
    }

    /// A varied batch of `size` counters, chosen by `seed`.
    static func random(seed: Int, size: Int = 6) -> [Counter] {
        var generator = SeededGenerator(seed: UInt64(seed))
        let shapes: [(Int?, Int?, String?, [String])] = [
            (1, nil, nil, ["shown", "dismissed", "button.0", "conversion"]),
            (2, nil, nil, ["shown", "button.0", "button.1", "link"]),
            (3, 0, nil, ["shown", "button.0"]),
            (3, 1, nil, ["shown", "button.0", "button.1"]),
            (4, nil, nil, ["shown", "tap"]),
            (6, nil, nil, ["shown", "opened"]),
            (nil, nil, "2.0", ["update.shown", "update.accepted", "update.later", "update.skipped"]),
        ]
        var seen = Set<Counter>()
        var counters: [Counter] = []
        while counters.count < size {
            let shape = shapes[Int.random(in: 0..<shapes.count, using: &generator)]
            let day = "2026-11-" + String(20 + Int.random(in: 0...5, using: &generator))
            let event = shape.3[Int.random(in: 0..<shape.3.count, using: &generator)]
            var key = Counter(day: day, message: shape.0, variant: shape.1, version: shape.2, event: event, n: 0)
            guard seen.insert(key).inserted else { continue }
            key.n = Int.random(in: 1...1000, using: &generator)
            counters.append(key)
        }
        return counters
    }

    /// `counters` as the database keeps them, summed by key.
    static func totals(_ batches: [[Counter]], app: String = app) -> [String: Int64] {
        var sums: [String: Int64] = [:]
        for counters in batches {
            for counter in counters {
                let key = [
                    app, counter.day, "\(counter.message ?? -1)", "\(counter.variant ?? -1)", counter.version ?? "",
                    counter.event,
                ].joined(separator: "|")
                sums[key, default: 0] += Int64(counter.n)
            }
        }
        return sums
    }

    static func totals(_ rows: [CountRow]) -> [String: Int64] {
        var sums: [String: Int64] = [:]
        for row in rows {
            let key = [
                row.app, row.day, "\(row.message ?? -1)", "\(row.variant ?? -1)", row.version ?? "", row.event,
            ].joined(separator: "|")
            sums[key, default: 0] += row.n
        }
        return sums
    }
}

/// Opens a results database as the collector does, reads it, closes it.
func storedRows(_ database: String) async throws -> (rows: [CountRow], ids: Int) {
    var logger = Logger(label: "tests")
    logger.logLevel = .critical
    let store = try await ResultsDatabase.open(try ResultsDatabaseLocation(parsing: database), logger: logger)
    do {
        let rows = try await store.rows(app: nil, since: nil, until: nil)
        let ids = try await store.batchIDsPerDay().values.reduce(0, +)
        await store.close()
        return (rows, ids)
    } catch {
        await store.close()
        throw error
    }
}

/// A batch id is found for 8 days after the day it was stored, and forgotten after: the collector
/// restarted on later days (its `--today`) with the same database.
func batchIDsAreKeptEightDaysThenDropped(database: String) async throws {
    let directory = try TemporaryDirectory()
    let feed = try directory.write("messages.json", Batches.feed)
    let id = UUID()
    func post(on today: String) async throws -> String {
        let collector = try await CollectProcess.start(feed: feed, database: database, today: today)
        defer { collector.stop() }
        let day = try #require(BatchDays.day(today, plus: -1))
        return try await collector.post(
            Batches.body([Batches.Counter(day: day, message: 1, event: "shown", n: 1)], id: id)
        )
        .body
    }
    #expect(try await post(on: "2026-11-01") == #"{"accepted":1}"#)
    #expect(try await post(on: "2026-11-01") == #"{"duplicate":true}"#)
    #expect(try await post(on: "2026-11-05") == #"{"duplicate":true}"#)
    // 2026-11-09 is the eighth day after: still kept.
    #expect(try await post(on: "2026-11-09") == #"{"duplicate":true}"#)
    #expect(try await storedRows(database).ids == 1)
    // The ninth day after: the day's table is dropped, and the id counts again (a new day's table).
    #expect(try await post(on: "2026-11-10") == #"{"accepted":1}"#)
    let store = try await ResultsDatabase.open(
        try ResultsDatabaseLocation(parsing: database), logger: Logger(label: "t"))
    let days = try await store.batchIDsPerDay()
    await store.close()
    #expect(days == ["2026-11-05": 0, "2026-11-09": 0, "2026-11-10": 1])
    let (rows, _) = try await storedRows(database)
    #expect(rows.map(\.day) == ["2026-10-31", "2026-11-09"])
}
