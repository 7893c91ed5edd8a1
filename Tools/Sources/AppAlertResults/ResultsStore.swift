import Foundation
import Logging

/// One checked batch as the collector stores it: its id (counted once) and its counters, each key
/// once, for one app.
package struct StoredBatch: Sendable, Hashable {
    package var id: UUID
    package var rows: [CountRow]

    package init(id: UUID, rows: [CountRow]) {
        self.id = id
        self.rows = rows
    }
}

/// A results database the collector writes: SQLite (``SQLiteResultsStore``) or PostgreSQL
/// (``PostgresResultsStore``).
///
/// ``commit(_:today:)`` is called by one writer at a time per process (the collector's group
/// committer); several processes may share a PostgreSQL database.
package protocol ResultsStore: Sendable {
    /// Stores, in one transaction, the counters of every batch whose id was not seen in the last
    /// ``BatchDays/keptDays`` days and whose update versions fit the day's bound
    /// (``UpdateVersions``, counted with those stored already and those of the batches before it),
    /// records those ids under `today`, and returns only once the transaction is committed and on
    /// disk: for each batch (in order), what became of it. The ids in `batches` are distinct.
    func commit(_ batches: [StoredBatch], today: String) async throws -> [CommitOutcome]

    /// The stored counters of `app` (every app when nil) for days in `since…until` (either end open
    /// when nil), ordered by app, day, message, variant, version and event.
    func rows(app: String?, since: String?, until: String?) async throws -> [CountRow]

    /// How many batch ids are kept, per day.
    func batchIDsPerDay() async throws -> [String: Int]

    /// Closes the database; nothing may be called after.
    func close() async
}

/// What ``ResultsStore/commit(_:today:)`` did with one batch.
package enum CommitOutcome: Equatable, Sendable {
    /// Stored.
    case added
    /// Its id was stored already: nothing added.
    case duplicate
    /// Nothing stored, not even its id: `version` would be a 17th distinct version of the batch's app
    /// on `day` (``UpdateVersions/maximumPerDay``).
    case tooManyVersions(day: String, version: String)
}

/// The bound on update versions: at most ``maximumPerDay`` distinct `version`s per app and UTC day are
/// stored, so a sender cannot fill the database (and the report) with made-up versions. Each store
/// counts, inside the commit's transaction and under a lock that concurrent writers of the same app
/// and day take too, the versions it has already; ``admit(_:new:stored:)`` decides in batch order.
package enum UpdateVersions {
    package static let maximumPerDay = 16

    /// An app and a UTC day (`YYYY-MM-DD`).
    package struct AppDay: Hashable, Comparable, Sendable {
        package var app: String
        package var day: String

        package static func < (lhs: AppDay, rhs: AppDay) -> Bool { (lhs.app, lhs.day) < (rhs.app, rhs.day) }
    }

    /// The apps and days of the update counters of `batches`, sorted (the order locks are taken in).
    static func days(of batches: [StoredBatch]) -> [AppDay] {
        var days = Set<AppDay>()
        for batch in batches {
            for row in batch.rows where row.version != nil { days.insert(AppDay(app: row.app, day: row.day)) }
        }
        return days.sorted()
    }

    /// For each batch in order: a duplicate when `new` says so, else added when its versions fit
    /// beside `stored` and those of the batches added before it, else refused.
    static func admit(_ batches: [StoredBatch], new: [Bool], stored: [AppDay: Set<String>]) -> [CommitOutcome] {
        var versions = stored
        return zip(batches, new).map { batch, isNew in
            guard isNew else { return .duplicate }
            var mine = versions
            for row in batch.rows {
                guard let version = row.version else { continue }
                let key = AppDay(app: row.app, day: row.day)
                var known = mine[key, default: []]
                guard !known.contains(version) else { continue }
                guard known.count < maximumPerDay else { return .tooManyVersions(day: row.day, version: version) }
                known.insert(version)
                mine[key] = known
            }
            versions = mine
            return .added
        }
    }
}

/// Why the results database cannot be used.
package struct ResultsStoreError: Error, CustomStringConvertible, Sendable {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Opens (creating and migrating when needed) the results database at a location.
package enum ResultsDatabase {
    package static func open(_ location: ResultsDatabaseLocation, logger: Logger) async throws -> any ResultsStore {
        switch location {
        case .sqlite(let path): try await SQLiteResultsStore.open(path: path, logger: logger)
        case .postgres(let url):
            #if PostgreSQL
                try await PostgresResultsStore.open(url: url, logger: logger)
            #else
                throw ResultsStoreError(ResultsDatabaseLocation.noPostgreSQL)
            #endif
        }
    }
}

/// The days batch ids are kept under: one table per UTC day (`appalert_batches_YYYYMMDD`), so old days
/// are dropped whole.
package enum BatchDays {
    /// A batch id is found for this many days after the day it was stored (and the day itself).
    package static let keptDays = 8
    static let tablePrefix = "appalert_batches_"

    /// `appalert_batches_20261126` for `2026-11-26`.
    static func table(_ day: String) -> String {
        tablePrefix + day.replacingOccurrences(of: "-", with: "")
    }

    /// `2026-11-26` for `appalert_batches_20261126`, or nil for another name.
    static func day(ofTable name: String) -> String? {
        guard name.hasPrefix(tablePrefix) else { return nil }
        let digits = Array(name.dropFirst(tablePrefix.count))
        guard digits.count == 8, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8])
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The UTC day of `date`, `YYYY-MM-DD`.
    package static func day(of date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The day `offset` days after `day` (`YYYY-MM-DD`), or nil when `day` is not a date.
    package static func day(_ day: String, plus offset: Int) -> String? {
        guard let date = date(of: day), let moved = calendar.date(byAdding: .day, value: offset, to: date) else {
            return nil
        }
        return self.day(of: moved)
    }

    /// Whether `day` is a real date written `YYYY-MM-DD` (the Gregorian calendar's leap years), without a
    /// calendar: the collector checks every counter's day.
    package static func isDay(_ day: String) -> Bool {
        guard day.utf8.count == 10 else { return false }
        var year = 0
        var month = 0
        var dayOfMonth = 0
        for (index, byte) in day.utf8.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return false }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            let digit = Int(byte - UInt8(ascii: "0"))
            switch index {
            case 0...3: year = year * 10 + digit
            case 5, 6: month = month * 10 + digit
            default: dayOfMonth = dayOfMonth * 10 + digit
            }
        }
        guard (1...12).contains(month), dayOfMonth >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return dayOfMonth <= lengths[month - 1]
    }

    /// Midnight UTC of `day` (`YYYY-MM-DD`), or nil when it is not a real date.
    package static func date(of day: String) -> Date? {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
        else { return nil }
        let components = DateComponents(year: year, month: month, day: dayOfMonth)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date
    }

    /// The kept days' tables among `tables` that are older than kept on `today`.
    static func expired(_ tables: [String], today: String) -> [String] {
        guard let oldest = day(today, plus: -keptDays) else { return [] }
        return tables.filter { table in day(ofTable: table).map { $0 < oldest } ?? false }
    }

    /// The days before `today` whose ids still count, as tables, among `tables`.
    static func earlier(_ tables: [String], today: String) -> [String] {
        guard let oldest = day(today, plus: -keptDays) else { return [] }
        return tables.filter { table in day(ofTable: table).map { $0 >= oldest && $0 != today } ?? false }
            .sorted()
    }
}

extension CountRow {
    /// The key the counts table is ordered and locked by (lock order for concurrent writers).
    var sortKey: (String, String, Int, Int, String, String) {
        (app, day, message ?? -1, variant ?? -1, version ?? "", event)
    }

    static func sortedByKey(_ rows: [CountRow]) -> [CountRow] {
        rows.sorted { $0.sortKey < $1.sortKey }
    }

    /// The rows of `batches` merged by key, their `n` summed, in key order.
    static func merged(_ batches: [StoredBatch]) -> [CountRow] {
        var sums: [CountRow: Int64] = [:]
        for batch in batches {
            for row in batch.rows {
                var key = row
                key.n = 0
                sums[key, default: 0] += row.n
            }
        }
        return sortedByKey(
            sums.map { key, n in
                var row = key
                row.n = n
                return row
            })
    }
}
