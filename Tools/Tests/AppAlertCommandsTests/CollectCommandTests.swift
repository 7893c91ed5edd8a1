import AppAlertResults
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `appalert collect` on SQLite, as a real process: what it stores, what it refuses, what survives.
@Suite
struct CollectCommandTests {
    typealias Counter = Batches.Counter

    @Test
    func acceptedBatchesAreStoredAndSummedByKey() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let first = [
            Counter(message: 1, event: "shown", n: 3), Counter(message: 1, event: "button.0", n: 2),
            Counter(message: 3, variant: 1, event: "button.1", n: 1),
            Counter(version: "2.0", event: "update.shown", n: 4),
        ]
        // An inbox item: drawn in the list (`shown`), opened from it.
        let second = [
            Counter(message: 1, event: "shown", n: 5), Counter(day: "2026-11-24", message: 4, event: "tap", n: 7),
            Counter(message: 6, event: "shown", n: 4), Counter(message: 6, event: "opened", n: 3),
        ]
        let one = try await collector.post(Batches.body(first))
        #expect(one.status == 200)
        #expect(one.body == #"{"accepted":4}"#)
        let two = try await collector.post(Batches.body(second))
        #expect(two.body == #"{"accepted":4}"#)
        #expect(collector.stop() == 0)

        let (rows, ids) = try await storedRows(database)
        #expect(ids == 2)
        #expect(Batches.totals(rows) == Batches.totals([first, second]))
        let shown = rows.first { $0.message == 1 && $0.event == "shown" }
        #expect(shown?.n == 8)
        #expect(shown?.variant == nil && shown?.version == nil)
        let update = rows.first { $0.event == "update.shown" }
        #expect(update?.message == nil && update?.version == "2.0" && update?.n == 4)
    }

    @Test
    func aRetriedBatchCountsOnceWhetherSentAgainLaterOrConcurrently() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let counters = Batches.random(seed: 7)
        let body = Batches.body(counters)
        #expect(try await collector.post(body).body == #"{"accepted":\#(counters.count)}"#)
        #expect(try await collector.post(body).body == #"{"duplicate":true}"#)
        // Eight copies of another batch at once: one is stored, seven are duplicates.
        let other = Batches.random(seed: 8)
        let otherBody = Batches.body(other)
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 { group.addTask { try await collector.post(otherBody).body } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.filter { $0 == #"{"duplicate":true}"# }.count == 7)
        #expect(answers.filter { $0 == #"{"accepted":\#(other.count)}"# }.count == 1)
        // The same id comes back after a restart: still a duplicate.
        collector.stop()
        let again = try await CollectProcess.start(feed: feed, database: database)
        #expect(try await again.post(body).body == #"{"duplicate":true}"#)
        again.stop()

        let (rows, ids) = try await storedRows(database)
        #expect(ids == 2)
        #expect(Batches.totals(rows) == Batches.totals([counters, other]))
    }

    @Test
    func batchIDsAreKeptEightDaysThenDroppedWhole() async throws {
        let directory = try TemporaryDirectory()
        try await batchIDsAreKeptEightDaysThenDropped(
            database: directory.url.appendingPathComponent("results.sqlite").path)
    }

    /// Each batch is acknowledged before the collector is killed; every acknowledged one is there.
    @Test(arguments: [SIGKILL, SIGTERM])
    func everyAcknowledgedBatchSurvivesTheCollectorsEnd(signal: Int32) async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let batches = (0..<40).map { Batches.random(seed: 100 + $0) }
        let acknowledged = try await withThrowingTaskGroup(of: [Counter]?.self) { group in
            for counters in batches {
                group.addTask { try await collector.post(Batches.body(counters)).status == 200 ? counters : nil }
            }
            return try await group.reduce(into: [[Counter]]()) { if let counters = $1 { $0.append(counters) } }
        }
        #expect(acknowledged.count == batches.count)
        // The signal follows the last answer at once.
        collector.stop(signal)
        let (rows, ids) = try await storedRows(database)
        #expect(ids == acknowledged.count)
        #expect(Batches.totals(rows) == Batches.totals(acknowledged))
    }

    @Test
    func signalWhileBatchesAreInFlightStoresExactlyTheAcknowledgedOnes() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let batches = (0..<200).map { Batches.random(seed: 1000 + $0) }
        let acknowledged = try await withThrowingTaskGroup(of: [Counter]?.self) { group in
            for (position, counters) in batches.enumerated() {
                group.addTask {
                    let answer = try? await collector.post(Batches.body(counters))
                    // Kill once a quarter of them were answered: the rest are in flight or unsent.
                    if position == 50 { collector.stop(SIGKILL) }
                    return answer?.status == 200 ? counters : nil
                }
            }
            return try await group.reduce(into: [[Counter]]()) { if let counters = $1 { $0.append(counters) } }
        }
        collector.stop(SIGKILL)
        let (rows, ids) = try await storedRows(database)
        // Every acknowledged batch is stored; a batch stored whose answer was lost may be there too.
        let stored = Batches.totals(rows)
        for (key, sum) in Batches.totals(acknowledged) { #expect(stored[key, default: 0] >= sum, "\(key)") }
        #expect(ids >= acknowledged.count)
    }

    /// Hostile or wrong input: a 4xx naming where and why, and nothing stored.
    struct Hostile: Sendable, CustomTestStringConvertible {
        var name: String
        var body: Data
        var status: Int
        var error: String
        var headers: [String: String] = [:]
        var testDescription: String { name }

        init(_ name: String, _ body: String, _ status: Int = 400, _ error: String, headers: [String: String] = [:]) {
            self.name = name
            self.body = Data(body.utf8)
            self.status = status
            self.error = error
            self.headers = headers
        }

        init(_ name: String, bytes: Data, _ status: Int = 400, _ error: String) {
            self.name = name
            body = bytes
            self.status = status
            self.error = error
        }

        static func counter(_ name: String, _ counter: String, _ error: String) -> Hostile {
            Hostile(
                name, #"{"schema": 1, "batch": "\#(id)", "app": "\#(Batches.app)", "counts": [\#(counter)]}"#, 400,
                error)
        }

        static let id = "6f1b3c0e-2a4d-4e8f-9b1c-0d2e3f4a5b6c"
        static let valid = #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 1}"#
    }

    static let hostile: [Hostile] = {
        let id = Hostile.id
        let app = Batches.app
        let head = #"{"schema": 1, "batch": "\#(id)", "app": "\#(app)", "counts": "#
        return [
            Hostile(
                "body over 64 KiB",
                head + "[" + String(repeating: Hostile.valid + ",", count: 1200) + Hostile.valid + "]}",
                413, "larger than 64 KiB"),
            Hostile("not JSON", "{schema: 1}", 400, "not JSON"),
            Hostile("truncated JSON", #"{"schema": 1, "batch": "#, 400, "not JSON"),
            Hostile("text after the value", head + "[" + Hostile.valid + "]} x", 400, "not JSON: text after"),
            Hostile(
                "bad UTF-8",
                bytes: Data(#"{"schema": 1, "batch": "\#(id)", "app": "com."#.utf8) + Data([0xC3, 0x28])
                    + Data(#"", "counts": []}"#.utf8), 400, "not valid UTF-8"),
            Hostile("lone surrogate", #"{"schema": 1, "batch": "\#(id)", "app": "\ud800"}"#, 400, "lone surrogate"),
            Hostile("duplicate JSON key", #"{"schema": 1, "schema": 1}"#, 400, #""schema" appears twice"#),
            Hostile("deep nesting", String(repeating: "[", count: 5000), 400, "nested deeper"),
            Hostile(
                "unknown schema", #"{"schema": 3, "batch": "\#(id)", "app": "\#(app)", "counts": []}"#, 400,
                "$.schema: 3 is not a schema this collector reads (1, 2)"),
            Hostile(
                "opened in a batch of schema 1",
                head + #"[{"day": "2026-11-25", "message": 6, "event": "opened", "n": 1}]}"#, 400,
                "$.counts[0].event: opened is a counter of schema 2, and this batch is schema 1"),
            Hostile("no schema", #"{"batch": "\#(id)", "app": "\#(app)", "counts": []}"#, 400, "$.schema: missing"),
            Hostile(
                "batch id not a UUID", #"{"schema": 1, "batch": "12345", "app": "\#(app)", "counts": []}"#, 400,
                #"$.batch: "12345" is not a UUID"#),
            Hostile(
                "app not in the feed", #"{"schema": 1, "batch": "\#(id)", "app": "com.evil", "counts": []}"#, 400,
                #"$.app: "com.evil" is not an app"#),
            Hostile(
                "unknown key", #"{"schema": 1, "batch": "\#(id)", "app": "\#(app)", "counts": [], "device": "x"}"#, 400,
                "$.device: not a key"),
            Hostile("no counters", head + "[]}", 400, "$.counts: empty"),
            Hostile(
                "201 counters",
                head + "["
                    + (0..<201).map { #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": \#($0 + 1)}"# }
                    .joined(separator: ",") + "]}", 400, "a batch has at most 200 counters"),
            .counter(
                "message not in the feed", #"{"day": "2026-11-25", "message": 99, "event": "shown", "n": 1}"#,
                "$.counts[0].message: 99 is not a message"),
            .counter(
                "message of another app", #"{"day": "2026-11-25", "message": 5, "event": "shown", "n": 1}"#,
                "$.counts[0].message: 5 is not a message"),
            .counter(
                "variant out of range", #"{"day": "2026-11-25", "message": 3, "variant": 2, "event": "shown", "n": 1}"#,
                "$.counts[0].variant: 2 is not a variant of message 3"),
            .counter(
                "variant missing", #"{"day": "2026-11-25", "message": 3, "event": "shown", "n": 1}"#,
                "$.counts[0].variant: missing"),
            .counter(
                "variant on a message without",
                #"{"day": "2026-11-25", "message": 1, "variant": 0, "event": "shown", "n": 1}"#,
                "message 1 has no variants"),
            .counter(
                "event not in the list", #"{"day": "2026-11-25", "message": 1, "event": "install", "n": 1}"#,
                #"$.counts[0].event: "install" is not an event"#),
            .counter(
                "button the message lacks", #"{"day": "2026-11-25", "message": 1, "event": "button.1", "n": 1}"#,
                "message 1 has 1 button(s)"),
            .counter(
                "a derived button as a button (the device counts it as link or dismissed)",
                #"{"day": "2026-11-25", "message": 2, "event": "button.2", "n": 1}"#, "message 2 has 2 button(s)"),
            .counter(
                "link of a message without one", #"{"day": "2026-11-25", "message": 1, "event": "link", "n": 1}"#,
                "link: message 1 has no link"),
            .counter(
                "tap on an alert", #"{"day": "2026-11-25", "message": 2, "event": "tap", "n": 1}"#,
                "tap: message 2 is neither a banner nor an image"),
            .counter(
                "conversion of a message without one",
                #"{"day": "2026-11-25", "message": 4, "event": "conversion", "n": 1}"#,
                "conversion: message 4 names no conversion"),
            Hostile(
                "opened of a message that is not an inbox item",
                #"{"schema": 2, "batch": "\#(id)", "app": "\#(app)", "counts": [{"day": "2026-11-25", "message": 1, "#
                    + #""event": "opened", "n": 1}]}"#, 400, "$.counts[0].event: opened: message 1 is not an inbox item"
            ),
            .counter(
                "button of the variant without a link",
                #"{"day": "2026-11-25", "message": 3, "variant": 0, "event": "button.1", "n": 1}"#,
                "variant 0 of message 3 has 1 button(s)"),
            .counter(
                "button on a banner", #"{"day": "2026-11-25", "message": 4, "event": "button.0", "n": 1}"#,
                "message 4 has no buttons of its own"),
            .counter(
                "day 31 days ago", #"{"day": "2026-10-26", "message": 1, "event": "shown", "n": 1}"#,
                "2026-10-26 is outside 2026-10-27…2026-11-27"),
            .counter(
                "day after tomorrow", #"{"day": "2026-11-28", "message": 1, "event": "shown", "n": 1}"#, "is outside"),
            .counter("not a date", #"{"day": "2026-02-30", "message": 1, "event": "shown", "n": 1}"#, "is not a day"),
            .counter(
                "n zero", #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 0}"#,
                "$.counts[0].n: 0 is not a count from 1 to 1000"),
            .counter(
                "n over 1000", #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 1001}"#,
                "1001 is not a count"),
            .counter(
                "n a fraction", #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 1.5}"#,
                "1.5 is not a count"),
            .counter(
                "update event with a message",
                #"{"day": "2026-11-25", "message": 1, "version": "2.0", "event": "update.shown", "n": 1}"#,
                "carries version, not message"),
            .counter(
                "update event without a version", #"{"day": "2026-11-25", "event": "update.later", "n": 1}"#,
                "$.counts[0].version: missing"),
            Hostile(
                "duplicated counter key",
                head + "[" + Hostile.valid + ", " + Hostile.valid.replacingOccurrences(of: #""n": 1"#, with: #""n": 2"#)
                    + "]}",
                400, "$.counts[1]: the same counter as $.counts[0]"),
            Hostile(
                "a long value is quoted short",
                #"{"schema": 1, "batch": "\#(id)", "app": "\#(String(repeating: "x", count: 5000))", "counts": []}"#,
                400, #"$.app: ""# + String(repeating: "x", count: 100) + #"…" is not an app"#),
            Hostile(
                "not JSON content", head + "[" + Hostile.valid + "]}", 415, "is not application/json",
                headers: ["Content-Type": "text/plain"]),
        ]
    }()

    @Test(arguments: hostile)
    func hostileInputIsRefusedSayingWhereAndWhyAndStoresNothing(_ input: Hostile) async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let answer = try await collector.post(input.body, headers: input.headers)
        #expect(answer.status == input.status)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? String, "\(answer.body)")
        #expect(error.contains(input.error), "\(error)")
        #expect(error.count < 300)
        // The collector still answers (and the refused id is not taken: the same id is accepted now).
        let good = try await collector.post(
            Batches.body([Counter(message: 1, event: "dismissed", n: 1)], id: UUID(uuidString: Hostile.id)!))
        #expect(good.body == #"{"accepted":1}"#)
        #expect(collector.stop() == 0)
        let (rows, ids) = try await storedRows(database)
        #expect(ids == 1)
        #expect(rows.map(\.event) == ["dismissed"])
    }

    /// The collector and schema/counts.schema.json agree: what the collector accepts, the schema accepts;
    /// what the schema refuses, the collector refuses (the collector refuses more: it also checks the
    /// feed, the days and repeated counters).
    @Test
    func theCollectorsChecksAgreeWithTheJSONSchema() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let directory = try TemporaryDirectory()
        var valid: [String] = []
        for seed in 0..<40 {
            valid.append(
                try directory.write("valid-\(seed).json", Batches.body(Batches.random(seed: seed, size: 1 + seed % 20)))
            )
        }
        let schemaRefuses: Set<String> = [
            "unknown schema", "opened in a batch of schema 1", "no schema", "batch id not a UUID", "unknown key",
            "no counters", "201 counters",
            "event not in the list", "n zero", "n over 1000", "n a fraction", "update event with a message",
            "update event without a version", "a long value is quoted short",
        ]
        var hostile: [String: String] = [:]
        for input in Self.hostile where schemaRefuses.contains(input.name) {
            let path = directory.url.appendingPathComponent("hostile-\(hostile.count).json")
            try input.body.write(to: path)
            hostile[path.path] = input.name
        }
        #expect(hostile.count == schemaRefuses.count)
        let checked = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", repository.appendingPathComponent("scripts/schema-check").path,
                repository.appendingPathComponent("schema/counts.schema.json").path,
            ] + valid + hostile.keys.sorted())
        #expect(checked.status == 0, "\(checked.standardError)")
        let lines = checked.standardOutput.split(separator: "\n").map(String.init)
        for path in valid { #expect(lines.contains("valid \(path)"), "\(path)") }
        for (path, name) in hostile {
            #expect(lines.contains { $0.hasPrefix("invalid \(path):") }, "the schema accepts \(name)")
        }
    }

    @Test
    func theRateLimitAnswers429WithRetryAfterAndTrustsForwardedForOnlyWhenTold() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let counters = [Counter(message: 1, event: "shown", n: 1)]

        let strict = try await CollectProcess.start(feed: feed, database: database, ["--rate-limit", "2"])
        for _ in 0..<2 { #expect(try await strict.post(Batches.body(counters)).status == 200) }
        // A forwarded-for header does not make another client here.
        let limited = try await strict.post(Batches.body(counters), headers: ["X-Forwarded-For": "203.0.113.9"])
        #expect(limited.status == 429)
        let retry = try #require(limited.headers["retry-after"].flatMap(Int.init))
        #expect((1...30).contains(retry))
        #expect(limited.body.contains("more than 2 batches a minute"))
        let metrics = try await strict.get("/metrics").body
        #expect(metrics.contains(#"appalert_collect_batches_refused_total{reason="rate_limited"} 1"#))
        strict.stop()

        let proxied = try await CollectProcess.start(
            feed: feed, database: database, ["--rate-limit", "1", "--trust-forwarded-for"])
        let client = ["X-Forwarded-For": "198.51.100.1, 10.0.0.1"]
        #expect(try await proxied.post(Batches.body(counters), headers: client).status == 200)
        #expect(try await proxied.post(Batches.body(counters), headers: client).status == 429)
        // The last address is the one the proxy saw: another one is another client.
        let other = ["X-Forwarded-For": "198.51.100.1, 10.0.0.2"]
        #expect(try await proxied.post(Batches.body(counters), headers: other).status == 200)
        #expect(
            try await proxied.post(Batches.body(counters), headers: ["Forwarded": "for=192.0.2.60;proto=http"]).status
                == 200)
        proxied.stop()
        // No address is written anywhere: not in the database file, not in the log.
        let file = try Data(contentsOf: URL(fileURLWithPath: database))
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: database + "-wal"))) ?? Data()
        for address in ["198.51.100.1", "10.0.0.2", "192.0.2.60", "127.0.0.1"] {
            #expect(file.range(of: Data(address.utf8)) == nil && wal.range(of: Data(address.utf8)) == nil)
        }
    }

    @Test
    func anEditedFeedIsPickedUpAndAnInvalidEditKeepsTheLastGoodOne() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let counters = [Counter(message: 7, event: "shown", n: 2)]
        let before = try await collector.post(Batches.body(counters))
        #expect(before.status == 400)
        #expect(before.body.contains("7 is not a message"))

        try Data(#"[{"id": 1, "bundleId": "com.example.counts", "title": "Broken"}]"#.utf8).write(
            to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(collector.log.wait(for: "invalid edit of the feed not used", count: 1, until: Date() + 60))
        #expect(try await collector.post(Batches.body([Counter(message: 2, event: "shown", n: 1)])).status == 200)

        let edited = Batches.feed.replacingOccurrences(
            of: #"{"id": 1, "bundleId""#,
            with: #"{"id": 7, "bundleId": "\#(Batches.app)", "title": "New", "text": "n"}, {"id": 1, "bundleId""#)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(collector.log.wait(for: "feed reloaded", count: 1, until: Date() + 60))
        let after = try await collector.post(Batches.body(counters))
        #expect(after.body == #"{"accepted":1}"#)
        collector.stop()
    }

    @Test
    func aFeedAtAURLIsReadAndAskedAgainWhenItChanges() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let server = try ServeProcess([feed])
        defer { server.stop() }
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(
            feed: "http://127.0.0.1:\(server.port)/messages.json", database: database)
        let counters = [Counter(message: 7, event: "shown", n: 2)]
        #expect(try await collector.post(Batches.body(counters)).status == 400)
        #expect(try await collector.post(Batches.body([Counter(message: 2, event: "link", n: 1)])).status == 200)

        let edited = Batches.feed.replacingOccurrences(
            of: #"{"id": 1, "bundleId""#,
            with: #"{"id": 7, "bundleId": "\#(Batches.app)", "title": "New", "text": "n"}, {"id": 1, "bundleId""#)
        try Data(edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(server.waitForLog("reloaded"))
        #expect(collector.log.wait(for: "feed reloaded", count: 1, until: Date() + 60))
        #expect(try await collector.post(Batches.body(counters)).body == #"{"accepted":1}"#)
        collector.stop()
    }

    @Test
    func metricsCountAcceptedDuplicateAndRefusedBatchesAndHealthzAnswers() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let body = Batches.body([Counter(message: 1, event: "shown", n: 1), Counter(message: 2, event: "link", n: 1)])
        _ = try await collector.post(body)
        _ = try await collector.post(body)
        _ = try await collector.post(#"{"schema": 9}"#)
        let health = try await collector.get("/healthz")
        #expect(health.status == 200)
        let metrics = try await collector.get("/metrics")
        #expect(metrics.status == 200)
        for line in [
            "appalert_collect_batches_accepted_total 1", "appalert_collect_batches_duplicate_total 1",
            "appalert_collect_counters_accepted_total 2",
            #"appalert_collect_batches_refused_total{reason="schema"} 1"#,
            "appalert_collect_request_duration_seconds_count 3",
        ] {
            #expect(metrics.body.contains(line + "\n"), "\(line)")
        }
        #expect(try await collector.get("/v1/counts").status == 405)
        #expect(try await collector.get("/other").status == 404)
        collector.stop()
    }

    /// A body sent a byte at a time, or a chunked body past 64 KiB: the connection is closed (the
    /// header timeout runs until an answer is written, so it covers a trickled body too), nothing is
    /// stored, and other clients are served meanwhile.
    @Test
    func aTrickledBodyIsCutOffAndAChunkedBodyPast64KiBIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database, ["--header-timeout", "1"])
        let body = Batches.body([Counter(message: 1, event: "shown", n: 1)])
        let head =
            "POST /v1/counts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\n\r\n"
        // The client never finishes; the server closes long before the client's own 60 s.
        let trickled = try await RawHTTPClient.exchange(
            port: collector.port, parts: [head, String(body.prefix(10))], pause: 0.2, timeout: 60)
        #expect(!trickled.timedOut)
        #expect(!trickled.text.contains("accepted"))
        #expect(try await collector.post(Batches.body([Counter(message: 2, event: "shown", n: 1)])).status == 200)

        let chunk = String(repeating: " ", count: 16 * 1024)
        var chunked = "POST /v1/counts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        chunked += "Transfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<5 { chunked += String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n" }
        chunked += "0\r\n\r\n"
        let large = try await RawHTTPClient.exchange(port: collector.port, chunked, timeout: 60)
        #expect(large.hasPrefix("HTTP/1.1 413"), "\(large.prefix(200))")
        #expect(large.contains("larger than 64 KiB"))
        #expect(collector.stop() == 0)
        let (rows, ids) = try await storedRows(database)
        #expect(ids == 1)
        #expect(rows.map(\.message) == [2])
    }

    @Test
    func aDatabaseThatCannotBeOpenedOrAFeedWithErrorsStopsTheStart() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let noFolder = try AppAlertProcess.run(["collect", feed, "--database", directory.url.path + "/none/r.sqlite"])
        #expect(noFolder.status == 2)
        #expect(noFolder.standardError.contains("cannot open the SQLite database"))
        let broken = try directory.write("broken.json", #"[{"id": 1, "title": "no text"}]"#)
        let invalid = try AppAlertProcess.run(["collect", broken, "--database", directory.url.path + "/r.sqlite"])
        #expect(invalid.status == 2)
        #expect(invalid.standardError.contains("broken.json"))
        let url = try AppAlertProcess.run(["collect", feed, "--database", "mysql://x/y"])
        #expect(url.status == 2)
        #expect(url.standardError.contains("neither a file path nor a postgres:// URL"))
    }
}
