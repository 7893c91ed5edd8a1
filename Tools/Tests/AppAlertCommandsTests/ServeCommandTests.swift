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

let chromiumExecutable: URL? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// `appalert serve` running as a real process on a free port.
final class ServeProcess {
    let process = Process()
    let port: Int
    private let output = Pipe()
    private let errors = Pipe()
    private let log = LogBuffer()

    /// `appalert serve ARGUMENTS --port 0`, by `executable` (this build's, or a release archive's) with
    /// `environment` (the test's own when `nil`; `[:]` is `env -i`'s empty one).
    init(
        _ arguments: [String], executable: URL = AppAlertProcess.executable, environment: [String: String]? = nil
    ) throws {
        process.executableURL = executable
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorOutput = errors.fileHandleForReading
        let log = log
        Thread.detachNewThread {
            while true {
                let chunk = (try? errorOutput.availableBytes()) ?? Data()
                if chunk.isEmpty { return }
                log.append(String(decoding: chunk, as: UTF8.self))
            }
        }
        // The first line names the port.
        var buffer = Data()
        let handle = output.fileHandleForReading
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = try handle.availableBytes()
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self)
        guard let range = line.range(of: #"(127\.0\.0\.1|0\.0\.0\.0):(\d+)"#, options: .regularExpression),
            let port = Int(line[range].split(separator: ":").last ?? "")
        else {
            // Not initialized, so never deinitialized: stop the process here, or it outlives the tests.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    /// Waits until the server has logged `text` `count` times in all; false if it has not within a
    /// minute (a guard against a hang, not a timing: the event normally comes within a second).
    func waitForLog(_ text: String, count: Int = 1) -> Bool {
        log.wait(for: text, count: count, until: Date().addingTimeInterval(60))
    }

    func get(_ path: String, headers: [String: String] = [:]) throws -> (Int, [String: String], Data) {
        try send("GET", path, headers: headers)
    }

    /// A request as the console page sends it: the server's own Origin on writes.
    func send(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) throws
        -> (Int, [String: String], Data)
    {
        var fields: [String: String] = [:]
        if method != "GET" { fields["Origin"] = "http://127.0.0.1:\(port)" }
        if body != nil { fields["Content-Type"] = "application/json" }
        fields.merge(headers) { _, given in given }
        let answer = try RawHTTPClient.blockingRequest(
            port: port, method: method, path: path, headers: fields, body: body ?? Data())
        return (answer.status, answer.headers, answer.data)
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

/// What a process has written so far, and a condition signalled on each new part.
final class LogBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var text = ""

    func append(_ part: String) {
        condition.lock()
        text += part
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `needle` has been written `count` times; false at `deadline`.
    func wait(for needle: String, count: Int, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while text.components(separatedBy: needle).count - 1 < count {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

@Suite(.serialized)
struct ServeCommandTests {
    let feed = #"[{"id": 1, "bundleId": "com.example.A", "title": "First", "text": "one"}]"#

    @Test
    func servesReloadsAValidEditKeepsTheLastGoodOnAnInvalidOneAndStopsOnSIGTERM() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", feed)
        let server = try ServeProcess([file])
        let (status, headers, body) = try server.get("/messages.json")
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == feed)
        let etag = try #require(headers["etag"])
        #expect(try server.get("/apps/com.example.A.json").0 == 200)

        // An invalid edit: the server says it did not serve it, and the good version stays.
        try Data(#"[{"id": 1, "bundleId": "com.example.A", "title": "Broken"}]"#.utf8).write(
            to: URL(fileURLWithPath: file), options: .atomic)
        #expect(server.waitForLog("invalid edit not served"))
        #expect(try server.get("/messages.json", headers: ["If-None-Match": etag]).0 == 304)

        // A valid edit: served once the server says it reloaded, with a new ETag.
        let edited = #"[{"id": 2, "bundleId": "com.example.B", "title": "Second", "text": "two"}]"#
        try Data(edited.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        #expect(server.waitForLog("reloaded:"))
        let served = String(decoding: try server.get("/messages.json").2, as: UTF8.self)
        #expect(served == edited)
        #expect(try server.get("/messages.json").1["etag"] != etag)
        #expect(try server.get("/apps/com.example.B.json").0 == 200)

        server.stop()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }

    @Test
    func theTimeoutFlagsReachTheServer() async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", feed)
        let server = try ServeProcess([file, "--header-timeout", "0.3", "--idle-timeout", "300"])
        defer { server.stop() }
        // Half a head: closed at the 0.3 s header timeout, long before the client's guard.
        let (text, timedOut) = try await RawHTTPClient.exchange(
            port: server.port, parts: ["GET /messages.json HTTP/1.1\r\nHost: x\r\n"], timeout: 60)
        #expect(!timedOut)
        #expect(text.isEmpty)
        let refused = try AppAlertProcess.run(["serve", file, "--header-timeout", "0"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("--header-timeout: must be more than 0"))
    }

    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func thePreviewPageRendersInARealBrowser() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "messages.json",
            """
            [{"id": 1, "bundleId": "com.example.A", "title": "Maintenance tonight", "text": "Sync pauses at 02:00.",
              "localizations": {"fr": {"title": "Maintenance ce soir"}}},
             {"id": 2, "bundleId": "com.example.A", "title": "Update required", "text": "This version no longer works.",
              "dismissible": false, "link": {"title": "Update", "url": "https://apps.apple.com/app/id1"}}]
            """)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("preview.png")
        try? FileManager.default.removeItem(at: screenshot)
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1200,900"]
        let url = "http://127.0.0.1:\(server.port)/"
        let shot = try AppAlertProcess.run(
            common + ["--screenshot=\(screenshot.path)", url], executable: chromiumExecutable!)
        #expect(shot.status == 0)
        let png = try Data(contentsOf: screenshot)
        #expect(png.count > 10_000)
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        // The DOM as the browser built it: every card, the localization, the wall and its single button (in
        // the phones' names and notes: the drawings inside are in shadow roots, which the dump leaves out).
        let dom = try AppAlertProcess.run(common + ["--dump-dom", url], executable: chromiumExecutable!).standardOutput
        #expect(dom.contains("Maintenance tonight") && dom.contains("Maintenance ce soir"))
        #expect(dom.contains("<div class=\"note\">a wall</div>"))
        // Gallery cards only (the simulator's answer is an item too, without data-message).
        #expect(dom.components(separatedBy: "class=\"item\" data-message=").count == 4)
        #expect(dom.contains("buttons: Update (opens https://apps.apple.com/app/id1). a wall: it cannot be closed."))
    }

    /// Issue 42, 7: with --dev, every route (the feed and its views as much as the preview and the
    /// console) answers only a Host naming this server, given once; without --dev, nothing changes.
    @Test(arguments: [true, false])
    func withDevEveryRouteAnswersOnlyAHostNamingThisServer(dev: Bool) async throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", feed)
        let server = try ServeProcess([file] + (dev ? ["--dev"] : []))
        defer { server.stop() }
        let port = server.port
        let paths =
            ["/messages.json", "/apps/com.example.A.json", "/healthz"]
            + (dev ? ["/", "/__preview/version", "/_appalert/evaluate", "/console", "/api/feeds"] : [])
        func status(_ path: String, _ hosts: [String]) async throws -> String {
            let request =
                "GET \(path) HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined() + "Connection: close\r\n\r\n"
            let answer = try await RawHTTPClient.exchange(port: port, request)
            return answer.components(separatedBy: "\r\n").first ?? ""
        }
        for path in paths {
            let own = try await status(path, ["127.0.0.1:\(port)"])
            // The simulator without a query says what it lacks; every other path answers.
            #expect(
                own == "HTTP/1.1 200 OK" || (path == "/_appalert/evaluate" && own.hasPrefix("HTTP/1.1 4")), "\(path)")
            #expect(own != "HTTP/1.1 403 Forbidden", "\(path)")
            #expect(try await status(path, ["localhost:\(port)"]) == own, "\(path)")
            let rebound = try await status(path, ["evil.test:\(port)"])
            #expect(rebound == (dev ? "HTTP/1.1 403 Forbidden" : own), "\(path)")
            let twice = try await status(path, ["127.0.0.1:\(port)", "evil.test:\(port)"])
            #expect(twice == (dev ? "HTTP/1.1 400 Bad Request" : own), "\(path)")
        }
        if dev {
            let answer = try await RawHTTPClient.exchange(
                port: port, "GET / HTTP/1.1\r\nHost: evil.test:\(port)\r\nConnection: close\r\n\r\n")
            #expect(answer.contains("DNS rebinding"), "\(answer)")
        }
    }
}
