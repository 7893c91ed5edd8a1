import AppAlertAuthoring
import Foundation
import Testing

@_spi(Authoring) @testable import AppAlert

/// The schema `appalert schema` prints names exactly the keys the decoder reads.
struct FeedSchemaTests {
    static func properties(_ path: [String]) throws -> [String] {
        var value = FeedSchema.document
        for key in path {
            guard case .object(let object) = value, let next = object[key] else {
                throw SchemaPathError(path: path)
            }
            value = next
        }
        guard case .object(let object) = value else { throw SchemaPathError(path: path) }
        return object.keys
    }

    struct SchemaPathError: Error {
        var path: [String]
    }

    @Test(arguments: [
        (["$defs", "message", "properties"], MessageReader.keys),
        (["$defs", "format2", "properties"], FeedDecoder.topLevelKeys),
        (["$defs", "update", "properties"], MessageReader.updateKeys),
        (["$defs", "localization", "properties"], MessageReader.localizationKeys),
        (["$defs", "link", "properties"], MessageReader.linkKeys),
    ])
    func theSchemaHasEveryKeyTheDecoderReadsAndNoOther(path: [String], keys: [String]) throws {
        #expect(try Set(Self.properties(path)) == Set(keys))
    }

    @Test
    func everyPropertyHasADescription() throws {
        for path in [
            ["$defs", "message"], ["$defs", "format2"], ["$defs", "update"], ["$defs", "link"],
            ["$defs", "localization"],
        ] {
            guard case .object(let properties)? = try Self.object(path)["properties"] else {
                Issue.record("no properties at \(path)")
                continue
            }
            for member in properties.members {
                guard case .object(let property) = member.value, case .string(let text)? = property["description"]
                else {
                    Issue.record("\(path) \(member.key) has no description")
                    continue
                }
                #expect(text.count > 10, "\(member.key)")
            }
        }
    }

    static func object(_ path: [String]) throws -> JSONObject {
        var value = FeedSchema.document
        for key in path {
            guard case .object(let object) = value, let next = object[key] else { throw SchemaPathError(path: path) }
            value = next
        }
        guard case .object(let object) = value else { throw SchemaPathError(path: path) }
        return object
    }

    @Test
    func aFeedThatNamesItsSchemaDecodesWithoutAWord() throws {
        let feed = Data(
            #"{"$schema": "feed.schema.json", "format": 2, "messages": [{"id": 1, "bundleId": "a", "title": "T", "text": "X"}]}"#
                .utf8)
        let result = try FeedDecoder().decode(feed)
        #expect(result.diagnostics.isEmpty)
        #expect(result.feed.messages.count == 1)
    }
}
