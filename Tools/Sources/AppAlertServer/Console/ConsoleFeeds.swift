@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

/// The feed files the console reads and writes: the served feeds, by their served path (`messages.json`),
/// read from disk at each request (the console's ETag is of the bytes on disk now, not of what is
/// served), the bytes each had when the server started (what a draft is compared with outside git),
/// and one lock so that a save's read, check and write are never interleaved with another's.
final class ConsoleFeeds: @unchecked Sendable {
    let source: URL
    private let opened: [String: Data]
    private let lock = NSLock()

    init(source: URL) {
        self.source = source
        var opened: [String: Data] = [:]
        for name in Self.names(in: source) {
            opened[name] = try? Data(contentsOf: Self.file(named: name, in: source))
        }
        self.opened = opened
    }

    /// The feeds' served paths, in name order: the one file, or every `.json` file of the folder.
    static func names(in source: URL) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [source.lastPathComponent] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && FeedSite.isSafeName($0) }.sorted()
    }

    static func file(named name: String, in source: URL) -> URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: source.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return source.appendingPathComponent(name)
        }
        return source
    }

    var names: [String] { Self.names(in: source) }

    /// The file of the feed served as `name`, or nil when no feed is served under that name.
    func file(named name: String) -> URL? {
        names.contains(name) ? Self.file(named: name, in: source) : nil
    }

    /// The bytes the feed had when the server started.
    func openedBytes(of name: String) -> Data? { opened[name] }

    /// A strong validator of exactly these bytes, as the server's own for served files.
    static func etag(_ data: Data) -> String { FeedSite.File(path: "", data: data).etag }

    /// Runs `body` with no other save running.
    func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock(body)
    }

    /// Whether a feed is signed on disk: a `.sig` lies beside it.
    static func isSigned(_ file: URL) -> Bool {
        FileManager.default.fileExists(atPath: file.path + ".sig")
    }
}
