import Foundation
import TestSupport
import Testing

/// The A/B test's guards in headless Chromium (issue 41's trial), driven by `console-guard.mjs` through
/// `console-browser.mjs`: results are stored by each variant's place in the list, so a test with results
/// refuses moving or removing its variants and asks before its split changes; a variant's buttons start
/// from the message's; the message's button's new action reaches its copies. In ``ConsoleBrowserTests``.
extension ConsoleBrowserTests {
    /// A paywall test: two buttons (the first hands `show_paywall` to the app), German, two named
    /// variants, "Free week" with a title of its own.
    static func servePaywallTest(in directory: borrowing TemporaryDirectory, options: [String] = []) throws
        -> ServeProcess
    {
        let feed = """
            {
              "format": 2,
              "messages": [
                {
                  "id": 2,
                  "bundleId": "com.example.app",
                  "layout": "modal",
                  "title": "Try Pro",
                  "text": "Everything, everywhere.",
                  "buttons": [
                    { "title": "Start free trial", "action": { "event": "show_paywall" } },
                    { "title": "Not now" }
                  ],
                  "localizations": {
                    "de": {
                      "title": "Pro testen",
                      "buttons": [
                        { "title": "Kostenlos testen", "action": { "event": "show_paywall" } },
                        { "title": "Später" }
                      ]
                    }
                  },
                  "variants": [
                    { "name": "Control", "weight": 1 },
                    { "name": "Free week", "weight": 1, "title": "A free week of Pro" }
                  ]
                }
              ]
            }

            """
        return try ServeProcess([try directory.write("messages.json", feed), "--dev"] + options)
    }

    /// With results, Move up and Remove are refused in words at the variant (the draft unchanged, each
    /// button named by its variant); the shares are locked (keys typed there go nowhere) until "Change the
    /// split…" is asked and agreed to, once per message in the page (reopening its editor asks nothing);
    /// adding a variant asks, and adds nothing when kept; the Delete dialog says what becomes of its results.
    @Test
    func aTestWithResultsRefusesMovingOrRemovingVariantsAndAsksBeforeTheSplitChanges() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.servePaywallTest(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "withResults", ["id": "2"])
        let named: [[Any]] = [["Control", 1], ["Free week", 1]]
        #expect("\(report["before"] ?? "")" == "\(named)", "\(report)")
        let refused = report["refused"] as? [String: Any] ?? [:]
        let refusal =
            "This test has results: moving or removing a variant would mix them up, because results are kept by "
            + "each variant's place in the list. To change the test, duplicate the message and start a new one with the copy."
        #expect(refused["text"] as? String == refusal, "\(refused)")
        #expect(refused["removeText"] as? String == refusal, "\(refused)")
        #expect(refused["focus"] as? String == "up", "\(refused)")
        #expect("\(refused["after"] ?? "")" == "\(named)", "\(refused)")
        #expect(
            refused["labels"] as? [String] == [
                "Move variant “Control” (A) up", "Move variant “Control” (A) down", "Remove variant “Control” (A)",
                "Move variant “Free week” (B) up", "Move variant “Free week” (B) down",
                "Remove variant “Free week” (B)",
            ], "\(refused)")
        // Locked: the keys typed in the share went nowhere, no question opened, the field says why.
        let locked = report["locked"] as? [String: Any] ?? [:]
        #expect(locked["value"] as? String == "50 %", "\(locked)")
        #expect(locked["readOnly"] as? Bool == true && locked["dialog"] as? Bool == false, "\(locked)")
        #expect(locked["focus"] as? Bool == true && locked["unlock"] as? Bool == true, "\(locked)")
        let note = locked["note"] as? String ?? ""
        #expect(note.hasPrefix("This test has results, so its shares are locked"), "\(locked)")
        // It looks read-only (no text cursor), and says once, at the field, how to unlock it: two keys, one note,
        // both read with the field.
        let keyNote = "Locked: to change the shares, choose “Change the split…” first."
        #expect(locked["keyNotes"] as? [String] == [keyNote], "\(locked)")
        #expect(locked["described"] as? [String] == [note, keyNote], "\(locked)")
        let look = locked["look"] as? [String: Any]
        #expect(look?["cursor"] as? String == "default" && look?["differs"] as? Bool == true, "\(locked)")
        #expect("\(locked["variants"] ?? "")" == "\(named)", "\(locked)")
        let share = report["shareQuestion"] as? [String: Any] ?? [:]
        #expect(share["title"] as? String == "This test has results", "\(share)")
        #expect(
            (share["text"] as? String ?? "").contains("results recorded so far stay with the old split"), "\(share)")
        #expect(share["focus"] as? String == "con-ask-cancel", "\(share)")
        let kept = report["kept"] as? [String: Any] ?? [:]
        #expect("\(kept["variants"] ?? "")" == "\(named)", "\(kept)")
        #expect(kept["value"] as? String == "50 %" && kept["readOnly"] as? Bool == true, "\(kept)")
        // Agreed: every key typed after the question is in the share ("60%": 3 to 2).
        #expect("\(report["agreed"] ?? "")" == "\([["Control", 3], ["Free week", 2]])", "\(report)")
        let unlocked = report["unlocked"] as? [String: Any] ?? [:]
        #expect(unlocked["value"] as? String == "60%" && unlocked["readOnly"] as? Bool == false, "\(unlocked)")
        #expect(unlocked["unlock"] as? Bool == false && unlocked["note"] is NSNull, "\(unlocked)")
        #expect(unlocked["keyNotes"] as? [String] == [] && unlocked["described"] as? [String] == [], "\(unlocked)")
        let editable = unlocked["look"] as? [String: Any]
        #expect(editable?["cursor"] as? String != "default" && editable?["differs"] as? Bool == false, "\(unlocked)")
        #expect(report["askedAgain"] as? Bool == false, "\(report)")
        // Once per message in the page: the editor opened again does not lock or ask again.
        let reopened = report["reopened"] as? [String: Any] ?? [:]
        #expect(reopened["readOnly"] as? Bool == false && reopened["unlock"] as? Bool == false, "\(reopened)")
        let add = report["addQuestion"] as? [String: Any] ?? [:]
        #expect((add["text"] as? String ?? "").hasPrefix("Add a variant to a test that has results?"), "\(add)")
        #expect(report["afterAdd"] as? Int == 2, "\(report)")
        #expect(
            (report["deleteText"] as? String ?? "").hasSuffix(
                " It has results: their counts stay in the results database, but the report will show them under "
                    + "an unknown message #2, without its title, its variants' names or its buttons' titles."),
            "\(report)")
    }

    /// Issue 41's leftovers, 1: the JSON box is guarded as the form is. With results, variants swapped there
    /// are refused at Save in the form's words (the notice goes once the JSON puts them back); other shares
    /// ask the form's question, and nothing is saved when the author keeps them; a new event given to the
    /// first button there reaches its German copy once the box is left, as from the form.
    @Test
    func theJSONBoxIsGuardedAsTheFormIs() throws {
        let directory = try TemporaryDirectory()
        // A results database at a path a shell needs quoted: the split's words give `report` the whole command.
        let database = directory.url.appendingPathComponent("my results.sqlite").path
        let server = try Self.servePaywallTest(in: directory, options: ["--results", database])
        defer { server.stop() }
        let onDisk = try String(contentsOf: directory.url.appendingPathComponent("messages.json"), encoding: .utf8)
        let report = try Self.drive(server, "jsonBox", ["id": "2"])
        let swapped = report["swapped"] as? [String: Any] ?? [:]
        let refusal =
            "This test has results: moving or removing a variant would mix them up, because results are kept by "
            + "each variant's place in the list. To change the test, duplicate the message and start a new one with the copy."
        #expect(swapped["notice"] as? String == refusal, "\(swapped)")
        #expect(swapped["status"] as? String == "Not saved: a variant of this test is moved or removed.", "\(swapped)")
        #expect(swapped["focus"] as? String == "con-json", "\(swapped)")
        #expect(report["notice"] is NSNull, "\(report)")
        let shares = report["shares"] as? [String: Any] ?? [:]
        #expect(shares["title"] as? String == "This test has results", "\(shares)")
        #expect(
            (shares["text"] as? String ?? "").hasPrefix("Change the shares of a test that has results?"), "\(shares)")
        #expect((shares["status"] as? String ?? "").hasPrefix("Not saved: the split is as you edited it."), "\(shares)")
        let followed = report["followed"] as? [String: Any] ?? [:]
        let draft = followed["draft"] as? [String: Any] ?? [:]
        let german =
            ((draft["localizations"] as? [String: Any])?["de"] as? [String: Any])?["buttons"] as? [[String: Any]]
        #expect("\(german?.first?["action"] ?? "")" == "\(["event": "open_paywall"])", "\(followed)")
        #expect(
            followed["status"] as? String
                == "The first button does the same in German: their copies of it did what it did before.", "\(followed)"
        )
        #expect((report["saved"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        // The split changed: the status says from when it holds and how to read the new split alone; the
        // list's results line says it too (for this page: the results database does not record it).
        let split = report["split"] as? [String: Any] ?? [:]
        let status = split["status"] as? String ?? ""
        #expect(status.hasPrefix("Saved to messages.json. "), "\(split)")
        // The command that works as shown: the database and the feed as serve was given them, quoted for a
        // shell, from the first whole day of the new split; the change's own day is said to be mixed.
        let feedPath = directory.url.appendingPathComponent("messages.json").path
        let command = "appalert report --database '\(database)' --feed \(feedPath) --since "
        let moment = try #require(
            status.range(of: #"\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC"#, options: .regularExpression).map {
                String(status[$0])
            }, "\(split)")
        let day = String(moment.prefix(10))
        let days = ISO8601DateFormatter()
        days.formatOptions = [.withFullDate]
        let next = try #require(days.date(from: day).map { days.string(from: $0.addingTimeInterval(86_400)) })
        #expect(
            status.contains(
                "The new split holds from \(moment); the results so far are of the old split, and the counts of \(day) "
                    + "mix the two. To compare the variants on the new split alone, from its first whole day: "
                    + command + next + " (the results database does not record the change: note the date)."),
            "\(split)")
        #expect(
            split["line"] as? String
                == "New split from \(moment) (saved in this page; the counts of \(day) mix the two): compare the "
                + "variants with " + command + next + ".", "\(split)")
        let saved = try String(contentsOf: directory.url.appendingPathComponent("messages.json"), encoding: .utf8)
        #expect(saved != onDisk)
        #expect(!saved.contains("show_paywall"), "\(saved)")
        let control = try #require(saved.range(of: "\"name\": \"Control\""), "\(saved)")
        let freeWeek = try #require(saved.range(of: "\"name\": \"Free week\""), "\(saved)")
        #expect(control.lowerBound < freeWeek.lowerBound, "\(saved)")
    }

    /// Without results: a variant's first button shows the message's (its title in grey, "Does" the
    /// message's event); a title typed there writes the message's buttons with only that title changed; the
    /// message's button's new event reaches the German copy and the variant's; removing a variant with its
    /// own title asks, and the focus lands on the next variant's name, not on another Remove.
    @Test
    func aVariantsButtonsStartFromTheMessagesAndANewActionReachesEveryCopy() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.servePaywallTest(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "buttons", ["id": "2"])
        let first = report["firstButton"] as? [String: Any] ?? [:]
        #expect(first["legend"] as? String == "First button (the message's)", "\(first)")
        #expect(first["title"] as? String == "", "\(first)")
        #expect(first["placeholder"] as? String == "Start free trial", "\(first)")
        #expect(first["does"] as? String == "event", "\(first)")
        #expect(first["target"] as? String == "show_paywall", "\(first)")
        let typed = report["typed"] as? [[String: Any]] ?? []
        #expect(typed.count == 2, "\(typed)")
        #expect(typed.first?["title"] as? String == "Claim my free week", "\(typed)")
        #expect("\(typed.first?["action"] ?? "")" == "\(["event": "show_paywall"])", "\(typed)")
        #expect(typed.last?["title"] as? String == "Not now", "\(typed)")
        let followed = report["followed"] as? [String: Any] ?? [:]
        let german = (followed["localizations"] as? [String: Any])?["de"] as? [String: Any]
        let germanButtons = german?["buttons"] as? [[String: Any]] ?? []
        #expect("\(germanButtons.first?["action"] ?? "")" == "\(["event": "open_paywall"])", "\(followed)")
        let variants = followed["variants"] as? [[String: Any]] ?? []
        let variantButtons = variants.first?["buttons"] as? [[String: Any]] ?? []
        #expect("\(variantButtons.first?["action"] ?? "")" == "\(["event": "open_paywall"])", "\(followed)")
        #expect(
            report["status"] as? String
                == "The first button does the same in German, variant “Control” (A): their copies of it did what it did before.",
            "\(report)")
        let question = report["removeQuestion"] as? [String: Any] ?? [:]
        #expect(question["title"] as? String == "Remove variant “Free week” (B)?", "\(question)")
        #expect((report["keptVariants"] as? [Any])?.count == 2, "\(report)")
        let removed = report["removed"] as? [String: Any] ?? [:]
        #expect((removed["variants"] as? [Any])?.count == 1, "\(removed)")
        #expect(removed["focus"] as? String == "variants[0].name INPUT", "\(removed)")
    }

    /// The form's words: "Add an attribute"; a conversion's error names withinHours and a share's says what
    /// is accepted; a link switched to an event starts the event name empty, its error there and without
    /// validate's "the message is left out"; a variant's German fields name the variant; a duplicate's
    /// notice goes once its app version range differs; "Make it an A/B test" lands on variant A's name.
    @Test
    func theFormsErrorsAndLabelsSayWhatTheyConcernInThePersonsWords() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.servePaywallTest(in: directory)
        defer { server.stop() }
        let report = try Self.drive(server, "wording", ["id": "2"])
        #expect(
            report["adds"] as? [String] == [
                "Add a step", "Add an attribute", "Add a feature", "Add an entry", "Add a feature", "Add a feature",
            ],
            "\(report)")
        #expect(
            report["conversion"] as? [String] == [
                "Conversion: a whole number of hours from 1 to 720 (30 days), like 72. (JSON: conversion.withinHours)"
            ], "\(report)")
        #expect(
            report["share"] as? [String] == [
                "Share: a number above 0 and below 100, like 50. (JSON: variants[0].weight)"
            ],
            "\(report)")
        // Saved while that error showed, the file would have kept the old split under the "Saved" of before.
        let shareSave = report["shareSave"] as? [String: Any] ?? [:]
        #expect(
            shareSave["status"] as? String
                == "Not saved: Share: a number above 0 and below 100, like 50. Fix the field marked first; the file "
                + "keeps what it had.", "\(shareSave)")
        #expect((shareSave["focus"] as? String ?? "").hasPrefix("variants[0]"), "\(shareSave)")
        let switched = report["switched"] as? [String: Any] ?? [:]
        #expect(switched["value"] as? String == "", "\(switched)")
        #expect(switched["label"] as? String == "Event name", "\(switched)")
        let atTarget = switched["atTarget"] as? [String] ?? []
        #expect(atTarget.count == 1 && atTarget[0].hasPrefix("Error: Event name: "), "\(switched)")
        #expect(atTarget.first?.hasSuffix(". (JSON: buttons[0].action.event)") == true, "\(switched)")
        #expect(!(atTarget.first ?? "").contains("left out"), "\(switched)")
        #expect(switched["atDoes"] as? [String] == [], "\(switched)")
        #expect(
            report["translationLabel"] as? String == "Title (German), variant “Free week” (B)", "\(report)")
        let duplicate = report["duplicate"] as? [String: Any] ?? [:]
        #expect((duplicate["notice"] as? String ?? "").hasPrefix("The copy competes with message #2"), "\(duplicate)")
        #expect(duplicate["after"] is NSNull, "\(duplicate)")
        #expect(duplicate["range"] as? String == "<2.0", "\(duplicate)")
        #expect(report["abFocus"] as? String == "variants[0].name", "\(report)")
    }
}
