#if PostgreSQL
    import AppAlertResults
    import Foundation
    import TestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A PostgreSQL database of its own for one test, on the server APPALERT_TEST_POSTGRES_URL names
    /// (`.ci/run` starts Debian's PostgreSQL and sets it), created with `psql` and dropped after.
    final class PostgresTestDatabase {
        static let serverURL = ProcessInfo.processInfo.environment["APPALERT_TEST_POSTGRES_URL"]
        /// Locally, without a server, the tests are skipped (saying why); in CI they run and fail.
        static let available = serverURL != nil || ProcessInfo.processInfo.environment["CI"] != nil
        static let skipReason: Comment =
            "APPALERT_TEST_POSTGRES_URL is not set: PostgreSQL tests skipped (.ci/run starts a server and sets it)"

        let url: String
        private let name: String
        private let server: String

        init() throws {
            server = try #require(
                Self.serverURL,
                "APPALERT_TEST_POSTGRES_URL is not set and CI is: .ci/run should have started PostgreSQL")
            name = "appalert_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            let created = try ProcessResult.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["psql", server, "-qc", "CREATE DATABASE \(name)"])
            try #require(created.status == 0, "psql: \(created.standardError)")
            var components = try #require(URLComponents(string: server))
            components.path = "/" + name
            url = try #require(components.string)
        }

        deinit {
            _ = try? ProcessResult.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["psql", server, "-qc", "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"])
        }
    }

    /// `appalert collect --database postgres://…`, as real processes on a real PostgreSQL.
    @Suite(.enabled(if: PostgresTestDatabase.available, PostgresTestDatabase.skipReason))
    struct CollectPostgresTests {
        typealias Counter = Batches.Counter

        @Test
        func batchesAreStoredSummedAndARetryCountsOnce() async throws {
            let database = try PostgresTestDatabase()
            let directory = try TemporaryDirectory()
            let feed = try directory.write("messages.json", Batches.feed)
            let collector = try await CollectProcess.start(feed: feed, database: database.url)
            let first = Batches.random(seed: 21)
            let second =
                Batches.random(seed: 22) + [Counter(day: "2026-11-27", version: "2.0", event: "update.later", n: 3)]
            let firstBody = Batches.body(first)
            #expect(try await collector.post(firstBody).body == #"{"accepted":\#(first.count)}"#)
            #expect(try await collector.post(Batches.body(second)).body == #"{"accepted":\#(second.count)}"#)
            #expect(try await collector.post(firstBody).body == #"{"duplicate":true}"#)
            let refused = try await collector.post(
                Batches.body([Counter(message: 1, event: "button.1", n: 1)]))
            #expect(refused.status == 400)
            #expect(collector.stop() == 0)
            let (rows, ids) = try await storedRows(database.url)
            #expect(ids == 2)
            #expect(Batches.totals(rows) == Batches.totals([first, second]))
        }

        @Test
        func batchIDsAreKeptEightDaysThenDroppedWhole() async throws {
            let database = try PostgresTestDatabase()
            try await batchIDsAreKeptEightDaysThenDropped(database: database.url)
        }

        /// Two collectors on one database: the bound of 16 versions an app a day holds across them (each
        /// commit counts the stored versions under a lock the other takes too).
        @Test
        func versionsBeyondSixteenADayAreRefusedAcrossTwoCollectors() async throws {
            let database = try PostgresTestDatabase()
            try await versionsBeyondSixteenADayAreRefused(database: database.url, collectors: 2)
        }

        @Test
        func everyAcknowledgedBatchSurvivesSIGKILL() async throws {
            let database = try PostgresTestDatabase()
            let directory = try TemporaryDirectory()
            let feed = try directory.write("messages.json", Batches.feed)
            let collector = try await CollectProcess.start(feed: feed, database: database.url)
            let batches = (0..<40).map { Batches.random(seed: 300 + $0) }
            let acknowledged = try await withThrowingTaskGroup(of: [Counter]?.self) { group in
                for counters in batches {
                    group.addTask { try await collector.post(Batches.body(counters)).status == 200 ? counters : nil }
                }
                return try await group.reduce(into: [[Counter]]()) { if let counters = $1 { $0.append(counters) } }
            }
            #expect(acknowledged.count == batches.count)
            collector.stop(SIGKILL)
            let (rows, ids) = try await storedRows(database.url)
            #expect(ids == acknowledged.count)
            #expect(Batches.totals(rows) == Batches.totals(acknowledged))
        }

        /// Two collectors behind a "load balancer" (clients pick either), many clients at once, and a
        /// quarter of the batches sent twice, to both collectors at the same moment: every batch counts once.
        @Test
        func twoCollectorsOnOneDatabaseUnderConcurrentLoadGiveExactTotals() async throws {
            let database = try PostgresTestDatabase()
            let directory = try TemporaryDirectory()
            let feed = try directory.write("messages.json", Batches.feed)
            let collectors = [
                try await CollectProcess.start(feed: feed, database: database.url),
                try await CollectProcess.start(feed: feed, database: database.url),
            ]
            let batches = (0..<400).map { (id: UUID(), counters: Batches.random(seed: 5000 + $0, size: 1 + $0 % 12)) }
            let clients = 32
            let answers = try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
                for client in 0..<clients {
                    group.addTask {
                        var answers: [(Int, String)] = []
                        for position in stride(from: client, to: batches.count, by: clients) {
                            let batch = batches[position]
                            let body = Batches.body(batch.counters, id: batch.id)
                            if position % 4 == 0 {
                                // The same batch to both collectors at once.
                                async let one = collectors[0].post(body)
                                async let two = collectors[1].post(body)
                                let both = try await [one, two]
                                answers += both.map { (position, $0.body) }
                            } else {
                                answers.append((position, try await collectors[position % 2].post(body).body))
                            }
                        }
                        return answers
                    }
                }
                return try await group.reduce(into: [(Int, String)]()) { $0 += $1 }
            }
            // Each batch: one "accepted", and for the doubled ones one "duplicate".
            for position in batches.indices {
                let mine = answers.filter { $0.0 == position }.map(\.1).sorted()
                let accepted = #"{"accepted":\#(batches[position].counters.count)}"#
                #expect(mine == (position % 4 == 0 ? [accepted, #"{"duplicate":true}"#] : [accepted]), "\(position)")
            }
            for collector in collectors { #expect(collector.stop() == 0) }
            let (rows, ids) = try await storedRows(database.url)
            #expect(ids == batches.count)
            #expect(Batches.totals(rows) == Batches.totals(batches.map(\.counters)))
        }
    }
#endif
