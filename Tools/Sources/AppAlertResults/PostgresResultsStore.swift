#if PostgreSQL
    import Foundation
    import Logging
    import PostgresNIO

    /// The results database for more than one machine: PostgreSQL (postgres-nio). Several collectors
    /// share it and the totals stay exact: a batch id is inserted under a unique key in the same
    /// transaction that adds its counters, so the second of two concurrent copies waits for the first and
    /// adds nothing. Counters are upserted in key order, so concurrent writers take their row locks in
    /// the same order. `synchronous_commit` is on for the collector's sessions: a commit returns once it
    /// is flushed to the server's disk.
    package final class PostgresResultsStore: ResultsStore {
        private let client: PostgresClient
        private let runner: Task<Void, Never>
        private let logger: Logger
        /// The batch-id tables known to exist, for the day they were listed on.
        private let tables = LockedTables()

        private init(client: PostgresClient, runner: Task<Void, Never>, logger: Logger) {
            self.client = client
            self.runner = runner
            self.logger = logger
        }

        /// Connects to the database `url` names (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`), creating
        /// and migrating the tables when needed.
        package static func open(url: URL, logger: Logger) async throws -> PostgresResultsStore {
            let location: PostgresURL
            do {
                location = try PostgresURL(url)
            } catch {
                throw ResultsStoreError(error.description)
            }
            let (host, database) = (location.host, location.database)
            // One connection first: the pool retries a database it cannot reach for ever, so a wrong URL
            // would leave `collect` waiting, neither serving nor saying why.
            do {
                let probe = try await PostgresConnection.connect(
                    configuration: try location.connectionConfiguration(), id: 0, logger: logger)
                try await probe.close()
            } catch {
                throw ResultsStoreError(
                    "\(PostgresURL.redacted(url)): cannot connect: \(PostgresURL.reason(error).prefix(300))")
            }
            var configuration = location.clientConfiguration()
            configuration.options.additionalStartupParameters = [("synchronous_commit", "on")]
            configuration.options.maximumConnections = 8
            let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
            let runner = Task { await client.run() }
            let store = PostgresResultsStore(client: client, runner: runner, logger: logger)
            do {
                try await store.migrate()
            } catch {
                runner.cancel()
                throw ResultsStoreError(
                    "cannot prepare the PostgreSQL database \(database) on \(host): \(String(reflecting: error).prefix(300))"
                )
            }
            return store
        }

        private func migrate() async throws {
            try await client.withTransaction(logger: logger) { connection in
                // Two collectors starting together: the second waits here for the first's tables.
                try await connection.query("SELECT pg_advisory_xact_lock(3434001)", logger: logger)
                for statement in ResultsSchema.postgres {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                let rows = try await connection.query(
                    "SELECT value FROM appalert_meta WHERE key = 'schema'", logger: logger)
                var stored: String?
                for try await value in rows.decode(String.self) { stored = value }
                if let stored {
                    guard let version = Int(stored), version <= ResultsSchema.version else {
                        throw ResultsStoreError(
                            "the database has schema version \(stored.prefix(20)), newer than this appalert's "
                                + "(\(ResultsSchema.version)): use a newer appalert")
                    }
                } else {
                    let version = String(ResultsSchema.version)
                    try await connection.query(
                        "INSERT INTO appalert_meta (key, value) VALUES ('schema', \(version))", logger: logger)
                }
            }
        }

        static let listTables =
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            + "AND tablename LIKE 'appalert\\_batches\\_%'"

        /// Lists the batch tables, drops expired days and creates today's, once per day.
        private func prepareDay(_ today: String) async throws -> [String] {
            if let known = tables.get(today) { return known }
            let logger = logger
            let earlier = try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(3434002)", logger: logger)
                let rows = try await connection.query(PostgresQuery(unsafeSQL: Self.listTables), logger: logger)
                var names: [String] = []
                for try await name in rows.decode(String.self) { names.append(name) }
                for table in BatchDays.expired(names, today: today) {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "DROP TABLE IF EXISTS \(table)"), logger: logger)
                    logger.info("dropped the batch ids of \(BatchDays.day(ofTable: table) ?? table)")
                }
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "CREATE TABLE IF NOT EXISTS \(BatchDays.table(today)) (id UUID PRIMARY KEY)"),
                    logger: logger)
                return BatchDays.earlier(names, today: today)
            }
            tables.set(today, earlier)
            return earlier
        }

        package func commit(_ batches: [StoredBatch], today: String) async throws -> [CommitOutcome] {
            guard !batches.isEmpty else { return [] }
            let earlier = try await prepareDay(today)
            var attempt = 0
            while true {
                do {
                    return try await commitOnce(batches, today: today, earlier: earlier)
                } catch let error as PSQLError {
                    // A deadlock or serialization failure between collectors: the transaction was rolled
                    // back whole; try again.
                    let state = error.serverInfo?[.sqlState]
                    attempt += 1
                    guard state == "40P01" || state == "40001", attempt < 5 else {
                        if state == "42P01" { tables.clear() }
                        throw error
                    }
                }
            }
        }

        private func commitOnce(_ batches: [StoredBatch], today: String, earlier: [String]) async throws
            -> [CommitOutcome]
        {
            let logger = logger
            let ids = batches.map(\.id).sorted { $0.uuidString < $1.uuidString }
            let days = UpdateVersions.days(of: batches)
            return try await client.withTransaction(logger: logger) { connection in
                // First, before any row lock: the lock of each app and day with update counters here, in
                // one order, so the versions read below stay all there are until this commit (a concurrent
                // writer of the same app and day waits for it).
                if !days.isEmpty {
                    var bindings = PostgresBindings()
                    bindings.append(days.map { $0.app + "\u{1F}" + $0.day })
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "SELECT count(pg_advisory_xact_lock(3434003, h)) FROM "
                                + "(SELECT DISTINCT hashtext(k) AS h FROM unnest($1::text[]) AS t(k) ORDER BY h) AS s",
                            binds: bindings), logger: logger)
                }
                var seen = Set<UUID>()
                if !earlier.isEmpty {
                    var bindings = PostgresBindings()
                    bindings.append(ids)
                    let sql = earlier.map { "SELECT id FROM \($0) WHERE id = ANY($1)" }.joined(separator: " UNION ALL ")
                    let rows = try await connection.query(
                        PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
                    for try await id in rows.decode(UUID.self) { seen.insert(id) }
                }
                let fresh = ids.filter { !seen.contains($0) }
                var new = Set<UUID>()
                if !fresh.isEmpty {
                    var bindings = PostgresBindings()
                    bindings.append(fresh)
                    let rows = try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "INSERT INTO \(BatchDays.table(today)) (id) SELECT * FROM unnest($1::uuid[]) "
                                + "ON CONFLICT DO NOTHING RETURNING id", binds: bindings), logger: logger)
                    for try await id in rows.decode(UUID.self) { new.insert(id) }
                }
                let isNew = batches.map { new.contains($0.id) }
                let outcomes = UpdateVersions.admit(
                    batches, new: isNew,
                    stored: try await Self.storedVersions(
                        UpdateVersions.days(of: zip(batches, isNew).filter(\.1).map(\.0)), connection: connection,
                        logger: logger))
                // A refused batch leaves no id behind: once mended it may come again.
                let refused = zip(batches, outcomes).filter { $0.1 != .added && new.contains($0.0.id) }.map(\.0.id)
                if !refused.isEmpty {
                    var bindings = PostgresBindings()
                    bindings.append(refused)
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "DELETE FROM \(BatchDays.table(today)) WHERE id = ANY($1)", binds: bindings),
                        logger: logger)
                }
                let rows = CountRow.merged(zip(batches, outcomes).filter { $0.1 == .added }.map(\.0))
                if !rows.isEmpty {
                    var bindings = PostgresBindings()
                    bindings.append(rows.map(\.app))
                    bindings.append(rows.map(\.day))
                    bindings.append(rows.map { Int32($0.message ?? -1) })
                    bindings.append(rows.map { Int32($0.variant ?? -1) })
                    bindings.append(rows.map { $0.version ?? "" })
                    bindings.append(rows.map(\.event))
                    bindings.append(rows.map(\.n))
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: """
                                INSERT INTO counts (app, day, message, variant, version, event, n)
                                SELECT a, d::date, m, v, ver, e, n
                                FROM unnest($1::text[], $2::text[], $3::int4[], $4::int4[], $5::text[], $6::text[], $7::int8[])
                                    AS t(a, d, m, v, ver, e, n)
                                ON CONFLICT (app, day, message, variant, version, event)
                                DO UPDATE SET n = counts.n + excluded.n
                                """, binds: bindings), logger: logger)
                }
                return outcomes
            }
        }

        /// The versions stored for each of `days` (inside the transaction, under the days' locks), through
        /// the primary key.
        private static func storedVersions(
            _ days: [UpdateVersions.AppDay], connection: PostgresConnection, logger: Logger
        ) async throws -> [UpdateVersions.AppDay: Set<String>] {
            guard !days.isEmpty else { return [:] }
            var bindings = PostgresBindings()
            bindings.append(days.map(\.app))
            bindings.append(days.map(\.day))
            let rows = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        SELECT c.app, to_char(c.day, 'YYYY-MM-DD'), c.version
                        FROM unnest($1::text[], $2::text[]) AS t(a, d)
                        JOIN counts AS c ON c.app = t.a AND c.day = t.d::date AND c.message = -1
                        GROUP BY c.app, c.day, c.version
                        """, binds: bindings), logger: logger)
            var versions: [UpdateVersions.AppDay: Set<String>] = [:]
            for key in days { versions[key] = [] }
            for try await (app, day, version) in rows.decode((String, String, String).self) {
                versions[UpdateVersions.AppDay(app: app, day: day), default: []].insert(version)
            }
            return versions
        }

        package func rows(app: String?, since: String?, until: String?) async throws -> [CountRow] {
            var conditions: [String] = []
            var bindings = PostgresBindings()
            if let app {
                bindings.append(app)
                conditions.append("app = $\(conditions.count + 1)")
            }
            if let since {
                bindings.append(since)
                conditions.append("day >= $\(conditions.count + 1)::date")
            }
            if let until {
                bindings.append(until)
                conditions.append("day <= $\(conditions.count + 1)::date")
            }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            let sequence = try await client.query(
                PostgresQuery(
                    unsafeSQL: "SELECT app, to_char(day, 'YYYY-MM-DD'), message, variant, version, event, n FROM counts"
                        + filter + " ORDER BY app, day, message, variant, version, event", binds: bindings),
                logger: logger)
            var result: [CountRow] = []
            for try await (app, day, message, variant, version, event, n) in sequence.decode(
                (String, String, Int32, Int32, String, String, Int64).self)
            {
                result.append(
                    CountRow(
                        app: app, day: day, message: message < 0 ? nil : Int(message),
                        variant: variant < 0 ? nil : Int(variant), version: version.isEmpty ? nil : version,
                        event: event, n: n))
            }
            return result
        }

        package func batchIDsPerDay() async throws -> [String: Int] {
            let listed = try await client.query(PostgresQuery(unsafeSQL: Self.listTables), logger: logger)
            var names: [String] = []
            for try await name in listed.decode(String.self) { names.append(name) }
            var counts: [String: Int] = [:]
            for name in names {
                guard let day = BatchDays.day(ofTable: name) else { continue }
                let rows = try await client.query(
                    PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(name)"), logger: logger)
                for try await n in rows.decode(Int64.self) { counts[day] = Int(n) }
            }
            return counts
        }

        package func close() async {
            runner.cancel()
            _ = await runner.value
        }
    }

    /// The batch tables listed for one day, shared by the commits of one collector.
    private final class LockedTables: @unchecked Sendable {
        private let lock = NSLock()
        private var day: String?
        private var earlier: [String] = []

        func get(_ today: String) -> [String]? {
            lock.withLock { day == today ? earlier : nil }
        }

        func set(_ today: String, _ tables: [String]) {
            lock.withLock {
                day = today
                earlier = tables
            }
        }

        func clear() {
            lock.withLock { day = nil }
        }
    }
#endif
