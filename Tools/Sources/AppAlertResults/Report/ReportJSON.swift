@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

extension ResultsReport {
    /// `--json`: `{"messages": [{"id", "counts", "headline", "summary", "variants": [{"variant", "counts",
    /// "rates", "versusBaseline"}]}], "updates": [{"app", "version", "counts", "rates"}]}`, keys sorted, every
    /// number finite (an undefined rate is `null`). `summary` is the line the text, the HTML and the console
    /// give the message (``summary(_:)``). `title` with a feed; `anomalies` only where counts do not add up.
    package var jsonValue: JSONValue {
        Self.object([
            ("messages", .array(messages.map(Self.json))),
            ("updates", .array(updates.map(Self.json))),
        ])
    }

    private static func json(_ message: MessageResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .integer(Int64(message.id))),
            ("counts", counts(message.counts)),
            ("variants", .array(message.arms.map(json))),
            ("headline", json(message.headline)),
            ("summary", .string(summary(message))),
        ]
        if let title = message.title { members.append(("title", .string(title))) }
        if let ratio = message.sampleRatio { members.append(("sampleRatio", json(ratio))) }
        return object(members)
    }

    private static func json(_ ratio: SampleRatio) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("expectedShares", .array(ratio.expected.map { number($0) })),
            ("observedShares", .array(ratio.observed.map { number($0) })),
            ("showings", .array(ratio.showings.map { .integer($0) })),
            ("chiSquare", number(ratio.fit.statistic)),
            ("degreesOfFreedom", .integer(Int64(ratio.fit.degreesOfFreedom))),
            ("pValue", number(ratio.fit.p)),
            ("mismatch", .bool(ratio.mismatch)),
        ]
        if ratio.mismatch { members.append(("text", .string(ratio.warning))) }
        if let day = ratio.fitsFrom { members.append(("fitsFrom", .string(day))) }
        return object(members)
    }

    private static func json(_ headline: Headline) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("text", .string(headline.text)), ("kind", .string(headline.kind.rawValue)),
        ]
        if let event = headline.event { members.append(("event", .string(event))) }
        if let variant = headline.variant { members.append(("variant", .integer(Int64(variant)))) }
        if let baseline = headline.baseline { members.append(("baseline", .integer(Int64(baseline)))) }
        if let probability = headline.probabilityBetter {
            members.append(("probabilityBetter", number(probability)))
        }
        if let more = headline.moreShowingsAtObserved { members.append(("moreShowingsAtObserved", .integer(more))) }
        if let more = headline.moreShowingsAtTenPercent {
            members.append(("moreShowingsAtTenPercent", .integer(more)))
        }
        return object(members)
    }

    private static func json(_ arm: ArmResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("variant", arm.variant.map { .integer(Int64($0)) } ?? .null),
            ("label", .string(arm.label)),
            ("counts", counts(arm.counts)),
            ("rates", rates(arm.rates)),
        ]
        if !arm.buttonTitles.isEmpty { members.append(("buttons", .array(arm.buttonTitles.map { .string($0) }))) }
        if let versus = arm.versusBaseline {
            members.append(("versusBaseline", object(versus.map { ($0.key, json($0.value)) })))
        }
        if !arm.anomalies.isEmpty { members.append(("anomalies", .array(arm.anomalies.map(json)))) }
        return object(members)
    }

    private static func json(_ comparison: Comparison) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("difference", number(comparison.difference?.estimate)),
            ("low", number(comparison.difference?.low)),
            ("high", number(comparison.difference?.high)),
            ("relativeDifference", number(comparison.relative?.estimate ?? nil)),
            ("relativeLow", number(comparison.relative?.low)),
            ("relativeHigh", number(comparison.relative?.high)),
            ("probabilityToBeat", number(comparison.probabilityToBeat)),
            ("verdict", .string(comparison.verdict.code)),
        ]
        if case .notEnoughData(let more?) = comparison.verdict {
            members.append(("moreShowingsNeeded", .integer(more)))
        }
        if !comparison.baselineEvent.isEmpty { members.append(("baselineEvent", .string(comparison.baselineEvent))) }
        if let title = comparison.baselineTitle { members.append(("baselineButton", .string(title))) }
        return object(members)
    }

    private static func json(_ update: UpdateResult) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("app", .string(update.app)),
            ("version", .string(update.version)),
            ("counts", counts(update.counts)),
            ("rates", rates(update.rates)),
        ]
        if !update.anomalies.isEmpty { members.append(("anomalies", .array(update.anomalies.map(json)))) }
        return object(members)
    }

    private static func json(_ anomaly: Anomaly) -> JSONValue {
        switch anomaly {
        case .noShowings:
            object([("kind", .string(anomaly.code))])
        case .moreThanShown(let event, let count, let shown):
            object([
                ("kind", .string(anomaly.code)), ("event", .string(event)), ("count", .integer(count)),
                ("shown", .integer(shown)),
            ])
        case .actionsWithoutShowings(let days, let total):
            object([
                ("kind", .string(anomaly.code)), ("days", .array(days.map { .string($0) })),
                ("dayCount", .integer(Int64(total))),
            ])
        case .outsideDates(let days, let total, let window):
            object([
                ("kind", .string(anomaly.code)), ("days", .array(days.map { .string($0) })),
                ("dayCount", .integer(Int64(total))), ("window", .string(window)),
            ])
        }
    }

    private static func counts(_ counts: [String: Int64]) -> JSONValue {
        object(counts.map { ($0.key, .integer($0.value)) })
    }

    private static func rates(_ rates: [String: Interval?]) -> JSONValue {
        object(
            rates.map { event, interval in
                (
                    event,
                    object([
                        ("rate", number(interval?.estimate)), ("low", number(interval?.low)),
                        ("high", number(interval?.high)),
                    ])
                )
            })
    }

    /// A finite number rounded to 6 decimals (no `-0.0040000000000000036`), or `null`.
    static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        let rounded = (value * 1e6).rounded() / 1e6
        return .number(rounded == 0 ? 0 : rounded)
    }

    /// An object with its keys sorted.
    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.sorted { $0.0 < $1.0 }.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}

extension ResultsReport {
    /// The console's figures (`serve --dev --results`): each message's object of `report --json --feed`
    /// by its id (`{"3": {"id": 3, "title", "counts", "variants"}}`) with `summary`, the line the console
    /// shows (``summary(_:)``), the whole database read with the
    /// feed's messages; or `{"error"}` saying why the database cannot be read.
    package static func figuresByMessage(database: String, feed: Data) async -> JSONValue {
        let facts = (try? FeedDecoder().decode(feed)).map { FeedMessageFacts.of($0.feed.messages, app: nil) }
        let report: ResultsReport
        do {
            report = try await load(
                database: database, filter: ResultsFilter(app: nil, since: nil, until: nil), feed: facts)
        } catch {
            return .object(JSONObject(["error": .string(error.description)]))
        }
        var byID = JSONObject()
        for message in report.messages {
            // With the console's line (`summary`): the report's own words and numbers.
            byID.set(String(message.id), json(message))
        }
        return .object(byID)
    }
}
