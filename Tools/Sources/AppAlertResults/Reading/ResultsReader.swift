import Foundation
import Logging
import SQLiteNIO

#if PostgreSQL
    import PostgresNIO
#endif

/// Which counters a report reads: one app's, and the UTC days in `since...until` (both inclusive,
/// `YYYY-MM-DD`); `nil` is no limit.
package struct ResultsFilter: Equatable, Sendable {
    package var app: String?
    package var since: String?
    package var until: String?

    package init(app: String? = nil, since: String? = nil, until: String? = nil) {
        self.app = app
        self.since = since
        self.until = until
    }
}

/// Why the results could not be read; `description` names the database and the cause.
package struct ResultsReadError: Error, CustomStringConvertible, Equatable {
    package var description: String
}

/// Reads the `counts` table, never writing: a SQLite file is opened read-only (a path that does not
/// exist is an error, not a new database) and a PostgreSQL database without the table is an error.
/// Rows are handed over one at a time as the database returns them, so a report holds its
/// aggregates, never the rows.
package enum ResultsReader {
    /// Calls `onRow` for every counter `filter` selects, in no particular order.
    static func read(
        _ database: String, filter: ResultsFilter, onRow: @escaping @Sendable (CountRow) -> Void
    ) async throws(ResultsReadError) {
        let location: ResultsDatabaseLocation
        do {
            location = try ResultsDatabaseLocation(parsing: database)
        } catch {
            throw ResultsReadError(description: error.description)
        }
        switch location {
        case .sqlite(let path): try await readSQLite(path, filter: filter, onRow: onRow)
        case .postgres(let url):
            #if PostgreSQL
                try await readPostgres(url, filter: filter, onRow: onRow)
            #else
                _ = url
                throw ResultsReadError(description: ResultsDatabaseLocation.noPostgreSQL)
            #endif
        }
    }

    /// All the counters `filter` selects (tests and small databases; a report streams with
    /// ``read(_:filter:onRow:)``).
    static func rows(_ database: String, filter: ResultsFilter) async throws(ResultsReadError) -> [CountRow] {
        let collected = RowBox()
        try await read(database, filter: filter) { collected.append($0) }
        return collected.rows
    }

    // MARK: SQLite

    private static func readSQLite(
        _ path: String, filter: ResultsFilter, onRow: @escaping @Sendable (CountRow) -> Void
    ) async throws(ResultsReadError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ResultsReadError(
                description: "\(path): no such database (report reads one; appalert collect creates it)")
        }
        guard !isDirectory.boolValue else {
            throw ResultsReadError(description: "\(path): is a directory, not a SQLite database")
        }
        // sqlite-nio opens with SQLITE_OPEN_URI: mode=ro makes the connection read-only, so nothing is
        // created or changed, whatever the file is.
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let escaped = absolute.addingPercentEncoding(withAllowedCharacters: uriPathCharacters) ?? absolute
        let uri = "file:\(escaped)?mode=ro"
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: uri), logger: quietLogger)
        } catch {
            throw ResultsReadError(description: "\(path): cannot open it as a SQLite database: \(sqliteReason(error))")
        }
        do {
            let tables = RowBox()
            try await connection.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'counts'", []
            ) { _ in tables.append(CountRow(app: "", day: "", event: "", n: 0)) }
            guard !tables.rows.isEmpty else {
                try? await connection.close()
                throw ResultsReadError(
                    description: "\(path): not an AppAlert results database (it has no counts table)")
            }
            var conditions: [String] = []
            var binds: [SQLiteData] = []
            if let app = filter.app {
                conditions.append("app = ?")
                binds.append(.text(app))
            }
            if let since = filter.since {
                conditions.append("day >= ?")
                binds.append(.text(since))
            }
            if let until = filter.until {
                conditions.append("day <= ?")
                binds.append(.text(until))
            }
            let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            try await connection.query(
                "SELECT app, day, message, variant, version, event, n FROM counts" + whereClause, binds
            ) { row in
                let columns = row.columns
                guard columns.count == 7 else { return }
                onRow(
                    stored(
                        app: columns[0].data.string ?? "", day: columns[1].data.string ?? "",
                        message: Int(columns[2].data.integer ?? -1), variant: Int(columns[3].data.integer ?? -1),
                        version: columns[4].data.string ?? "", event: columns[5].data.string ?? "",
                        n: Int64(columns[6].data.integer ?? 0)))
            }
            try? await connection.close()
        } catch let error as ResultsReadError {
            throw error
        } catch {
            try? await connection.close()
            throw ResultsReadError(description: "\(path): cannot read the counts: \(sqliteReason(error))")
        }
    }

    private static let uriPathCharacters: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return allowed
    }()

    private static func sqliteReason(_ error: any Error) -> String {
        if let error = error as? SQLiteError { return error.message }
        return "\(error)"
    }

    // MARK: PostgreSQL

    #if PostgreSQL

        private static func readPostgres(
            _ url: URL, filter: ResultsFilter, onRow: @escaping @Sendable (CountRow) -> Void
        ) async throws(ResultsReadError) {
            let name = PostgresURL.redacted(url)
            let configuration: PostgresConnection.Configuration
            do {
                configuration = try postgresConfiguration(url)
            } catch {
                throw ResultsReadError(description: "\(name): \(error.description)")
            }
            let connection: PostgresConnection
            do {
                connection = try await PostgresConnection.connect(
                    configuration: configuration, id: 1, logger: quietLogger)
            } catch {
                throw ResultsReadError(description: "\(name): cannot connect: \(PostgresURL.reason(error))")
            }
            do {
                let table = try await connection.query("SELECT to_regclass('counts') IS NOT NULL", logger: quietLogger)
                var exists = false
                for try await (present) in table.decode(Bool.self) { exists = present }
                guard exists else {
                    try? await connection.close()
                    throw ResultsReadError(
                        description: "\(name): not an AppAlert results database (it has no counts table)")
                }
                var bindings = PostgresBindings()
                var conditions: [String] = []
                if let app = filter.app {
                    bindings.append(app)
                    conditions.append("app = $\(bindings.count)")
                }
                if let since = filter.since {
                    bindings.append(since)
                    conditions.append("day >= $\(bindings.count)::date")
                }
                if let until = filter.until {
                    bindings.append(until)
                    conditions.append("day <= $\(bindings.count)::date")
                }
                let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
                let rows = try await connection.query(
                    PostgresQuery(
                        unsafeSQL:
                            "SELECT app, to_char(day, 'YYYY-MM-DD'), message, variant, version, event, n FROM counts"
                            + whereClause, binds: bindings),
                    logger: quietLogger)
                for try await (app, day, message, variant, version, event, n) in rows.decode(
                    (String, String, Int, Int, String, String, Int64).self)
                {
                    onRow(
                        stored(
                            app: app, day: day, message: message, variant: variant, version: version, event: event, n: n
                        )
                    )
                }
                try? await connection.close()
            } catch let error as ResultsReadError {
                throw error
            } catch {
                try? await connection.close()
                throw ResultsReadError(description: "\(name): cannot read the counts: \(PostgresURL.reason(error))")
            }
        }

        /// The connection `url` names (``PostgresURL``).
        private static func postgresConfiguration(_ url: URL) throws(ResultsReadError)
            -> PostgresConnection.Configuration
        {
            do {
                return try PostgresURL(url).connectionConfiguration()
            } catch let error as PostgresURL.Invalid {
                throw ResultsReadError(description: error.description)
            } catch {
                throw ResultsReadError(description: "cannot set up TLS: \(error)")
            }
        }

    #endif

    /// A stored row with its sentinels (-1, "") read back as absent.
    private static func stored(
        app: String, day: String, message: Int, variant: Int, version: String, event: String, n: Int64
    ) -> CountRow {
        CountRow(
            app: app, day: day, message: message < 0 ? nil : message, variant: variant < 0 ? nil : variant,
            version: message < 0 ? version : (version.isEmpty ? nil : version), event: event, n: n)
    }

    private static let quietLogger = Logger(label: "appalert.report") { _ in SwiftLogNoOpLogHandler() }
}

/// Rows gathered from a database's callback thread.
private final class RowBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [CountRow] = []

    func append(_ row: CountRow) { lock.withLock { storage.append(row) } }
    var rows: [CountRow] { lock.withLock { storage } }
}
