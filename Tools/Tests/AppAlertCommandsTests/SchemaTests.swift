import Foundation
import TestSupport
import Testing

/// `appalert schema` against the repository's copy and against `appalert validate`, with a real JSON
/// Schema validator (Python's `jsonschema`, through scripts/schema-check).
struct SchemaTests {
    static let repository = examplesDirectory.deletingLastPathComponent()
    static let schemaFile = repository.appendingPathComponent("schema/feed.schema.json")

    @Test
    func theRepositorysSchemaFileIsWhatTheToolPrints() throws {
        let printed = try AppAlertProcess.run(["schema"])
        #expect(printed.status == 0)
        let file = try String(contentsOf: Self.schemaFile, encoding: .utf8)
        #expect(
            printed.standardOutput == file,
            "schema/feed.schema.json is stale: swift run --package-path Tools appalert schema > schema/feed.schema.json"
        )
    }

    /// A message that validates cleanly, with one key replaced (or removed, for `nil`).
    static func feed(message key: String, _ value: String?) -> String {
        var members = [
            ("id", "1"), ("bundleId", "\"com.example.App\""), ("title", "\"T\""), ("text", "\"X\""),
        ]
        members.removeAll { $0.0 == key }
        if let value { members.append((key, value)) }
        let message = members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
        return "{\"format\": 2, \"messages\": [{\(message)}]}"
    }

    /// Broken (and merely suspicious) feeds: every key with wrong types and out-of-range values, bad
    /// versions, dates and links, missing keys, and top-level mistakes.
    static var generatedFeeds: [String] {
        let wrongTypes = ["9", "true", "[]", "{}", "\"x\"", "1.5", "[9]"]
        let keys = [
            "id", "bundleId", "bundleIds", "title", "text", "confirmLabel", "link", "appVersions", "osVersions",
            "appVersionRange", "osVersionRange", "platforms", "locales", "startDate", "endDate", "rollout",
            "priority", "maxViews", "minHoursBetweenViews", "dismissible", "localizations", "whatsNew", "layout",
            "image", "buttons", "action", "features", "colors", "data", "placement", "bannerSeconds",
        ]
        var feeds: [String] = []
        for key in keys {
            feeds.append(feed(message: key, nil))
            feeds.append(feed(message: key, "null"))
            for value in wrongTypes { feeds.append(feed(message: key, value)) }
        }
        let values: [(String, String)] = [
            ("id", "0"), ("id", "-1"), ("id", "\"1\""), ("id", "1e0"), ("rollout", "-1"), ("rollout", "101"),
            ("rollout", "0"), ("rollout", "12.5"), ("maxViews", "0"), ("minHoursBetweenViews", "-1"),
            ("priority", "-3"), ("bundleId", "\"\""), ("bundleIds", "[\"\"]"), ("platforms", "[\"amiga\"]"),
            ("appVersions", "[\"1..2\"]"), ("appVersions", "[\"v1.0\"]"), ("appVersions", "[\" 1.0\"]"),
            ("appVersions", "[\"1.0 \"]"), ("appVersions", "[\"1.0-\"]"), ("appVersions", "[\"01.0\"]"),
            ("appVersions", "[\"1.0.0-01\"]"), ("appVersions", "[\"1.0+\"]"), ("appVersions", "[\"1.0-rc.1+b.7\"]"),
            ("appVersions", "[\"99999999999999999999\"]"), ("appVersions", "[]"), ("osVersions", "[\"17.2.\"]"),
            ("appVersionRange", "\">=1.0 <\""), ("appVersionRange", "\"\""), ("whatsNew", "\"^^1\""),
            ("locales", "[\"english\"]"), ("locales", "[\"pt_BR\"]"), ("startDate", "\"2026-03-01\""),
            ("startDate", "\"2026-03-01T09:00:00\""), ("startDate", "\"2026-03-01t09:00:00z\""),
            ("startDate", "\"2026-03-01 09:00:00+01:00\""), ("endDate", "\"2026-13-45T09:00:00Z\""),
            ("endDate", "\"2026-03-01T09:00:00.123456Z\""), ("link", "{\"title\": \"x\"}"),
            ("link", "{\"url\": \"https://example.com\"}"), ("link", "{\"title\": \"x\", \"url\": \"/help\"}"),
            ("link", "{\"title\": \"x\", \"url\": \"javascript:alert(1)\"}"),
            ("link", "{\"title\": \"x\", \"url\": \"http://example.com\"}"),
            ("link", "{\"title\": \"x\", \"url\": \"myapp://help\"}"), ("dismissible", "false"),
            ("localizations", "{\"fr\": {\"title\": 9}}"), ("localizations", "{\"english\": {\"title\": \"x\"}}"),
            ("localizations", "{\"fr\": \"x\"}"), ("title", "\"\(String(repeating: "é", count: 6_000))\""),
            ("title", "\"\(String(repeating: "x", count: 10_001))\""), ("bundleID", "\"com.example.App\""),
            ("variants", #"[{"weight": 1, "name": "Control"}, {"weight": 1, "name": "Discount"}]"#),
            ("variants", #"[{"weight": 1, "name": ""}, {"weight": 1}]"#),
            ("variants", #"[{"weight": 1, "name": 5}, {"weight": 1, "name": null}]"#),
            ("variants", "[{\"weight\": 1, \"name\": \"\(String(repeating: "é", count: 65))\"}, {\"weight\": 1}]"),
        ]
        for (key, value) in values { feeds.append(feed(message: key, value)) }
        // Rich keys, alone and with a layout that takes them.
        let image = #"{"url": "https://example.com/a.png", "alt": "A"}"#
        let rich: [(String, String)] = [
            ("layout", "\"card\""), ("layout", "\"sheet\""), ("layout", "\"image\""),
            ("image", image), ("image", #"{"alt": "A"}"#), ("image", #"{"url": "http://example.com/a.png"}"#),
            ("image", #"{"url": "https://example.com/a.png", "alt": 3}"#),
            ("image", #"{"url": "https://example.com/a.png", "darkUrl": null, "alt": null}"#),
            ("buttons", "[{\"title\": \"a\"}]"), ("buttons", "[{\"title\": \"\"}]"), ("buttons", "[{}]"),
            ("buttons", "[{\"title\": \"a\"}, {\"title\": \"b\"}, {\"title\": \"c\"}]"),
            ("buttons", #"[{"title": "a", "action": {"url": "https://example.com", "event": "e"}}]"#),
            ("buttons", #"[{"title": "a", "action": {"event": "bad name"}}]"#),
            ("buttons", #"[{"title": "a", "action": "close"}]"#), ("buttons", #"[{"title": "a", "action": null}]"#),
            ("action", "\"dismiss\""), ("action", #"{"url": "https://example.com"}"#), ("action", "{}"),
            ("features", #"[{"title": "a"}]"#), ("features", "[]"), ("features", #"[{"text": "a"}]"#),
            ("features", #"[{"title": "a", "symbol": "Not A Symbol", "text": null}]"#),
            ("colors", ##"{"text": "#000000", "background": "#FFFFFF"}"##), ("colors", ##"{"text": "red"}"##),
            ("colors", ##"{"dark": {"background": "#12345"}}"##), ("colors", ##"{"text": "#77777780", "dark": null}"##),
            ("data", #"{"a": "b"}"#), ("data", #"{"a": 1}"#), ("data", #"{"a": null}"#),
            ("data", "{" + (0...50).map { "\"k\($0)\": \"v\"" }.joined(separator: ",") + "}"),
            ("data", "{\"a\": \"" + String(repeating: "e\u{301}", count: 600) + "\"}"),
            ("placement", "\"inbox\""), ("placement", "\"home top\""), ("placement", "\"home-top\""),
            ("bannerSeconds", "1"), ("bannerSeconds", "10"),
        ]
        for (key, value) in rich {
            feeds.append(feed(message: key, value))
            for layout in ["banner", "modal", "sheet", "image"] {
                feeds.append(
                    feed(message: key, value).replacingOccurrences(
                        of: "\"text\": \"X\"", with: "\"text\": \"X\", \"layout\": \"\(layout)\", \"image\": \(image)"))
            }
        }
        let message = "{\"id\": 1, \"bundleId\": \"a\", \"title\": \"T\", \"text\": \"X\"}"
        feeds += [
            "{\"messages\": [\(message)]}", "{\"format\": \"2\", \"messages\": []}",
            "{\"format\": null, \"messages\": []}",
            "{\"format\": 3, \"messages\": []}", "{\"format\": 2.5, \"messages\": []}", "{\"format\": 2}",
            "{\"format\": 2, \"messages\": \"x\"}", "{\"format\": 2, \"messages\": [], \"sequence\": -1}",
            "{\"format\": 2, \"messages\": [], \"sequence\": 1.5}",
            "{\"format\": 2, \"messages\": [], \"updates\": \"x\"}",
            "{\"format\": 2, \"messages\": [], \"updates\": [{}]}",
            "{\"format\": 2, \"messages\": [], \"updates\": [{\"bundleId\": \"a\", \"minimumVersion\": \"x\"}]}",
            "{\"format\": 2, \"messages\": [], \"updates\": [{\"bundleId\": \"a\", \"releaseDelayDays\": -1}]}",
            "{\"format\": 2, \"messages\": [], \"updates\": [{\"bundleId\": \"a\", \"latestVersion\": \"2.0\"}]}",
            "{\"format\": 2, \"messages\": [], \"$schema\": \"feed.schema.json\"}", "[\(message), \(message)]",
            "[\(message)]", "[{\"id\": 1}]", "[]", "{}", "\"x\"", "[1]",
        ]
        return feeds
    }

    @Test
    func everyFeedTheSchemaRefusesHasAValidateErrorAndEveryCleanFeedPassesIt() throws {
        let directory = try TemporaryDirectory()
        var paths: [String] = []
        for (index, feed) in Self.generatedFeeds.enumerated() {
            paths.append(try directory.write("generated-\(index).json", feed))
        }
        let fixtureFolders = ["Tests/AppAlertTests/Fixtures", "Tools/Fuzz/corpus/feed", "Examples"]
        for folder in fixtureFolders {
            let url = Self.repository.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".json") {
                paths.append(url.appendingPathComponent(name).path)
            }
        }
        let checked = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Self.repository.appendingPathComponent("scripts/schema-check").path, Self.schemaFile.path]
                + paths)
        #expect(checked.status == 0, "\(checked.standardError)")
        var verdicts: [String: String] = [:]
        for line in checked.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let path = parts[1].split(separator: ":", maxSplits: 1)[0]
            verdicts[String(path)] = String(line)
        }
        #expect(verdicts.count == paths.count)
        var refused = 0
        for path in paths {
            let verdict = try #require(verdicts[path], "no verdict for \(path)")
            let validate = try AppAlertProcess.run(["validate", path])
            if verdict.hasPrefix("invalid") {
                refused += 1
                #expect(validate.status != 0, "the schema refuses what validate accepts: \(verdict)")
            }
            if validate.status == 0 {
                #expect(verdict.hasPrefix("valid"), "validate accepts what the schema refuses: \(verdict)")
            }
        }
        // The generated set is mostly broken: a schema that refused nothing would pass the loop above.
        #expect(refused > Self.generatedFeeds.count / 2, "the schema refused only \(refused) feeds")
    }
}
