@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
import Foundation
import Synchronization
import TestSupport
import Testing

let checkFeed = Data(
    """
    [{"id": 1, "bundleId": "com.example.Tool", "title": "Hello", "text": "First message"},
     {"id": 2, "bundleId": "com.example.Tool", "title": "Newer", "text": "Second message", "priority": 1}]
    """.utf8)

/// A server that answers the feed with an ETag and 304 when it matches.
func makeFeedServer(_ body: Data = checkFeed) throws -> TestHTTPServer {
    try TestHTTPServer { request in
        if request.headers["if-none-match"] == "\"v1\"" { return .response(status: 304, headers: ["ETag": "\"v1\""]) }
        return .response(status: 200, headers: ["ETag": "\"v1\"", "Content-Type": "application/json"], body: body)
    }
}

func check(_ feed: String, stateDirectory: URL, _ extra: [String] = []) throws -> (AppAlertProcess.Result, JSONObject?)
{
    let result = try AppAlertProcess.run(
        [
            "check", feed, "--bundle-id", "com.example.Tool", "--app-version", "1.0", "--state-dir",
            stateDirectory.path, "--json",
        ]
            + extra)
    return (result, try? parseJSON(result.standardOutput))
}

@Suite(.serialized)
struct CheckCommandTests {
    @Test
    func eachMessageIsShownOnceAndAnUnchangedFeedIsRevalidated() throws {
        let server = try makeFeedServer()
        let state = try TemporaryDirectory()
        let (first, firstJSON) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(first.status == 0)
        #expect(firstJSON?["shown"] == .integer(2))
        #expect(firstJSON?["source"] == .string("network"))
        #expect(firstJSON?["error"] == .null)
        #expect(firstJSON?.keys == ["shown", "message", "source", "error", "errorKind", "image", "deferred"])
        let (_, secondJSON) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(secondJSON?["shown"] == .integer(1))
        #expect(secondJSON?["source"] == .string("notModified"))
        let (_, thirdJSON) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(thirdJSON?["shown"] == .null)
        #expect(thirdJSON?["message"] == .null)
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\"", "\"v1\""])
        // The tool says who is asking, with its version (URLSession's default says "unknown version").
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == "appalert/\(AppAlertCommand.version)" })
    }

    @Test
    func aMessageWaitsForItsImageAndIsNotCountedUntilItIsShown() throws {
        let png = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Tests/AppAlertTests/Fixtures/images/valid.png"))
        let imageReady = Mutex(false)
        // The feed names the server's own port: it is served once the port is known.
        let server = try TestHTTPServer { _ in .response(status: 503) }
        defer { server.stop() }
        let port = server.port
        let feed = Data(
            #"[{"id": 3, "bundleId": "com.example.Tool", "title": "T", "text": "X", "layout": "modal", "image": {"url": "http://127.0.0.1:\#(port)/banner.png", "alt": "A banner"}}]"#
                .utf8)
        server.respond { request in
            if request.path == "/banner.png" {
                return imageReady.withLock { $0 }
                    ? .response(status: 200, headers: ["ETag": "\"i1\""], body: png) : .response(status: 503)
            }
            return .response(status: 200, body: feed)
        }
        let state = try TemporaryDirectory()
        let (first, deferred) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(first.status == 0)
        #expect(deferred?["shown"] == .null)
        #expect(deferred?["deferred"] == 3)
        guard case .object(let failed)? = deferred?["image"] else {
            Issue.record("no image: \(first.standardOutput)")
            return
        }
        #expect(failed["status"] == "failed")
        #expect(failed["bytes"] == .null)
        #expect(failed["error"]?.stringValue?.contains("503") == true)

        imageReady.withLock { $0 = true }
        let (_, shown) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(shown?["shown"] == 3)
        #expect(shown?["deferred"] == .null)
        #expect(
            shown?["image"]
                == [
                    "url": .string("http://127.0.0.1:\(port)/banner.png"), "status": "downloaded",
                    "bytes": .integer(
                        Int64(png.count)), "width": 40, "height": 30, "format": "png", "error": nil,
                ])
        let stored = try FileManager.default.contentsOfDirectory(
            atPath: state.url.appendingPathComponent("images").path)
        #expect(stored.contains("images.json"))
        // Shown once: the next check has nothing, and asks for no image.
        let (_, after) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(after?["shown"] == .null)
        #expect(after?["image"] == .null)
    }

    @Test
    func aNetworkFailureIsReportedAndTheLastGoodFeedIsUsed() throws {
        let server = try makeFeedServer()
        let state = try TemporaryDirectory()
        _ = try check(server.url("/feed.json"), stateDirectory: state.url)
        server.respond { _ in .response(status: 500) }
        let (result, json) = try check(server.url("/feed.json"), stateDirectory: state.url)
        #expect(result.status == 0)
        #expect(json?["source"] == .string("cache"))
        #expect(json?["shown"] == .integer(1))
        #expect(json?["error"] == .string("the server answered 500"))
        #expect(result.standardError.contains("the server answered 500; used the last good copy"))
    }

    @Test
    func aRefusedConnectionWithNothingCachedExitsZero() throws {
        let port = try TestHTTPServer.closedPort()
        let state = try TemporaryDirectory()
        let (result, json) = try check("http://127.0.0.1:\(port)/feed.json", stateDirectory: state.url)
        #expect(result.status == 0)
        #expect(json?["source"] == .string("none"))
        #expect(json?["shown"] == .null)
        if case .string(let error)? = json?["error"] { #expect(!error.isEmpty) } else { Issue.record("no error") }
    }

    @Test
    func theMinimumIntervalSkipsTheNetwork() throws {
        let server = try makeFeedServer()
        let state = try TemporaryDirectory()
        _ = try check(server.url("/feed.json"), stateDirectory: state.url, ["--min-interval", "3600"])
        let (_, json) = try check(server.url("/feed.json"), stateDirectory: state.url, ["--min-interval", "3600"])
        #expect(json?["source"] == .string("cache"))
        #expect(json?["shown"] == .integer(1))
        #expect(server.requests.count == 1)
    }

    @Test
    func processesSharingAStateDirectoryShowAMessageExactlyOnce() throws {
        let single = Data(
            "[{\"id\": 7, \"bundleId\": \"com.example.Tool\", \"title\": \"Once\", \"text\": \"Only once\"}]".utf8)
        let server = try makeFeedServer(single)
        let state = try TemporaryDirectory()
        let arguments = [
            "check", server.url("/feed.json"), "--bundle-id", "com.example.Tool", "--app-version", "1.0", "--state-dir",
            state.url.path, "--json",
        ]
        let processes = (0..<8).map { _ in
            let process = Process()
            process.executableURL = AppAlertProcess.executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            return (process, output)
        }
        for (process, _) in processes { try process.run() }
        var shown: [JSONValue?] = []
        for (process, output) in processes {
            let data = try output.fileHandleForReading.bytesToEnd()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            shown.append(try parseJSON(String(decoding: data, as: UTF8.self))["shown"])
        }
        #expect(shown.filter { $0 == .integer(7) }.count == 1, "\(shown)")
        #expect(shown.filter { $0 == .null }.count == 7)
        let stateFile = try JSONParser().parse(try Data(contentsOf: state.url.appendingPathComponent("state.json")))
        guard case .object(let object) = stateFile, case .object(let history)? = object["history"],
            case .object(let records)? = history["records"], case .object(let record)? = records["7"]
        else {
            Issue.record("unexpected state file \(stateFile)")
            return
        }
        #expect(record["count"] == .integer(1))
    }

    @Test
    func textOutputPrintsTheNotice() throws {
        let server = try makeFeedServer()
        let state = try TemporaryDirectory()
        let result = try AppAlertProcess.run([
            "check", server.url("/feed.json"), "--bundle-id", "com.example.Tool", "--app-version", "1.0", "--state-dir",
            state.url.path,
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("│ Newer"))
        #expect(result.standardOutput.contains("│ Second message"))
        #expect(result.standardOutput.hasPrefix("╭"))
    }

    @Test(
        arguments: [
            (["--state-dir", "/proc/forbidden/x"], 2, "appalert: state:"),
            (["--timeout", "0"], 2, "--timeout: must be a positive number"),
            (["--min-interval=-1"], 2, "--min-interval: must be zero or a positive number"),
            (["--app-version", "1..0"], 2, "--app-version: invalid version"),
        ] as [([String], Int32, String)])
    func unusableOptionsExitTwo(extra: [String], status: Int32, message: String) throws {
        let server = try makeFeedServer()
        let state = try TemporaryDirectory()
        var arguments = ["check", server.url("/feed.json"), "--bundle-id", "com.example.Tool", "--app-version", "1.0"]
        if !extra.contains("--state-dir") { arguments += ["--state-dir", state.url.path] }
        let result = try AppAlertProcess.run(arguments + extra)
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
