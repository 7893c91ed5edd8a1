import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Evaluate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show which message an install would see now.",
            discussion: """
                Decodes the feed as an app does (messages with errors are left out, and listed on \
                standard error), applies every targeting rule to the install described by the \
                options, and prints the chosen message. Values left out are unknown: a message \
                restricted by OS version, language or rollout is not shown to an install whose OS \
                version, language or install id is unknown. Exit code 0 whether or not a message \
                is selected; 2 when the feed or an option value cannot be used.
                """)

        @Argument(help: "The feed file (- for standard input).")
        var feed: String

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

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        @Flag(help: "Also say, for every message, whether it is eligible or which rule excluded it.")
        var explain = false

        func run() async throws {
            try execute(currentDate: Date()).emit()
        }

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

        func execute(currentDate: Date) -> CommandOutput {
            // The options are checked before the file is read, so a bad option is named first.
            let context: EvaluationContext
            let history: ViewHistory
            do {
                context = try makeContext(currentDate: currentDate)
                history = try makeHistory()
            } catch {
                return .failure(error.message)
            }
            let data: Data
            do {
                data = try FeedFile.read(feed)
            } catch {
                return .failure(error.message)
            }
            return evaluate(data, context: context, history: history)
        }

        /// The command on a feed's bytes (`feed` names it in messages): what `serve --dev`'s simulator
        /// answers, so the endpoint and the command cannot differ.
        func evaluate(_ data: Data, currentDate: Date) -> CommandOutput {
            do {
                return evaluate(data, context: try makeContext(currentDate: currentDate), history: try makeHistory())
            } catch {
                return .failure(error.message)
            }
        }

        private func evaluate(_ data: Data, context: EvaluationContext, history: ViewHistory) -> CommandOutput {
            let result: FeedDecodingResult
            do {
                result = try FeedDecoder().decode(data)
            } catch {
                return .failure("\(feed): \(error.reason)")
            }
            var output = CommandOutput()
            for diagnostic in result.errors {
                output.err("\(feed): \(diagnostic)")
            }
            let decision = MessageSelector.decide(result.feed, context: context, history: history, explain: explain)
            if json {
                output.out(jsonReport(decision).serialized(pretty: true))
            } else {
                textReport(decision, feed: result.feed, context: context, into: &output)
            }
            return output
        }

        func jsonReport(_ decision: MessageDecision) -> JSONValue {
            var object = JSONObject()
            object.set("selected", decision.selectedID.map { .integer(Int64($0)) } ?? .null)
            object.set("variant", decision.message?.variant.map { .integer(Int64($0)) } ?? .null)
            object.set("message", decision.message?.jsonValue ?? .null)
            if explain {
                object.set(
                    "evaluations",
                    .array(
                        decision.evaluations.map { evaluation in
                            var entry = JSONObject()
                            entry.set("id", .integer(Int64(evaluation.id)))
                            entry.set("eligible", .bool(evaluation.isEligible))
                            if case .excluded(let exclusion) = evaluation.outcome {
                                entry.set("rule", .string(exclusion.rule.rawValue))
                            } else {
                                entry.set("rule", .null)
                            }
                            entry.set("reason", .string(evaluation.reason))
                            return .object(entry)
                        }))
            }
            return .object(object)
        }

        func textReport(
            _ decision: MessageDecision, feed: Feed, context: EvaluationContext, into output: inout CommandOutput
        ) {
            let install =
                "\(context.bundleID) \(context.appVersion?.description ?? "?") on \(context.platform)"
                + (context.osVersion.map { " \($0)" } ?? "")
            if let message = decision.message {
                output.out("Message \(message.id) for \(install):")
                output.out("")
                output.out("  \(message.title)")
                for line in message.text.split(separator: "\n", omittingEmptySubsequences: false) {
                    output.out("  \(line)")
                }
                output.out("")
                var buttons: [String] = []
                if message.dismissible { buttons.append("[\(message.confirmLabel)]") }
                if let link = message.link { buttons.append("[\(link.title) → \(link.url.absoluteString)]") }
                output.out("  " + buttons.joined(separator: "  "))
                if !message.dismissible { output.out("  (not dismissible)") }
                if let localization = message.localization { output.out("  (localization \(localization))") }
            } else {
                let count = feed.messages.count
                output.out("No message for \(install) (\(count) usable message\(count == 1 ? "" : "s") in the feed).")
            }
            if explain {
                output.out("")
                output.out("Evaluations:")
                let width = decision.evaluations.map { String($0.id).count }.max() ?? 1
                for evaluation in decision.evaluations {
                    let id = String(evaluation.id)
                    let line: String
                    switch evaluation.outcome {
                    case .selected: line = "selected"
                    case .outranked(let winner):
                        line = "eligible, not chosen: message \(winner) ranks higher (priority, then id)"
                    case .excluded(let exclusion): line = "excluded by \(exclusion.rule): \(exclusion.explanation)"
                    }
                    output.out("  \(String(repeating: " ", count: width - id.count))\(id)  \(line)")
                }
            }
        }
    }
}
