import AppAlert
import AppAlertAuthoring
import AppAlertResults
import AppAlertServer
import Foundation

/// What `serve --dev` gives the console that the server cannot know: whether it may save, the feed as
/// committed in git, `appalert diff`, and `appalert report`'s figures per message.
enum ConsoleSupport {
    static func configuration(host: String, allowRemoteEdits: Bool, results database: String?)
        -> ConsoleConfiguration
    {
        let editingOff =
            ConsoleConfiguration.isLoopback(host) || allowRemoteEdits
            ? nil
            : "this server listens on \(host), which other machines can reach, so the console only reads; "
                + "restart with --allow-remote-edits to save from it (anyone who reaches the address can then "
                + "change the feed), or listen on 127.0.0.1"
        var results: (@Sendable (Data) async -> JSONValue)?
        if let database {
            results = { feed in await ResultsReport.figuresByMessage(database: database, feed: feed) }
        }
        return ConsoleConfiguration(editingOff: editingOff, committed: committed, diff: diff, results: results)
    }

    /// The file as committed in git (`HEAD`), or nil outside a work tree or when it is not committed.
    @Sendable
    static func committed(_ file: URL) -> Data? {
        guard
            let (status, data) = Git.output(
                of: ["show", "HEAD:./" + file.lastPathComponent], in: file.deletingLastPathComponent()),
            status == 0
        else { return nil }
        return data
    }

    /// `appalert diff old new` (text and `--json`), now, as the command answers it.
    @Sendable
    static func diff(_ old: Data, _ new: Data) -> ConsoleConfiguration.DiffAnswer {
        do {
            let oldDocument = try JSONParser().parse(old)
            let newDocument = try JSONParser().parse(new)
            let query = FeedAudience.Query(
                bundleID: "*", now: Date(), currentLocale: AudienceOptions.machineLanguage,
                currentOSVersions: AudienceOptions.machineOSVersions)
            let diff = try FeedDiff(
                old: oldDocument, new: newDocument, oldFeed: FeedDecoder().decode(oldDocument).feed,
                newFeed: FeedDecoder().decode(newDocument).feed, query: query)
            return ConsoleConfiguration.DiffAnswer(
                text: AppAlertCommand.Diff.text(diff), json: diff.jsonValue,
                changesWhatInstallsSee: diff.changesWhatInstallsSee)
        } catch {
            return ConsoleConfiguration.DiffAnswer(
                text: "no diff: \(error)", json: ["error": .string("\(error)")], changesWhatInstallsSee: false)
        }
    }
}
