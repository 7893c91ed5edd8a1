@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    package struct Diff: AsyncParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what an edit of a feed changes, and for whom.",
            discussion: """
                Messages added, removed and changed (which keys), whether the update policy changed, and, \
                for each app in either feed, the combinations of app version, OS version, platform and \
                language (as appalert audience builds them, from the conditions of both feeds, so every \
                install is in one) where any install sees something else: another message, another share \
                of a rollout, what those outside a rollout see, or other texts. Changed messages that only \
                installs beyond those rows see (on an event, with attributes, in the inbox, later) are \
                listed too. Exit code 0 when no install would see a different message or update prompt, 1 \
                when some would, 2 when a feed cannot be read or is not a feed.
                """)

        @Argument(help: "The feed before the edit.")
        package var old: String

        @Argument(help: "The feed after the edit.")
        package var new: String

        @Option(help: "The time of the decision, RFC 3339 (e.g. 2026-03-01T09:00:00Z). Default: now.")
        package var now: String?

        @Flag(help: "Print {added, removed, changed, updatesChanged, audience} as JSON.")
        package var json = false

        package func run() async throws { try execute().emit() }

        package func execute(currentDate: Date = Date()) -> CommandOutput {
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
                for warning in Self.variantsMoved(old: oldFeed.feed, new: newFeed.feed) {
                    output.err("appalert: warning: \(warning)")
                }
            } catch let error as InputError {
                return .failure(error.message)
            } catch {
                return .failure("\(error)")
            }
            if json {
                output.json(diff.jsonValue)
            } else {
                output.write(Self.text(diff))
            }
            output.exitCode = diff.changesWhatInstallsSee ? 1 : 0
            return output
        }

        /// Where an A/B test's variants were moved or removed: results are stored by each variant's place in
        /// the list (0, 1, …), so counts recorded before the edit would be read as another variant's. Named
        /// variants are followed by name; unnamed ones only by their number.
        package static func variantsMoved(old: Feed, new: Feed) -> [String] {
            let after = Dictionary(new.messages.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            var warnings: [String] = []
            for message in old.messages where !message.variants.isEmpty {
                guard let edited = after[message.id] else { continue }
                let names = Dictionary(
                    edited.variants.enumerated().compactMap { index, variant in variant.name.map { ($0, index) } },
                    uniquingKeysWith: { first, _ in first })
                var moves: [String] = []
                for (index, variant) in message.variants.enumerated() {
                    guard let name = variant.name else { continue }
                    let label = "variant \"\(name)\" (\(Message.variantLetter(index)))"
                    if let now = names[name] {
                        if now != index { moves.append("\(label) is now \(Message.variantLetter(now))") }
                    } else if edited.variants.count < message.variants.count {
                        moves.append("\(label) was removed")
                    }
                }
                if moves.isEmpty, edited.variants.count < message.variants.count {
                    let gone = message.variants.count - edited.variants.count
                    moves.append(gone == 1 ? "one of its variants was removed" : "\(gone) of its variants were removed")
                }
                guard !moves.isEmpty else { continue }
                warnings.append(
                    "#\(message.id): \(moves.joined(separator: ", ")); results are stored by each variant's place "
                        + "in the list, so the counts recorded so far would be read as another variant's. To change "
                        + "a test that has results, duplicate the message and start a new test with the copy")
            }
            return warnings
        }

        package static func read(_ path: String) throws(InputError) -> (JSONValue, FeedDecoder.Output) {
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

        package static func text(_ diff: FeedDiff) -> String {
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
            lines.append("updates: " + (diff.updatesChanged ? "changed (update prompts may differ)" : "unchanged"))
            let keys = Dictionary(diff.changed.map { ($0.id, $0.keys) }, uniquingKeysWith: { first, _ in first })
            if diff.audienceChanges.isEmpty {
                lines.append(
                    diff.unseenChanges.isEmpty
                        ? "no install sees a different message"
                        : "no install the rows describe sees a different message")
            } else {
                var byApp: [String: [FeedDiff.AudienceChange]] = [:]
                for change in diff.audienceChanges { byApp[change.bundleID, default: []].append(change) }
                for app in byApp.keys.sorted() {
                    let changes = byApp[app] ?? []
                    lines.append(
                        "\(app): \(changes.count) combination\(changes.count == 1 ? " sees" : "s see") something else")
                    for change in changes.prefix(50) {
                        let install = AudienceTable.install(change.after).joined(separator: " · ")
                        let before = seen(change.before)
                        let after = seen(change.after)
                        if before == after {
                            // The same messages at the same shares: their words or looks changed.
                            let reworded = change.after.seen.compactMap(\.selected).filter { keys[$0] != nil }
                            let what = reworded.map { "#\($0) (\((keys[$0] ?? []).joined(separator: ", ")))" }
                            lines.append("  \(install): \(after), changed: \(what.joined(separator: ", "))")
                        } else {
                            lines.append("  \(install): \(before) → \(after)")
                        }
                    }
                    if changes.count > 50 { lines.append("  … and \(changes.count - 50) more (--json lists all)") }
                }
            }
            if !diff.unseenChanges.isEmpty {
                lines.append("installs the rows do not describe may see something else:")
                for change in diff.unseenChanges.prefix(50) {
                    let what =
                        diff.added.contains(change.id)
                        ? "added" : diff.removed.contains(change.id) ? "removed" : "changed"
                    lines.append("  #\(change.id) (\(change.reasons.joined(separator: ", "))): \(what)")
                }
                if diff.unseenChanges.count > 50 {
                    lines.append("  … and \(diff.unseenChanges.count - 50) more (--json lists all)")
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// `#2 Sale (50 %), else #1 Hello (100 %)`.
        package static func seen(_ row: FeedAudience.Row) -> String {
            guard !row.seen.isEmpty else { return "nothing" }
            return row.seen.map { alternative in
                guard alternative.selected != nil else { return "nothing" }
                return AudienceTable.message(alternative.selected, alternative.title)
                    + " (\(AudienceTable.share(alternative.rolloutPercent)))"
            }.joined(separator: ", else ")
        }
    }
}
