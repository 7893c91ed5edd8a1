import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file so that a reader sees the old bytes or the new, never part of them, and the new
/// bytes are on the disk before the answer: written to a hidden file in the same folder (same file
/// system), flushed, renamed over the file, and the folder flushed. Foundation's `.atomic` writing
/// renames too, but flushes nothing, replaces a symbolic link with a file and gives the file the
/// default permissions; a save the console answered 200 must survive a crash, and a file the author
/// keeps private stays private. The console's saves and `appalert publish` write through it.
///
/// - A symbolic link is never replaced: the file it leads to is written, in that file's own folder.
///   A link that leads nowhere, or to anything but a file, is refused.
/// - A file that exists keeps its permissions, and its owner and group where this process may set
///   them; a new one gets 0666 less the umask, as any new file.
package enum AtomicFile {
    package struct WriteError: Error, CustomStringConvertible {
        package var description: String
    }

    package static func write(_ data: Data, to url: URL) throws(WriteError) {
        let target = try destination(of: url)
        var existing = stat()
        let exists = stat(target.path, &existing) == 0
        let temporary = try written(data, beside: target, like: exists ? existing : nil)
        guard rename(temporary.path, target.path) == 0 else {
            let error = failure("cannot replace \(target.path)")
            unlink(temporary.path)
            throw error
        }
        flush(folder: target.deletingLastPathComponent())
    }

    /// Writes a new file at `url` as ``write(_:to:)`` does, and never replaces one: when anything is
    /// at `url` already (a file, a link, a folder), nothing is written and the error says so.
    package static func create(_ data: Data, at url: URL) throws(WriteError) {
        let temporary = try written(data, beside: url, like: nil)
        // link(2) fails when the name is taken: the new file appears whole, or not at all.
        guard link(temporary.path, url.path) == 0 else {
            let error =
                errno == EEXIST
                ? WriteError(description: "\(url.path) exists already; it is left as it is")
                : failure("cannot create \(url.path)")
            unlink(temporary.path)
            throw error
        }
        unlink(temporary.path)
        flush(folder: url.deletingLastPathComponent())
    }

    /// `data` in a new hidden file in `target`'s folder, flushed, with the permissions (and owner) of
    /// `existing` when given.
    private static func written(_ data: Data, beside target: URL, like existing: stat?) throws(WriteError) -> URL {
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary.path)") }
        var error: WriteError?
        if let existing {
            // The owner first: changing it clears set-id bits, and the mode is set after.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            if fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
                error = failure("cannot give \(temporary.path) the permissions of \(target.path)")
            }
        }
        if error == nil, !writeAll(data, to: descriptor) || fsync(descriptor) != 0 {
            error = failure("cannot write \(temporary.path)")
        }
        close(descriptor)
        if let error {
            unlink(temporary.path)
            throw error
        }
        return temporary
    }

    private static func flush(folder: URL) {
        let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The file to replace for `url`: `url` itself, or the file its symbolic link (or chain of links)
    /// leads to.
    private static func destination(of url: URL) throws(WriteError) -> URL {
        var link = stat()
        guard lstat(url.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return url }
        let written = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
        guard let resolved = realpath(url.path, nil) else {
            throw failure("\(url.path) is a symbolic link to \(written), which cannot be followed")
        }
        defer { free(resolved) }
        let target = URL(fileURLWithPath: String(cString: resolved))
        var file = stat()
        guard stat(target.path, &file) == 0, file.st_mode & S_IFMT == S_IFREG else {
            throw WriteError(
                description: "\(url.path) is a symbolic link to \(written), which is not a file; the link is left "
                    + "as it is")
        }
        return target
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            var written = 0
            while written < raw.count {
                let result = Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
    }

    private static func failure(_ what: String) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
