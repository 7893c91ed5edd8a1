@_spi(Authoring) import AppAlert
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
        // Read for one app (FeedDecoder.bundleID): screened while streamed, sorted from the tree.
        (
            "other apps' messages around this app's",
            #"[{"id": 1, "bundleId": "b", "title": 5}, \#(good), {"bundleIds": ["b", "c"], "id": 3}]"#
        ),
        ("an id of another app's message reused", #"[{"id": 2, "bundleId": "b"}, \#(bad), \#(good)]"#),
        ("bundle keys after the others", #"[{"title": "T", "text": "x", "id": 4, "bundleId": "b"}]"#),
        (
            "a repeated bundle key",
            #"[{"id": 5, "bundleId": "a", "bundleId": "b"}, {"id": 6, "bundleId": "b", "bundleId": "a", "title": "T", "text": "x"}]"#
        ),
        (
            "null, empty and malformed bundle keys",
            #"[{"id": 7, "bundleId": null, "bundleIds": ["b"]}, {"id": 8, "bundleIds": []}, {"id": 9, "bundleId": 3}, {"id": 10, "bundleIds": ["b", 4]}, {"id": 11}]"#
        ),
        ("a wildcard", #"[{"id": 12, "bundleIds": ["b", "*"], "title": "T", "text": "x"}]"#),
        ("escapes in keys and values", #"[{"id": 13, "bundle\u0049d": "\u0062", "title": "T\n", "text": "x"}]"#),
        (
            "a syntax error inside another app's message",
            #"[\#(good), {"id": 14, "bundleId": "b", "title": "T", "text": "x\#u{01}"}]"#
        ),
        ("a syntax error after another app's bundle id", #"[{"id": 15, "bundleId": "b", "title": tru}]"#),
        (
            "non-ASCII text in another app's message",
            #"[{"id": 16, "bundleId": "b", "text": "Grüße, 日本", "data": {"ключ": ["é"]}}]"#
        ),
        (
            "nesting too deep inside another app's message",
            #"[{"id": 17, "bundleId": "b", "data": "# + String(repeating: "[", count: 70)
                + String(repeating: "]", count: 70) + "}]"
        ),
    ]

    /// Read for every app, for the apps the documents name ("a", "b") and for one they do not.
    static let readers: [String?] = [nil, "a", "b", "z"]

    @Test(arguments: documents, [FeedLimits(), small])
    func decodingBytesGivesWhatDecodingTheirDocumentGives(document: (name: String, text: String), limits: FeedLimits) {
        for bundleID in Self.readers {
            decodesAlike(document: document, limits: limits, bundleID: bundleID)
        }
    }

    func decodesAlike(document: (name: String, text: String), limits: FeedLimits, bundleID: String?) {
        let data = Data(document.text.utf8)
        var decoder = FeedDecoder(limits: limits)
        decoder.bundleID = bundleID
        let streamed = Result { () throws(FeedError) in try decoder.decode(data) }
        let whole: Result<FeedDecoder.Output, FeedError>
        do {
            let tree = try JSONParser(maximumDepth: limits.maximumDepth).parse(data)
            whole = Result { () throws(FeedError) in try decoder.decode(tree) }
        } catch {
            whole = .failure(FeedError(kind: .notJSON, reason: error.description, syntaxError: error))
        }
        #expect(streamed == whole, "\(document.name), read for \(bundleID ?? "every app")")
    }

    @Test(arguments: ["tutorial-1.json", "tutorial-2.json", "broken.json", "several-apps.json"])
    func theFixturesDecodeAlikeBothWays(name: String) throws {
        let data = try Fixtures.data(name)
        for limits in [FeedLimits(), Self.small] {
            for bundleID in Self.readers + ["com.createchsol.AppAlertExample"] {
                var decoder = FeedDecoder(limits: limits)
                decoder.bundleID = bundleID
                #expect(try decoder.decode(data) == decoder.decode(JSONParser().parse(data)), "\(name)")
            }
        }
    }
}
