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
    public var limits: FeedLimits

    public init(limits: FeedLimits = FeedLimits()) {
        self.limits = limits
        self.parser = JSONParser(maximumDepth: limits.maximumDepth)
    }

    package init(parser: JSONParser) {
        var limits = FeedLimits()
        limits.maximumDepth = parser.maximumDepth
        self.limits = limits
        self.parser = parser
    }

    public func decode(_ data: Data) throws(FeedError) -> FeedDecodingResult {
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
            (skeleton, collector) = try parser.parse(data, streamingMessagesTo: MessageCollector(limits: limits))
        } catch {
            throw FeedError(kind: .notJSON, reason: error.description, syntaxError: error)
        }
        return try decode(skeleton, streamed: collector)
    }

    public func decode(_ document: JSONValue) throws(FeedError) -> FeedDecodingResult {
        try decode(document, streamed: nil)
    }

    /// `streamed`: the messages already read from the document's message array, which is empty in
    /// `document`; nil: they are read from `document`.
    private func decode(_ document: JSONValue, streamed: MessageCollector?) throws(FeedError) -> FeedDecodingResult {
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
        throws(FeedError) -> FeedDecodingResult
    {
        var diagnostics: [FeedDiagnostic] = []
        switch document {
        case .array(let elements):
            let collector = streamed ?? MessageCollector(limits: limits, atRoot: true, elements: elements)
            let messages = collector.finish(into: &diagnostics, unlisted: &unlisted)
            return FeedDecodingResult(
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
        throws(FeedError) -> FeedDecodingResult
    {
        var diagnostics: [FeedDiagnostic] = []
        guard let messagesValue = object["messages"] else {
            throw FeedError(
                kind: .notAFeed,
                reason: "not a feed: the object has no \"messages\" array (keys: "
                    + object.keys.prefix(10).map { "\"\(Excerpt.of($0, limit: 40))\"" }.joined(separator: ", ")
                    + (object.members.count > 10 ? ", …" : "") + ")")
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
                        key: member.key, reason: "unknown key \"\(member.key)\" (did you mean \"\(suggestion)\"?)"))
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
        let collector = streamed ?? MessageCollector(limits: limits, atRoot: false, elements: elements)
        let messages = collector.finish(into: &diagnostics, unlisted: &unlisted)
        return FeedDecodingResult(
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

/// Reads a feed's message array one element at a time, as the parser hands the elements over or
/// from a document, and keeps the messages, their diagnostics and the ids seen.
///
/// Its diagnostics are listed up to the feed's limit on their own; ``FeedDecoder`` puts the
/// feed's other diagnostics first and caps the whole, which lists the same first ones as reading
/// the document in order would.
struct MessageCollector: JSONStreamSink {
    let limits: FeedLimits
    private(set) var pathPrefix = "$"
    /// Entries of the array, usable or not (those past the limit too).
    private(set) var count = 0
    private var messages: [Message] = []
    private var diagnostics: [FeedDiagnostic] = []
    private var unlisted = FeedDecoder.Unlisted()
    private var firstIndexByID: [Int: Int] = [:]
    /// One buffer for every message's key values, so reading a message allocates nothing for it.
    private var scratch: [JSONValue?] = []

    init(limits: FeedLimits) {
        self.limits = limits
    }

    /// The messages of `elements`, the array of a document.
    init(limits: FeedLimits, atRoot: Bool, elements: [JSONValue]) {
        self.init(limits: limits)
        beginStreamedArray(atRoot: atRoot)
        messages.reserveCapacity(min(elements.count, limits.maximumMessages))
        for element in elements { receive(element) }
    }

    mutating func beginStreamedArray(atRoot: Bool) {
        self = MessageCollector(limits: limits)
        pathPrefix = atRoot ? "$" : "$.messages"
        scratch = [JSONValue?](repeating: nil, count: MessageReader.Key.allCases.count)
    }

    mutating func receive(_ element: JSONValue) {
        let index = count
        count += 1
        guard index < limits.maximumMessages else { return }
        var reader = MessageReader(
            index: index, pathPrefix: pathPrefix, maximumStringLength: limits.maximumStringLength)
        reader.listingLimit = max(0, limits.maximumDiagnostics - diagnostics.count)
        let message = reader.read(element, scratch: &scratch)
        if let id = reader.id {
            if let first = firstIndexByID[id] {
                let prefix = pathPrefix
                reader.report(
                    .error, .duplicateID, key: "id", value: String(id),
                    reason: "id \(id) is already used by the message at \(prefix)[\(first)]; "
                        + "ids must be unique, so this message is left out")
            } else {
                firstIndexByID[id] = index
            }
        }
        if reader.hasErrors {
            reader.markLeftOut()
        } else if let message {
            messages.append(message)
        }
        reader.finish(into: &diagnostics, unlisted: &unlisted)
    }

    /// The messages; their diagnostics (after the limit's, when there were too many entries) go
    /// after `feedDiagnostics`.
    func finish(into feedDiagnostics: inout [FeedDiagnostic], unlisted total: inout FeedDecoder.Unlisted)
        -> [Message]
    {
        if count > limits.maximumMessages {
            feedDiagnostics.append(
                FeedDecoder.limitDiagnostic(
                    count: count, limit: limits.maximumMessages, what: "messages", path: pathPrefix,
                    setting: "maximumMessages"))
        }
        feedDiagnostics.append(contentsOf: diagnostics)
        total.count += unlisted.count
        total.errors += unlisted.errors
        return messages
    }
}

/// Reads one message object, collecting every problem in it.
struct MessageReader {
    let index: Int
    let pathPrefix: String
    private(set) var id: Int?
    private(set) var diagnostics: [FeedDiagnostic] = []
    private(set) var hasErrors = false
    private var keyWarnings = 0
    /// How many more diagnostics this reader builds: the feed's limit less what earlier entries listed.
    /// Past it they are only counted (``unlisted``), so one message with 100,000 problems formats no
    /// more than the limit.
    var listingLimit = Int.max
    private(set) var unlisted = FeedDecoder.Unlisted()
    let maximumStringLength: Int

    init(index: Int, pathPrefix: String, maximumStringLength: Int = FeedLimits().maximumStringLength) {
        self.index = index
        self.pathPrefix = pathPrefix
        self.maximumStringLength = maximumStringLength
    }

    /// The message keys of the feed contract.
    enum Key: Int, CaseIterable {
        case id, bundleId, bundleIds, title, text, confirmLabel, link, appVersions, osVersions, appVersionRange
        case osVersionRange, platforms, locales, startDate, endDate, rollout, priority, maxViews
        case minHoursBetweenViews, dismissible, localizations, whatsNew, attributes, installIds, minLaunches
        case minDaysSinceInstall, minDaysSinceUpdate, trigger, rolloutSchedule, variants

        var name: String { Key.names[rawValue] }

        static let names = [
            "id", "bundleId", "bundleIds", "title", "text", "confirmLabel", "link", "appVersions", "osVersions",
            "appVersionRange", "osVersionRange", "platforms", "locales", "startDate", "endDate", "rollout", "priority",
            "maxViews", "minHoursBetweenViews", "dismissible", "localizations", "whatsNew", "attributes", "installIds",
            "minLaunches", "minDaysSinceInstall", "minDaysSinceUpdate", "trigger", "rolloutSchedule", "variants",
        ]
        static let byName: [String: Key] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }

    static let keys = Key.names
    static let localizationKeys = ["title", "text", "confirmLabel", "link"]
    static let linkKeys = ["title", "url"]

    var messagePath: String { messagePathParts.path }

    /// The message's path as a value, to build lazily without capturing `self`.
    var messagePathParts: MessagePath { MessagePath(prefix: pathPrefix, index: index) }

    struct MessagePath {
        var prefix: String
        var index: Int
        var path: String { "\(prefix)[\(index)]" }
    }

    /// Records a problem; past the feed's diagnostic limit, only counts it. The path, value and reason
    /// are built only for a diagnostic that is listed: a feed of 100,000 errors formats 1,000.
    mutating func report(
        _ severity: FeedDiagnostic.Severity, _ code: FeedDiagnostic.Code, path: @autoclosure () -> String? = nil,
        key: String?, value: @autoclosure () -> String? = nil, reason: @autoclosure () -> String
    ) {
        if severity == .error { hasErrors = true }
        guard diagnostics.count < listingLimit else {
            unlisted.count += 1
            if severity == .error { unlisted.errors += 1 }
            return
        }
        let path = path() ?? (key.map { JSONPath.appending($0, to: messagePath) } ?? messagePath)
        diagnostics.append(
            FeedDiagnostic(
                severity: severity, code: code, path: path, messageIndex: index, messageID: id, key: key,
                value: value(), reason: reason()))
    }

    /// Adds "left out" to the first error, once, so a reader of the output knows the consequence.
    mutating func markLeftOut(what: String = "message") {
        guard let position = diagnostics.firstIndex(where: { $0.severity == .error }) else { return }
        if !diagnostics[position].reason.hasSuffix("left out") {
            diagnostics[position].reason += "; the \(what) is left out"
        }
    }

    /// Reads a message. `values` is scratch space of one slot per ``Key``.
    mutating func read(_ element: JSONValue, scratch values: inout [JSONValue?]) -> Message? {
        guard case .object(let object) = element else {
            report(
                .error, .wrongType, key: nil, value: element.compactDescription,
                reason: "a message must be an object, not \(element.typeDescription)")
            return nil
        }
        // One pass over the members: each known key's value (null is absent), repeated and unknown
        // keys reported.
        for slot in values.indices { values[slot] = nil }
        var seen: UInt32 = 0
        var unknownKeys = Set<String>()
        for member in object.members {
            if member.key.utf8.count > maximumStringLength {
                reportLongKey(member.key, path: messagePath)
                continue
            }
            if let key = Key.byName[member.key] {
                let bit: UInt32 = 1 << UInt32(key.rawValue)
                if seen & bit != 0 {
                    reportDuplicate(member.key, path: messagePath)
                }
                seen |= bit
                if case .null = member.value {
                    values[key.rawValue] = nil
                } else {
                    values[key.rawValue] = member.value
                }
            } else if !unknownKeys.insert(member.key).inserted {
                reportDuplicate(member.key, path: messagePath)
            } else {
                reportUnknown(member.key, path: messagePath, known: Self.keys)
            }
        }
        let values = values
        func present(_ key: Key) -> JSONValue? { values[key.rawValue] }

        if let value = present(.id) {
            if let number = value.integerValue, number >= 1 {
                id = number
            } else {
                report(
                    .error, value.doubleValue == nil ? .wrongType : .outOfRange, key: "id",
                    value: value.compactDescription, reason: "\"id\" must be a whole number of at least 1")
            }
        } else {
            report(.error, .missingKey, key: "id", reason: "\"id\" is missing")
        }

        var bundleIDs: [String] = []
        if let value = present(.bundleId) {
            if let bundleID = nonEmptyString(value, key: "bundleId") { bundleIDs.append(bundleID) }
        }
        if let value = present(.bundleIds) {
            if let list = stringArray(value, key: "bundleIds") {
                for (position, bundleID) in list.enumerated() where bundleID.isEmpty {
                    let base = messagePath
                    report(
                        .error, .invalidValue, path: base + ".bundleIds[\(position)]", key: "bundleIds",
                        value: "\"\"", reason: "a bundle id must not be empty")
                }
                if list.isEmpty {
                    report(
                        .warning, .matchesNothing, key: "bundleIds", value: "[]",
                        reason: "an empty \"bundleIds\" adds no app")
                }
                bundleIDs.append(contentsOf: list)
            }
        }
        if present(.bundleId) == nil && present(.bundleIds) == nil {
            report(.error, .missingKey, key: "bundleId", reason: "\"bundleId\" (or \"bundleIds\") is missing")
        }
        let title = requiredString(present(.title), "title")
        let text = requiredString(present(.text), "text")
        let confirmLabel = present(.confirmLabel).flatMap { string($0, key: "confirmLabel") }
        let base = messagePathParts
        let link = present(.link).flatMap { readLink($0, path: JSONPath.appending("link", to: base.path)) }
        let appVersions = present(.appVersions).flatMap { versionList($0, key: "appVersions") }
        let osVersions = present(.osVersions).flatMap { versionList($0, key: "osVersions") }
        let appVersionRange = present(.appVersionRange).flatMap { range($0, key: "appVersionRange") }
        let osVersionRange = present(.osVersionRange).flatMap { range($0, key: "osVersionRange") }
        let platforms = present(.platforms).flatMap { readPlatforms($0) }
        let locales = present(.locales).flatMap { readLocales($0) }
        let startDate = present(.startDate).flatMap { date($0, key: "startDate") }
        let endDate = present(.endDate).flatMap { date($0, key: "endDate") }
        if let startDate, let endDate, endDate <= startDate {
            report(
                .error, .emptyDateWindow, key: "endDate", value: present(.endDate)?.compactDescription,
                reason: "\"endDate\" must be after \"startDate\" (\(present(.startDate)?.compactDescription ?? "")); "
                    + "the message could never be shown")
        }
        var rollout = 100.0
        if let value = present(.rollout), let number = number(value, key: "rollout", in: 0...100) {
            rollout = number
            if number == 0 {
                report(
                    .warning, .matchesNothing, key: "rollout", value: "0", reason: "\"rollout\": 0 reaches no install")
            }
        }
        let priority = present(.priority).flatMap { integer($0, key: "priority", minimum: nil) } ?? 0
        let maxViews = present(.maxViews).flatMap { integer($0, key: "maxViews", minimum: 1) } ?? 1
        let minHoursBetweenViews = present(.minHoursBetweenViews).flatMap {
            number($0, key: "minHoursBetweenViews", in: 0...Double.greatestFiniteMagnitude)
        }
        if let minHoursBetweenViews, maxViews == 1 {
            report(
                .warning, .noEffect, key: "minHoursBetweenViews",
                value: JSONValue.number(minHoursBetweenViews).compactDescription,
                reason: "\"minHoursBetweenViews\" has no effect while \"maxViews\" is 1")
        }
        var dismissible = true
        if let value = present(.dismissible) {
            if case .bool(let flag) = value {
                dismissible = flag
            } else {
                wrongType(value, key: "dismissible", expected: "true or false")
            }
        }
        if !dismissible && link == nil && present(.link) == nil {
            report(
                .error, .wallWithoutLink, key: "dismissible", value: "false",
                reason: "a message with \"dismissible\": false needs a \"link\", or the user is left with no button")
        }
        let localizations = present(.localizations).flatMap { readLocalizations($0) } ?? []
        let whatsNew = present(.whatsNew).flatMap { range($0, key: "whatsNew") }
        let attributes = present(.attributes).flatMap { readAttributes($0) } ?? []
        let installIDs = present(.installIds).flatMap { readInstallIDs($0) }
        let minLaunches = present(.minLaunches).flatMap { integer($0, key: "minLaunches", minimum: 0) }
        let minDaysSinceInstall = present(.minDaysSinceInstall).flatMap {
            integer($0, key: "minDaysSinceInstall", minimum: 0)
        }
        let minDaysSinceUpdate = present(.minDaysSinceUpdate).flatMap {
            integer($0, key: "minDaysSinceUpdate", minimum: 0)
        }
        let trigger = present(.trigger).flatMap { readTrigger($0) } ?? .launch
        let rolloutSchedule = present(.rolloutSchedule).flatMap { readRolloutSchedule($0) }
        if present(.rolloutSchedule) != nil, present(.rollout) != nil {
            report(
                .error, .invalidValue, key: "rolloutSchedule",
                reason: "give \"rollout\" or \"rolloutSchedule\", not both")
        }
        let variants = present(.variants).flatMap { readVariants($0) } ?? []

        for position in diagnostics.indices { diagnostics[position].messageID = id }
        guard let id, let title, let text, !hasErrors else { return nil }
        return Message(
            id: id, bundleIDs: bundleIDs, title: title, text: text, confirmLabel: confirmLabel, link: link,
            appVersions: appVersions, osVersions: osVersions, appVersionRange: appVersionRange,
            osVersionRange: osVersionRange, platforms: platforms, locales: locales, startDate: startDate,
            endDate: endDate, rollout: rollout, priority: priority, maxViews: maxViews,
            minHoursBetweenViews: minHoursBetweenViews, dismissible: dismissible, localizations: localizations,
            whatsNew: whatsNew, attributes: attributes, installIDs: installIDs, minLaunches: minLaunches,
            minDaysSinceInstall: minDaysSinceInstall, minDaysSinceUpdate: minDaysSinceUpdate, trigger: trigger,
            rolloutSchedule: rolloutSchedule, variants: variants)
    }

    /// The value of `key`, treating `null` as absent (as Swift's decoders do for optionals).
    func present(_ object: JSONObject, _ key: String) -> JSONValue? {
        guard let value = object[key], value != .null else { return nil }
        return value
    }

    /// Reports repeated and unknown keys: one pass, a set of the keys seen.
    mutating func checkKeys(of object: JSONObject, known: [String], path: @autoclosure () -> String) {
        // Small objects (a link, a localization) are checked in place; a set only from 9 members.
        let members = object.members
        var seen = Set<String>()
        for (position, member) in members.enumerated() {
            let repeated =
                members.count <= 8
                ? members[..<position].contains { $0.key == member.key } : !seen.insert(member.key).inserted
            if member.key.utf8.count > maximumStringLength {
                reportLongKey(member.key, path: path())
            } else if repeated {
                reportDuplicate(member.key, path: path())
            } else if !known.contains(member.key) {
                reportUnknown(member.key, path: path(), known: known)
            }
        }
    }

    /// How many unknown or repeated keys one message lists; past it, one line counts the rest.
    static let maximumKeyWarnings = 20

    mutating func reportDuplicate(_ key: String, path: String) {
        guard countKeyWarning() else { return }
        report(
            .warning, .duplicateKey, path: JSONPath.appending(key, to: path), key: key,
            reason: "\"\(key)\" appears more than once; the last value is used")
    }

    mutating func reportUnknown(_ key: String, path: String, known: [String]) {
        guard countKeyWarning() else { return }
        report(
            .warning, .unknownKey, path: JSONPath.appending(key, to: path), key: key,
            reason: "unknown key \"\(key)\" is ignored"
                + (KeySuggestion.closest(to: key, among: known).map { " (did you mean \"\($0)\"?)" } ?? ""))
    }

    /// A key longer than any string may be: the message is left out, whatever the key.
    mutating func reportLongKey(_ key: String, path: String) {
        let limit = maximumStringLength
        report(
            .error, .limit, path: path, key: key,
            reason: "a key is \(key.utf8.count) bytes long; the limit is \(limit) "
                + "(FeedLimits.maximumStringLength)")
    }

    /// Whether another key warning may be listed; counts the ones that may not.
    private mutating func countKeyWarning() -> Bool {
        keyWarnings += 1
        return keyWarnings <= Self.maximumKeyWarnings
    }

    /// Hands the reader's diagnostics (with the line counting key warnings not listed) and its count
    /// of unlisted ones to the feed's.
    mutating func finish(into diagnostics: inout [FeedDiagnostic], unlisted total: inout FeedDecoder.Unlisted) {
        reportUnlistedKeyWarnings()
        diagnostics.append(contentsOf: self.diagnostics)
        total.count += unlisted.count
        total.errors += unlisted.errors
    }

    /// The line that counts the key warnings not listed, once the message has been read.
    private mutating func reportUnlistedKeyWarnings() {
        guard keyWarnings > Self.maximumKeyWarnings else { return }
        let hidden = keyWarnings - Self.maximumKeyWarnings
        report(
            .warning, .unknownKey, key: nil,
            reason: "\(hidden) more unknown or repeated keys in this message are "
                + "not listed (the first \(Self.maximumKeyWarnings) are)")
    }

    mutating func wrongType(
        _ value: JSONValue, key: String, expected: String, path: @autoclosure () -> String? = nil
    ) {
        report(
            .error, .wrongType, path: path(), key: key, value: value.compactDescription,
            reason: "\"\(key)\" must be \(expected), not \(value.typeDescription)")
    }

    mutating func string(_ value: JSONValue, key: String, path: @autoclosure () -> String? = nil) -> String? {
        if case .string(let string) = value {
            if string.utf8.count > maximumStringLength {
                let limit = maximumStringLength
                report(
                    .error, .limit, path: path(), key: key, value: "\"" + string.prefix(40) + "…\"",
                    reason: "\"\(key)\" is \(string.utf8.count) bytes long; the limit is \(limit) "
                        + "(FeedLimits.maximumStringLength)")
                return nil
            }
            return string
        }
        wrongType(value, key: key, expected: "a string", path: path())
        return nil
    }

    mutating func nonEmptyString(_ value: JSONValue, key: String) -> String? {
        guard let string = string(value, key: key) else { return nil }
        if string.isEmpty {
            report(.error, .invalidValue, key: key, value: "\"\"", reason: "\"\(key)\" must not be empty")
            return nil
        }
        return string
    }

    mutating func requiredString(_ value: JSONValue?, _ key: String) -> String? {
        guard let value else {
            report(.error, .missingKey, key: key, reason: "\"\(key)\" is missing")
            return nil
        }
        return string(value, key: key)
    }

    /// A number within `range`, or an error that says which range.
    mutating func number(_ value: JSONValue, key: String, in range: ClosedRange<Double>) -> Double? {
        guard let number = value.doubleValue else {
            wrongType(value, key: key, expected: "a number")
            return nil
        }
        guard range.contains(number) else {
            let bounds =
                range.upperBound == .greatestFiniteMagnitude
                ? "at least \(JSONValue.number(range.lowerBound).compactDescription)"
                : "from \(JSONValue.number(range.lowerBound).compactDescription) to "
                    + JSONValue.number(range.upperBound).compactDescription
            report(
                .error, .outOfRange, key: key, value: value.compactDescription, reason: "\"\(key)\" must be \(bounds)")
            return nil
        }
        return number
    }

    mutating func integer(_ value: JSONValue, key: String, minimum: Int?) -> Int? {
        guard let number = value.integerValue else {
            if value.doubleValue != nil {
                report(
                    .error, .invalidValue, key: key, value: value.compactDescription,
                    reason: "\"\(key)\" must be a whole number")
            } else {
                wrongType(value, key: key, expected: "a whole number")
            }
            return nil
        }
        if let minimum, number < minimum {
            report(
                .error, .outOfRange, key: key, value: value.compactDescription,
                reason: "\"\(key)\" must be at least \(minimum)")
            return nil
        }
        return number
    }

    mutating func stringArray(_ value: JSONValue, key: String) -> [String]? {
        guard case .array(let elements) = value else {
            wrongType(value, key: key, expected: "an array of strings")
            return nil
        }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        var valid = true
        for (position, element) in elements.enumerated() {
            if case .string = element {
                let base = messagePathParts
                if let string = string(
                    element, key: key, path: JSONPath.appending(key, to: base.path) + "[\(position)]")
                {
                    strings.append(string)
                } else {
                    valid = false
                }
            } else {
                valid = false
                let base = messagePath
                report(
                    .error, .wrongType, path: JSONPath.appending(key, to: base) + "[\(position)]", key: key,
                    value: element.compactDescription,
                    reason: "\"\(key)\" must hold strings, not \(element.typeDescription)")
            }
        }
        return valid ? strings : nil
    }

    mutating func versionList(_ value: JSONValue, key: String) -> [Version]? {
        guard let strings = stringArray(value, key: key) else { return nil }
        if strings.isEmpty {
            report(.warning, .matchesNothing, key: key, value: "[]", reason: "an empty \"\(key)\" matches no version")
        }
        var versions: [Version] = []
        versions.reserveCapacity(strings.count)
        for (position, string) in strings.enumerated() {
            do {
                versions.append(try Version(parsing: string))
            } catch {
                let base = messagePath
                report(
                    .error, .invalidVersion, path: JSONPath.appending(key, to: base) + "[\(position)]", key: key,
                    value: JSONValue.string(string).compactDescription, reason: error.description)
            }
        }
        return versions.count == strings.count ? versions : nil
    }

    mutating func range(_ value: JSONValue, key: String) -> VersionRange? {
        guard let string = string(value, key: key) else { return nil }
        do {
            let range = try VersionRange(parsing: string)
            // Bytes, not Characters: grapheme breaking over a 10 KB range cost more than parsing it.
            if range.matchesEveryRelease, string.utf8.allSatisfy(RangeParser.isWhitespace) {
                report(
                    .warning, .noEffect, key: key, value: "\"\(string)\"",
                    reason: "an empty \"\(key)\" matches every release")
            }
            return range
        } catch {
            report(
                .error, .invalidRange, key: key, value: JSONValue.string(string).compactDescription,
                reason: error.description)
            return nil
        }
    }

    mutating func date(_ value: JSONValue, key: String) -> Date? {
        guard let string = string(value, key: key) else { return nil }
        do {
            return try RFC3339.parse(string)
        } catch {
            report(
                .error, .invalidDate, key: key, value: JSONValue.string(string).compactDescription,
                reason: error.description + " (RFC 3339 with an offset, e.g. 2026-03-01T09:00:00Z)")
            return nil
        }
    }

    mutating func readPlatforms(_ value: JSONValue) -> [Platform]? {
        guard let strings = stringArray(value, key: "platforms") else { return nil }
        if strings.isEmpty {
            report(
                .warning, .matchesNothing, key: "platforms", value: "[]",
                reason: "an empty \"platforms\" matches no device")
        }
        let platforms = strings.map { Platform(rawValue: $0) }
        for (position, platform) in platforms.enumerated() where !platform.isKnown {
            let base = messagePath
            report(
                .warning, .unknownPlatform, path: base + ".platforms[\(position)]", key: "platforms",
                value: JSONValue.string(strings[position]).compactDescription,
                reason: "unknown platform \"\(strings[position])\" matches no device (known: "
                    + Platform.known.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return platforms
    }

    mutating func readLocales(_ value: JSONValue) -> [LanguageTag]? {
        guard let strings = stringArray(value, key: "locales") else { return nil }
        if strings.isEmpty {
            report(
                .warning, .matchesNothing, key: "locales", value: "[]", reason: "an empty \"locales\" matches no device"
            )
        }
        var tags: [LanguageTag] = []
        for (position, string) in strings.enumerated() {
            let tag = LanguageTag(string)
            if tag.isWellFormed {
                tags.append(tag)
            } else {
                let base = messagePath
                report(
                    .error, .invalidLanguageTag, path: base + ".locales[\(position)]", key: "locales",
                    value: JSONValue.string(string).compactDescription,
                    reason: "\"\(string)\" is not a BCP 47 language tag (e.g. \"pt\" or \"pt-BR\")")
            }
        }
        return tags.count == strings.count ? tags : nil
    }

    mutating func readLink(_ value: JSONValue, path: @autoclosure () -> String) -> Message.Link? {
        guard case .object(let object) = value else {
            wrongType(value, key: "link", expected: "an object with \"title\" and \"url\"", path: path())
            return nil
        }
        checkKeys(of: object, known: Self.linkKeys, path: path())
        var title: String?
        if let titleValue = present(object, "title") {
            title = string(titleValue, key: "title", path: path() + ".title")
        } else {
            report(
                .error, .missingKey, path: path() + ".title", key: "title", reason: "the link's \"title\" is missing")
        }
        guard let urlValue = present(object, "url") else {
            report(.error, .missingKey, path: path() + ".url", key: "url", reason: "the link's \"url\" is missing")
            return nil
        }
        guard let urlString = string(urlValue, key: "url", path: path() + ".url") else { return nil }
        guard let url = checkedURL(urlString, value: urlValue, path: path() + ".url") else { return nil }
        guard let title else { return nil }
        return Message.Link(title: title, url: url)
    }

    /// The URL of a link or store page, or an error: absolute, and not a scheme that runs code or reads
    /// local data; `http:` is a warning.
    mutating func checkedURL(
        _ text: String, value: JSONValue, key: String = "url", path: @autoclosure () -> String
    ) -> URL? {
        guard let url = Self.absoluteURL(text) else {
            report(
                .error, .invalidURL, path: path(), key: key, value: value.compactDescription,
                reason: "\"\(text)\" is not an absolute URL (e.g. https://example.com/help)")
            return nil
        }
        let scheme = url.scheme?.lowercased() ?? ""
        if LinkPolicy.forbiddenSchemes.contains(scheme) {
            report(
                .error, .invalidURL, path: path(), key: key, value: value.compactDescription,
                reason: "a link may not open a \(scheme): URL")
            return nil
        }
        if scheme == "http" {
            report(
                .warning, .insecureLink, path: path(), key: key, value: value.compactDescription,
                reason:
                    "the link uses http:, not https:; apps with the default link policy (https: only) do not show it")
        }
        return url
    }

    /// A URL with a scheme and, for http(s), a host.
    static func absoluteURL(_ string: String) -> URL? {
        guard !string.isEmpty, !string.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
            let url = URL(string: string),
            let scheme = url.scheme, !scheme.isEmpty
        else { return nil }
        if ["http", "https"].contains(scheme.lowercased()), (url.host ?? "").isEmpty { return nil }
        return url
    }

    mutating func readLocalizations(_ value: JSONValue, path base: (@Sendable () -> String)? = nil)
        -> [Message.Localization]?
    {
        let messagePath = messagePathParts
        // Paths are built only for a diagnostic: a feed of 100,000 clean localizations builds none.
        func basePath() -> String { base?() ?? JSONPath.appending("localizations", to: messagePath.path) }
        guard case .object(let object) = value else {
            wrongType(value, key: "localizations", expected: "an object of language tags")
            return nil
        }
        var localizations: [Message.Localization] = []
        for member in object.members {
            let key = member.key
            func path() -> String { JSONPath.appending(key, to: basePath()) }
            let tag = LanguageTag(member.key)
            guard tag.isWellFormed else {
                report(
                    .error, .invalidLanguageTag, path: path(), key: "localizations",
                    value: JSONValue.string(member.key).compactDescription,
                    reason: "\"\(member.key)\" is not a BCP 47 language tag (e.g. \"pt\" or \"pt-BR\")")
                continue
            }
            guard case .object(let fields) = member.value else {
                wrongType(member.value, key: member.key, expected: "an object", path: path())
                continue
            }
            checkKeys(of: fields, known: Self.localizationKeys, path: path())
            var localization = Message.Localization(tag: tag)
            if let field = present(fields, "title") {
                localization.title = string(field, key: "title", path: path() + ".title")
            }
            if let field = present(fields, "text") {
                localization.text = string(field, key: "text", path: path() + ".text")
            }
            if let field = present(fields, "confirmLabel") {
                localization.confirmLabel = string(field, key: "confirmLabel", path: path() + ".confirmLabel")
            }
            if let field = present(fields, "link") { localization.link = readLink(field, path: path() + ".link") }
            localizations.append(localization)
        }
        return localizations
    }
}

/// Builds JSON paths in the form `$.messages[0].localizations["pt-BR"]`.
enum JSONPath {
    static func appending(_ fullKey: String, to path: String) -> String {
        let key = Excerpt.of(fullKey)
        let isIdentifier =
            !key.isEmpty && key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        if isIdentifier { return path + "." + key }
        var quoted = ""
        JSONValue.writeString(key, to: &quoted)
        return path + "[" + quoted + "]"
    }
}

/// Suggests the known key an unknown one was probably meant to be.
enum KeySuggestion {
    static func closest(to key: String, among known: [String]) -> String? {
        // A suggestion is at most two edits away: a key much longer than every known one has none,
        // and the distance is never computed over a hostile feed's 2 MB key.
        let longest = known.map(\.count).max() ?? 0
        guard key.utf8.count <= 4 * (longest + 2) else { return nil }
        let lowered = key.lowercased()
        if let match = known.first(where: { $0.lowercased() == lowered }) { return match }
        var best: (key: String, distance: Int)?
        for candidate in known {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= max(1, min(2, candidate.count / 4)), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbouring characters ("titel" is one step from "title").
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

extension JSONValue {
    /// Compact JSON, shortened to 80 characters, for diagnostics.
    var compactDescription: String {
        let text = jsonText()
        guard text.count > 80 else { return text }
        return String(text.prefix(77)) + "..."
    }
}
