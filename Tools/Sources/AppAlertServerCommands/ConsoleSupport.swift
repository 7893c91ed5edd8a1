@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
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
        var configuration = ConsoleConfiguration(
            editingOff: editingOff, committed: committed, diff: diff, results: results)
        let history = CommittedIDs()
        configuration.highestCommittedID = { file in history.highest(in: file) }
        configuration.audience = audience
        return configuration
    }

    /// The file as committed in git (`HEAD`), or nil outside a work tree or when it is not committed.
    @Sendable
    static func committed(_ file: URL) -> Data? {
        // A feed reached through a symbolic link: the file it leads to, in its own repository.
        let file = file.resolvingSymlinksInPath()
        guard
            let (status, data) = Git.output(
                of: ["show"] + Git.diffOptions + ["HEAD:./" + file.lastPathComponent],
                in: file.deletingLastPathComponent()),
            status == 0
        else { return nil }
        return data
    }

    /// `appalert audience --now` for each app message `id` names (at most three), at the moment `now`:
    /// of the kinds of install the feed's conditions tell apart, how many there are, how many see this
    /// message first, and their rows as the command prints them (the platforms alike in words: `ios and 1
    /// more platform`); and the moment (`at`). A language the message (or another) has a translation for
    /// is a row of its own, so each row's title is the one its installs read. Null when the message is not
    /// in the feed as apps read it.
    @Sendable
    static func audience(_ feed: Data, _ id: Int, _ now: Date) -> JSONValue {
        guard let decoded = try? FeedDecoder().decode(feed),
            let message = decoded.feed.messages.last(where: { $0.id == id })
        else { return .null }
        let named = message.bundleIDs.filter { $0 != "*" }
        var apps: [JSONValue] = []
        for app in (named.isEmpty ? ["*"] : named).prefix(3) {
            var query = FeedAudience.Query(
                bundleID: app, now: now, currentLocale: AudienceOptions.machineLanguage,
                currentOSVersions: AudienceOptions.machineOSVersions)
            // Otherwise English and German installs that targeting treats alike are one row, titled in one
            // of the two languages.
            query.distinguishesTranslations = true
            guard let rows = try? FeedAudience.rows(decoded.feed, query: query) else { continue }
            let seeing = rows.filter { $0.selected == id }
            apps.append([
                "app": .string(app), "kinds": .integer(Int64(rows.count)), "seeing": .integer(Int64(seeing.count)),
                "table": .string(seeing.isEmpty ? "" : AudienceTable.render(seeing, platformsInWords: true)),
            ])
        }
        return [
            "apps": .array(apps), "more": .integer(Int64(max(0, named.count - 3))),
            // To the second: the page says the moment, and a fraction of now says nothing.
            "at": .string(RFC3339.format(Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))),
        ]
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

/// The highest message id in a feed file's git history: every `"id": N` on a line any commit added or
/// removed (`git log -p`), so an id used once and deleted since is never given again. One pass over the
/// history, kept until `HEAD` moves. Counting every `"id"` in the patches errs on the safe side: an id
/// that is not a message's only raises the bound.
final class CommittedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: (head: Data, highest: Int?)] = [:]

    func highest(in file: URL) -> Int? {
        // A feed reached through a symbolic link: the history of the file it leads to.
        let file = file.resolvingSymlinksInPath()
        let folder = file.deletingLastPathComponent()
        guard let (status, head) = Git.output(of: ["rev-parse", "HEAD"], in: folder), status == 0 else { return nil }
        if let cached = lock.withLock({ known[file.path] }), cached.head == head { return cached.highest }
        guard
            let (logStatus, log) = Git.output(
                of: ["log", "-p"] + Git.diffOptions + ["--format=", "-U0", "--", file.lastPathComponent], in: folder),
            logStatus == 0
        else { return nil }
        let highest = Self.highestID(inPatch: log)
        lock.withLock { known[file.path] = (head, highest) }
        return highest
    }

    /// The largest N of `"id": N` on the patch's added and removed lines; one pass over the bytes.
    static func highestID(inPatch patch: Data) -> Int? {
        var highest: Int?
        let key = Array(#""id""#.utf8)
        let bytes = [UInt8](patch)
        var index = 0
        while index + key.count <= bytes.count {
            guard bytes[index] == key[0], bytes[index..<index + key.count].elementsEqual(key) else {
                index += 1
                continue
            }
            var position = index + key.count
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
            {
                position += 1
            }
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                index = position
                continue
            }
            position += 1
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
            {
                position += 1
            }
            var value = 0
            var digits = 0
            while position < bytes.count, digits < 18, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position])
            {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            if digits > 0 { highest = max(highest ?? value, value) }
            index = position
        }
        return highest
    }
}
