import Foundation
import TestSupport
import Testing

/// Issue 31, 3: private keys and built sites stay out of git. Real repositories (`git init`), the
/// real `appalert`; git's global and system configuration left out, so the machine's own ignore rules
/// play no part.
@Suite(.serialized)
struct GitSafetyTests {
    static let isolated = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1"]

    @discardableResult
    static func git(_ arguments: [String], in folder: URL) throws -> ProcessResult {
        let result = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments,
            environment: isolated)
        #expect(result.status == 0, "git \(arguments): \(result.standardError)")
        return result
    }

    static func appalert(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        try AppAlertProcess.run(arguments, environment: isolated.merging(environment) { $1 })
    }

    /// What `git add -A` would commit.
    static func committable(_ folder: URL) throws -> Set<String> {
        let status = try git(["status", "--porcelain", "--untracked-files=all"], in: folder).standardOutput
        return Set(status.split(separator: "\n").map { String($0.dropFirst(3)) })
    }

    @Test
    func keygenRefusesToWriteAPrivateKeyGitWouldCommitAndSaysHowToFixIt() throws {
        let directory = try TemporaryDirectory()
        let repository = directory.url.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Self.git(["init", "-q"], in: repository)
        let keys = repository.appendingPathComponent("keys")
        let refused = try Self.appalert(["keygen", "--out", keys.path])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "\(keys.path)/appalert.key would be inside the git repository \(repository.path), and git does not "
                    + "ignore it: the next git add -A would commit the private key. Add appalert.key to "
                    + "\(repository.path)/.gitignore, or write the keys outside the repository (--out ~/.appalert); "
                    + "--force writes it anyway"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: keys.path))

        // The fix it names works: ignored, the key is written, and only the public key can be committed.
        try Data("appalert.key\n".utf8).write(to: repository.appendingPathComponent(".gitignore"))
        let written = try Self.appalert(["keygen", "--out", keys.path])
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardError.isEmpty)
        #expect(try Self.committable(repository) == [".gitignore", "keys/appalert.pub"])
    }

    @Test
    func forceWritesTheKeyAnywayWithAWarning() throws {
        let directory = try TemporaryDirectory()
        try Self.git(["init", "-q"], in: directory.url)
        let keys = directory.url.appendingPathComponent("secrets")
        let forced = try Self.appalert(["keygen", "--out", keys.path, "--force"])
        #expect(forced.status == 0)
        #expect(forced.standardError.contains("appalert: warning: \(keys.path)/appalert.key is in the git repository"))
        #expect(FileManager.default.fileExists(atPath: keys.appendingPathComponent("appalert.key").path))
    }

    @Test
    func withoutGitKeygenWritesTheKeyAndSaysWhatItCouldNotCheck() throws {
        let directory = try TemporaryDirectory()
        // No git on the PATH: an empty folder is the whole PATH.
        let empty = directory.url.appendingPathComponent("bin")
        let repository = directory.url.appendingPathComponent("repo")
        let plain = directory.url.appendingPathComponent("plain")
        for folder in [empty, repository.appendingPathComponent(".git"), plain] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let inRepository = try Self.appalert(
            ["keygen", "--out", repository.appendingPathComponent("keys").path], environment: ["PATH": empty.path])
        #expect(inRepository.status == 0)
        #expect(
            inRepository.standardError.contains(
                "is inside the repository \(repository.path), and git is not installed to check that it is ignored: "
                    + "make sure .gitignore lists appalert.key"), "\(inRepository.standardError)")
        let outside = try Self.appalert(
            ["keygen", "--out", plain.appendingPathComponent("keys").path], environment: ["PATH": empty.path])
        #expect(outside.status == 0)
        #expect(outside.standardError.isEmpty)
    }

    @Test
    func aFeedRepositoryFromInitKeepsTheKeyAndThePublishedSiteOutOfItsCommits() throws {
        let directory = try TemporaryDirectory()
        let root = directory.url.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Self.git(["init", "-q"], in: root)
        let initialized = try Self.appalert(["init", root.path, "--bundle-id", "com.example.Notes"])
        #expect(initialized.status == 0, "\(initialized.standardError)")
        #expect(initialized.standardOutput.contains(root.appendingPathComponent(".gitignore").path + "\n"))
        let keys = root.appendingPathComponent("keys")
        #expect(try Self.appalert(["keygen", "--out", keys.path]).status == 0)
        let feed = root.appendingPathComponent("messages.json").path
        let published = try Self.appalert([
            "publish", feed, "--out", root.appendingPathComponent("_site").path, "--key",
            keys.appendingPathComponent("appalert.key").path,
        ])
        #expect(published.status == 0, "\(published.standardError)")
        let committable = try Self.committable(root)
        #expect(committable.contains("keys/appalert.pub"))
        #expect(committable.contains(".gitignore"))
        #expect(!committable.contains { $0.hasSuffix("appalert.key") || $0.hasPrefix("_site") }, "\(committable)")
    }

    @Test
    func anExistingGitignoreGetsOnlyTheLinesItLacks() throws {
        let directory = try TemporaryDirectory()
        let partial = directory.url.appendingPathComponent("partial")
        let complete = directory.url.appendingPathComponent("complete")
        let before = "node_modules\n_site/"
        let whole = "appalert.key\n_site/\n"
        for (folder, text) in [(partial, before), (complete, whole)] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent(".gitignore"))
        }
        let added = try Self.appalert(["init", partial.path, "--bundle-id", "a.b"])
        #expect(added.status == 0)
        #expect(added.standardOutput.contains("\(partial.path)/.gitignore (added appalert.key)\n"))
        #expect(
            try String(contentsOf: partial.appendingPathComponent(".gitignore"), encoding: .utf8)
                == before + "\n# Added by appalert init.\n"
                + "# Private signing keys (appalert keygen): never commit one. appalert.pub is public.\n"
                + "appalert.key\n")
        let untouched = try Self.appalert(["init", complete.path, "--bundle-id", "a.b"])
        #expect(untouched.status == 0)
        #expect(!untouched.standardOutput.contains(".gitignore"))
        #expect(try String(contentsOf: complete.appendingPathComponent(".gitignore"), encoding: .utf8) == whole)
    }

    @Test(
        arguments: [
            ("https://github.com/Octo-Cat/alerts.git", "https://octo-cat.github.io/alerts/"),
            ("git@github.com:Octo-Cat/alerts.git", "https://octo-cat.github.io/alerts/"),
            ("ssh://git@github.com/Octo-Cat/alerts", "https://octo-cat.github.io/alerts/"),
            ("https://github.com/octo-cat/octo-cat.github.io", "https://octo-cat.github.io/"),
            ("https://gitlab.com/octo/alerts.git", nil),
            ("", nil),
        ] as [(String, String?)])
    func initFillsThePagesAddressFromAGitHubOriginAndNamesEveryPlaceholderLeft(origin: String, pages: String?) throws {
        let directory = try TemporaryDirectory()
        let root = directory.url
        try Self.git(["init", "-q"], in: root)
        if !origin.isEmpty { try Self.git(["remote", "add", "origin", origin], in: root) }
        let result = try Self.appalert(["init", root.path, "--bundle-id", "com.example.Notes"])
        #expect(result.status == 0, "\(result.standardError)")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        if let pages {
            #expect(readme.contains("`\(pages)apps/com.example.Notes.json`"), "\(origin)")
            #expect(readme.contains("`\(pages)images/NAME`"), "\(origin)")
            #expect(!readme.contains("USER.github.io") && !result.standardError.contains("USER.github.io"))
        } else {
            #expect(readme.contains("`https://USER.github.io/REPOSITORY/apps/com.example.Notes.json`"))
        }
        // Each "to set" names lines that hold the placeholder, and every placeholder left is named.
        var named: [String: Set<Int>] = [:]
        for line in result.standardError.split(separator: "\n") where line.hasPrefix("to set: ") {
            let rest = line.dropFirst("to set: \(root.path)/".count)
            let file = String(rest.prefix { $0 != " " })
            let numbers = rest.dropFirst(file.count).drop { !$0.isNumber }.prefix { $0 != ":" }
            named[file, default: []].formUnion(
                numbers.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) })
        }
        for file in [".github/workflows/appalert.yml", "README.md"] {
            let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let holding = Set(
                lines.indices.filter { lines[$0].contains("OWNER/AppAlert") || lines[$0].contains("USER.github.io") }
                    .map { $0 + 1 })
            #expect(!holding.isEmpty)
            #expect(named[file] == holding, "\(origin) \(file): \(result.standardError)")
        }
    }

    @Test
    func givenItsRepositoryInitLeavesNoAppAlertPlaceholder() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.appalert([
            "init", directory.url.path, "--bundle-id", "a.b", "--appalert-repository",
            "https://github.com/acme/AppAlert",
        ])
        #expect(result.status == 0)
        #expect(!result.standardError.contains("OWNER"))
        let readme = try String(contentsOf: directory.url.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("[AppAlert](https://github.com/acme/AppAlert)"))
    }

    /// GitHub runs only a repository's root workflows: `init` in a folder of a repository says so.
    @Test
    func initInsideARepositorysFolderSaysTheWorkflowMustBeAtItsRoot() throws {
        let directory = try TemporaryDirectory()
        try Self.git(["init", "-q"], in: directory.url)
        let folder = directory.url.appendingPathComponent("my-feed")
        let inFolder = try Self.appalert(["init", folder.path, "--bundle-id", "com.example.Notes"])
        #expect(inFolder.status == 0, "\(inFolder.standardError)")
        #expect(
            inFolder.standardError.contains(
                "appalert: warning: \(folder.path) is inside the git repository at "),
            "\(inFolder.standardError)")
        #expect(inFolder.standardError.contains("run appalert init at the repository's root"))
        // At the root: no such warning.
        let atRoot = try TemporaryDirectory()
        try Self.git(["init", "-q"], in: atRoot.url)
        let root = try Self.appalert(["init", atRoot.url.path, "--bundle-id", "com.example.Notes"])
        #expect(root.status == 0, "\(root.standardError)")
        #expect(!root.standardError.contains("is inside the git repository"), "\(root.standardError)")
    }

    /// Issue 42, 5: a repository's configuration runs nothing when `serve --dev`'s console asks git for
    /// the feed's history (`log -p`) and its committed version (`show`): not a `textconv` filter (the
    /// issue's reproduction), a file-system monitor, an external diff or a pager.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func theConsoleRunsNothingTheRepositoryConfigures() async throws {
        let directory = try TemporaryDirectory()
        let root = directory.url.appendingPathComponent("feed")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let witness = directory.url.appendingPathComponent("ran.txt")
        try Self.git(["init", "-q"], in: root)
        let feed = root.appendingPathComponent("messages.json")
        try FileManager.default.copyItem(at: ConsoleCommandTests.example, to: feed)
        try Data("*.json diff=conv\n".utf8).write(to: root.appendingPathComponent(".gitattributes"))
        try Self.git(["add", "-A"], in: root)
        try Self.git(["commit", "-qm", "feed"], in: root)
        for (key, what) in [
            ("diff.conv.textconv", "textconv"), ("core.fsmonitor", "fsmonitor"), ("diff.external", "external diff"),
            ("diff.conv.command", "diff command"), ("core.pager", "pager"),
        ] {
            try Self.git(["config", key, #"sh -c 'echo "\#(what)" >>\#(witness.path); cat "$0"'"#], in: root)
        }
        let environment = ProcessInfo.processInfo.environment.merging(Self.isolated) { $1 }
        let server = try ServeProcess([feed.path, "--dev"], environment: environment)
        defer { server.stop() }
        // The history of ids (git log -p) and the version a draft is compared with (git show).
        let (status, _, body) = try server.send("GET", "/api/feeds/messages.json")
        #expect(status == 200)
        let read = String(decoding: body, as: UTF8.self)
        #expect(read.contains(#""highestId":6"#), "\(read.suffix(300))")
        let message = #"{"id": 1, "bundleId": "*", "title": "Hello", "text": "There."}"#
        let (checked, _, checkBody) = try server.send(
            "POST", "/api/feeds/messages.json/check", body: Data(#"{"message": \#(message), "replacing": 1}"#.utf8))
        #expect(checked == 200)
        #expect(String(decoding: checkBody, as: UTF8.self).contains(#""against":"git HEAD""#))
        let ran = (try? String(contentsOf: witness, encoding: .utf8)) ?? ""
        #expect(ran.isEmpty, "git ran what the repository configures: \(ran)")
    }
}
