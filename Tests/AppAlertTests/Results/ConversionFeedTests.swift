import AppAlertAuthoring
import Foundation
import Testing

@_spi(Authoring) @testable import AppAlert

/// The feed's `conversion` key (issue 34): read on a message and a variant, every bad value an error
/// at its JSON path, and the schema, the decoder and the tools' output agree on it.
struct ConversionFeedTests {
    static func decode(_ extra: String) throws -> FeedDecoder.Output {
        try FeedDecoder().decode(
            Data(#"[{"id": 5, "bundleId": "com.example.App", "title": "Sale", "text": "Today"\#(extra)}]"#.utf8))
    }

    @Test
    func aMessageAndItsVariantsGiveTheirConversion() throws {
        let result = try Self.decode(
            #", "conversion": {"event": "purchase", "withinHours": 72}, "variants": [{"weight": 1}, "#
                + #"{"weight": 1, "conversion": {"event": "trial.start", "withinHours": 720}}]"#)
        #expect(result.diagnostics == [])
        let message = try #require(result.feed.messages.first)
        #expect(message.conversion == Message.Conversion(event: "purchase", withinHours: 72))
        #expect(message.applying(variant: 0).conversion == Message.Conversion(event: "purchase", withinHours: 72))
        #expect(message.applying(variant: 1).conversion == Message.Conversion(event: "trial.start", withinHours: 720))
        #expect(ResolvedMessage(message, preferredLanguages: []).conversion?.event == "purchase")
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var conversion: String
        var path: String
        var code: FeedDiagnostic.Code
        var value: String?
        var reason: String
        var testDescription: String { conversion }
    }

    nonisolated static let bad: [Bad] = [
        Bad(
            conversion: #""purchase""#, path: "$[0].conversion", code: .wrongType, value: #""purchase""#,
            reason: "must be an object"),
        Bad(
            conversion: #"{"withinHours": 72}"#, path: "$[0].conversion", code: .missingKey, value: nil,
            reason: "a conversion needs \"event\""),
        Bad(
            conversion: #"{"event": "purchase"}"#, path: "$[0].conversion", code: .missingKey, value: nil,
            reason: "a conversion needs \"withinHours\""),
        Bad(
            conversion: #"{"event": "", "withinHours": 72}"#, path: "$[0].conversion.event", code: .invalidValue,
            value: #""""#, reason: "an event name is 1 to 64 letters"),
        Bad(
            conversion: #"{"event": "buy now", "withinHours": 72}"#, path: "$[0].conversion.event",
            code: .invalidValue, value: #""buy now""#, reason: "an event name is 1 to 64 letters"),
        Bad(
            conversion: #"{"event": 5, "withinHours": 72}"#, path: "$[0].conversion.event", code: .wrongType,
            value: "5", reason: "must be a string"),
        Bad(
            conversion: #"{"event": "purchase", "withinHours": 0}"#, path: "$[0].conversion.withinHours",
            code: .outOfRange, value: "0", reason: "from 1 to 720"),
        Bad(
            conversion: #"{"event": "purchase", "withinHours": 721}"#, path: "$[0].conversion.withinHours",
            code: .outOfRange, value: "721", reason: "from 1 to 720"),
        Bad(
            conversion: #"{"event": "purchase", "withinHours": 1.5}"#, path: "$[0].conversion.withinHours",
            code: .outOfRange, value: "1.5", reason: "a whole number"),
        Bad(
            conversion: #"{"event": "purchase", "withinHours": "72"}"#, path: "$[0].conversion.withinHours",
            code: .wrongType, value: #""72""#, reason: "a whole number"),
    ]

    @Test(arguments: bad)
    func aBadConversionIsAnErrorAtItsPathAndTheMessageIsLeftOut(_ bad: Bad) throws {
        let result = try Self.decode(#", "conversion": "# + bad.conversion)
        #expect(result.feed.messages.isEmpty)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.path == bad.path)
        #expect(error.key == "conversion" || error.key == "event")
        #expect(error.code == bad.code)
        #expect(error.value == bad.value)
        #expect(error.reason.contains(bad.reason), "\(error.reason)")
    }

    @Test
    func aVariantsBadConversionIsNamedAtTheVariant() throws {
        let result = try Self.decode(
            #", "variants": [{"weight": 1}, {"weight": 1, "conversion": {"event": "x", "withinHours": 9000}}]"#)
        #expect(result.feed.messages.isEmpty)
        #expect(result.diagnostics.first?.path == "$[0].variants[1].conversion.withinHours")
    }

    @Test
    func anUnknownKeyInAConversionIsWarnedAbout() throws {
        let result = try Self.decode(#", "conversion": {"event": "buy", "withinHours": 2, "withinDays": 3}"#)
        #expect(result.feed.messages.count == 1)
        #expect(result.diagnostics.map(\.code) == [.unknownKey])
        #expect(result.diagnostics.first?.path == "$[0].conversion.withinDays")
    }

    @Test
    func theSchemaDescribesTheConversionOfAMessageAndOfAVariant() throws {
        let message = try FeedSchemaTests.object(["$defs", "message", "properties", "conversion"])
        #expect(message["description"] != nil)
        let conversion = try FeedSchemaTests.object(["$defs", "conversion"])
        guard case .object(let properties)? = conversion["properties"] else {
            Issue.record("no properties")
            return
        }
        #expect(Set(properties.keys) == Set(MessageReader.conversionKeys))
        let variant = try FeedSchemaTests.object(["$defs", "message", "properties", "variants", "items", "properties"])
        #expect(Set(variant.keys) == Set(MessageReader.variantKeys))
    }

    @Test
    func theCheckedInSchemaIsTheGeneratedOne() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schema/feed.schema.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == FeedSchema.document.serialized(pretty: true) + "\n")
    }

    @Test
    func theToolsJSONHasTheConversionOnlyWhenTheMessageHasOne() throws {
        let with = ResolvedMessage(
            id: 5, title: "t", text: "x", conversion: Message.Conversion(event: "purchase", withinHours: 3))
        guard case .object(let object) = with.jsonValue else {
            Issue.record("not an object")
            return
        }
        #expect(object["conversion"] == ["event": "purchase", "withinHours": 3])
        guard case .object(let without) = ResolvedMessage(id: 5, title: "t", text: "x").jsonValue else {
            Issue.record("not an object")
            return
        }
        #expect(without["conversion"] == nil)
    }
}
