@_spi(Authoring) import AppAlert
import Foundation
import Logging
import ServiceLifecycle

/// What the collector checks a batch against: for every app the feed names, the messages it may
/// show, with their variants and buttons.
///
/// Events: what the device counts (AppAlert's `ResultEvent`), so only what the feed could produce is
/// taken. `button.N` is the feed's `buttons` entry at index N (a localization's or the variant's own
/// `buttons` too: the index is allowed when any wording has it); a message without `buttons` counts
/// its derived buttons as `link` (when any wording has a `link`) and `dismissed`. `tap` is a banner's
/// or an image's action; `conversion` needs a `conversion` key (the message's or the variant's).
/// `shown` and `dismissed` are any message's.
struct FeedIndex: Sendable {
    struct MessageEntry: Sendable {
        /// The apps it is for; `"*"` for every app the feed names.
        var apps: Set<String>
        /// The number of variants (0: none).
        var variants: Int
        /// What each wording can produce: of the message without variants, else of each variant.
        var wordings: [Events]
    }

    /// The events one wording of a message (the message, or one variant of it, in any language) can
    /// produce beyond `shown` and `dismissed`.
    struct Events: Sendable, Equatable {
        /// The most feed `buttons` any language has.
        var buttons = 0
        var link = false
        var tap = false
        var conversion = false
    }

    var apps: Set<String> = []
    /// Message id → the messages with that id (one per feed file at most).
    var messages: [Int: [MessageEntry]] = [:]

    init(feeds: [Feed]) {
        for feed in feeds {
            for message in feed.messages {
                apps.formUnion(message.bundleIDs)
                let wordings =
                    message.variants.isEmpty
                    ? [Self.events(message)]
                    : message.variants.indices.map { Self.events(message.applying(variant: $0)) }
                messages[message.id, default: []].append(
                    MessageEntry(apps: Set(message.bundleIDs), variants: message.variants.count, wordings: wordings))
            }
            for policy in feed.updatePolicies { apps.formUnion(policy.bundleIDs) }
        }
        apps.remove("*")
    }

    /// What `message` (base texts and each localization) can produce.
    static func events(_ message: Message) -> Events {
        var events = Events()
        events.tap = message.layout == .banner || message.layout == .image
        events.conversion = message.conversion != nil
        guard message.layout.hasButtons else { return events }
        var wordings = [(message.buttons, message.link)]
        for localization in message.localizations {
            wordings.append((localization.buttons ?? message.buttons, localization.link ?? message.link))
        }
        for (buttons, link) in wordings {
            if let buttons {
                events.buttons = max(events.buttons, buttons.count)
            } else if link != nil {
                events.link = true
            }
        }
        return events
    }

    /// The message `id` as `app` may show it.
    func message(_ id: Int, for app: String) -> MessageEntry? {
        messages[id]?.first { $0.apps.contains(app) || $0.apps.contains("*") }
    }
}

/// Reads the feed (a file, a directory of `.json` feeds, or an `http(s)://` URL) and reads it again
/// when it changes, as `appalert serve` does: an edit with errors is logged and the last good version
/// stays. A URL is asked again every ``urlInterval`` with `If-None-Match`.
final class CollectorFeed: @unchecked Sendable {
    enum Source: Sendable {
        case path(URL)
        case url(URL)
    }

    let source: Source
    private let transport: any FeedTransport
    private let lock = NSLock()
    private var current: FeedIndex
    /// Files: their modification times and sizes. A URL: its ETag (or the body's size and hash).
    private var stamp: [String: String]

    /// A feed over HTTP is at most this large.
    static let maximumURLBody = 16 << 20

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    private init(source: Source, transport: any FeedTransport, index: FeedIndex, stamp: [String: String]) {
        self.source = source
        self.transport = transport
        current = index
        self.stamp = stamp
    }

    /// Reads the feed at `location` (a path or an `http(s)://` URL) for the first time.
    static func open(_ location: String, transport: any FeedTransport) async throws(LoadError) -> CollectorFeed {
        let lower = location.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let url = URL(string: location) else {
                throw LoadError(description: "\(location.prefix(100)): not a URL")
            }
            guard case .changed(let index, let stamp) = try await fetch(url, transport: transport, etag: nil) else {
                throw LoadError(description: "\(url.absoluteString): no feed in the answer")
            }
            return CollectorFeed(source: .url(url), transport: transport, index: index, stamp: stamp)
        }
        let path = URL(fileURLWithPath: location)
        let stamp = Self.stamp(path)
        return CollectorFeed(source: .path(path), transport: transport, index: try load(path), stamp: stamp)
    }

    var index: FeedIndex { lock.withLock { current } }

    var name: String {
        switch source {
        case .path(let url): url.path
        case .url(let url): url.absoluteString
        }
    }

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

    static func decode(_ data: Data, name: String) throws(LoadError) -> Feed {
        let result: FeedDecoder.Output
        do {
            result = try FeedDecoder().decode(data)
        } catch {
            throw LoadError(description: "\(name): \(error.reason)")
        }
        if !result.errors.isEmpty {
            let listed = result.errors.prefix(10).map { "\(name): \($0)" }
            throw LoadError(
                description: "\(name): \(result.errors.count) error(s) in the feed\n" + listed.joined(separator: "\n"))
        }
        return result.feed
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
            feeds.append(try decode(data, name: file.path))
        }
        return FeedIndex(feeds: feeds)
    }

    enum Fetched {
        case unchanged
        case changed(FeedIndex, stamp: [String: String])
    }

    static func fetch(_ url: URL, transport: any FeedTransport, etag: String?) async throws(LoadError) -> Fetched {
        let response: FeedResponse
        do {
            response = try await transport.get(
                FeedRequest(
                    url: url, headers: etag.map { ["If-None-Match": $0] } ?? [:], timeout: 30,
                    maximumBodySize: maximumURLBody))
        } catch {
            throw LoadError(description: "\(url.absoluteString): \(error.reason)")
        }
        if response.status == 304 { return .unchanged }
        guard response.status == 200 else {
            throw LoadError(description: "\(url.absoluteString): HTTP \(response.status)")
        }
        let stamp = [
            "etag": response[header: "ETag"] ?? "", "body": "\(response.body.count)/\(response.body.hashValue)",
        ]
        let feed = try decode(response.body, name: url.absoluteString)
        return .changed(FeedIndex(feeds: [feed]), stamp: stamp)
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

    /// Reads the feed again when it changed. Returns the error of an edit that is not used.
    func reloadIfChanged() async -> (reloaded: Bool, error: LoadError?) {
        switch source {
        case .path(let path):
            let now = Self.stamp(path)
            guard lock.withLock({ now != stamp }) else { return (false, nil) }
            do {
                let index = try Self.load(path)
                lock.withLock {
                    current = index
                    stamp = now
                }
                return (true, nil)
            } catch {
                lock.withLock { stamp = now }
                return (false, error)
            }
        case .url(let url):
            let known = lock.withLock { stamp }
            do {
                let etag = known["etag"].flatMap { $0.isEmpty ? nil : $0 }
                guard case .changed(let index, let now) = try await Self.fetch(url, transport: transport, etag: etag),
                    now != known
                else { return (false, nil) }
                lock.withLock {
                    current = index
                    stamp = now
                }
                return (true, nil)
            } catch {
                return (false, error)
            }
        }
    }
}

/// Watches the feed and reloads it on change; stops on graceful shutdown.
struct FeedReloadService: Service {
    let feed: CollectorFeed
    let fileInterval: Duration
    let urlInterval: Duration
    let logger: Logger

    func run() async throws {
        let feed = feed
        let interval: Duration
        switch feed.source {
        case .path: interval = fileInterval
        case .url: interval = urlInterval
        }
        let logger = logger
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                let (reloaded, error) = await feed.reloadIfChanged()
                if let error {
                    logger.error("invalid edit of the feed not used; the last good version stays:\n\(error)")
                } else if reloaded {
                    logger.info("feed reloaded: \(feed.index.apps.count) apps, \(feed.index.messages.count) messages")
                }
            }
        }
    }
}
