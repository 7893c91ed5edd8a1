import Foundation

/// The restrictions of the feed contract, applied to one message for one install.
@_spi(Authoring) public enum Targeting {
    /// `nil` when every restriction of `message` holds for `context` and `history`; otherwise the
    /// first one that does not. Checks run from the cheapest and most selective (the bundle id) to
    /// the rollout hash and the view counts.
    public static func exclusion(
        of message: Message, in context: EvaluationContext, history: ViewHistory
    ) -> Exclusion? {
        check(message, context, history, explained: true)
    }

    /// Whether every restriction of `message` holds; ``exclusion(of:in:history:)`` without the words.
    public static func isEligible(_ message: Message, in context: EvaluationContext, history: ViewHistory) -> Bool {
        check(message, context, history, explained: false) == nil
    }

    /// The first failing rule; its explanation is only written when `explained` (words cost more
    /// than the checks).
    ///
    /// `countingViews: false` leaves out `maxViews` and `minHoursBetweenViews` (an inbox keeps items
    /// that were opened).
    static func check(
        _ message: Message, _ context: EvaluationContext, _ history: ViewHistory, explained: Bool,
        countingViews: Bool = true
    ) -> Exclusion? {
        let exclude = Excluder(explained: explained)
        if !message.bundleIDs.contains(where: { $0 == context.bundleID || $0 == "*" }) {
            return exclude(
                .bundleID, "for \(listed(message.bundleIDs.map { "\"\($0)\"" })), not \"\(context.bundleID)\"")
        }
        if message.placement != context.placement {
            return exclude(
                .placement,
                "placed in \"\(message.placement.name)\"; this decision is for \"\(context.placement.name)\"")
        }
        // Triggers decide when a launch message is presented; an inbox or a slot ignores them.
        switch (context.placement == .launch ? message.trigger : .launch, context.event) {
        case (.launch, nil): break
        case (.launch, let event?):
            return exclude(.trigger, "a launch message; this is the event \"\(event)\"")
        case (.event(let name), let event):
            if event != name {
                return exclude(
                    .trigger,
                    "for the event \"\(name)\"; this is " + (event.map { "the event \"\($0)\"" } ?? "a launch"))
            }
        }
        if let platforms = message.platforms, !platforms.contains(where: { $0.targets(context.platform) }) {
            return exclude(
                .platform, "platform \(context.platform) is not in platforms \(listed(platforms.map(\.rawValue)))")
        }
        if message.link != nil || !message.localizations.isEmpty || message.buttons != nil || message.action != nil
            || !message.variants.isEmpty, let refused = context.linkPolicy.refusal(of: message)
        {
            return exclude(.link, "link \(refused.url.absoluteString): \(refused.reason)")
        }
        if let versions = message.appVersions,
            let exclusion = exclude.version(
                context.appVersion, notIn: versions, rule: .appVersions, name: "app version")
        {
            return exclusion
        }
        if let range = message.appVersionRange,
            let exclusion = exclude.version(
                context.appVersion, notIn: range, rule: .appVersionRange, name: "app version")
        {
            return exclusion
        }
        if let versions = message.osVersions,
            let exclusion = exclude.version(context.osVersion, notIn: versions, rule: .osVersions, name: "OS version")
        {
            return exclusion
        }
        if let range = message.osVersionRange,
            let exclusion = exclude.version(context.osVersion, notIn: range, rule: .osVersionRange, name: "OS version")
        {
            return exclusion
        }
        if let locales = message.locales {
            guard let language = context.preferredLanguages.first else {
                return exclude(.locale, "the device's language is unknown; locales \(listed(locales.map(\.original)))")
            }
            if !locales.contains(where: { $0.matches(language) }) {
                return exclude(
                    .locale, "language \(language.original) is not in locales \(listed(locales.map(\.original)))")
            }
        }
        if let start = message.startDate, context.now < start {
            return exclude(.startDate, "starts at \(RFC3339.format(start)), now is \(RFC3339.format(context.now))")
        }
        if let end = message.endDate, context.now >= end {
            return exclude(.endDate, "ended at \(RFC3339.format(end)), now is \(RFC3339.format(context.now))")
        }
        if let range = message.whatsNew {
            guard let update = context.recentUpdate else {
                return exclude(.whatsNew, "what's new: this install has not been updated (fresh install or downgrade)")
            }
            if update.launchesSince > Message.whatsNewLaunchWindow {
                return exclude(
                    .whatsNew,
                    "what's new: the update to \(update.to) was \(update.launchesSince) launches ago (window \(Message.whatsNewLaunchWindow))"
                )
            }
            if !range.containsRelease(after: update.from, upTo: update.to) {
                return exclude(
                    .whatsNew,
                    "what's new: the update \(update.from) → \(update.to) did not reach whatsNew \"\(range.source)\"")
            }
        }
        for condition in message.attributes {
            guard let value = context.attributes[condition.key] else {
                return exclude(.attributes, "attribute \"\(condition.key)\" is not supplied by the app")
            }
            if !condition.values.contains(value) {
                return exclude(
                    .attributes,
                    "attribute \"\(condition.key)\" is \(value), not \(listed(condition.values.map(\.description)))")
            }
        }
        if let installIDs = message.installIDs {
            guard let installID = context.installID, installIDs.contains(installID) else {
                return exclude(
                    .installIDs,
                    "install id \(context.installID.map { "\"\($0)\"" } ?? "unknown") is not in installIds "
                        + "(\(installIDs.count) listed)")
            }
        }
        if let minimum = message.minLaunches {
            guard let count = context.launchCount, count >= minimum else {
                return exclude(
                    .minLaunches,
                    "launch \(context.launchCount.map(String.init) ?? "count unknown"); from launch \(minimum) on")
            }
        }
        if let minimum = message.minDaysSinceInstall,
            let exclusion = exclude.days(
                since: context.installedAt, now: context.now, minimum: minimum,
                rule: .minDaysSinceInstall, what: "the install")
        {
            return exclusion
        }
        if let minimum = message.minDaysSinceUpdate,
            let exclusion = exclude.days(
                since: context.updatedAt, now: context.now, minimum: minimum,
                rule: .minDaysSinceUpdate, what: "the last update")
        {
            return exclusion
        }
        // Test installs listed by id are in whatever the rollout says.
        let percentNow = message.installIDs == nil ? message.rolloutPercent(at: context.now) : 100
        if percentNow < 100 {
            let rule: Exclusion.Rule = message.rolloutSchedule == nil ? .rollout : .rolloutSchedule
            let percent = percentText(percentNow)
            guard let installID = context.installID else {
                return exclude(
                    rule, "rollout \(percent)% needs an install id, and there is none",
                    rollout: .init(percent: percentNow, bucket: nil))
            }
            let bucket = Rollout.bucket(messageID: message.id, installID: installID)
            if !Rollout.includes(bucket: bucket, percent: percentNow) {
                return exclude(
                    rule,
                    "install is outside the \(percent)% rollout "
                        + "(bucket \(percentText(Double(bucket) / Double(Rollout.bucketCount) * 100))%)",
                    rollout: .init(percent: percentNow, bucket: bucket))
            }
        }
        guard countingViews else { return nil }
        let views = history.views(of: message.id)
        if views >= message.maxViews {
            if history.records[message.id] == nil {
                return exclude(.maxViews, "already seen (id ≤ lastMessageId \(history.legacyLastMessageID ?? 0))")
            }
            return exclude(
                .maxViews, "already shown \(views) of \(message.maxViews) time\(message.maxViews == 1 ? "" : "s")")
        }
        if views > 0, let hours = message.minHoursBetweenViews, let last = history.records[message.id]?.lastShown {
            let next = last.addingTimeInterval(hours * 3600)
            if context.now < next {
                return exclude(
                    .minHoursBetweenViews,
                    "shown at \(RFC3339.format(last)); next showing from \(RFC3339.format(next))")
            }
        }
        return nil
    }

    /// Makes exclusions, writing their words only when asked to.
    private struct Excluder {
        let explained: Bool

        func callAsFunction(
            _ rule: Exclusion.Rule, _ words: @autoclosure () -> String, range: VersionRange? = nil,
            rollout: Exclusion.RolloutPosition? = nil
        ) -> Exclusion {
            guard explained else { return Exclusion(rule: rule, explanation: "") }
            return Exclusion(rule: rule, explanation: words(), range: range?.normalized, rollout: rollout)
        }

        func version(_ version: Version?, notIn versions: [Version], rule: Exclusion.Rule, name: String) -> Exclusion? {
            guard let version else {
                return self(rule, "\(name) is unknown; \(rule) \(listed(versions.map(\.description)))")
            }
            if versions.contains(version) { return nil }
            return self(rule, "\(name) \(version) is not in \(rule) \(listed(versions.map(\.description)))")
        }

        func version(_ version: Version?, notIn range: VersionRange, rule: Exclusion.Rule, name: String) -> Exclusion? {
            guard let version else {
                return self(rule, "\(name) is unknown; \(rule) \"\(range.source)\"")
            }
            if range.contains(version) { return nil }
            return self(rule, Self.rangeWords(version, range, rule: rule, name: name), range: range)
        }

        /// Whole days from `start` to `now` below `minimum`, or `start` unknown: the exclusion.
        func days(since start: Date?, now: Date, minimum: Int, rule: Exclusion.Rule, what: String) -> Exclusion? {
            guard let start else { return self(rule, "the date of \(what) is unknown; \(rule) \(minimum)") }
            let days = Int((now.timeIntervalSince(start) / 86_400).rounded(.down))
            if days >= minimum { return nil }
            return self(rule, "\(days) whole day\(days == 1 ? "" : "s") since \(what); \(rule) \(minimum)")
        }

        static func rangeWords(_ version: Version, _ range: VersionRange, rule: Exclusion.Rule, name: String) -> String
        {
            var words = "\(name) \(version) does not satisfy \(rule) \"\(range.source)\""
            if range.normalized != range.source { words += " (\(range.normalized))" }
            if version.isPrerelease, range.contains(version.release) {
                words += "; a pre-release satisfies a range only where it names a pre-release of the same version"
            }
            return words
        }
    }

    static func listed(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    static func percentText(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.4g", value)
    }
}
