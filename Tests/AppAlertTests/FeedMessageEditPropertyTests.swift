import AppAlert
import Foundation
import TestSupport
import Testing

@testable import AppAlertAuthoring

/// How a generated feed is written: indentation unit (nil: compact, on one line), line ending, arrays
/// and objects of scalars on one line with spaces (as Examples/messages.json writes links), and a
/// bare array or a format 2 object.
struct FeedTextLayout: Sendable, CustomStringConvertible {
    var unit: String?
    var newline = "\n"
    var inline = false
    var bareArray = false

    var description: String {
        let unitName = unit.map { $0 == "\t" ? "tabs" : "\($0.count) spaces" } ?? "compact"
        return unitName + (newline == "\r\n" ? ", CRLF" : "") + (inline ? ", inline leaves" : "")
            + (bareArray ? ", bare array" : ", format 2")
    }

    static let all: [FeedTextLayout] = [false, true].flatMap { bare in
        [
            FeedTextLayout(unit: "  ", bareArray: bare), FeedTextLayout(unit: "    ", bareArray: bare),
            FeedTextLayout(unit: "\t", bareArray: bare), FeedTextLayout(unit: "  ", newline: "\r\n", bareArray: bare),
            FeedTextLayout(unit: "\t", newline: "\r\n", bareArray: bare),
            FeedTextLayout(unit: "  ", inline: true, bareArray: bare), FeedTextLayout(unit: nil, bareArray: bare),
        ]
    }

    static func isLeaf(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): elements.isEmpty
        case .object(let object): object.members.isEmpty
        default: true
        }
    }

    func format(_ value: JSONValue, indent: String) -> String {
        guard let unit, !Self.isLeaf(value) else { return value.serialized() }
        let inner = indent + unit
        switch value {
        case .array(let elements):
            if inline, elements.allSatisfy(Self.isLeaf) {
                return "[" + elements.map { $0.serialized() }.joined(separator: ", ") + "]"
            }
            return "[" + elements.map { newline + inner + format($0, indent: inner) }.joined(separator: ",") + newline
                + indent + "]"
        case .object(let object):
            let members = object.members.map { JSONValue.string($0.key).serialized() + ": " }
            if inline, object.members.allSatisfy({ Self.isLeaf($0.value) }) {
                return "{ " + zip(members, object.members).map { $0 + $1.value.serialized() }.joined(separator: ", ")
                    + " }"
            }
            return "{"
                + zip(members, object.members).map { newline + inner + $0 + format($1.value, indent: inner) }
                .joined(separator: ",") + newline + indent + "}"
        default:
            return value.serialized()
        }
    }

    /// The feed's text, where each message lies in it, and where its messages array's `[` and `]` are.
    func document(_ messages: [JSONValue]) -> (text: String, ranges: [Range<Int>], open: Int, close: Int) {
        var text = ""
        var ranges: [Range<Int>] = []
        let u = unit ?? ""
        let nl = unit == nil ? "" : newline
        let space = unit == nil ? "" : " "
        let elementIndent = bareArray ? u : u + u
        if !bareArray { text += "{" + nl + u + "\"format\":" + space + "2," + nl + u + "\"messages\":" + space }
        let open = text.utf8.count
        text += "["
        for (position, message) in messages.enumerated() {
            text += (position > 0 ? "," : "") + nl + elementIndent
            let start = text.utf8.count
            text += format(message, indent: elementIndent)
            ranges.append(start..<text.utf8.count)
        }
        if !messages.isEmpty { text += nl + (bareArray ? "" : u) }
        let close = text.utf8.count
        text += "]"
        if !bareArray { text += "," + nl + u + "\"updates\":" + space + "[]" + nl + "}" }
        return (text + nl, ranges, open, close)
    }
}

/// Random messages and random edits of them.
enum RandomMessages {
    static let strings = [
        "Hello", "Ça va ?", "quote \" and backslash \\", "line\nbreak", "tab\there", "emoji 👋", "",
        "a, b: {c} [d]", "separator\u{2028}", "Update now", "  spaced  ",
    ]

    static func string(_ random: inout SeededGenerator) -> JSONValue { .string(strings[random.below(strings.count)]) }

    static func scalar(_ random: inout SeededGenerator) -> JSONValue {
        switch random.below(5) {
        case 0: string(&random)
        case 1: .integer(Int64(random.below(1000)) - 500)
        case 2: .bool(random.below(2) == 0)
        case 3: .null
        default: .number(Double(random.below(1000)) + 0.25)
        }
    }

    static func value(_ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch depth > 2 ? 0 : random.below(4) {
        case 0, 1: scalar(&random)
        case 2: .array((0..<random.below(4)).map { _ in value(&random, depth: depth + 1) })
        default:
            .object(
                JSONObject((0..<random.below(4)).map { .init(key: "k\($0)", value: value(&random, depth: depth + 1)) }))
        }
    }

    static func link(_ random: inout SeededGenerator) -> JSONValue {
        ["title": string(&random), "url": .string("https://example.com/\(random.below(100))")]
    }

    static func message(id: Int, _ random: inout SeededGenerator) -> JSONObject {
        var object = JSONObject()
        object.set("id", .integer(Int64(id)))
        object.set("bundleId", "com.example.App")
        object.set("title", string(&random))
        object.set("text", string(&random))
        if random.below(2) == 0 { object.set("link", link(&random)) }
        if random.below(2) == 0 {
            object.set(
                "platforms", .array(["ios", "macos", "linux"].filter { _ in random.below(2) == 0 }.map { .string($0) }))
        }
        if random.below(3) == 0 {
            object.set(
                "localizations",
                [
                    "fr": ["title": string(&random), "text": string(&random)],
                    "de": ["title": string(&random), "link": link(&random)],
                ])
        }
        if random.below(3) == 0 { object.set("priority", .integer(Int64(random.below(20)))) }
        return object
    }

    /// One random change of `object`, members it keeps in their places.
    static func mutate(_ object: JSONObject, _ random: inout SeededGenerator) -> JSONObject {
        var object = object
        let keys = object.keys.filter { $0 != "id" }
        switch random.below(7) {
        case 0:
            object.set(["title", "text"][random.below(2)], string(&random))
        case 1:
            object.set("extra\(random.below(3))", value(&random))
        case 2:
            if !keys.isEmpty {
                let key = keys[random.below(keys.count)]
                object.members.removeAll { $0.key == key }
            }
        case 3:
            guard case .object(var link)? = object["link"] else {
                object.set("link", link(&random))
                break
            }
            switch random.below(4) {
            case 0: link.set("title", string(&random))
            case 1: link.set("alt", value(&random))
            case 2: link.members.removeAll { $0.key == "url" }
            default: link = JSONObject(["label": string(&random)])
            }
            object.set("link", .object(link))
        case 4:
            object.set(
                "platforms",
                .array(["ios", "watchos", "linux"].filter { _ in random.below(2) == 0 }.map { .string($0) }))
        case 5:
            guard case .object(var localizations)? = object["localizations"],
                case .object(var french)? = localizations["fr"]
            else {
                object.set("localizations", ["es": ["title": string(&random)]])
                break
            }
            french.set(["title", "text", "confirmLabel"][random.below(3)], string(&random))
            localizations.set("fr", .object(french))
            if random.below(2) == 0 { localizations.members.removeAll { $0.key == "de" } }
            object.set("localizations", .object(localizations))
        default:
            // Another message under the same id: its members, the old ones in their old places.
            let other = message(id: object["id"]!.integerValue!, &random)
            let kept = object.members.compactMap { member in
                other[member.key].map { JSONObject.Member(key: member.key, value: $0) }
            }
            object = JSONObject(kept + other.members.filter { object[$0.key] == nil })
        }
        return object
    }
}

/// Random edits of random feeds in every layout: the edited text always reads back as the feed with
/// that edit made, changes no byte outside the message edited (or, for a message removed or appended,
/// outside it and its separator), and leaves no blank line, trailing space or foreign line ending.
///
/// Deterministic: the seed and the number of edits are fixed (APPALERT_EDIT_SEED and
/// APPALERT_EDIT_COUNT run others; a failure names the seed and the edit).
struct FeedMessageEditPropertyTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["APPALERT_EDIT_SEED"] ?? "") ?? 20_261_126
    static let count = Int(ProcessInfo.processInfo.environment["APPALERT_EDIT_COUNT"] ?? "") ?? 600

    @Test
    func everyEditReadsBackAsTheEditedFeedAndTouchesOnlyItsMessage() throws {
        var random = SeededGenerator(seed: Self.seed)
        var failures: [String] = []
        var kinds = [0, 0, 0]
        for trial in 0..<Self.count {
            let layout = FeedTextLayout.all[random.below(FeedTextLayout.all.count)]
            let messages = (0..<random.below(6)).map { RandomMessages.message(id: $0 + 1, &random) }
            let (text, ranges, open, close) = layout.document(messages.map { .object($0) })
            let edit: MessageEdit
            let allowed: Range<Int>
            let target = messages.isEmpty ? 0 : random.below(messages.count)
            switch messages.isEmpty ? 2 : random.below(5) {
            case 0, 1:
                var new = messages[target]
                for _ in 0...random.below(3) { new = RandomMessages.mutate(new, &random) }
                edit = .replace(target + 1, .object(new))
                allowed = ranges[target]
                kinds[0] += 1
            case 2:
                let new = RandomMessages.message(id: messages.count + 1, &random)
                edit = .append(.object(new))
                allowed = (ranges.last?.upperBound ?? open + 1)..<close
                kinds[1] += 1
            default:
                edit = .remove(target + 1)
                let start = target > 0 ? ranges[target - 1].upperBound : open + 1
                allowed = start..<(target + 1 < ranges.count ? ranges[target + 1].lowerBound : close)
                kinds[2] += 1
            }
            let context = "seed \(Self.seed), edit \(trial), \(layout): \(edit)\n\(text)"
            let original = Data(text.utf8)
            let edited: Data
            do {
                edited = try edit.apply(to: original)
            } catch {
                failures.append("\(context)\nrefused: \(error)")
                continue
            }
            let result = String(decoding: edited, as: UTF8.self)
            guard try MessageEditFixture.parse(edited) == edit.apply(to: try MessageEditFixture.parse(original)) else {
                failures.append("\(context)\nreads back as another feed:\n\(result)")
                continue
            }
            let (old, new) = (Array(original), Array(edited))
            // The bytes before and after the edit's span, unchanged at the start and the end.
            let kept = allowed.lowerBound + (old.count - allowed.upperBound)
            guard kept <= new.count, new.starts(with: old[..<allowed.lowerBound]),
                new[(new.count - (old.count - allowed.upperBound))...] == old[allowed.upperBound...]
            else {
                failures.append("\(context)\nchanged bytes outside \(allowed):\n\(result)")
                continue
            }
            // An empty bare array shows no indentation: the one written is the default's.
            if layout.bareArray, messages.isEmpty { continue }
            if let unit = layout.unit, let problem = Self.layoutProblem(result, unit: unit, newline: layout.newline) {
                failures.append("\(context)\n\(problem):\n\(result)")
            }
        }
        #expect(
            failures.count == 0, "\(failures.count) of \(Self.count) edits failed; the first:\n\(failures.first ?? "")")
        #expect(kinds.allSatisfy { $0 > Self.count / 10 }, "replaced, appended, removed: \(kinds)")
    }

    /// What in `text` a file indented with `unit` and ending lines with `newline` would not have.
    static func layoutProblem(_ text: String, unit: String, newline: String) -> String? {
        let lines = text.components(separatedBy: "\n").dropLast()
        for (number, line) in lines.enumerated() {
            let body = newline == "\r\n" ? String(line.dropLast()) : line
            if newline == "\r\n", !line.hasSuffix("\r") { return "line \(number + 1) ends without CR" }
            if body.contains("\r") { return "line \(number + 1) has a CR inside" }
            if body.trimmingCharacters(in: .whitespaces).isEmpty { return "line \(number + 1) is blank" }
            if body.last == " " || body.last == "\t" { return "line \(number + 1) ends with whitespace" }
            let indent = body.prefix { $0 == " " || $0 == "\t" }
            if indent.contains(unit == "\t" ? " " : "\t") { return "line \(number + 1) mixes tabs and spaces" }
            if indent.count % unit.count != 0 { return "line \(number + 1) is indented by \(indent.count)" }
        }
        return nil
    }
}

/// Hostile feeds cost an edit what a benign feed of the same size costs: per byte, within a small
/// factor (the existing cost tests' bound; a loop over the input inside a loop over it is hundreds
/// of times over at these sizes).
/// One case at a time, each hostile feed measured right beside its benign one.
@Suite(.serialized)
struct FeedMessageEditCostTests {
    /// How many times `hostile` costs what `benign` costs per byte: each the best of five runs, taken
    /// in turns so a busy machine weighs on both alike.
    static func ratio(_ hostile: (String, MessageEdit), _ benign: (String, MessageEdit)) throws -> Double {
        let (hostileData, benignData) = (Data(hostile.0.utf8), Data(benign.0.utf8))
        var best = (Double.infinity, Double.infinity)
        for _ in 0..<5 {
            best.0 = min(best.0, try CostRatio.seconds { _ = try hostile.1.apply(to: hostileData) })
            best.1 = min(best.1, try CostRatio.seconds { _ = try benign.1.apply(to: benignData) })
        }
        return (best.0 / Double(hostileData.count)) / (best.1 / Double(benignData.count))
    }

    /// Ordinary messages (the example feed's kind) up to `bytes`, pretty-printed, and one message's
    /// text changed in the middle.
    static func benign(bytes: Int) -> (String, MessageEdit) {
        var random = SeededGenerator(seed: 7)
        var messages: [JSONValue] = []
        var size = 0
        while size < bytes {
            var message = RandomMessages.message(id: messages.count + 1, &random)
            message.set("link", ["title": "Read more", "url": "https://example.com/notes"])
            size += JSONValue.object(message).serialized(pretty: true).utf8.count + 8
            messages.append(.object(message))
        }
        let middle = messages.count / 2
        guard case .object(var changed) = messages[middle] else { return ("", .remove(0)) }
        changed.set("text", "Changed text")
        changed.set("link", ["title": "Read more now", "url": "https://example.com/notes"])
        return (FeedTextLayout(unit: "  ").document(messages).text, .replace(middle + 1, .object(changed)))
    }

    static func tiny(_ count: Int) -> String {
        "{\n  \"format\": 2,\n  \"messages\": [\n"
            + (1...count).map { "    {\"id\": \($0), \"t\": \"x\"}" }.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func wide(_ value: Int, keys: Range<Int>) -> JSONObject {
        JSONObject([.init(key: "id", value: 1)] + keys.map { .init(key: "k\($0)", value: .integer(Int64(value))) })
    }

    /// Branches of objects nested as deep as the parser allows, the deepest value `value`.
    static func deep(_ value: Int, branches: Int) -> JSONObject {
        var chain: JSONValue = ["v": .integer(Int64(value))]
        for _ in 0..<58 { chain = ["a": chain] }
        return JSONObject([.init(key: "id", value: 1)] + (0..<branches).map { .init(key: "b\($0)", value: chain) })
    }

    static func escaped(_ text: String) -> JSONObject {
        JSONObject(
            [.init(key: "id", value: 1)]
                + (0..<2_000).map {
                    .init(key: "s\($0)", value: .string(String(repeating: "\"\\\n\u{1}" + text, count: 20)))
                })
    }

    static let hostile: [(String, @Sendable () -> (String, MessageEdit))] = [
        ("20,000 tiny messages, the last replaced", { (tiny(20_000), .replace(20_000, ["id": 20_000, "t": "y"])) }),
        ("20,000 tiny messages, the first removed", { (tiny(20_000), .remove(1)) }),
        ("20,000 tiny messages, one appended", { (tiny(20_000), .append(["id": 20_001, "t": "y"])) }),
        (
            "one message of 20,000 keys, every value changed",
            {
                (
                    FeedTextLayout(unit: "  ").document([.object(wide(1, keys: 0..<20_000))]).text,
                    .replace(1, .object(wide(2, keys: 0..<20_000)))
                )
            }
        ),
        (
            "one message of 20,000 keys, half removed and as many added",
            {
                (
                    FeedTextLayout(unit: "  ").document([.object(wide(1, keys: 0..<20_000))]).text,
                    .replace(1, .object(wide(1, keys: 10_000..<30_000)))
                )
            }
        ),
        (
            "branches nested 58 deep, the deepest value of each changed",
            {
                (
                    FeedTextLayout(unit: nil, bareArray: true).document([.object(deep(1, branches: 1_500))]).text,
                    .replace(1, .object(deep(2, branches: 1_500)))
                )
            }
        ),
        (
            "strings of escapes, every one changed",
            {
                (
                    FeedTextLayout(unit: "  ").document([.object(escaped("a"))]).text,
                    .replace(1, .object(escaped("b")))
                )
            }
        ),
    ]

    @Test(arguments: 0..<hostile.count)
    func aHostileFeedCostsAnEditWhatABenignFeedOfItsSizeCosts(shape: Int) throws {
        let (name, make) = Self.hostile[shape]
        let (text, edit) = make()
        let ratio = try Self.ratio((text, edit), Self.benign(bytes: text.utf8.count))
        #expect(ratio < 8, "\(name): \(ratio) times the cost per byte (\(text.utf8.count) bytes)")
    }
}
