import AppAlert
import Foundation
import Testing

@testable import AppAlertAuthoring

/// One edit of a feed's messages, as the console saves it.
enum MessageEdit: Sendable, CustomStringConvertible {
    case replace(Int, JSONValue)
    case append(JSONValue)
    case remove(Int)

    func apply(to data: Data) throws(JSONTextEdit.EditError) -> Data {
        switch self {
        case .replace(let id, let message): try JSONTextEdit.replacingMessage(id: id, with: message, in: data)
        case .append(let message): try JSONTextEdit.appendingMessage(message, in: data)
        case .remove(let id): try JSONTextEdit.removingMessage(id: id, in: data)
        }
    }

    /// The edit made on the parsed document: what the edited text must read back as.
    func apply(to document: JSONValue) -> JSONValue {
        func edited(_ messages: [JSONValue]) -> [JSONValue] {
            switch self {
            case .replace(let id, let message):
                messages.map {
                    MessageEditFixture.id(of: $0) == id ? MessageEditFixture.inFileOrder(message, old: $0) : $0
                }
            case .append(let message): messages + [message]
            case .remove(let id): messages.filter { MessageEditFixture.id(of: $0) != id }
            }
        }
        switch document {
        case .array(let messages): return .array(edited(messages))
        case .object(var object):
            let member = object.members.firstIndex { $0.key == "messages" }!
            guard case .array(let messages) = object.members[member].value else { return document }
            object.members[member].value = .array(edited(messages))
            return .object(object)
        default: return document
        }
    }

    var description: String {
        switch self {
        case .replace(let id, let message): "replace \(id) with \(message.serialized())"
        case .append(let message): "append \(message.serialized())"
        case .remove(let id): "remove \(id)"
        }
    }
}

enum MessageEditFixture {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/messages.json")

    static func parse(_ data: Data) throws -> JSONValue { try AppAlertAuthoring.JSONParser().parse(data) }

    static func id(of message: JSONValue) -> Int? {
        guard case .object(let object) = message else { return nil }
        return object["id"]?.integerValue
    }

    static func messages(_ document: JSONValue) -> [JSONValue] {
        switch document {
        case .array(let messages): return messages
        case .object(let object):
            guard case .array(let messages)? = object["messages"] else { return [] }
            return messages
        default: return []
        }
    }

    static func message(_ id: Int, in data: Data) throws -> JSONObject {
        let found = try #require(messages(try parse(data)).first { Self.id(of: $0) == id })
        guard case .object(let object) = found else { throw JSONTextEdit.EditError(reason: "not an object") }
        return object
    }

    /// `new` as the file writes it in place of `old`: in `new`'s order when the keys that stay are in
    /// `old`'s order there (an added key where it was put), else the keys `old` has in `old`'s order
    /// (objects in turn), then the others; `new` as it is when no key stays.
    static func inFileOrder(_ new: JSONValue, old: JSONValue) -> JSONValue {
        guard case .object(let newObject) = new, case .object(let oldObject) = old, !newObject.members.isEmpty,
            oldObject.members.contains(where: { newObject[$0.key] != nil })
        else { return new }
        let keptInNew = newObject.members.filter { oldObject[$0.key] != nil }.map(\.key)
        let keptInOld = oldObject.members.filter { newObject[$0.key] != nil }.map(\.key)
        if keptInNew == keptInOld {
            // The members that stay in the file's order: the new message's order is the file's.
            return .object(
                JSONObject(
                    newObject.members.map { member in
                        oldObject[member.key].map {
                            JSONObject.Member(key: member.key, value: inFileOrder(member.value, old: $0))
                        } ?? member
                    }))
        }
        let kept = oldObject.members.compactMap { member in
            newObject[member.key].map { JSONObject.Member(key: member.key, value: inFileOrder($0, old: member.value)) }
        }
        return .object(JSONObject(kept + newObject.members.filter { oldObject[$0.key] == nil }))
    }

    /// `object` with `key` set at `path` (keys of nested objects).
    static func setting(_ value: JSONValue?, at path: [String], in object: JSONObject) -> JSONObject {
        var object = object
        let key = path[0]
        if path.count == 1 {
            if let value {
                object.set(key, value)
            } else {
                object.members.removeAll { $0.key == key }
            }
        } else if case .object(let child)? = object[key] {
            object.set(key, .object(setting(value, at: Array(path.dropFirst()), in: child)))
        }
        return object
    }

    /// The lines that differ between two texts of the same number of lines.
    static func differingLines(_ old: String, _ new: String) -> [(old: String, new: String)] {
        let (oldLines, newLines) = (old.components(separatedBy: "\n"), new.components(separatedBy: "\n"))
        guard oldLines.count == newLines.count else { return [(old, new)] }
        return zip(oldLines, newLines).filter { $0 != $1 }.map { (old: $0, new: $1) }
    }
}

struct FeedMessageEditTests {
    typealias Fixture = MessageEditFixture

    /// The issue's round trip: open the example feed, edit one message's text, save: the one line
    /// that held the string changes, and in it that string alone.
    @Test(arguments: [
        (3, ["text"], "Sync is paused on Sunday from 03:00 to 05:00 UTC."),
        (1, ["title"], "App Alert \"beta\" \\ with a quote, a backslash and a line\nbreak"),
        (6, ["text"], "Ça salue deux fois plus vite. 👋"),
        (2, ["link", "title"], "Read more"),
        (4, ["localizations", "fr", "title"], "Mettez à jour"),
        (4, ["localizations", "pt-BR", "confirmLabel"], "Depois"),
    ])
    func changingOneStringOfTheExampleFeedChangesThatStringOnItsLineAndNothingElse(
        id: Int, path: [String], text: String
    ) throws {
        let original = try Data(contentsOf: Fixture.example)
        let old = try Fixture.message(id, in: original)
        let new = Fixture.setting(.string(text), at: path, in: old)
        let edited = try JSONTextEdit.replacingMessage(id: id, with: .object(new), in: original)
        let edit = MessageEdit.replace(id, .object(new))
        #expect(try Fixture.parse(edited) == edit.apply(to: try Fixture.parse(original)))
        let lines = Fixture.differingLines(
            String(decoding: original, as: UTF8.self), String(decoding: edited, as: UTF8.self))
        try #require(lines.count == 1, "\(lines)")
        var oldValue = JSONValue.object(old)
        for key in path {
            guard case .object(let object) = oldValue else { break }
            oldValue = object[key]!
        }
        // The line with the old string's JSON swapped for the new string's: the same line.
        let swapped = lines[0].old.replacingOccurrences(
            of: oldValue.serialized(), with: JSONValue.string(text).serialized())
        #expect(swapped == lines[0].new)
    }

    @Test
    func savingAMessageUnchangedGivesTheFileByteForByte() throws {
        let original = try Data(contentsOf: Fixture.example)
        for id in 1...6 {
            let message = try Fixture.message(id, in: original)
            #expect(try JSONTextEdit.replacingMessage(id: id, with: .object(message), in: original) == original)
        }
    }

    /// Member edits of the example feed, and the text they must give (`before` replaced by `after`
    /// once, at its first occurrence: message 1 is the file's first).
    static let exampleEdits: [(String, @Sendable (JSONObject) -> JSONObject, String, String)] = [
        (
            "a key added goes after the last member, on a line of its own",
            { Fixture.setting(.integer(5), at: ["priority"], in: $0) },
            "\"confirmLabel\": \"OK\"\n    },", "\"confirmLabel\": \"OK\",\n      \"priority\": 5\n    },"
        ),
        (
            "an array added is written on lines indented as the message's members",
            { Fixture.setting(["ios", "macos"], at: ["platforms"], in: $0) },
            "\"confirmLabel\": \"OK\"\n    },",
            "\"confirmLabel\": \"OK\",\n      \"platforms\": [\n        \"ios\",\n        \"macos\"\n      ]\n    },"
        ),
        (
            "the last key removed takes its line and the comma before it",
            { Fixture.setting(nil, at: ["confirmLabel"], in: $0) },
            "is a bug in the application and I am working on it.\",\n      \"confirmLabel\": \"OK\"\n    },",
            "is a bug in the application and I am working on it.\"\n    },"
        ),
        (
            "a key removed between others takes its line",
            { Fixture.setting(nil, at: ["bundleId"], in: $0) },
            "\"id\": 1,\n      \"bundleId\": \"com.createchsol.AppAlertExample\",\n      \"title\"",
            "\"id\": 1,\n      \"title\""
        ),
        (
            "a key put among the others goes there, on a line of its own, and the others stay",
            { message in
                var object = message
                object.members.insert(JSONObject.Member(key: "layout", value: "sheet"), at: 2)
                return object
            },
            "\"bundleId\": \"com.createchsol.AppAlertExample\",\n      \"title\"",
            "\"bundleId\": \"com.createchsol.AppAlertExample\",\n      \"layout\": \"sheet\",\n      \"title\""
        ),
        (
            "keys put first and among the others, with one removed: each goes where it was put",
            { message in
                var object = Fixture.setting(nil, at: ["title"], in: message)
                object.members.insert(JSONObject.Member(key: "priority", value: 3), at: 2)
                object.members.insert(JSONObject.Member(key: "note", value: "n"), at: 0)
                return object
            },
            "\"id\": 1,\n      \"bundleId\": \"com.createchsol.AppAlertExample\",\n      \"title\": \"App Alert\",\n      \"text\"",
            "\"note\": \"n\",\n      \"id\": 1,\n      \"bundleId\": \"com.createchsol.AppAlertExample\",\n      \"priority\": 3,\n      \"text\""
        ),
        (
            "a key removed and another added: the new one takes the end",
            { Fixture.setting("Later", at: ["dismissLabel"], in: Fixture.setting(nil, at: ["confirmLabel"], in: $0)) },
            "working on it.\",\n      \"confirmLabel\": \"OK\"\n    },",
            "working on it.\",\n      \"dismissLabel\": \"Later\"\n    },"
        ),
    ]

    @Test(arguments: 0..<exampleEdits.count)
    func aMemberAddedOrRemovedInTheExampleFeedTouchesItsOwnLinesAlone(edit: Int) throws {
        let (name, change, before, after) = Self.exampleEdits[edit]
        let original = try Data(contentsOf: Fixture.example)
        let new = change(try Fixture.message(1, in: original))
        let edited = try JSONTextEdit.replacingMessage(id: 1, with: .object(new), in: original)
        let text = String(decoding: original, as: UTF8.self)
        let range = try #require(text.range(of: before), "\(name)")
        #expect(String(decoding: edited, as: UTF8.self) == text.replacingCharacters(in: range, with: after), "\(name)")
    }

    /// Members sharing a line, removed: the other members' lines stay as they were. The message's
    /// members before `"text"`, before and after.
    static let sharedLineRemovals: [(removed: [String], before: String, after: String)] = [
        (
            ["colors"], "    \"id\": 1,\n    \"title\": \"T\", \"colors\": {\"background\": \"#000000\"},\n",
            "    \"id\": 1,\n    \"title\": \"T\",\n"
        ),
        (
            ["title"], "    \"id\": 1,\n    \"title\": \"T\", \"colors\": {\"background\": \"#000000\"},\n",
            "    \"id\": 1,\n    \"colors\": {\"background\": \"#000000\"},\n"
        ),
        (
            ["title", "colors"], "    \"id\": 1,\n    \"title\": \"T\", \"colors\": {\"background\": \"#000000\"},\n",
            "    \"id\": 1,\n"
        ),
        (["bundleId"], "    \"id\": 1, \"bundleId\": \"*\",\n", "    \"id\": 1,\n"),
    ]

    @Test(arguments: sharedLineRemovals)
    func aMemberRemovedFromALineItSharesLeavesTheOtherLinesAsTheyWere(
        removal: (removed: [String], before: String, after: String)
    ) throws {
        func feed(_ members: String) -> String {
            "{\n  \"format\": 2,\n  \"messages\": [{\n" + members + "    \"text\": \"x\"\n  }]\n}\n"
        }
        let data = Data(feed(removal.before).utf8)
        let message = try Fixture.message(1, in: data)
        let kept = JSONObject(message.members.filter { !removal.removed.contains($0.key) })
        let edited = try JSONTextEdit.replacingMessage(id: 1, with: .object(kept), in: data)
        #expect(String(decoding: edited, as: UTF8.self) == feed(removal.after))
    }

    @Test
    func aNumberTheBrowserWritesAnotherWayKeepsTheFilesSpelling() throws {
        let text =
            "[\n  {\"id\": 1, \"title\": \"T\", \"text\": \"x\", \"rollout\": 50.0, \"attributes\": {\"n\": 2.0}},\n]"
            .replacingOccurrences(of: "},\n]", with: "}\n]")
        let data = Data(text.utf8)
        // As JSON.stringify sends it back: 50.0 is 50, 2.0 is 2.
        let edited = try JSONTextEdit.replacingMessage(
            id: 1,
            with: ["id": 1, "title": "New", "text": "x", "rollout": 50, "attributes": ["n": 2]], in: data)
        #expect(String(decoding: edited, as: UTF8.self) == text.replacingOccurrences(of: "\"T\"", with: "\"New\""))
        // A number that did change is written.
        let changed = try JSONTextEdit.replacingMessage(
            id: 1, with: ["id": 1, "title": "T", "text": "x", "rollout": 51, "attributes": ["n": 2]], in: data)
        #expect(String(decoding: changed, as: UTF8.self) == text.replacingOccurrences(of: "50.0", with: "51"))
    }

    @Test
    func anArrayOnOneLineStaysOnOneLineWithItsSpacing() throws {
        let original = try Data(contentsOf: Fixture.example)
        let new = Fixture.setting(
            ["linux", "windows", "macos"], at: ["platforms"], in: try Fixture.message(6, in: original))
        let edited = try JSONTextEdit.replacingMessage(id: 6, with: .object(new), in: original)
        let lines = Fixture.differingLines(
            String(decoding: original, as: UTF8.self), String(decoding: edited, as: UTF8.self))
        #expect(lines.map(\.new) == ["      \"platforms\": [\"linux\", \"windows\", \"macos\"],"])
    }

    @Test
    func aMessageAppendedToTheExampleFeedFollowsTheLastOneWithItsIndentation() throws {
        let original = try Data(contentsOf: Fixture.example)
        let message: JSONValue = [
            "id": 7, "bundleId": "*", "title": "New", "link": ["title": "T", "url": "https://e.com"],
        ]
        let edited = try JSONTextEdit.appendingMessage(message, in: original)
        let text = String(decoding: original, as: UTF8.self)
        let tail = "\n    }\n  ]\n}\n"
        try #require(text.hasSuffix(tail))
        let expected =
            text.dropLast(tail.count)
            + "\n    },\n    {\n      \"id\": 7,\n      \"bundleId\": \"*\",\n      \"title\": \"New\",\n"
            + "      \"link\": {\n        \"title\": \"T\",\n        \"url\": \"https://e.com\"\n      }\n    }\n  ]\n}\n"
        #expect(String(decoding: edited, as: UTF8.self) == expected)
    }

    /// Small files of each layout and an edit: the exact text the edit gives.
    static let layouts: [(String, String, MessageEdit, String)] = [
        (
            "4 spaces: a text changed, a key added",
            "{\n    \"messages\": [\n        {\n            \"id\": 1,\n"
                + "            \"text\": \"a\"\n        }\n    ]\n}\n",
            .replace(1, ["id": 1, "text": "b", "link": ["url": "https://e.com"]]),
            "{\n    \"messages\": [\n        {\n            \"id\": 1,\n            \"text\": \"b\",\n"
                + "            \"link\": {\n                \"url\": \"https://e.com\"\n            }\n        }\n    ]\n}\n"
        ),
        (
            "tabs and CRLF: a key added",
            "{\r\n\t\"messages\": [\r\n\t\t{\r\n\t\t\t\"id\": 1,\r\n\t\t\t\"title\": \"A\"\r\n"
                + "\t\t}\r\n\t]\r\n}\r\n",
            .replace(1, ["id": 1, "title": "A", "text": "B"]),
            "{\r\n\t\"messages\": [\r\n\t\t{\r\n\t\t\t\"id\": 1,\r\n\t\t\t\"title\": \"A\",\r\n\t\t\t\"text\": \"B\"\r\n"
                + "\t\t}\r\n\t]\r\n}\r\n"
        ),
        (
            "tabs and CRLF: a message appended", "[\r\n\t{\r\n\t\t\"id\": 1\r\n\t}\r\n]\r\n",
            .append(["id": 2, "link": ["url": "u"]]),
            "[\r\n\t{\r\n\t\t\"id\": 1\r\n\t},\r\n\t{\r\n\t\t\"id\": 2,\r\n\t\t\"link\": {\r\n\t\t\t\"url\": \"u\"\r\n\t\t}\r\n"
                + "\t}\r\n]\r\n"
        ),
        (
            "compact: a key changed, one removed, one added",
            "[{\"id\":1,\"a\":1,\"b\":[1,2],\"c\":{\"d\":1}},{\"id\":2}]",
            .replace(1, ["id": 1, "b": [1, 2, 3], "c": ["d": 1, "e": [true]], "f": ["g": nil]]),
            "[{\"id\":1,\"b\":[1,2,3],\"c\":{\"d\":1,\"e\":[true]},\"f\":{\"g\":null}},{\"id\":2}]"
        ),
        (
            "compact: a message appended", "{\"format\":2,\"messages\":[{\"id\":1,\"t\":\"x\"}]}",
            .append(["id": 2, "t": ["y"]]),
            "{\"format\":2,\"messages\":[{\"id\":1,\"t\":\"x\"},{\"id\":2,\"t\":[\"y\"]}]}"
        ),
        (
            "one line with spaces: a message appended", "[{ \"id\": 1, \"t\": \"x\" }, { \"id\": 2 }]",
            .append(["id": 3, "t": ["y", "z"]]),
            "[{ \"id\": 1, \"t\": \"x\" }, { \"id\": 2 }, { \"id\": 3, \"t\": [\"y\", \"z\"] }]"
        ),
        (
            "messages on one line each: a message appended", "[\n  {\"id\": 1, \"t\": \"x\"},\n  {\"id\": 2}\n]\n",
            .append(["id": 3, "o": ["k": 1]]),
            "[\n  {\"id\": 1, \"t\": \"x\"},\n  {\"id\": 2},\n  {\"id\": 3, \"o\": {\"k\": 1}}\n]\n"
        ),
        (
            "an empty messages array in a pretty file", "{\n  \"format\": 2,\n  \"messages\": []\n}\n",
            .append(["id": 1, "t": "x"]),
            "{\n  \"format\": 2,\n  \"messages\": [\n    {\n      \"id\": 1,\n      \"t\": \"x\"\n    }\n  ]\n}\n"
        ),
        ("an empty array at the top", "[]\n", .append(["id": 1]), "[\n  {\n    \"id\": 1\n  }\n]\n"),
        (
            "an empty messages array on one line", "{\"format\": 2, \"messages\": []}", .append(["id": 1, "t": "x"]),
            "{\"format\": 2, \"messages\": [{\"id\": 1, \"t\": \"x\"}]}"
        ),
        (
            "the first message removed",
            "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n  },\n  {\n    \"id\": 3\n  }\n]\n",
            .remove(1), "[\n  {\n    \"id\": 2\n  },\n  {\n    \"id\": 3\n  }\n]\n"
        ),
        (
            "a middle message removed",
            "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n  },\n  {\n    \"id\": 3\n  }\n]\n",
            .remove(2), "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 3\n  }\n]\n"
        ),
        (
            "the last message removed",
            "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n  },\n  {\n    \"id\": 3\n  }\n]\n",
            .remove(3), "[\n  {\n    \"id\": 1\n  },\n  {\n    \"id\": 2\n  }\n]\n"
        ),
        (
            "the only message removed",
            "{\n  \"messages\": [\n    {\n      \"id\": 1\n    }\n  ],\n  \"format\": 2\n}\n",
            .remove(1), "{\n  \"messages\": [],\n  \"format\": 2\n}\n"
        ),
        ("compact: a message removed", "[{\"id\":1},{\"id\":2},{\"id\":3}]", .remove(2), "[{\"id\":1},{\"id\":3}]"),
        (
            "a byte order mark stays", "\u{FEFF}[{\"id\": 1, \"t\": \"x\"}]", .replace(1, ["id": 1, "t": "y"]),
            "\u{FEFF}[{\"id\": 1, \"t\": \"y\"}]"
        ),
        (
            "every member but the id removed, others added",
            "[\n  {\n    \"id\": 1,\n    \"a\": 1,\n    \"b\": 2\n  }\n]\n",
            .replace(1, ["id": 1, "c": 3]), "[\n  {\n    \"id\": 1,\n    \"c\": 3\n  }\n]\n"
        ),
        (
            "a nested object whose members all go is written anew",
            "[\n  {\n    \"id\": 1,\n    \"o\": {\n      \"a\": 1\n    }\n  }\n]\n",
            .replace(1, ["id": 1, "o": ["b": [2]]]),
            "[\n  {\n    \"id\": 1,\n    \"o\": {\n      \"b\": [\n        2\n      ]\n    }\n  }\n]\n"
        ),
        (
            "an id changed", "[\n  {\n    \"id\": 1,\n    \"t\": \"x\"\n  }\n]\n", .replace(1, ["id": 9, "t": "x"]),
            "[\n  {\n    \"id\": 9,\n    \"t\": \"x\"\n  }\n]\n"
        ),
    ]

    @Test(arguments: 0..<layouts.count)
    func anEditFollowsTheFilesOwnLayout(layout: Int) throws {
        let (name, before, edit, after) = Self.layouts[layout]
        let edited = try edit.apply(to: Data(before.utf8))
        #expect(String(decoding: edited, as: UTF8.self) == after, "\(name)")
        #expect(try Fixture.parse(edited) == edit.apply(to: try Fixture.parse(Data(before.utf8))), "\(name)")
    }

    static let pretty =
        "{\n  \"format\": 2,\n  \"messages\": [\n    {\n      \"id\": 1,\n      \"title\": \"a\",\n"
        + "      \"title\": \"b\"\n    },\n    {\n      \"id\": 2\n    },\n    {\n      \"id\": 2\n    }\n  ]\n}\n"

    /// Refusals, and the words that say where and why.
    static let refusals: [(String, MessageEdit, String)] = [
        ("{\"messages\": [}", .remove(1), "not JSON: line 1, column 15"),
        ("\"text\"", .remove(1), "not a feed: the top-level value is a string"),
        ("{\"format\": 2}", .append(["id": 1]), "it has no \"messages\""),
        ("{\"messages\": 3}", .append(["id": 1]), "not a feed: \"messages\" is a number, not an array"),
        (
            "{\"messages\": [],\n\"messages\": []}", .append(["id": 1]),
            "\"messages\" appears 2 times in the top-level object (lines 1, 2)"
        ),
        (pretty, .remove(3), "no message has \"id\" 3"),
        (pretty, .replace(9, ["id": 9]), "no message has \"id\" 9"),
        (pretty, .remove(2), "\"id\" 2 is on 2 messages (lines 9, 12)"),
        (pretty, .replace(1, "text"), "the message is a string, not an object"),
        (pretty, .replace(1, ["title": "c"]), "the message has no \"id\" that is a whole number"),
        (pretty, .append(["id": "4"]), "the message has no \"id\" that is a whole number"),
        (pretty, .append(["id": 1.5]), "the message has no \"id\" that is a whole number"),
        (pretty, .append(["id": 4, "x": .number(.infinity)]), "the message cannot be written as JSON: inf is not"),
        (pretty, .append(["id": 4, "x": FeedMessageEditTests.nested(62)]), "deeper than the feed's JSON may"),
        ("[]", .append(["id": 4, "x": FeedMessageEditTests.nested(62)]), ""),
        ("[]", .append(["id": 4, "x": FeedMessageEditTests.nested(63)]), "deeper than the feed's JSON may"),
        (pretty, .append(["id": 1]), "\"id\" 1 is already another message's (line 4)"),
        (pretty, .replace(1, ["id": 2]), "the message's new \"id\" 2 is already another message's (line 9)"),
        (
            pretty, .replace(1, ["id": 1, "title": "c"]),
            "\"title\" appears 2 times in message 1 (lines 6, 7); keep one"
        ),
        (
            "[{\"id\": 1, \"o\": {\"k\": 1,\n\"k\": 2}}]", .replace(1, ["id": 1, "o": ["k": 3]]),
            "\"k\" appears 2 times in message 1 at \"o\" (lines 1, 2); keep one"
        ),
        (
            "[{\"id\": 1}]",
            .replace(1, .object(JSONObject([.init(key: "id", value: 1), .init(key: "id", value: 1)]))),
            "the new message 1 repeats the key \"id\"; keep one"
        ),
    ]

    /// Arrays `levels` deep.
    static func nested(_ levels: Int) -> JSONValue {
        (1..<levels).reduce(JSONValue.array([])) { inner, _ in .array([inner]) }
    }

    /// An empty reason: the edit is made (the deepest message the reader takes, for the one just past it).
    @Test(arguments: 0..<refusals.count)
    func anEditThatCannotBeMadeIsRefusedSayingWhereAndWhy(refusal: Int) throws {
        let (text, edit, reason) = Self.refusals[refusal]
        var caught: JSONTextEdit.EditError?
        var edited: Data?
        do { edited = try edit.apply(to: Data(text.utf8)) } catch { caught = error }
        if reason.isEmpty {
            #expect(caught == nil)
            #expect(try Fixture.parse(try #require(edited)) == edit.apply(to: try Fixture.parse(Data(text.utf8))))
        } else {
            #expect(caught?.reason.contains(reason) == true, "\(edit): \(caught?.reason ?? "no error")")
        }
    }

    @Test
    func theMembersAMessageHadKeepTheirOrderWhateverTheOrderOfTheNewMessage() throws {
        let text = "[\n  {\n    \"id\": 1,\n    \"a\": 1,\n    \"o\": {\"x\": 1, \"y\": 2}\n  }\n]\n"
        let new: JSONValue = ["n": 2, "o": ["z": 3, "y": 2, "x": 0], "a": 1, "id": 1]
        let edited = try JSONTextEdit.replacingMessage(id: 1, with: new, in: Data(text.utf8))
        #expect(
            String(decoding: edited, as: UTF8.self)
                == "[\n  {\n    \"id\": 1,\n    \"a\": 1,\n    \"o\": {\"x\": 0, \"y\": 2, \"z\": 3},\n    \"n\": 2\n  }\n]\n"
        )
    }

    @Test
    func aDuplicatedKeyTheEditDoesNotTouchIsNoObstacle() throws {
        let text = "[{\"id\": 1, \"o\": {\"k\": 1, \"k\": 2}, \"t\": \"x\"}]"
        let edited = try JSONTextEdit.replacingMessage(
            id: 1,
            with: .object(
                JSONObject([
                    .init(key: "id", value: 1),
                    .init(key: "o", value: try Fixture.parse(Data("{\"k\": 1, \"k\": 2}".utf8))),
                    .init(key: "t", value: "y"),
                ])),
            in: Data(text.utf8))
        #expect(String(decoding: edited, as: UTF8.self) == "[{\"id\": 1, \"o\": {\"k\": 1, \"k\": 2}, \"t\": \"y\"}]")
    }
}
