import Foundation

/// The restrictions of the feed contract, applied to one message for one install.
public enum Targeting {
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
    static func check(
        _ message: Message, _ context: EvaluationContext, _ history: ViewHistory, explained: Bool
    ) -> Exclusion? {
        if !message.bundleIDs.contains(where: { $0 == context.bundleID || $0 == "*" }) {
            return Exclusion(
                rule: .bundleID,
                explanation: explained ? ("for \(listed(message.bundleIDs.map { "\"\($0)\"" })), not \"\(context.bundleID)\"") : "")
        }
        if let platforms = message.platforms, !platforms.contains(where: { $0.targets(context.platform) }) {
            return Exclusion(
                rule: .platform,
                explanation: explained ? ("platform \(context.platform) is not in platforms \(listed(platforms.map(\.rawValue)))") : "")
        }
        if let versions = message.appVersions, let exclusion = listExclusion(
            versions, context.appVersion, rule: .appVersions, name: "app version", explained: explained)
        {
            return exclusion
        }
        if let range = message.appVersionRange, let exclusion = rangeExclusion(
            range, context.appVersion, rule: .appVersionRange, name: "app version", explained: explained)
        {
            return exclusion
        }
        if let versions = message.osVersions, let exclusion = listExclusion(
            versions, context.osVersion, rule: .osVersions, name: "OS version", explained: explained)
        {
            return exclusion
        }
        if let range = message.osVersionRange, let exclusion = rangeExclusion(
            range, context.osVersion, rule: .osVersionRange, name: "OS version", explained: explained)
        {
            return exclusion
        }
        if let locales = message.locales {
            guard let language = context.preferredLanguages.first else {
                return Exclusion(rule: .locale, explanation: explained ? ("the device's language is unknown; locales \(listed(locales.map(\.original)))") : "")
            }
            if !locales.contains(where: { $0.matches(language) }) {
                return Exclusion(
                    rule: .locale,
                    explanation: explained ? ("language \(language.original) is not in locales \(listed(locales.map(\.original)))") : "")
            }
        }
        if let start = message.startDate, context.now < start {
            return Exclusion(rule: .startDate, explanation: explained ? ("starts at \(RFC3339.format(start)), now is \(RFC3339.format(context.now))") : "")
        }
        if let end = message.endDate, context.now >= end {
            return Exclusion(rule: .endDate, explanation: explained ? ("ended at \(RFC3339.format(end)), now is \(RFC3339.format(context.now))") : "")
        }
        if message.rollout < 100 {
            let percent = percentText(message.rollout)
            guard let installID = context.installID else {
                return Exclusion(rule: .rollout, explanation: explained ? ("rollout \(percent)% needs an install id, and there is none") : "")
            }
            let bucket = Rollout.bucket(messageID: message.id, installID: installID)
            if !Rollout.includes(bucket: bucket, percent: message.rollout) {
                return Exclusion(
                    rule: .rollout,
                    explanation: explained ? ("install is outside the \(percent)% rollout "
                        + "(bucket \(percentText(Double(bucket) / Double(Rollout.bucketCount) * 100))%)") : "")
            }
        }
        let views = history.views(of: message.id)
        if views >= message.maxViews {
            let legacy = history.records[message.id] == nil && views > 0
            return Exclusion(
                rule: .maxViews,
                explanation: explained ? (legacy
                    ? "already seen (id ≤ lastMessageId \(history.legacyLastMessageID ?? 0))"
                    : "already shown \(views) of \(message.maxViews) time\(message.maxViews == 1 ? "" : "s")") : "")
        }
        if views > 0, let hours = message.minHoursBetweenViews, let last = history.records[message.id]?.lastShown {
            let next = last.addingTimeInterval(hours * 3600)
            if context.now < next {
                return Exclusion(
                    rule: .minHoursBetweenViews,
                    explanation: explained ? ("shown at \(RFC3339.format(last)); next showing from \(RFC3339.format(next))") : "")
            }
        }
        return nil
    }

    private static func listExclusion(
        _ versions: [Version], _ version: Version?, rule: Exclusion.Rule, name: String, explained: Bool
    ) -> Exclusion? {
        guard let version else {
            return Exclusion(rule: rule, explanation: explained ? ("\(name) is unknown; \(rule) \(listed(versions.map(\.description)))") : "")
        }
        if versions.contains(version) { return nil }
        return Exclusion(rule: rule, explanation: explained ? ("\(name) \(version) is not in \(rule) \(listed(versions.map(\.description)))") : "")
    }

    private static func rangeExclusion(
        _ range: VersionRange, _ version: Version?, rule: Exclusion.Rule, name: String, explained: Bool
    ) -> Exclusion? {
        guard let version else {
            return Exclusion(rule: rule, explanation: explained ? ("\(name) is unknown; \(rule) \"\(range.source)\"") : "")
        }
        if range.contains(version) { return nil }
        guard explained else { return Exclusion(rule: rule, explanation: "") }
        var explanation = "\(name) \(version) does not satisfy \(rule) \"\(range.source)\""
        if range.normalized != range.source { explanation += " (\(range.normalized))" }
        if version.isPrerelease, range.contains(version.release) {
            explanation += "; a pre-release satisfies a range only where it names a pre-release of the same version"
        }
        return Exclusion(rule: rule, explanation: explanation)
    }

    static func listed(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    static func percentText(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.4g", value)
    }
}
