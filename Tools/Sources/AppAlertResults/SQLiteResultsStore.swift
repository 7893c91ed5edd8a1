import Foundation
import Logging
import NIOCore
import SQLiteNIO

/// The embedded results database: one SQLite file (sqlite-nio, which carries its own SQLite, so
/// nothing is installed), in WAL mode with `synchronous=FULL`: a commit is in the log and the log is
/// fsynced before ``commit(_:today:)`` returns.
package actor SQLiteResultsStore: ResultsStore {
    let path: String
    private let connection: SQLiteConnection
    private let logger: Logger
    /// The batch-id tables known to exist (refreshed when the day changes).
    private var batchTables: [String] = []
    private var tablesDay: String?

    /// A second connection that copies the log into the database file (a checkpoint) once a second,
    /// so the writer's commits never wait for it (SQLite's automatic checkpoint runs inside the commit
    /// that crosses 1,000 pages, fsyncing the database file too).
    private let checkpointer: Task<Void, Never>

    private init(path: String, connection: SQLiteConnection, checkpoints: SQLiteConnection, logger: Logger) {
        self.path = path
        self.connection = connection
        self.logger = logger
        let stopping = stopping
        // Not cancelled but told to stop: the connection's calls refuse to run in a cancelled task,
        // and it must be closed.
        checkpointer = Task {
            var ticks = 0
            while !stopping.isSet {
                try? await Task.sleep(for: .milliseconds(100))
                ticks += 1
                if ticks % 10 == 0 { _ = try? await checkpoints.query("PRAGMA wal_checkpoint(PASSIVE)") }
            }
            _ = try? await checkpoints.query("PRAGMA wal_checkpoint(PASSIVE)")
            try? await checkpoints.close()
        }
    }

    private let stopping = Flag()

    final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        var isSet: Bool { lock.withLock { value } }
        func set() { lock.withLock { value = true } }
    }

    /// Opens the file at `path`, creating it and the tables when needed.
    package static func open(path: String, logger: Logger) async throws -> SQLiteResultsStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        } catch {
            throw ResultsStoreError("cannot open the SQLite database \(path): \(error)")
        }
        do {
            // WAL: readers (appalert report) do not block the writer; FULL: the log is fsynced at
            // each commit, so an acknowledged batch survives a crash or a power cut.
            _ = try await connection.query("PRAGMA journal_mode=WAL")
            _ = try await connection.query("PRAGMA synchronous=FULL")
            _ = try await connection.query("PRAGMA busy_timeout=10000")
            _ = try await connection.query("PRAGMA wal_autocheckpoint=0")
            try await migrate(connection)
        } catch {
            try? await connection.close()
            if let error = error as? ResultsStoreError { throw error }
            throw ResultsStoreError("cannot prepare the SQLite database \(path): \(error)")
        }
        let checkpoints: SQLiteConnection
        do {
            checkpoints = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
            _ = try await checkpoints.query("PRAGMA synchronous=FULL")
            _ = try await checkpoints.query("PRAGMA busy_timeout=10000")
        } catch {
            try? await connection.close()
            throw ResultsStoreError("cannot open the SQLite database \(path) a second time: \(error)")
        }
        return SQLiteResultsStore(path: path, connection: connection, checkpoints: checkpoints, logger: logger)
    }

    /// Creates the tables of ``ResultsSchema`` and records its version; refuses a database written by a
    /// newer version.
    static func migrate(_ connection: SQLiteConnection) async throws {
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            for statement in ResultsSchema.sqlite { _ = try await connection.query(statement) }
            let rows = try await connection.query(
                "SELECT value FROM appalert_meta WHERE key = 'schema'")
            if let stored = rows.first?.column("value")?.string {
                guard let version = Int(stored), version <= ResultsSchema.version else {
                    throw ResultsStoreError(
                        "the database has schema version \(stored.prefix(20)), newer than this appalert's "
                            + "(\(ResultsSchema.version)): use a newer appalert")
                }
            } else {
                _ = try await connection.query(
                    "INSERT INTO appalert_meta (key, value) VALUES ('schema', ?)",
                    [.text(String(ResultsSchema.version))])
            }
            _ = try await connection.query("COMMIT")
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }

    package func commit(_ batches: [StoredBatch], today: String) async throws -> [CommitOutcome] {
        guard !batches.isEmpty else { return [] }
        // BEGIN IMMEDIATE: the write lock from the start, so the versions read below are all there are
        // until the commit (another process on the file waits).
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            let new = try await storeIDs(batches.map(\.id), today: today)
            let isNew = batches.map { new.contains($0.id) }
            let stored = try await storedVersions(UpdateVersions.days(of: zip(batches, isNew).filter(\.1).map(\.0)))
            let outcomes = UpdateVersions.admit(batches, new: isNew, stored: stored)
            // A refused batch leaves no id behind: once mended it may come again.
            let refused = zip(batches, outcomes).filter { $0.1 != .added && new.contains($0.0.id) }.map(\.0.id)
            if !refused.isEmpty {
                let marks = Array(repeating: "?", count: refused.count).joined(separator: ",")
                _ = try await connection.query(
                    "DELETE FROM \(BatchDays.table(today)) WHERE id IN (\(marks))", refused.map(Self.blob))
            }
            let added = zip(batches, outcomes).filter { $0.1 == .added }.map(\.0)
            let rows = CountRow.merged(added)
            // 7 values a row: 400 rows stay far below SQLite's 32,766 bound variables.
            var start = 0
            while start < rows.count {
                let chunk = rows[start..<min(start + 400, rows.count)]
                var sql = "INSERT INTO counts (app, day, message, variant, version, event, n) VALUES "
                var binds: [SQLiteData] = []
                binds.reserveCapacity(chunk.count * 7)
                for (position, row) in chunk.enumerated() {
                    sql += position == 0 ? "(?,?,?,?,?,?,?)" : ",(?,?,?,?,?,?,?)"
                    binds += [
                        .text(row.app), .text(row.day), .integer(row.message ?? -1), .integer(row.variant ?? -1),
                        .text(row.version ?? ""), .text(row.event), .integer(Int(row.n)),
                    ]
                }
                sql +=
                    " ON CONFLICT (app, day, message, variant, version, event) DO UPDATE SET n = n + excluded.n"
                _ = try await connection.query(sql, binds)
                start += chunk.count
            }
            _ = try await connection.query("COMMIT")
            return outcomes
        } catch {
            _ = try? await connection.query("ROLLBACK")
            // The tables may have been rolled back with it.
            tablesDay = nil
            throw error
        }
    }

    /// Records `ids` under `today` and returns those not seen on any kept day (inside the open
    /// transaction).
    private func storeIDs(_ ids: [UUID], today: String) async throws -> Set<UUID> {
        if tablesDay != today {
            let listed = try await connection.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'appalert_batches_%'")
            var tables = listed.compactMap { $0.column("name")?.string }
            for table in BatchDays.expired(tables, today: today) {
                _ = try await connection.query("DROP TABLE IF EXISTS \(table)")
                logger.info("dropped the batch ids of \(BatchDays.day(ofTable: table) ?? table)")
            }
            let todayTable = BatchDays.table(today)
            _ = try await connection.query(
                "CREATE TABLE IF NOT EXISTS \(todayTable) (id BLOB PRIMARY KEY) WITHOUT ROWID")
            tables = BatchDays.earlier(tables, today: today)
            batchTables = tables
            tablesDay = today
        }
        var seen = Set<UUID>()
        if !batchTables.isEmpty {
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            let sql = batchTables.map { "SELECT id FROM \($0) WHERE id IN (\(marks))" }.joined(separator: " UNION ALL ")
            var binds: [SQLiteData] = []
            for _ in batchTables { binds += ids.map(Self.blob) }
            for row in try await connection.query(sql, binds) {
                if let id = row.column("id").flatMap(Self.uuid) { seen.insert(id) }
            }
        }
        let fresh = ids.filter { !seen.contains($0) }
        guard !fresh.isEmpty else { return [] }
        let marks = Array(repeating: "(?)", count: fresh.count).joined(separator: ",")
        let inserted = try await connection.query(
            "INSERT INTO \(BatchDays.table(today)) (id) VALUES \(marks) ON CONFLICT DO NOTHING RETURNING id",
            fresh.map(Self.blob))
        return Set(inserted.compactMap { $0.column("id").flatMap(Self.uuid) })
    }

    /// The versions stored for each of `days` (inside the open transaction), through the primary key.
    private func storedVersions(_ days: [UpdateVersions.AppDay]) async throws -> [UpdateVersions.AppDay: Set<String>] {
        var versions: [UpdateVersions.AppDay: Set<String>] = [:]
        for key in days {
            let rows = try await connection.query(
                "SELECT DISTINCT version FROM counts WHERE app = ? AND day = ? AND message = -1",
                [.text(key.app), .text(key.day)])
            versions[key] = Set(rows.compactMap { $0.column("version")?.string })
        }
        return versions
    }

    static func blob(_ id: UUID) -> SQLiteData {
        withUnsafeBytes(of: id.uuid) { .blob(ByteBuffer(bytes: $0)) }
    }

    static func uuid(_ data: SQLiteData) -> UUID? {
        guard case .blob(let buffer) = data, buffer.readableBytes == 16, let bytes = buffer.getBytes(at: 0, length: 16)
        else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    package func rows(app: String?, since: String?, until: String?) async throws -> [CountRow] {
        var conditions: [String] = []
        var binds: [SQLiteData] = []
        if let app {
            conditions.append("app = ?")
            binds.append(.text(app))
        }
        if let since {
            conditions.append("day >= ?")
            binds.append(.text(since))
        }
        if let until {
            conditions.append("day <= ?")
            binds.append(.text(until))
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        // A connection of its own: the writer's may be inside a transaction (this actor's calls
        // interleave at each await), and a read must see only what is committed.
        let reader = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        let rows: [SQLiteRow]
        do {
            rows = try await reader.query(
                "SELECT app, day, message, variant, version, event, n FROM counts\(filter) "
                    + "ORDER BY app, day, message, variant, version, event", binds)
            try await reader.close()
        } catch {
            try? await reader.close()
            throw error
        }
        return rows.map { row in
            let message = row.column("message")?.integer ?? -1
            let variant = row.column("variant")?.integer ?? -1
            let version = row.column("version")?.string ?? ""
            return CountRow(
                app: row.column("app")?.string ?? "", day: row.column("day")?.string ?? "",
                message: message < 0 ? nil : message, variant: variant < 0 ? nil : variant,
                version: version.isEmpty ? nil : version, event: row.column("event")?.string ?? "",
                n: Int64(row.column("n")?.integer ?? 0))
        }
    }

    package func batchIDsPerDay() async throws -> [String: Int] {
        let listed = try await connection.query(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'appalert_batches_%'")
        var counts: [String: Int] = [:]
        for name in listed.compactMap({ $0.column("name")?.string }) {
            guard let day = BatchDays.day(ofTable: name) else { continue }
            let rows = try await connection.query("SELECT count(*) AS n FROM \(name)")
            counts[day] = rows.first?.column("n")?.integer ?? 0
        }
        return counts
    }

    package func close() async {
        stopping.set()
        _ = await checkpointer.value
        try? await connection.close()
    }
}
