#if PostgreSQL
    import Foundation
    import TestSupport
    import Testing

    /// The report on PostgreSQL: APPALERT_TEST_POSTGRES_URL names a server on which the tests may create
    /// databases (.ci/run starts one). Without it these tests are skipped, except on CI (`CI` set), where
    /// they fail.
    @Suite
    struct PostgresReportTests {
        static let enabled = ResultsDatabases.postgresURL != nil || Reference.required
        static let reason = "APPALERT_TEST_POSTGRES_URL is not set (a server where the tests may create databases)"

        @Test(.enabled(if: enabled, "\(reason)"))
        func givesTheSameReportAsSQLiteForTheSameCounts() async throws {
            try #require(ResultsDatabases.postgresURL != nil, "on CI, \(Self.reason)")
            let directory = try TemporaryDirectory()
            let sqlite = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
            try await ResultsDatabases.withPostgres(sampleCounts) { postgres in
                try Self.compare(postgres: postgres, sqlite: sqlite)
            }
        }

        static func compare(postgres: String, sqlite: String) throws {
            let window = ReportCommandTests.window
            try checkSampleReport(try Appalert.reportJSON(["--database", postgres] + window))
            for format in [["--json"], ["--csv"], []] {
                let fromPostgres = try Appalert.run(["report", "--database", postgres] + window + format)
                let fromSQLite = try Appalert.run(["report", "--database", sqlite] + window + format)
                #expect(fromPostgres.status == 0, "\(fromPostgres.standardError)")
                #expect(fromPostgres.standardOutput == fromSQLite.standardOutput)
            }
        }

        @Test(.enabled(if: enabled, "\(reason)"))
        func aDatabaseWithoutTheCountsTableIsAnError() async throws {
            try #require(ResultsDatabases.postgresURL != nil, "on CI, \(Self.reason)")
            try await ResultsDatabases.withPostgres([], withTable: false) { postgres in
                let result = try Appalert.run(["report", "--database", postgres])
                #expect(result.status == 2)
                #expect(result.standardError.contains("not an AppAlert results database (it has no counts table)"))
            }
        }

        @Test(.enabled(if: enabled, "\(reason)"))
        func aDatabaseThatDoesNotExistIsAnErrorWithoutThePassword() async throws {
            let server = try #require(
                ResultsDatabases.postgresURL.flatMap(URLComponents.init(string:)), "on CI, \(Self.reason)")
            var missing = server
            missing.path = "/appalert_report_missing_\(UUID().uuidString.prefix(8).lowercased())"
            missing.password = "secret-\(UUID().uuidString.prefix(6))"
            let url = try #require(missing.string)
            let result = try Appalert.run(["report", "--database", url])
            #expect(result.status == 2)
            #expect(result.standardError.contains("cannot connect"), "\(result.standardError)")
            #expect(!result.standardError.contains(missing.password ?? "-"))
        }
    }
#endif
