import Foundation
import TestSupport
import Testing

@testable import AppAlertResults

/// Two apps' counts over three days: message 5 with two variants, message 7 without, an update
/// prompt, and a day before the window the tests ask for.
let sampleCounts: [StoredCount] = {
    var rows: [StoredCount] = []
    func add(_ day: String, _ message: Int, _ variant: Int?, _ counts: [String: Int64], app: String = "com.example.A") {
        for (event, n) in counts {
            rows.append(StoredCount(app: app, day: day, message: message, variant: variant, event: event, n: n))
        }
    }
    add("2026-11-20", 5, 0, ["shown": 400, "button.0": 40, "dismissed": 300])
    add("2026-11-20", 5, 1, ["shown": 380, "button.0": 60, "dismissed": 260])
    add("2026-11-21", 5, 0, ["shown": 600, "button.0": 60, "dismissed": 450, "conversion": 10])
    add("2026-11-21", 5, 1, ["shown": 620, "button.0": 90, "dismissed": 430, "conversion": 25])
    add("2026-11-01", 5, 0, ["shown": 1000])
    add("2026-11-21", 7, nil, ["shown": 50, "tap": 5])
    add("2026-11-21", 7, nil, ["shown": 10, "tap": 1], app: "com.example.B")
    for (event, n) in ["update.shown": 100, "update.accepted": 40, "update.later": 30, "update.skipped": 10]
        as [String: Int64]
    {
        rows.append(StoredCount(day: "2026-11-21", version: "2.0", event: event, n: n))
    }
    return rows
}()

/// The report JSON of `sampleCounts` for app A from 2026-11-20, checked number by number.
func checkSampleReport(_ report: [String: Any]) throws {
    let messages = try #require(report["messages"] as? [[String: Any]])
    #expect(messages.map { $0["id"] as? Int } == [5, 7])
    let five = messages[0]
    #expect(five["counts"] as? [String: Int] == ["shown": 2000, "button.0": 250, "dismissed": 1440, "conversion": 35])
    let variants = try #require(five["variants"] as? [[String: Any]])
    #expect(variants.map { $0["variant"] as? Int } == [0, 1])
    #expect(
        variants[0]["counts"] as? [String: Int] == ["shown": 1000, "button.0": 100, "dismissed": 750, "conversion": 10])
    #expect(
        variants[1]["counts"] as? [String: Int] == ["shown": 1000, "button.0": 150, "dismissed": 690, "conversion": 25])
    #expect(variants[0]["versusBaseline"] == nil)

    let rates = try #require(variants[1]["rates"] as? [String: [String: Double]])
    let wilson = try #require(Proportions.wilson(successes: 150, trials: 1000))
    let buttonRate = try #require(rates["button.0"])
    #expect(buttonRate["rate"] == 0.15)
    // Rounded to 6 decimals.
    #expect(abs(buttonRate["low"]! - wilson.low) <= 5e-7 && abs(buttonRate["high"]! - wilson.high) <= 5e-7)
    #expect(rates["conversion"]?["rate"] == 0.025)
    #expect(rates["shown"] == nil)

    let versus = try #require(variants[1]["versusBaseline"] as? [String: [String: Any]])
    let button = try #require(versus["button.0"])
    let difference = try #require(
        Proportions.difference(successes1: 150, trials1: 1000, successes0: 100, trials0: 1000))
    // Rounded to 6 decimals (and Foundation's JSON reader may round the last bit).
    func close(_ value: Any?, _ expected: Double) -> Bool { abs((value as? Double ?? .nan) - expected) <= 5.000_1e-7 }
    #expect(close(button["difference"], difference.estimate))
    #expect(close(button["low"], difference.low))
    #expect(close(button["high"], difference.high))
    #expect(
        close(
            button["probabilityToBeat"],
            ProbabilityToBeat.probability(successes1: 150, trials1: 1000, successes0: 100, trials0: 1000)))
    #expect(button["verdict"] as? String == "better")
    #expect(abs((button["relativeDifference"] as? Double ?? 0) - 0.5) < 1e-12)
    // Fewer dismissals is the better outcome.
    #expect(versus["dismissed"]?["verdict"] as? String == "better")

    let seven = messages[1]
    let only = try #require((seven["variants"] as? [[String: Any]])?.first)
    #expect((seven["variants"] as? [[String: Any]])?.count == 1)
    #expect(only["variant"] is NSNull)
    #expect(only["versusBaseline"] == nil)
    #expect(only["counts"] as? [String: Int] == ["shown": 50, "tap": 5])

    let updates = try #require(report["updates"] as? [[String: Any]])
    #expect(updates.count == 1)
    #expect(updates.first?["version"] as? String == "2.0")
    #expect(
        updates.first?["counts"] as? [String: Int]
            == ["update.shown": 100, "update.accepted": 40, "update.later": 30, "update.skipped": 10])
}

/// Whether `text` has a word a non-finite number prints as: nan, inf, infinity (any case).
func containsNonFiniteNumber(_ text: String) -> Bool {
    text.lowercased().split { !$0.isLetter }.contains { ["nan", "inf", "infinity"].contains($0) }
}

@Suite
struct ReportCommandTests {
    static let window = ["--app", "com.example.A", "--since", "2026-11-20", "--until", "2026-11-24"]

    @Test
    func theJSONGivesEachVariantsCountsRatesAndComparison() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        try checkSampleReport(try Appalert.reportJSON(["--database", database] + Self.window))
    }

    @Test
    func theJSONIsStableWithSortedKeysAndNoNonFiniteNumber() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts + Self.hostileCounts)
        let first = try Appalert.run(["report", "--database", database, "--json"])
        let second = try Appalert.run(["report", "--database", database, "--json"])
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        let text = first.standardOutput
        #expect(!containsNonFiniteNumber(text))
        // Within each object the keys are in order: counts, id, variants (message); counts, rates,
        // variant, versusBaseline (variant).
        let counts = try #require(text.range(of: "\"counts\"")?.lowerBound)
        let id = try #require(text.range(of: "\"id\"")?.lowerBound)
        let variants = try #require(text.range(of: "\"variants\"")?.lowerBound)
        #expect(counts < id && id < variants)
    }

    @Test
    func filtersByAppAndDays() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let everything = try Appalert.reportJSON(["--database", database])
        let messages = try #require(everything["messages"] as? [[String: Any]])
        // Both apps' message 7, and message 5's showings of 2026-11-01.
        #expect((messages[1]["counts"] as? [String: Int])?["shown"] == 60)
        #expect((messages[0]["counts"] as? [String: Int])?["shown"] == 3000)
        let appB = try Appalert.reportJSON(["--database", database, "--app", "com.example.B"])
        #expect((appB["messages"] as? [[String: Any]])?.map { $0["id"] as? Int } == [7])
        #expect((appB["updates"] as? [Any])?.isEmpty == true)
        let firstDay = try Appalert.reportJSON(["--database", database, "--until", "2026-11-01"])
        #expect((firstDay["messages"] as? [[String: Any]])?.map { $0["id"] as? Int } == [5])
    }

    static let hostileCounts: [StoredCount] = [
        // More taps than showings; a day with taps and no showings.
        StoredCount(day: "2026-11-20", message: 9, event: "shown", n: 10),
        StoredCount(day: "2026-11-20", message: 9, event: "button.0", n: 15),
        StoredCount(day: "2026-11-22", message: 9, event: "dismissed", n: 2),
        // Conversions may come a day after the showing: not marked.
        StoredCount(day: "2026-11-21", message: 9, event: "conversion", n: 1),
        // No showings at all, in a variant too.
        StoredCount(day: "2026-11-20", message: 10, event: "button.0", n: 3),
        StoredCount(day: "2026-11-20", message: 11, variant: 0, event: "shown", n: 20),
        StoredCount(day: "2026-11-20", message: 11, variant: 0, event: "tap", n: 4),
        StoredCount(day: "2026-11-20", message: 11, variant: 1, event: "tap", n: 4),
        // More answers than prompts.
        StoredCount(day: "2026-11-20", version: "3.0", event: "update.shown", n: 5),
        StoredCount(day: "2026-11-20", version: "3.0", event: "update.accepted", n: 4),
        StoredCount(day: "2026-11-20", version: "3.0", event: "update.later", n: 4),
    ]

    @Test
    func countsThatDoNotAddUpAreReportedAsTheyAreAndMarked() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, Self.hostileCounts)
        let report = try Appalert.reportJSON(["--database", database])
        let messages = try #require(report["messages"] as? [[String: Any]])
        let nine = try #require((messages[0]["variants"] as? [[String: Any]])?.first)
        #expect(nine["counts"] as? [String: Int] == ["shown": 10, "button.0": 15, "dismissed": 2, "conversion": 1])
        let rate = try #require((nine["rates"] as? [String: [String: Double]])?["button.0"])
        #expect(rate["rate"] == 1.5)
        #expect(rate["low"]! <= 1 && rate["high"] == 1)
        let marks = try #require(nine["anomalies"] as? [[String: Any]])
        #expect(marks.count == 2)
        #expect(marks[0]["kind"] as? String == "moreThanShown" && marks[0]["event"] as? String == "button.0")
        #expect(marks[1]["kind"] as? String == "actionsWithoutShowings")
        #expect(marks[1]["days"] as? [String] == ["2026-11-22"])

        let ten = try #require((messages[1]["variants"] as? [[String: Any]])?.first)
        #expect(
            (ten["anomalies"] as? [[String: Any]])?.map { $0["kind"] as? String } == [
                "noShowings", "actionsWithoutShowings",
            ])
        let tenRate = try #require((ten["rates"] as? [String: [String: Any]])?["button.0"])
        #expect(tenRate["rate"] is NSNull && tenRate["low"] is NSNull && tenRate["high"] is NSNull)

        let eleven = try #require(messages[2]["variants"] as? [[String: Any]])
        let versus = try #require((eleven[1]["versusBaseline"] as? [String: [String: Any]])?["tap"])
        #expect(versus["difference"] is NSNull)
        #expect(versus["verdict"] as? String == "not enough data yet")
        #expect((versus["probabilityToBeat"] as? Double).map { (0...1).contains($0) } == true)

        let update = try #require((report["updates"] as? [[String: Any]])?.first)
        #expect((update["anomalies"] as? [[String: Any]])?.first?["event"] as? String == "answers together")

        let text = try Appalert.run(["report", "--database", database])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("! button.0 counted 15 times for 10 showings"))
        #expect(text.standardOutput.contains("! actions on 1 day without showings: 2026-11-22"))
        #expect(text.standardOutput.contains("! no showings recorded, so no rate"))
        let csv = try Appalert.run(["report", "--database", database, "--csv"])
        #expect(csv.standardOutput.contains("\n9,,,,button.0,15,1.5,"))
        #expect(
            csv.standardOutput.split(separator: "\n").contains {
                $0.hasPrefix("9,,,,button.0,") && $0.contains(",moreThanShown;actionsWithoutShowings,")
            })
        for output in [text.standardOutput, csv.standardOutput] {
            #expect(!containsNonFiniteNumber(output))
        }
    }

    @Test
    func aSmallTestSaysHowManyMoreShowingsWouldSettleIt() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(
            in: directory,
            [
                StoredCount(day: "2026-11-20", message: 3, variant: 0, event: "shown", n: 30),
                StoredCount(day: "2026-11-20", message: 3, variant: 0, event: "button.0", n: 2),
                StoredCount(day: "2026-11-20", message: 3, variant: 1, event: "shown", n: 40),
                StoredCount(day: "2026-11-20", message: 3, variant: 1, event: "button.0", n: 3),
            ])
        let report = try Appalert.reportJSON(["--database", database])
        let variant = try #require(
            ((report["messages"] as? [[String: Any]])?.first?["variants"] as? [[String: Any]])?.last)
        let button = try #require((variant["versusBaseline"] as? [String: [String: Any]])?["button.0"])
        #expect(button["verdict"] as? String == "not enough data yet")
        let needed = Proportions.showingsToSettle(rate: 5.5 / 71) - 30
        #expect(button["moreShowingsNeeded"] as? Int == Int(needed))
        let text = try Appalert.run(["report", "--database", database]).standardOutput
        #expect(
            text.contains(
                "not enough data yet — about \(ResultsReport.Headline.grouped(needed)) more showings per variant would settle a 10% relative difference"
            ), "\(text)")
    }

    @Test
    func withoutAFeedButtonsAreListedByPlaceAndTheReportSaysTheirTitlesAreUnknown() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let note = "without --feed their titles, and what they do, are unknown."
        let text = try Appalert.run(["report", "--database", database] + Self.window).standardOutput
        #expect(text.components(separatedBy: note).count == 2, "\(text)")
        #expect(text.contains("    button.0 "))
        let page = directory.url.appendingPathComponent("r.html").path
        _ = try Appalert.run(["report", "--database", database, "--html", page] + Self.window)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains(note))
        let feed = try directory.write(
            "feed.json",
            #"[{"id": 5, "bundleId": "*", "title": "T", "text": "t", "buttons": [{"title": "Try", "action": "dismiss"}]}]"#
        )
        let named = try Appalert.run(["report", "--database", database, "--feed", feed] + Self.window).standardOutput
        #expect(!named.contains(note), "\(named)")
        // Message 7 is counted but the feed no longer has it: said once, under its heading; names fall back.
        let gone = "The feed no longer has message 7, so its variants' names and its buttons' titles are unknown"
        #expect(named.components(separatedBy: gone).count == 2, "\(named)")
        #expect(!named.contains("no longer has message 5"))
        let withFeed = directory.url.appendingPathComponent("f.html").path
        _ = try Appalert.run(["report", "--database", database, "--feed", feed, "--html", withFeed] + Self.window)
        #expect(
            try String(contentsOfFile: withFeed, encoding: .utf8).contains(
                gone.replacingOccurrences(of: "'", with: "&#39;")))
    }

    @Test
    func theFeedNamesMessagesButtonsAndVariantsWithoutCounts() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let feed = try directory.write(
            "messages.json",
            """
            [{"id": 5, "bundleId": "com.example.A", "title": "Try folders", "text": "Keep notes together.",
              "buttons": [{"title": "Try", "action": {"url": "https://example.com/f"}}, {"title": "Later", "action": "dismiss"}],
              "variants": [{"weight": 1}, {"weight": 1, "title": "Folders are here"}, {"weight": 1, "title": "New: folders"}]},
             {"id": 8, "bundleId": "com.example.A", "title": "Maintenance", "text": "Tonight."},
             {"id": 9, "bundleId": "com.example.B", "title": "Other app", "text": "x"}]
            """)
        let report = try Appalert.reportJSON(["--database", database, "--feed", feed] + Self.window)
        let messages = try #require(report["messages"] as? [[String: Any]])
        try #require(messages.map { $0["id"] as? Int } == [5, 7, 8])
        #expect(messages[0]["title"] as? String == "Try folders")
        let variants = try #require(messages[0]["variants"] as? [[String: Any]])
        try #require(variants.map { $0["variant"] as? Int } == [0, 1, 2])
        #expect((variants[2]["counts"] as? [String: Int])?["button.1"] == 0)
        #expect((variants[2]["counts"] as? [String: Int])?["shown"] == 0)
        // Its confirm label ("OK") counts as `dismissed`: no button.0 that could never be counted.
        #expect(messages[2]["counts"] as? [String: Int] == ["shown": 0, "dismissed": 0])
        let text = try Appalert.run(["report", "--database", database, "--feed", feed] + Self.window).standardOutput
        #expect(text.contains("Message 5 \"Try folders\" (3 variants): shown 2,000"), "\(text)")
        #expect(text.contains("Message 8 \"Maintenance\": shown 0"))
        // The folder `init` writes, as `serve` and `collect` take it, reads its messages.json.
        let fromFolder = try Appalert.run(
            ["report", "--database", database, "--feed", directory.url.path] + Self.window)
        #expect(fromFolder.status == 0, "\(fromFolder.standardError)")
        #expect(fromFolder.standardOutput == text)
    }

    @Test
    func aFeedFolderWithoutMessagesJSONGivesItsOneFeedOrNamesThem() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let folder = directory.url.appendingPathComponent("site").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let none = try Appalert.run(["report", "--database", database, "--feed", folder] + Self.window)
        #expect(none.status == 2)
        #expect(none.standardError.contains("\(folder): a folder with no messages.json or other .json feed"))
        let feed = #"[{"id": 8, "bundleId": "com.example.A", "title": "Maintenance", "text": "Tonight."}]"#
        try Data(feed.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("shop.json"))
        let one = try Appalert.run(["report", "--database", database, "--feed", folder] + Self.window)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.contains("Message 8 \"Maintenance\": shown 0"), "\(one.standardOutput)")
        try Data(feed.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("admin.json"))
        let two = try Appalert.run(["report", "--database", database, "--feed", folder] + Self.window)
        #expect(two.status == 2)
        #expect(
            two.standardError.contains(
                "\(folder): a folder of 2 feeds (admin.json, shop.json); give --feed one of them"),
            "\(two.standardError)")
    }

    @Test
    func theCSVHasAHeaderAndARowPerMessageVariantAndEvent() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let result = try Appalert.run(["report", "--database", database, "--csv"] + Self.window)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == ResultsReport.csvHeader.joined(separator: ","))
        let wilson = try #require(Proportions.wilson(successes: 150, trials: 1000))
        let difference = try #require(
            Proportions.difference(successes1: 150, trials1: 1000, successes0: 100, trials0: 1000))
        let probability = ProbabilityToBeat.probability(successes1: 150, trials1: 1000, successes0: 100, trials0: 1000)
        // Variants by their letters; the button's title (none without a feed), then the message's headline.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "5,B,,,button.0,150,0.15,\(wilson.low),\(wilson.high),\(difference.estimate),\(difference.low),\(difference.high),\(probability),better,,,\"\"\"B\"\" converts 2.5% against"
                )
            }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("5,A,,,shown,1000,,,,,,,,,,,\"") })
        #expect(lines.contains { $0.hasPrefix(",,com.example.A,2.0,update.accepted,40,0.4,") })
        // 2 variants × 4 events, 2 events of message 7, 4 update events, the header.
        #expect(lines.count == 15)
    }

    @Test
    func aDatabaseThatDoesNotExistIsAnErrorAndIsNotCreated() async throws {
        let directory = try TemporaryDirectory()
        let missing = directory.url.appendingPathComponent("nothing.sqlite").path
        let result = try Appalert.run(["report", "--database", missing])
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(missing): no such database"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test(arguments: [
        ("not a database", "cannot read the counts: file is not a database"),
        ("", "not an AppAlert results database (it has no counts table)"),
    ])
    func aFileThatIsNotAResultsDatabaseIsAnError(contents: String, message: String) async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("other.sqlite", String(repeating: contents, count: 200))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try Appalert.run(["report", "--database", path])
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(arguments: [
        (["--since", "2026-02-30"], "--since: 2026-02-30 is not a day of that month"),
        (["--until", "yesterday"], "--until: \"yesterday\" is not a day (YYYY-MM-DD)"),
        (["--since", "2026-11-20", "--until", "2026-11-01"], "--since 2026-11-20 is after --until 2026-11-01"),
        (["--json", "--csv"], "--json and --csv: choose one"),
        (["--app", ""], "--app: give a bundle id"),
        // Options people try, answered with the one report has.
        (["--format", "html"], "report has no --format: did you mean --html FILE (the page is written to FILE)?"),
        (["--format=JSON"], "report has no --format: did you mean --json? (text is the default)"),
        (["--format", "pdf"], "report has no --format: did you mean --json, --csv or --html FILE?"),
        (["--output", "r.html"], "report has no --output: did you mean --html FILE?"),
        (["--db", "x"], "report has no --db: did you mean --database?"),
    ])
    func badOptionsExitWithTwoAndSayWhy(arguments: [String], message: String) async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(in: directory, sampleCounts)
        let result = try Appalert.run(["report", "--database", database] + arguments)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test
    func aURLThatIsNotPostgresIsAnError() throws {
        let result = try Appalert.run(["report", "--database", "mysql://db/results"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("is neither a file path nor a postgres:// URL"))
    }
}
