import Foundation

extension ResultsReport {
    /// The columns of `--csv`.
    package static let csvHeader = [
        "message", "variant", "app", "version", "event", "count", "rate", "low", "high", "difference",
        "differenceLow", "differenceHigh", "probabilityToBeat", "verdict", "anomaly", "button", "headline",
        "sampleRatio", "sampleRatioP",
    ]

    /// `--csv`: a header row, then one row per message, variant and event (`shown` included, with
    /// no rate), then one per app, offered version and update event. Empty cells where a value does
    /// not apply or is not defined; `anomaly` names the marks that concern the row, separated by `;`.
    /// `variant` is the variant's label (its name, else A, B, …), `button` a button's title, `headline`
    /// the message's headline on each of its rows; `sampleRatio` (`mismatch` or `fits`) and `sampleRatioP`,
    /// on each of its rows, the sample ratio check's verdict and p-value where it speaks.
    package var csv: String {
        var lines = [Self.csvHeader.joined(separator: ",")]
        for message in messages {
            let ratio = message.sampleRatio
            let ratioCells = [ratio.map { $0.mismatch ? "mismatch" : "fits" } ?? "", Self.cell(ratio?.fit.p)]
            for arm in message.arms {
                for event in message.events {
                    let rate = arm.rates[event] ?? nil
                    let comparison = arm.versusBaseline?[event]
                    let marks = Self.marks(
                        arm.anomalies, event: event, count: arm.counts[event] ?? 0, shownEvent: "shown")
                    lines.append(
                        Self.row(
                            [
                                String(message.id), arm.variant == nil ? "" : arm.label, "", "", event,
                                String(arm.counts[event] ?? 0), Self.cell(rate?.estimate), Self.cell(rate?.low),
                                Self.cell(rate?.high), Self.cell(comparison?.difference?.estimate),
                                Self.cell(comparison?.difference?.low), Self.cell(comparison?.difference?.high),
                                Self.cell(comparison?.probabilityToBeat ?? nil), comparison?.verdict.code ?? "", marks,
                                Self.buttonTitle(event, titles: arm.buttonTitles), message.headline.text,
                            ] + ratioCells))
                }
            }
        }
        for update in updates {
            for event in update.events {
                let rate = update.rates[event] ?? nil
                lines.append(
                    Self.row([
                        "", "", update.app, update.version, event, String(update.counts[event] ?? 0),
                        Self.cell(rate?.estimate), Self.cell(rate?.low), Self.cell(rate?.high), "", "", "", "", "",
                        Self.marks(
                            update.anomalies, event: event, count: update.counts[event] ?? 0, shownEvent: "update.shown"
                        ), "", "", "", "",
                    ]))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The anomaly codes that concern `event`'s row (of `count`): actions without showings mark only
    /// the actions counted.
    private static func marks(_ anomalies: [Anomaly], event: String, count: Int64, shownEvent: String) -> String {
        anomalies.filter { anomaly in
            switch anomaly {
            case .noShowings: true
            case .moreThanShown(let marked, _, _): marked == event || marked == "answers together"
            case .actionsWithoutShowings: event != shownEvent && event != "conversion" && count > 0
            case .outsideDates: count > 0
            }
        }.map(\.code).joined(separator: ";")
    }

    private static func buttonTitle(_ event: String, titles: [String]) -> String {
        guard event.hasPrefix("button."), let index = Int(event.dropFirst(7)), titles.indices.contains(index) else {
            return ""
        }
        return titles[index]
    }

    private static func cell(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return "\(value)"
    }

    /// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled; a field
    /// a spreadsheet would read as a formula gets a leading apostrophe.
    private static func row(_ fields: [String]) -> String {
        fields.map { field in
            var text = field
            if let first = text.first, "=+-@".contains(first), Double(text) == nil { text = "'" + text }
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }
}
