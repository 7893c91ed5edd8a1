@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
import Foundation
import TestSupport
import Testing

/// `appalert init`: what it writes, that it never overwrites, and the workflow's appalert steps run
/// here as GitHub would run them.
struct InitCommandTests {
    static let bundleID = "com.example.Notes"
    /// The files that stop init when one exists (.gitignore is added to instead).
    static let files = ["messages.json", "schema/feed.schema.json", ".github/workflows/appalert.yml", "README.md"]

    static func initialize(_ directory: borrowing TemporaryDirectory) throws -> URL {
        let root = directory.url.appendingPathComponent("feed")
        let result = try AppAlertProcess.run(["init", root.path, "--bundle-id", bundleID])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").count == files.count + 1)
        return root
    }

    @Test
    func theNewFeedValidatesCleanlyNamesItsSchemaAndServes() throws {
        let directory = try TemporaryDirectory()
        let root = try Self.initialize(directory)
        let feed = root.appendingPathComponent("messages.json").path
        let validated = try AppAlertProcess.run(["validate", feed])
        #expect(validated.status == 0)
        #expect(validated.standardOutput.contains("1 usable; 0 errors, 0 warnings"), "\(validated.standardOutput)")
        guard case .object(let document) = try JSONParser().parse(try Data(contentsOf: URL(fileURLWithPath: feed)))
        else {
            Issue.record("not an object")
            return
        }
        #expect(document["$schema"] == "schema/feed.schema.json")
        let schema = try String(contentsOf: root.appendingPathComponent("schema/feed.schema.json"), encoding: .utf8)
        #expect(schema == (try AppAlertProcess.run(["schema"])).standardOutput)

        let server = try ServeProcess([feed])
        defer { server.stop() }
        let (status, _, body) = try server.get("/apps/\(Self.bundleID).json")
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"Welcome\""))
    }

    @Test(arguments: files)
    func anExistingFileStopsItBeforeAnythingIsWritten(existing: String) throws {
        let directory = try TemporaryDirectory()
        let root = directory.url.appendingPathComponent("feed")
        let path = root.appendingPathComponent(existing)
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: path)
        let result = try AppAlertProcess.run(["init", root.path, "--bundle-id", Self.bundleID])
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(existing) already exists; nothing written"), "\(result.standardError)")
        #expect(try String(contentsOf: path, encoding: .utf8) == "mine")
        for other in Self.files where other != existing {
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(other).path), "\(other)")
        }
    }

    /// The workflow as data: every step of every job, with its `run` script and `env`.
    struct Step: Decodable {
        var name: String?
        var uses: String?
        var run: String?
        var env: [String: String]?
        var `if`: String?
    }

    struct Job: Decodable {
        var steps: [Step]
    }

    struct Workflow: Decodable {
        var env: [String: String]
        var jobs: [String: Job]
    }

    static func workflow(_ file: URL) throws -> Workflow {
        // PyYAML reads the file (GitHub's YAML 1.1: the key `on` becomes true, and `false` a boolean,
        // hence default=str and the values made strings).
        let script = """
            import json, sys, yaml
            doc = yaml.safe_load(open(sys.argv[1]))
            env = {k: (str(v).lower() if isinstance(v, bool) else str(v)) for k, v in doc.get('env', {}).items()}
            print(json.dumps({'env': env, 'jobs': doc['jobs']}, default=str))
            """
        let parsed = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        #expect(parsed.status == 0, "\(parsed.standardError)")
        return try JSONDecoder().decode(Workflow.self, from: Data(parsed.standardOutput.utf8))
    }

    /// Every `run` step of both jobs, in order, as a runner runs them: appalert is downloaded from a
    /// release folder on a local server (install.sh, the archive, its checksum), installed under HOME
    /// and put on the PATH through GITHUB_PATH (the test's own build is not on it), then validates,
    /// diffs, signs and publishes. The second job finds it in the cache, as actions/cache restores it.
    @Test
    func everyStepOfTheWorkflowRunsWithTheDownloadedAppAlert() throws {
        let directory = try TemporaryDirectory()
        let root = try Self.initialize(directory)
        let workflow = try Self.workflow(root.appendingPathComponent(".github/workflows/appalert.yml"))
        let jobs = workflow.jobs
        #expect(Set(jobs.keys) == ["check", "publish"])
        // Every action pinned to a full commit (a tag can be moved to other code).
        let uses = jobs.values.flatMap(\.steps).compactMap(\.uses)
        let pinned = uses.map { $0.split(separator: "@", maxSplits: 1).map(String.init) }
        #expect(
            Set(pinned.map(\.[0])) == [
                "actions/checkout", "actions/cache", "actions/configure-pages", "actions/upload-pages-artifact",
                "actions/deploy-pages",
            ])
        for pin in pinned {
            #expect(pin.count == 2 && pin[1].count == 40 && pin[1].allSatisfy(\.isHexDigit), "\(pin)")
        }
        #expect(workflow.env["APPALERT_VERSION"] == AppAlertCommand.version)
        #expect(
            workflow.env["APPALERT_DOWNLOADS"]
                == "https://github.com/OWNER/AppAlert/releases/download/v\(AppAlertCommand.version)")
        #expect(workflow.env["APPALERT_FROM_SOURCE"] == "false")

        // The release: this build's appalert in an archive, served with its checksum and install.sh. The
        // archive holds appalert-full (every command) as appalert, as scripts/release makes it.
        let release = directory.url.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try ReleaseArchives.make(
            version: AppAlertCommand.version, binary: AppAlertProcess.binary("appalert-full"), in: release)
        let (server, _) = try ReleaseArchives.serve(release)
        defer { server.stop() }

        // A repository with the feed on main (as origin/main), then a pull request that edits it.
        let git = { (arguments: [String]) throws -> ProcessResult in
            try ProcessResult.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["git", "-C", root.path, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments)
        }
        #expect(try git(["init", "-q", "-b", "main"]).status == 0)
        #expect(try git(["add", "-A"]).status == 0)
        #expect(try git(["commit", "-q", "-m", "feed"]).status == 0)
        #expect(try git(["update-ref", "refs/remotes/origin/main", "HEAD"]).status == 0)
        let feed = root.appendingPathComponent("messages.json")
        let edited = try String(contentsOf: feed, encoding: .utf8).replacingOccurrences(
            of: "\"Welcome\"", with: "\"Welcome back\"")
        try Data(edited.utf8).write(to: feed)

        let keys = directory.url.appendingPathComponent("keys")
        #expect(try AppAlertProcess.run(["keygen", "--out", keys.path]).status == 0)
        let keyText = try String(contentsOf: keys.appendingPathComponent("appalert.key"), encoding: .utf8)
        let runnerTemp = directory.url.appendingPathComponent("runner")
        let home = directory.url.appendingPathComponent("home")
        for folder in [runnerTemp, home] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let summary = runnerTemp.appendingPathComponent("summary.md")
        let githubPath = runnerTemp.appendingPathComponent("path")
        // The system's tools only: no Swift toolchain and not this test's appalert.
        let systemPath = "/usr/local/bin:/usr/bin:/bin"
        var ran: [String] = []
        for (jobName, job) in jobs.sorted(by: { $0.key < $1.key }) {
            try Data().write(to: githubPath)
            for step in job.steps {
                guard let script = step.run else { continue }
                // actions/cache: the first job misses and installs; the second restores ~/.appalert.
                if step.if?.contains("cache-hit") == true, jobName == "publish" { continue }
                // GitHub expressions reach a script only through env (never inside `run:`).
                #expect(!script.contains("${{"), "\(step.name ?? "?")")
                let added = try String(contentsOf: githubPath, encoding: .utf8).split(separator: "\n")
                var environment = workflow.env.merging([
                    "PATH": (added.reversed() + [Substring(systemPath)]).joined(separator: ":"), "HOME": home.path,
                    "RUNNER_TEMP": runnerTemp.path, "GITHUB_STEP_SUMMARY": summary.path,
                    "GITHUB_PATH": githubPath.path, "APPALERT_DOWNLOADS": server.url("/download"),
                ]) { _, new in new }
                for (name, value) in step.env ?? [:] {
                    environment[name] =
                        value.contains("secrets.") ? keyText : value == "${{ github.base_ref }}" ? "main" : value
                }
                let result = try ProcessResult.run(
                    URL(fileURLWithPath: "/bin/bash"),
                    ["-e", "-o", "pipefail", "-c", "cd \"$0\" && " + script, root.path],
                    environment: environment)
                #expect(result.status == 0, "\(jobName) / \(step.name ?? "?"): \(result.standardError)")
                ran.append(step.name ?? "?")
            }
        }
        #expect(
            FileManager.default.fileExists(
                atPath: home.appendingPathComponent(".appalert/share/man/man1/appalert.1").path))
        #expect(
            server.requests.map(\.path).sorted()
                == [
                    "/download/\(ReleaseArchives.name(version: AppAlertCommand.version)).tar.gz",
                    "/download/\(ReleaseArchives.name(version: AppAlertCommand.version)).tar.gz.sha256",
                    "/download/install.sh",
                ].sorted())
        #expect(
            ran == [
                "Install appalert", "Put appalert on the PATH", "Validate", "What this pull request changes",
                "Put appalert on the PATH", "Sign", "Publish",
            ])
        let written = try String(contentsOf: summary, encoding: .utf8)
        #expect(written.contains("changed #1 (title)"), "\(written)")
        #expect(written.contains("#1 Welcome (100 %) → #1 Welcome back (100 %)"), "\(written)")
        let site = root.appendingPathComponent("_site")
        let publicKey = keys.appendingPathComponent("appalert.pub").path
        for file in ["messages.json", "apps/\(Self.bundleID).json"] {
            let verified = try AppAlertProcess.run([
                "verify", site.appendingPathComponent(file).path, "--public-key", publicKey,
            ])
            #expect(verified.status == 0, "\(file): \(verified.standardError)")
        }
        #expect(FileManager.default.fileExists(atPath: feed.path + ".sig"))
    }
}
