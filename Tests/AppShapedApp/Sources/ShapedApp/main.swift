import AppAlert
import Foundation

// What an app does with AppAlert, without the network: decode a feed and decide which message this
// install would see.
let feed = Data(
    #"[{"id": 1, "title": "Welcome", "text": "Thanks for trying the app.", "bundleId": "com.example.shaped"}]"#
        .utf8)
let result = try FeedDecoder().decode(feed)
let context = EvaluationContext(
    bundleID: "com.example.shaped", appVersion: Version("1.0"), platform: .iOS, osVersion: Version("17.2"),
    preferredLanguages: [LanguageTag("en")], installID: "shaped-app", now: Date())
let decision = MessageSelector.decide(result.feed, context: context, history: ViewHistory())
print(decision.message.map { "would show: \($0.title)" } ?? "would show nothing")
