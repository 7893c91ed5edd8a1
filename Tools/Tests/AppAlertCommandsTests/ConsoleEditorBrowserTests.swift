import Foundation
import TestSupport
import Testing

/// The console's editors (issue 41 §1) in headless Chromium, driven by `console-editors.mjs` through
/// `console-browser.mjs`: an A/B test, the rows editors and a new modal's variant and translated buttons,
/// each made with no JSON typed, saved, and the file compared with what the format writes, exactly. In
/// ``ConsoleBrowserTests`` (serialized, with its Chromium and Node).
extension ConsoleBrowserTests {
    /// An A/B test made with no JSON typed: a 50% rollout, start and end dates, a conversion in days, two
    /// named variants whose shares are typed as percentages, German for the message and for a variant
    /// (chosen by name; empty cells showing what they fall back to). The file changes only in message 1,
    /// exactly as the format writes it; opened again, Start and End read as typed (issue 41's leftovers, 3).
    @Test
    func anABTestWithNamedVariantsGermanAConversionAndARolloutIsMadeInTheFormAndSavedExactly() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/images")
        let report = try Self.drive(
            server, "abTest",
            [
                "id": "1", "out": images.path, "start": "2027-01-15", "end": "2027-02-15 09:00",
                "variantTitle": "Pro, 30% off",
                "germanTitle": "App-Hinweis", "germanText": "Warnung: Es gibt einen Fehler.",
                "variantGermanTitle": "Pro, 30 % günstiger",
            ])
        #expect((report["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        #expect(report["errors"] as? [String] == [], "\(report)")
        // Opened again, Start and End read as they were typed; typed back, they write the same JSON.
        let reopened = report["reopened"] as? [String: Any] ?? [:]
        let shown = reopened["shown"] as? [String: String] ?? [:]
        #expect(shown["startDate"] == "2027-01-15", "\(reopened)")
        #expect(shown["endDate"] == "2027-02-15 09:00", "\(reopened)")
        #expect(reopened["same"] as? Bool == true, "\(reopened)")
        #expect(report["rolloutNote"] as? String == "Written as 50.")
        #expect(report["rolloutError"] as? String == "Rollout: a number from 0 to 100, like 50. (JSON: rollout)")
        // Unnamed variants are A and B; named, the name comes first and the letter stays.
        #expect(report["legends"] as? [String] == ["Variant A", "Variant B"], "\(report)")
        #expect(
            report["legendsAfter"] as? [String] == ["Variant “Control” (A)", "Variant “Discount” (B)"], "\(report)")
        // 75% for A makes the weights 3 and 1 and B's share 25 %; 50 makes them 1 and 1 again.
        let shares = report["shares"] as? [String: Any] ?? [:]
        #expect(shares["weights"] as? [Int] == [3, 1], "\(shares)")
        #expect(shares["other"] as? String == "25 %", "\(shares)")
        #expect(shares["back"] as? [Int] == [1, 1], "\(shares)")
        // A third variant moved up is B (the focus stays on its Move up); removed, the two stay as they were.
        let moved = report["moved"] as? [String: Any] ?? [:]
        #expect(moved["names"] as? [String] == ["Control", "Third", "Discount"], "\(moved)")
        #expect(moved["focus"] as? String == "variants[1] up", "\(moved)")
        #expect(
            moved["legends"] as? [String] == [
                "Variant “Control” (A)", "Variant “Third” (B)", "Variant “Discount” (C)",
            ], "\(moved)")
        #expect(moved["after"] as? [String] == ["Control", "Discount"], "\(moved)")
        // A variant's empty title shows the message's.
        #expect(report["variantPlaceholder"] as? String == "App Alert")
        #expect(report["inheritedConversion"] as? [String] == ["purchase", "3 days"], "\(report)")
        #expect(report["offered"] as? [String] == ["English (en)", "German (de)"], "\(report)")
        // An empty German cell shows the message's title; the variant's, the message's German text.
        #expect(report["fallback"] as? String == "App Alert")
        #expect(report["variantFallback"] as? String == "Warnung: Es gibt einen Fehler.")
        let written = """
                  "confirmLabel": "OK",
                  "startDate": "2027-01-15T00:00:00Z",
                  "endDate": "2027-02-15T09:00:00Z",
                  "rollout": 50,
                  "localizations": {
                    "de": {
                      "title": "App-Hinweis",
                      "text": "Warnung: Es gibt einen Fehler."
                    }
                  },
                  "variants": [
                    {
                      "name": "Control",
                      "weight": 1
                    },
                    {
                      "name": "Discount",
                      "weight": 1,
                      "title": "Pro, 30% off",
                      "conversion": {
                        "event": "purchase",
                        "withinHours": 24
                      },
                      "localizations": {
                        "de": {
                          "title": "Pro, 30 % günstiger"
                        }
                      }
                    }
                  ],
                  "conversion": {
                    "event": "purchase",
                    "withinHours": 72
                  }
            """
        let expected = try Self.replacingFirst("      \"confirmLabel\": \"OK\"", with: written, in: before)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
    }

    /// The rows editors write the format's values: a rollout schedule (dates and percents as typed) in place
    /// of the rollout, an event trigger, attributes ("is one of" a list, a number), data, languages by name,
    /// and as a banner a tap action and a feature; the file changes only there. A value the rows cannot show is left to the JSON box.
    @Test
    func rowsForTheScheduleTriggerAttributesAndDataAreWrittenAsTheFormatHasThem() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(server, "rowsEditors", ["id": "3"])
        #expect((report["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        #expect(report["errors"] as? [String] == [], "\(report)")
        #expect(
            report["percentError"] as? String
                == "Rollout schedule, row 2: a number from 0 to 100, like 50. (JSON: rolloutSchedule[1].percent)")
        let written = """
                  "locales": [
                    "en",
                    "de"
                  ],
                  "rolloutSchedule": [
                    {
                      "at": "2027-01-15T00:00:00Z",
                      "percent": 10
                    },
                    {
                      "at": "2027-01-20T08:00:00Z",
                      "percent": 100
                    }
                  ],
                  "trigger": {
                    "event": "export.done"
                  },
                  "attributes": {
                    "plan": [
                      "free",
                      "trial"
                    ],
                    "level": 3
                  },
                  "data": {
                    "screen": "paywall"
                  }
            """
        // Each key in its documented place: the layout after the apps, the tap action and the feature after
        // the text, the rest where the rollout was.
        let apps = "      \"bundleIds\": [\"com.createchsol.AppAlertExample\", \"com.createchsol.Notes\"],\n"
        let text = "      \"text\": \"Sync is paused for maintenance on Sunday from 02:00 to 04:00 UTC.\",\n"
        let banner = """
                  "action": {
                    "url": "https://example.com/sync"
                  },
                  "features": [
                    {
                      "title": "Folders",
                      "symbol": "folder"
                    }
                  ],

            """
        let placed = try Self.replacingFirst(
            text, with: text + banner,
            in: try Self.replacingFirst(apps, with: apps + "      \"layout\": \"banner\",\n", in: before))
        let expected = try Self.replacingFirst("      \"rollout\": 50", with: written, in: placed)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == expected)
        // A word that is not a language is said at the field and never written ("Deutsch" is a well-formed tag).
        let unknown = report["unknownLanguage"] as? [String: Any] ?? [:]
        #expect(
            (unknown["error"] as? String ?? "").hasPrefix("Languages: “Deutsch” is not a language this form knows"),
            "\(unknown)")
        #expect(unknown["locales"] is NSNull, "\(unknown)")
        // Opened again, the languages by name and the schedule's days as typed; typed back, the same JSON.
        let reopened = report["reopened"] as? [String: Any] ?? [:]
        let shown = reopened["shown"] as? [String: String] ?? [:]
        #expect(shown["locales"] == "English, German", "\(reopened)")
        #expect(shown["rolloutSchedule[0].at"] == "2027-01-15", "\(reopened)")
        #expect(shown["rolloutSchedule[1].at"] == "2027-01-20 08:00", "\(reopened)")
        #expect(reopened["same"] as? Bool == true, "\(reopened)")
        let fromJSON = report["fromJSON"] as? [String: Any] ?? [:]
        #expect((fromJSON["attributesHint"] as? String ?? "").hasPrefix("This value has a shape"), "\(fromJSON)")
        #expect(fromJSON["data"] as? [String] == ["coupon", "SPRING26"], "\(fromJSON)")
    }

    /// A new modal made an A/B test: variant B's own first button with its link (the message's second
    /// button kept beside it, as the variant's buttons start from the message's), German for the message
    /// with both buttons' titles (the translated list keeps the first button's link), French added and
    /// removed again. The feed gains exactly that message.
    @Test
    func aNewModalGetsAVariantsOwnButtonAndGermanButtonTitlesThatKeepTheirActions() throws {
        let directory = try TemporaryDirectory()
        let (file, server) = try Self.serveExample(in: directory)
        defer { server.stop() }
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let report = try Self.drive(server, "newModal", ["id": "1"])
        #expect((report["status"] as? String ?? "").hasPrefix("Saved"), "\(report)")
        #expect(report["errors"] as? [String] == [], "\(report)")
        #expect(report["buttonFallback"] as? String == "Not now")
        #expect(report["languages"] as? [String] == ["German (de)"], "\(report)")
        let added = """
                },
                {
                  "id": 7,
                  "bundleId": "com.createchsol.AppAlertExample",
                  "layout": "modal",
                  "title": "Go Pro",
                  "text": "All your notes, everywhere.",
                  "buttons": [
                    {
                      "title": "Try it",
                      "action": {
                        "url": "https://example.com/pro"
                      }
                    },
                    {
                      "title": "Not now"
                    }
                  ],
                  "localizations": {
                    "de": {
                      "title": "Pro holen",
                      "text": "Alle Notizen, überall.",
                      "buttons": [
                        {
                          "title": "Ausprobieren",
                          "action": {
                            "url": "https://example.com/pro"
                          }
                        },
                        {
                          "title": "Später"
                        }
                      ]
                    }
                  },
                  "variants": [
                    {
                      "weight": 1
                    },
                    {
                      "name": "Discount",
                      "weight": 1,
                      "buttons": [
                        {
                          "title": "Get Pro, 30% off",
                          "action": {
                            "url": "https://example.com/pro?offer=30"
                          }
                        },
                        {
                          "title": "Not now"
                        }
                      ]
                    }
                  ]
                }
              ]
            }

            """
        let end = try #require(before.range(of: "    }\n  ]\n}\n", options: .backwards))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before[..<end.lowerBound] + added)
    }
}
