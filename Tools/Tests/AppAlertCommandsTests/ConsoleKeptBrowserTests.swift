import Foundation
import TestSupport
import Testing

/// The console keeps your work (issue 41 §5) in headless Chromium, driven by `console-kept.mjs` through
/// `console-browser.mjs`: drafts kept in the tab until saved or discarded. In ``ConsoleBrowserTests``
/// (serialized, with its Chromium and Node).
extension ConsoleBrowserTests {
    /// An edit survives reloads of the page and says it is a kept draft; "Discard draft" brings back the
    /// message as it is on disk, and a reload then restores nothing. The file is never written.
    @Test
    func anUnsavedEditSurvivesAReloadOfThePageUntilItIsDiscarded() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(server, "reloadKeepsDraft", ["id": "3", "title": "Kept over a reload"])
        let restoredText =
            "This is your unsaved edit of message #3, kept in this tab. Save it, or discard the draft to see the "
            + "message as it is on disk."
        for key in ["reloaded", "again"] {
            let reloaded = report[key] as? [String: Any] ?? [:]
            #expect(reloaded["title"] as? String == "Kept over a reload", "\(key): \(report)")
            #expect(reloaded["restored"] as? String == restoredText, "\(key): \(reloaded)")
        }
        let discarded = report["discarded"] as? [String: Any] ?? [:]
        #expect(discarded["title"] as? String == "Sync paused on Sunday", "\(discarded)")
        #expect(discarded["restored"] is NSNull, "\(discarded)")
        #expect(discarded["status"] as? String == "Draft discarded: this is the message as it is on disk.")
        let afterDiscard = report["afterDiscard"] as? [String: Any] ?? [:]
        #expect(afterDiscard["title"] as? String == "Sync paused on Sunday", "\(afterDiscard)")
        #expect(afterDiscard["restored"] is NSNull, "\(afterDiscard)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    /// Message 5's save is refused for message 3's error; its link opens message 3 without asking, and
    /// after 3 is mended and saved, message 5 opens with the edit kept and saves it.
    @Test
    func mendingAnotherMessagesErrorFromThePageKeepsTheCurrentEdit() throws {
        let directory = try TemporaryDirectory()
        let example = try String(contentsOf: examplesDirectory.appendingPathComponent("messages.json"), encoding: .utf8)
        let file = try directory.write(
            "messages.json",
            try Self.replacingFirst(
                "\"title\": \"Sync paused on Sunday\"",
                with: "\"title\": \"Sync paused on Sunday\", \"colors\": {\"background\": \"#12\"}", in: example))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let report = try Self.drive(
            server, "mendAnother",
            [
                "id": "5", "otherId": "3", "title": "Kept while mending", "field": "colors.background",
                "color": "#123456",
            ])
        let refused = report["refused"] as? [String: Any] ?? [:]
        #expect((refused["status"] as? String ?? "").hasPrefix("Not saved: another message"), "\(refused)")
        let opened = report["opened"] as? [String: Any] ?? [:]
        #expect(opened["leaveDialog"] as? Bool == false, "\(opened)")
        #expect((opened["heading"] as? String ?? "").hasPrefix("Message #3"), "\(opened)")
        #expect(
            (opened["status"] as? String ?? "").hasPrefix("Your edit of message #5 is kept as a draft"), "\(opened)")
        let mended = report["mended"] as? [String: Any] ?? [:]
        #expect((mended["status"] as? String ?? "").hasPrefix("Saved"), "\(mended)")
        let back = report["back"] as? [String: Any] ?? [:]
        #expect(back["title"] as? String == "Kept while mending", "\(back)")
        #expect((back["restored"] as? String ?? "").hasPrefix("This is your unsaved edit of message #5"), "\(back)")
        let saved = report["saved"] as? [String: Any] ?? [:]
        #expect((saved["status"] as? String ?? "").hasPrefix("Saved"), "\(saved)")
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(after.contains("\"title\": \"Kept while mending\"") && after.contains("#123456"), "\(after)")
    }
}

extension ConsoleBrowserTests {
    /// Duplicating message 4, an A/B test, warns that the copy competes with it (same targeting splits
    /// its audience); duplicating message 1, with neither variants nor results, does not.
    @Test
    func duplicatingAMessageWithVariantsWarnsThatTheCopyCompetesWithIt() throws {
        let directory = try TemporaryDirectory()
        let example = try String(contentsOf: examplesDirectory.appendingPathComponent("messages.json"), encoding: .utf8)
        let file = try directory.write(
            "messages.json",
            try Self.replacingFirst(
                "\"title\": \"Please update\"",
                with: "\"title\": \"Please update\", \"variants\": [{\"name\": \"Control\", \"weight\": 1}, "
                    + "{\"name\": \"Short\", \"weight\": 1, \"title\": \"Update now\"}]", in: example))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let report = try Self.drive(server, "duplicateCompetes", ["id": "4", "plainId": "1"])
        let withVariants = report["withVariants"] as? [String: Any] ?? [:]
        #expect(
            withVariants["notice"] as? String
                == "The copy competes with message #4: it has the same targeting, so the installs that would see "
                + "message #4 are split between the two, and its A/B test no longer covers them all. Before you save, "
                + "change who sees the copy (or when), or end message #4.", "\(withVariants)")
        #expect((withVariants["status"] as? String ?? "").hasPrefix("A copy with id "), "\(withVariants)")
        let without = report["without"] as? [String: Any] ?? [:]
        #expect(without["notice"] is NSNull, "\(without)")
    }
}
