@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// The advice `validate` adds (same targeting, texts that fit) costs, per byte of feed, what it costs for
/// a real feed of the same size: a feed shaped to make it measure the most (one long text every
/// translation falls back to, in every variant; thousands of messages with one targeting) stays within a
/// small factor, so each text is measured once and no loop over the messages runs inside another.
struct FeedAdviceCostTests {
    /// Tags of three letters: `aaa`, `aab`, …
    static func tags(_ count: Int) -> [String] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { n -> String in
            let first: Character = letters[n / 676 % 26]
            let second: Character = letters[n / 26 % 26]
            let third: Character = letters[n % 26]
            return String([first, second, third])
        }
    }

    /// About `size` bytes of ordinary messages: a title, a paragraph, German and French, every third
    /// one an A/B test of two variants.
    static func benign(_ size: Int) -> String {
        var messages: [String] = []
        var bytes = 0
        var id = 1
        while bytes < size {
            let variants =
                id % 3 == 0 ? #", "variants": [{"weight": 1}, {"weight": 1, "title": "Try Pro \#(id) today"}]"# : ""
            let message = """
                {"id": \(id), "bundleId": "com.example.App", "layout": "modal", "title": "Folders are here \(id)",
                 "text": "Keep related notes together and find them in a moment, on every device you use.",
                 "appVersionRange": ">=2.\(id % 7)", "locales": ["de", "fr", "en"],
                 "localizations": {"de": {"title": "Ordner sind da", "text": "Zusammengehörige Notizen an einem Ort."},
                                   "fr": {"title": "Voici les dossiers", "text": "Vos notes rangées ensemble."}}\(variants)}
                """
            messages.append(message)
            bytes += message.utf8.count + 2
            id += 1
        }
        return "[" + messages.joined(separator: ", ") + "]"
    }

    static let shapes = [
        "one long text every translation and variant falls back to", "thousands of messages with one targeting",
    ]

    static func hostile(_ shape: String) -> String {
        switch shape {
        case "one long text every translation and variant falls back to":
            let localizations = tags(12_000).map { #""\#($0)": {"title": "x"}"# }.joined(separator: ", ")
            let variants = Array(repeating: #"{"weight": 1, "localizations": {"de": {"text": "z"}}}"#, count: 10)
            return #"[{"id": 1, "bundleId": "com.example.App", "layout": "modal", "title": "T", "text": ""#
                + String(repeating: "y", count: 9_000) + #"", "localizations": {"# + localizations
                + #"}, "variants": ["# + variants.joined(separator: ", ") + "]}]"
        default:
            return "["
                + (1...5_000).map { #"{"id": \#($0), "bundleId": "com.example.App", "title": "T", "text": "x"}"# }
                .joined(separator: ", ") + "]"
        }
    }

    static func advise(_ json: String) throws -> () -> Void {
        let data = Data(json.utf8)
        let decoded = try FeedDecoder().decode(data)
        #expect(decoded.errors.isEmpty)
        let document = try AppAlert.JSONParser().parse(data)
        return { _ = FeedAdvice.warnings(for: decoded.feed, document: document) }
    }

    @Test(arguments: shapes)
    func aFeedShapedForTheMostWorkCostsWhatARealFeedOfTheSameSizeCosts(_ shape: String) throws {
        let hostile = Self.hostile(shape)
        let benign = Self.benign(hostile.utf8.count)
        // The best of 7 rounds each: the suite runs tests side by side, and with 3 a machine at load
        // average 6 once measured 10.7 for a shape that passes alone.
        let ratio = CostRatio.perUnit(
            hostile: (hostile.utf8.count, try Self.advise(hostile)),
            benign: (benign.utf8.count, try Self.advise(benign)),
            rounds: 7)
        #expect(ratio < 8, "\(shape): \(ratio) times a real feed's cost per byte")
    }
}
