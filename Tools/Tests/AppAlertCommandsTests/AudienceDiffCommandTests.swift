@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// `appalert audience` and `appalert diff` as processes.
struct AudienceDiffCommandTests {
    static let feed = """
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "com.example.App", "title": "Wall", "text": "x", "appVersionRange": "<2",
           "dismissible": false, "link": {"title": "Update", "url": "https://example.com"}},
          {"id": 2, "bundleId": "com.example.App", "title": "New", "text": "x", "appVersions": ["2.0"], "rollout": 40}
        ]}
        """

    @Test
    func audienceListsEveryCombinationAsJSONRows() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run([
            "audience", feed, "--bundle-id", "com.example.App", "--platform", "ios", "--platform", "macos",
            "--locale", "en", "--os-version", "17.2", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        guard case .array(let rows) = try JSONParser().parse(result.standardOutput) else {
            Issue.record("not a JSON array: \(result.standardOutput)")
            return
        }
        // The classes of <2 and ["2.0"]: below 2, 2.0 itself, above it (and the pre-releases, which no
        // range admits: alike) × 2 platforms.
        #expect(rows.count == 6)
        var seen: [String: Int?] = [:]
        for row in rows {
            guard case .object(let object) = row, case .object(let covers)? = object["covers"] else { continue }
            #expect(
                object.keys == [
                    "appVersion", "osVersion", "platform", "locale", "selected", "rolloutPercent", "otherwise",
                    "covers",
                ])
            if case .string(let versions)? = covers["appVersion"] { seen[versions] = object["selected"]?.integerValue }
        }
        #expect(seen == ["<2.0.0": 1, "2.0": 2, ">2.0 || other pre-releases": nil])
        let table = try AppAlertProcess.run([
            "audience", feed, "--bundle-id", "com.example.App", "--app-version", "1.5", "--app-version", "2.0",
            "--platform", "ios", "--locale", "en", "--os-version", "17.2",
        ])
        #expect(
            table.standardOutput
                == """
                APP  OS    PLATFORM  LANGUAGE  SEES                  ROLLOUT
                1.5  17.2  ios       en        #1 Wall               100 %
                2.0  17.2  ios       en        #2 New, else nothing  40 %

                """)
    }

    @Test(arguments: [
        (["--platform", "amiga"], "--platform: unknown platform"),
        (["--app-version", "1..2"], "--app-version:"),
        (["--locale", "english!"], "--locale:"),
    ])
    func audienceRefusesABadValueNamingTheOption(arguments: [String], message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run(["audience", feed, "--bundle-id", "com.example.App"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test(arguments: [
        ("the same feed", feed, 0, "no install sees a different message"),
        (
            "a wider rollout", feed.replacingOccurrences(of: "\"rollout\": 40", with: "\"rollout\": 80"), 1,
            "#2 New (40 %), else nothing → #2 New (80 %), else nothing"
        ),
        ("a new title", feed.replacingOccurrences(of: "\"New\"", with: "\"Newer\""), 1, "changed #2 (title)"),
        ("not JSON", "{\"format\": 2,", 2, "not JSON"),
        ("not a feed", "{\"format\": 2}", 2, "not a feed"),
    ])
    func diffExitsZeroOneOrTwo(name: String, new: String, status: Int32, expected: String) throws {
        let directory = try TemporaryDirectory()
        let old = try directory.write("old.json", Self.feed)
        let edited = try directory.write("new.json", new)
        let result = try AppAlertProcess.run(["diff", old, edited, "--now", "2026-11-22T00:00:00Z"])
        #expect(result.status == status, "\(name): \(result.standardError)")
        #expect((result.standardOutput + result.standardError).contains(expected), "\(name): \(result.standardOutput)")
    }

    static let twoNamed = #"[{"name": "Control", "weight": 1}, {"name": "Free week", "weight": 1}]"#

    /// An A/B test's variants moved or removed: results are stored by each variant's place in the list, so
    /// `diff` warns, naming the variants; a new variant added at the end, or a new title, is no such move.
    @Test(arguments: [
        (
            twoNamed, #"[{"name": "Free week", "weight": 1}, {"name": "Control", "weight": 1}]"#,
            #"#2: variant "Control" (A) is now B, variant "Free week" (B) is now A; results are stored by each "#
                + "variant's place in the list"
        ),
        (
            #"[{"name": "Control", "weight": 1}, {"name": "Free week", "weight": 1}, {"name": "Third", "weight": 1}]"#,
            #"[{"name": "Control", "weight": 1}, {"name": "Third", "weight": 1}]"#,
            #"#2: variant "Free week" (B) was removed, variant "Third" (C) is now B"#
        ),
        (
            #"[{"weight": 1}, {"weight": 1}, {"weight": 1}]"#, #"[{"weight": 1}, {"weight": 1}]"#,
            "#2: one of its variants was removed"
        ),
        (twoNamed, #"[{"name": "Control", "weight": 1}, {"name": "Free week", "weight": 1}, {"weight": 1}]"#, ""),
        (twoNamed, #"[{"name": "Control", "weight": 1}, {"name": "Free week", "weight": 1, "title": "Other"}]"#, ""),
    ])
    func diffWarnsWhereATestsVariantsMovedOrWentAsResultsAreStoredByPlace(
        old: String, new: String, warning: String
    ) throws {
        let test = { (variants: String) in
            #"{"format": 2, "messages": [{"id": 2, "bundleId": "com.example.App", "title": "Try Pro", "text": "x", "#
                + #""variants": \#(variants)}]}"#
        }
        let directory = try TemporaryDirectory()
        let before = try directory.write("old.json", test(old))
        let edited = try directory.write("new.json", test(new))
        let result = try AppAlertProcess.run(["diff", before, edited, "--now", "2026-11-22T00:00:00Z"])
        if warning.isEmpty {
            #expect(!result.standardError.contains("results are stored"), "\(result.standardError)")
        } else {
            #expect(result.standardError.contains("appalert: warning: " + warning), "\(result.standardError)")
        }
    }

    static let everyone = """
        {"format": 2, "messages": [{"id": 1, "bundleId": "com.example.App", "title": "Hello", "text": "x"}]}
        """

    /// The issue's two edits: every version below 2.0 moves from #1 to #3 (not only 2.0.0), and a feed's
    /// only message, limited to <3.0, removed is a change for every version below 3.0.
    @Test(arguments: [
        (
            everyone,
            """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "com.example.App", "title": "Hello", "text": "x", "appVersionRange": "<2.0"},
              {"id": 3, "bundleId": "com.example.App", "title": "Three", "text": "x", "priority": 3}]}
            """,
            [
                "1.0.0 (<2.0.0) · 27.1 (any) · ios (+5) · en-US (any): #1 Hello (100 %) → #3 Three (100 %)",
                "2.0.0 (>=2.0.0 || other pre-releases) · 27.1 (any) · ios (+5) · en-US (any): "
                    + "#1 Hello (100 %) → #3 Three (100 %)",
            ]
        ),
        (
            """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "com.example.App", "title": "Hello", "text": "x", "appVersionRange": "<3.0"}]}
            """,
            #"{"format": 2, "messages": []}"#,
            ["2.0.0 (<3.0.0) · 27.1 (any) · ios (+5) · en-US (any): #1 Hello (100 %) → nothing"]
        ),
    ])
    func diffReportsEveryVersionThatChangesNotOnlyTheBounds(old: String, new: String, rows: [String]) throws {
        let directory = try TemporaryDirectory()
        let before = try directory.write("old.json", old)
        let after = try directory.write("new.json", new)
        let result = try AppAlertProcess.run(
            ["diff", before, after, "--now", "2026-11-22T00:00:00Z"], environment: ["LANG": "en_US.UTF-8"])
        #expect(result.status == 1, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Array(lines.suffix(rows.count)) == rows, "\(result.standardOutput)")
    }

    /// No row carries this machine's kernel version as an Apple OS version, nor Linux where the feed
    /// does not name it: the rows default to iOS at its current release.
    @Test
    func audienceShowsReleasedAppleVersionsNeverThisMachines() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run(
            ["audience", feed, "--bundle-id", "com.example.App", "--json"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(result.status == 0, "\(result.standardError)")
        guard case .array(let rows) = try JSONParser().parse(result.standardOutput) else {
            Issue.record("not a JSON array: \(result.standardOutput)")
            return
        }
        #expect(rows.count == 3)
        for case .object(let row) in rows {
            #expect(row["platform"] == "ios")
            #expect(row["osVersion"] == "27.1")
            #expect(row["locale"] == "de-DE")
        }
    }

    /// An app the feed never names gets the rows of "*" messages, and a word saying so.
    @Test
    func audienceOfAnAppTheFeedDoesNotNameSaysSo() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.feed)
        let result = try AppAlertProcess.run(["audience", feed, "--bundle-id", "com.example.Nope"])
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "appalert: warning: no message names com.example.Nope (the feed names com.example.App); only "
                    + "messages for every app (\"*\") reach it"), "\(result.standardError)")
    }

    /// With no language in the environment (LANG=C), rows show English, not Foundation's en-001.
    @Test(arguments: [("C.UTF-8", "en"), ("fr_CA.UTF-8", "fr-CA"), ("", "en")])
    func theLanguageShownForOtherLanguagesIsThisMachinesOrEnglish(lang: String, shown: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.everyone)
        let result = try AppAlertProcess.run(
            ["audience", feed, "--bundle-id", "com.example.App", "--json"],
            environment: ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""])
        guard case .array(let rows) = try JSONParser().parse(result.standardOutput), case .object(let row)? = rows.first
        else {
            Issue.record("not rows: \(result.standardOutput) \(result.standardError)")
            return
        }
        #expect(row["locale"] == .string(shown), "LANG=\(lang)")
    }
}
