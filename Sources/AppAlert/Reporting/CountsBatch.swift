import Foundation

/// The wire format (schema/counts.schema.json, docs/reporting.md): the exact bytes of a batch, and how
/// counters become batches within the collector's caps.
enum CountsWire {
    /// The most counters in one batch.
    static let maximumCounters = 200
    /// The most one counter may say.
    static let maximumN = 1_000
    /// The longest `version` a collector takes, in UTF-8 bytes; it refuses a batch with a longer one, and
    /// so every other counter in it.
    static let maximumVersionBytes = 32

    /// `{"schema":1,"batch":"…","app":"…","counts":[{"day":…,"message":…,"variant":…,"event":…,"n":…},…]}`:
    /// no spaces, keys in this order, `variant` only for a message with variants, `version` (not
    /// `message`) for an update prompt's counters.
    static func body(batch: String, app: String, counts: [ResultCounts.Counter]) -> Data {
        var text = "{\"schema\":\(schema(of: counts)),\"batch\":"
        JSONValue.writeString(batch, to: &text)
        text += ",\"app\":"
        JSONValue.writeString(app, to: &text)
        text += ",\"counts\":["
        for (position, counter) in counts.enumerated() {
            if position > 0 { text += "," }
            text += "{\"day\":"
            JSONValue.writeString(counter.day, to: &text)
            if let message = counter.message { text += ",\"message\":\(message)" }
            if let variant = counter.variant { text += ",\"variant\":\(variant)" }
            if let version = counter.version {
                text += ",\"version\":"
                JSONValue.writeString(version, to: &text)
            }
            text += ",\"event\":"
            JSONValue.writeString(counter.event.rawValue, to: &text)
            text += ",\"n\":\(counter.n)}"
        }
        text += "]}"
        return Data(text.utf8)
    }

    /// The schema a batch of `counts` needs: 2 when it has an inbox item's `opened` (the counter schema 2
    /// added), else 1, so a collector that reads only schema 1 still takes every other batch.
    static func schema(of counts: [ResultCounts.Counter]) -> Int {
        counts.contains { $0.event == .opened } ? 2 : 1
    }
}

extension ResultCounts {
    /// Takes the next batch out of the counters of days before `today` (oldest day first): at most 200
    /// counters, each at most 1,000 — the rest of a bigger count stays for the next batch, so nothing is
    /// lost and a key appears once per batch. `nil` when there is nothing to send.
    mutating func takeBatch(before today: String, id: String, at date: Date) -> Batch? {
        let order = counters.indices.filter { counters[$0].day < today }
            .sorted { (counters[$0].day, $0) < (counters[$1].day, $1) }
        guard !order.isEmpty else { return nil }
        var taken: [Counter] = []
        for index in order.prefix(CountsWire.maximumCounters) {
            var counter = counters[index]
            counter.n = min(counter.n, CountsWire.maximumN)
            counters[index].n -= counter.n
            if counter.n > 0 { taken.append(counter) }
        }
        counters.removeAll { $0.n <= 0 }
        guard !taken.isEmpty else { return nil }
        return Batch(id: id, since: date, counts: taken)
    }

    /// Whether a run of the sender is due at `now`: not before ``retryAt``; a batch waiting is sent again;
    /// else once per UTC day, when days before today have counters.
    func isDue(at now: Date) -> Bool {
        if let retryAt, now < retryAt { return false }
        if batch != nil { return true }
        let today = UTCDay.number(of: now)
        if let lastRun, UTCDay.number(of: lastRun) == today { return false }
        let todayText = UTCDay.text(ofDay: today)
        return counters.contains { $0.day < todayText }
    }
}
