@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct InboxCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inbox",
            abstract: "Show the message center an install would see now.",
            discussion: """
                Lists every message with "placement": "inbox" that the targeting admits for the install \
                described by the options (maxViews does not remove an item), less the deleted ones, highest \
                priority first, then highest id. Exit code 0 whether or not the inbox is empty; 2 when the \
                feed or an option value cannot be used.
                """)

        @Argument(help: "The feed file (- for standard input).")
        var feed: String

        @OptionGroup var decision: DecisionOptions

        @Option(help: ArgumentHelp("An item the user opened; repeatable.", valueName: "id"))
        var read: [Int] = []

        @Option(help: ArgumentHelp("An item the user deleted; repeatable.", valueName: "id"))
        var deleted: [Int] = []

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        func run() async throws {
            try execute(currentDate: Date()).emit()
        }

        func execute(currentDate: Date) -> CommandOutput {
            let context: EvaluationContext
            let history: ViewHistory
            do {
                context = try decision.makeContext(currentDate: currentDate)
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
            var output = CommandOutput()
            guard let result = FeedFile.decoded(data, named: feed, into: &output) else { return output }
            let inbox = AppAlert.Inbox(
                result.feed, context: context, history: history, state: Inbox.State(read: read, deleted: deleted))
            if json {
                output.json(Self.jsonReport(inbox))
            } else {
                textReport(inbox, context: context, into: &output)
            }
            return output
        }

        /// `{"messages": [MESSAGE + "read", …], "unread": N}`.
        static func jsonReport(_ inbox: AppAlert.Inbox) -> JSONValue {
            let items: [JSONValue] = inbox.items.map { item in
                guard case .object(var object) = item.message.jsonValue else { return .null }
                object.set("read", .bool(item.isRead))
                return .object(object)
            }
            return ["messages": .array(items), "unread": .integer(Int64(inbox.unreadCount))]
        }

        func textReport(_ inbox: AppAlert.Inbox, context: EvaluationContext, into output: inout CommandOutput) {
            let install =
                "\(context.bundleID) \(context.appVersion?.description ?? "?") on \(context.platform)"
                + (context.osVersion.map { " \($0)" } ?? "")
            guard !inbox.items.isEmpty else {
                output.out("The inbox of \(install) is empty.")
                return
            }
            let count = inbox.items.count
            output.out(
                "Inbox of \(install): \(count) message\(count == 1 ? "" : "s"), \(inbox.unreadCount) unread")
            for item in inbox.items {
                output.out("")
                output.out("\(item.isRead ? " " : "•") \(item.message.id)  \(item.message.title)")
                for line in item.message.text.split(separator: "\n", omittingEmptySubsequences: false) {
                    output.out("     \(line)")
                }
            }
        }
    }
}
