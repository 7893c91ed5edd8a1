import AppAlert
import Foundation
import Logging
import ServiceLifecycle

/// What the collector checks a batch against: for every app the feed names, the messages it may
/// show, with their variants and buttons.
///
/// Buttons: `button.N` is the button at index N of the message as the device resolves it
/// (``ResolvedMessage/buttons``), the primary one first. A message with `buttons` has those; one
/// without has its derived buttons: the link's first when it has a link, then the confirm button
/// (`confirmLabel`, "OK"), absent for a wall. So a plain message has only `button.0` (OK), one with a
/// link `button.0` (the link) and `button.1` (OK), a wall with a link only `button.0`. A localization
/// or a variant with its own `link` or `buttons` can add one: the index is allowed when any wording
/// of the message (or of that variant) has it. A banner or an image has no buttons: its tap counts as
/// `tap`.
struct FeedIndex: Sendable {
    struct MessageEntry: Sendable {
        /// The apps it is for; `"*"` for every app the feed names.
        var apps: Set<String>
        /// The number of variants (0: none).
        var variants: Int
        /// The most buttons any wording has: of the message without variants, else of each variant.
        var buttons: [Int]
    }

    var apps: Set<String> = []
    /// Message id → the messages with that id (one per feed file at most).
    var messages: [Int: [MessageEntry]] = [:]

    init(feeds: [Feed]) {
        for feed in feeds {
            for message in feed.messages {
                apps.formUnion(message.bundleIDs)
                let buttons =
                    message.variants.isEmpty
                    ? [Self.buttonCount(message)]
                    : message.variants.indices.map { Self.buttonCount(message.applying(variant: $0)) }
                messages[message.id, default: []].append(
                    MessageEntry(apps: Set(message.bundleIDs), variants: message.variants.count, buttons: buttons))
            }
            for policy in feed.updatePolicies { apps.formUnion(policy.bundleIDs) }
        }
        apps.remove("*")
    }

    /// The most buttons any wording of `message` shows (base texts and each localization).
    static func buttonCount(_ message: Message) -> Int {
        guard message.layout.hasButtons else { return 0 }
        func count(buttons: [Message.Button]?, link: Message.Link?) -> Int {
            if let buttons { return buttons.count }
            return (link != nil ? 1 : 0) + (message.dismissible ? 1 : 0)
        }
        var most = count(buttons: message.buttons, link: message.link)
        for localization in message.localizations {
            most = max(
                most, count(buttons: localization.buttons ?? message.buttons, link: localization.link ?? message.link))
        }
        return most
    }

    /// The message `id` as `app` may show it.
    func message(_ id: Int, for app: String) -> MessageEntry? {
        messages[id]?.first { $0.apps.contains(app) || $0.apps.contains("*") }
    }
}

/// Reads the feed (a file, or a directory of `.json` feeds) and reads it again when it changes, as
/// `appalert serve` does: an edit with errors is logged and the last good version stays.
final class CollectorFeed: @unchecked Sendable {
    let source: URL
    private let lock = NSLock()
    private var current: FeedIndex
    private var stamp: [String: String]

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    init(source: URL) throws(LoadError) {
        self.source = source
        stamp = Self.stamp(source)
        current = try Self.load(source)
    }

    var index: FeedIndex { lock.withLock { current } }

    static func files(_ source: URL) throws(LoadError) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory) else {
            throw LoadError(description: "\(source.path): no such file or directory")
        }
        guard isDirectory.boolValue else { return [source] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? []
        let feeds = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map {
            source.appendingPathComponent($0)
        }
        if feeds.isEmpty { throw LoadError(description: "\(source.path): no .json feed in the directory") }
        return feeds
    }

    static func load(_ source: URL) throws(LoadError) -> FeedIndex {
        var feeds: [Feed] = []
        for file in try files(source) {
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw LoadError(description: "\(file.path): cannot read: \(error.localizedDescription)")
            }
            let result: FeedDecodingResult
            do {
                result = try FeedDecoder().decode(data)
            } catch {
                throw LoadError(description: "\(file.path): \(error.reason)")
            }
            if !result.errors.isEmpty {
                let listed = result.errors.prefix(10).map { "\(file.lastPathComponent): \($0)" }
                throw LoadError(
                    description: "\(file.path): \(result.errors.count) error(s) in the feed\n"
                        + listed.joined(separator: "\n"))
            }
            feeds.append(result.feed)
        }
        return FeedIndex(feeds: feeds)
    }

    /// The files' modification times and sizes: a change in any means a reload.
    static func stamp(_ source: URL) -> [String: String] {
        var stamp: [String: String] = [:]
        for file in (try? files(source)) ?? [] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let date = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
            stamp[file.lastPathComponent] = "\(date)/\(size)"
        }
        return stamp
    }

    /// Reads the feed again when its files changed. Returns the error of an edit that is not used.
    func reloadIfChanged() -> (reloaded: Bool, error: LoadError?) {
        let now = Self.stamp(source)
        guard lock.withLock({ now != stamp }) else { return (false, nil) }
        do {
            let index = try Self.load(source)
            lock.withLock {
                current = index
                stamp = now
            }
            return (true, nil)
        } catch {
            lock.withLock { stamp = now }
            return (false, error)
        }
    }
}

/// Watches the feed and reloads it on change; stops on graceful shutdown.
struct FeedReloadService: Service {
    let feed: CollectorFeed
    let interval: Duration
    let logger: Logger

    func run() async throws {
        let feed = feed
        let interval = interval
        let logger = logger
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                let (reloaded, error) = feed.reloadIfChanged()
                if let error {
                    logger.error("invalid edit of the feed not used; the last good version stays:\n\(error)")
                } else if reloaded {
                    logger.info("feed reloaded: \(feed.index.apps.count) apps, \(feed.index.messages.count) messages")
                }
            }
        }
    }
}
