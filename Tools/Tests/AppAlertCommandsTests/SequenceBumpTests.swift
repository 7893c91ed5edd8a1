@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// Issue 31, 4: `sign --bump-sequence` changes the sequence's bytes and nothing else, so the commit
/// shows one line; the signature is of the new bytes.
@Suite(.serialized)
struct SequenceBumpTests {
    /// A feed as a person writes it: four spaces, a message on several lines, short arrays on one line,
    /// the sequence after the messages, and a `sequence` inside a message's data that is not the feed's.
    static let handWritten: String = {
        var lines = ["{", "    \"$schema\": \"schema/feed.schema.json\",", "    \"format\": 2,", "    \"messages\": ["]
        for id in 1...6 {
            lines += [
                "        {",
                "            \"id\": \(id),",
                "            \"bundleId\": \"com.example.Notes\",",
                "            \"title\": \"Message \(id)\",",
                "            \"text\": \"Text \(id)\",",
                "            \"appVersions\": [\"1.\(id)\", \"2.\(id)\"],",
                "            \"data\": { \"sequence\": \"\(id)\" },",
                "            \"confirmLabel\": \"OK\",",
            ]
            if id.isMultiple(of: 2) { lines.append("            \"dismissible\": true,") }
            lines += [
                "            \"platforms\": [\"ios\", \"macos\"]",
                id == 6 ? "        }" : "        },",
            ]
        }
        lines += ["    ],", "    \"sequence\": 41", "}"]
        return lines.joined(separator: "\n") + "\n"
    }()

    static func diff(_ old: String, _ new: String) throws -> String {
        try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["diff", old, new]).standardOutput
    }

    @Test
    func bumpingAHandWrittenFeedChangesExactlyTheSequencesLineAndTheSignatureIsOfTheNewBytes() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        #expect(Self.handWritten.split(separator: "\n").count == 70)
        let before = try directory.write("before.json", Self.handWritten)
        let feed = try directory.write("feed.json", Self.handWritten)
        let result = try AppAlertProcess.run(["sign", feed, "--key", key, "--bump-sequence"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("sequence 42"))
        #expect(try Self.diff(before, feed) == "69c69\n<     \"sequence\": 41\n---\n>     \"sequence\": 42\n")
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0)
    }

    @Test(arguments: [
        (
            "two spaces", "{\n  \"format\": 2,\n  \"messages\": []\n}\n",
            "{\n  \"sequence\": 1,\n  \"format\": 2,\n  \"messages\": []\n}\n"
        ),
        (
            "tabs", "{\n\t\"format\": 2,\n\t\"messages\": []\n}",
            "{\n\t\"sequence\": 1,\n\t\"format\": 2,\n\t\"messages\": []\n}"
        ),
        (
            "CRLF", "{\r\n    \"format\" : 2,\r\n    \"messages\" : []\r\n}\r\n",
            "{\r\n    \"sequence\" : 1,\r\n    \"format\" : 2,\r\n    \"messages\" : []\r\n}\r\n"
        ),
        ("compact", "{\"format\":2,\"messages\":[]}", "{\"sequence\":1,\"format\":2,\"messages\":[]}"),
        (
            "one spaced line", "{ \"format\": 2, \"messages\": [] }",
            "{ \"sequence\": 1, \"format\": 2, \"messages\": [] }"
        ),
        (
            "byte order mark", "\u{FEFF}{\n  \"format\": 2,\n  \"messages\": []\n}",
            "\u{FEFF}{\n  \"sequence\": 1,\n  \"format\": 2,\n  \"messages\": []\n}"
        ),
    ])
    func aMissingSequenceIsInsertedFirstInTheFilesOwnLayout(name: String, text: String, expected: String) throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", text)
        let result = try AppAlertProcess.run(["sign", feed, "--key", key, "--bump-sequence"])
        #expect(result.status == 0, "\(name): \(result.standardError)")
        // Bytes, not String(contentsOfFile:), which drops a byte order mark.
        #expect(try Data(contentsOf: URL(fileURLWithPath: feed)) == Data(expected.utf8), "\(name)")
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0, "\(name)")
    }

    @Test(arguments: [
        ("spaced value", "{\"sequence\" :   7 , \"format\": 2}", "{\"sequence\" :   8 , \"format\": 2}"),
        ("null", "{\"format\": 2, \"sequence\": null}", "{\"format\": 2, \"sequence\": 1}"),
        (
            "nested sequences untouched",
            "{\"messages\": [{\"sequence\": 5, \"data\": {\"sequence\": 5}}], \"sequence\": 5}",
            "{\"messages\": [{\"sequence\": 5, \"data\": {\"sequence\": 5}}], \"sequence\": 6}"
        ),
        ("empty object", "{ }", "{\"sequence\": 1 }"),
        ("only member", "{\n  \"messages\": []\n}", "{\n  \"sequence\": 1,\n  \"messages\": []\n}"),
    ])
    func theEditorChangesOnlyTheTopLevelValue(name: String, text: String, expected: String) throws {
        let current = try JSONParser().parse(text)
        guard case .object(let object) = current else {
            Issue.record("\(name): not an object")
            return
        }
        let next = (object["sequence"]?.integerValue ?? 0) + 1
        let edited = try JSONTextEdit.settingTopLevelMember("sequence", to: .integer(Int64(next)), in: Data(text.utf8))
        #expect(String(decoding: edited, as: UTF8.self) == expected, "\(name)")
    }

    @Test(arguments: [
        (
            "format 1", #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x"}]"#,
            "a format-1 feed (an array) has no place for a sequence"
        ),
        (
            "repeated key", "{\n  \"sequence\": 1,\n  \"format\": 2,\n  \"sequence\": 2,\n  \"messages\": []\n}",
            "\"sequence\" appears 2 times in the top-level object (lines 2, 4); keep one"
        ),
        // The feed is checked first, as validate would: its own words for a sequence that is no number.
        ("text", #"{"format": 2, "sequence": "3", "messages": []}"#, "\"sequence\" must be a whole number"),
        ("negative", #"{"format": 2, "sequence": -1, "messages": []}"#, "\"sequence\" must be a whole number"),
        ("fraction", #"{"format": 2, "sequence": 1.5, "messages": []}"#, "\"sequence\" must be a whole number"),
        // An error anywhere: the sequence its .sig was made with stays.
        (
            "an error in a message",
            #"{"format": 2, "sequence": 3, "messages": [{"id": 1, "bundleId": "a", "title": "T", "text": "x", "appVersionRange": "=>2"}]}"#,
            "1 error (appalert validate lists them); first: error: $.messages[0].appVersionRange"
        ),
        ("not JSON", #"{"format": 2, "messages": [],}"#, "not JSON: line 1, column 29: trailing comma"),
    ])
    func aFeedWhoseSequenceCannotBeRaisedIsLeftAsItIsAndNotSigned(name: String, text: String, message: String) throws {
        let directory = try TemporaryDirectory()
        let (key, _) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", text)
        let result = try AppAlertProcess.run(["sign", feed, "--key", key, "--bump-sequence"])
        #expect(result.status == 1, "\(name)")
        #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
        #expect(result.standardError.contains("nothing was changed or signed"), "\(name): \(result.standardError)")
        #expect(try String(contentsOfFile: feed, encoding: .utf8) == text, "\(name)")
        #expect(!FileManager.default.fileExists(atPath: feed + ".sig"), "\(name)")
    }
}
