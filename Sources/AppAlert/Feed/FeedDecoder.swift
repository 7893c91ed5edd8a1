import Foundation

/// Reads a feed in either shape of the contract, one message at a time.
///
/// Decoding is lossy per message: a message with a missing or ill-typed key, or a value it cannot
/// honour (an invalid version, range, date, URL or language tag; a `rollout` outside 0–100; a wall
/// without a link; an empty date window; an id used before), is left out with an error diagnostic,
/// and every other message is used. Keys the contract does not define are ignored, with a warning
/// that names the likely intended key. Only a document that is not JSON, or has neither shape,
/// fails as a whole (``FeedError``).
///
/// `appalert validate` prints exactly these diagnostics, so what the tool reports is what apps do.
public struct FeedDecoder: Sendable {
    package var parser: JSONParser
    /// What a feed may hold (size, messages, string length, nesting); the defaults are the contract's.
    @_spi(Authoring) public var limits: FeedLimits
    /// The app the feed is read for, or `nil` (the default) to read every message.
    ///
    /// With a bundle id, a message whose `bundleId` and `bundleIds` name only other apps is skipped
    /// after reading those two keys: it is not in the feed, and its problems are not reported (they are
    /// not this app's). Its `id` is still taken, so a message of this app that reuses it is left out as
    /// it is when every message is read. A message that names the app or `*`, or whose app keys are
    /// missing or malformed, is read whole. ``AlertClient`` reads its feed this way: an app pays for its
    /// own messages, not for every app a shared feed serves. `appalert validate` reads every message.
    public var bundleID: String?

    /// A decoder with the contract's limits, for every app.
    public init() {
        self.init(limits: FeedLimits())
    }

    @_spi(Authoring) public init(limits: FeedLimits) {
        self.limits = limits
        self.parser = JSONParser(maximumDepth: limits.maximumDepth)
    }

    package init(parser: JSONParser) {
        var limits = FeedLimits()
        limits.maximumDepth = parser.maximumDepth
        self.limits = limits
        self.parser = parser
    }

    public func decode(_ data: Data) throws(FeedError) -> FeedDecoder.Output {
        if data.count > limits.maximumSize {
            throw FeedError(
                kind: .tooLarge,
                reason: "the feed is \(data.count) bytes; the limit is \(limits.maximumSize) (FeedLimits.maximumSize)")
        }
        // Each message is decoded as soon as the parser has read it, and its values freed: the
        // whole document is never in memory as a tree (JSONParser.parse(_:streamingMessagesTo:)).
        let skeleton: JSONValue
        let collector: MessageCollector
        do {
            (skeleton, collector) = try parser.parse(
                data, streamingMessagesTo: MessageCollector(limits: limits, bundleID: bundleID))
        } catch {
            throw FeedError(kind: .notJSON, reason: error.description, syntaxError: error)
        }
        return try decode(skeleton, streamed: collector)
    }

    public func decode(_ document: JSONValue) throws(FeedError) -> FeedDecoder.Output {
        try decode(document, streamed: nil)
    }

    /// `streamed`: the messages already read from the document's message array, which is empty in
    /// `document`; nil: they are read from `document`.
    private func decode(_ document: JSONValue, streamed: MessageCollector?) throws(FeedError) -> FeedDecoder.Output {
        var unlisted = Unlisted()
        var result = try decodeAll(document, streamed: streamed, unlisted: &unlisted)
        result.diagnostics = Self.capped(result.diagnostics, at: limits.maximumDiagnostics, unlisted: unlisted)
        return result
    }

    /// Diagnostics past the feed's limit: counted, never built (a feed of 10,000 broken messages costs
    /// what a clean one of its size costs).
    struct Unlisted {
        var count = 0
        var errors = 0
    }

    /// The first `limit` diagnostics and one that counts the rest (an error when an error is among
    /// them, so a feed with errors never reads as clean).
    static func capped(_ diagnostics: [FeedDiagnostic], at limit: Int, unlisted: Unlisted = Unlisted())
        -> [FeedDiagnostic]
    {
        guard diagnostics.count > limit || unlisted.count > 0 else { return diagnostics }
        let rest = diagnostics.dropFirst(limit)
        let count = rest.count + unlisted.count
        let errors = rest.count { $0.severity == .error } + unlisted.errors
        var kept = Array(diagnostics.prefix(limit))
        kept.append(
            FeedDiagnostic(
                severity: errors > 0 ? .error : .warning, code: .limit, path: "$",
                reason: "\(count) more diagnostics (\(errors) errors) are not listed; the limit is \(limit) "
                    + "(FeedLimits.maximumDiagnostics)"))
        return kept
    }

    private func decodeAll(_ document: JSONValue, streamed: MessageCollector?, unlisted: inout Unlisted)
        throws(FeedError) -> FeedDecoder.Output
    {
        var diagnostics: [FeedDiagnostic] = []
        switch document {
        case .array(let elements):
            let collector =
                streamed ?? MessageCollector(limits: limits, bundleID: bundleID, atRoot: true, elements: elements)
            let messages = collector.finish(into: &diagnostics, unlisted: &unlisted)
            return FeedDecoder.Output(
                feed: Feed(format: 1, messages: messages), diagnostics: diagnostics, entryCount: collector.count)
        case .object(let object):
            return try decodeFormat2(object, streamed: streamed, unlisted: &unlisted)
        default:
            throw FeedError(
                kind: .notAFeed,
                reason: "not a feed: the document is \(document.typeDescription), "
                    + "not an array of messages (format 1) or an object with \"messages\" (format 2)")
        }
    }

    /// `$schema` names the JSON Schema for editors (`appalert schema`); it is accepted and ignored.
    static let topLevelKeys = ["$schema", "format", "messages", "updates", "sequence"]

    private func decodeFormat2(_ object: JSONObject, streamed: MessageCollector?, unlisted: inout Unlisted)
        throws(FeedError) -> FeedDecoder.Output
    {
        var diagnostics: [FeedDiagnostic] = []
        guard let messagesValue = object["messages"] else {
            // A misspelt "messages" ("mesages") is named, as the warning for any misspelt key would.
            // (The distance is computed only for keys of plausible length: linear in the keys.)
            let misspelt = object.members.first { KeySuggestion.closest(to: $0.key, among: ["messages"]) != nil }?.key
            let keys =
                object.keys.prefix(10).map { "\"\(Excerpt.of($0, limit: 40))\"" }.joined(separator: ", ")
                + (object.members.count > 10 ? ", …" : "")
            let which =
                misspelt.map { "; it has \"\(Excerpt.of($0, limit: 40))\" (did you mean \"messages\"?)" }
                ?? (object.members.isEmpty ? " (the object is empty)" : " (keys: \(keys))")
            throw FeedError(kind: .notAFeed, reason: "not a feed: the object has no \"messages\" array" + which)
        }
        guard case .array(let elements) = messagesValue else {
            throw FeedError(
                kind: .notAFeed, reason: "not a feed: \"messages\" is \(messagesValue.typeDescription), not an array")
        }
        var format = 2
        switch object["format"] {
        case nil:
            diagnostics.append(
                FeedDiagnostic(
                    severity: .warning, code: .format, path: "$", key: "format",
                    reason: "the object form should say \"format\": 2"))
        case .some(let value):
            if let number = value.integerValue {
                format = number
                if number != 2 {
                    diagnostics.append(
                        FeedDiagnostic(
                            severity: .warning, code: .format, path: "$.format", key: "format",
                            value: value.compactDescription,
                            reason: number > 2
                                ? "format \(number) is newer than this reader; it reads the keys it knows"
                                : "the object form is format 2"))
                }
            } else {
                diagnostics.append(
                    FeedDiagnostic(
                        severity: .error, code: .wrongType, path: "$.format", key: "format",
                        value: value.compactDescription,
                        reason: "\"format\" must be a number, not \(value.typeDescription)"))
            }
        }
        var suggested = 0
        for member in object.members where !Self.topLevelKeys.contains(member.key) {
            guard suggested < MessageReader.maximumKeyWarnings else { break }
            if let suggestion = KeySuggestion.closest(to: member.key, among: Self.topLevelKeys) {
                suggested += 1
                diagnostics.append(
                    FeedDiagnostic(
                        severity: .warning, code: .unknownKey, path: JSONPath.appending(member.key, to: "$"),
                        key: member.key,
                        reason: "unknown key \"\(member.key)\" is ignored (did you mean \"\(suggestion)\"?)"))
            }
        }
        var sequence: Int?
        switch object["sequence"] {
        case nil, .null?: break
        case .some(let value):
            if let number = value.integerValue, number >= 0 {
                sequence = number
            } else {
                diagnostics.append(
                    FeedDiagnostic(
                        severity: .error, code: value.doubleValue == nil ? .wrongType : .outOfRange,
                        path: "$.sequence", key: "sequence", value: value.compactDescription,
                        reason: "\"sequence\" must be a whole number of at least 0; apps that check signatures "
                            + "refuse this feed"))
            }
        }
        var updates: [UpdatePolicy] = []
        switch object["updates"] {
        case nil, .null?: break
        case .array(let allEntries)?:
            let entries = within(
                allEntries, limit: limits.maximumUpdatePolicies, what: "update policies", path: "$.updates",
                setting: "maximumUpdatePolicies", diagnostics: &diagnostics)
            for (index, entry) in entries.enumerated() {
                var reader = MessageReader(
                    index: index, pathPrefix: "$.updates", maximumStringLength: limits.maximumStringLength)
                reader.listingLimit = max(0, limits.maximumDiagnostics - diagnostics.count)
                if let policy = reader.readUpdatePolicy(entry) {
                    updates.append(policy)
                } else {
                    reader.markLeftOut(what: "policy")
                }
                reader.finish(into: &diagnostics, unlisted: &unlisted)
            }
        case .some(let value):
            diagnostics.append(
                FeedDiagnostic(
                    severity: .error, code: .wrongType, path: "$.updates", key: "updates",
                    value: value.compactDescription,
                    reason: "\"updates\" must be an array, not \(value.typeDescription)"))
        }
        // The last "messages" member is the one used; when it is an array, it was also the last one
        // streamed.
        let collector =
            streamed ?? MessageCollector(limits: limits, bundleID: bundleID, atRoot: false, elements: elements)
        let messages = collector.finish(into: &diagnostics, unlisted: &unlisted)
        return FeedDecoder.Output(
            feed: Feed(format: format, messages: messages, updatePolicies: updates, sequence: sequence),
            diagnostics: diagnostics, entryCount: collector.count)
    }

    /// The first `limit` entries, with an error when there are more.
    private func within(
        _ entries: [JSONValue], limit: Int, what: String, path: String, setting: String,
        diagnostics: inout [FeedDiagnostic]
    ) -> ArraySlice<JSONValue> {
        guard entries.count > limit else { return entries[...] }
        diagnostics.append(
            Self.limitDiagnostic(count: entries.count, limit: limit, what: what, path: path, setting: setting))
        return entries[..<limit]
    }

    /// The error for a list with more than `limit` entries.
    static func limitDiagnostic(count: Int, limit: Int, what: String, path: String, setting: String)
        -> FeedDiagnostic
    {
        FeedDiagnostic(
            severity: .error, code: .limit, path: "\(path)[\(limit)]", messageIndex: limit,
            reason: "the feed has \(count) \(what); the limit is \(limit) (FeedLimits.\(setting)), "
                + "so the \(count - limit) from index \(limit) on are left out")
    }
}
