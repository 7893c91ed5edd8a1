// What app launches cost with an unchanged feed, AppAlert against the tutorial's approach, and how
// long a launch waits for a decision when the feed comes from the last good copy. See
// Benchmarks/README.md.
//
//     swift run -c release LaunchBenchmark

import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A feed of `count` messages, about 300 bytes each: one in ten for the benchmark's app and the others
/// for seven other apps (a feed shared by a developer's apps), or with `oneApp` every one for it.
func makeFeed(count: Int, oneApp: Bool = false) -> Data {
    var messages: [JSONValue] = []
    for id in 1...count {
        var object = JSONObject()
        object.set("id", .integer(Int64(id)))
        object.set(
            "bundleId", .string(oneApp || id % 10 == 0 ? "com.example.App" : "com.example.Other\(id % 7)"))
        object.set("title", .string("Message \(id)"))
        object.set("text", .string("We are working on an issue with sync on some devices; a fix comes soon. (\(id))"))
        object.set("appVersionRange", .string(">=1.0 <\(id % 5 + 2).0"))
        object.set("link", ["title": "More information", "url": .string("https://www.example.com/notes/\(id)")])
        messages.append(.object(object))
    }
    return Data(JSONValue.array(messages).serialized().utf8)
}

// `LaunchBenchmark profile signed|unsigned|one-app|reporting [ROUNDS]`: only that launch from the last good copy, many
// times, for `perf record` (see Benchmarks/README.md).
let arguments = CommandLine.arguments.dropFirst()
let profileMode = arguments.first == "profile" ? arguments.dropFirst().first ?? "signed" : nil
let profileRounds = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2]) ?? 5000 : 5000

let launches = profileMode == nil ? 100 : 1
let feed = makeFeed(count: 100)
let oneAppFeed = makeFeed(count: 100, oneApp: true)
let signingKey = FeedSigningKey()
let signature = signingKey.signature(for: feed).data
let oneAppSignature = signingKey.signature(for: oneAppFeed).data
let server = try TestHTTPServer { request in
    let oneApp = request.path.hasPrefix("/one-app")
    if request.path.hasSuffix(".sig") { return .response(status: 200, body: oneApp ? oneAppSignature : signature) }
    if request.headers["if-none-match"] == "\"v1\"" { return .response(status: 304, headers: ["ETag": "\"v1\""]) }
    return .response(
        status: 200, headers: ["ETag": "\"v1\"", "Content-Type": "application/json"], body: oneApp ? oneAppFeed : feed)
}
let url = server.url("/messages.json")
let app = AppInfo(
    bundleID: "com.example.App", appVersion: "1.0", platform: .iOS, osVersion: Version("17.2"),
    preferredLanguages: [LanguageTag("en")])

func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("appalert-bench-\(UUID().uuidString)")
}

// 1. The tutorial: URLSession.shared.data(from:) at every launch. On Linux URLCache stores nothing
//    and nothing revalidates; on Apple platforms the default cache would serve stale copies instead.
var before = (server.requests.count, server.bytesSent)
for _ in 0..<launches {
    _ = try await URLSession.shared.data(from: URL(string: url)!)
}
let tutorial = (requests: server.requests.count - before.0, bytes: server.bytesSent - before.1)

// 2. AppAlert checking at every launch (minimum interval 0): one full body, then 304s.
before = (server.requests.count, server.bytesSent)
var everyLaunch = FeedLoaderConfiguration()
everyLaunch.minimumCheckInterval = 0
let directory = temporaryDirectory()
for _ in 0..<launches {
    let client = AlertClient(
        source: FeedSource(url)!, app: app, store: FileAlertStore(directory: directory), configuration: everyLaunch)
    _ = await client.check()
}
let appAlert = (requests: server.requests.count - before.0, bytes: server.bytesSent - before.1)

// 3. AppAlert with the default 10-minute interval, launches 2 minutes apart (200 minutes).
before = (server.requests.count, server.bytesSent)
let start = Date(timeIntervalSince1970: 1_800_000_000)  // a whole second: stored dates round-trip exactly
let clockDirectory = temporaryDirectory()
for launch in 0..<launches {
    let clock = AlertClock.fixed(start.addingTimeInterval(Double(launch) * 120))
    let client = AlertClient(
        source: FeedSource(url)!, app: app, store: FileAlertStore(directory: clockDirectory), clock: clock)
    _ = await client.check()
}
let appAlertDefault = (requests: server.requests.count - before.0, bytes: server.bytesSent - before.1)

// 4. Time from showAlertIfNecessary() to a decision, served from the last good feed on disk: a new
//    service and store each time, as at a launch (interval not yet over, so no network).
let rounds = 300
let unsignedRounds = profileMode == nil ? rounds : profileMode == "unsigned" ? profileRounds : 1
let signedRounds = profileMode == nil ? rounds : profileMode == "signed" ? profileRounds : 1
var times: [Duration] = []
let clock = ContinuousClock()
let lastLaunch = AlertClock.fixed(start.addingTimeInterval(Double(launches - 1) * 120 + 30))
for _ in 0..<unsignedRounds {
    let client = AlertClient(
        source: FeedSource(url)!, app: app, store: FileAlertStore(directory: clockDirectory), clock: lastLaunch)
    let service = AlertService(client: client)
    times.append(
        await clock.measure {
            await service.showAlertIfNecessary()
        })
    guard service.lastCheck?.load.source == .cache else {
        print("expected the cached feed, got \(String(describing: service.lastCheck?.load.source))")
        exit(1)
    }
}
func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
func percentiles(_ times: [Duration]) -> (median: Double, p90: Double) {
    let sorted = times.sorted()
    return (milliseconds(sorted[sorted.count / 2]), milliseconds(sorted[sorted.count * 9 / 10]))
}
let (median, p90) = percentiles(times)

// 5. The same launch with a signed feed: the cached copy's signature is verified at each launch. Then
//    both launches with a feed whose 100 messages are all for this app (none skipped unread).
/// `rounds` launches from the last good copy of `path`, each with a new client, service and store.
/// With `reporting`, the app reports results and its state holds 1,000 counters and 100 showings
/// waiting for a conversion (the most it keeps): what counting adds to a launch's decision.
@MainActor func launchTimes(path: String, trust: FeedTrust?, rounds: Int, reporting: Bool = false) async -> [Duration] {
    var configuration = FeedLoaderConfiguration()
    configuration.trust = trust
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = FeedSource(server.url(path))!
    let first = AlertClient(
        source: source, app: app, store: FileAlertStore(directory: directory), configuration: configuration,
        clock: .fixed(start))
    guard await first.check().load.error == nil else {
        print("\(path) was not accepted")
        exit(1)
    }
    if reporting { addResults(toStateIn: directory) }
    var times: [Duration] = []
    for _ in 0..<rounds {
        let client = AlertClient(
            source: source, app: app, store: FileAlertStore(directory: directory), configuration: configuration,
            clock: .fixed(start.addingTimeInterval(30)),
            reporting: reporting ? ReportingConfiguration(server.baseURL) : nil)
        let service = AlertService(client: client)
        times.append(await clock.measure { await service.showAlertIfNecessary() })
        guard service.lastCheck?.load.source == .cache, service.lastCheck?.load.error == nil,
            service.message != nil
        else {
            print("expected a message from the cached feed, got \(String(describing: service.lastCheck?.load))")
            exit(1)
        }
    }
    if reporting,
        (try? String(contentsOf: directory.appendingPathComponent("state.json"), encoding: .utf8))?.contains(
            "\"results\" : \"1 ") != true
    {
        print("the results written into the state were not kept")
        exit(1)
    }
    return times
}
/// Writes the most results a device keeps into the state file in `directory`: 1,000 counters of today
/// (so that no batch is due and the launch is the same as without reporting, but for the state's size)
/// and 100 pending conversions, in the form the store writes them.
func addResults(toStateIn directory: URL) {
    let file = directory.appendingPathComponent("state.json")
    guard let data = try? Data(contentsOf: file),
        var state = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else {
        print("no state file to add results to")
        exit(1)
    }
    let day = String(ISO8601DateFormatter().string(from: start).prefix(10))
    let counters = (0..<1_000).map { index -> [String: Any] in
        ["day": day, "message": index / 10 + 1, "variant": index % 2, "event": "button.\(index % 2)", "n": index + 1]
    }
    let pending = (0..<100).map { index -> [String: Any] in
        [
            "message": index + 1, "variant": 0, "event": "purchase", "shownAt": start.timeIntervalSince1970,
            "until": start.timeIntervalSince1970 + 72 * 3_600,
        ]
    }
    // As the store writes them: one string, a header, then their JSON in base64url.
    guard
        let results = try? JSONSerialization.data(
            withJSONObject: ["counters": counters, "pending": pending, "failures": 0], options: [.sortedKeys])
    else { exit(1) }
    let encoded = results.base64EncodedString().replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_")
    state["results"] = "1 \(day) - - 0;" + encoded
    guard let written = try? JSONSerialization.data(withJSONObject: state, options: [.sortedKeys, .prettyPrinted])
    else { exit(1) }
    try? written.write(to: file, options: .atomic)
}

let trust = FeedTrust(publicKeys: [signingKey.publicKey])
let signedLaunch = percentiles(await launchTimes(path: "/messages.json", trust: trust, rounds: signedRounds))
let oneAppRounds = profileMode == nil ? rounds : profileMode == "one-app" ? profileRounds : 1
let oneAppLaunch = percentiles(await launchTimes(path: "/one-app.json", trust: nil, rounds: oneAppRounds))
let oneAppSignedLaunch = percentiles(await launchTimes(path: "/one-app.json", trust: trust, rounds: oneAppRounds))
let reportingRounds = profileMode == nil ? rounds : profileMode == "reporting" ? profileRounds : 1
let reportingLaunch = percentiles(
    await launchTimes(path: "/messages.json", trust: nil, rounds: reportingRounds, reporting: true))

print("feed: 100 messages, \(feed.count) bytes; \(launches) launches, feed unchanged")
print("approach                                   requests   bytes received")
print(String(format: "tutorial: full GET at every launch         %8d   %14d", tutorial.requests, tutorial.bytes))
print(String(format: "AppAlert: check at every launch (ETag)     %8d   %14d", appAlert.requests, appAlert.bytes))
print(
    String(
        format: "AppAlert: default 10-min interval, 2-min gaps %5d   %14d", appAlertDefault.requests,
        appAlertDefault.bytes))
print(
    String(
        format:
            "showAlertIfNecessary() to decision from the last good feed: median %.3f ms, p90 %.3f ms (target < 1 ms)",
        median, p90))
print(
    String(
        format: "the same with a signed feed (signature verified at each launch): median %.3f ms, p90 %.3f ms",
        signedLaunch.median, signedLaunch.p90))
print(
    String(
        format: "a feed whose 100 messages are all for the app: median %.3f ms, p90 %.3f ms; signed: median %.3f ms, "
            + "p90 %.3f ms", oneAppLaunch.median, oneAppLaunch.p90, oneAppSignedLaunch.median, oneAppSignedLaunch.p90))
print(
    String(
        format: "reporting on, 1,000 counters and 100 waiting conversions in the state: median %.3f ms, p90 %.3f ms",
        reportingLaunch.median, reportingLaunch.p90))
server.stop()
try? FileManager.default.removeItem(at: directory)
try? FileManager.default.removeItem(at: clockDirectory)
