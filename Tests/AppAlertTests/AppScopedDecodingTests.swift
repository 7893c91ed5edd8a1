@_spi(Authoring) import AppAlert
import AppAlertTesting
import Foundation
import Testing

/// A feed read for one app (`FeedDecoder.bundleID`, as `AlertClient` reads it) holds exactly the
/// messages that reading every message gives for that app, reports the problems of those messages,
/// and skips other apps' messages without reporting theirs.
struct AppScopedDecodingTests {
    static let mine = #"{"id": 1, "bundleId": "com.example.App", "title": "Mine", "text": "x"}"#

    /// A document, the messages (ids) read for `com.example.App`, and the codes of the diagnostics
    /// reported then, in order.
    static let cases: [(name: String, feed: String, ids: [Int], codes: [FeedDiagnostic.Code])] = [
        (
            "other apps' messages are skipped with their problems",
            #"[{"id": 7, "bundleId": "com.example.Other", "title": 5}, \#(mine), {"id": 8, "bundleIds": ["b", "c"]}]"#,
            [1], []
        ),
        (
            "this app's problems are reported",
            #"[{"id": 2, "bundleId": "com.example.App", "title": 5, "text": "x"}, \#(mine)]"#, [1], [.wrongType]
        ),
        ("a wildcard is this app", #"[{"id": 3, "bundleIds": ["b", "*"], "title": "T", "text": "x"}]"#, [3], []),
        (
            "one of several apps",
            #"[{"id": 4, "bundleIds": ["b", "com.example.App"], "title": "T", "text": "x"}]"#, [4], []
        ),
        (
            "bundle keys after every other key",
            #"[{"title": "T", "text": "x", "id": 5, "bundleId": "com.example.App"}, {"title": 1, "id": 6, "bundleId": "b"}]"#,
            [5], []
        ),
        (
            "an id another app's message took first",
            #"[{"id": 1, "bundleId": "com.example.Other"}, \#(mine)]"#, [], [.duplicateID]
        ),
        ("a missing bundle id is reported", #"[{"id": 9, "title": "T", "text": "x"}, \#(mine)]"#, [1], [.missingKey]),
        (
            "a malformed bundle id is reported",
            #"[{"id": 10, "bundleId": 3, "title": "T", "text": "x"}, {"id": 11, "bundleIds": ["b", 4], "title": "T", "text": "x"}]"#,
            [], [.wrongType, .wrongType]
        ),
        (
            "an escaped key is the same key",
            #"[{"id": 12, "bundle\u0049d": "com.example.App", "title": "T", "text": "x"}]"#, [12], []
        ),
    ]

    static func decode(_ text: String, for bundleID: String?) throws -> FeedDecoder.Output {
        var decoder = FeedDecoder()
        decoder.bundleID = bundleID
        return try decoder.decode(Data(text.utf8))
    }

    @Test(arguments: cases)
    func aFeedReadForOneAppHoldsItsMessagesAndTheirProblemsOnly(
        name: String, feed: String, ids: [Int], codes: [FeedDiagnostic.Code]
    ) throws {
        let forApp = try Self.decode(feed, for: "com.example.App")
        let everything = try Self.decode(feed, for: nil)
        #expect(forApp.feed.messages.map(\.id) == ids, "\(name)")
        #expect(forApp.diagnostics.map(\.code) == codes, "\(name): \(forApp.diagnostics)")
        // The same messages as reading every message and keeping this app's, and no problem that
        // reading every message does not report.
        #expect(
            forApp.feed.messages
                == everything.feed.messages.filter {
                    $0.bundleIDs.contains("com.example.App") || $0.bundleIDs.contains("*")
                },
            "\(name)")
        #expect(Set(forApp.diagnostics).isSubset(of: Set(everything.diagnostics)), "\(name)")
        #expect(forApp.entryCount == everything.entryCount)
    }

    @Test
    func aSyntaxErrorInAnotherAppsMessageStillRefusesTheFeedAsReadingEverythingDoes() throws {
        let feed = #"[\#(Self.mine), {"id": 2, "bundleId": "b", "text": "x", "data": {"k": tru}}]"#
        #expect(throws: FeedError.self) { try Self.decode(feed, for: "com.example.App") }
        var errors: [String] = []
        for bundleID in [nil, "com.example.App"] {
            do {
                _ = try Self.decode(feed, for: bundleID)
            } catch {
                errors.append("\(error)")
            }
        }
        #expect(errors.count == 2 && errors[0] == errors[1], "\(errors)")
    }

    @Test
    func theMessageLimitCountsOtherAppsMessages() throws {
        var decoder = FeedDecoder()
        decoder.limits.maximumMessages = 2
        decoder.bundleID = "com.example.App"
        let feed = #"[{"id": 5, "bundleId": "b"}, {"id": 6, "bundleId": "c"}, \#(Self.mine)]"#
        let result = try decoder.decode(Data(feed.utf8))
        #expect(result.feed.messages.isEmpty)
        #expect(result.entryCount == 3)
        #expect(result.diagnostics.map(\.code) == [.limit])
    }

    @Test
    func aClientReadsItsOwnAppsMessagesAndReportsOnlyTheirProblems() async throws {
        let feed = #"[{"id": 7, "bundleId": "com.example.Other", "title": 5}, \#(Self.mine)]"#
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scoped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("messages.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(feed.utf8).write(to: file)
        let client = AlertClient(
            source: FeedSource(file.path)!,
            app: AppInfo(bundleID: "com.example.App", appVersion: "1.0", platform: .iOS, osVersion: Version("17.0")),
            store: InMemoryAlertStore())
        let result = await client.check()
        #expect(result.decision.message?.id == 1)
        #expect(result.load.feed?.messages.map(\.id) == [1])
        #expect(result.load.diagnostics.isEmpty, "\(result.load.diagnostics)")
        // What `appalert validate` reads: every message, every problem.
        #expect(try FeedDecoder().decode(Data(feed.utf8)).diagnostics.contains { $0.messageID == 7 })
    }
}
