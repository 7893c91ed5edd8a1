import Foundation

/// Feeds built to make a feed decoder slow or its output huge, and a benign feed of any size to
/// compare them with: shared by HostileFeedTests (ratios in a debug build) and FeedBenchmark
/// `--hostile` (ratios in a release build), and written to Fuzz/corpus by `--write-corpus`.
public enum HostileFeeds {
    /// A benign format-1 feed of about `bytes` bytes: ordinary messages with targeting.
    public static func benign(bytes: Int) -> Data {
        var parts: [String] = []
        var size = 2
        var id = 1
        while size < bytes {
            let message = """
                {"id": \(id), "bundleId": "com.example.App", "title": "Message \(id)", "text": "Some text for message \(id) that says something useful.", "appVersions": ["1.0", "1.1", "2.0.1"], "osVersionRange": ">=17.0 <19", "platforms": ["ios", "macos"], "locales": ["en", "fr-CA"], "link": {"title": "More", "url": "https://example.com/\(id)"}, "localizations": {"fr": {"title": "Message \(id)", "text": "Un texte."}}}
                """
            parts.append(message)
            size += message.utf8.count + 1
            id += 1
        }
        return Data(("[" + parts.joined(separator: ",") + "]").utf8)
    }

    public static func message(_ extra: String) -> Data {
        Data(("[{\"id\": 1, \"bundleId\": \"com.example.App\", \"title\": \"t\", \"text\": \"x\"" + extra + "}]").utf8)
    }

    public static func repeated(_ count: Int, _ item: (Int) -> String) -> String {
        (0..<count).map(item).joined(separator: ",")
    }

    /// The shapes, each about 1–2 MB.
    public static let shapes: [(String, @Sendable () -> Data)] = [
        ("100,000 unknown keys in one message", { message(", " + repeated(100_000) { "\"k\($0)\": 1" }) }),
        ("one 1,000,000-character key", { message(", \"" + String(repeating: "k", count: 1_000_000) + "\": 1") }),
        (
            "300 long keys near known names",
            { message(", " + repeated(300) { "\"titl\($0)" + String(repeating: "e", count: 5_000) + "\": 1" }) }
        ),
        ("200,000 repeated keys", { message(", " + repeated(200_000) { _ in "\"title\": \"t\"" }) }),
        (
            "100,000 localizations",
            { message(", \"localizations\": {" + repeated(100_000) { "\"x-\($0)\": {\"title\": \"t\"}" } + "}") }
        ),
        (
            // Every language checked for a variant's texts (its own tags and the message's, each matched
            // in the other list): one look-up each, not a pass over the other list.
            "two variants and 60,000 localizations of one language",
            {
                message(
                    ", \"variants\": [{\"weight\": 1, \"title\": \"v\", \"localizations\": {"
                        + repeated(30_000) { "\"x-a\($0)\": {\"text\": \"t\"}" }
                        + "}}, {\"weight\": 1, \"title\": \"w\"}], \"localizations\": {"
                        + repeated(30_000) { "\"x-b\($0)\": {\"text\": \"t\"}" } + "}")
            }
        ),
        (
            "100,000 near-miss keys at the top of a format-2 feed",
            {
                Data(
                    ("{\"format\": 2, \"messages\": [], " + repeated(100_000) { "\"messagez\($0 % 10)\": \($0)" } + "}")
                        .utf8)
            }
        ),
        ("a list of 200,000 versions", { message(", \"appVersions\": [" + repeated(200_000) { "\"1.\($0)\"" } + "]") }),
        (
            "10,000 messages each with a 9,000-character version",
            {
                Data(
                    ("["
                        + repeated(150) {
                            "{\"id\": \($0 + 1), \"bundleId\": \"a\", \"title\": \"t\", \"text\": \"x\", \"appVersions\": [\"1."
                                + String(repeating: "1.", count: 4_500) + "\"]}"
                        } + "]").utf8)
            }
        ),
        (
            "ranges with thousands of alternatives",
            {
                Data(
                    ("["
                        + repeated(150) {
                            "{\"id\": \($0 + 1), \"bundleId\": \"a\", \"title\": \"t\", \"text\": \"x\", \"appVersionRange\": \""
                                + repeated(900) { "1.\($0)" }.replacingOccurrences(of: ",", with: " || ") + "\"}"
                        } + "]").utf8)
            }
        ),
        (
            "100,000 attributes, each a list",
            { message(", \"attributes\": {" + repeated(100_000) { "\"a\($0)\": [\"x\", \($0)]" } + "}") }
        ),
        (
            "a 50,000-step rollout schedule going backwards",
            {
                message(
                    ", \"rolloutSchedule\": ["
                        + repeated(50_000) { "{\"at\": \"2027-01-01T00:00:00Z\", \"percent\": \(100 - $0 % 100)}" }
                        + "]")
            }
        ),
        (
            "10,000 messages with 10 variants each",
            {
                Data(
                    ("["
                        + repeated(2_000) {
                            "{\"id\": \($0 + 1), \"bundleId\": \"a\", \"title\": \"t\", \"text\": \"x\", \"variants\": ["
                                + repeated(10) { "{\"weight\": \($0), \"title\": 9, \"extra\": 1}" } + "]}"
                        } + "]").utf8)
            }
        ),
        (
            "10,000 messages full of errors",
            {
                Data(
                    ("["
                        + repeated(10_000) {
                            "{\"id\": \($0 + 1), \"bundleId\": 1, \"title\": 2, \"text\": 3, \"appVersions\": [\"x\"], \"rollout\": 900}"
                        } + "]").utf8)
            }
        ),
        // The rich keys (issue 20): lists far over their limits, and messages whose every rich key is wrong.
        (
            "2,000 features",
            {
                message(
                    ", \"layout\": \"sheet\", \"features\": ["
                        + repeated(2_000) {
                            "{\"title\": \"Feature \($0)\", \"text\": \"t\", \"symbol\": \"star.fill\"}"
                        } + "]")
            }
        ),
        ("100,000 data keys", { message(", \"data\": {" + repeated(100_000) { "\"key\($0)\": \"v\"" } + "}") }),
        (
            "10,000 buttons",
            {
                message(
                    ", \"buttons\": ["
                        + repeated(10_000) {
                            "{\"title\": \"B\($0)\", \"action\": {\"url\": \"https://example.com/\($0)\"}}"
                        } + "]")
            }
        ),
        (
            "10,000 messages with every rich key wrong",
            {
                Data(
                    ("["
                        + repeated(10_000) {
                            "{\"id\": \($0 + 1), \"bundleId\": \"a\", \"title\": \"t\", \"text\": \"x\", \"layout\": \"modal\", "
                                + "\"buttons\": [{\"action\": {}}], \"colors\": {\"text\": \"red\", \"dark\": 1}, "
                                + "\"image\": {\"url\": \"ftp://x\"}, \"data\": {\"k\": 1}, \"placement\": \"a b\"}"
                        } + "]").utf8)
            }
        ),
        // Against reading for one app (FeedDecoder.bundleID), which screens each message by its app keys
        // before building it.
        (
            "10,000 messages naming the app after all their other keys",
            {
                Data(
                    ("["
                        + repeated(10_000) {
                            "{\"title\": \"Message \($0)\", \"text\": \"Some text.\", \"appVersions\": [\"1.0\", \"2.0\"], "
                                + "\"link\": {\"title\": \"More\", \"url\": \"https://example.com/\($0)\"}, "
                                + "\"id\": \($0 + 1), \"bundleId\": \"com.example.App\"}"
                        } + "]").utf8)
            }
        ),
        (
            "100,000 repeated bundleId keys of another app",
            {
                Data(
                    ("[{\"id\": 1, \"title\": \"t\", \"text\": \"x\", "
                        + repeated(100_000) { _ in "\"bundleId\": \"com.example.Other\"" } + "}]").utf8)
            }
        ),
        (
            "bundleIds of 100,000 other apps",
            {
                Data(
                    ("[{\"id\": 1, \"title\": \"t\", \"text\": \"x\", \"bundleIds\": ["
                        + repeated(100_000) { "\"com.example.Other\($0)\"" } + "]}]").utf8)
            }
        ),
        (
            "10,000 other apps' messages nested 60 deep",
            {
                Data(
                    ("["
                        + repeated(10_000) {
                            "{\"id\": \($0 + 1), \"bundleId\": \"com.example.Other\", \"data\": "
                                + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "}"
                        } + "]").utf8)
            }
        ),
    ]

}
