import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps an install's state in a directory of files: `state.json` (JSON) and `feed-cache` (the last
/// good feed).
///
/// Every write goes to a temporary file that then replaces the old one, so a crash never leaves a
/// half-written file. Every change holds an exclusive `flock` on `state.lock`, so several processes
/// sharing the directory — a command-line tool run twice at once — never lose each other's changes.
/// A state file that cannot be read is reported, kept as `state.json.corrupt`, and replaced.
public final class FileAlertStore: AlertStore, @unchecked Sendable {
    /// The directory holding the files.
    public let directory: URL
    private let problems: @Sendable (AlertStoreProblem) -> Void

    /// - Parameters:
    ///   - directory: where to keep the files; made (mode 0700) when missing.
    ///   - problems: told about anything the store repaired, such as a corrupted state file.
    public init(directory: URL, problems: @escaping @Sendable (AlertStoreProblem) -> Void = { _ in }) {
        self.directory = directory
        self.problems = problems
        stateFile = directory.appendingPathComponent("state.json")
        cacheFile = directory.appendingPathComponent("feed-cache")
        lockFile = directory.appendingPathComponent("state.lock")
    }

    /// A store in the platform's place for per-app state: Application Support/AppAlert/BUNDLE-ID on
    /// Apple platforms; `$XDG_STATE_HOME/appalert/BUNDLE-ID` (default `~/.local/state/appalert/BUNDLE-ID`)
    /// elsewhere.
    public convenience init(bundleID: String, problems: @escaping @Sendable (AlertStoreProblem) -> Void = { _ in }) {
        self.init(directory: FileAlertStore.defaultDirectory(bundleID: bundleID), problems: problems)
    }

    public static func defaultDirectory(bundleID: String) -> URL {
        let safeName = safeName(bundleID)
        #if canImport(Darwin)
            let base =
                FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            return base.appendingPathComponent("AppAlert").appendingPathComponent(safeName)
        #else
            let environment = ProcessInfo.processInfo.environment
            let base: URL
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
                base = URL(fileURLWithPath: state)
            } else {
                let home =
                    environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
                base = home.appendingPathComponent(".local").appendingPathComponent("state")
            }
            return base.appendingPathComponent("appalert").appendingPathComponent(safeName)
        #endif
    }

    /// Where a re-downloadable copy of the feed goes: Caches/AppAlert/BUNDLE-ID on Apple platforms
    /// (not backed up, and the system may clear it: the next launch fetches the feed again);
    /// elsewhere the same folder as ``defaultDirectory(bundleID:)``.
    public static func defaultCacheDirectory(bundleID: String) -> URL {
        #if canImport(Darwin)
            let base =
                FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            return base.appendingPathComponent("AppAlert").appendingPathComponent(safeName(bundleID))
        #else
            return defaultDirectory(bundleID: bundleID)
        #endif
    }

    static func safeName(_ bundleID: String) -> String {
        String(bundleID.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
    }

    // Made once: appending the names at each read was 3% of a launch from the cache (perf, LaunchBenchmark).
    let stateFile: URL
    let cacheFile: URL
    let lockFile: URL

    public var locations: [String] { [stateFile.path, cacheFile.path] }

    public func state() async throws -> InstallState {
        // Writes replace the file in one rename, so a read without the lock sees a whole state. Only
        // a missing or unreadable file needs the locked path, which creates or repairs it.
        if let data = try? Data(contentsOf: stateFile),
            let state = try? Self.decoder.decode(InstallState.self, from: data)
        {
            return state
        }
        return try updateStateNow { $0 }
    }

    public func updateState<Result: Sendable>(
        _ change: @Sendable (inout InstallState) throws -> Result
    ) async throws -> Result {
        try updateStateNow(change)
    }

    /// The synchronous body of ``updateState(_:)``: nothing suspends while the lock is held, and the
    /// lock is held only for a read, a change and a write.
    func updateStateNow<Result>(_ change: (inout InstallState) throws -> Result) throws -> Result {
        try withLock {
            let (stored, needsWrite) = try readState()
            var state = stored
            let result = try change(&state)
            if needsWrite || state != stored {
                try write(try Self.encoder.encode(state), to: stateFile)
            }
            return result
        }
    }

    public func cachedFeed() async throws -> CachedFeed? {
        guard let data = try readIfPresent(cacheFile) else { return nil }
        do {
            return try CacheFileFormat.decode(data)
        } catch {
            problems(
                AlertStoreProblem(location: cacheFile.path, description: "unreadable feed cache ignored: \(error)"))
            return nil
        }
    }

    public func saveCachedFeed(_ feed: CachedFeed) async throws {
        try withLock {
            try write(CacheFileFormat.encode(feed), to: cacheFile)
        }
    }

    public func reset() async throws {
        try withLock {
            for file in [stateFile, cacheFile] where FileManager.default.fileExists(atPath: file.path) {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw AlertStoreError(location: file.path, reason: "cannot remove: \(error.localizedDescription)")
                }
            }
        }
    }

    // MARK: Files

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    /// The stored state, or a fresh one (and whether it must be written).
    private func readState() throws -> (InstallState, Bool) {
        guard let data = try readIfPresent(stateFile) else { return (InstallState(), true) }
        do {
            return (try Self.decoder.decode(InstallState.self, from: data), false)
        } catch {
            let corrupt = directory.appendingPathComponent("state.json.corrupt")
            try? FileManager.default.removeItem(at: corrupt)
            try? FileManager.default.moveItem(at: stateFile, to: corrupt)
            problems(
                AlertStoreProblem(
                    location: stateFile.path,
                    description:
                        "unreadable state replaced by a fresh one (the old file is kept as \(corrupt.lastPathComponent))"
                ))
            return (InstallState(), true)
        }
    }

    private func readIfPresent(_ file: URL) throws -> Data? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            return try Data(contentsOf: file)
        } catch {
            throw AlertStoreError(location: file.path, reason: "cannot read: \(error.localizedDescription)")
        }
    }

    private func write(_ data: Data, to file: URL) throws {
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            throw AlertStoreError(location: file.path, reason: "cannot write: \(error.localizedDescription)")
        }
    }

    private func makeDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AlertStoreError(location: directory.path, reason: "exists and is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AlertStoreError(location: directory.path, reason: "cannot create: \(error.localizedDescription)")
        }
    }

    /// Runs `body` holding an exclusive lock on `state.lock`, shared with other processes.
    private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        try makeDirectory()
        let descriptor = open(lockFile.path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AlertStoreError(location: lockFile.path, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw AlertStoreError(
                    location: lockFile.path, reason: "cannot lock: \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

/// The feed cache file: one line of JSON metadata, then the body's bytes exactly as received.
enum CacheFileFormat {
    struct Header: Codable {
        var url: String
        var etag: String?
        var lastModified: String?
        var fetchedAt: Date
        var length: Int
        /// The `.sig` file's text, when the feed came with one.
        var signature: String?
    }

    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    static func encode(_ feed: CachedFeed) throws -> Data {
        let header = Header(
            url: feed.url, etag: feed.etag, lastModified: feed.lastModified, fetchedAt: feed.fetchedAt,
            length: feed.body.count, signature: feed.signature.map { String(decoding: $0, as: UTF8.self) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        var data = try encoder.encode(header)
        data.append(0x0A)
        data.append(feed.body)
        return data
    }

    static func decode(_ data: Data) throws -> CachedFeed {
        guard let newline = data.firstIndex(of: 0x0A) else { throw FormatError(description: "no header line") }
        guard case .object(let header) = try JSONParser().parse(Data(data[data.startIndex..<newline])),
            case .string(let url)? = header["url"], let fetchedAt = header["fetchedAt"]?.doubleValue,
            let length = header["length"]?.integerValue
        else { throw FormatError(description: "the header line is not a cache header") }
        let body = data[(newline + 1)...]
        guard body.count == length else {
            throw FormatError(description: "body is \(body.count) bytes, header says \(length)")
        }
        return CachedFeed(
            url: url, body: Data(body), etag: header["etag"]?.stringValue,
            lastModified: header["lastModified"]?.stringValue,
            fetchedAt: Date(timeIntervalSince1970: fetchedAt),
            signature: header["signature"]?.stringValue.map { Data($0.utf8) })
    }
}
