import AppAlert
import Foundation
import Testing

/// `FeedDecoder.decode(_: Data)` reads each message as the parser reaches it, without the whole
/// document as a tree; it must give exactly what decoding the parsed document gives.
struct StreamedDecodingTests {
    static let good = #"{"id": 1, "bundleId": "a", "title": "T", "text": "x"}"#
    static let bad = #"{"id": 2, "bundleId": "a", "title": 5, "text": "x", "titel": "y"}"#

    /// Limits small enough for the message cap and the diagnostic cap to meet other diagnostics.
    static let small: FeedLimits = {
        var limits = FeedLimits()
        limits.maximumMessages = 2
        limits.maximumDiagnostics = 3
        return limits
    }()

    static let documents: [(String, String)] = [
        ("format 1", "[\(good), \(bad)]"),
        ("format 2", #"{"format": 2, "messages": [\#(good), \#(bad)]}"#),
        ("empty arrays", "[]"),
        ("empty messages", #"{"format": 2, "messages": []}"#),
        ("byte order mark and spaces", "\u{FEFF}  [ \(good) ]  "),
        ("the last messages array is used", #"{"format": 2, "messages": [\#(bad)], "messages": [\#(good)]}"#),
        ("a last messages that is not an array", #"{"format": 2, "messages": [\#(good)], "messages": "x"}"#),
        ("an array after a string", #"{"messages": "x", "messages": [\#(good)], "format": 2}"#),
        (
            "messages before the keys that are diagnosed first",
            #"{"messages": [\#(bad), \#(bad)], "format": 3, "sequence": -1, "mesages": 1, "updates": [{"bundleId": 3}]}"#
        ),
        ("more messages than the limit", "[\(good), \(bad), \(good), \(bad)]"),
        ("more messages than the limit, format 2", #"{"updates": 1, "messages": [\#(bad), \#(bad), \#(bad)]}"#),
        (
            "a messages key inside a message",
            #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x", "messages": [1]}]"#
        ),
        ("a messages key deeper down", #"{"format": 2, "updates": [{"messages": [\#(bad)]}], "messages": [\#(good)]}"#),
        ("repeated ids", "[\(good), \(good), \(good)]"),
        ("elements that are not objects", #"[1, "x", null, [\#(good)], \#(good)]"#),
        ("a syntax error after the messages", "[\(good), \(bad),"),
        ("a syntax error in format 2", #"{"messages": [\#(good)], "format" 2}"#),
        ("trailing bytes", "[\(good)] x"),
        ("neither shape", #"{"foo": [\#(good)]}"#),
        (
            "nesting too deep inside a message",
            "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "]"
        ),
    ]

    @Test(arguments: documents, [FeedLimits(), small])
    func decodingBytesGivesWhatDecodingTheirDocumentGives(document: (name: String, text: String), limits: FeedLimits) {
        let data = Data(document.text.utf8)
        let decoder = FeedDecoder(limits: limits)
        let streamed = Result { () throws(FeedError) in try decoder.decode(data) }
        let whole: Result<FeedDecodingResult, FeedError>
        do {
            let tree = try JSONParser(maximumDepth: limits.maximumDepth).parse(data)
            whole = Result { () throws(FeedError) in try decoder.decode(tree) }
        } catch {
            whole = .failure(FeedError(kind: .notJSON, reason: error.description, syntaxError: error))
        }
        #expect(streamed == whole, "\(document.name)")
    }

    @Test(arguments: ["tutorial-1.json", "tutorial-2.json", "broken.json", "several-apps.json"])
    func theFixturesDecodeAlikeBothWays(name: String) throws {
        let data = try Fixtures.data(name)
        for limits in [FeedLimits(), Self.small] {
            let decoder = FeedDecoder(limits: limits)
            #expect(try decoder.decode(data) == decoder.decode(JSONParser().parse(data)), "\(name)")
        }
    }
}
