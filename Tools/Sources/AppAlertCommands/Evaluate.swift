@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    package struct Evaluate: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "evaluate",
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
        package var feed: String

        @OptionGroup var decision: DecisionOptions

        @Option(
            help: ArgumentHelp(
                "The placement decided for: launch, or one of the app's slots (the inbox: appalert inbox).",
                valueName: "name"))
        package var placement = "launch"

        @Flag(help: "Print one JSON object instead of text.")
        package var json = false

        @Flag(help: "Also say, for every message, whether it is eligible or which rule excluded it.")
        package var explain = false

        package func run() async throws {
            try execute(currentDate: Date()).emit()
        }

        /// The install's context for the chosen placement.
        package func makeContext(currentDate: Date) throws(InputError) -> EvaluationContext {
            var context = try decision.makeContext(currentDate: currentDate)
            guard let placement = Message.Placement(name: placement) else {
                throw InputError(
                    message: "--placement: \"\(placement.prefix(100))\" is not launch or a slot name (1 to 64 letters, "
                        + "digits, -, _ or .)")
            }
            guard placement != .inbox else {
                throw InputError(
                    message: "--placement inbox: the inbox lists every admitted message; use appalert inbox")
            }
            context.placement = placement
            return context
        }

        package func execute(currentDate: Date) -> CommandOutput {
            // The options are checked before the file is read, so a bad option is named first.
            let context: EvaluationContext
            let history: ViewHistory
            do {
                context = try makeContext(currentDate: currentDate)
                history = try decision.makeHistory()
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
        package func evaluate(_ data: Data, currentDate: Date) -> CommandOutput {
            do {
                return evaluate(
                    data, context: try makeContext(currentDate: currentDate), history: try decision.makeHistory())
            } catch {
                return .failure(error.message)
            }
        }

        private func evaluate(_ data: Data, context: EvaluationContext, history: ViewHistory) -> CommandOutput {
            var output = CommandOutput()
            guard let result = FeedFile.decoded(data, named: feed, into: &output) else { return output }
            let decision = MessageSelector.decide(result.feed, context: context, history: history, explain: explain)
            if json {
                output.json(decision.jsonValue(feed: result.feed, explain: explain))
            } else {
                textReport(decision, feed: result.feed, context: context, into: &output)
            }
            return output
        }

        /// The feed's message that `message` was resolved from.
        package static func source(of message: ResolvedMessage?, in feed: Feed) -> Message? {
            guard let message else { return nil }
            return feed.messages.first { $0.id == message.id }
        }

        /// A button as the text shows it: `OK`, `Update → https://…`, `Tell → event told`.
        package static func words(for button: Message.Button) -> String {
            button.action == .dismiss ? button.title : "\(button.title) → \(words(for: button.action))"
        }

        package static func words(for action: Message.Action) -> String {
            switch action {
            case .dismiss: "dismiss"
            case .url(let url): url.absoluteString
            case .event(let name): "event \(name)"
            }
        }

        /// The lines a rich message adds under its text: features, image, layout and placement.
        package static func describeRichContent(of message: ResolvedMessage, into output: inout CommandOutput) {
            for feature in message.features ?? [] {
                output.out("  • \(feature.title)" + (feature.text.map { ": \($0)" } ?? ""))
            }
            if let image = message.image {
                output.out("  (image \(image.url.absoluteString)" + (image.alt.map { ", alt \"\($0)\"" } ?? "") + ")")
            }
            var facts: [String] = []
            if message.layout != .alert { facts.append("layout \(message.layout.rawValue)") }
            if let seconds = message.bannerSeconds {
                facts.append(
                    "\(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s on screen")
            }
            if message.placement != .launch { facts.append("placement \(message.placement.name)") }
            if !message.data.isEmpty { facts.append("data " + message.data.keys.sorted().joined(separator: ", ")) }
            if let conversion = message.conversion {
                facts.append("conversion: event \(conversion.event) within \(conversion.withinHours) h")
            }
            if !facts.isEmpty { output.out("  (" + facts.joined(separator: "; ") + ")") }
        }

        package func textReport(
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
                Self.describeRichContent(of: message, into: &output)
                output.out("")
                if let action = message.action {
                    output.out("  (a tap: \(Self.words(for: action)))")
                } else {
                    // A system alert draws its dismiss button first, as the text does; other layouts in the
                    // feed's order, the primary button first.
                    let ordered =
                        message.layout == .alert
                        ? message.buttons.filter { $0.action == .dismiss }
                            + message.buttons.filter { $0.action != .dismiss }
                        : message.buttons
                    output.out("  " + ordered.map { "[\(Self.words(for: $0))]" }.joined(separator: "  "))
                }
                if !message.dismissible { output.out("  (not dismissible)") }
                if let localization = message.localization { output.out("  (localization \(localization))") }
                if let variant = message.variant, let source = Self.source(of: message, in: feed) {
                    output.out("  (" + source.words(forVariant: variant) + ")")
                }
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
