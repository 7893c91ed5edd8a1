@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

/// The install a decision is made for — the app and device, its id, the time, what it has seen, its
/// last update and campaign facts — shared by `evaluate` and `inbox`.
struct DecisionOptions: ParsableArguments {
    @OptionGroup var install: InstallOptions

    @Option(name: .customLong("install-id"), help: "The install's id, for rollout percentages.")
    var installID: String?

    @Option(help: "The time of the decision, RFC 3339 (e.g. 2026-03-01T09:00:00Z). Default: now.")
    var now: String?

    @Option(
        help: ArgumentHelp(
            "A message already shown: ID, or ID:COUNT for COUNT showings; repeatable.", valueName: "id[:count]"))
    var seen: [String] = []

    @Option(
        name: .customLong("last-message-id"),
        help: "The tutorial's stored lastMessageId: every id up to it counts as seen.")
    var lastMessageID: Int?

    @Option(
        help: "The version this install was updated from, for what's-new messages. Default: none (not updated).")
    var previousVersion: String?

    @Option(help: ArgumentHelp("Launches since that update, this one included.", valueName: "n"))
    var launchesSinceUpdate: Int = 1

    @OptionGroup var campaign: CampaignOptions

    func makeContext(currentDate: Date) throws(InputError) -> EvaluationContext {
        let app = try install.appInfo()
        var recentUpdate: EvaluationContext.RecentUpdate?
        if let text = previousVersion {
            let from = try InputError.version(text, option: "--previous-version")
            guard launchesSinceUpdate >= 1 else {
                throw InputError(message: "--launches-since-update: must be 1 or more")
            }
            if let to = Version(app.appVersion), from < to {
                recentUpdate = EvaluationContext.RecentUpdate(
                    from: from, to: to, launchesSince: launchesSinceUpdate)
            }
        }
        var context = app.context(
            installID: installID, now: try InputError.date(now, current: currentDate), recentUpdate: recentUpdate)
        try campaign.apply(
            to: &context.attributes, event: &context.event, launchCount: &context.launchCount,
            installedAt: &context.installedAt, updatedAt: &context.updatedAt)
        return context
    }

    func makeHistory() throws(InputError) -> ViewHistory {
        var history = ViewHistory(legacyLastMessageID: lastMessageID)
        for entry in seen {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), let id = Int(parts[0]), id >= 1,
                let count = parts.count == 2 ? Int(parts[1]) : 1, count >= 1
            else {
                throw InputError(message: "--seen: \"\(entry)\" is not ID or ID:COUNT (e.g. 5 or 5:2)")
            }
            history.records[id, default: ViewHistory.Record(count: 0)].count += count
        }
        return history
    }
}
