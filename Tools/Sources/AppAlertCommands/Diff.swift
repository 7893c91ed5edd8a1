import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what an edit of a feed changes, and for whom.",
            discussion: """
                Messages added, removed and changed (which keys), whether the update policy changed, and, \
                for each app in either feed, the combinations of app version, OS version, platform and \
                language (as appalert audience builds them, from the conditions of both feeds, so every \
                install is in one) whose first message, its rollout share or its texts change. Exit code 0 when no install would see a different message, 1 when \
                some would, 2 when a feed cannot be read or is not a feed.
                """)

        @Argument(help: "The feed before the edit.")
        var old: String

        @Argument(help: "The feed after the edit.")
        var new: String

        @Option(help: "The time of the decision, RFC 3339 (e.g. 2026-03-01T09:00:00Z). Default: now.")
        var now: String?

        @Flag(help: "Print {added, removed, changed, updatesChanged, audience} as JSON.")
        var json = false

        func run() async throws { try execute().emit() }

        func execute(currentDate: Date = Date()) -> CommandOutput {
            var output = CommandOutput()
            let diff: FeedDiff
            do {
                let (oldDocument, oldFeed) = try Self.read(old)
                let (newDocument, newFeed) = try Self.read(new)
                FeedInput.warnAboutErrors(oldFeed, path: old, into: &output)
                FeedInput.warnAboutErrors(newFeed, path: new, into: &output)
                let query = FeedAudience.Query(
                    bundleID: "*", now: try InputError.date(now, current: currentDate),
                    currentLocale: AudienceOptions.machineLanguage, currentOSVersions: AudienceOptions.machineOSVersions
                )
                diff = try FeedDiff(
                    old: oldDocument, new: newDocument, oldFeed: oldFeed.feed, newFeed: newFeed.feed, query: query)
            } catch let error as InputError {
                return .failure(error.message)
            } catch {
                return .failure("\(error)")
            }
            if json {
                output.out(diff.jsonValue.serialized(pretty: true))
            } else {
                output.standardOutput += Self.text(diff)
            }
            output.exitCode = diff.changesWhatInstallsSee ? 1 : 0
            return output
        }

        static func read(_ path: String) throws(InputError) -> (JSONValue, FeedDecodingResult) {
            let data: Data
            do {
                data = try FeedFile.read(path)
            } catch {
                throw InputError(message: error.message)
            }
            let document: JSONValue
            do {
                document = try JSONParser().parse(data)
            } catch {
                throw InputError(message: "\(path): \(error)")
            }
            do {
                return (document, try FeedDecoder().decode(document))
            } catch {
                throw InputError(message: "\(path): \(error.reason)")
            }
        }

        static func text(_ diff: FeedDiff) -> String {
            var lines: [String] = []
            func ids(_ list: [Int]) -> String { list.map { "#\($0)" }.joined(separator: ", ") }
            var parts: [String] = []
            if !diff.added.isEmpty { parts.append("added \(ids(diff.added))") }
            if !diff.removed.isEmpty { parts.append("removed \(ids(diff.removed))") }
            if !diff.changed.isEmpty {
                parts.append(
                    "changed "
                        + diff.changed.map { "#\($0.id) (\($0.keys.joined(separator: ", ")))" }.joined(
                            separator: ", "))
            }
            lines.append("messages: " + (parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")))
            lines.append("updates: " + (diff.updatesChanged ? "changed" : "unchanged"))
            if diff.audienceChanges.isEmpty {
                lines.append("no install sees a different message")
            } else {
                var byApp: [String: [FeedDiff.AudienceChange]] = [:]
                for change in diff.audienceChanges { byApp[change.bundleID, default: []].append(change) }
                for app in byApp.keys.sorted() {
                    let changes = byApp[app] ?? []
                    lines.append(
                        "\(app): \(changes.count) combination\(changes.count == 1 ? " sees" : "s see") something else")
                    for change in changes.prefix(50) {
                        let install = AudienceTable.install(change.after).joined(separator: " · ")
                        lines.append(
                            "  \(install): \(seen(change.before)) → \(seen(change.after))")
                    }
                    if changes.count > 50 { lines.append("  … and \(changes.count - 50) more (--json lists all)") }
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        static func seen(_ row: FeedAudience.Row) -> String {
            guard row.selected != nil else { return "nothing" }
            return AudienceTable.seen(row) + " (\(AudienceTable.share(row.rolloutPercent)))"
        }
    }
}
