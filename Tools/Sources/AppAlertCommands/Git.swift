import Foundation

/// What `keygen`, `init` and `serve --dev`'s console ask git: whether a path is in a work tree,
/// whether git ignores it, the repository's `origin`, a feed as committed and its history. git itself
/// answers (its rules for .gitignore, excludes and the global ignore file are not ours to copy);
/// without git installed, every answer is `nil`. Nothing the repository configures runs (``safely``).
package enum Git {
    package struct Result {
        var status: Int32
        var output: String
    }

    /// `git -C DIRECTORY ARGUMENTS`, or `nil` when git cannot be run.
    package static func run(_ arguments: [String], in directory: URL) -> Result? {
        guard let (status, data) = output(of: arguments, in: directory) else { return nil }
        return Result(
            status: status,
            output: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// What `git -C DIRECTORY ARGUMENTS` wrote to standard output, byte for byte, and its exit status;
    /// `nil` when git cannot be run. git runs with ``safely`` and ``safeEnvironment(_:)``.
    package static func output(of arguments: [String], in directory: URL) -> (status: Int32, data: Data)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory.path] + safely + arguments
        process.environment = safeEnvironment(ProcessInfo.processInfo.environment)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // env's own "not found" (127): there is no git.
        if process.terminationStatus == 127 { return nil }
        return (process.terminationStatus, data)
    }

    /// What a repository's configuration can make git run, switched off for every call: a repository
    /// the author cloned or was sent runs nothing of its own when the tools ask git a question (`serve
    /// --dev`'s console reads the history of the feed). No file-system monitor, no hooks, no pager, no
    /// signature program for `log`; the commands that show a diff are also given ``diffOptions``.
    package static let safely = [
        "--no-pager", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat",
        "-c", "log.showSignature=false",
    ]

    /// For `log -p`, `show` and `diff`: no `textconv` filter (`.gitattributes` `diff=NAME` with
    /// `diff.NAME.textconv`) and no external diff program (`diff.external`, `diff.NAME.command`,
    /// `GIT_EXTERNAL_DIFF`) runs.
    package static let diffOptions = ["--no-textconv", "--no-ext-diff"]

    /// The environment git runs in: this process's, without `GIT_EXTERNAL_DIFF`, and with `cat` as
    /// `GIT_PAGER` and `PAGER`.
    package static func safeEnvironment(_ environment: [String: String]) -> [String: String] {
        var environment = environment
        environment["GIT_EXTERNAL_DIFF"] = nil
        environment["GIT_PAGER"] = "cat"
        environment["PAGER"] = "cat"
        return environment
    }

    /// `url`'s nearest folder that exists (`url` itself when it does), so git can be asked about a
    /// path about to be created.
    package static func existingFolder(of url: URL) -> URL {
        var folder = url.standardizedFileURL
        var isDirectory: ObjCBool = false
        while !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
            && isDirectory.boolValue),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder
    }

    /// Where a file about to be written stands with git.
    package enum Standing: Equatable {
        /// Not in a work tree.
        case outside
        /// In the work tree at `root`, and git ignores it.
        case ignored(root: String)
        /// In the work tree at `root`, and git would offer it to the next commit.
        case notIgnored(root: String)
        /// git is not installed; `repository` is the folder holding `.git` above it, if any.
        case unknown(repository: String?)
    }

    package static func standing(of file: URL) -> Standing {
        let file = file.standardizedFileURL
        let folder = existingFolder(of: file.deletingLastPathComponent())
        guard let topLevel = run(["rev-parse", "--show-toplevel"], in: folder) else {
            var candidate = folder
            while true {
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(".git").path) {
                    return .unknown(repository: candidate.path)
                }
                if candidate.path == "/" { return .unknown(repository: nil) }
                candidate.deleteLastPathComponent()
            }
        }
        guard topLevel.status == 0 else { return .outside }
        // The path relative to `folder`, which is an ancestor of it.
        let relative = String(file.path.dropFirst(folder.path.count)).drop { $0 == "/" }
        let ignored = run(["check-ignore", "-q", String(relative)], in: folder)
        return ignored?.status == 0 ? .ignored(root: topLevel.output) : .notIgnored(root: topLevel.output)
    }

    /// `OWNER/REPOSITORY` of the `origin` remote of the work tree at `folder`, when it is on
    /// github.com: `https://github.com/OWNER/REPO(.git)`, `git@github.com:OWNER/REPO(.git)` or
    /// `ssh://git@github.com/OWNER/REPO(.git)`. The URL as configured (`git remote get-url` would
    /// apply `url.*.insteadOf` rewrites, which name a mirror, not the repository).
    package static func gitHubOrigin(of folder: URL) -> (owner: String, repository: String)? {
        guard let origin = run(["config", "--get", "remote.origin.url"], in: existingFolder(of: folder)),
            origin.status == 0
        else { return nil }
        return parseGitHub(origin.output)
    }

    package static func parseGitHub(_ url: String) -> (owner: String, repository: String)? {
        var rest: Substring
        if let range = url.range(of: "github.com/") ?? url.range(of: "github.com:") {
            // The host must be github.com itself: after "//", "@" or at the start.
            let before = url[..<range.lowerBound]
            guard before.isEmpty || before.hasSuffix("//") || before.hasSuffix("@") || before.hasSuffix("www.") else {
                return nil
            }
            rest = url[range.upperBound...]
        } else {
            return nil
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.hasSuffix(".git") { rest = rest.dropLast(4) }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = { (part: Substring) in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        }
        guard parts.count == 2, allowed(parts[0]), allowed(parts[1]) else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
