@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `appalert publish` as a real process, on real folders: what it writes, and (issue 42) that it
/// never deletes or overwrites what it did not write, and never makes the folder disappear.
@Suite(.serialized)
struct PublishCommandTests {
    @Test
    func writesTheFeedAndAViewPerApp() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "messages.json",
            #"[{"id": 1, "bundleId": "com.example.A", "title": "A", "text": "a"}, {"id": 2, "bundleId": "*", "title": "All", "text": "x"}]"#
        )
        let out = directory.url.appendingPathComponent("site")
        let result = try AppAlertProcess.run(["publish", feed, "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            try Data(contentsOf: out.appendingPathComponent("messages.json"))
                == Data(contentsOf: URL(fileURLWithPath: feed)))
        let view = try FeedDecoder().decode(try Data(contentsOf: out.appendingPathComponent("apps/com.example.A.json")))
        #expect(view.feed.messages.map(\.id) == [1, 2])
        #expect(result.standardOutput.split(separator: "\n").count == 2 + Self.webClient.count)
    }

    /// The web client's files as publish records them, sorted.
    static let webClient = [
        "appalert-web-draw.js", "appalert-web-inbox.js", "appalert-web-json.js", "appalert-web-results.js",
        "appalert-web-trust.js", "appalert-web-update.js", "appalert-web-words.js", "appalert-web.js",
    ]

    /// The web client beside the feed, byte for byte the copies the binary embeds, recorded as publish's:
    /// the page's file and the seven it imports when needed.
    @Test
    func writesTheWebClientBesideTheFeedAndRecordsIt() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Self.feed)
        let out = directory.url.appendingPathComponent("site")
        let result = try AppAlertProcess.run(["publish", feed, "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\(out.path)/appalert-web.js\n"))
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/AppAlertServer/WebClient")
        for name in Self.webClient {
            let copy = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(copy == (try Data(contentsOf: folder.appendingPathComponent(name))), "\(name)")
            #expect(try Self.manifest(out).contains(name))
        }
        let written = try Data(contentsOf: out.appendingPathComponent("appalert-web.js"))
        #expect(String(decoding: written.prefix(200), as: UTF8.self).contains("class extends Error"))
        #expect(try Self.manifest(out).contains("appalert-web.js"))
        // A file of that name the author put there is not replaced without --force.
        let own = directory.url.appendingPathComponent("own")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try Data("// mine\n".utf8).write(to: own.appendingPathComponent("appalert-web.js"))
        try Data("x".utf8).write(to: own.appendingPathComponent(".appalert-published"))
        let refused = try AppAlertProcess.run(["publish", feed, "--out", own.path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("already has appalert-web.js, which no earlier publish wrote"))
        #expect(
            FileManager.default.contents(atPath: own.appendingPathComponent("appalert-web.js").path)
                == Data("// mine\n".utf8))
    }

    @Test
    func anInvalidFeedIsRefusedAndTheOldSiteStays() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("messages.json", #"[{"id": 1, "bundleId": "a", "title": "A", "text": "a"}]"#)
        let out = directory.url.appendingPathComponent("site")
        #expect(try AppAlertProcess.run(["publish", good, "--out", out.path]).status == 0)
        let bad = try directory.write("bad.json", #"[{"id": 1, "bundleId": "a", "title": "A"}]"#)
        let result = try AppAlertProcess.run(["publish", bad, "--out", out.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("$[0].text"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("messages.json").path))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("bad.json").path))
        // No temporary files left behind.
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test
    func aNewSiteReplacesTheOldOneWhole() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("one.json", #"[{"id": 1, "bundleId": "old.app", "title": "A", "text": "a"}]"#)
        let out = directory.url.appendingPathComponent("site")
        _ = try AppAlertProcess.run(["publish", first, "--out", out.path])
        let second = try directory.write("two.json", #"[{"id": 1, "bundleId": "new.app", "title": "A", "text": "a"}]"#)
        #expect(try AppAlertProcess.run(["publish", second, "--out", out.path]).status == 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted()
        #expect(
            files == [
                ".appalert-published", "appalert-web-draw.js", "appalert-web-inbox.js", "appalert-web-json.js",
                "appalert-web-results.js", "appalert-web-trust.js", "appalert-web-update.js", "appalert-web-words.js",
                "appalert-web.js", "apps",
                "apps/new.app.json", "two.json",
            ])
    }

    // MARK: What publish may touch (issue 42, 1)

    static let feed = #"[{"id": 1, "bundleId": "com.example.A", "title": "A", "text": "a"}]"#

    /// Every file and folder under `folder`, hidden ones included, with the bytes of each file (nil for
    /// a folder): what "nothing changed" compares.
    static func contents(_ folder: URL) -> [String: Data?] {
        var contents: [String: Data?] = [:]
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let path = walk?.nextObject() as? String {
            let isFolder = walk?.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            contents[path] = isFolder ? .some(nil) : FileManager.default.contents(atPath: folder.path + "/" + path)
        }
        return contents
    }

    static func manifest(_ out: URL) throws -> [String] {
        try String(contentsOf: out.appendingPathComponent(".appalert-published"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    enum Refused: String, CaseIterable, Sendable {
        /// The reproduction: `publish messages.json --out .` at a repository's root.
        case repositoryHoldingTheFeed
        /// `publish src --out src`.
        case feedsFolder
        case folderAboveTheFeeds
        case anotherRepositorysRoot
        /// The feed named through a symbolic link in another folder: its file's own folder is the output.
        case feedsFolderThroughALink
        /// A folder inside a repository's `.git`.
        case insideGitData
    }

    /// `links/messages.json`, a symbolic link to `target`.
    static func link(to target: URL, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("links")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("messages.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        return link
    }

    @Test(arguments: Refused.allCases, [false, true])
    func publishNeverWritesIntoTheFeedsFolderOrARepositorysRootEvenForced(refused: Refused, force: Bool) throws {
        let directory = try TemporaryDirectory()
        let repository = directory.url.appendingPathComponent("repo")
        let source = refused == .repositoryHoldingTheFeed ? repository : repository.appendingPathComponent("src")
        let other = directory.url.appendingPathComponent("other")
        for folder in [repository.appendingPathComponent(".git"), source, other.appendingPathComponent(".git")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("ref: refs/heads/main\n".utf8).write(to: repository.appendingPathComponent(".git/HEAD"))
        try Data(Self.feed.utf8).write(to: source.appendingPathComponent("messages.json"))
        try Data("src\n".utf8).write(to: source.appendingPathComponent("app.swift"))
        try Data("other\n".utf8).write(to: other.appendingPathComponent("README.md"))
        let (feed, out, reason): (URL, URL, String) =
            switch refused {
            case .repositoryHoldingTheFeed:
                (source.appendingPathComponent("messages.json"), repository, "holds the feed")
            case .feedsFolder: (source, source, "holds the feed")
            case .folderAboveTheFeeds: (source, repository, "holds the feed")
            case .anotherRepositorysRoot:
                (
                    source.appendingPathComponent("messages.json"), other,
                    "is the root of a git repository (it holds .git)"
                )
            case .feedsFolderThroughALink:
                (
                    try Self.link(to: source.appendingPathComponent("messages.json"), in: directory.url), source,
                    "holds the feed"
                )
            case .insideGitData:
                (
                    source.appendingPathComponent("messages.json"), repository.appendingPathComponent(".git/site"),
                    "is inside a git repository's own data (.git)"
                )
            }
        let before = Self.contents(directory.url)
        let result = try AppAlertProcess.run(["publish", feed.path, "--out", out.path] + (force ? ["--force"] : []))
        #expect(result.status == 2)
        #expect(result.standardError.contains("appalert: \(out.path): \(reason)"), "\(result.standardError)")
        #expect(result.standardError.contains("nothing was published"))
        #expect(result.standardOutput.isEmpty)
        #expect(Self.contents(directory.url) == before)
    }

    @Test
    func aFolderWithFilesNoPublishWroteIsRefusedAndForcedOnlyTheSitesFilesAreReplaced() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Self.feed)
        // What docs/ holds before Pages serves the feed from it.
        let docs = directory.url.appendingPathComponent("docs")
        try FileManager.default.createDirectory(
            at: docs.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("# Home\n".utf8).write(to: docs.appendingPathComponent("index.md"))
        try Data("# Page\n".utf8).write(to: docs.appendingPathComponent("sub/page.md"))
        try Data("[]".utf8).write(to: docs.appendingPathComponent("messages.json"))
        let before = Self.contents(docs)

        let refused = try AppAlertProcess.run(["publish", feed, "--out", docs.path])
        #expect(refused.status == 2)
        let error = refused.standardError
        #expect(
            error.contains(
                "appalert: \(docs.path): is not empty, and no publish recorded what it wrote there (.appalert-published; "
                    + "a folder an older appalert publish wrote has none): nothing was published. Give --out an empty "
                    + "or new folder, or give --force to write the site into this one, replacing messages.json and "
                    + "leaving "), "\(error)")
        #expect(error.contains("index.md") && error.contains("sub/page.md"), "\(error)")
        #expect(Self.contents(docs) == before)

        let forced = try AppAlertProcess.run(["publish", feed, "--out", docs.path, "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(
            forced.standardError.contains(
                "appalert: warning: --force: replaced messages.json in \(docs.path), which no publish had written"))
        #expect(try Data(contentsOf: docs.appendingPathComponent("index.md")) == Data("# Home\n".utf8))
        #expect(try Data(contentsOf: docs.appendingPathComponent("sub/page.md")) == Data("# Page\n".utf8))
        #expect(try Data(contentsOf: docs.appendingPathComponent("messages.json")) == Data(Self.feed.utf8))
        #expect(try Self.manifest(docs) == Self.webClient + ["apps/com.example.A.json", "messages.json"])
        // Recorded now: the next publish needs no --force, and still leaves the author's files.
        let again = try AppAlertProcess.run(["publish", feed, "--out", docs.path])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.isEmpty)
        #expect(FileManager.default.fileExists(atPath: docs.appendingPathComponent("sub/page.md").path))
    }

    @Test
    func aSiteAnOlderPublishWroteNamesTheFilesForceWouldReplaceAndThoseItWouldLeave() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Self.feed)
        let site = directory.url.appendingPathComponent("site")
        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("apps"), withIntermediateDirectories: true)
        for path in ["messages.json", "apps/com.example.A.json", "apps/gone.app.json"] {
            try Data("[]".utf8).write(to: site.appendingPathComponent(path))
        }
        let refused = try AppAlertProcess.run(["publish", feed, "--out", site.path])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "give --force to write the site into this one, replacing messages.json and apps/com.example.A.json "
                    + "and leaving apps/gone.app.json as it is. Files an earlier publish wrote that the site no longer "
                    + "has are never removed then: delete them yourself"), "\(refused.standardError)")
        let forced = try AppAlertProcess.run(["publish", feed, "--out", site.path, "--force"])
        #expect(forced.status == 0)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("apps/gone.app.json").path))
    }

    @Test
    func aRepublishRemovesOnlyWhatThePreviousPublishWroteAndTheFolderStaysInPlace() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("one.json", #"[{"id": 1, "bundleId": "old.app", "title": "A", "text": "a"}]"#)
        let out = directory.url.appendingPathComponent("site")
        #expect(try AppAlertProcess.run(["publish", first, "--out", out.path]).status == 0)
        #expect(try Self.manifest(out) == Self.webClient + ["apps/old.app.json", "one.json"])
        // The author's own files beside the site, and a record tampered with to name files elsewhere.
        try Data("feeds.example.com\n".utf8).write(to: out.appendingPathComponent("CNAME"))
        try Data("notes\n".utf8).write(to: out.appendingPathComponent("apps/notes.txt"))
        let victim = try directory.write("victim.txt", "keep me")
        let record = out.appendingPathComponent(".appalert-published")
        let tampered = try String(contentsOf: record, encoding: .utf8) + "../victim.txt\n\(victim)\napps/../CNAME\n"
        try Data(tampered.utf8).write(to: record)
        var before = stat()
        #expect(stat(out.path, &before) == 0)

        let second = try directory.write("two.json", #"[{"id": 1, "bundleId": "new.app", "title": "A", "text": "a"}]"#)
        let result = try AppAlertProcess.run(["publish", second, "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("appalert: removed \(out.path)/one.json: the previous publish wrote it"))
        let files = try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted()
        #expect(
            files == [
                ".appalert-published", "CNAME", "appalert-web-draw.js", "appalert-web-inbox.js", "appalert-web-json.js",
                "appalert-web-results.js", "appalert-web-trust.js", "appalert-web-update.js", "appalert-web-words.js",
                "appalert-web.js", "apps", "apps/new.app.json", "apps/notes.txt", "two.json",
            ])
        #expect(try Self.manifest(out) == Self.webClient + ["apps/new.app.json", "two.json"])
        #expect(FileManager.default.contents(atPath: victim) == Data("keep me".utf8))
        // The same folder, never moved aside or replaced.
        var after = stat()
        #expect(stat(out.path, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_dev == before.st_dev)
    }

    @Test
    func aFileNoPublishWroteAtAPathOfTheSiteIsReplacedOnlyWithForce() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("one.json", Self.feed)
        let out = directory.url.appendingPathComponent("site")
        #expect(try AppAlertProcess.run(["publish", first, "--out", out.path]).status == 0)
        try Data("mine".utf8).write(to: out.appendingPathComponent("two.json"))
        let second = try directory.write("two.json", Self.feed)
        let refused = try AppAlertProcess.run(["publish", second, "--out", out.path])
        #expect(refused.status == 2)
        #expect(
            refused.standardError.contains(
                "appalert: \(out.path): already has two.json, which no earlier publish wrote (they are not in "
                    + ".appalert-published): nothing was published. Move them away, or give --force"),
            "\(refused.standardError)")
        #expect(FileManager.default.contents(atPath: out.appendingPathComponent("two.json").path) == Data("mine".utf8))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("one.json").path))
        #expect(try AppAlertProcess.run(["publish", second, "--out", out.path, "--force"]).status == 0)
        #expect(try Data(contentsOf: out.appendingPathComponent("two.json")) == Data(Self.feed.utf8))
    }

    @Test(arguments: [false, true])
    func publishNeverWritesThroughASymbolicLink(force: Bool) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Self.feed)
        let out = directory.url.appendingPathComponent("site")
        let elsewhere = directory.url.appendingPathComponent("elsewhere")
        for folder in [out, elsewhere] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("apps").path, withDestinationPath: elsewhere.path)
        let result = try AppAlertProcess.run(["publish", feed, "--out", out.path] + (force ? ["--force"] : []))
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("appalert: \(out.path): apps is a symbolic link"), "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
}
