import AppAlert
import Foundation
import TestSupport
import Testing

/// The `serve --dev` gallery and simulator draw each layout as a phone would, in light and dark, in a
/// real browser (headless Chromium), with images from a local server (one of them missing).
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
           "placement": "inbox"},
          {"id": 8, "bundleId": "com.example.Notes", "title": "גרסה 3 של Notes זמינה", "text": "תיקיות, חיפוש ועוד.", "layout": "modal",
           "buttons": [{"title": "סגירה"}]}
        ]}
        """#
    }

    static let common = [
        "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=10000",
    ]

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

    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func theGalleryDrawsEveryLayoutInLightAndDark() throws {
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
        let dom = try AppAlertProcess.run(
            Self.common + ["--window-size=1400,1000", "--dump-dom", "http://127.0.0.1:\(server.port)/"],
            executable: chromiumExecutable!
        ).standardOutput

        // Grouped by placement, launch first.
        let launch = try #require(dom.range(of: ">At launch</h3>")?.lowerBound)
        let slot = try #require(dom.range(of: ">Slot home-top</h3>")?.lowerBound)
        let inbox = try #require(dom.range(of: ">Inbox</h3>")?.lowerBound)
        #expect(launch < slot && slot < inbox)

        for (id, layout) in [(1, "alert"), (2, "banner"), (3, "modal"), (4, "sheet"), (5, "image"), (7, "alert")] {
            let card = Self.card(id, in: dom)
            #expect(card.contains("class=\"phone light layout-\(layout)\""), "\(id): \(card.prefix(400))")
            #expect(card.contains("class=\"phone dark layout-\(layout)\""), "\(id)")
        }
        let alert = Self.card(1, in: dom)
        #expect(alert.contains("<div class=\"title\">Scheduled maintenance</div>"))
        #expect(alert.contains("<div class=\"button\">Details</div><div class=\"button cancel\">OK</div>"))

        let banner = Self.card(2, in: dom)
        #expect(banner.contains("src=\"\(images.baseURL)/pro.png\""))
        #expect(banner.contains("alt=\"The Pro badge\""))
        #expect(banner.contains("leaves after 6 s · tap: event show-paywall"))

        // The modal: the dark phone draws the dark image and the dark colors.
        let modal = Self.card(3, in: dom)
        let darkModal = String(modal[try #require(modal.range(of: "phone dark")).lowerBound...])
        #expect(darkModal.contains("src=\"\(images.baseURL)/folders-dark.png\""))
        #expect(
            darkModal.contains("--background: #1C1C1E; --text: #F2F2F7; --accent: #4DA3FF;"), "\(darkModal.prefix(900))"
        )
        #expect(modal.contains("--background: #FFFFFF; --text: #1C1C1E; --accent: #0A66C2;"))
        #expect(
            modal.contains(
                "<div class=\"btn primary\" role=\"button\">Try it<span class=\"does\">opens https://example.com/folders</span></div>"
            ))
        #expect(modal.contains("<div class=\"btn\" role=\"button\">Not now<span class=\"does\">closes</span></div>"))

        let sheet = Self.card(4, in: dom)
        #expect(sheet.contains("<div class=\"title\">Keep related notes together.</div>") == false)
        #expect(
            sheet.contains("<div class=\"title\">Folders</div><div class=\"text\">Keep related notes together.</div>"))
        #expect(sheet.contains("dir=\"ltr\""))
        // The Arabic localization is drawn right to left.
        let arabic = Self.card(4, in: dom, entry: 1)
        #expect(arabic.contains("dir=\"rtl\""), "\(arabic.prefix(400))")
        #expect(arabic.contains("<div class=\"title\">المجلدات</div>"))
        // A base text in Hebrew, with no localization to name its language, is right to left by its
        // first letter, as an app lays it out.
        #expect(Self.card(8, in: dom).contains("dir=\"rtl\""), "\(Self.card(8, in: dom).prefix(400))")

        let image = Self.card(5, in: dom)
        #expect(image.contains("src=\"\(images.baseURL)/sale.png\""))
        #expect(image.contains("aria-label=\"Close\""))
        // An image that cannot be loaded is replaced by its alt text.
        let missing = Self.card(6, in: dom)
        #expect(
            missing.contains("<div class=\"picture missing\" role=\"img\">A pinned note</div>"),
            "\(missing.prefix(900))")
        #expect(images.requests.contains { $0.path == "/missing.png" })
    }

    /// Writes docs/images/layout-NAME.png: each layout's card, light and dark side by side.
    @Test(.enabled(if: chromiumExecutable != nil, "Chromium is not installed"))
    func screenshotsOfEachLayoutInLightAndDark() throws {
        let png = try Data(
            contentsOf: Self.repository.appendingPathComponent("Tests/AppAlertTests/Fixtures/images/valid.png"))
        let images = try TestHTTPServer { _ in .response(status: 200, body: png) }
        defer { images.stop() }
        let directory = try TemporaryDirectory()
        let file = try directory.write("messages.json", Self.feed(images: images.baseURL))
        let server = try ServeProcess([file, "--dev"])
        defer { server.stop() }
        let artifacts = Self.repository.appendingPathComponent("Tools/.build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        for (id, layout) in [(1, "alert"), (2, "banner"), (3, "modal"), (4, "sheet"), (5, "image")] {
            let shot = artifacts.appendingPathComponent("layout-\(layout).png")
            try? FileManager.default.removeItem(at: shot)
            let result = try AppAlertProcess.run(
                Self.common + [
                    "--window-size=620,640", "--screenshot=\(shot.path)",
                    "http://127.0.0.1:\(server.port)/?message=\(id)",
                ], executable: chromiumExecutable!)
            #expect(result.status == 0)
            #expect(Array(try Data(contentsOf: shot).prefix(4)) == [0x89, 0x50, 0x4E, 0x47], "\(layout)")
        }
    }
}
