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
        case contentType = "content_type"
        case rateLimited = "rate_limited"
        case notFound = "not_found"
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
    static let messageEvents: Set<String> = ["shown", "dismissed", "tap", "link", "conversion"]
    static let updateEvents: Set<String> = ["update.shown", "update.accepted", "update.later", "update.skipped"]
    static let maximumCounters = 200
    static let maximumN: Int64 = 1000

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

    /// `"…"` with at most 100 characters of `text`.
    static func quote(_ text: String) -> String {
        let cut = text.count > 100 ? String(text.prefix(100)) + "…" : text
        var escaped = ""
        for scalar in cut.unicodeScalars {
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

    static func describe(_ value: BatchJSON.Value) -> String {
        switch value {
        case .string(let text): quote(text)
        case .number(let double, let integer): integer.map(String.init) ?? String(double)
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
            default: throw Refusal(.shape, "$.\(member.key.prefix(100)): not a key of a batch")
            }
        }
        guard let schema else { throw Refusal(.schema, "$.schema: missing (this collector reads schema 1)") }
        guard case .number(_, let version) = schema, version == 1 else {
            throw Refusal(.schema, "$.schema: \(Self.describe(schema)) is not a schema this collector reads (1)")
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
        for (position, element) in elements.enumerated() {
            let row = try counter(element, at: "$.counts[\(position)]", app: appID)
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

    private func counter(_ value: BatchJSON.Value, at path: String, app: String) throws(Refusal) -> CountRow {
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
            default: throw Refusal(.shape, "\(path).\(member.key.prefix(100)): not a key of a counter")
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
            throw Refusal(.count, "\(path).n: \(Self.describe(n)) is not a count from 1 to 1000")
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
            guard case .string(let versionText) = version, !versionText.isEmpty, versionText.count <= 64 else {
                throw Refusal(
                    .shape, "\(path).version: \(Self.describe(version)) is not a version (1 to 64 characters)")
            }
            return CountRow(
                app: app, day: dayText, message: nil, variant: nil, version: versionText, event: eventName, n: count)
        }
        if version != nil { throw Refusal(.shape, "\(path).version: only an update event carries a version") }
        // A message event.
        guard let message else { throw Refusal(.message, "\(path).message: missing") }
        guard case .number(_, let messageID?) = message, let id = Int(exactly: messageID) else {
            throw Refusal(.message, "\(path).message: \(Self.describe(message)) is not a message id")
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
                )
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
        }
        return CountRow(
            app: app, day: dayText, message: id, variant: variantIndex, version: nil, event: eventName, n: count)
    }
}
