import Foundation

/// What loading a message's image gave: the checked bytes and their header, or why there are none.
public struct ImageLoadResult: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// Fetched now (200) and checked.
        case downloaded
        /// The stored copy, used without a fresh answer: it is younger than
        /// ``ImageLoader/maximumAge``, or the network failed (or sent an image that was refused).
        case cached
        /// The server said the stored copy is current (304).
        case revalidated
        /// No image to show.
        case failed
    }

    public var url: URL
    public var status: Status
    /// The image's bytes, checked by ``ImageHeader``; `nil` when it failed.
    public var data: Data?
    public var header: ImageHeader?
    /// Why the image failed, or why a fresh copy was not used.
    public var error: ImageHeader.Refusal?

    public init(
        url: URL, status: Status, data: Data? = nil, header: ImageHeader? = nil, error: ImageHeader.Refusal? = nil
    ) {
        self.url = url
        self.status = status
        self.data = data
        self.header = header
        self.error = error
    }

    /// Whether there is an image to show.
    public var isAvailable: Bool { data != nil }
}

/// Downloads and keeps the images of messages. A message with an image goes on screen only once its
/// image is at hand (``AlertClient`` asks this loader first): until then it is neither shown nor
/// counted, and the next check tries again.
///
/// - Requests go through the feed's ``FeedTransport``, conditional on the stored copy's ETag and
///   Last-Modified; a copy younger than ``maximumAge`` is used without a request.
/// - At most ``ImageLimits/maximumBytes`` are read: the transport stops reading past them.
/// - Every image, fresh or stored, is checked by ``ImageHeader`` before it is handed out (a stored
///   copy changed on disk is refused like a downloaded one).
/// - A failed request, an error status or a refused new image never replaces a good stored copy:
///   the stored copy is used.
/// - Copies live in `directory` (the caches directory: the system may clear it) as one file each and
///   an index, written atomically; at most ``cacheLimit`` bytes in all, the least recently used
///   evicted first.
public actor ImageLoader {
    public let directory: URL
    public let limits: ImageLimits
    /// The most bytes the stored copies take. The default is 20 MB.
    public let cacheLimit: Int
    /// How long a stored copy is used without asking the server. The default is 1 day.
    public let maximumAge: TimeInterval
    private let transport: any FeedTransport
    private let timeout: TimeInterval
    private let clock: AlertClock
    private var index: Index?

    public init(
        directory: URL, transport: any FeedTransport = URLSessionFeedTransport(), limits: ImageLimits = ImageLimits(),
        cacheLimit: Int = 20_000_000, maximumAge: TimeInterval = 86_400, timeout: TimeInterval = 30,
        clock: AlertClock = .system
    ) {
        self.directory = directory
        self.transport = transport
        self.limits = limits
        self.cacheLimit = cacheLimit
        self.maximumAge = maximumAge
        self.timeout = timeout
        self.clock = clock
    }

    /// The image at `url`, from the store or the network.
    public func load(_ url: URL) async -> ImageLoadResult {
        let now = clock.now
        var index = loadIndex()
        let key = Self.key(for: url)
        let stored = index.entries[key].flatMap { entry in storedCopy(key).map { (entry, $0) } }
        if stored == nil, index.entries[key] != nil {
            index.entries[key] = nil  // its file is gone or no longer a good image
        }
        if let (entry, copy) = stored, now.timeIntervalSince(entry.fetchedAt) < maximumAge, now >= entry.fetchedAt {
            index.touch(key, at: now)
            save(index)
            return ImageLoadResult(url: url, status: .cached, data: copy.data, header: copy.header)
        }
        let request = FeedRequest(
            url: url, accept: "image/png, image/jpeg, image/gif, image/webp", etag: stored?.0.etag,
            lastModified: stored?.0.lastModified, timeout: timeout, maximumBodySize: limits.maximumBytes)
        let failure: ImageHeader.Refusal
        do {
            let response = try await transport.get(request)
            switch response.status {
            case 304 where stored != nil:
                index.entries[key]?.fetchedAt = now
                index.touch(key, at: now)
                save(index)
                return ImageLoadResult(url: url, status: .revalidated, data: stored?.1.data, header: stored?.1.header)
            case 200...299:
                do {
                    let header = try ImageHeader(inspecting: response.body, limits: limits)
                    store(
                        response.body, for: key, url: url, etag: response[header: "ETag"],
                        lastModified: response[header: "Last-Modified"], now: now, index: &index)
                    return ImageLoadResult(url: url, status: .downloaded, data: response.body, header: header)
                } catch {
                    failure = error
                }
            default:
                failure = ImageHeader.Refusal(
                    kind: .unavailable, reason: "\(url.absoluteString) answered \(response.status)")
            }
        } catch {
            failure = ImageHeader.Refusal(
                kind: error.kind == .tooLarge ? .tooLarge : .unavailable,
                reason: error.kind == .tooLarge
                    ? "\(url.absoluteString) is larger than \(limits.maximumBytes) bytes; reading stopped there"
                    : "\(url.absoluteString): \(error.reason)")
        }
        if let (_, copy) = stored {
            index.touch(key, at: now)
            save(index)
            return ImageLoadResult(url: url, status: .cached, data: copy.data, header: copy.header, error: failure)
        }
        save(index)
        return ImageLoadResult(url: url, status: .failed, error: failure)
    }

    /// The stored copies' total size in bytes.
    public func storedBytes() -> Int { loadIndex().entries.values.reduce(0) { $0 + $1.size } }

    // MARK: - The store

    /// One stored copy, in the file named after its key (never a name read from the index: a changed
    /// index cannot point a read or an eviction outside ``directory``).
    struct Entry: Codable, Hashable {
        var url: String
        var size: Int
        var etag: String?
        var lastModified: String?
        var fetchedAt: Date
        var lastUsed: Date
    }

    struct Index: Codable {
        var entries: [String: Entry] = [:]

        mutating func touch(_ key: String, at date: Date) { entries[key]?.lastUsed = date }
    }

    private var indexFile: URL { directory.appendingPathComponent("images.json") }

    private static func key(for url: URL) -> String {
        ContentHash.sha256(Array(url.absoluteString.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    private func loadIndex() -> Index {
        if let index { return index }
        var read =
            (try? Data(contentsOf: indexFile)).flatMap { try? JSONDecoder().decode(Index.self, from: $0) } ?? Index()
        // Only keys this loader makes: 32 lower-case hex digits.
        read.entries = read.entries.filter { key, _ in
            key.utf8.count == 32 && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        index = read
        return read
    }

    private func file(_ key: String) -> URL { directory.appendingPathComponent(key + ".image") }

    private func storedCopy(_ key: String) -> (data: Data, header: ImageHeader)? {
        guard let data = try? Data(contentsOf: file(key)),
            let header = try? ImageHeader(inspecting: data, limits: limits)
        else { return nil }
        return (data, header)
    }

    private func store(
        _ data: Data, for key: String, url: URL, etag: String?, lastModified: String?, now: Date, index: inout Index
    ) {
        guard data.count <= cacheLimit else { return save(index) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file(key), options: .atomic)
        } catch {
            return save(index)
        }
        index.entries[key] = Entry(
            url: url.absoluteString, size: data.count, etag: etag, lastModified: lastModified, fetchedAt: now,
            lastUsed: now)
        // Least recently used first, until the rest fits.
        var total = index.entries.values.reduce(0) { $0 + $1.size }
        if total > cacheLimit {
            for (oldKey, entry) in index.entries.sorted(by: { $0.value.lastUsed < $1.value.lastUsed })
            where oldKey != key {
                try? FileManager.default.removeItem(at: file(oldKey))
                index.entries[oldKey] = nil
                total -= entry.size
                if total <= cacheLimit { break }
            }
        }
        save(index)
    }

    private func save(_ index: Index) {
        self.index = index
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(index) else { return }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? data.write(to: indexFile, options: .atomic)
    }
}
