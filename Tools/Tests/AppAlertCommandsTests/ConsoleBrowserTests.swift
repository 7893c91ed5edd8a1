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

    /// The repository's example copied into `directory` as messages.json, with an invalid color in
    /// message 3 (`"#12"` as its background), so that a save of any message is refused for it.
    static func exampleWithAnInvalidColor(in directory: borrowing TemporaryDirectory) throws -> String {
        let example = try String(contentsOf: examplesDirectory.appendingPathComponent("messages.json"), encoding: .utf8)
        return try directory.write(
            "messages.json",
            try replacingFirst(
                "\"title\": \"Sync paused on Sunday\"",
                with: "\"title\": \"Sync paused on Sunday\", \"colors\": {\"background\": \"#12\"}", in: example))
    }

    /// `text` with its first occurrence of `old` replaced by `new`.
    static func replacingFirst(_ old: String, with new: String, in text: String) throws -> String {
        let range = try #require(text.range(of: old))
        return text.replacingCharacters(in: range, with: new)
    }

    /// Issue 41, 1: a picture is added to images/ from the image field, chosen, listed with its
    /// thumbnail; the same name again is refused and the first file kept; a picture apps would refuse is
    /// not added.
    @Test
    func aPictureIsAddedFromTheImageFieldChosenAndNeverWrittenOver() throws {
        let directory = try TemporaryDirectory()
        let (_, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let pictures = ImagesCommandTests.fixtures
        let bad = try directory.write("Not a picture.png", "<svg/>")
        let report = try Self.drive(
            server, "pictures",
            ["id": "1", "file": pictures.appendingPathComponent("valid.png").path, "badFile": bad])
        #expect(report["empty"] as? String == "No pictures in images/ yet.", "\(report)")
        #expect(report["added"] as? String == "Added images/valid.png and chosen.", "\(report)")
        #expect(report["field"] as? String == "http://127.0.0.1:\(server.port)/images/valid.png", "\(report)")
        #expect((report["image"] as? [String: Any])?["url"] as? String == report["field"] as? String, "\(report)")
        #expect((report["listed"] as? [String])?.first?.hasPrefix("images/valid.png, ") == true, "\(report)")
        #expect((report["again"] as? String)?.contains("images/valid.png exists already") == true, "\(report)")
        #expect(
            (report["bad"] as? String)?.hasPrefix("Not added: images/Not-a-picture.png: apps would refuse it") == true,
            "\(report)")
        let written = directory.url.appendingPathComponent("images/valid.png")
        #expect(
            FileManager.default.contents(atPath: written.path)
                == FileManager.default.contents(
                    atPath: pictures.appendingPathComponent("valid.png").path))
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.url.appendingPathComponent("images/Not-a-picture.png").path))
    }

    /// Issue 41, 5: the validator's warnings of the draft show in the console: a text longer than its
    /// layout shows at its field (a translation's at the translation's), and the same targeting as
    /// another message in the message's list, naming the other one.
    @Test
    func theValidatorsLengthAndTargetingWarningsShowAtTheDraftsFields() throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "Lange Zeilen ", count: 120)
        let feed = """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "com.example.App", "title": "Sale", "text": "20% off",
               "localizations": {"de": {"text": "\(long)"}}},
              {"id": 2, "bundleId": "com.example.App", "title": "News", "text": "Folders are here"}]}
            """
        let file = try directory.write("messages.json", feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let report = try Self.drive(
            server, "advice", ["id": "1", "text": String(repeating: "Long lines ", count: 150)])
        let german = report["german"] as? [[String: String]] ?? []
        #expect(german.map { $0["severity"] } == ["warning"], "\(report)")
        #expect(german.first?["text"]?.contains("text in de is 1560 characters, about") == true, "\(report)")
        let listed = report["listed"] as? [String] ?? []
        #expect(
            listed.contains { $0.contains("message 1 has the same targeting as message 2 ($.messages[1])") },
            "\(report)")
        let text = report["text"] as? [[String: String]] ?? []
        #expect(text.first?["text"]?.contains("text is 16") == true, "\(report)")
    }

    /// Issue 41, 5: a save refused because the file on disk is not JSON says where (line and column),
    /// keeps the edit, and saves it once the file is mended.
    @Test
    func aSaveRefusedForABrokenFileSaysWhereAndKeepsTheEdit() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "brokenFile", ["id": "3", "title": "Sync paused on Monday", "path": file])
        let refused = report["refused"] as? [String: Any] ?? [:]
        let notice = refused["notice"] as? String ?? ""
        #expect(notice.hasPrefix("Not saved: messages.json on disk is broken (not JSON: line "), "\(report)")
        #expect(notice.contains(", column ") && notice.contains("Your edit is kept"), "\(notice)")
        #expect(refused["title"] as? String == "Sync paused on Monday", "\(refused)")
        #expect((refused["json"] as? String)?.contains("Sync paused on Monday") == true)
        let saved = report["saved"] as? [String: Any] ?? [:]
        #expect((saved["status"] as? String)?.hasPrefix("Saved") == true, "\(saved)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"title\": \"Sync paused on Monday\""))
    }

    /// A look at the disk that read the feed before a save answered does not call the saved draft
    /// stale: the page looks again and the save's words stay (CI once saw the notice after a save).
    @Test
    func aLookAtTheDiskOvertakenByASaveDoesNotCallTheSavedDraftStale() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "staleLook", ["id": "3", "title": "Sync paused on Monday", "path": file])
        #expect((report["answered"] as? String)?.hasPrefix("Saved") == true, "\(report)")
        let after = report["after"] as? [String: Any] ?? [:]
        #expect((after["status"] as? String)?.hasPrefix("Saved") == true, "\(after)")
        #expect(after["notice"] is NSNull, "\(after)")
        let text = report["file"] as? String ?? ""
        #expect(text.contains("\"title\": \"Sync paused on Monday\""))
        #expect(text.contains("\"title\": \"App Alert, changed elsewhere\""))
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
        // The diff panel says what it compares, against what, and in one line what it means.
        let diff = report["diff"] as? [String: String] ?? [:]
        #expect(diff["heading"] == "Changes not yet committed (this draft included)")
        #expect(diff["against"] == "Compared with the file as it was when the server started.", "\(diff)")
        #expect(
            diff["summary"] == "Installs of com.createchsol.AppAlertExample, com.createchsol.Notes see something else.",
            "\(diff)")
        #expect(diff["text"]?.contains("3") == true, "\(diff)")
        // Explain waits for the app's version, and says the command's errors in the form's words.
        let explain = report["explain"] as? [String: String] ?? [:]
        #expect(explain["withoutVersion"] == "Give the app's version to see what that install would see.")
        let badVersion = explain["badVersion"] ?? ""
        #expect(badVersion.hasPrefix("App version") && !badVersion.contains("--"), "\(explain)")
        let after = try String(contentsOfFile: file, encoding: .utf8)
        let expected = try Self.replacingFirst(
            "\"title\": \"Sync paused on Sunday\"", with: "\"title\": \"Sync paused on Monday\"", in: before)
        #expect(after == expected)
    }

    /// The example with an error in message 3, beside a feed that is not JSON, with a results database
    /// that cannot be read.
    @Test
    func anInvalidColorIsShownAtItsFieldAndAnotherMessagesErrorIsNamedAndNothingIsSaved() throws {
        let directory = try TemporaryDirectory()
        let file = try Self.exampleWithAnInvalidColor(in: directory)
        _ = try directory.write("broken.json", "{\"messages\": [{\"id\": 1, ")
        let server = try ServeProcess([
            directory.url.path, "--dev", "--results", directory.url.path + "/nowhere/results.sqlite",
        ])
        defer { server.stop() }
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let report = try Self.drive(
            server, "invalidColor", ["id": "5", "field": "colors.background", "color": "#12345"])
        let atField = report["atField"] as? [[String: String]] ?? []
        #expect(atField.contains { $0["severity"] == "error" && $0["text"]!.contains("#RRGGBB") }, "\(report)")
        // The field's name first, the check's words, the JSON path second.
        #expect(
            atField.contains {
                $0["text"]!.hasPrefix("Error: Background: ") && $0["text"]!.hasSuffix(" (JSON: colors.background)")
            }, "\(report)")
        #expect(report["invalid"] as? Bool == true)
        #expect((report["describedBy"] as? String ?? "").contains("#RRGGBB"))
        #expect((report["status"] as? String ?? "").hasPrefix("Not saved"), "\(report)")
        let afterSave = report["afterSave"] as? [[String: String]] ?? []
        #expect(afterSave.contains { $0["severity"] == "error" })
        // With the color mended, message 3's error still refuses the save, and the page says which it is.
        let other = report["other"] as? [String: Any] ?? [:]
        #expect(
            other["status"] as? String
                == "Not saved: another message of the feed has an error (named above the form). Fix it first.",
            "\(other)")
        #expect(other["markedFields"] as? Int == 0)
        let named = other["othersNamed"] as? [[String: Any]] ?? []
        #expect(named.count == 1, "\(named)")
        let item = (named.first?["text"] as? String) ?? ""
        #expect(
            item.hasPrefix("Message #3 “Sync paused on Sunday” has an error at colors.background: a color is"),
            "\(item)")
        #expect(item.contains("Fix it first") && !item.contains("$."), "\(item)")
        #expect((named.first?["link"] as? String) == "/console#messages.json/3")
        // The link opens message 3 without asking: the unsaved edit of message 5 is kept as a draft.
        #expect(report["leaveDialog"] as? Bool == false)
        let opened = report["opened"] as? [String: Any] ?? [:]
        #expect(opened["heading"] as? String == "Message #3 in messages.json", "\(opened)")
        #expect(
            opened["status"] as? String
                == "Your edit of message #5 in messages.json is kept as a draft in this tab: open it again to go on with it.",
            "\(opened)")
        // The list: the feed that is not JSON is a row saying so; message 3 has errors; the results
        // column says nothing it does not know, and why once, above the table.
        let list = report["list"] as? [String: Any] ?? [:]
        let broken = list["broken"] as? [String] ?? []
        #expect(broken.count == 1 && broken[0].hasPrefix("broken.json is not JSON: line 1, column "), "\(list)")
        #expect((list["states"] as? [String] ?? []).contains("#3 Has errors"), "\(list)")
        // A new message goes into a feed that can take one.
        #expect(list["newFeed"] as? String == "messages.json")
        #expect(
            list["newFeedOptions"] as? [String] == ["broken.json (not JSON) [disabled]", "messages.json"], "\(list)")
        let results = list["results"] as? [String] ?? []
        #expect(results.count == 6 && results.allSatisfy { $0 == "—" }, "\(list)")
        #expect((list["resultsNote"] as? String ?? "").hasPrefix("The results database cannot be read: "), "\(list)")
        #expect(list["noteAboveTable"] as? Bool == true)
        // With figures: each message's line is the report's summary as sent; one not listed was never shown,
        // in the report's words.
        // As short lines: the headline, then a variant's heading, then each figure on a line of its own.
        let figures = report["figures"] as? [String: Any] ?? [:]
        #expect(figures["#4"] as? String == "plain: No showings recorded yet.", "\(figures)")
        #expect(
            figures["#5"] as? String
                == "headline: Shown 40 times.\nvariant: shown 40\nfigure: “Apply” 10: 25.0% (95%: 14.2%–40.2%)",
            "\(figures)")
        // Showings that do not fit the split: the report's short warning on a line of its own, first.
        #expect(
            figures["#6"] as? String
                == "warning: Showings do not match the split 70/30 (p < 0.001): not to be trusted as it stands; "
                + "compare days of one split with --since.\nheadline: Shown 200 times.\nvariant: Variant A (baseline): "
                + "shown 100", "\(figures)")
        #expect(figures["#1"] as? String == "plain: No showings recorded yet.", "\(figures)")
        // Each app id whole, on one line, at 1920, 1500 and 800 px with the results beside it; the page never
        // scrolls sideways.
        let widths = figures["widths"] as? [String: [String: Any]] ?? [:]
        #expect(widths.count == 3, "\(figures)")
        for (width, measured) in widths {
            let apps = measured["apps"] as? [String] ?? []
            #expect(!apps.isEmpty && apps.allSatisfy { $0.hasSuffix(" 1") }, "\(width): \(apps)")
            #expect(measured["overflow"] as? Int == 0, "\(width): \(measured)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        #expect(
            try String(contentsOfFile: directory.url.path + "/broken.json", encoding: .utf8)
                == "{\"messages\": [{\"id\": 1, ")
    }

    /// Then each tab edits a message of its own: both saves go through. A delete follows the same rule: after
    /// a change to another message it goes through; after a change to its own message it asks to reload.
    @Test
    func whenTwoTabsEditTheSameMessageTheSecondSaveIsRefusedWithAReloadPromptAndDifferentMessagesBothSave() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(
            server, "twoTabs",
            [
                "id": "1", "firstTitle": "Saved first", "secondTitle": "Saved second", "otherId": "2",
                "otherTitle": "Saved in the first tab", "thirdTitle": "Saved third",
                "changedTitle": "Changed in the first tab",
            ])
        let first = report["firstSave"] as? [String: Any] ?? [:]
        let second = report["secondSave"] as? [String: Any] ?? [:]
        #expect((first["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        #expect(second["status"] as? String == "Not saved.", "\(report)")
        let prompt =
            "This feed changed since you opened it (on disk or in another tab). Reload to see the current version."
        #expect(second["notice"] as? String == prompt)
        #expect(second["reloadButton"] as? Bool == true)
        // Reload asks before it drops the unsaved edit; keeping it keeps the draft and the notice.
        #expect(
            report["reloadAsks"] as? String
                == "Reload message #1 as it is on disk now? Your edits to it are not saved.", "\(report)")
        let kept = report["keptOnCancel"] as? [String: Any] ?? [:]
        #expect(kept["title"] as? String == "Saved second", "\(kept)")
        #expect(kept["notice"] as? String == prompt, "\(kept)")
        // Reload shows the message as the first tab saved it.
        let reloaded = report["afterReload"] as? [String: Any] ?? [:]
        #expect(reloaded["title"] as? String == "Saved first")
        #expect(reloaded["notice"] is NSNull)
        // The other tab saved message 2 meanwhile; message 1 had not changed since the second tab opened
        // it, so its save goes through on top of that version.
        let otherStatus = (report["otherSave"] as? [String: Any])?["status"] as? String
        #expect(otherStatus?.hasPrefix("Saved to") == true, "\(report)")
        let rebased = report["rebasedSave"] as? [String: Any] ?? [:]
        #expect(
            rebased["status"] as? String
                == "Saved. The feed changed elsewhere; your message had not, so it was saved on top of the new version.",
            "\(rebased)")
        #expect(rebased["notice"] is NSNull)
        // Deleting message 2 after the second tab saved message 1: message 2 had not changed, so it goes.
        let deleted = report["deleted"] as? [String: Any] ?? [:]
        #expect(deleted["listStatus"] as? String == "Deleted message #2.", "\(deleted)")
        #expect(deleted["editorHidden"] as? Bool == true, "\(deleted)")
        // Message 1 changed in the first tab: the second tab's delete asks to reload, with no status beside it.
        #expect(
            ((report["changedSave"] as? [String: Any])?["status"] as? String)?.hasPrefix("Saved") == true, "\(report)")
        let refused = report["refusedDelete"] as? [String: Any] ?? [:]
        #expect(refused["notice"] as? String == prompt, "\(refused)")
        #expect(refused["reloadButton"] as? Bool == true)
        #expect(refused["status"] as? String == "", "\(refused)")
        let after = try String(contentsOfFile: file, encoding: .utf8)
        let messages = try #require(
            (try JSONSerialization.jsonObject(with: Data(after.utf8)) as? [String: Any])?["messages"]
                as? [[String: Any]])
        let original = try #require(
            (try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [String: Any])?["messages"]
                as? [[String: Any]])
        #expect(messages.compactMap { $0["id"] as? Int } == [1, 3, 4, 5, 6])
        #expect(messages.first?["title"] as? String == "Changed in the first tab")
        #expect(
            messages.dropFirst().map { $0["title"] as? String } == original.dropFirst(2).map { $0["title"] as? String })
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
        let report = try Self.drive(
            server, "jsonAndForm",
            [
                "id": "2", "draft": draft, "title": "From the form", "takenId": "1", "day": "2026-12-01",
                "dismissTitle": "Fine", "buttonTitle": "Go",
                "dates": #"["2026-12-01T09:00+02:00", "2026-12-01 9:00", "2026-02-30", "tomorrow", "12/01/2026"]"#,
            ])
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
        // Another message's id: the error is at the Id; the heading stays on message 2; the previous
        // draft's diff and explain do not stay.
        let taken = report["taken"] as? [String: Any] ?? [:]
        let atId = taken["atId"] as? [[String: String]] ?? []
        #expect(atId.contains { $0["severity"] == "error" && $0["text"]!.contains("in use") }, "\(taken)")
        #expect(taken["heading"] as? String == "Message #2 → id 1")
        #expect((taken["diffSummary"] as? String ?? "").hasPrefix("Out of date"), "\(taken)")
        #expect(taken["diff"] as? String == "")
        #expect((taken["explain"] as? String ?? "").hasPrefix("Out of date"), "\(taken)")
        let noId = report["noId"] as? [String: Any] ?? [:]
        #expect(noId["status"] as? String == "Not saved: the feed would have errors. They are marked at their fields.")
        #expect(noId["heading"] as? String == "Message #2 → no id yet")
        let noIdNotes = noId["atId"] as? [[String: String]] ?? []
        #expect(noIdNotes.contains { $0["text"]!.contains("whole number") }, "\(noId)")
        // A day typed as people type it is written as RFC 3339.
        let date = report["date"] as? [String: Any] ?? [:]
        #expect(date["json"] as? String == "2026-12-01T00:00:00Z")
        #expect(date["note"] as? String == "Written as 2026-12-01T00:00:00Z (UTC).")
        let typed = date["typed"] as? [String: [String: Any]] ?? [:]
        let offset = typed["2026-12-01T09:00+02:00"] ?? [:]
        #expect(offset["json"] as? String == "2026-12-01T09:00:00+02:00", "\(typed)")
        #expect(offset["note"] as? String == "Written as 2026-12-01T09:00:00+02:00.", "\(typed)")
        #expect(offset["errors"] as? [String] == [], "\(typed)")
        let oneDigitHour = typed["2026-12-01 9:00"] ?? [:]
        #expect(oneDigitHour["json"] as? String == "2026-12-01T09:00:00Z", "\(typed)")
        #expect(oneDigitHour["errors"] as? [String] == [], "\(typed)")
        // An error is said alone, in words, without a "Written as" beside it.
        let noSuchDay = typed["2026-02-30"] ?? [:]
        #expect(noSuchDay["errors"] as? [String] == ["Start: February has no day 30. (JSON: startDate)"], "\(typed)")
        #expect(noSuchDay["note"] is NSNull, "\(typed)")
        for notADate in ["tomorrow", "12/01/2026"] {
            let said = typed[notADate] ?? [:]
            #expect(
                said["errors"] as? [String] == [
                    "Start: write the date as 2026-12-01, or 2026-12-01 09:00 (UTC). (JSON: startDate)"
                ],
                "\(notADate): \(said)")
            #expect(said["note"] is NSNull, "\(said)")
        }
        // A first button takes the dismiss title along as a second button that closes the message.
        let buttons = report["buttons"] as? [String: Any] ?? [:]
        let written = buttons["buttons"] as? [[String: String]] ?? []
        #expect(written == [["title": "Go"], ["title": "Fine", "action": "dismiss"]], "\(buttons)")
        #expect(buttons["confirmLabel"] is NSNull)
        #expect((buttons["status"] as? String ?? "").contains("“Fine” is now the second button"), "\(buttons)")
        #expect(
            !(buttons["errors"] as? [String] ?? []).contains { $0.contains("confirmLabel") || $0.contains("buttons") },
            "\(buttons)")
    }

    /// Then: Close gives the focus back to the row; the message is deleted, and New message does not take
    /// its id again; the template's words are refused; unsaved edits ask in the page's own dialog; the texts
    /// read right to left when typed so; an id another tab took meanwhile is refused with the next free one offered.
    @Test
    func theKeyboardReachesSaveEveryFieldHasALabelAndTheFocusIsVisible() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "keyboard", ["id": "6", "rightToLeft": "عرض خاص"])
        #expect(report["reachedSave"] as? Bool == true, "\(report)")
        #expect(report["saveOutline"] as? String == "solid")
        #expect(report["saveOutlineWidth"] as? String == "3px")
        #expect((report["fields"] as? Int ?? 0) > 40)
        #expect(report["unlabelled"] as? [String] == [], "\(report)")
        // The delete dialog takes the focus (on "Keep it") and Escape closes it.
        #expect(report["dialogFocus"] as? String == "con-delete-cancel")
        #expect(report["dialogClosed"] as? Bool == true)
        let closed = report["closed"] as? [String: Any] ?? [:]
        #expect(closed["focus"] as? String == "/console#messages.json/6", "\(closed)")
        #expect(closed["skipHidden"] as? Bool == true)
        // Message 6 was the highest: deleted, its id is not offered again.
        #expect(report["newId"] as? Int == 7, "\(report)")
        #expect(report["newHeading"] as? String == "New message (id 7)")
        let templateSave = report["templateSave"] as? [String: Any] ?? [:]
        #expect(
            templateSave["status"] as? String
                == "Not saved: the title and the text are still the template's. Write the message's own.",
            "\(templateSave)")
        let titleNotes = templateSave["title"] as? [[String: String]] ?? []
        #expect(titleNotes.contains { $0["text"] == "Error: Write the message's own title: this is the template's." })
        #expect(report["leaveFocus"] as? String == "con-leave-cancel")
        #expect(report["stillEditing"] as? Bool == true)
        let placeholders = report["placeholders"] as? [String: String] ?? [:]
        #expect(placeholders["rollout"] == "e.g. 50%; empty: all installs", "\(placeholders)")
        #expect(placeholders["priority"] == "e.g. 10; empty: 0", "\(placeholders)")
        #expect(placeholders["maxViews"] == "e.g. 3; empty: once", "\(placeholders)")
        #expect(placeholders["appVersions"] == "e.g. 1.0, 1.1; empty: all versions", "\(placeholders)")
        // Every placeholder of a field that is not JSON or a link is an example.
        let notExamples = placeholders.filter {
            !$0.value.hasPrefix("e.g. ") && !$0.value.hasPrefix("{") && !$0.value.hasPrefix("[")
                && $0.value != "https://" && !$0.value.hasPrefix("\"dismiss\"")
        }
        #expect(notExamples.isEmpty, "\(notExamples)")
        // The message's texts are written in any direction; the rest stays left to right.
        #expect(
            report["autoDirection"] as? [String] == [
                "title", "text", "confirmLabel", "link.title", "image.alt", "buttons[0].title", "buttons[1].title",
            ], "\(report)")
        let rightToLeft = report["rightToLeft"] as? [String: Bool] ?? [:]
        #expect(rightToLeft == ["rtl": true, "idLtr": true], "\(rightToLeft)")
        // Another tab took id 7 meanwhile: the save offers the next free id, and its button sets it.
        #expect([200, 201].contains(report["taken"] as? Int), "\(report)")
        let clash = report["clash"] as? [String: Any] ?? [:]
        #expect((clash["status"] as? String ?? "").hasPrefix("Not saved: id 7 is in use"), "\(clash)")
        let clashNotes = clash["atId"] as? [[String: String]] ?? []
        #expect(clashNotes.map { $0["text"] } == ["Error: id 7 is in use: use 8? Use id 8"], "\(clash)")
        #expect(clash["button"] as? String == "Use id 8")
        #expect(clash["idAfter"] as? Int == 8)
        let clashSave = report["clashSave"] as? [String: Any] ?? [:]
        #expect((clashSave["status"] as? String ?? "").hasPrefix("Saved"), "\(clashSave)")
        #expect(clashSave["dirtyAfter"] as? Bool == false, "\(clashSave)")
        // Its keys in the documented order, though layout, placement and priority were filled in last.
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let start = try #require(text.range(of: #"\{\s*"id"\s*:\s*8\b"#, options: [.regularExpression, .backwards]))
        let end = try #require(text[start.lowerBound...].firstIndex(of: "}"))
        let keys = text[start.lowerBound..<end].matches(of: /"([A-Za-z]+)"\s*:/).map { String($0.output.1) }
        #expect(keys == ["id", "bundleId", "layout", "placement", "title", "text", "priority"], "\(keys)")
        let ids = try #require(
            (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])?[
                "messages"] as? [[String: Any]]
        ).compactMap { $0["id"] as? Int }
        #expect(ids == [1, 2, 3, 4, 5, 7, 8])
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
        // The list fits at 200 % (each app id whole, on a line of its own); the side column stays in view only beside the form.
        #expect(zoom["tableOverflow"] as? Int == 0, "\(zoom)")
        #expect(zoom["sticky"] as? String == "static")
        #expect(report["sticky"] as? String == "sticky")
        // Without a results database, the list says how to get results, with the command to run.
        let how = report["resultsHow"] as? String ?? ""
        #expect(how.contains("No results in this list: the console was started without"), "\(how)")
        // Its options are never broken across lines ("- / -dev" in the trial).
        #expect(report["commandOptions"] as? [String: Int] == ["--dev": 1, "--port": 1, "--results": 1], "\(report)")
        let command = report["resultsCommand"] as? String ?? ""
        #expect(
            command.hasPrefix("appalert serve --dev /")
                && command.hasSuffix("/messages.json --port 0 --results results.sqlite"), "\(command)")
        for name in ["console-light.png", "console-dark.png", "console-zoom.png"] {
            let data = try Data(contentsOf: images.appendingPathComponent(name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
