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
        let file = try Self.exampleWithAnInvalidColor(in: directory)
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

    /// Issue 41's leftovers, 4: a duplicate is written with its original's key order at every level (here
    /// the title before the id, a button's action before its title, a translation's text before its
    /// title), not the order the form wrote the draft's keys in.
    @Test
    func aDuplicateKeepsItsOriginalsKeyOrderAtEveryLevel() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(
            "messages.json",
            """
            {
              "format": 2,
              "messages": [
                {
                  "title": "Try Pro",
                  "id": 2,
                  "bundleId": "com.example.app",
                  "text": "Everything, everywhere.",
                  "buttons": [
                    { "action": { "event": "show_paywall" }, "title": "Start free trial" },
                    { "title": "Not now" }
                  ],
                  "localizations": { "de": { "text": "Alles, überall.", "title": "Pro testen" } }
                }
              ]
            }

            """)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let report = try Self.drive(server, "duplicateOrder", ["id": "2", "buttonTitle": "Start my free trial"])
        #expect((report["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        #expect(
            report["copy"] as? String
                == #"{"title":"Try Pro","id":3,"bundleId":"com.example.app","text":"Everything, everywhere.","#
                + #""buttons":[{"action":{"event":"show_paywall"},"title":"Start my free trial"},{"title":"Not now"}],"#
                + #""localizations":{"de":{"text":"Alles, überall.","title":"Pro testen"}}}"#, "\(report)")
    }
}

extension ConsoleBrowserTests {
    /// Message 5 scheduled from 2099-06-01: now, no install sees it and the explanation names its start;
    /// at 2099-06-02 09:00 (typed as people type it), an install sees it and the kinds that see it first
    /// are counted for that moment; a moment that is no date says so and the answers are for now.
    @Test
    func whoWouldSeeItAnswersForTheMomentTheAuthorGives() throws {
        let directory = try TemporaryDirectory()
        let (_, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(
            server, "moment", ["id": "5", "start": "2099-06-01", "moment": "2099-06-02 09:00"])
        let now = report["now"] as? [String: Any] ?? [:]
        #expect((now["at"] as? String ?? "").hasPrefix("Now ("), "\(now)")
        #expect(
            now["audience"] as? [String]
                == ["Every app: no kind of install sees it first (another message wins, or none matches)."], "\(now)")
        #expect(
            (now["explain"] as? String ?? "").hasPrefix(
                "This install does not see this message (Start): not started yet at this moment (starts at "
                    + "2099-06-01, now is 20"), "\(now)")
        // Moments as the date fields show them, not as RFC 3339.
        #expect(
            (now["at"] as? String ?? "").range(
                of: #"^Now \(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})? UTC)?\)\.$"#, options: .regularExpression) != nil,
            "\(now)")
        let later = report["later"] as? [String: Any] ?? [:]
        #expect(later["at"] as? String == "At 2099-06-02 09:00 UTC, the date and time above.", "\(later)")
        #expect(later["audience"] as? [String] == ["Every app: 1 of 2 kinds of install sees it first."], "\(later)")
        #expect(later["explain"] as? String == "This install sees this message.", "\(later)")
        let notADate = report["notADate"] as? [String: Any] ?? [:]
        #expect(
            notADate["at"] as? String
                == "Now, since the date and time above is not one: write the date as 2026-12-01, or 2026-12-01 09:00 (UTC).",
            "\(notADate)")
        // Said as the message's Start says it ("tomorrow" and "30.11.2026" alike), at the field too, and gone
        // once the field holds a date.
        let refusal = "Date and time: write the date as 2026-12-01, or 2026-12-01 09:00 (UTC)."
        #expect(notADate["explain"] as? String == refusal, "\(notADate)")
        #expect((notADate["dotted"] as? [String: Any])?["explain"] as? String == refusal, "\(notADate)")
        let field = notADate["field"] as? [String: Any] ?? [:]
        #expect(field["invalid"] as? String == "true", "\(notADate)")
        let hint = "When to ask: a message scheduled for tom"
        #expect(field["described"] as? [String] == [String(refusal.prefix(40)), hint], "\(notADate)")
        let mended = notADate["mended"] as? [String: Any] ?? [:]
        #expect(mended["explain"] as? String == "This install sees this message.", "\(mended)")
        #expect((mended["field"] as? [String: Any])?["invalid"] is NSNull, "\(mended)")
        #expect((mended["field"] as? [String: Any])?["described"] as? [String] == [hint], "\(mended)")
        let rollout = report["rollout"] as? [String: Any] ?? [:]
        #expect(
            rollout["explain"] as? String
                == "It depends on the install: 50% of installs like this one see this message (its rollout), each "
                + "chosen by its install id. Give an install id to check one of them.", "\(rollout)")
        // The table's row and the answer in words: no rule name, no bucket, no engine sentence.
        let outside = report["outside"] as? [String: Any] ?? [:]
        let words =
            "ot among the installs its rollout reaches (the first 1% of installs, in an order fixed by each install's "
            + "id); this install comes at 8.36%."
        #expect(outside["row"] as? [String] == ["#5", "not shown", "Rollout", "N" + words], "\(outside)")
        #expect(
            outside["explain"] as? String == "This install does not see this message (Rollout): n" + words,
            "\(outside)")
        let range = report["range"] as? [String: Any] ?? [:]
        #expect(
            range["row"] as? [String]
                == ["#5", "not shown", "App version range", "App version 2.0 and later only; this install has 1.0."],
            "\(range)")
        let german = report["german"] as? [String: Any] ?? [:]
        #expect(german["explain"] as? String == "This install sees this message, in German.", "\(german)")
    }
}

extension ConsoleBrowserTests {
    /// A save refused because the file is broken: the notice goes once the file reads again. A save
    /// refused for an error: the refusal goes once the check finds none.
    @Test
    func aRefusalNoticeClearsOnceItsCauseIsMended() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "refusalClears", ["id": "3", "title": "Mended", "path": file])
        let broken = report["broken"] as? [String: Any] ?? [:]
        #expect(
            (broken["notice"] as? String ?? "").hasPrefix("Not saved: messages.json on disk is broken"), "\(broken)")
        #expect(report["mendedFile"] as? String == "messages.json reads again: save to write your edit.", "\(report)")
        let invalid = report["invalid"] as? [String: Any] ?? [:]
        #expect((invalid["status"] as? String ?? "").hasPrefix("Not saved: the feed would have errors"), "\(invalid)")
        #expect(report["mendedError"] as? String == "The errors are mended: save to write your edit.", "\(report)")
    }

    /// At 200 % zoom (640 CSS px), the preview sits directly under the field being edited, title or
    /// priority, and goes back to its column when the window is wide again.
    @Test
    func at200PercentThePreviewStaysDirectlyUnderTheFieldBeingEdited() throws {
        let directory = try TemporaryDirectory()
        let (_, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "previewUnderField", ["id": "3", "title": "Under the title"])
        for key in ["title", "priority"] {
            let gap = report[key] as? [String: Any] ?? [:]
            let below = gap["below"] as? Int ?? -1
            #expect(below >= 0 && below <= 32, "\(key): \(gap)")
            #expect(gap["inForm"] as? Bool == true, "\(key): \(gap)")
        }
        #expect(report["wide"] as? Bool == true, "\(report)")
    }
}

extension ConsoleBrowserTests {
    /// A placement, then a layout, given to message 3: each goes to its documented place (after
    /// `bundleIds`, the layout before the placement), the JSON box shows that order, and the file gains
    /// those two lines alone.
    @Test
    func aKeyAddedToAMessageGoesToItsDocumentedPlaceAndTheOthersStay() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(server, "keyInPlace", ["id": "3"])
        #expect(
            report["keys"] as? [String] == [
                "id", "bundleIds", "layout", "placement", "title", "text", "startDate", "endDate", "platforms",
                "rollout",
            ], "\(report)")
        #expect((report["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        let apps = "\"bundleIds\": [\"com.createchsol.AppAlertExample\", \"com.createchsol.Notes\"],\n"
        let expected = try Self.replacingFirst(
            apps, with: apps + "      \"layout\": \"alert\",\n      \"placement\": \"inbox\",\n", in: before)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
    }
}
