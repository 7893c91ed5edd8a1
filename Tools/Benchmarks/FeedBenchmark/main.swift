// Decode + evaluate of a 10,000-message feed (format 1, about 3 MB) with AppAlert, against the
// tutorial's own pipeline (JSONDecoder of the whole array, then `first(where:)`), in the same run,
// alternating. See Benchmarks/README.md.
//
//     swift run -c release FeedBenchmark [--messages N] [--rounds N] [--check]
//     swift run -c release FeedBenchmark --hostile [--rounds N] [--shape TEXT]   (hostile feeds against
//         benign ones; --shape keeps the shapes whose name contains TEXT, to profile one)
//     FeedBenchmark --write-feed PATH [--messages N]       (the generated feed's bytes, for Web/bench)
//     FeedBenchmark --feed PATH --appalert-only [--rounds N]   (AppAlert's median on that feed, as JSON:
//         what Web/bench/decide.mjs compares the web engine with, in the same run)

@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport

// MARK: The tutorial's pipeline, as its final version writes it.

struct TutorialMessage: Codable {
    struct Link: Codable {
        let title: String
        let url: String
    }

    var id: Int = 0
    var bundleId: String = ""
    var title: String = ""
    var text: String = ""
    var confirmLabel: String = ""
    var appVersions: [String]?
    var osVersions: [String]?
    var link: Link?
}

func tutorialPipeline(_ data: Data, bundleID: String) -> Int? {
    let message = try? JSONDecoder().decode([TutorialMessage].self, from: data).first(where: { $0.bundleId == bundleID }
    )
    return message?.id
}

/// With `--rich`, half of the messages have `buttons` and so no `confirmLabel`, which the tutorial's
/// struct requires: its pipeline is timed with the one change it needs to read such a feed at all.
struct TutorialRichMessage: Codable {
    var id: Int = 0
    var bundleId: String = ""
    var title: String = ""
    var text: String = ""
    var confirmLabel: String?
    var appVersions: [String]?
    var osVersions: [String]?
    var link: TutorialMessage.Link?
}

func tutorialRichPipeline(_ data: Data, bundleID: String) -> Int? {
    let messages = try? JSONDecoder().decode([TutorialRichMessage].self, from: data)
    return messages?.first(where: { $0.bundleId == bundleID })?.id
}

/// The default limits, but room for the `--campaign` feed (10,000 messages with the campaign keys on
/// half of them is 6.5 MB, above the default 4 MiB document limit).
let benchmarkLimits: FeedLimits = {
    var limits = FeedLimits()
    limits.maximumSize = 16 << 20
    return limits
}()

// MARK: AppAlert's pipeline: lossy decoding with every check, then every targeting rule.

func appAlertPipeline(_ data: Data, context: EvaluationContext, history: ViewHistory) -> Int? {
    guard let result = try? FeedDecoder(limits: benchmarkLimits).decode(data) else { return nil }
    return MessageSelector.decide(result.feed, context: context, history: history).selectedID
}

// MARK: The feed.

/// A deterministic feed: `count` messages for 250 apps, each with the tutorial's keys (title, text,
/// confirm label, OS and app version lists, link), about 300 bytes a message. With `campaign`, every
/// second message also has the campaign keys (attributes, minLaunches, minDaysSinceInstall, trigger, a
/// rollout schedule and two variants), about 330 bytes more.
///
/// With `rich`, every second message also has the rich keys (issue 20): a layout, an image, two buttons,
/// colors for light and dark, data and a placement, and a sheet's features on every sixth.
func makeFeed(count: Int, campaign: Bool = false, rich: Bool = false) -> Data {
    var generator = SeededGenerator(seed: 42)
    var messages: [JSONValue] = []
    messages.reserveCapacity(count)
    let words = ["sync", "update", "server", "maintenance", "bug", "fix", "release", "version", "please", "soon"]
    for id in 1...count {
        let app = Int(generator.next() % 250)
        var text = "Warning:"
        while text.utf8.count < 80 { text += " " + words[Int(generator.next() % UInt64(words.count))] }
        var object = JSONObject()
        object.set("id", .integer(Int64(id)))
        object.set("bundleId", .string("com.example.app\(app)"))
        object.set("title", .string("Message \(id)"))
        object.set("text", .string(text + "."))
        object.set("confirmLabel", "OK")
        object.set("osVersions", .array(["17.0.1", "17.2", .string("18.\(generator.next() % 5)")]))
        object.set(
            "appVersions", .array([.string("1.\(generator.next() % 10)"), .string("2.\(generator.next() % 3).1")]))
        object.set("link", ["title": "More information", "url": .string("https://www.example.com/notes/\(id)")])
        if campaign, id % 2 == 0 {
            object.set("attributes", ["plan": ["free", "pro"], "beta": true])
            object.set("minLaunches", 2)
            object.set("minDaysSinceInstall", 1)
            object.set("trigger", "launch")
            object.set(
                "rolloutSchedule",
                [
                    ["at": "2026-01-01T00:00:00Z", "percent": 10], ["at": "2026-02-01T00:00:00Z", "percent": 50],
                    ["at": "2026-03-01T00:00:00Z", "percent": 100],
                ])
            object.set(
                "variants", [["weight": 1, "title": .string("Message \(id) A")], ["weight": 3, "text": "Variant B."]])
        }
        if rich, id % 2 == 0 {
            let layout = ["modal", "banner", "sheet"][(id / 2) % 3]
            object.set("layout", .string(layout))
            object.set(
                "image",
                [
                    "url": .string("https://cdn.example.com/\(id).png"), "alt": "A picture of the new feature",
                    "darkUrl": .string("https://cdn.example.com/\(id)-dark.png"),
                ])
            // Buttons (or a banner's tap action) in place of the link and the confirm label.
            object.set("link", nil)
            object.set("confirmLabel", nil)
            if layout == "banner" {
                object.set("action", ["event": "open-offer"])
            } else {
                object.set(
                    "buttons",
                    [
                        ["title": "Open", "action": ["url": .string("https://www.example.com/\(id)")]],
                        ["title": "Later"],
                    ])
            }
            if layout == "sheet" {
                object.set(
                    "features",
                    [
                        ["title": "Folders", "text": "Keep notes together.", "symbol": "folder"],
                        ["title": "Sync", "symbol": "arrow.triangle.2.circlepath"],
                    ])
            }
            object.set(
                "colors",
                [
                    "background": "#FFFFFF", "text": "#1C1C1E", "accent": "#0A66C2",
                    "dark": ["background": "#1C1C1E", "text": "#F2F2F7"],
                ])
            object.set("data", ["screen": "offer", "coupon": .string("C\(id)")])
            object.set("placement", id % 4 == 0 ? "launch" : "home-top")
        }
        messages.append(.object(object))
    }
    return Data(JSONValue.array(messages).serialized().utf8)
}

// MARK: Measurement.

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let number = Int(arguments[index + 1])
    else { return value }
    return number
}

func median(_ values: [Duration]) -> Duration {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

let messageCount = option("--messages", default: 10_000)
let rounds = option("--rounds", default: 15)

// With --hostile: every hostile shape of TestSupport's HostileFeeds against a benign feed of its size,
// time per byte, best of --rounds each, taken in turns. Target: every ratio ≤ 4. Exit 1 past it.
if CommandLine.arguments.contains("--hostile") {
    let clock = ContinuousClock()
    var worst = 0.0
    // Each shape read for every app (validate) and for the benign feed's app (as AlertClient reads).
    let only = CommandLine.arguments.firstIndex(of: "--shape").flatMap {
        $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil
    }
    for (name, make) in HostileFeeds.shapes where only.map(name.contains) ?? true {
        let hostile = make()
        let benign = HostileFeeds.benign(bytes: hostile.count)
        for bundleID in [nil, "com.example.App"] {
            var decoder = FeedDecoder()
            decoder.bundleID = bundleID
            var best = (hostile: Duration.seconds(1_000), benign: Duration.seconds(1_000))
            for _ in 0..<rounds {
                best.hostile = min(best.hostile, clock.measure { _ = try? decoder.decode(hostile) })
                best.benign = min(best.benign, clock.measure { _ = try? decoder.decode(benign) })
            }
            let ratio =
                (milliseconds(best.hostile) / Double(hostile.count))
                / (milliseconds(best.benign) / Double(benign.count))
            worst = max(worst, ratio)
            print(
                "\(name) (\(bundleID == nil ? "every app" : "one app")): \(hostile.count) bytes, "
                    + "\(String(format: "%.2f", milliseconds(best.hostile))) ms; benign \(benign.count) bytes, "
                    + "\(String(format: "%.2f", milliseconds(best.benign))) ms; ratio per byte "
                    + String(format: "%.2f", ratio))
        }
    }
    print("worst ratio: \(String(format: "%.2f", worst)) (target ≤ 4.00)")
    exit(worst <= 4 ? 0 : 1)
}
// With --campaign: the campaign keys on half of the messages (issue 15), and an install that supplies
// attributes, a launch count and an install date, so every rule is evaluated.
let campaign = CommandLine.arguments.contains("--campaign")
// With --rich: the rich keys on half of the messages (issue 20).
let rich = CommandLine.arguments.contains("--rich")
func stringOption(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let data: Data
if let path = stringOption("--feed") {
    guard let bytes = FileManager.default.contents(atPath: path) else {
        print("--feed: cannot read \(path)")
        exit(2)
    }
    data = bytes
} else {
    data = makeFeed(count: messageCount, campaign: campaign, rich: rich)
}
if let path = stringOption("--write-feed") {
    guard FileManager.default.createFile(atPath: path, contents: data) else {
        print("--write-feed: cannot write \(path)")
        exit(2)
    }
    exit(0)
}
let bundleID = "com.example.app7"
var context = EvaluationContext(
    bundleID: bundleID, appVersion: Version("1.3"), platform: .iOS, osVersion: Version("17.2"),
    preferredLanguages: [LanguageTag("en-US")], installID: "benchmark-install",
    now: Date(timeIntervalSince1970: 1_772_355_600))
if campaign {
    context.attributes = ["plan": .string("pro"), "beta": .bool(true)]
    context.launchCount = 5
    context.installedAt = context.now.addingTimeInterval(-10 * 86_400)
}
let history = ViewHistory()

// Both pipelines must work on this feed before they are timed.
let tutorial = rich ? tutorialRichPipeline : tutorialPipeline
guard let tutorialAnswer = tutorial(data, bundleID),
    let appAlertAnswer = appAlertPipeline(data, context: context, history: history)
else {
    print("a pipeline failed on the generated feed")
    exit(1)
}

let clock = ContinuousClock()
// With --appalert-only: AppAlert's decode + evaluate alone, its median and decision as one JSON line, for
// Web/bench/decide.mjs, which times the web engine on the same bytes in the same run.
if CommandLine.arguments.contains("--appalert-only") {
    _ = appAlertPipeline(data, context: context, history: history)
    var times: [Duration] = []
    for _ in 0..<rounds {
        times.append(clock.measure { _ = appAlertPipeline(data, context: context, history: history) })
    }
    print(
        #"{"medianMs": \#(milliseconds(median(times))), "bytes": \#(data.count), "selected": \#(appAlertAnswer), "rounds": \#(rounds)}"#
    )
    exit(0)
}
var tutorialTimes: [Duration] = []
var appAlertTimes: [Duration] = []
// One warm-up round each, then alternate so that both see the same machine state.
_ = tutorial(data, bundleID)
_ = appAlertPipeline(data, context: context, history: history)
for _ in 0..<rounds {
    tutorialTimes.append(clock.measure { _ = tutorial(data, bundleID) })
    appAlertTimes.append(clock.measure { _ = appAlertPipeline(data, context: context, history: history) })
}

let tutorialMedian = milliseconds(median(tutorialTimes))
let appAlertMedian = milliseconds(median(appAlertTimes))
let ratio = appAlertMedian / tutorialMedian
let megabytes = Double(data.count) / 1_000_000
print("feed: \(messageCount) messages, \(String(format: "%.2f", megabytes)) MB (format 1); \(rounds) rounds, medians")
print(
    "tutorial  JSONDecoder + first(where:)   \(String(format: "%8.2f", tutorialMedian)) ms  \(String(format: "%6.1f", megabytes / tutorialMedian * 1000)) MB/s  → message \(tutorialAnswer) (first for the app)"
)
print(
    "AppAlert  decode + evaluate (all rules) \(String(format: "%8.2f", appAlertMedian)) ms  \(String(format: "%6.1f", megabytes / appAlertMedian * 1000)) MB/s  → message \(appAlertAnswer) (best eligible)"
)
print("ratio AppAlert / tutorial: \(String(format: "%.2f", ratio)) (target ≤ 1.00)")
if CommandLine.arguments.contains("--check") && ratio > 1.0 {
    exit(1)
}

// As an app reads the feed (AlertClient: FeedDecoder.bundleID, only its own messages built), the same
// decision; the line above reads every message, as `appalert validate` does.
@MainActor func appPipeline() -> Int? {
    var decoder = FeedDecoder(limits: benchmarkLimits)
    decoder.bundleID = bundleID
    guard let result = try? decoder.decode(data) else { return nil }
    return MessageSelector.decide(result.feed, context: context, history: history).selectedID
}
guard appPipeline() == appAlertAnswer else {
    print("reading for the app alone decided otherwise than reading every message")
    exit(1)
}
var appTimes: [Duration] = []
for _ in 0..<rounds {
    tutorialTimes.append(clock.measure { _ = tutorial(data, bundleID) })
    appTimes.append(clock.measure { _ = appPipeline() })
}
let appMedian = milliseconds(median(appTimes))
print(
    "AppAlert  as an app reads it (its own messages) \(String(format: "%8.2f", appMedian)) ms; ratio to the tutorial "
        + String(format: "%.2f", appMedian / tutorialMedian))

// With --breakdown: where AppAlert's time goes.
if CommandLine.arguments.contains("--breakdown") {
    // Each part in its own loop: freeing a whole tree leaves the allocator's free lists in a state
    // that slows whatever runs next, so interleaving the parts would blur them.
    var streamedTimes: [Duration] = []
    var decideTimes: [Duration] = []
    var parseTimes: [Duration] = []
    var decodeTimes: [Duration] = []
    var freeTimes: [Duration] = []
    let feed = try! FeedDecoder(limits: benchmarkLimits).decode(data).feed
    for _ in 0..<rounds {
        streamedTimes.append(clock.measure { _ = try! FeedDecoder(limits: benchmarkLimits).decode(data) })
    }
    for _ in 0..<rounds {
        decideTimes.append(clock.measure { _ = MessageSelector.decide(feed, context: context, history: history) })
    }
    for _ in 0..<rounds {
        var document: JSONValue? = nil
        parseTimes.append(clock.measure { document = try! JSONParser().parse(data) })
        decodeTimes.append(clock.measure { _ = try! FeedDecoder(limits: benchmarkLimits).decode(document!) })
        freeTimes.append(clock.measure { document = nil })
    }
    func format(_ times: [Duration]) -> String { String(format: "%.2f ms", milliseconds(median(times))) }
    print(
        "breakdown: decode(Data) \(format(streamedTimes)) (each message read as the parser reaches it), "
            + "decide \(format(decideTimes)); from a whole tree instead: parse \(format(parseTimes)), "
            + "decode \(format(decodeTimes)), free the tree \(format(freeTimes))")
    // What a signed feed adds: verifying this feed's Ed25519 signature, and a small feed's.
    let key = FeedSigningKey()
    let trust = FeedTrust(publicKeys: [key.publicKey])
    for (name, bytes) in [("this feed", data), ("a 25 kB feed", makeFeed(count: 75))] {
        let signature = key.signature(for: bytes).data
        var verifyTimes: [Duration] = []
        for _ in 0..<rounds {
            verifyTimes.append(clock.measure { _ = try? trust.verify(bytes, signatureFile: signature) })
        }
        print("verify signature, \(name): \(String(format: "%.3f", milliseconds(median(verifyTimes)))) ms")
    }
}
