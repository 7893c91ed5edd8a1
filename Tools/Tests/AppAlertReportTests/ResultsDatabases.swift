import Foundation
import Logging
import SQLiteNIO
import TestSupport
import Testing

@testable import AppAlertResults

#if PostgreSQL
    import PostgresNIO
#endif

/// A counter to store, as the collector would have added it up.
struct StoredCount: Sendable {
    var app = "com.example.A"
    var day: String
    var message: Int?
    var variant: Int?
    var version: String?
    var event: String
    var n: Int64
}

/// Results databases made by the tests: the collector's tables (ResultsSchema), rows inserted directly.
enum ResultsDatabases {
    /// A SQLite file in `directory` with `rows`.
    static func sqlite(in directory: borrowing TemporaryDirectory, _ rows: [StoredCount]) async throws -> String {
        let path = directory.url.appendingPathComponent("results-\(UUID().uuidString).sqlite").path
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        for statement in ResultsSchema.sqlite { try await connection.query(statement, []) { _ in } }
        try await connection.query("BEGIN", []) { _ in }
        for row in rows {
            try await connection.query(
                "INSERT INTO counts (app, day, message, variant, version, event, n) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(row.app), .text(row.day), .integer(row.message ?? -1), .integer(row.variant ?? -1),
                    .text(row.version ?? ""), .text(row.event), .integer(Int(row.n)),
                ]
            ) { _ in }
        }
        try await connection.query("COMMIT", []) { _ in }
        try await connection.close()
        return path
    }

    #if PostgreSQL
        // MARK: PostgreSQL

        /// APPALERT_TEST_POSTGRES_URL: a server the tests may create databases on (.ci/run starts one).
        static let postgresURL = ProcessInfo.processInfo.environment["APPALERT_TEST_POSTGRES_URL"]

        /// A new database on the test server holding `rows` (with the counts table, or without any when
        /// `withTable` is false); its URL.
        static func postgres(_ rows: [StoredCount], withTable: Bool = true) async throws -> String {
            let server = try #require(postgresURL.flatMap(URLComponents.init(string:)))
            let name = "appalert_report_\(UUID().uuidString.prefix(8).lowercased())"
            try await withPostgres(server) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            }
            var target = server
            target.path = "/" + name
            try await withPostgres(target) { connection in
                guard withTable else { return }
                for statement in ResultsSchema.postgres {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                for row in rows {
                    try await connection.query(
                        """
                        INSERT INTO counts (app, day, message, variant, version, event, n)
                        VALUES (\(row.app), \(row.day)::date, \(row.message ?? -1), \(row.variant ?? -1), \(row.version ?? ""),
                        \(row.event), \(row.n))
                        """, logger: logger)
                }
            }
            return try #require(target.string)
        }

        /// Runs `body` with the URL of a new database holding `rows`, then drops the database.
        static func withPostgres(
            _ rows: [StoredCount], withTable: Bool = true, _ body: (String) async throws -> Void
        ) async throws {
            let url = try await postgres(rows, withTable: withTable)
            do {
                try await body(url)
            } catch {
                try? await dropPostgres(url)
                throw error
            }
            try await dropPostgres(url)
        }

        /// Drops a database `postgres(_:)` made.
        static func dropPostgres(_ url: String) async throws {
            guard var server = URLComponents(string: postgresURL ?? ""), let target = URLComponents(string: url) else {
                return
            }
            let name = String(target.path.dropFirst())
            guard name.hasPrefix("appalert_report_") else { return }
            if server.path.isEmpty || server.path == "/" { server.path = "/postgres" }
            try await withPostgres(server) { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name)"), logger: logger)
            }
        }

        static let logger = Logger(label: "report-tests") { _ in SwiftLogNoOpLogHandler() }

        private static func withPostgres(
            _ components: URLComponents, _ body: (PostgresConnection) async throws -> Void
        ) async throws {
            let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "disable"
            let configuration = PostgresConnection.Configuration(
                host: components.host ?? "127.0.0.1", port: components.port ?? 5432,
                username: components.user ?? "postgres", password: components.password,
                database: String(components.path.dropFirst()),
                tls: mode == "disable"
                    ? .disable : .prefer(try NIOSSLContext(configuration: .makeClientConfiguration())))
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            do {
                try await body(connection)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        }
    #endif
}

/// The `appalert` binary beside the test bundle, run as a real process.
enum Appalert {
    static let executable: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("appalert")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        fatalError("appalert binary not found near \(Bundle.main.bundleURL.path)")
    }()

    static func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessResult.run(executable, arguments)
    }

    /// `appalert report ARGUMENTS --json`, decoded.
    static func reportJSON(_ arguments: [String]) throws -> [String: Any] {
        let result = try run(["report"] + arguments + ["--json"])
        try #require(result.status == 0, "\(result.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }
}
