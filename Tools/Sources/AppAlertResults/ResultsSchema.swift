import Foundation

/// Where the results live: a SQLite file (the embedded default: one file, WAL) or a PostgreSQL
/// database (several collectors behind a load balancer share it). `appalert collect --database`
/// and `appalert report --database` take the same spelling: a path, or a `postgres://` or
/// `postgresql://` URL.
package enum ResultsDatabaseLocation: Equatable, Sendable {
    case sqlite(path: String)
    case postgres(URL)

    /// What a build without the `PostgreSQL` trait says when given a postgres:// URL.
    package static let noPostgreSQL = """
        --database: this appalert was built without PostgreSQL support. The release archive and Homebrew's \
        appalert have it; from source, build every product with it: swift build --package-path Tools \
        --traits PostgreSQL
        """

    package struct Invalid: Error, CustomStringConvertible {
        package var description: String
    }

    package init(parsing text: String) throws(Invalid) {
        let lower = text.lowercased()
        if lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") {
            guard let url = URL(string: text), url.host != nil, !url.path.isEmpty, url.path != "/" else {
                throw Invalid(
                    description:
                        "--database: \"\(text.prefix(100))\" is not postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
            }
            #if PostgreSQL
                self = .postgres(url)
            #else
                _ = url
                throw Invalid(description: Self.noPostgreSQL)
            #endif
        } else if lower.contains("://") {
            throw Invalid(
                description: "--database: \"\(text.prefix(100))\" is neither a file path nor a postgres:// URL")
        } else if text.isEmpty {
            throw Invalid(description: "--database: give a file path or a postgres:// URL")
        } else {
            self = .sqlite(path: text)
        }
    }
}

/// One aggregated counter as stored: what every device's batches added up to for one app, UTC day,
/// message (and variant) or offered version, and event.
///
/// The `counts` table has one row per key (`app`, `day`, `message`, `variant`, `version`, `event`):
/// - `day`: `YYYY-MM-DD` (SQLite: TEXT; PostgreSQL: DATE, read back as text);
/// - `message`: the message id, or -1 for an update event;
/// - `variant`: the variant index, or -1 for a message without variants and for update events;
/// - `version`: the offered version for an update event, or `""` for a message event;
/// - `event`: `shown`, `dismissed`, `button.0`, `button.1`, `tap`, `link`, `conversion`,
///   `update.shown`, `update.accepted`, `update.later`, `update.skipped`;
/// - `n`: the sum (a 64-bit integer).
package struct CountRow: Equatable, Hashable, Sendable {
    package var app: String
    package var day: String
    /// nil for an update event (stored as -1).
    package var message: Int?
    /// nil for a message without variants and for update events (stored as -1).
    package var variant: Int?
    /// The offered version of an update event; nil for a message event (stored as "").
    package var version: String?
    package var event: String
    package var n: Int64

    package init(
        app: String, day: String, message: Int? = nil, variant: Int? = nil, version: String? = nil, event: String,
        n: Int64
    ) {
        self.app = app
        self.day = day
        self.message = message
        self.variant = variant
        self.version = version
        self.event = event
        self.n = n
    }
}

/// The tables, as each database spells them. The collector creates and migrates them (the
/// `appalert_meta` row `schema` says which version a database has); `report` only reads.
package enum ResultsSchema {
    /// The version these statements create.
    static let version = 1

    static let sqlite: [String] = [
        "CREATE TABLE IF NOT EXISTS appalert_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS counts (
            app TEXT NOT NULL, day TEXT NOT NULL, message INTEGER NOT NULL, variant INTEGER NOT NULL,
            version TEXT NOT NULL, event TEXT NOT NULL, n INTEGER NOT NULL,
            PRIMARY KEY (app, day, message, variant, version, event)) WITHOUT ROWID
        """,
    ]

    static let postgres: [String] = [
        "CREATE TABLE IF NOT EXISTS appalert_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS counts (
            app TEXT NOT NULL, day DATE NOT NULL, message INTEGER NOT NULL, variant INTEGER NOT NULL,
            version TEXT NOT NULL, event TEXT NOT NULL, n BIGINT NOT NULL,
            PRIMARY KEY (app, day, message, variant, version, event))
        """,
    ]
}
