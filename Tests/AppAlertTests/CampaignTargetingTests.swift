@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// The campaign keys of issue 15: attributes, installIds, minLaunches, minDays*, trigger,
/// rolloutSchedule and variants, through the decoder and the engine.
struct CampaignTargetingTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func message(_ keys: String) throws -> Message {
        let text = #"[{"id": 7, "bundleId": "a", "title": "T", "text": "X""# + (keys.isEmpty ? "" : ", " + keys) + "}]"
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.errors.isEmpty, "\(result.errors)")
        return try #require(result.feed.messages.first)
    }

    static func context(_ change: (inout EvaluationContext) -> Void = { _ in }) -> EvaluationContext {
        var context = EvaluationContext(bundleID: "a", appVersion: Version("1.0"), installID: "install-1", now: now)
        change(&context)
        return context
    }

    static func rule(_ message: Message, _ context: EvaluationContext) -> String? {
        Targeting.exclusion(of: message, in: context, history: ViewHistory())?.rule.rawValue
    }

    @Test(
        arguments: [
            (#""attributes": {"plan": ["free", "trial"]}"#, ["plan": AttributeValue.string("trial")], nil as String?),
            (#""attributes": {"plan": ["free", "trial"]}"#, ["plan": .string("pro")], "attributes"),
            (#""attributes": {"plan": "free"}"#, [:], "attributes"),
            (#""attributes": {"level": 3}"#, ["level": .number(3.0)], nil),
            (#""attributes": {"level": 3}"#, ["level": .string("3")], "attributes"),
            (#""attributes": {"level": "3"}"#, ["level": .number(3)], "attributes"),
            (#""attributes": {"beta": true}"#, ["beta": .bool(true)], nil),
            (#""attributes": {"beta": true}"#, ["beta": .bool(false)], "attributes"),
            (#""attributes": {"beta": true, "plan": "free"}"#, ["beta": .bool(true)], "attributes"),
            (#""attributes": {}"#, [:], nil),
        ] as [(String, [String: AttributeValue], String?)])
    func attributesMustAllMatch(keys: String, supplied: [String: AttributeValue], excludedBy: String?) throws {
        let message = try Self.message(keys)
        #expect(Self.rule(message, Self.context { $0.attributes = supplied }) == excludedBy)
    }

    @Test
    func installIDsPickTestDevicesAndOverrideTheRollout() throws {
        let message = try Self.message(
            #""installIds": ["device-A"], "rollout": 0.0001"#.replacingOccurrences(
                of: ", \"rollout\": 0.0001", with: ""))
        #expect(Self.rule(message, Self.context { $0.installID = "device-A" }) == nil)
        #expect(Self.rule(message, Self.context { $0.installID = "device-a" }) == "installIds")
        #expect(Self.rule(message, Self.context { $0.installID = nil }) == "installIds")
        var tiny = message
        tiny.rollout = 0.0001
        #expect(Self.rule(tiny, Self.context { $0.installID = "device-A" }) == nil)
    }

    @Test(arguments: [
        (#""minLaunches": 3"#, 2, nil as Double?, nil as Double?, "minLaunches" as String?),
        (#""minLaunches": 3"#, 3, nil, nil, nil),
        (#""minLaunches": 0"#, 1, nil, nil, nil),
        (#""minDaysSinceInstall": 3"#, 1, nil, nil, "minDaysSinceInstall"),
        (#""minDaysSinceInstall": 3"#, 1, 2.99, nil, "minDaysSinceInstall"),
        (#""minDaysSinceInstall": 3"#, 1, 3.0, nil, nil),
        (#""minDaysSinceUpdate": 1"#, 1, 10, nil, "minDaysSinceUpdate"),
        (#""minDaysSinceUpdate": 1"#, 1, 10, 0.5, "minDaysSinceUpdate"),
        (#""minDaysSinceUpdate": 1"#, 1, 10, 1.01, nil),
    ])
    func lifecycleMomentsCountLaunchesAndWholeDays(
        keys: String, launches: Int, installedDaysAgo: Double?, updatedDaysAgo: Double?, excludedBy: String?
    ) throws {
        let message = try Self.message(keys)
        let context = Self.context {
            $0.launchCount = launches
            $0.installedAt = installedDaysAgo.map { Self.now.addingTimeInterval(-$0 * 86_400) }
            $0.updatedAt = updatedDaysAgo.map { Self.now.addingTimeInterval(-$0 * 86_400) }
        }
        #expect(Self.rule(message, context) == excludedBy)
    }

    @Test(arguments: [
        ("", nil as String?, nil as String?),
        ("", "purchase", "trigger"),
        (#""trigger": "launch""#, "purchase", "trigger"),
        (#""trigger": {"event": "purchase"}"#, nil, "trigger"),
        (#""trigger": {"event": "purchase"}"#, "purchase", nil),
        (#""trigger": {"event": "purchase"}"#, "Purchase", "trigger"),
        (#""trigger": {"event": "purchase"}"#, "share", "trigger"),
    ])
    func aMessageIsConsideredOnlyForItsTrigger(keys: String, event: String?, excludedBy: String?) throws {
        let message = try Self.message(keys)
        #expect(Self.rule(message, Self.context { $0.event = event }) == excludedBy)
    }

    @Test
    func theScheduleIsZeroBeforeItsFirstStepThenTheLastStepReached() throws {
        let message = try Self.message(
            #""rolloutSchedule": [{"at": "2027-01-15T08:00:00Z", "percent": 10}, {"at": "2027-01-20T08:00:00Z", "percent": 50}, {"at": "2027-02-01T00:00:00Z", "percent": 100}]"#
        )
        let first = try RFC3339.parse("2027-01-15T08:00:00Z")
        #expect(message.rolloutPercent(at: first.addingTimeInterval(-1)) == 0)
        #expect(message.rolloutPercent(at: first) == 10)
        #expect(message.rolloutPercent(at: try RFC3339.parse("2027-01-20T07:59:59Z")) == 10)
        #expect(message.rolloutPercent(at: try RFC3339.parse("2027-01-20T08:00:00Z")) == 50)
        #expect(message.rolloutPercent(at: try RFC3339.parse("2030-01-01T00:00:00Z")) == 100)
        // Same bucket as rollout: an install in at 10 % stays in at 50 %, and the rule is named.
        var inAtTen = 0
        for index in 0..<2_000 {
            let id = "install-\(index)"
            let early = Self.rule(
                message,
                Self.context {
                    $0.installID = id; $0.now = first
                })
            let later = Self.rule(
                message,
                Self.context {
                    $0.installID = id; $0.now = try! RFC3339.parse("2027-01-21T00:00:00Z")
                })
            if early == nil {
                inAtTen += 1
                #expect(later == nil)
            } else {
                #expect(early == "rolloutSchedule")
            }
            #expect(
                (early == nil) == Rollout.includes(bucket: Rollout.bucket(messageID: 7, installID: id), percent: 10))
        }
        #expect((150...250).contains(inAtTen))
    }

    @Test
    func variantsSplitByWeightStablyAndIndependentlyOfTheRolloutBucket() throws {
        let weights = [1, 3]
        var counts = [0, 0]
        var inRollout = [0, 0]
        for index in 0..<100_000 {
            let id = "install-\(index)"
            let variant = VariantAssignment.variant(messageID: 7, installID: id, weights: weights)
            counts[variant] += 1
            if Rollout.includes(bucket: Rollout.bucket(messageID: 7, installID: id), percent: 50) {
                inRollout[variant] += 1
            }
            if index < 100 {
                #expect(VariantAssignment.variant(messageID: 7, installID: id, weights: weights) == variant)
            }
        }
        #expect(abs(Double(counts[0]) / 100_000 - 0.25) < 0.02)
        #expect(abs(Double(counts[1]) / 100_000 - 0.75) < 0.02)
        // Within the half of installs a 50 % rollout takes, the split is still 1:3.
        let share = Double(inRollout[0]) / Double(inRollout[0] + inRollout[1])
        #expect(abs(share - 0.25) < 0.02)
        #expect(VariantAssignment.variant(messageID: 7, installID: nil, weights: weights) == 0)
    }

    @Test
    func theChosenVariantsKeysReplaceTheMessagesAndTheDecisionCarriesItsIndex() throws {
        let feed = try FeedDecoder().decode(
            Data(
                #"[{"id": 7, "bundleId": "a", "title": "Base", "text": "X", "link": {"title": "Go", "url": "https://example.com"}, "variants": [{"weight": 1, "title": "A"}, {"weight": 1, "title": "B", "text": "Y", "localizations": {"fr": {"title": "B fr"}}}]}]"#
                    .utf8)
        ).feed
        var seen: Set<Int> = []
        for index in 0..<50 {
            let context = Self.context {
                $0.installID = "install-\(index)"; $0.preferredLanguages = [LanguageTag("fr")]
            }
            let message = try #require(MessageSelector.decide(feed, context: context).message)
            let variant = try #require(message.variant)
            seen.insert(variant)
            #expect(message.title == (variant == 0 ? "A" : "B fr"))
            #expect(message.text == (variant == 0 ? "X" : "Y"))
            #expect(message.link?.title == "Go")
        }
        #expect(seen == [0, 1])
        let anonymous = MessageSelector.decide(feed, context: Self.context { $0.installID = nil }).message
        #expect(anonymous?.variant == 0 && anonymous?.title == "A")
        let plain = try Self.message("")
        #expect(ResolvedMessage(plain, preferredLanguages: [], installID: "x").variant == nil)
    }

    @Test(arguments: [
        (#""attributes": []"#, "$[0].attributes", "must be an object"),
        (#""attributes": {"plan": null}"#, "$[0].attributes.plan", "must be a string, a number, true or false"),
        (#""attributes": {"plan": ["a", {}]}"#, "$[0].attributes.plan[1]", "not an object"),
        (#""installIds": "abc""#, "$[0].installIds", "an array of strings"),
        (#""installIds": [""]"#, "$[0].installIds[0]", "must not be empty"),
        (#""minLaunches": -1"#, "$[0].minLaunches", "at least 0"),
        (#""minDaysSinceInstall": 1.5"#, "$[0].minDaysSinceInstall", "whole number"),
        (#""minDaysSinceUpdate": "3""#, "$[0].minDaysSinceUpdate", "whole number"),
        (#""trigger": "purchase""#, "$[0].trigger", "\"launch\" or {\"event\": NAME}"),
        (#""trigger": {"event": "buy now"}"#, "$[0].trigger.event", "1 to 64 letters"),
        (#""trigger": {"event": ""}"#, "$[0].trigger.event", "1 to 64 letters"),
        (#""trigger": {}"#, "$[0].trigger", "needs \"event\""),
        (#""rolloutSchedule": {"at": "x"}"#, "$[0].rolloutSchedule", "an array of"),
        (
            #""rolloutSchedule": [{"at": "2027-01-15", "percent": 10}]"#, "$[0].rolloutSchedule[0].at",
            "invalid timestamp"
        ),
        (
            #""rolloutSchedule": [{"at": "2027-01-15T00:00:00Z", "percent": 101}]"#, "$[0].rolloutSchedule[0].percent",
            "0 to 100"
        ),
        (
            #""rolloutSchedule": [{"at": "2027-01-15T00:00:00Z", "percent": 50}, {"at": "2027-01-16T00:00:00Z", "percent": 40}]"#,
            "$[0].rolloutSchedule[1].percent", "only grows"
        ),
        (
            #""rolloutSchedule": [{"at": "2027-01-15T00:00:00Z", "percent": 10}, {"at": "2027-01-15T00:00:00Z", "percent": 40}]"#,
            "$[0].rolloutSchedule[1].at", "increasing time"
        ),
        (#""rolloutSchedule": [{"at": "2027-01-15T00:00:00Z"}]"#, "$[0].rolloutSchedule[0]", "needs \"percent\""),
        (
            #""rollout": 50, "rolloutSchedule": [{"at": "2027-01-15T00:00:00Z", "percent": 10}]"#,
            "$[0].rolloutSchedule", "not both"
        ),
        (#""variants": []"#, "$[0].variants", "2 to 10 variants, not 0"),
        (#""variants": [{"weight": 1}]"#, "$[0].variants", "2 to 10 variants, not 1"),
        (#""variants": [{"weight": 1}, {"weight": 0}]"#, "$[0].variants[1].weight", "at least 1"),
        (#""variants": [{"weight": 1}, {"weight": 1.5}]"#, "$[0].variants[1].weight", "at least 1"),
        (#""variants": [{"weight": 1}, {"title": "B"}]"#, "$[0].variants[1]", "needs \"weight\""),
        (#""variants": [{"weight": 1}, {"weight": 1, "title": 9}]"#, "$[0].variants[1].title", "must be a string"),
        (
            #""variants": [{"weight": 1}, {"weight": 1, "link": {"title": "x", "url": "javascript:x"}}]"#,
            "$[0].variants[1].link.url", "javascript"
        ),
        (#""variants": "ab""#, "$[0].variants", "an array of variants"),
    ])
    func aMalformedCampaignKeyIsAnErrorAtItsPath(keys: String, path: String, reason: String) throws {
        let text = #"[{"id": 7, "bundleId": "a", "title": "T", "text": "X", "# + keys + "}]"
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.feed.messages.isEmpty, "\(keys)")
        let error = result.errors.first { $0.path == path }
        #expect(error != nil, "\(keys): \(result.errors.map { "\($0.path): \($0.reason)" })")
        #expect(error?.reason.contains(reason) == true, "\(keys): \(error?.reason ?? "")")
    }
}
