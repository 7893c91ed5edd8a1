@_spi(Authoring) import AppAlert
import Foundation
import TestSupport
import Testing

/// The `serve --dev` gallery and simulator draw each layout as a phone would, in light and dark, in a
/// real browser (headless Chromium), with images from a local server (one of them missing). Inside each
/// phone is the web client's drawing of the message (its still picture, in a shadow root): what it
/// shows is read with `page-audit.mjs phones`, which serializes those shadow roots.
@Suite(.serialized)
struct RichPreviewTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func feed(images: String) -> String {
        #"""
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "com.example.Notes", "title": "Scheduled maintenance", "text": "Sync pauses on Sunday from 02:00 to 03:00 UTC.",
           "link": {"title": "Details", "url": "https://example.com/status"}},
          {"id": 2, "bundleId": "com.example.Notes", "title": "Your trial ends in 3 days", "text": "Keep every feature with Pro.",
           "layout": "banner", "bannerSeconds": 6, "action": {"event": "show-paywall"},
           "image": {"url": "\#(images)/pro.png", "alt": "The Pro badge"}},
          {"id": 3, "bundleId": "com.example.Notes", "title": "Folders are here", "text": "Group your notes in folders.",
           "layout": "modal",
           "image": {"url": "\#(images)/folders.png", "alt": "Three folders", "darkUrl": "\#(images)/folders-dark.png"},
           "buttons": [{"title": "Try it", "action": {"url": "https://example.com/folders"}}, {"title": "Not now"}],
           "colors": {"background": "#FFFFFF", "text": "#1C1C1E", "accent": "#0A66C2",
                      "dark": {"background": "#1C1C1E", "text": "#F2F2F7", "accent": "#4DA3FF"}}},
          {"id": 4, "bundleId": "com.example.Notes", "title": "What's new in 3.0", "text": "The biggest update so far.",
           "layout": "sheet", "buttons": [{"title": "Continue"}],
           "features": [{"title": "Folders", "text": "Keep related notes together.", "symbol": "folder"}, {"title": "Search"}],
           "localizations": {"ar": {"title": "ما الجديد في الإصدار 3.0", "text": "هذا أكبر تحديث حتى الآن.",
             "features": [{"title": "المجلدات", "symbol": "folder"}], "buttons": [{"title": "متابعة"}]}}},
          {"id": 5, "bundleId": "com.example.Notes", "title": "Spring sale", "text": "Pro for half the price.",
           "layout": "image", "action": {"url": "https://example.com/sale"},
           "image": {"url": "\#(images)/sale.png", "alt": "Spring sale: Pro for half the price"}},
          {"id": 6, "bundleId": "com.example.Notes", "title": "Tip", "text": "Swipe left to pin a note.", "layout": "banner",
           "placement": "home-top", "image": {"url": "\#(images)/missing.png", "alt": "A pinned note"}},
          {"id": 7, "bundleId": "com.example.Notes", "title": "Welcome to Notes 3", "text": "Everything new, in one place.",
           "placement": "inbox", "localizations": {"de": {"title": "Willkommen bei Notes 3"}}},
          {"id": 8, "bundleId": "com.example.Notes", "title": "גרסה 3 של Notes זמינה", "text": "תיקיות, חיפוש ועוד.", "layout": "modal",
           "buttons": [{"title": "סגירה"}]},
          {"id": 9, "bundleId": "com.example.Notes", "title": "Try Pro free for a week", "text": "Every feature, no card needed.",
           "layout": "modal", "buttons": [{"title": "Start the trial", "action": {"event": "start-trial"}}, {"title": "Not now"}],
           "variants": [{"weight": 1},
                        {"weight": 1, "title": "A week of Pro, on us", "text": "Folders, search and sync: try them all.",
                         "buttons": [{"title": "Try Pro", "action": {"event": "start-trial"}}, {"title": "Later"}]}]}
        ]}
        """#
    }

    static let common = [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=10000",
    ]

    /// Every phone of the page holds a drawing (or says why it has none).
    static let phonesDrawn =
        "document.querySelectorAll('.phone').length > 0 && [...document.querySelectorAll('.phone .screen')]"
        + ".every((s) => s.shadowRoot?.querySelector('.root') || s.classList.contains('unavailable'))"
    /// And every picture in them is loaded, or replaced by its alt text.
    static let picturesSettled =
        phonesDrawn + " && [...document.querySelectorAll('.phone .screen')].every((s) => "
        + "[...(s.shadowRoot?.querySelectorAll('img') ?? [])].every((i) => i.complete && i.naturalWidth > 0))"

    /// The page at `url` once `ready` holds, as headless Chromium drew it: its HTML with the drawings'
    /// shadow roots (`<template shadowrootmode="open" …>` inside each phone's screen), and for each drawn
    /// phone its class, its message's id and the colors of the message's panel, text and first button.
    static func phones(_ url: String, scheme: String = "light", ready: String = phonesDrawn) async throws
        -> (dom: String, colors: [[String: String]])
    {
        let report = try await PageAccessibilityTests.audit(url, scheme: scheme, ready: ready, check: "phones")
        let colors = (report["phones"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
        return (report["dom"] as? String ?? "", colors)
    }

    /// The part of `dom` from the gallery card of message `id` to the next card.
    static func card(_ id: Int, in dom: String, entry: Int = 0) -> String {
        var rest = Substring(dom)
        for _ in 0...entry {
            guard let start = rest.range(of: "data-message=\"\(id)\"") else { return "" }
            rest = rest[start.upperBound...]
        }
        let end = rest.range(of: "data-message=")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test(.enabled(if: chromiumExecutable != nil && nodeExecutable != nil, "Chromium or Node is not installed"))
    func theGalleryDrawsEveryLayoutInLightAndDark() async throws {
        let png = try Data(
            contentsOf: Self.repository.appendingPathComponent("Tests/AppAlertTests/Fixtures/images/valid.png"))
        let images = try TestHTTPServer { request in
            request.path == "/missing.png"
                ? .response(status: 404) : .response(status: 200, headers: ["Content-Type": "image/png"], body: png)
        }
        defer { images.stop() }
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed(images: images.baseURL))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let (dom, colors) = try await Self.phones("http://127.0.0.1:\(server.port)/", ready: Self.picturesSettled)

        // Grouped by placement, launch first.
        let launch = try #require(dom.range(of: ">At launch</h3>")?.lowerBound)
        let slot = try #require(dom.range(of: ">Slot home-top</h3>")?.lowerBound)
        let inbox = try #require(dom.range(of: ">Inbox</h3>")?.lowerBound)
        #expect(launch < slot && slot < inbox)

        for (id, layout) in [(1, "alert"), (2, "banner"), (3, "modal"), (4, "sheet"), (5, "image")] {
            let card = Self.card(id, in: dom)
            #expect(card.contains("class=\"phone light layout-\(layout)\""), "\(id): \(card.prefix(400))")
            #expect(card.contains("class=\"phone dark layout-\(layout)\""), "\(id)")
        }
        // A still picture: nothing in a phone is a dialog, a heading or a control (the page's one button is
        // the simulator's).
        #expect(
            !dom.contains("aria-modal") && !dom.contains("role=\"dialog\"") && !dom.contains("role=\"alertdialog\""))
        #expect(dom.components(separatedBy: "<button").count == 2, "\(dom.components(separatedBy: "<button").count)")
        #expect(!dom.contains("<h2 class=\"title"))

        let alert = Self.card(1, in: dom)
        #expect(alert.contains("<div class=\"title\">Scheduled maintenance</div>"), "\(alert.prefix(1200))")
        #expect(
            alert.contains(
                "<div class=\"buttons\"><span class=\"button\">Details</span><span class=\"button\">OK</span></div>"))

        let banner = Self.card(2, in: dom)
        #expect(banner.contains("src=\"\(images.baseURL)/pro.png\""))
        #expect(banner.contains("alt=\"The Pro badge\""))
        // What the picture cannot show is said under it.
        #expect(banner.contains("<div class=\"note\">leaves after 6 s · tap: event show-paywall</div>"))

        // The modal: the dark phone draws the dark image and the dark colors, the light one the light.
        let modal = Self.card(3, in: dom)
        let darkModal = String(modal[try #require(modal.range(of: "phone dark")).lowerBound...])
        #expect(darkModal.contains("src=\"\(images.baseURL)/folders-dark.png\""))
        #expect(
            !modal.prefix(upTo: try #require(modal.range(of: "phone dark")).lowerBound).contains("folders-dark.png"))
        let modalColors = colors.filter { $0["message"] == "3" }
        #expect(
            modalColors.map { [$0["phone"], $0["background"], $0["text"], $0["button"]] } == [
                ["phone light layout-modal", "rgb(255, 255, 255)", "rgb(28, 28, 30)", "rgb(10, 102, 194)"],
                ["phone dark layout-modal", "rgb(28, 28, 30)", "rgb(242, 242, 247)", "rgb(77, 163, 255)"],
            ], "\(modalColors)")
        // Without colors of its own, a message is drawn in the web client's light and dark colors.
        #expect(
            colors.filter { $0["message"] == "1" }.map { [$0["background"], $0["text"]] } == [
                ["rgb(255, 255, 255)", "rgb(28, 28, 30)"], ["rgb(28, 28, 30)", "rgb(242, 242, 247)"],
            ], "\(colors)")
        #expect(modal.contains("<span class=\"button\">Try it</span><span class=\"button\">Not now</span>"))
        // What a button does is in the phone's name (the picture shows the button as the app does).
        #expect(modal.contains("buttons: Try it (opens https://example.com/folders), Not now (closes)."))

        let sheet = Self.card(4, in: dom)
        #expect(
            sheet.contains(
                "<ul class=\"features\"><li><strong>Folders</strong><span>Keep related notes together.</span></li>"
                    + "<li><strong>Search</strong></li></ul>"), "\(sheet.prefix(1500))")
        #expect(sheet.contains("dir=\"ltr\""))
        // The Arabic localization is drawn right to left, in its language.
        let arabic = Self.card(4, in: dom, entry: 1)
        #expect(arabic.contains("dir=\"rtl\""), "\(arabic.prefix(400))")
        #expect(arabic.contains("class=\"root sheet still\" dir=\"rtl\" lang=\"ar\""), "\(arabic.prefix(1500))")
        #expect(arabic.contains("<li><strong>المجلدات</strong></li>"))
        // A base text in Hebrew, with no localization to name its language, is right to left by its
        // first letter, as an app lays it out.
        #expect(
            Self.card(8, in: dom).contains("class=\"root modal still\" dir=\"rtl\""),
            "\(Self.card(8, in: dom).prefix(1500))")

        let image = Self.card(5, in: dom)
        #expect(image.contains("src=\"\(images.baseURL)/sale.png\""))
        #expect(image.contains("<span class=\"close\">×</span>"))
        #expect(image.contains("<div class=\"note\">tap: opens https://example.com/sale</div>"))
        // An image that cannot be loaded is replaced by its alt text.
        let missing = Self.card(6, in: dom)
        #expect(missing.contains("<div class=\"missing\">A pinned note</div>"), "\(missing.prefix(1500))")
        #expect(images.requests.contains { $0.path == "/missing.png" })
    }

    /// Where the browser tests leave their screenshots: the source of docs/images (cropped and
    /// compressed by hand).
    static let artifacts = repository.appendingPathComponent("Tools/.build/test-artifacts")

    /// Takes a screenshot of `url` at `size` (`WIDTH,HEIGHT`) as `artifacts/NAME.png`.
    static func screenshot(_ name: String, of url: String, size: String) throws {
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let shot = artifacts.appendingPathComponent("\(name).png")
        try? FileManager.default.removeItem(at: shot)
        let result = try AppAlertProcess.run(
            common + ["--window-size=\(size)", "--screenshot=\(shot.path)", url], executable: chromiumExecutable!)
        #expect(result.status == 0)
        #expect(Array(try Data(contentsOf: shot).prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "\(name)")
    }

    /// Writes layout-NAME.png (each layout's card, light and dark side by side), gallery.png (the top
    /// of the page), preview-variants.png (a message's two variants) and preview-inbox.png (an inbox
    /// item's row and the card it opens).
    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func screenshotsOfTheGalleryAndEachLayout() throws {
        let png = try Data(
            contentsOf: Self.repository.appendingPathComponent("Tests/AppAlertTests/Fixtures/images/valid.png"))
        let images = try TestHTTPServer { _ in .response(status: 200, body: png) }
        defer { images.stop() }
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed(images: images.baseURL))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let page = "http://127.0.0.1:\(server.port)/"
        for (id, layout) in [(1, "alert"), (2, "banner"), (3, "modal"), (4, "sheet"), (5, "image")] {
            try Self.screenshot("layout-\(layout)", of: page + "?message=\(id)", size: "620,640")
        }
        try Self.screenshot("gallery", of: page, size: "1200,1500")
        try Self.screenshot("preview-variants", of: page + "?message=9", size: "1200,600")
        try Self.screenshot("preview-inbox", of: page + "?message=7", size: "820,560")
    }

    /// The DOM of `serve --dev`'s page for `feed`, as headless Chromium built it, with the phones' drawings.
    static func dom(of feed: String) async throws -> String {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", feed)
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        return try await phones("http://127.0.0.1:\(server.port)/").dom
    }

    @Test(.enabled(if: chromiumExecutable != nil && nodeExecutable != nil, "Chromium or Node is not installed"))
    func everyVariantIsDrawnWithItsLabelInEachOfItsLanguages() async throws {
        let dom = try await Self.dom(
            of: #"""
                {"format": 2, "messages": [
                  {"id": 9, "bundleId": "a", "title": "Try Pro", "text": "All features.", "layout": "modal",
                   "buttons": [{"title": "Start"}],
                   "localizations": {"de": {"title": "Pro testen"}},
                   "variants": [{"weight": 1},
                                {"weight": 2, "title": "Go Pro today", "localizations": {"de": {"title": "Heute Pro"}, "fr": {"title": "Pro aujourd'hui"}}}]}
                ]}
                """#)
        // Variant 1 (the message's localizations: de), then variant 2 (its own: de and fr).
        let cards = (0..<5).map { Self.card(9, in: dom, entry: $0) }
        #expect(Self.card(9, in: dom, entry: 5).isEmpty)
        let expected: [(variant: Int, language: String?, title: String)] = [
            (0, nil, "Try Pro"), (0, "de", "Pro testen"), (1, nil, "Go Pro today"), (1, "de", "Heute Pro"),
            (1, "fr", "Pro aujourd'hui"),
        ]
        for (card, want) in zip(cards, expected) {
            #expect(card.hasPrefix(" data-layout=\"modal\" data-variant=\"\(want.variant)\""), "\(card.prefix(200))")
            // By letter and share, as the person who set up the test reads it (no index, no weight).
            let share = want.variant == 0 ? "1 of 3 shares (33.33%)" : "2 of 3 shares (66.67%)"
            #expect(
                card.contains(
                    "<span class=\"badge variant\">variant \(["A", "B"][want.variant]), \(share)</span>"),
                "\(card.suffix(600))")
            // Light and dark, each with the variant's words in the language.
            #expect(card.components(separatedBy: "<div class=\"title\">\(want.title)</div>").count == 3, "\(want)")
            if let language = want.language {
                #expect(card.contains("<span class=\"badge lang\">\(language)</span>"))
            } else {
                #expect(!card.contains("badge lang"))
            }
        }
    }

    @Test(.enabled(if: chromiumExecutable != nil && nodeExecutable != nil, "Chromium or Node is not installed"))
    func anInboxItemIsDrawnAsItsRowInTheInboxAndAsTheCardItOpens() async throws {
        let dom = try await Self.dom(of: Self.feed(images: "https://example.com"))
        for (entry, title, inbox) in [
            (0, "Welcome to Notes 3", "Messages"), (1, "Willkommen bei Notes 3", "Nachrichten"),
        ] {
            let card = Self.card(7, in: dom, entry: entry)
            // Not as a system alert: its row, in light and dark, in the inbox titled in its language.
            #expect(!card.contains("layout-alert"), "\(card.prefix(600))")
            for appearance in ["light", "dark"] {
                #expect(
                    card.contains(
                        "<div class=\"phone \(appearance) inbox-row\" dir=\"ltr\" role=\"img\" aria-label=\"\(inbox), an "
                            + "unread row (\(appearance)): \(title). Everything new, in one place.\"><div class=\"inbox\">"
                            + "<div class=\"nav\">\(inbox)</div><div class=\"row message\"><div class=\"unread\""),
                    "\(card.prefix(900))")
            }
            #expect(
                card.components(
                    separatedBy: "<div class=\"unread\" aria-label=\"unread\"></div><div><div class=\"title\">\(title)"
                        + "</div><div class=\"text\">Everything new, in one place.</div></div>"
                ).count == 3)
            // Then the card a tap opens: a modal that closes with the confirm button.
            let opened = String(card[try #require(card.range(of: "class=\"phone light layout-modal\"")).lowerBound...])
            #expect(opened.contains("<div class=\"title\">\(title)</div>"))
            #expect(opened.contains("<div class=\"buttons\"><span class=\"button\">OK</span></div>"))
            #expect(opened.contains("buttons: OK (closes)."))
            #expect(opened.contains("<div class=\"appearance\">opened</div>"))
        }
        let german = Self.card(7, in: dom, entry: 1)
        #expect(german.contains("<span class=\"badge lang\">de</span>"))
    }

    /// Under a dimmed layout the "light"/"dark" caption was grey on grey. Measured in the browser: each
    /// caption, and each note under a phone, has an opaque background of its own and its text on it at
    /// least 4.5:1 (WCAG 2.x).
    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func everyPhonesAppearanceCaptionIsReadable() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed(images: "https://example.invalid"))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        // The page as served, with a script after its own that measures what the browser computed.
        let page = String(decoding: try server.get("/").2, as: UTF8.self)
        let measure = #"""
            <script>
            (function () {
              function color(text) {
                var v = text.match(/[\d.]+/g).map(Number);
                return { rgb: v.slice(0, 3), alpha: v.length > 3 ? v[3] : 1 };
              }
              function luminance(rgb) {
                var c = rgb.map(function (x) { x /= 255; return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });
                return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
              }
              var lines = [];
              document.querySelectorAll(".phone .appearance, .phone .note").forEach(function (node) {
                var style = getComputedStyle(node);
                var text = color(style.color), background = color(style.backgroundColor);
                var a = luminance(text.rgb), b = luminance(background.rgb);
                var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
                lines.push(node.parentNode.className + "|" + node.textContent + "|" + background.alpha + "|" + ratio.toFixed(2));
              });
              var out = document.createElement("pre");
              out.id = "measured";
              out.textContent = lines.join("\n");
              document.body.appendChild(out);
            })();
            </script>
            """#
        let measured = try directory.write(
            "page.html", page.replacingOccurrences(of: "</body>", with: measure + "</body>"))
        let dom = try AppAlertProcess.run(
            Self.common + ["--window-size=1400,1000", "--dump-dom", URL(fileURLWithPath: measured).absoluteString],
            executable: chromiumExecutable!
        ).standardOutput
        let start = try #require(dom.range(of: "<pre id=\"measured\">")).upperBound
        let end = try #require(dom[start...].range(of: "</pre>")).lowerBound
        let rows = dom[start..<end].split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        // Every gallery phone: 10 cards (message 4 and its localization, message 9's two variants) light
        // and dark, 2 inbox cards (the item and its localization) with their rows light and dark and the
        // card they open; and a note under the two banners and the picture message, light and dark.
        #expect(rows.count == 10 * 2 + 2 * 3 + 3 * 2, "\(rows)")
        for row in rows {
            #expect(row.count == 4 && row[2] == "1", "\(row)")
            #expect((Double(row.last ?? "") ?? 0) >= 4.5, "\(row)")
        }
        #expect(rows.contains { $0[0] == "phone light layout-modal" && $0[1] == "light" })
        #expect(rows.contains { $0[0] == "phone dark layout-sheet" && $0[1] == "dark" })
        #expect(
            rows.contains {
                $0[0] == "phone dark layout-banner" && $0[1] == "leaves after 6 s · tap: event show-paywall"
            })
    }

    /// An edit that is not served is said at the top of the page, above the simulator, where the author
    /// looks; the page still draws the last good feed.
    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func theLastEditNotServedIsSaidAtTheTopOfThePage() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed(images: "https://example.com"))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        // Message 3's layout misspelt and its range written backwards.
        var broken = Self.feed(images: "https://example.com")
        broken.replaceSubrange(
            try #require(broken.range(of: #""layout": "modal","#)),
            with: #""layout": "modall", "appVersionRange": "=>2.0","#)
        try Data(broken.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        #expect(server.waitForLog("invalid edit not served"))
        let dom = try AppAlertProcess.run(
            Self.common + ["--window-size=1400,1000", "--dump-dom", "http://127.0.0.1:\(server.port)/"],
            executable: chromiumExecutable!
        ).standardOutput
        let notice = try #require(
            dom.range(of: "<section class=\"notice errors\"><h2>The last edit is not served</h2>"))
        let simulator = try #require(dom.range(of: "<section class=\"simulator\">"))
        let gallery = try #require(dom.range(of: "<h2 class=\"feed\">"))
        #expect(notice.lowerBound < simulator.lowerBound && simulator.lowerBound < gallery.lowerBound)
        // Nothing but the page's title and its line about reloading comes before it.
        let before = dom[..<notice.lowerBound]
        #expect(!before.contains("<section") && !before.contains("class=\"phone"))
        #expect(
            dom.contains(
                #"error: $.messages[2].layout (message 3): unknown layout "modall" (did you mean "modal"?); the "#
                    + #"message is left out"#))
        // The last good feed is still drawn.
        #expect(Self.card(3, in: dom).contains("class=\"phone light layout-modal\""))
        try Self.screenshot("preview-notice", of: "http://127.0.0.1:\(server.port)/", size: "1200,560")
    }
}
