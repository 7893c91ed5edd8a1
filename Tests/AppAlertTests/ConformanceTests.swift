@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Testing

/// The shared conformance cases (`conformance/cases`, written by `conformance/generate.mjs` from
/// `appalert evaluate --json`) against the Swift engine in-process: the feed decoded as apps decode it,
/// the install built as `appalert evaluate` builds it from its options, the decision encoded by
/// ``MessageDecision/jsonValue(feed:explain:)`` — what the command prints. The web engine's suite
/// (`Web/test`) checks the same cases, so a change to either engine that changes a decision fails until
/// the cases are regenerated on purpose. Cases that refuse an option are the command's own (its
/// option parsing lives in Tools/) and are checked by the web suite and the differential test.
struct ConformanceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var object: JSONObject
        var name: String { object["name"]?.stringValue ?? "?" }
        var testDescription: String { "\(file): \(name)" }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../conformance/cases").standardized

    static let cases: [Case] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [Case] in
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path),
                case .object(let root)? = try? AppAlert.JSONParser().parse(data),
                case .array(let cases)? = root["cases"]
            else { return [] }
            return cases.compactMap { value in
                guard case .object(let object) = value else { return nil }
                return Case(file: file, object: object)
            }
        }
    }()

    @Test func theCasesAreRead() {
        #expect(Self.cases.count >= 500)
    }

    @Test(arguments: cases)
    func theSwiftEngineAnswersAsTheCaseSays(_ testCase: Case) throws {
        let expected = try #require(testCase.object["expected"].flatMap(Self.object))
        let exitCode = expected["exitCode"]?.integerValue
        let stderr = expected["stderr"]?.stringValue ?? ""
        switch testCase.object["kind"]?.stringValue {
        case "compare", "satisfies":
            try checkVersionCase(testCase, exitCode: exitCode, stdout: expected["stdout"]?.stringValue ?? "")
        case "update":
            // update-check lists the policies the decoder leaves out, with their errors, on standard error.
            let leftOut = try FeedDecoder().decode(Self.feedData(testCase.object)).diagnostics.filter {
                $0.severity == .error && $0.path.hasPrefix("$.updates")
            }
            let listed = leftOut.map { TerminalPresenter.neutralized("feed.json: \($0)") + "\n" }.joined()
            #expect(exitCode == 0)
            #expect(listed == stderr)
            let actual = try Self.updateDecision(testCase.object)
            let wanted = try AppAlert.JSONParser().parse(try #require(expected["decision"]).jsonText())
            #expect(actual == wanted)
        default:
            let data = Self.feedData(testCase.object)
            if exitCode == 2, stderr.hasPrefix("appalert: feed.json: ") {
                #expect(throws: FeedError.self) { _ = try FeedDecoder().decode(data) }
                do {
                    _ = try FeedDecoder().decode(data)
                } catch {
                    #expect("appalert: feed.json: \(error.reason)\n" == stderr)
                }
                return
            }
            // An option the command refuses: its own parsing, not the engine's.
            guard exitCode == 0 else { return }
            let install = try #require(testCase.object["install"].flatMap(Self.object))
            let history = testCase.object["history"].flatMap(Self.object) ?? JSONObject()
            let context = try Self.context(install)
            let views = Self.history(history)
            let result = try FeedDecoder().decode(data)
            let errors = result.errors.map { TerminalPresenter.neutralized("feed.json: \($0)") + "\n" }.joined()
            #expect(errors == stderr)
            let explain = testCase.object["explain"] == .bool(true)
            let decision = MessageSelector.decide(result.feed, context: context, history: views, explain: explain)
            let printed = decision.jsonValue(feed: result.feed, explain: explain).jsonText()
            let actual = try AppAlert.JSONParser().parse(printed)
            let wanted = try AppAlert.JSONParser().parse(try #require(expected["decision"]).jsonText())
            #expect(actual == wanted)
        }
    }

    private func checkVersionCase(_ testCase: Case, exitCode: Int?, stdout: String) throws {
        guard case .array(let values)? = testCase.object["args"], values.count == 2,
            let first = values[0].stringValue, let second = values[1].stringValue
        else { throw CaseError.malformed }
        if testCase.object["kind"]?.stringValue == "compare" {
            guard let a = Version(first), let b = Version(second) else {
                #expect(exitCode == 2)
                return
            }
            #expect(stdout == "\(a.compare(b))\n")
        } else {
            guard let version = Version(first), let range = VersionRange(second) else {
                #expect(exitCode == 2)
                return
            }
            #expect(stdout == (range.contains(version) ? "true\n" : "false\n"))
            #expect(exitCode == (range.contains(version) ? 0 : 1))
        }
    }

    /// An update case as `appalert update-check --platform web --json` decides it: the feed's policy
    /// alone, the rules and the person's earlier answers as the case gives them.
    static func updateDecision(_ object: JSONObject) throws -> JSONValue {
        let install = try #require(object["install"].flatMap(Self.object))
        let bundleID = try #require(install["bundleId"]?.stringValue)
        let feed = try FeedDecoder().decode(feedData(object)).feed
        var configuration = UpdateConfiguration()
        for rule in strings(install["rule"]) {
            let parts = rule.split(separator: "=").map(String.init)
            guard parts.count == 2, let kind = UpdateDecision.Kind(rawValue: parts[1]) else {
                throw CaseError.invalid(rule)
            }
            switch parts[0] {
            case "major": configuration.rules.major = kind
            case "minor": configuration.rules.minor = kind
            case "patch": configuration.rules.patch = kind
            default: configuration.rules.revision = kind
            }
        }
        var prompt = UpdateDecision.PromptState()
        if let given = object["prompt"].flatMap(Self.object) {
            prompt.skippedVersions = strings(given["skippedVersions"])
            prompt.remindAfter = given["remindAfter"]?.doubleValue.map(Date.init(timeIntervalSince1970:))
        }
        let appVersion = try #require(install["appVersion"]?.stringValue)
        let now = try #require(install["now"]?.stringValue)
        let inputs = UpdatePolicyEngine.Inputs(
            installedVersion: try #require(Version(appVersion)), platform: .web, now: try AppAlert.RFC3339.parse(now),
            policy: feed.updatePolicy(for: bundleID), promptState: prompt)
        let decision = UpdatePolicyEngine.decide(inputs, configuration: configuration)
        let languages = strings(install["locale"]).map(LanguageTag.init)
        let name = install["appName"]?.stringValue ?? bundleID
        return decision.jsonValue(appName: name, languages: languages)
    }

    enum CaseError: Error {
        case malformed
        case invalid(String)
    }

    static func object(_ value: JSONValue) -> JSONObject? {
        if case .object(let object) = value { return object }
        return nil
    }

    static func feedData(_ object: JSONObject) -> Data {
        if let text = object["feedText"]?.stringValue { return Data(text.utf8) }
        return Data((object["feed"] ?? .null).jsonText().utf8)
    }

    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap(\.stringValue)
    }

    /// The install as `appalert evaluate` builds it from the same options (DecisionOptions).
    static func context(_ install: JSONObject) throws -> EvaluationContext {
        func text(_ key: String) -> String? { install[key]?.stringValue }
        func version(_ key: String) throws -> Version? {
            guard let text = text(key) else { return nil }
            guard let version = Version(text) else { throw CaseError.invalid(key) }
            return version
        }
        let appVersion = try #require(try version("appVersion"))
        let policy = LinkPolicy(
            allowedSchemes: Set(["https"] + strings(install["allowLinkScheme"])),
            allowedHosts: strings(install["allowLinkHost"]).isEmpty ? nil : strings(install["allowLinkHost"]))
        var recentUpdate: EvaluationContext.RecentUpdate?
        if let from = try version("previousVersion"), from < appVersion {
            let launches = install["launchesSinceUpdate"]?.integerValue ?? 1
            recentUpdate = .init(from: from, to: appVersion, launchesSince: launches)
        }
        var context = EvaluationContext(
            bundleID: try #require(text("bundleId")), appVersion: appVersion, build: text("build"),
            platform: Platform(rawValue: try #require(text("platform"))), osVersion: try version("osVersion"),
            preferredLanguages: strings(install["locale"]).map(LanguageTag.init), installID: text("installId"),
            now: try AppAlert.RFC3339.parse(try #require(text("now"))), recentUpdate: recentUpdate, linkPolicy: policy)
        for entry in strings(install["attribute"]) {
            guard let equals = entry.firstIndex(of: "=") else { throw CaseError.invalid(entry) }
            let raw = String(entry[entry.index(after: equals)...])
            let value: AttributeValue =
                switch try? AppAlert.JSONParser().parse(raw) {
                case .bool(let flag)?: .bool(flag)
                case .integer(let number)?: .number(Double(number))
                case .number(let number)?: .number(number)
                case .string(let string)?: .string(string)
                default: .string(raw)
                }
            context.attributes[String(entry[..<equals])] = value
        }
        context.event = text("event")
        context.launchCount = install["launchCount"]?.integerValue ?? 1
        context.installedAt = try text("installedAt").map { try AppAlert.RFC3339.parse($0) }
        context.updatedAt = try text("updatedAt").map { try AppAlert.RFC3339.parse($0) }
        if let name = text("placement") { context.placement = try #require(Message.Placement(name: name)) }
        return context
    }

    /// What `--seen` and `--last-message-id` say was shown.
    static func history(_ object: JSONObject) -> ViewHistory {
        var history = ViewHistory(legacyLastMessageID: object["lastMessageId"]?.integerValue)
        for entry in strings(object["seen"]) {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard let id = Int(parts[0]) else { continue }
            let count = parts.count == 2 ? Int(parts[1]) ?? 1 : 1
            history.records[id, default: ViewHistory.Record(count: 0)].count += count
        }
        return history
    }
}
