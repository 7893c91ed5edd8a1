@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// An iPhone app, version 1.0 (build 7), on iOS 17.2, in Brazilian Portuguese, at 2026-03-01 09:00 UTC.
func makeContext(
    bundleID: String = "com.example.App", appVersion: String? = "1.0", platform: Platform = .iOS,
    osVersion: String? = "17.2", languages: [String] = ["pt-BR", "en"], installID: String? = "install-1",
    now: String = "2026-03-01T09:00:00Z"
) -> EvaluationContext {
    EvaluationContext(
        bundleID: bundleID, appVersion: appVersion.flatMap(Version.init), build: "7", platform: platform,
        osVersion: osVersion.flatMap(Version.init), preferredLanguages: languages.map(LanguageTag.init),
        installID: installID, now: try! RFC3339.parse(now))
}

struct TargetingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var members: String
        var context: EvaluationContext = makeContext()
        var history = ViewHistory()
        /// The rule expected to exclude the message, or nil when it is eligible.
        var rule: Exclusion.Rule?
        var testDescription: String { "\(members) → \(rule?.rawValue ?? "eligible")" }
    }

    static let cases: [Case] = [
        // No restriction at all.
        Case(members: "", rule: nil),
        // bundleId / bundleIds, exact match, "*" for every app.
        Case(members: "", context: makeContext(bundleID: "com.example.Other"), rule: .bundleID),
        Case(members: "", context: makeContext(bundleID: "com.example.app"), rule: .bundleID),
        Case(
            members: "\"bundleIds\": [\"com.example.Other\"]", context: makeContext(bundleID: "com.example.Other"),
            rule: nil),
        Case(members: "\"bundleId\": \"*\"", context: makeContext(bundleID: "any.app"), rule: nil),
        // platforms, case-insensitive; ios includes iPad.
        Case(members: "\"platforms\": [\"IOS\"]", rule: nil),
        Case(members: "\"platforms\": [\"ios\"]", context: makeContext(platform: .iPadOS), rule: nil),
        Case(members: "\"platforms\": [\"ipados\"]", rule: .platform),
        Case(members: "\"platforms\": [\"macos\", \"linux\"]", rule: .platform),
        Case(members: "\"platforms\": [\"linux\"]", context: makeContext(platform: .linux), rule: nil),
        Case(members: "\"platforms\": []", rule: .platform),
        // appVersions: numeric equality; an empty list matches nothing; unknown never matches.
        Case(members: "\"appVersions\": [\"1.0\"]", rule: nil),
        Case(members: "\"appVersions\": [\"1.0.0\"]", rule: nil),
        Case(members: "\"appVersions\": [\"1\"]", rule: nil),
        Case(members: "\"appVersions\": [\"1.0.1\", \"2.0\"]", rule: .appVersions),
        Case(members: "\"appVersions\": []", rule: .appVersions),
        Case(members: "\"appVersions\": [\"1.0\"]", context: makeContext(appVersion: nil), rule: .appVersions),
        Case(members: "\"appVersions\": [\"1.10\"]", context: makeContext(appVersion: "1.10"), rule: nil),
        Case(members: "\"appVersions\": [\"1.1\"]", context: makeContext(appVersion: "1.10"), rule: .appVersions),
        // appVersionRange.
        Case(members: "\"appVersionRange\": \"<1.1\"", rule: nil),
        Case(members: "\"appVersionRange\": \">=1.1\"", rule: .appVersionRange),
        Case(
            members: "\"appVersionRange\": \"^1.0.0\"", context: makeContext(appVersion: "1.5.0-beta"),
            rule: .appVersionRange),
        Case(members: "\"appVersionRange\": \"*\"", context: makeContext(appVersion: nil), rule: .appVersionRange),
        // osVersions and osVersionRange.
        Case(members: "\"osVersions\": [\"17.0.1\", \"17.2\"]", rule: nil),
        Case(members: "\"osVersions\": [\"17.2.0\"]", rule: nil),
        Case(members: "\"osVersions\": [\"17.0.1\"]", rule: .osVersions),
        Case(members: "\"osVersions\": [\"17.2\"]", context: makeContext(osVersion: nil), rule: .osVersions),
        Case(members: "\"osVersionRange\": \">=17.0 <17.3\"", rule: nil),
        Case(members: "\"osVersionRange\": \"<17\"", rule: .osVersionRange),
        Case(members: "\"osVersionRange\": \">=17\"", context: makeContext(osVersion: nil), rule: .osVersionRange),
        // locales: the device's first preferred language; "pt" matches pt-BR, "pt-BR" only pt-BR.
        Case(members: "\"locales\": [\"pt\"]", rule: nil),
        Case(members: "\"locales\": [\"pt-BR\"]", rule: nil),
        Case(members: "\"locales\": [\"pt-PT\"]", rule: .locale),
        Case(members: "\"locales\": [\"en\"]", rule: .locale),
        Case(members: "\"locales\": [\"de\", \"PT\"]", rule: nil),
        Case(members: "\"locales\": [\"pt\"]", context: makeContext(languages: []), rule: .locale),
        Case(members: "\"locales\": [\"en\"]", context: makeContext(languages: ["en_US"]), rule: nil),
        // startDate <= now < endDate.
        Case(members: "\"startDate\": \"2026-03-01T09:00:00Z\"", rule: nil),
        Case(members: "\"startDate\": \"2026-03-01T09:00:01Z\"", rule: .startDate),
        Case(members: "\"startDate\": \"2026-03-01T10:00:00+02:00\"", rule: nil),
        Case(members: "\"endDate\": \"2026-03-01T09:00:00Z\"", rule: .endDate),
        Case(members: "\"endDate\": \"2026-03-01T09:00:01Z\"", rule: nil),
        Case(members: "\"endDate\": \"2026-03-01T10:00:00+01:00\"", rule: .endDate),
        // rollout: 0 nobody, 100 everybody, otherwise the install's bucket.
        Case(members: "\"rollout\": 100", context: makeContext(installID: nil), rule: nil),
        Case(members: "\"rollout\": 0", rule: .rollout),
        Case(members: "\"rollout\": 50", context: makeContext(installID: nil), rule: .rollout),
        // Bucket of message 1 for "install-1" — see RolloutTests for how buckets are computed.
        Case(members: "\"rollout\": 99.99", rule: nil),
        // maxViews and the legacy watermark.
        Case(members: "", history: ViewHistory(records: [1: .init(count: 1)]), rule: .maxViews),
        Case(members: "\"maxViews\": 2", history: ViewHistory(records: [1: .init(count: 1)]), rule: nil),
        Case(members: "\"maxViews\": 2", history: ViewHistory(records: [1: .init(count: 2)]), rule: .maxViews),
        Case(members: "", history: ViewHistory(records: [2: .init(count: 1)]), rule: nil),
        Case(members: "", history: ViewHistory(legacyLastMessageID: 1), rule: .maxViews),
        Case(members: "", history: ViewHistory(legacyLastMessageID: 0), rule: nil),
        Case(members: "\"maxViews\": 2", history: ViewHistory(legacyLastMessageID: 5), rule: nil),
        // minHoursBetweenViews.
        Case(
            members: "\"maxViews\": 3, \"minHoursBetweenViews\": 24",
            history: ViewHistory(records: [1: .init(count: 1, lastShown: try! RFC3339.parse("2026-02-28T10:00:00Z"))]),
            rule: .minHoursBetweenViews),
        Case(
            members: "\"maxViews\": 3, \"minHoursBetweenViews\": 24",
            history: ViewHistory(records: [1: .init(count: 1, lastShown: try! RFC3339.parse("2026-02-28T09:00:00Z"))]),
            rule: nil),
        Case(
            members: "\"maxViews\": 3, \"minHoursBetweenViews\": 24",
            history: ViewHistory(records: [1: .init(count: 3, lastShown: try! RFC3339.parse("2026-01-01T00:00:00Z"))]),
            rule: .maxViews),
        // Every present restriction must hold: the first that fails is reported.
        Case(members: "\"platforms\": [\"macos\"], \"appVersions\": [\"2.0\"]", rule: .platform),
        Case(
            members: "\"appVersions\": [\"1.0\"], \"osVersions\": [\"16.0\"], \"locales\": [\"fr\"]", rule: .osVersions),
    ]

    @Test(arguments: cases)
    func everyRestrictionOfTheContractIsApplied(_ testCase: Case) throws {
        let result = try decodeMessage(testCase.members)
        let message = try #require(result.feed.messages.first, "\(result.diagnostics)")
        let exclusion = Targeting.exclusion(of: message, in: testCase.context, history: testCase.history)
        #expect(exclusion?.rule == testCase.rule, "\(exclusion?.explanation ?? "eligible")")
    }

    static let explanations: [(String, EvaluationContext, String)] = [
        ("\"appVersions\": [\"1.1\", \"2.0\"]", makeContext(), "app version 1.0 is not in appVersions [1.1, 2.0]"),
        (
            "\"osVersionRange\": \"^16\"", makeContext(),
            "OS version 17.2 does not satisfy osVersionRange \"^16\" (>=16.0.0 <17.0.0-0)"
        ),
        (
            "\"appVersionRange\": \">=1.0\"", makeContext(appVersion: "1.0.0-beta"),
            "app version 1.0.0-beta does not satisfy appVersionRange \">=1.0\" (>=1.0.0); a pre-release satisfies a range only where it names a pre-release of the same version"
        ),
        ("\"platforms\": [\"macos\"]", makeContext(), "platform ios is not in platforms [macos]"),
        ("\"locales\": [\"fr\"]", makeContext(), "language pt-BR is not in locales [fr]"),
        (
            "\"startDate\": \"2026-04-01T00:00:00Z\"", makeContext(),
            "starts at 2026-04-01T00:00:00Z, now is 2026-03-01T09:00:00Z"
        ),
        ("\"rollout\": 25", makeContext(installID: nil), "rollout 25% needs an install id, and there is none"),
        ("", makeContext(bundleID: "x.y"), "for [\"com.example.App\"], not \"x.y\""),
    ]

    @Test(arguments: explanations)
    func exclusionsExplainThemselvesInWords(members: String, context: EvaluationContext, explanation: String) throws {
        let message = try #require(try decodeMessage(members).feed.messages.first)
        #expect(Targeting.exclusion(of: message, in: context, history: ViewHistory())?.explanation == explanation)
    }

    @Test
    func anInstallOutsideTheRolloutIsToldItsBucket() throws {
        // Bucket of message 1 for "install-1".
        let bucket = Rollout.bucket(messageID: 1, installID: "install-1")
        let percent = Double(bucket) / 10_000
        let inside = try #require(try decodeMessage("\"rollout\": \(percent + 0.01)").feed.messages.first)
        let outside = try #require(try decodeMessage("\"rollout\": \(percent)").feed.messages.first)
        #expect(Targeting.exclusion(of: inside, in: makeContext(), history: ViewHistory()) == nil)
        let exclusion = try #require(Targeting.exclusion(of: outside, in: makeContext(), history: ViewHistory()))
        #expect(exclusion.rule == .rollout)
        #expect(exclusion.explanation.hasPrefix("install is outside the"))
    }
}
