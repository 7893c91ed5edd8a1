@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// Feeds built to make the decoder slow or its output huge. Each must cost about what a benign feed of
/// the same size costs — checked as a ratio of time per byte against a benign feed decoded in the same
/// test, never as an absolute time — and its diagnostics must stay short.
struct HostileFeedTests {
    /// Seconds per byte of `hostile` over seconds per byte of `benign`: the best of five decodes of
    /// each, taken in turns so a busy moment of the machine falls on both.
    static func costRatio(_ hostile: Data, _ benign: Data, decoder: FeedDecoder = FeedDecoder()) -> Double {
        CostRatio.perUnit(
            hostile: (hostile.count, { _ = try? decoder.decode(hostile) }),
            benign: (benign.count, { _ = try? decoder.decode(benign) }))
    }

    /// A quadratic shape costs hundreds of times a benign feed per byte; a linear one a small
    /// multiple. The bound here is for a debug build, where generic code (the version and range
    /// parsers) runs unspecialized and costs up to twice as much against the JSON reader as in a
    /// release build: `swift run -c release FeedBenchmark --hostile` checks the release target, 4.
    /// Each shape read for every app (`appalert validate`) and for the app the benign feed is for (as
    /// `AlertClient` reads it: every message screened by its app keys first).
    @Test(arguments: HostileFeeds.shapes)
    func aHostileShapeCostsWhatABenignFeedOfItsSizeCosts(name: String, make: @Sendable () -> Data) throws {
        let hostile = make()
        let benign = HostileFeeds.benign(bytes: hostile.count)
        for bundleID in [nil, "com.example.App"] {
            var decoder = FeedDecoder()
            decoder.bundleID = bundleID
            let ratio = Self.costRatio(hostile, benign, decoder: decoder)
            #expect(
                ratio < 8,
                "\(name), read for \(bundleID ?? "every app"): \(hostile.count) bytes cost \(ratio) times a benign feed's per byte"
            )
        }
    }

    @Test(arguments: HostileFeeds.shapes)
    func aHostileShapesDiagnosticsAreFewAndShort(name: String, make: @Sendable () -> Data) throws {
        let data = make()
        do {
            let result = try FeedDecoder().decode(data)
            #expect(result.diagnostics.count <= FeedLimits().maximumDiagnostics + 1, "\(name)")
            for diagnostic in result.diagnostics {
                #expect(diagnostic.description.count < 700, "\(name): \(diagnostic.description.prefix(300))")
                #expect((diagnostic.key?.count ?? 0) <= 101 && (diagnostic.value?.count ?? 0) <= 101, "\(name)")
            }
        } catch {
            #expect(error.description.count < 400, "\(name): \(error.description.prefix(300))")
        }
    }

    @Test
    func aMillionDigitNumberIsRefusedWithAShortReason() throws {
        let data = Data(("[" + String(repeating: "9", count: 1_000_000) + "e999999]").utf8)
        do {
            _ = try FeedDecoder().decode(data)
            Issue.record("accepted")
        } catch {
            #expect(error.description.count < 300, "\(error.description.prefix(300))")
        }
    }

    @Test
    func keyWarningsPastTwentyAreCountedNotListed() throws {
        let result = try FeedDecoder().decode(
            HostileFeeds.message(", " + HostileFeeds.repeated(50) { "\"k\($0)\": 1" }))
        let unknown = result.diagnostics.filter { $0.code == .unknownKey }
        #expect(unknown.count == 21)
        #expect(unknown.last?.reason.contains("30 more unknown or repeated keys") == true)
        #expect(result.feed.messages.count == 1)
    }

    @Test
    func aKeyLongerThanTheStringLimitLeavesTheMessageOut() throws {
        let result = try FeedDecoder().decode(
            HostileFeeds.message(", \"" + String(repeating: "k", count: 20_000) + "\": 1"))
        #expect(result.feed.messages.isEmpty)
        let error = try #require(result.errors.first)
        #expect(error.code == .limit)
        #expect(error.reason.contains("20000 bytes"))
        #expect(error.key.map { $0.count <= 101 } == true)
    }

    @Test
    func pastTheFeedsDiagnosticLimitOneMoreCountsTheRestAndKeepsTheirSeverity() throws {
        var limits = FeedLimits()
        limits.maximumDiagnostics = 10
        let feed = Data(
            ("["
                + HostileFeeds.repeated(30) {
                    "{\"id\": \($0 + 1), \"bundleId\": 1, \"title\": \"t\", \"text\": \"x\"}"
                } + "]").utf8)
        let result = try FeedDecoder(limits: limits).decode(feed)
        #expect(result.diagnostics.count == 11)
        let last = try #require(result.diagnostics.last)
        #expect(last.severity == .error)
        #expect(last.reason.contains("not listed") && last.reason.contains("maximumDiagnostics"))
    }
}

/// Building a site (what `publish` writes and `serve` serves) from a feed that names thousands of apps
/// costs what the files it writes hold: the entries are sorted by app once, not scanned once per app.
struct FeedSiteCostTests {
    static func feed(apps: Int, messages: Int) -> Data {
        Data(
            ("["
                + (0..<messages).map {
                    "{\"id\": \($0 + 1), \"bundleId\": \"com.example.app\($0 % apps)\", \"title\": \"t\", \"text\": \"x\"}"
                }.joined(separator: ",") + "]").utf8)
    }

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            best = min(best, try CostRatio.seconds(work))
        }
        return best
    }

    @Test
    func aFeedNamingThousandsOfAppsBuildsInTimeLinearInItsSize() throws {
        // The same 4,000 messages, for one app and for 4,000: the views hold the same entries in all.
        let oneApp = Self.feed(apps: 1, messages: 4_000)
        let manyApps = Self.feed(apps: 4_000, messages: 4_000)
        let few = try Self.seconds { _ = try FeedSite.build(name: "feed.json", data: oneApp) }
        let many = try Self.seconds { _ = try FeedSite.build(name: "feed.json", data: manyApps) }
        #expect(try FeedSite.build(name: "feed.json", data: manyApps).files.count == 4_001)
        // Scanning the feed once per app was 4,000 times the work; 4,000 small files cost more than one.
        #expect(many / few < 10, "\(many) s for 4,000 apps against \(few) s for one")
    }
}
