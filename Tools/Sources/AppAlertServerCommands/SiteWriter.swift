import AppAlertAuthoring
import AppAlertCommands
import AppAlertServer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a site into a folder, touching only what `publish` writes: each file is replaced on its own,
/// atomically (``AtomicFile``), so the folder and every file in it are there throughout; the files the
/// previous publish wrote that the site no longer has are removed after. What `publish` wrote is
/// recorded in the folder, in ``manifestName``, and nothing else is ever removed.
///
/// Refused, with the reason: the feed's own folder or a folder holding it, a folder holding `.git`, a
/// file of the site that a symbolic link or a folder stands in for, and — unless `force` — a folder
/// with files `publish` did not record at the paths the site writes, or one not empty without a record
/// at all (a site written by `publish` before it kept one, or anything else).
struct SiteWriter {
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The record of what `publish` wrote in the folder: one path a line, relative to the folder.
    static let manifestName = ".appalert-published"
    static let manifestHeader =
        "# Written by appalert publish: the files it wrote in this folder, which the next publish replaces or "
        + "removes. It never touches another file."

    /// How many paths a refusal names before "and N more".
    static let named = 8

    let directory: URL
    /// What the previous publish recorded, when it did.
    let recorded: Set<String>?
    /// Files at the site's paths that no publish recorded: there only with `force`, and replaced.
    let unrecorded: [String]

    /// Reads the folder and says what writing `site` into it would do, or why it must not.
    init(site: FeedSite, directory: URL, source: URL, force: Bool) throws(Refusal) {
        self.directory = directory
        let manager = FileManager.default
        // Inside a repository's own data (named so, or reached through a link), whether or not it exists yet.
        for path in [directory.standardizedFileURL.path, Self.realPath(directory)]
        where path.split(separator: "/").contains(".git") {
            throw Refusal(
                description: "is inside a git repository's own data (.git); give --out a folder of the "
                    + "repository's files instead, such as docs or _site; nothing was published")
        }
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            recorded = nil
            unrecorded = []
            return
        }
        guard isDirectory.boolValue else { throw Refusal(description: "exists and is not a folder") }
        let real = Self.realPath(directory)
        // The feed's folder as named and, for a feed reached through a symbolic link, the folder of the
        // file it leads to: either inside the output would be overwritten or deleted by a later publish.
        let feedFolders = [source, URL(fileURLWithPath: Self.realPath(source))].map {
            Self.realPath(FeedSite.folder(of: $0))
        }
        if feedFolders.contains(where: { $0 == real || $0.hasPrefix(real == "/" ? "/" : real + "/") }) {
            throw Refusal(
                description: "holds the feed (\(source.path)), and publish writes the site into a folder of its own: "
                    + "give --out a new folder, such as _site beside the feed; nothing was published")
        }
        if manager.fileExists(atPath: directory.appendingPathComponent(".git").path) {
            throw Refusal(
                description: "is the root of a git repository (it holds .git), and publish writes the site into a "
                    + "folder of its own: give --out a new folder inside it, such as docs or _site; nothing was "
                    + "published")
        }
        let paths = site.files.map(\.path)
        try Self.checkPaths(paths, in: directory)
        let manifest = directory.appendingPathComponent(Self.manifestName)
        let record = try manager.fileExists(atPath: manifest.path) ? Self.readManifest(manifest) : nil
        let existing = paths.filter { Self.exists(directory.appendingPathComponent($0)) }
        recorded = record
        unrecorded = existing.filter { !(record?.contains($0) ?? false) }
        guard !force else { return }
        if recorded == nil, !((try? manager.contentsOfDirectory(atPath: directory.path)) ?? []).isEmpty {
            throw Refusal(description: Self.refusalOfAnUnrecordedFolder(directory, site: paths, existing: existing))
        }
        if !unrecorded.isEmpty {
            throw Refusal(
                description: "already has \(Self.list(unrecorded)), which no earlier publish wrote (they are not in "
                    + "\(Self.manifestName)): nothing was published. Move them away, or give --force to replace "
                    + "them with the site's")
        }
    }

    /// Why a folder with files and no record is refused, and what `--force` would do there.
    private static func refusalOfAnUnrecordedFolder(_ directory: URL, site: [String], existing: [String]) -> String {
        let sitePaths = Set(site)
        var others: [String] = []
        if let walk = FileManager.default.enumerator(atPath: directory.path) {
            while let path = walk.nextObject() as? String, others.count <= named {
                if walk.fileAttributes?[.type] as? FileAttributeType == .typeDirectory { continue }
                if !sitePaths.contains(path) { others.append(path) }
            }
        }
        let replaced = existing.isEmpty ? "replacing none of its files" : "replacing \(list(existing))"
        let kept =
            others.isEmpty
            ? ""
            : " and leaving \(list(others, more: others.count > named)) as \(others.count == 1 ? "it is" : "they are")"
        return "is not empty, and no publish recorded what it wrote there (\(manifestName); a folder an older "
            + "appalert publish wrote has none): nothing was published. Give --out an empty or new folder, or give "
            + "--force to write the site into this one, \(replaced)\(kept). Files an earlier publish wrote that "
            + "the site no longer has are never removed then: delete them yourself"
    }

    /// Writes `site`: the record first (what it held and what the site adds: whatever a crash leaves,
    /// the record names every file publish wrote), then each file, then the stale files removed, then
    /// the record of this site.
    func write(_ site: FeedSite) throws(Refusal) -> (removed: [String], replaced: [String]) {
        let manager = FileManager.default
        let paths = site.files.map(\.path)
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw Refusal(description: "cannot create the folder: \(error.localizedDescription)")
        }
        let previous = recorded ?? []
        try writeManifest(previous.union(paths))
        for file in site.files {
            let target = directory.appendingPathComponent(file.path)
            // The same bytes: left as they are (their time too, for a host that uploads what changed).
            if let current = try? Data(contentsOf: target), current == file.data { continue }
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(file.data, to: target)
            } catch let error as AtomicFile.WriteError {
                throw Refusal(description: error.description)
            } catch {
                throw Refusal(description: "cannot create the folder of \(file.path): \(error.localizedDescription)")
            }
        }
        let stale = previous.subtracting(paths).sorted()
        var removed: [String] = []
        for path in stale {
            let file = directory.appendingPathComponent(path)
            var status = stat()
            guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else { continue }
            if unlink(file.path) == 0 { removed.append(path) }
            removeEmptyFolders(above: path)
        }
        try writeManifest(Set(paths))
        return (removed, unrecorded)
    }

    /// Removes the folders of `path` inside the site's folder that are left empty (`rmdir` removes
    /// nothing else).
    private func removeEmptyFolders(above path: String) {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            if rmdir(directory.appendingPathComponent(components.joined(separator: "/")).path) != 0 { return }
            components = components.dropLast()
        }
    }

    private func writeManifest(_ paths: Set<String>) throws(Refusal) {
        let text = ([Self.manifestHeader] + paths.sorted()).joined(separator: "\n") + "\n"
        do {
            try AtomicFile.write(Data(text.utf8), to: directory.appendingPathComponent(Self.manifestName))
        } catch {
            throw Refusal(description: error.description)
        }
    }

    /// The paths a record names; a line that is not a plain relative path (`..`, absolute, empty
    /// parts) is left out, so its file is never removed.
    static func readManifest(_ file: URL) throws(Refusal) -> Set<String> {
        var status = stat()
        guard lstat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Refusal(description: "\(manifestName) is not a file")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw Refusal(description: "cannot read \(manifestName)")
        }
        var paths = Set<String>()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "/", omittingEmptySubsequences: false)
            guard
                !parts.isEmpty,
                parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") })
            else { continue }
            paths.insert(String(line))
        }
        return paths
    }

    /// Every site path is a file, or nothing, in real folders of `directory`: `publish` never writes
    /// through a symbolic link (the file would land outside the folder) nor over a folder.
    static func checkPaths(_ paths: [String], in directory: URL) throws(Refusal) {
        var checked = Set<String>()
        for path in paths {
            let parts = path.split(separator: "/")
            for depth in 1...parts.count {
                let prefix = parts.prefix(depth).joined(separator: "/")
                guard checked.insert(prefix).inserted else { continue }
                var status = stat()
                guard lstat(directory.appendingPathComponent(prefix).path, &status) == 0 else { break }
                let type = status.st_mode & S_IFMT
                if type == S_IFLNK {
                    throw Refusal(
                        description: "\(prefix) is a symbolic link, and publish writes the site's files only in "
                            + "the folder itself: remove the link, or give --out another folder; nothing was published")
                }
                if depth < parts.count, type != S_IFDIR {
                    throw Refusal(
                        description: "\(prefix) is not a folder, and the site has \(path): nothing was published")
                }
                if depth == parts.count, type != S_IFREG {
                    throw Refusal(
                        description: "\(prefix) is not a file, and the site writes a file there: nothing was "
                            + "published")
                }
            }
        }
    }

    static func exists(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0
    }

    static func realPath(_ url: URL) -> String {
        guard let resolved = realpath(url.path, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `a, b and c`, or the first few and how many more (`more`: others not counted).
    static func list(_ paths: [String], more: Bool = false) -> String {
        let shown = Array(paths.prefix(named))
        let rest = paths.count - shown.count
        if more { return shown.joined(separator: ", ") + " and more" }
        if rest > 0 { return shown.joined(separator: ", ") + " and \(rest) more" }
        if shown.count < 2 { return shown.joined() }
        return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }
}
