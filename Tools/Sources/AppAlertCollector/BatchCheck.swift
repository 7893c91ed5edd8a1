@_spi(Authoring) import AppAlert
import AppAlertResults
import Foundation

/// Why a batch is refused: the metric's label (a short fixed word) and the answer's text, which
/// says where (a JSON path) and why.
struct Refusal: Error, Equatable {
    enum Reason: String, CaseIterable, Sendable {
        case tooLarge = "too_large"
        case json
        case schema
        case batchID = "batch_id"
        case app
        case message
        case variant
        case event
        case button
        case day
        case count
        case tooMany = "too_many"
        case duplicateCounter = "duplicate_counter"
        case shape
        case version
        case tooManyVersions = "too_many_versions"
        case contentType = "content_type"
        case forwarded
        case rateLimited = "rate_limited"
        case notFound = "not_found"
        case origin

        /// The answer's status: 415 for a body that is not JSON, 422 for a version beyond the day's
        /// bound, 400 for the rest (429, 404 and 413 are answered where they are found).
        var status: Int {
            switch self {
            case .contentType: 415
            case .tooManyVersions: 422
            case .origin: 403
            default: 400
            }
        }
    }

    var reason: Reason
    var text: String

    init(_ reason: Reason, _ text: String) {
        self.reason = reason
        self.text = text
    }
}

/// Checks a parsed batch against the wire format (schema/counts.schema.json) and the feed.
struct BatchCheck {
    static let messageEvents: Set<String> = ["shown", "dismissed", "tap", "link", "conversion", "opened"]
    static let updateEvents: Set<String> = ["update.shown", "update.accepted", "update.later", "update.skipped"]
    /// The schemas read: 1, and 2, which adds an inbox item's `opened`.
    static let schemas: ClosedRange<Int64> = 1...2
    static let maximumCounters = 200
    static let maximumN: Int64 = 1000
    /// An update event's `version`: at most this many bytes.
    static let maximumVersionBytes = 32
    /// What an error quotes of a value: at most this many bytes of it.
    static let quotedBytes = 100

    let feed: FeedIndex
    /// Today, UTC, `YYYY-MM-DD`; and the first and last day a counter may have.
    let today: String
    let firstDay: String
    let lastDay: String

    init(feed: FeedIndex, days: DayWindow) {
        self.feed = feed
        today = days.today
        firstDay = days.first
        lastDay = days.last
    }

    /// Today and the days a counter may have, worked out once per UTC day (not per request).
    struct DayWindow: Sendable {
        var epochDay: Int
        var today: String
        var first: String
        var last: String

        init(now: Date) {
            epochDay = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
            today = BatchDays.day(of: now)
            first = BatchDays.day(today, plus: -30) ?? today
            last = BatchDays.day(today, plus: 1) ?? today
        }

        /// This window while `now` is on its day, else the window of `now`'s day.
        func current(_ now: Date) -> DayWindow {
            Int((now.timeIntervalSince1970 / 86_400).rounded(.down)) == epochDay ? self : DayWindow(now: now)
        }
    }

    /// `"…"` with at most 100 bytes of `text` (whole scalars; a control character escaped), so a
    /// value of any length, or one grapheme cluster of thousands of joined scalars, is quoted short.
    static func quote(_ text: String) -> String {
        var escaped = ""
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > quotedBytes {
                escaped += "…"
                break
            }
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                escaped += String(format: "\\u%04X", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }

    /// A key as a path's step: a name as written, anything else quoted (and cut short).
    static func step(_ key: String) -> String {
        let plain =
            !key.isEmpty && key.utf8.count <= quotedBytes
            && key.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "_")
            }
        return plain ? key : quote(key)
    }

    static func describe(_ value: BatchJSON.Value) -> String {
        switch value {
        case .string(let text): quote(text)
        case .number(let literal, _): literal.utf8.count > quotedBytes ? quote(literal) : literal
        case .bool(let flag): String(flag)
        default: value.typeDescription
        }
    }

    func check(_ body: BatchJSON.Value) throws(Refusal) -> StoredBatch {
        guard case .object(let members) = body else {
            throw Refusal(.shape, "$: expected an object, found \(body.typeDescription)")
        }
        var schema: BatchJSON.Value?
        var batch: BatchJSON.Value?
        var app: BatchJSON.Value?
        var counts: BatchJSON.Value?
        for member in members {
            switch member.key {
            case "schema": schema = member.value
            case "batch": batch = member.value
            case "app": app = member.value
            case "counts": counts = member.value
            default: throw Refusal(.shape, "$.\(Self.step(member.key)): not a key of a batch")
            }
        }
        guard let schema else { throw Refusal(.schema, "$.schema: missing (this collector reads schemas 1 and 2)") }
        guard case .number(_, let version?) = schema, Self.schemas.contains(version) else {
            throw Refusal(.schema, "$.schema: \(Self.describe(schema)) is not a schema this collector reads (1, 2)")
        }
        guard let batch else { throw Refusal(.batchID, "$.batch: missing") }
        guard case .string(let batchText) = batch, batchText.utf8.count == 36, let id = UUID(uuidString: batchText)
        else {
            throw Refusal(.batchID, "$.batch: \(Self.describe(batch)) is not a UUID")
        }
        guard let app else { throw Refusal(.app, "$.app: missing") }
        guard case .string(let appID) = app, feed.apps.contains(appID) else {
            throw Refusal(.app, "$.app: \(Self.describe(app)) is not an app the feed names")
        }
        guard let counts else { throw Refusal(.shape, "$.counts: missing") }
        guard case .array(let elements) = counts else {
            throw Refusal(.shape, "$.counts: expected an array, found \(counts.typeDescription)")
        }
        guard !elements.isEmpty else { throw Refusal(.shape, "$.counts: empty (a batch has 1 to 200 counters)") }
        guard elements.count <= Self.maximumCounters else {
            throw Refusal(.tooMany, "$.counts: \(elements.count) counters, more than 200")
        }
        var rows: [CountRow] = []
        rows.reserveCapacity(elements.count)
        var keys = Set<CountRow>()
        var versions = DayVersions()
        for (position, element) in elements.enumerated() {
            let row = try counter(element, at: "$.counts[\(position)]", app: appID, schema: version)
            if let version = row.version, !versions.insert(version, on: row.day) {
                throw Self.tooManyVersions(at: "$.counts[\(position)]", app: appID, day: row.day, version: version)
            }
            var key = row
            key.n = 0
            guard keys.insert(key).inserted else {
                let first =
                    rows.firstIndex {
                        $0.day == row.day && $0.message == row.message
                            && $0.variant == row.variant && $0.version == row.version && $0.event == row.event
                    } ?? 0
                throw Refusal(
                    .duplicateCounter,
                    "$.counts[\(position)]: the same counter as $.counts[\(first)] (day, "
                        + (row.message != nil ? "message, variant" : "version") + " and event)")
            }
            rows.append(row)
        }
        return StoredBatch(id: id, rows: rows)
    }

    private func counter(_ value: BatchJSON.Value, at path: String, app: String, schema: Int64) throws(Refusal)
        -> CountRow
    {
        guard case .object(let members) = value else {
            throw Refusal(.shape, "\(path): expected an object, found \(value.typeDescription)")
        }
        var day: BatchJSON.Value?
        var message: BatchJSON.Value?
        var variant: BatchJSON.Value?
        var version: BatchJSON.Value?
        var event: BatchJSON.Value?
        var n: BatchJSON.Value?
        for member in members {
            switch member.key {
            case "day": day = member.value
            case "message": message = member.value
            case "variant": variant = member.value
            case "version": version = member.value
            case "event": event = member.value
            case "n": n = member.value
            default: throw Refusal(.shape, "\(path).\(Self.step(member.key)): not a key of a counter")
            }
        }
        // The day.
        guard let day else { throw Refusal(.day, "\(path).day: missing") }
        guard case .string(let dayText) = day, BatchDays.isDay(dayText) else {
            throw Refusal(.day, "\(path).day: \(Self.describe(day)) is not a day (YYYY-MM-DD)")
        }
        guard dayText >= firstDay, dayText <= lastDay else {
            throw Refusal(
                .day,
                "\(path).day: \(dayText) is outside \(firstDay)…\(lastDay) (30 days before today, UTC, to tomorrow)")
        }
        // n.
        guard let n else { throw Refusal(.count, "\(path).n: missing") }
        guard case .number(_, let count?) = n, (1...Self.maximumN).contains(count) else {
            throw Refusal(
                .count, "\(path).n: \(Self.describe(n)) is not a count from 1 to 1000" + Self.integerHint(n))
        }
        guard let event else { throw Refusal(.event, "\(path).event: missing") }
        guard case .string(let eventName) = event else {
            throw Refusal(.event, "\(path).event: expected a string, found \(event.typeDescription)")
        }
        // An update event: a version, no message.
        if Self.updateEvents.contains(eventName) {
            if message != nil { throw Refusal(.shape, "\(path).message: an update event carries version, not message") }
            if variant != nil { throw Refusal(.shape, "\(path).variant: an update event has no variant") }
            guard let version else { throw Refusal(.shape, "\(path).version: missing (an update event carries one)") }
            let versionText = try Self.version(version, at: "\(path).version")
            return CountRow(
                app: app, day: dayText, message: nil, variant: nil, version: versionText, event: eventName, n: count)
        }
        if version != nil { throw Refusal(.shape, "\(path).version: only an update event carries a version") }
        // A message event.
        guard let message else { throw Refusal(.message, "\(path).message: missing") }
        guard case .number(_, let messageID?) = message, let id = Int(exactly: messageID) else {
            throw Refusal(
                .message, "\(path).message: \(Self.describe(message)) is not a message id" + Self.integerHint(message))
        }
        guard let entry = feed.message(id, for: app) else {
            throw Refusal(.message, "\(path).message: \(id) is not a message of \(Self.quote(app)) in the feed")
        }
        var variantIndex: Int?
        if let variant {
            guard entry.variants > 0 else {
                throw Refusal(.variant, "\(path).variant: message \(id) has no variants")
            }
            guard case .number(_, let index?) = variant, index >= 0, index < entry.variants else {
                throw Refusal(
                    .variant,
                    "\(path).variant: \(Self.describe(variant)) is not a variant of message \(id) (0…\(entry.variants - 1))"
                        + Self.integerHint(variant))
            }
            variantIndex = Int(index)
        } else if entry.variants > 0 {
            throw Refusal(.variant, "\(path).variant: missing (message \(id) has \(entry.variants) variants)")
        }
        let events = entry.wordings[variantIndex ?? 0]
        let which = variantIndex.map { "variant \($0) of message \(id)" } ?? "message \(id)"
        if eventName.hasPrefix("button.") {
            let digits = eventName.dropFirst(7)
            guard digits.count == 1, let button = Int(digits) else {
                throw Refusal(.event, "\(path).event: \(Self.quote(eventName)) is not an event")
            }
            guard button < events.buttons else {
                throw Refusal(
                    .button,
                    "\(path).event: \(eventName): \(which) has "
                        + (events.buttons == 0 ? "no buttons of its own" : "\(events.buttons) button(s)"))
            }
        } else if !Self.messageEvents.contains(eventName) {
            throw Refusal(.event, "\(path).event: \(Self.quote(eventName)) is not an event")
        } else if eventName == "link", !events.link {
            throw Refusal(.event, "\(path).event: link: \(which) has no link (or has buttons of its own)")
        } else if eventName == "tap", !events.tap {
            throw Refusal(.event, "\(path).event: tap: \(which) is neither a banner nor an image")
        } else if eventName == "conversion", !events.conversion {
            throw Refusal(.event, "\(path).event: conversion: \(which) names no conversion")
        } else if eventName == "opened", schema < 2 {
            throw Refusal(.event, "\(path).event: opened is a counter of schema 2, and this batch is schema \(schema)")
        } else if eventName == "opened", !events.opened {
            throw Refusal(.event, "\(path).event: opened: \(which) is not an inbox item")
        }
        return CountRow(
            app: app, day: dayText, message: id, variant: variantIndex, version: nil, event: eventName, n: count)
    }

    /// The 422 for the update counter at `path` whose `version` would be one more than the day's bound
    /// of distinct versions of `app` (in this batch, or with those stored already).
    static func tooManyVersions(at path: String, app: String, day: String, version: String) -> Refusal {
        Refusal(
            .tooManyVersions,
            "\(path).version: \(quote(version)) would be a \(UpdateVersions.maximumPerDay + 1)th version of "
                + "\(quote(app)) on \(day): the collector stores at most \(UpdateVersions.maximumPerDay) "
                + "versions an app a day")
    }

    /// The distinct versions of one batch's update counters, per day.
    private struct DayVersions {
        var days: [String: Set<String>] = [:]

        /// false when `version` would be one more than the day's bound.
        mutating func insert(_ version: String, on day: String) -> Bool {
            var seen = days[day, default: []]
            if seen.contains(version) { return true }
            guard seen.count < UpdateVersions.maximumPerDay else { return false }
            seen.insert(version)
            days[day] = seen
            return true
        }
    }

    /// Checks a batch's `Content-Type` (its field lines): `application/json`, optionally with
    /// `charset=utf-8` (names and values case-insensitive, the value maybe quoted), as RFC 9110 writes a
    /// media type; the body is read as UTF-8 JSON and nothing else is.
    static func contentType(_ values: [String]) throws(Refusal) {
        guard let value = values.first else {
            throw Refusal(.contentType, "no Content-Type: a batch is sent as application/json")
        }
        guard values.count == 1 else {
            throw Refusal(.contentType, "Content-Type appears \(values.count) times: send it once, application/json")
        }
        // Split at ";", each part without the spaces and tabs around it (RFC 9110's OWS).
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map { part in
            var part = part
            while part.first == " " || part.first == "\t" { part.removeFirst() }
            while part.last == " " || part.last == "\t" { part.removeLast() }
            return part
        }
        guard String(parts[0]).lowercased() == "application/json" else {
            throw Refusal(.contentType, "Content-Type \(quote(value)) is not application/json")
        }
        for parameter in parts.dropFirst() where !parameter.isEmpty {
            let pair = String(parameter).lowercased().split(
                separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let charset = pair.count == 2 && pair[0] == "charset" && (pair[1] == "utf-8" || pair[1] == "\"utf-8\"")
            guard charset else {
                throw Refusal(
                    .contentType,
                    "Content-Type \(quote(value)): only charset=utf-8 may follow application/json")
            }
        }
    }

    /// `" (written as an integer)"` for a number that is not an integer literal, else nothing.
    static func integerHint(_ value: BatchJSON.Value) -> String {
        guard case .number(_, nil) = value else { return "" }
        return " (written as an integer)"
    }

    /// An update event's `version`: a version as apps read one (the root package's `Version`: digits
    /// and dots, then `-pre-release` and `+build` of letters, digits and hyphens), at most 32 bytes.
    /// So no control character, no NUL, no text of any other shape is stored.
    static func version(_ value: BatchJSON.Value, at path: String) throws(Refusal) -> String {
        guard case .string(let text) = value else {
            throw Refusal(.version, "\(path): expected a string, found \(value.typeDescription)")
        }
        let quoted = quote(text)
        guard text.utf8.count <= maximumVersionBytes else {
            throw Refusal(
                .version, "\(path): \(quoted) is \(text.utf8.count) bytes long, more than a version's 32")
        }
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw Refusal(
                .version,
                "\(path): \(quoted) is not a version: it holds a control character "
                    + String(format: "(U+%04X)", control.value))
        }
        do {
            _ = try Version(parsing: text)
        } catch {
            throw Refusal(.version, "\(path): \(quoted) is not a version: \(error.reason)")
        }
        return text
    }
}
