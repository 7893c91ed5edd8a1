import Foundation
import TestSupport
import Testing

/// Node (20 or later, for `--experimental-websocket`), which runs the DevTools driver of these tests.
let nodeExecutable: URL? = ["/usr/bin/node", "/usr/local/bin/node"].map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// The author's console (`serve --dev`, `/console`) in headless Chromium, driven over the DevTools
/// protocol by `console-browser.mjs`: it types, clicks and presses keys as an author would, waits for
/// what the page shows, and reports it as JSON. The feed is the repository's example, copied.
@Suite(
    .serialized,
    .enabled(if: chromiumExecutable != nil && nodeExecutable != nil, "Chromium or Node is not installed"))
struct ConsoleBrowserTests {
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("console-browser.mjs")

    /// The repository's example feed copied into `directory`, served with `--dev`.
    static func serveExample(in directory: borrowing TemporaryDirectory) throws -> (String, ServeProcess) {
        let example = try String(contentsOf: examplesDirectory.appendingPathComponent("messages.json"), encoding: .utf8)
        let file = try directory.write("messages.json", example)
        return (file, try ServeProcess([file, "--dev"]))
    }

    /// Runs one scenario of the driver against `server` and returns what it reported.
    static func drive(_ server: ServeProcess, _ scenario: String, _ options: [String: String]) throws -> [String: Any] {
        let arguments =
            [
                "--experimental-websocket", driver.path, chromiumExecutable!.path, "http://127.0.0.1:\(server.port)",
                scenario,
            ] + options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let run = try ProcessResult.run(nodeExecutable!, arguments)
        let line = run.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        #expect(run.status == 0, "\(scenario): \(report["error"] ?? run.standardOutput + run.standardError)")
        return report
    }

    /// `text` with its first occurrence of `old` replaced by `new`.
    static func replacingFirst(_ old: String, with new: String, in text: String) throws -> String {
        let range = try #require(text.range(of: old))
        return text.replacingCharacters(in: range, with: new)
    }

    @Test
    func editingATitleAndSavingChangesOnlyThatTitleOnDiskAndThePreviewShowsIt() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(server, "editTitle", ["id": "3", "title": "Sync paused on Monday"])
        #expect(
            report["status"] as? String == "Saved to messages.json. Open pages of the preview reload by themselves.",
            "\(report)")
        #expect(report["notice"] is NSNull)
        #expect(report["previewShowsTitle"] as? Bool == true)
        let after = try String(contentsOfFile: file, encoding: .utf8)
        let expected = try Self.replacingFirst(
            "\"title\": \"Sync paused on Sunday\"", with: "\"title\": \"Sync paused on Monday\"", in: before)
        #expect(after == expected)
    }

    @Test
    func anInvalidColorIsShownAtItsFieldAndNothingIsSaved() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let report = try Self.drive(
            server, "invalidColor", ["id": "5", "field": "colors.background", "color": "#12345"])
        let atField = report["atField"] as? [[String: String]] ?? []
        #expect(atField.contains { $0["severity"] == "error" && $0["text"]!.contains("#RRGGBB") }, "\(report)")
        #expect(report["invalid"] as? Bool == true)
        #expect((report["describedBy"] as? String ?? "").contains("#RRGGBB"))
        #expect((report["status"] as? String ?? "").hasPrefix("Not saved"), "\(report)")
        let afterSave = report["afterSave"] as? [[String: String]] ?? []
        #expect(afterSave.contains { $0["severity"] == "error" })
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test
    func whenTwoTabsEditTheSameMessageTheSecondSaveIsRefusedWithAReloadPrompt() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(
            server, "twoTabs", ["id": "1", "firstTitle": "Saved first", "secondTitle": "Saved second"])
        let first = report["firstSave"] as? [String: Any] ?? [:]
        let second = report["secondSave"] as? [String: Any] ?? [:]
        #expect((first["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        #expect(second["status"] as? String == "Not saved.", "\(report)")
        let prompt =
            "This feed changed since you opened it (on disk or in another tab). Reload to see the current version."
        #expect(second["notice"] as? String == prompt)
        #expect(second["reloadButton"] as? Bool == true)
        // Reload shows the message as the first tab saved it.
        let reloaded = report["afterReload"] as? [String: Any] ?? [:]
        #expect(reloaded["title"] as? String == "Saved first")
        #expect(reloaded["notice"] is NSNull)
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(
            after
                == (try Self.replacingFirst("\"title\": \"App Alert\"", with: "\"title\": \"Saved first\"", in: before))
        )
    }

    @Test
    func theJSONAndTheFormFollowEachOtherAndKeysTheFormDoesNotKnowSurvive() throws {
        let directory = try TemporaryDirectory()
        let (_, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let draft = #"""
            {"id": 2, "bundleId": "com.example.A", "title": "From the JSON", "text": "x", "colour": "red",
             "layout": "modal"}
            """#
        let report = try Self.drive(server, "jsonAndForm", ["id": "2", "draft": draft, "title": "From the form"])
        #expect(report["before"] as? String == "App Alert")
        let invalid = report["invalid"] as? [String: Any] ?? [:]
        #expect(
            invalid["error"] as? String
                == "The JSON is not valid at line 2, column 11: a value should come here. "
                + "The form keeps the last valid version.")
        #expect(invalid["title"] as? String == "App Alert")
        let valid = report["valid"] as? [String: Any] ?? [:]
        #expect(valid["error"] is NSNull)
        #expect(valid["title"] as? String == "From the JSON")
        #expect(valid["unknownRows"] as? [String] == ["colour"])
        let after = report["after"] as? [String: Any] ?? [:]
        #expect(after["title"] as? String == "From the form")
        #expect(after["colour"] as? String == "red")
        #expect(after["layout"] as? String == "modal")
        #expect(Array(after.keys).count == 6)
        // The validator's warning about the unknown key is at its row.
        let diagnostics = report["diagnostics"] as? [[String: String]] ?? []
        #expect(diagnostics.contains { $0["path"] == "colour" }, "\(diagnostics)")
    }

    @Test
    func theKeyboardReachesSaveEveryFieldHasALabelAndTheFocusIsVisible() throws {
        let directory = try TemporaryDirectory()
        let (_, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "keyboard", ["id": "4"])
        #expect(report["reachedSave"] as? Bool == true, "\(report)")
        #expect(report["saveOutline"] as? String == "solid")
        #expect(report["saveOutlineWidth"] as? String == "3px")
        #expect((report["fields"] as? Int ?? 0) > 40)
        #expect(report["unlabelled"] as? [String] == [], "\(report)")
        // The delete dialog takes the focus (on "Keep it") and Escape closes it.
        #expect(report["dialogFocus"] as? String == "con-delete-cancel")
        #expect(report["dialogClosed"] as? Bool == true)
    }

    /// docs/images/console-{light,dark,zoom}.png, for docs/authoring.md.
    @Test
    func theConsoleWorksInDarkModeAndAt200PercentAndItsScreenshotsAreInTheDocs() throws {
        let directory = try TemporaryDirectory()
        let (_, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/images")
        let report = try Self.drive(server, "screenshots", ["id": "4", "out": images.path])
        #expect(report["darkBackground"] as? String == "rgb(18, 18, 20)")
        let zoom = report["zoom"] as? [String: Any] ?? [:]
        #expect(zoom["overflow"] as? Int == 0, "\(zoom)")
        #expect(zoom["stacked"] as? Bool == true)
        for name in ["console-light.png", "console-dark.png", "console-zoom.png"] {
            let data = try Data(contentsOf: images.appendingPathComponent(name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
