@_spi(Authoring) import AppAlert
import Foundation
import TestSupport
import Testing

@testable import AppAlertAuthoring

/// `diff` against brute force: random feeds and random edits of them, and for each edit a dense grid
/// of installs (app versions around and between every version the generator names, pre-releases
/// included; released OS versions of every platform; languages named and not), each decided by the
/// selector directly, in rollouts drawn at random. No install whose message changes may be missing
/// from `diff`'s rows, and no row `diff` reports may be one where no install, in any rollouts, sees a
/// change.
///
/// Deterministic: the seed and the number of edits are fixed (APPALERT_DIFF_SEED and
/// APPALERT_DIFF_EDITS run others; a failure names the seed and the edit).
struct FeedDiffPropertyTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["APPALERT_DIFF_SEED"] ?? "") ?? 20_261_125
    static let edits = Int(ProcessInfo.processInfo.environment["APPALERT_DIFF_EDITS"] ?? "") ?? 400
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test
    func diffMissesNoInstallWhoseMessageChangesAndReportsNoneThatDoesNot() throws {
        var random = SeededGenerator(seed: Self.seed)
        var missed: [String] = []
        var wrong: [String] = []
        var transitions = 0
        var reported = 0
        for edit in 0..<Self.edits {
            let old = RandomFeed.make(&random)
            let new = RandomFeed.edited(old, &random)
            let (oldText, newText) = (old.json, new.json)
            let oldFeed = try FeedDecoder().decode(Data(oldText.utf8)).feed
            let newFeed = try FeedDecoder().decode(Data(newText.utf8)).feed
            let query = FeedAudience.Query(bundleID: "*", now: Self.now, currentLocale: LanguageTag("en"))
            let diff = try FeedDiff(
                old: try AppAlertAuthoring.JSONParser().parse(oldText),
                new: try AppAlertAuthoring.JSONParser().parse(newText), oldFeed: oldFeed, newFeed: newFeed,
                query: query)
            let reworded = Set(diff.changed.filter { !FeedDiff.shownKeys.isDisjoint(with: $0.keys) }.map(\.id))
            let oracle = Oracle(old: oldFeed, new: newFeed, reworded: reworded, diff: diff)
            let context = "seed \(Self.seed), edit \(edit)\nold: \(oldText)\nnew: \(newText)"
            // Every row reported: a real install whose message truly changes.
            for change in diff.audienceChanges {
                reported += 1
                let install = Install(
                    app: change.after.appVersion, os: change.after.osVersion, platform: change.after.platform,
                    language: change.after.locale ?? LanguageTag("en"))
                if !oracle.changesForSome(install) {
                    wrong.append("\(context)\nreported, but the selector sees no change: \(install)")
                }
                if let os = install.os, !OSReleases.exists(os, on: install.platform) {
                    wrong.append("\(context)\nreported an OS no device runs: \(install)")
                }
            }
            // Every grid install that changes: in the class of a reported row. Each app version three
            // times (platform, OS version and language drawn), and each platform and OS version once (app
            // version and language drawn): every value of every dimension, every edit.
            var installs: [Install] = []
            for app in Grid.appVersions {
                for _ in 0..<3 {
                    let (platform, os) = Grid.system(&random, platforms: oracle.platformsConsidered)
                    let language = Grid.languages[random.below(Grid.languages.count)]
                    installs.append(Install(app: app, os: os, platform: platform, language: language))
                }
            }
            for platform in oracle.platformsConsidered {
                for os in Grid.osVersionsByPlatform[platform] ?? [] {
                    installs.append(
                        Install(
                            app: Grid.appVersions[random.below(Grid.appVersions.count)], os: os, platform: platform,
                            language: Grid.languages[random.below(Grid.languages.count)]))
                }
            }
            for install in installs where oracle.changes(install, buckets: oracle.randomBuckets(&random)) {
                transitions += 1
                if !oracle.reportedSignatures.contains(oracle.signature(install)) {
                    missed.append("\(context)\nmissed: \(install)")
                    break
                }
            }
            if missed.count + wrong.count >= 3 { break }
        }
        #expect(missed.count == 0, Comment(rawValue: missed.prefix(3).joined(separator: "\n\n")))
        #expect(wrong.count == 0, Comment(rawValue: wrong.prefix(3).joined(separator: "\n\n")))
        // The generator is worth its time: many edits change what installs see.
        #expect(transitions > Self.edits * 10, "only \(transitions) changing installs in \(Self.edits) edits")
        #expect(reported > Self.edits, "only \(reported) rows reported in \(Self.edits) edits")
    }
}

/// One install of the grid.
struct Install: CustomStringConvertible {
    var app: Version
    var os: Version?
    var platform: Platform
    var language: LanguageTag

    var description: String { "app \(app), \(platform) \(os?.description ?? "-"), \(language)" }
}

/// The selector decides, message by message, with nothing of `FeedAudience` in between.
struct Oracle {
    let old: [Message]
    let new: [Message]
    let reworded: Set<Int>
    let oldRollouts: [Int: Double]
    let newRollouts: [Int: Double]
    /// The eligibility of every message of both feeds at each reported row.
    var reportedSignatures = Set<[Bool]>()
    /// Apple's platforms, and Linux and Windows where a feed names them (an Apple app's feed reaches
    /// no Linux device unless it says so).
    let platformsConsidered: [Platform]

    init(old: Feed, new: Feed, reworded: Set<Int>, diff: FeedDiff) {
        func everyone(_ feed: Feed) -> [Message] {
            feed.messages.map { message in
                var message = message
                message.rollout = 100
                message.rolloutSchedule = nil
                return message
            }
        }
        self.old = everyone(old)
        self.new = everyone(new)
        self.reworded = reworded
        let now = FeedDiffPropertyTests.now
        oldRollouts = Dictionary(old.messages.map { ($0.id, $0.rolloutPercent(at: now)) }) { first, _ in first }
        newRollouts = Dictionary(new.messages.map { ($0.id, $0.rolloutPercent(at: now)) }) { first, _ in first }
        let named = Set((old.messages + new.messages).flatMap { $0.platforms ?? [] })
        platformsConsidered = FeedAudience.applePlatforms + [.linux, .windows].filter(named.contains)
        for change in diff.audienceChanges {
            reportedSignatures.insert(
                signature(
                    Install(
                        app: change.after.appVersion, os: change.after.osVersion, platform: change.after.platform,
                        language: change.after.locale ?? LanguageTag("en"))))
        }
    }

    func context(_ install: Install) -> EvaluationContext {
        EvaluationContext(
            bundleID: RandomFeed.app, appVersion: install.app, platform: install.platform, osVersion: install.os,
            preferredLanguages: [install.language], now: FeedDiffPropertyTests.now)
    }

    /// Which messages of the two feeds the install may see: what its decisions depend on.
    func signature(_ install: Install) -> [Bool] {
        let context = context(install)
        return (old + new).map { Targeting.isEligible($0, in: context, history: ViewHistory()) }
    }

    /// Which rollouts an install is in: a bucket per message id, from 0 up to 100; the install is in
    /// a message's rollout when its bucket is below the message's percentage (as `Rollout` decides it
    /// from the install id).
    typealias Buckets = [Int: Double]

    /// The message the install sees, by the selector, among those whose rollout it is in.
    func decide(_ messages: [Message], _ rollouts: [Int: Double], _ context: EvaluationContext, _ buckets: Buckets)
        -> Int?
    {
        let reached = messages.filter { (buckets[$0.id] ?? 0) < (rollouts[$0.id] ?? 100) }
        return MessageSelector.decide(reached, context: context).message?.id
    }

    /// Whether the install, in the rollouts `buckets` put it in, sees another message or the same one
    /// reworded.
    func changes(_ install: Install, buckets: Buckets) -> Bool {
        let context = context(install)
        let before = decide(old, oldRollouts, context, buckets)
        let after = decide(new, newRollouts, context, buckets)
        if before != after { return true }
        return after.map(reworded.contains) ?? false
    }

    /// Whether some install of this kind, in some rollouts, sees something else: every bucket that
    /// tells the rollouts of the messages it may see apart, tried.
    func changesForSome(_ install: Install) -> Bool {
        let context = context(install)
        let eligible = Set(
            (old + new).filter { Targeting.isEligible($0, in: context, history: ViewHistory()) }.map(\.id))
        var choices: [(id: Int, buckets: [Double])] = []
        for id in eligible.sorted() {
            let bounds = Set([0, 100, oldRollouts[id] ?? 100, newRollouts[id] ?? 100]).sorted()
            choices.append((id, zip(bounds, bounds.dropFirst()).map { ($0 + $1) / 2 }))
        }
        var assignment = Buckets()
        func search(_ position: Int) -> Bool {
            guard position < choices.count else { return changes(install, buckets: assignment) }
            for bucket in choices[position].buckets {
                assignment[choices[position].id] = bucket
                if search(position + 1) { return true }
            }
            return false
        }
        return search(0)
    }

    /// Buckets drawn at random for every message of both feeds.
    func randomBuckets(_ random: inout SeededGenerator) -> Buckets {
        var buckets = Buckets()
        for message in old + new where buckets[message.id] == nil {
            buckets[message.id] = Double(random.below(10_000)) / 100
        }
        return buckets
    }
}

/// The installs the property test decides for: denser than anything the generator names.
enum Grid {
    static let appVersions: [Version] = {
        var versions: [Version] = []
        for major in 0...4 {
            for minor in [0, 1, 2, 3, 5, 6] {
                for patch in [0, 1, 3, 4] { versions.append(Version(major, minor, patch)) }
            }
        }
        versions += ["1.2.3.1", "1.2.3.4", "1.2.3.5", "1.2.2.9"].compactMap(Version.init)
        for release in ["1.0.0", "1.2.0", "1.2.3", "1.5.0", "2.0.0", "3.0.0", "4.0.0"] {
            for tag in ["0", "alpha", "beta.1", "beta.1.1", "beta.2", "rc.1", "rc.1.1", "rc.2"] {
                versions.append(Version("\(release)-\(tag)")!)
            }
        }
        return versions
    }()

    /// Every released OS version of the platform among majors 1 to 30 with a few minors, and the points
    /// around the generator's OS versions.
    static func osVersions(_ platform: Platform) -> [Version] {
        var versions: [Version] = []
        for major in 1...30 {
            for minor in [0, 1, 2, 4, 5, 15] { versions.append(Version([major, minor])) }
        }
        versions += ["16.4.1", "17.0.1", "17.0.2", "17.2.1", "10.15.7"].compactMap(Version.init)
        return versions.filter { OSReleases.exists($0, on: platform) }
    }

    static let osVersionsByPlatform = Dictionary(
        uniqueKeysWithValues: Platform.known.map { ($0, osVersions($0)) })

    static let languages = ["fr", "fr-CA", "fr-FR", "de", "pt", "pt-BR", "pt-PT", "en"].map(
        LanguageTag.init)

    static func system(_ random: inout SeededGenerator, platforms: [Platform]) -> (Platform, Version) {
        let platform = platforms[random.below(platforms.count)]
        let systems = osVersionsByPlatform[platform] ?? []
        return (platform, systems[random.below(systems.count)])
    }
}

/// Small random feeds for one app, from pools of the conditions authors write.
struct RandomFeed {
    static let app = "com.example.App"

    struct Entry {
        var id: Int
        var members: [String: String]
    }

    var entries: [Entry]

    var json: String {
        let messages = entries.map { entry in
            "{\"id\": \(entry.id), \"bundleId\": \"\(Self.app)\", "
                + entry.members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(
                    separator: ", ") + "}"
        }
        return "{\"format\": 2, \"messages\": [" + messages.joined(separator: ", ") + "]}"
    }

    static let pools: [(key: String, values: [String])] = [
        (
            "appVersionRange",
            [
                "<2.0", ">=1.5", "^1.2", "~1.2.3", "1.x", ">=2.0.0-beta.1 <2.0.0", "<=1.0.0 || >=3", "1.0 - 2.0", "*",
                ">1.2.3.4", "2.0.0-rc.1", ">=1.0.0-alpha <1.2", "<1.2.3 || 2.x", ">=3.0.0-rc.1", "<1.0.0-beta.1",
                ">2.0.0-beta.1 <2.0.0-rc.1", ">2.0.0-rc.1",
            ].map { "\"\($0)\"" }
        ),
        ("appVersions", ["[\"1.0\"]", "[\"2.0.0-beta.2\"]", "[\"1.2.3\", \"3.0\"]", "[\"1.2.3.4\"]"]),
        ("osVersionRange", ["<17", ">=17.2", ">=15 <26", "<=16.4 || >=26", ">=2", "<11", ">27"].map { "\"\($0)\"" }),
        ("osVersions", ["[\"17.0.1\", \"17.2\"]", "[\"26.0\"]", "[\"10.15.7\"]"]),
        (
            "platforms",
            [
                "[\"ios\"]", "[\"ipados\"]", "[\"macos\"]", "[\"ios\", \"macos\"]", "[\"watchos\", \"tvos\"]",
                "[\"visionos\"]", "[\"linux\"]", "[\"macos\", \"linux\"]",
            ]
        ),
        ("locales", ["[\"fr\"]", "[\"fr-CA\"]", "[\"de\", \"fr\"]", "[\"pt\"]", "[\"pt-BR\"]", "[\"*\"]"]),
        ("priority", ["-1", "1", "2", "5"]),
        ("rollout", ["50", "25", "0"]),
        ("title", ["\"Hello\"", "\"Update\"", "\"Sale\""]),
        // What every row decides alike: a message the query's install can never see, or always can.
        (
            "startDate",
            ["\"2030-01-01T00:00:00Z\"", "\"2020-01-01T00:00:00Z\""]
        ),
        ("trigger", ["{\"event\": \"purchase\"}"]),
        ("attributes", ["{\"plan\": \"pro\"}"]),
    ]

    static func entry(id: Int, _ random: inout SeededGenerator) -> Entry {
        var members = ["title": "\"T\(id)\"", "text": "\"x\""]
        for pool in pools where random.below(100) < (pool.key == "appVersionRange" ? 50 : 30) {
            members[pool.key] = pool.values[random.below(pool.values.count)]
        }
        return Entry(id: id, members: members)
    }

    static func make(_ random: inout SeededGenerator) -> RandomFeed {
        let count = 1 + random.below(6)
        return RandomFeed(entries: (1...count).map { entry(id: $0, &random) })
    }

    /// One to three edits: a condition set, changed or removed, a message added or removed.
    static func edited(_ feed: RandomFeed, _ random: inout SeededGenerator) -> RandomFeed {
        var feed = feed
        for _ in 0...random.below(3) {
            let choice = random.below(6)
            if choice < 3, !feed.entries.isEmpty {
                let index = random.below(feed.entries.count)
                let pool = pools[random.below(pools.count)]
                if random.below(4) == 0 {
                    feed.entries[index].members[pool.key] = nil
                } else {
                    feed.entries[index].members[pool.key] = pool.values[random.below(pool.values.count)]
                }
            } else if choice == 3, !feed.entries.isEmpty {
                feed.entries.remove(at: random.below(feed.entries.count))
            } else {
                let id = (feed.entries.map(\.id).max() ?? 0) + 1
                feed.entries.append(entry(id: id, &random))
            }
        }
        return feed
    }
}
