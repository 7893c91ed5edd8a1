@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

@testable import AppAlertCommands
@testable import AppAlertServerCommands

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `appalert serve --dev`'s console as a real process over the repository's example feed in a git work
/// tree: what a save leaves in the file (and in `git diff`), and what survives the server being killed.
@Suite(.serialized)
struct ConsoleCommandTests {
    static let example = examplesDirectory.appendingPathComponent("messages.json")

    /// A copy of the example feed, committed in a fresh git repository.
    static func committedExample() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-console-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("messages.json")
        try FileManager.default.copyItem(at: example, to: file)
        for arguments in [
            ["init", "-q"], ["add", "messages.json"],
            ["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "feed"],
        ] {
            let result = try AppAlertProcess.run(["-C", folder.path] + arguments, executable: git)
            try #require(result.status == 0, "git \(arguments): \(result.standardError)")
        }
        return file
    }

    static let git = URL(fileURLWithPath: "/usr/bin/git")

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func editingOneTextOfTheExampleChangesOnlyThatTextInGitAndSurvivesSIGKILL() throws {
        let file = try Self.committedExample()
        let server = try ServeProcess([file.path, "--dev"])
        defer { server.stop() }
        let (status, headers, body) = try server.send("GET", "/api/feeds/messages.json")
        #expect(status == 200)
        let etag = try #require(headers["etag"])
        guard case .object(let answer) = try JSONParser().parse(body), case .object(let document)? = answer["feed"],
            case .array(let messages)? = document["messages"], case .object(var third) = messages[2]
        else {
            Issue.record("unexpected answer")
            return
        }
        let newText = "Sync is paused for maintenance on Sunday from 03:00 to 05:00 UTC."
        third.set("text", .string(newText))
        let message = Data(JSONValue.object(third).serialized().utf8)

        // Before saving: what the edit changes, against the committed file.
        // With the install the page describes: evaluate --explain's answer for the draft.
        let install =
            #"{"bundleId": "com.createchsol.AppAlertExample", "appVersion": "1.0", "osVersion": "17.2", "platform": "ios", "locale": "en"}"#
        let (checkStatus, _, checkBody) = try server.send(
            "POST", "/api/feeds/messages.json/check",
            body: Data(
                #"{"message": \#(JSONValue.object(third).serialized()), "replacing": 3, "install": \#(install)}"#.utf8))
        #expect(checkStatus == 200)
        let check = String(decoding: checkBody, as: UTF8.self)
        #expect(check.contains("#3"), "\(check.prefix(400))")
        #expect(check.contains(#""changesWhatInstallsSee":true"#))
        #expect(check.contains(#""against":"git HEAD""#))
        // Which installs see it first, per app it names, as appalert audience lists them.
        guard case .object(let checkedAnswer) = try JSONParser().parse(checkBody),
            case .object(let audience)? = checkedAnswer["audience"], case .array(let apps)? = audience["apps"],
            case .object(let first)? = apps.first
        else {
            Issue.record("no audience in \(check.prefix(400))")
            return
        }
        #expect(first["app"] == "com.createchsol.AppAlertExample")
        #expect(
            (first["seeing"]?.integerValue ?? 0) > 0
                && (first["kinds"]?.integerValue ?? 0) >= (first["seeing"]?.integerValue ?? 0))
        #expect(first["table"]?.stringValue?.contains("#3") == true)
        let evaluated = try AppAlertProcess.run(
            [
                "evaluate", "-", "--bundle-id", "com.createchsol.AppAlertExample", "--app-version", "1.0",
                "--os-version", "17.2", "--platform", "ios", "--locale", "en", "--json", "--explain",
            ], standardInput: try Data(contentsOf: file))
        guard case .object(let checked) = try JSONParser().parse(checkBody), let explain = checked["explain"] else {
            Issue.record("no explain in \(check.prefix(400))")
            return
        }
        // The draft differs from the file only in a text: the same decision, the same exclusions.
        guard case .object(let fromDraft) = explain,
            case .object(let fromFile) = try JSONParser().parse(evaluated.standardOutput)
        else {
            Issue.record("explain is not an object: \(explain.serialized())")
            return
        }
        #expect(fromDraft["selected"] == fromFile["selected"] && fromDraft["selected"] != nil)
        #expect(fromDraft["evaluations"] == fromFile["evaluations"] && fromDraft["evaluations"] != nil)

        let (saved, savedHeaders, savedBody) = try server.send(
            "PUT", "/api/feeds/messages.json/messages/3", body: message, headers: ["If-Match": etag])
        #expect(saved == 200, "\(String(decoding: savedBody, as: UTF8.self))")
        #expect(savedHeaders["etag"] != etag)
        // A 200 is a promise: the edit is on disk even when the server dies at once.
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()

        let numstat = try AppAlertProcess.run(
            ["-C", file.deletingLastPathComponent().path, "diff", "--numstat"], executable: Self.git)
        #expect(numstat.standardOutput == "1\t1\tmessages.json\n")
        let diff = try AppAlertProcess.run(
            ["-C", file.deletingLastPathComponent().path, "diff", "-U0"], executable: Self.git
        ).standardOutput.components(separatedBy: "\n")
        let removed = diff.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }
        let added = diff.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
        #expect(removed == [#"-      "text": "Sync is paused for maintenance on Sunday from 02:00 to 04:00 UTC.","#])
        #expect(added == [#"+      "text": "\#(newText)","#])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test(arguments: [
        (["--host", "0.0.0.0"], false), (["--host", "0.0.0.0", "--allow-remote-edits"], true), ([], true),
    ])
    func theConsoleSavesOnlyOnLoopbackUnlessRemoteEditsAreAllowed(case: ([String], Bool)) throws {
        let (arguments, editing) = `case`
        let file = try Self.committedExample()
        let server = try ServeProcess([file.path, "--dev"] + arguments)
        defer { server.stop() }
        let (status, _, body) = try server.send("GET", "/api/feeds")
        #expect(status == 200)
        let text = String(decoding: body, as: UTF8.self)
        #expect(text.contains(#""editing":\#(editing)"#), "\(text)")
        if !editing { #expect(text.contains("--allow-remote-edits")) }
    }

    @Test
    func aFeedWithAnErrorStartsTheConsoleServingNothingUntilItIsMendedThere() throws {
        let file = try Self.committedExample()
        let broken = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: #""title": "Sync paused on Sunday","#,
            with: #""title": "Sync paused on Sunday", "colors": {"background": "blue"},"#)
        try Data(broken.utf8).write(to: file)
        let server = try ServeProcess([file.path, "--dev", "--results", "/nonexistent/results.sqlite"])
        defer { server.stop() }
        #expect(server.waitForLog("messages.json is not served until it is mended"))
        #expect(server.waitForLog("warning: --results:"))
        #expect(try server.get("/messages.json").0 == 404)
        let (status, headers, body) = try server.send("GET", "/api/feeds/messages.json")
        #expect(status == 200)
        guard case .object(let answer) = try JSONParser().parse(body), case .array(let lines)? = answer["messages"],
            case .object(let document)? = answer["feed"], case .array(let messages)? = document["messages"],
            case .object(let third) = messages[2]
        else {
            Issue.record("unexpected answer")
            return
        }
        #expect(lines[2].serialized().contains(#""state":"errors""#))
        #expect(lines[0].serialized().contains(#""state":"live""#))
        let mended = JSONObject(third.members.filter { $0.key != "colors" })
        let (saved, _, savedBody) = try server.send(
            "PUT", "/api/feeds/messages.json/messages/3", body: Data(JSONValue.object(mended).serialized().utf8),
            headers: ["If-Match": try #require(headers["etag"])])
        #expect(saved == 200, "\(String(decoding: savedBody, as: UTF8.self))")
        #expect(try server.get("/messages.json").0 == 200)
        #expect(try Data(contentsOf: file) == Data(contentsOf: Self.example))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
    func anIdDeletedAndCommittedLongAgoIsStillTheHighestEverUsed() throws {
        let file = try Self.committedExample()
        let folder = file.deletingLastPathComponent().path
        let first = try ServeProcess([file.path, "--dev"])
        let etag = try #require(try first.send("GET", "/api/feeds/messages.json").1["etag"])
        let deleted = try first.send("DELETE", "/api/feeds/messages.json/messages/6", headers: ["If-Match": etag])
        #expect(deleted.0 == 200)
        first.stop()
        let commit = try AppAlertProcess.run(
            ["-C", folder, "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-qam", "delete #6"],
            executable: Self.git)
        #expect(commit.status == 0, "\(commit.standardError)")
        // A new server: neither the file, nor HEAD, nor what it started with has #6; the history has.
        let second = try ServeProcess([file.path, "--dev"])
        defer { second.stop() }
        let body = String(decoding: try second.send("GET", "/api/feeds/messages.json").2, as: UTF8.self)
        #expect(body.contains(#""highestId":6"#), "\(body.suffix(300))")
        #expect(!body.contains(#""id":6,"#))
    }

    @Test(arguments: [
        ("-    \"id\": 12,\n+    \"id\": 3,\n", 12),
        ("+{\"id\":7, \"title\": \"x\"}\n-  \"id\" : 40 ,\n", 40),
        ("+  \"title\": \"no ids here\"\n", nil),
        ("+  \"id\": \"7\",\n+  \"idle\": 99\n", nil),
    ])
    func theHighestIdOfAPatchIsReadFromEveryIdOnItsLines(patch: String, highest: Int?) {
        #expect(CommittedIDs.highestID(inPatch: Data(patch.utf8)) == highest)
    }

    @Test
    func inADirectoryAFeedThatCannotBeServedLeavesTheOthersServed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-console-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.example, to: folder.appendingPathComponent("good.json"))
        try Data(#"{"format": 2, "messages": ["#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let server = try ServeProcess([folder.path, "--dev"])
        defer { server.stop() }
        #expect(server.waitForLog("broken.json is not served until it is mended"))
        #expect(try server.get("/good.json").0 == 200)
        #expect(try server.get("/broken.json").0 == 404)
        let preview = String(decoding: try server.get("/").2, as: UTF8.self)
        #expect(preview.contains("broken.json is not served"))
        let list = String(decoding: try server.send("GET", "/api/feeds").2, as: UTF8.self)
        #expect(list.contains(#""name":"broken.json""#) && list.contains(#""name":"good.json""#))
    }

    @Test(arguments: [["--allow-remote-edits"], ["--results", "results.sqlite"]])
    func theConsoleFlagsNeedDev(arguments: [String]) throws {
        let result = try AppAlertProcess.run(["serve", Self.example.path, "--port", "0"] + arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains("add --dev"))
    }
}
