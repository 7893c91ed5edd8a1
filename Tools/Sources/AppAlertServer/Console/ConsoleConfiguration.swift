@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

/// The author's console of `serve --dev` (`/console` and `/api/…`): what the command gives the server
/// that the server cannot know by itself. Without it (the default), neither path exists.
package struct ConsoleConfiguration: Sendable {
    /// Why saving is off (the server listens beyond this machine without `--allow-remote-edits`), or
    /// nil when the console may save.
    package var editingOff: String?
    /// The version of a feed file to compare a draft with: as committed in git (`HEAD`), or nil
    /// (outside a repository, or not committed) for the bytes the file had when the server started.
    package var committed: @Sendable (_ file: URL) -> Data?
    /// The highest message id any committed version of a feed file had (git history), or nil outside a
    /// repository: with it, a message deleted and committed long ago keeps its id from being given again.
    package var highestCommittedID: @Sendable (_ file: URL) -> Int? = { _ in nil }
    /// Which installs see message `id` first at the moment `now` (`appalert audience --now`'s rows where
    /// it is the one selected), per app it names; nil when that cannot be said.
    package var audience: (@Sendable (_ feed: Data, _ id: Int, _ now: Date) -> JSONValue)?
    /// What an edit changes, and for whom (`appalert diff`): given the feed before and after.
    package var diff: @Sendable (_ old: Data, _ new: Data) -> DiffAnswer
    /// Each message's figures from the results database (`--results`), given the feed's bytes; nil
    /// without a database.
    package var results: (@Sendable (_ feed: Data) async -> JSONValue)?
    /// Without a results database: the command that serves this console with one
    /// (`appalert serve --dev messages.json --results results.sqlite`), which the page shows where the
    /// results would be.
    package var resultsCommand: String?
    /// With a results database: `appalert report` reading it for the feed the console serves as `name`
    /// (`appalert report --database results.sqlite --feed messages.json`), paths as the command was given
    /// them and quoted for a shell, which the page completes with `--since DAY` after a split changes.
    package var reportCommand: (@Sendable (_ name: String) -> String)?
    /// A request body larger than this is refused (413): the size apps accept for a feed.
    package var maximumBodySize = FeedLoaderConfiguration().maximumBodySize

    /// `appalert diff`'s answer: its text, its `--json`, and whether any install sees something else.
    package struct DiffAnswer: Sendable {
        package var text: String
        package var json: JSONValue
        package var changesWhatInstallsSee: Bool

        package init(text: String, json: JSONValue, changesWhatInstallsSee: Bool) {
            self.text = text
            self.json = json
            self.changesWhatInstallsSee = changesWhatInstallsSee
        }
    }

    package init(
        editingOff: String?, committed: @escaping @Sendable (URL) -> Data?,
        diff: @escaping @Sendable (Data, Data) -> DiffAnswer, results: (@Sendable (Data) async -> JSONValue)? = nil
    ) {
        self.editingOff = editingOff
        self.committed = committed
        self.diff = diff
        self.results = results
    }

    /// Whether `host` (the address to listen on) is this machine alone.
    package static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare.lowercased() == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
