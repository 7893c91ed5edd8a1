import AppAlertAuthoring
import Foundation

extension ResultsReport {
    /// `--html`: one self-contained page (inline CSS and SVG; no script, font or request): per
    /// message, a chart of each variant's daily showings and actions, a chart of the rates with their
    /// intervals, and the table of the numbers; then the update prompts. Light and dark follow
    /// `prefers-color-scheme`; each chart has a title and a description, and the table says it all
    /// in text.
    package var html: String {
        var page = HTMLPage()
        page.add(
            """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>AppAlert results</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <main>
            <h1>AppAlert results</h1>
            <p class="scope">\(HTMLText.escaped(scope))</p>
            """)
        if messages.isEmpty && updates.isEmpty { page.add("<p>No counts recorded.</p>") }
        if let note = buttonsNote { page.add("<p class=\"note\">\(HTMLText.escaped(note))</p>") }
        let axis = chartDays
        for message in messages { page.add(Self.section(message, note: notInFeedNote(message), axis: axis)) }
        if !updates.isEmpty { page.add(Self.updatesSection(updates)) }
        page.add("</main>\n</body>\n</html>")
        return page.text
    }

    private static let style = """
        :root { color-scheme: light dark; --bg: #ffffff; --fg: #1c1c1e; --muted: #5f6368; --grid: #d9dce1;
          --card: #f6f7f9; --bar: #c9d7ee; --mark: #8a4b00; --mark-bg: #fff4e0;
          --s0: #1f5fbf; --s1: #c2410c; --s2: #15803d; --s3: #7e22ce; --s4: #b91c1c; --s5: #0f766e; --s6: #a16207; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #111214; --fg: #eceef1; --muted: #a5abb3; --grid: #383c42; --card: #1b1d21; --bar: #2b3d5c;
            --mark: #ffc46b; --mark-bg: #33260f;
            --s0: #7cb0ff; --s1: #ff9a62; --s2: #5fd68b; --s3: #c79bff; --s4: #ff7b7b; --s5: #4fd1c5; --s6: #f2c94c; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        main { max-width: 1040px; margin: 0 auto; padding: 24px; }
        h1 { font-size: 24px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 0 0 8px; }
        h3 { font-size: 15px; margin: 16px 0 6px; }
        .scope, .note { color: var(--muted); margin: 0 0 16px; }
        .headline { font-size: 16px; font-weight: 600; margin: 0 0 8px; }
        section { background: var(--card); border-radius: 10px; padding: 16px 20px; margin: 20px 0; }
        .charts { display: flex; flex-wrap: wrap; gap: 12px; }
        figure { margin: 0; flex: 1 1 420px; min-width: 0; max-width: 560px; }
        figcaption { font-size: 13px; color: var(--muted); }
        svg { width: 100%; height: auto; display: block; }
        svg text { fill: var(--muted); font-size: 11px; }
        .grid { stroke: var(--grid); stroke-width: 1; }
        .bar { fill: var(--bar); }
        .line { fill: none; stroke-width: 2; }
        .legend { list-style: none; padding: 0; margin: 4px 0 0; display: flex; flex-wrap: wrap; gap: 4px 14px;
          font-size: 13px; }
        .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 5px;
          vertical-align: -1px; }
        \((0..<7).map { ".c\($0) { stroke: var(--s\($0)); fill: var(--s\($0)); color: var(--s\($0)); }" }.joined(separator: " "))
        svg .line { fill: none; }
        .c-bar { background: var(--bar); }
        .swatch.c0, .swatch.c1, .swatch.c2, .swatch.c3, .swatch.c4, .swatch.c5, .swatch.c6 { background: currentColor; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; font-variant-numeric: tabular-nums;
          margin-top: 12px; }
        caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
        th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--grid); vertical-align: top; }
        td.n, th.n { text-align: right; } td.i, th[scope="row"] { white-space: nowrap; }
        .verdict-better { color: var(--s2); font-weight: 600; } .verdict-worse { color: var(--s4); font-weight: 600; }
        .mark { background: var(--mark-bg); color: var(--mark); border-radius: 6px; padding: 6px 10px; margin: 8px 0;
          font-size: 13px; }
        """

    /// The days every daily chart shows, the same for every message and variant so that their charts line
    /// up: each UTC day from the first day counted in the report to the last; the counted days alone when
    /// that span is longer than a year and more than those days (a device clock far off must not make
    /// every chart thousands of days wide).
    var chartDays: [String] {
        let counted = Set(messages.flatMap { $0.arms.flatMap { $0.daily.map(\.day) } }).sorted()
        guard let first = counted.first, let last = counted.last else { return [] }
        let limit = max(366, counted.count)
        var days = [first]
        while let day = days.last, day < last, days.count <= limit, let next = BatchDays.day(day, plus: 1) {
            days.append(next)
        }
        return days.last == last ? days : counted
    }

    private static func section(_ message: MessageResult, note: String?, axis: [String]) -> String {
        let anchor = "m\(message.id)"
        var title = "Message \(message.id)"
        if let name = message.title { title += " “\(quoted(name))”" }
        let variants = message.arms.filter { $0.variant != nil }.count
        var html = "<section aria-labelledby=\"\(anchor)\">\n<h2 id=\"\(anchor)\">\(HTMLText.escaped(title))</h2>\n"
        if let note { html += "<p class=\"note\">\(HTMLText.escaped(note))</p>\n" }
        html += "<p class=\"headline headline-\(message.headline.kind.rawValue)\">"
        html += HTMLText.escaped(message.headline.text) + "</p>\n"
        if let ratio = message.sampleRatio, ratio.mismatch {
            html += "<p class=\"mark sample-ratio\" role=\"note\">⚠ \(HTMLText.escaped(ratio.details)).</p>\n"
        }
        let shown = message.counts["shown"] ?? 0
        html += "<p class=\"note\">Shown \(Headline.grouped(shown)) \(shown == 1 ? "time" : "times")"
        if variants > 0, let baseline = message.arms.first(where: { $0.variant != nil }) {
            html += " in \(variants) \(variants == 1 ? "variant" : "variants"); "
            html += HTMLText.escaped(variantTitle(baseline, capitalized: false)) + " is the baseline.</p>\n"
        } else {
            html += ".</p>\n"
        }
        let actions = message.events.filter { $0 != "shown" }
        html += "<div class=\"charts\">\n"
        for arm in message.arms {
            html += dailyChart(
                message: message, arm: arm, actions: actions, axis: axis, id: "\(anchor)-\(armName(arm.variant))")
        }
        html += rateChart(message: message, actions: actions, id: "\(anchor)-rates")
        html += "</div>\n"
        for arm in message.arms {
            for anomaly in arm.anomalies where !(shown <= 0 && anomaly == .noShowings) {
                html +=
                    "<p class=\"mark\" role=\"note\">⚠ \(HTMLText.escaped(variantTitle(arm))): \(HTMLText.escaped(anomaly.text))</p>\n"
            }
        }
        html += table(message: message, actions: actions)
        return html + "</section>"
    }

    private static func armName(_ variant: Int?) -> String { variant.map { "v\($0)" } ?? "all" }

    /// Each event's color, the same in every message: a fixed one for the usual events, else derived
    /// from the name (FNV-1a), so `purchase` has one color wherever it appears.
    static func colorClass(_ event: String) -> String {
        // An inbox item's `opened` shares button.0's: an inbox item has no counted buttons.
        let fixed = [
            "button.0": 0, "opened": 0, "button.1": 1, "conversion": 2, "button.2": 3, "dismissed": 4, "tap": 5,
            "link": 6,
        ]
        if let index = fixed[event] { return "c\(index)" }
        var hash: UInt32 = 2_166_136_261
        for byte in event.utf8 { hash = (hash ^ UInt32(byte)).multipliedReportingOverflow(by: 16_777_619).partialValue }
        return "c\(hash % 7)"
    }

    /// Bars of the showings per day, a line per action, over the report's days (`axis`: a day without a
    /// count of this variant is a zero).
    private static func dailyChart(
        message: MessageResult, arm: ArmResult, actions: [String], axis: [String], id: String
    ) -> String {
        let recorded = arm.daily.map(\.day)
        var byDay: [String: [String: Int64]] = [:]
        for entry in arm.daily { byDay[entry.day] = entry.counts }
        let days = axis.isEmpty ? recorded : axis
        let daily = days.map { day in (day: day, counts: byDay[day] ?? [:]) }
        let width = 480.0
        let height = 200.0
        let left = 44.0
        let right = 10.0
        let top = 10.0
        let bottom = 26.0
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let largest = arm.daily.flatMap { $0.counts.values }.max() ?? 0
        let scale = niceMaximum(Double(max(largest, 1)))
        let slot = plotWidth / Double(max(days.count, 1))
        func x(_ index: Int) -> Double { left + slot * (Double(index) + 0.5) }
        func y(_ value: Int64) -> Double { top + plotHeight - plotHeight * min(Double(value), scale) / scale }
        let label = "\(variantTitle(arm)) of message \(message.id), per day"
        var summary = "Showings and actions per UTC day"
        if let first = recorded.first, let last = recorded.last {
            summary +=
                " from \(first) to \(last): \(Headline.grouped(arm.shown)) \(arm.shown == 1 ? "showing" : "showings")"
            for action in actions {
                summary +=
                    ", \(Headline.grouped(arm.counts[action] ?? 0)) \(eventLabel(action, titles: arm.buttonTitles))"
            }
            summary += ". The table below has every number."
        } else {
            summary += ": none recorded."
        }
        var svg = """
            <figure>
            <svg viewBox="0 0 \(format(width)) \(format(height))" role="img" aria-labelledby="\(id)-t \(id)-d">
            <title id="\(id)-t">\(HTMLText.escaped(label))</title>
            <desc id="\(id)-d">\(HTMLText.escaped(summary))</desc>

            """
        for fraction in [0.0, 0.5, 1.0] {
            let value = scale * fraction
            let lineY = top + plotHeight - plotHeight * fraction
            svg +=
                "<line class=\"grid\" x1=\"\(format(left))\" x2=\"\(format(width - right))\" y1=\"\(format(lineY))\" y2=\"\(format(lineY))\"/>"
            svg +=
                "<text x=\"\(format(left - 6))\" y=\"\(format(lineY + 4))\" text-anchor=\"end\">\(format(value))</text>\n"
        }
        for (index, entry) in daily.enumerated() {
            let shown = entry.counts["shown"] ?? 0
            let barWidth = max(1, slot * 0.7)
            svg +=
                "<rect class=\"bar\" x=\"\(format(x(index) - barWidth / 2))\" y=\"\(format(y(shown)))\" width=\"\(format(barWidth))\" height=\"\(format(top + plotHeight - y(shown)))\"/>"
        }
        svg += "\n"
        for action in actions {
            let points = daily.enumerated().map { index, entry in
                "\(format(x(index))),\(format(y(entry.counts[action] ?? 0)))"
            }
            guard !points.isEmpty else { continue }
            let color = colorClass(action)
            if points.count > 1 {
                svg += "<polyline class=\"line \(color)\" points=\"\(points.joined(separator: " "))\"/>"
            }
            for point in points {
                let xy = point.split(separator: ",")
                svg += "<circle class=\"\(color)\" cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"2.5\"/>"
            }
            svg += "\n"
        }
        let labelled = days.count <= 3 ? Array(days.indices) : [0, days.count / 2, days.count - 1]
        for index in labelled {
            svg +=
                "<text x=\"\(format(x(index)))\" y=\"\(format(height - 8))\" text-anchor=\"middle\">\(HTMLText.escaped(String(days[index].dropFirst(5))))</text>"
        }
        svg += "\n</svg>\n<figcaption>\(HTMLText.escaped(label))</figcaption>\n<ul class=\"legend\">"
        svg += "<li><span class=\"swatch c-bar\"></span>shown</li>"
        for action in actions {
            svg +=
                "<li><span class=\"swatch \(colorClass(action))\"></span>"
                + "\(HTMLText.escaped(eventLabel(action, titles: arm.buttonTitles)))</li>"
        }
        return svg + "</ul>\n</figure>\n"
    }

    /// Each action's rate per variant: a dot and its 95% interval.
    private static func rateChart(message: MessageResult, actions: [String], id: String) -> String {
        let rows = actions.flatMap { action in message.arms.map { (action: action, arm: $0) } }
        // Each row's label ("Claim my free week" · Free week), cut at 48 characters (the description and the
        // table have it whole); the labels' column is as wide as the longest needs, the plot 306 wide beside it.
        let names = rows.map { row in
            let event = eventLabel(row.action, titles: row.arm.buttonTitles)
            let name = row.arm.variant == nil ? event : "\(event) · \(quoted(row.arm.label))"
            return name.count > 48 ? String(name.prefix(47)) + "…" : name
        }
        let rowHeight = 20.0
        // 11px system-ui text averages under 6.6 units a character (wide capitals included).
        let left = max(150, Double(names.map(\.count).max() ?? 0) * 6.6 + 16)
        let width = left + 330
        let right = 24.0
        let top = 8.0
        let height = top + rowHeight * Double(max(rows.count, 1)) + 26
        let highest = rows.compactMap { ($0.arm.rates[$0.action] ?? nil)?.high }.max() ?? 1
        let scale = min(1, niceMaximum(max(highest, 0.01)))
        func x(_ rate: Double) -> Double { left + (width - left - right) * min(max(rate, 0), scale) / scale }
        var svg = """
            <figure>
            <svg viewBox="0 0 \(format(width)) \(format(height))" role="img" aria-labelledby="\(id)-t \(id)-d">
            <title id="\(id)-t">Rates per showing of message \(message.id), with 95% intervals</title>
            <desc id="\(id)-d">\(HTMLText.escaped(rateSummary(message: message, actions: actions)))</desc>

            """
        for fraction in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let lineX = x(scale * fraction)
            svg +=
                "<line class=\"grid\" x1=\"\(format(lineX))\" x2=\"\(format(lineX))\" y1=\"\(format(top))\" y2=\"\(format(height - 22))\"/>"
            svg +=
                "<text x=\"\(format(lineX))\" y=\"\(format(height - 8))\" text-anchor=\"middle\">\(HTMLText.escaped(percent(scale * fraction)))</text>\n"
        }
        for (index, row) in rows.enumerated() {
            let centerY = top + rowHeight * (Double(index) + 0.5)
            let color = colorClass(row.action)
            let name = names[index]
            svg +=
                "<text x=\"\(format(left - 8))\" y=\"\(format(centerY + 4))\" text-anchor=\"end\">\(HTMLText.escaped(name))</text>"
            if let rate = row.arm.rates[row.action] ?? nil {
                svg +=
                    "<line class=\"line \(color)\" x1=\"\(format(x(rate.low)))\" x2=\"\(format(x(rate.high)))\" y1=\"\(format(centerY))\" y2=\"\(format(centerY))\"/>"
                svg +=
                    "<circle class=\"\(color)\" cx=\"\(format(x(rate.estimate)))\" cy=\"\(format(centerY))\" r=\"4\"/>"
            } else {
                svg += "<text x=\"\(format(left + 4))\" y=\"\(format(centerY + 4))\">no showings</text>"
            }
            svg += "\n"
        }
        return svg
            + "</svg>\n<figcaption>Rates per showing, dot at the rate, line across its 95% interval</figcaption>\n</figure>\n"
    }

    private static func rateSummary(message: MessageResult, actions: [String]) -> String {
        var parts: [String] = []
        for action in actions {
            for arm in message.arms {
                let event = eventLabel(action, titles: arm.buttonTitles)
                let name = arm.variant == nil ? event : "\(event) of \(variantTitle(arm, capitalized: false))"
                if let rate = arm.rates[action] ?? nil {
                    parts.append("\(name): \(percent(rate.estimate)) (\(percent(rate.low)) to \(percent(rate.high)))")
                } else {
                    parts.append("\(name): no showings")
                }
            }
        }
        return parts.isEmpty ? "No actions recorded." : parts.joined(separator: "; ") + "."
    }

    private static func table(message: MessageResult, actions: [String]) -> String {
        let hasVariants = message.arms.contains { $0.versusBaseline != nil }
        var html = "<table>\n<caption>The numbers of message \(message.id)</caption>\n<thead><tr>"
        html += "<th scope=\"col\">Variant</th><th scope=\"col\">Event</th><th scope=\"col\" class=\"n\">Count</th>"
        html += "<th scope=\"col\" class=\"n\">Rate</th><th scope=\"col\">95% interval</th>"
        if hasVariants { html += "<th scope=\"col\">Against the baseline</th><th scope=\"col\">Verdict</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for arm in message.arms {
            for event in message.events {
                let name =
                    arm.variant == nil ? "—" : quoted(arm.label) + (arm.versusBaseline == nil ? " (baseline)" : "")
                html += "<tr><th scope=\"row\">\(HTMLText.escaped(name))</th>"
                html += "<td>\(HTMLText.escaped(eventLabel(event, titles: arm.buttonTitles)))</td>"
                html += "<td class=\"n\">\(Headline.grouped(arm.counts[event] ?? 0))</td>"
                if event == "shown" {
                    html += "<td></td><td></td>"
                } else if let rate = arm.rates[event] ?? nil {
                    html += "<td class=\"n\">\(HTMLText.escaped(percent(rate.estimate)))</td>"
                    html +=
                        "<td class=\"i\">\(HTMLText.escaped(percent(rate.low))) – \(HTMLText.escaped(percent(rate.high)))</td>"
                } else {
                    html += "<td class=\"n\">no rate</td><td></td>"
                }
                if hasVariants {
                    if let comparison = arm.versusBaseline?[event] {
                        let verdict = comparison.verdict
                        let describe = describe(comparison)
                        let saidByVerdict: Bool
                        if case .noneInEither = verdict { saidByVerdict = true } else { saidByVerdict = false }
                        let detail =
                            comparison.probabilityToBeat == nil || saidByVerdict
                            ? ""
                            : describe[
                                ..<(describe.range(of: ": ", options: .backwards)?.lowerBound ?? describe.endIndex)]
                        let against = baselineName(comparison, event, goal: message.headline.event)
                        let named = against == "baseline" ? "" : "vs \(against): "
                        html += "<td>\(HTMLText.escaped(named + String(detail)))</td>"
                        html +=
                            "<td class=\"verdict-\(verdict.code.replacingOccurrences(of: " ", with: "-"))\">\(HTMLText.escaped(verdict.text))</td>"
                    } else {
                        html += "<td></td><td></td>"
                    }
                }
                html += "</tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n"
    }

    private static func updatesSection(_ updates: [UpdateResult]) -> String {
        var html = "<section aria-labelledby=\"updates\">\n<h2 id=\"updates\">Update prompts</h2>\n<table>\n"
        html += "<caption>The prompt's funnel per app and offered version</caption>\n<thead><tr>"
        html += "<th scope=\"col\">App</th><th scope=\"col\">Version</th><th scope=\"col\">Event</th>"
        html +=
            "<th scope=\"col\" class=\"n\">Count</th><th scope=\"col\" class=\"n\">Rate</th>"
            + "<th scope=\"col\">95% interval</th></tr></thead>\n<tbody>\n"
        for update in updates {
            for event in update.events {
                html +=
                    "<tr><th scope=\"row\">\(HTMLText.escaped(quoted(update.app)))</th><td>\(HTMLText.escaped(quoted(update.version)))</td>"
                html +=
                    "<td>\(HTMLText.escaped(event))</td><td class=\"n\">\(Headline.grouped(update.counts[event] ?? 0))</td>"
                if let rate = update.rates[event] ?? nil {
                    html += "<td class=\"n\">\(HTMLText.escaped(percent(rate.estimate)))</td>"
                    html +=
                        "<td class=\"i\">\(HTMLText.escaped(percent(rate.low))) – \(HTMLText.escaped(percent(rate.high)))</td>"
                } else {
                    html += "<td></td><td></td>"
                }
                html += "</tr>\n"
            }
        }
        html += "</tbody>\n</table>\n"
        for update in updates {
            for anomaly in update.anomalies {
                html +=
                    "<p class=\"mark\" role=\"note\">⚠ \(HTMLText.escaped(quoted(update.app))) \(HTMLText.escaped(quoted(update.version))): \(HTMLText.escaped(anomaly.text))</p>\n"
            }
        }
        return html + "</section>\n"
    }

    /// 1, 2 or 5 times a power of ten, at least `value`.
    private static func niceMaximum(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, floor(log10(value)))
        for step in [1.0, 2.0, 5.0, 10.0] where step * power >= value { return step * power }
        return 10 * power
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.1f", value)
    }
}

private struct HTMLPage {
    var text = ""
    mutating func add(_ part: String) { text += part + "\n" }
}
