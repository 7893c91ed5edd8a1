@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// A feed is hostile input: whatever its titles, texts, keys and values hold, what `appalert` prints
/// cannot drive the terminal (escape sequences, a clipboard write by OSC 52, C1 controls) or show a line
/// in another order than it is written (bidirectional controls and marks). Text output has them
/// replaced by spaces and keeps the words; diagnostics show them as escapes; JSON escapes them and
/// still says exactly what the feed holds. Each command runs as a real process on a feed file.
struct HostileTextCommandTests {
    /// Escape sequences (OSC 52, clear screen, colour), a C1 control sequence introducer, DEL, an
    /// override, a feed's own isolate and right-to-left marks, in titles, texts, a link's title, a key, a
    /// layout and a platform.
    static let title = "Hello\u{1B}]52;c;aGk=\u{07} world"
    static let inboxText = "a\u{1B}[2J\u{1B}[31mred\u{202E} evil \u{2068}\u{200F}approved\u{200F} not\u{2069} today"
    static let hostileFeed = #"""
        {"format": 2, "messages": [
         {"id": 3, "bundleId": "com.x", "title": "Hello\u001b]52;c;aGk=\u0007 world",
          "text": "a\u001b[2J\u001b[31mred\u202e evil \u2068\u200fapproved\u200f not\u2069 today", "placement": "inbox"},
         {"id": 4, "bundleId": "com.x", "title": "Launch\u001b[31m red \u202eabc\u009b2J\u007f", "text": "x\u061cy",
          "link": {"title": "Go\u001b[1m on", "url": "https://example.com/go"}},
         {"id": 5, "bundleId": "com.x", "title": "T", "text": "x", "ti\u001b]52;c;aGk=\u0007tle\u202e": 1,
          "layout": "mod\u001b[2Jal\u202e"},
         {"id": 6, "bundleId": "com.x", "title": "T6", "text": "x", "platforms": ["i\u001b[31mos\u202e"]}
        ]}
        """#
    static let benignFeed = #"{"format": 2, "messages": [{"id": 1, "bundleId": "com.x", "title": "Old", "text": "x"}]}"#

    /// Whether a terminal would act on `scalar` or reorder the line around it: a control character
    /// other than the line break, a bidirectional control or a direction mark.
    static func drivesTheTerminal(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.generalCategory == .control && scalar != "\n")
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || [0x200E, 0x200F, 0x061C].contains(scalar.value)
    }

    /// Each command's text output, and words it must still show.
    static let textCommands: [(String, [String], [String])] = [
        (
            "validate", ["validate", "FEED"],
            [
                #"unknown key "ti\u001B]52;c;aGk=\u0007tle\u202E""#, #""mod\u001B[2Jal\u202E""#,
                #""i\u001B[31mos\u202E""#,
            ]
        ),
        (
            "evaluate", ["evaluate", "FEED", "--bundle-id", "com.x", "--app-version", "1.0", "--explain"],
            ["Launch", " red ", "abc"]
        ),
        (
            "inbox", ["inbox", "FEED", "--bundle-id", "com.x", "--app-version", "1.0"],
            ["Hello ]52;c;aGk=  world", "a [2J [31mred  evil   approved  not  today"]
        ),
        ("audience", ["audience", "FEED", "--bundle-id", "com.x"], ["Launch [31m red  abc"]),
        ("diff", ["diff", "OLD", "FEED", "--now", "2026-11-22T00:00:00Z"], ["Launch [31m red  abc"]),
        (
            "check", ["check", "FEED", "--bundle-id", "com.x", "--app-version", "1.0", "--state-dir", "STATE"],
            ["Launch [31m red  abc", "Go [1m on"]
        ),
    ]

    static func run(_ arguments: [String], in directory: borrowing TemporaryDirectory) throws -> AppAlertProcess.Result
    {
        let feed = try directory.write("hostile.json", hostileFeed)
        let old = try directory.write("old.json", benignFeed)
        let state = directory.url.appendingPathComponent("state").path
        return try AppAlertProcess.run(
            arguments.map { ["FEED": feed, "OLD": old, "STATE": state][$0] ?? $0 })
    }

    @Test(arguments: textCommands)
    func aFeedsStringsCannotDriveTheTerminalInTextOutput(name: String, arguments: [String], words: [String]) throws {
        let directory = try TemporaryDirectory()
        let result = try Self.run(arguments, in: directory)
        #expect(result.status <= 1, "\(name): \(result.standardError)")
        for (stream, text) in [("stdout", result.standardOutput), ("stderr", result.standardError)] {
            let found = text.unicodeScalars.filter(Self.drivesTheTerminal).map { String($0.value, radix: 16) }
            #expect(found.isEmpty, "\(name) \(stream) holds U+\(found): \(text)")
        }
        for word in words {
            #expect(
                result.standardOutput.contains(word) || result.standardError.contains(word),
                "\(name): \(word) in \(result.standardOutput)\(result.standardError)")
        }
    }

    /// `--json` is escaped, not altered: parsed, it holds the feed's strings exactly, and its bytes hold
    /// no control character but line breaks, and no bidirectional control.
    @Test(arguments: [
        (["inbox", "FEED", "--bundle-id", "com.x", "--app-version", "1.0", "--json"], title),
        (["inbox", "FEED", "--bundle-id", "com.x", "--app-version", "1.0", "--json"], inboxText),
        (
            ["evaluate", "FEED", "--bundle-id", "com.x", "--app-version", "1.0", "--json"],
            "Launch\u{1B}[31m red \u{202E}abc\u{9B}2J\u{7F}"
        ),
        (["validate", "FEED", "--json"], "ti\u{1B}]52;c;aGk=\u{07}tle\u{202E}"),
    ])
    func jsonOutputIsEscapedAndExact(arguments: [String], feedString: String) throws {
        let directory = try TemporaryDirectory()
        let result = try Self.run(arguments, in: directory)
        #expect(result.status <= 1, "\(result.standardError)")
        let found = result.standardOutput.unicodeScalars.filter(Self.drivesTheTerminal).map {
            String($0.value, radix: 16)
        }
        #expect(found.isEmpty, "\(arguments[0]) --json holds U+\(found)")
        let parsed = try JSONParser().parse(result.standardOutput)
        #expect(Self.strings(in: parsed).contains(feedString), "\(result.standardOutput)")
    }

    /// Every string in `value`, keys included.
    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let items): items.flatMap(strings(in:))
        case .object(let object): object.members.flatMap { [$0.key] + strings(in: $0.value) }
        default: []
        }
    }
}
