import AppAlert
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
                let chunk = errorOutput.availableData
                if chunk.isEmpty { return }
                log.append(String(decoding: chunk, as: UTF8.self))
            }
        }
        // The first line names the port.
        var buffer = Data()
        let handle = output.fileHandleForReading
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
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
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.httpBody = body
        if method != "GET" { request.setValue("http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin") }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, [String: String], Data) = (0, [:], Data())
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let http = response as? HTTPURLResponse {
                var fields: [String: String] = [:]
                for (name, value) in http.allHeaderFields { fields[("\(name)").lowercased()] = "\(value)" }
                result = (http.statusCode, fields, data ?? Data())
            }
            semaphore.signal()
        }.resume()
        semaphore.wait()
        return result
    }

    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        // The DOM as the browser built it: every card, the localization, the wall and its single button.
        let dom = try AppAlertProcess.run(common + ["--dump-dom", url], executable: chromiumExecutable!).standardOutput
        #expect(dom.contains("Maintenance tonight") && dom.contains("Maintenance ce soir"))
        #expect(dom.contains("alert wall"))
        // Gallery cards only (the simulator's answer is an item too, without data-message).
        #expect(dom.components(separatedBy: "class=\"item\" data-message=").count == 4)
        #expect(dom.contains(">Update</div>"))
    }
}

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
        #expect(result.standardOutput.split(separator: "\n").count == 2)
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
        // No staging directories left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            $0.hasPrefix(".site")
        }
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
        #expect(files == ["apps", "apps/new.app.json", "two.json"])
    }
}
