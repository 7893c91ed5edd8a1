@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

let audienceFeed = """
    {"format": 2, "messages": [
      {"id": 1, "bundleId": "com.example.App", "title": "Old iOS", "text": "x", "platforms": ["ios"],
       "osVersionRange": "<17"},
      {"id": 2, "bundleId": "com.example.App", "title": "Update", "text": "x", "appVersionRange": "^1.0",
       "rollout": 25},
      {"id": 3, "bundleId": "com.example.App", "title": "French", "text": "x", "locales": ["fr"], "priority": 5},
      {"id": 4, "bundleId": "com.example.Other", "title": "Other app", "text": "x"},
      {"id": 5, "bundleId": "*", "title": "Everyone", "text": "x", "priority": -1}
    ]}
    """

func decodedFeed(_ text: String) throws -> Feed {
    try FeedDecoder().decode(Data(text.utf8)).feed
}

struct FeedAudienceTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(arguments: [
        ("1.0", "16.4", "ios", "en", 2 as Int?, 25.0 as Double?),
        ("1.0", "17.2", "ios", "fr", 3, 100),
        ("1.0", "16.4", "macos", "en", 2, 25),
        ("2.0", "16.4", "ios", "en", 1, 100),
        ("2.0", "17.2", "ios", "en", 5, 100),
        ("2.0", "17.2", "linux", "de", 5, 100),
    ])
    func eachCombinationSeesItsFirstMessageWithTheRolloutAsAShare(
        app: String, os: String, platform: String, locale: String, selected: Int?, percent: Double?
    ) throws {
        let query = FeedAudience.Query(
            bundleID: "com.example.App", appVersions: [Version(app)!], osVersions: [Version(os)!],
            platforms: [Platform(rawValue: platform)], locales: [LanguageTag(locale)], now: Self.now)
        let rows = try FeedAudience.rows(try decodedFeed(audienceFeed), query: query)
        #expect(rows.count == 1)
        #expect(rows.first?.selected == selected)
        #expect(rows.first?.rolloutPercent == percent)
    }

    @Test
    func theFeedsMentionedValuesAreItsVersionsPlatformsAndLocales() throws {
        let feed = try decodedFeed(audienceFeed)
        let mentioned = FeedAudience.mentioned(in: feed, bundleID: "com.example.App")
        // ^1.0 is >=1.0.0 <2.0.0-0: the -0 bound stands for 2.0.0.
        #expect(mentioned.appVersions == [Version("1.0.0")!, Version("2.0.0")!])
        #expect(mentioned.osVersions == [Version("17")!])
        #expect(mentioned.platforms == [.iOS])
        #expect(mentioned.locales == [LanguageTag("fr")])
    }

    /// One row per class of installs: app versions in and out of ^1.0; iPhones and iPads below and from
    /// iOS 17 (message 1's range), the other Apple platforms together at today's release; French and
    /// another language.
    @Test
    func unnamedValuesStandForEveryClassOfInstallTheFeedTellsApart() throws {
        let query = FeedAudience.Query(
            bundleID: "com.example.App", now: Self.now, currentLocale: LanguageTag("de"),
            currentOSVersions: [.linux: Version("6.1")!])
        let rows = try FeedAudience.rows(try decodedFeed(audienceFeed), query: query)
        let table = rows.map { row in
            [
                "\(row.appVersion) (\(row.covers.appVersion))",
                "\(row.platform) \(row.osVersion!) (\(row.covers.osVersion)) "
                    + row.covers.platforms.map(\.rawValue).joined(separator: "/"),
                "\(row.locale!) (\(row.covers.locale))", row.selected.map { "#\($0)" } ?? "-",
            ].joined(separator: " | ")
        }
        let other = "<1.0.0 || >=2.0.0 || other pre-releases"
        // Message 1 (iOS below 17) and message 2 (^1.0) tie at priority 0: the higher id goes first.
        #expect(
            table == [
                "0.9.0 (\(other)) | ios 16.0 (<17.0) ios/ipados | fr (fr) | #3",
                "0.9.0 (\(other)) | ios 16.0 (<17.0) ios/ipados | de (others) | #1",
                "0.9.0 (\(other)) | ios 27.1 (>=17.0) ios/ipados | fr (fr) | #3",
                "0.9.0 (\(other)) | ios 27.1 (>=17.0) ios/ipados | de (others) | #5",
                "0.9.0 (\(other)) | macos 27.1 (*) macos/visionos/watchos/tvos | fr (fr) | #3",
                "0.9.0 (\(other)) | macos 27.1 (*) macos/visionos/watchos/tvos | de (others) | #5",
                "1.0.0 (>=1.0.0 <2.0.0) | ios 16.0 (<17.0) ios/ipados | fr (fr) | #3",
                "1.0.0 (>=1.0.0 <2.0.0) | ios 16.0 (<17.0) ios/ipados | de (others) | #2",
                "1.0.0 (>=1.0.0 <2.0.0) | ios 27.1 (>=17.0) ios/ipados | fr (fr) | #3",
                "1.0.0 (>=1.0.0 <2.0.0) | ios 27.1 (>=17.0) ios/ipados | de (others) | #2",
                "1.0.0 (>=1.0.0 <2.0.0) | macos 27.1 (*) macos/visionos/watchos/tvos | fr (fr) | #3",
                "1.0.0 (>=1.0.0 <2.0.0) | macos 27.1 (*) macos/visionos/watchos/tvos | de (others) | #2",
            ], "\(table.joined(separator: "\n"))")
        // Never this machine's kernel as an Apple version, nor a Linux row the feed does not ask for.
        #expect(rows.allSatisfy { $0.platform != .linux && OSReleases.exists($0.osVersion!, on: $0.platform) })
        #expect(
            rows.allSatisfy {
                $0.jsonValue.objectKeys == [
                    "appVersion", "osVersion", "platform", "locale", "selected", "rolloutPercent", "otherwise",
                    "covers",
                ]
            })
    }

    @Test
    func tooManyCombinationsAreRefusedWithTheCount() throws {
        let versions = (0..<200).map { Version(1, $0, 0) }
        let query = FeedAudience.Query(
            bundleID: "com.example.App", appVersions: versions, osVersions: versions,
            platforms: [.iOS], locales: [LanguageTag("en")], now: Self.now)
        let feed = try decodedFeed(audienceFeed)
        do {
            _ = try FeedAudience.rows(feed, query: query)
            Issue.record("40,000 combinations were accepted")
        } catch {
            #expect(error.description.hasPrefix("40000 combinations"))
        }
    }
}

struct FeedDiffTests {
    static func diff(_ old: String, _ new: String) throws -> FeedDiff {
        let query = FeedAudience.Query(
            bundleID: "*", now: FeedAudienceTests.now, currentLocale: LanguageTag("en"))
        return try FeedDiff(
            old: try AppAlertAuthoring.JSONParser().parse(old), new: try AppAlertAuthoring.JSONParser().parse(new),
            oldFeed: try decodedFeed(old),
            newFeed: try decodedFeed(new), query: query)
    }

    static func edit(_ from: String, _ to: String) -> String {
        audienceFeed.replacingOccurrences(of: from, with: to)
    }

    @Test(arguments: [
        ("a title", edit("\"Update\"", "\"Update now\""), true, [2], "title"),
        ("a rollout", edit("\"rollout\": 25", "\"rollout\": 50"), true, [2], "rollout"),
        ("a priority above the rest", edit("\"priority\": -1", "\"priority\": 9"), true, [5], "priority"),
        (
            "a key no rule reads", edit("\"title\": \"Other app\"", "\"title\": \"Other app\", \"note\": 1"), false,
            [4], "note"
        ),
        ("an OS range nobody on the list is in", edit("\"<17\"", "\"<16\""), true, [1], "osVersionRange"),
        ("spacing only", audienceFeed.replacingOccurrences(of: ", ", with: ",  "), false, [], ""),
        (
            "a layout", edit("\"title\": \"Update\"", "\"title\": \"Update\", \"layout\": \"modal\""), true, [2],
            "layout"
        ),
        (
            "a placement: the message leaves the launch decision",
            edit("\"title\": \"Update\"", "\"title\": \"Update\", \"placement\": \"inbox\""), true, [2], "placement"
        ),
    ])
    func anEditIsDescribedByItsKeysAndWhoSeesSomethingElse(
        name: String, new: String, changesWhatInstallsSee: Bool, changedIDs: [Int], key: String
    ) throws {
        let diff = try Self.diff(audienceFeed, new)
        #expect(diff.changesWhatInstallsSee == changesWhatInstallsSee, "\(name)")
        #expect(diff.changed.map(\.id) == changedIDs, "\(name)")
        if !key.isEmpty { #expect(diff.changed.first?.keys == [key], "\(name)") }
        #expect(diff.added.isEmpty && diff.removed.isEmpty)
    }

    @Test
    func addedAndRemovedMessagesAreListedAndAnOutrankedAdditionChangesNothing() throws {
        let added = audienceFeed.replacingOccurrences(
            of: "\n]}",
            with:
                ",\n  {\"id\": 6, \"bundleId\": \"com.example.App\", \"title\": \"Low\", \"text\": \"x\", \"priority\": -9}\n    ]}"
        )
        let diff = try Self.diff(audienceFeed, added)
        #expect(diff.added == [6])
        #expect(!diff.changesWhatInstallsSee)
        let back = try Self.diff(added, audienceFeed)
        #expect(back.removed == [6])
        let withoutFrench = try Self.diff(audienceFeed, Self.edit("\"locales\": [\"fr\"]", "\"locales\": [\"it\"]"))
        #expect(withoutFrench.changesWhatInstallsSee)
        #expect(!withoutFrench.audienceChanges.isEmpty)
        #expect(
            withoutFrench.audienceChanges.allSatisfy {
                ($0.before.selected == 3) != ($0.after.selected == 3) && $0.bundleID == "com.example.App"
            })
    }
}

/// What `diff` must also see: installs outside a rollout, installs the rows do not describe, update
/// prompts; and how `audience` names what a row stands for.
struct FeedDiffReachTests {
    static func feed(_ messages: String, updates: String = "") -> String {
        "{\"format\": 2, \"messages\": [\(messages)]\(updates)}"
    }

    static let hello = #"{"id": 1, "bundleId": "com.example.App", "title": "Hello", "text": "x"}"#
    static let sale =
        #"{"id": 2, "bundleId": "com.example.App", "title": "Sale", "text": "x", "rollout": 50, "priority": 3}"#

    /// The installs outside #2's rollout see #1: an edit of #1 is an edit of what they see.
    @Test(arguments: [
        (
            "#1 reworded", feed(hello + ", " + sale),
            feed(hello.replacingOccurrences(of: "Hello", with: "Welcome") + ", " + sale)
        ),
        ("#1 removed", feed(hello + ", " + sale), feed(sale)),
        (
            "#1 limited to <2.0", feed(hello + ", " + sale),
            feed(hello.replacingOccurrences(of: "}", with: #", "appVersionRange": "<2.0"}"#) + ", " + sale)
        ),
    ])
    func installsOutsideARolloutSeeWhatComesNextAndItsChangesAreReported(name: String, old: String, new: String)
        throws
    {
        let diff = try FeedDiffTests.diff(old, new)
        #expect(diff.changesWhatInstallsSee, "\(name)")
        let change = try #require(diff.audienceChanges.first, "\(name)")
        #expect(change.before.selected == 2 && change.before.rolloutPercent == 50, "\(name)")
        #expect(change.before.otherwise.map(\.selected) == [1], "\(name)")
    }

    @Test
    func aRowSaysWhatInstallsOutsideTheRolloutSeeDownToNothing() throws {
        let rows = try FeedAudience.rows(
            try decodedFeed(Self.feed(Self.sale)),
            query: FeedAudience.Query(bundleID: "com.example.App", now: FeedAudienceTests.now))
        #expect(rows.count == 1)
        #expect(rows[0].seen.map(\.selected) == [2, nil])
        #expect(rows[0].seen.map(\.rolloutPercent) == [50, 100])
    }

    /// Messages the rows (fresh installs, at launch, now) never show: their edits still reach someone.
    @Test(arguments: [
        (#""attributes": {"plan": "pro"}"#, "for attributes plan"),
        (#""trigger": {"event": "export"}"#, "on the event \"export\""),
        (#""minLaunches": 5"#, "from launch 5"),
        (#""placement": "inbox""#, "in the inbox"),
        (#""whatsNew": ">=2.0""#, "after an update (whatsNew)"),
        (#""startDate": "2030-01-01T00:00:00Z""#, "from 2030-01-01T00:00:00Z"),
        (#""installIds": ["A"]"#, "for test installs"),
    ])
    func anEditOfAMessageNoRowShowsIsStillAChange(condition: String, reason: String) throws {
        let message = #"{"id": 4, "bundleId": "com.example.App", "title": "T", "text": "x", "# + condition + "}"
        let edited = message.replacingOccurrences(of: #""title": "T""#, with: #""title": "U""#)
        let diff = try FeedDiffTests.diff(Self.feed(Self.hello + ", " + message), Self.feed(Self.hello + ", " + edited))
        #expect(diff.audienceChanges.isEmpty)
        #expect(diff.unseenChanges.map(\.id) == [4])
        #expect(diff.unseenChanges.first?.reasons == [reason])
        #expect(diff.changesWhatInstallsSee)
        // A key nothing reads changes nothing, there as anywhere.
        let noted = message.replacingOccurrences(of: #""title": "T""#, with: #""title": "T", "note": 1"#)
        let unchanged = try FeedDiffTests.diff(
            Self.feed(Self.hello + ", " + message), Self.feed(Self.hello + ", " + noted))
        #expect(!unchanged.changesWhatInstallsSee)
    }

    @Test
    func anotherUpdatePolicyChangesWhatInstallsSee() throws {
        let policy = #", "updates": [{"bundleId": "com.example.App", "minimumVersion": "2.0"}]"#
        let diff = try FeedDiffTests.diff(Self.feed(Self.hello), Self.feed(Self.hello, updates: policy))
        #expect(diff.updatesChanged)
        #expect(diff.audienceChanges.isEmpty)
        #expect(diff.changesWhatInstallsSee)
    }

    /// Languages whose installs see the same messages are one row, which names them all, as written.
    @Test
    func aLanguageRowNamesEveryLanguageItStandsForAsWritten() throws {
        let feed = Self.feed(
            Self.hello.replacingOccurrences(of: "\"id\": 1", with: "\"id\": 1, \"priority\": -1") + ", "
                + #"{"id": 2, "bundleId": "com.example.App", "title": "T", "text": "x", "locales": ["pt-BR", "en", "fr-CA"]}"#
        )
        let rows = try FeedAudience.rows(
            try decodedFeed(feed),
            query: FeedAudience.Query(
                bundleID: "com.example.App", now: FeedAudienceTests.now, currentLocale: LanguageTag("de")))
        #expect(rows.map(\.covers.locale) == ["en, fr-CA, pt-BR", "others"])
        #expect(rows.map { $0.locale?.description } == ["en", "de"])
        #expect(rows.map(\.selected) == [2, 1])
    }

    /// An interval of OS versions never reaches across versions no device runs that would see
    /// something else: iOS 19 to 25 (message 2's range) are not in the row of iOS 18 and 26.
    @Test
    func anOSIntervalDoesNotSpanUnreleasedVersionsThatWouldSeeSomethingElse() throws {
        let feed = Self.feed(
            Self.hello + ", "
                + #"{"id": 2, "bundleId": "com.example.App", "title": "Mid", "text": "x", "osVersionRange": ">=19 <26"}"#
        )
        let rows = try FeedAudience.rows(
            try decodedFeed(feed),
            query: FeedAudience.Query(
                bundleID: "com.example.App", now: FeedAudienceTests.now, currentLocale: LanguageTag("en")))
        #expect(rows.map(\.covers.osVersion) == ["<19.0 || >=26.0"])
        #expect(rows.map(\.selected) == [1])
    }
}

/// What a row stands for is told in a bounded text, however many versions or languages a feed names:
/// every row of the class repeats it.
struct CoverTextTests {
    @Test
    func aClassOfThousandsOfVersionsAndLanguagesIsToldInAFewWords() throws {
        let versions = (0..<5_000).map { "\"1.\($0)\"" }.joined(separator: ", ")
        let languages = (0..<500).map { "\"x-\(10_000 + $0)\"" }.joined(separator: ", ")
        let feed = """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "a", "title": "T", "text": "x", "appVersions": [\(versions)], \
            "locales": [\(languages)]}]}
            """
        let rows = try FeedAudience.rows(
            try decodedFeed(feed),
            query: FeedAudience.Query(bundleID: "a", now: FeedAudienceTests.now, currentLocale: LanguageTag("en")))
        let listed = try #require(rows.first { $0.selected == 1 })
        #expect(listed.covers.appVersion.count <= 180, "\(listed.covers.appVersion)")
        #expect(listed.covers.appVersion.hasSuffix(" more"))
        #expect(listed.covers.locale.count <= 180, "\(listed.covers.locale)")
        #expect(listed.covers.locale.hasSuffix(" more"))
    }
}

extension JSONValue {
    var objectKeys: [String] {
        guard case .object(let object) = self else { return [] }
        return object.keys
    }
}

/// A hostile pair of feeds costs `diff` what a benign pair of the same size costs.
struct FeedDiffCostTests {
    static func cost(_ old: String, _ new: String) throws -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            best = min(best, try CostRatio.seconds { _ = try FeedDiffTests.diff(old, new) })
        }
        return best / Double(old.utf8.count + new.utf8.count)
    }

    @Test
    func aMessageWithThousandsOfChangedKeysCostsWhatManyMessagesCost() throws {
        // Hostile: one message with 20,000 keys, every one changed.
        func wide(_ value: Int) -> String {
            "[{\"id\": 1, \"bundleId\": \"a\", \"title\": \"T\", \"text\": \"X\", "
                + (0..<20_000).map { "\"k\($0)\": \(value)" }.joined(separator: ", ") + "}]"
        }
        // Benign: as many bytes of ordinary messages, every title changed.
        func many(_ title: String, bytes: Int) -> String {
            var parts: [String] = []
            var size = 0
            var id = 1
            while size < bytes {
                let part = "{\"id\": \(id), \"bundleId\": \"a\", \"title\": \"\(title)\", \"text\": \"X\"}"
                parts.append(part)
                size += part.utf8.count + 2
                id += 1
            }
            return "[" + parts.joined(separator: ", ") + "]"
        }
        let hostile = try Self.cost(wide(1), wide(2))
        let benign = try Self.cost(many("T", bytes: wide(1).utf8.count), many("U", bytes: wide(2).utf8.count))
        #expect(hostile / benign < 8, "hostile \(hostile) s/byte, benign \(benign) s/byte")
    }
}

/// A feed whose messages each name versions, OS versions and languages of their own costs `audience`
/// what a feed of the same size naming one of each costs: per byte, within a small factor. (Deciding
/// each row message by message cost rows × messages: 30 times more here in a debug build.)
struct FeedAudienceCostTests {
    static func feed(_ count: Int, distinct: Bool) -> String {
        let messages = (1...count).map { id in
            let k = distinct ? id : 1
            return "{\"id\": \(id), \"bundleId\": \"com.example.App\", \"title\": \"T\", \"text\": \"x\", "
                + "\"appVersionRange\": \">=1.\(k + 1000)\", \"osVersionRange\": \"<\(17 + k % 9).\(k)\", "
                + "\"locales\": [\"x-\(k + 10000)\"]}"
        }
        return "{\"format\": 2, \"messages\": [" + messages.joined(separator: ",\n") + "]}"
    }

    /// Seconds per byte for each feed's audience of `query`: every app version, or every language, with
    /// the other dimensions given. The best of five rounds, the feeds taken in turn, in processor time
    /// (``CostRatio/seconds(_:)``), so that load on a shared machine (other builds) changes neither.
    static func costs(_ texts: [String], query: FeedAudience.Query) throws -> [Double] {
        var best = Array(repeating: Double.infinity, count: texts.count)
        for _ in 0..<5 {
            for (index, text) in texts.enumerated() {
                best[index] = min(
                    best[index],
                    try CostRatio.seconds {
                        let feed = try FeedDecoder().decode(Data(text.utf8)).feed
                        _ = try FeedAudience.rows(feed, query: query)
                    })
            }
        }
        return zip(best, texts).map { seconds, text in seconds / Double(text.utf8.count) }
    }

    @Test(arguments: ["app versions", "OS versions", "languages"])
    func messagesNamingValuesOfTheirOwnCostWhatMessagesSharingOneCost(dimension: String) throws {
        var query = FeedAudience.Query(bundleID: "com.example.App", now: FeedAudienceTests.now)
        // One dimension left open; the others given, so the rows stay under the cap.
        if dimension != "app versions" { query.appVersions = [Version("1.5")!] }
        if dimension != "OS versions" { query.osVersions = [Version("17.0")!]; query.platforms = [.iOS] }
        if dimension != "languages" { query.locales = [LanguageTag("en")] }
        let hostile = Self.feed(3_000, distinct: true)
        let benign = Self.feed(3_000, distinct: false)
        let costs = try Self.costs([hostile, benign], query: query)
        let ratio = costs[0] / costs[1]
        #expect(ratio < 8, "\(dimension): \(ratio) times the cost per byte")
    }
}
