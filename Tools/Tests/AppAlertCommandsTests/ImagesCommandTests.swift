@_spi(Authoring) import AppAlert
import Foundation
import TestSupport
import Testing

/// Issue 31, 5: pictures live in `images/` beside the feed; `serve` serves them (a `--dev` preview
/// shows them from http://127.0.0.1) and `publish` copies them into the site. Real processes.
@Suite(.serialized)
struct ImagesCommandTests {
    static let fixtures = RichPreviewTests.repository.appendingPathComponent("Tests/AppAlertTests/Fixtures/images")

    /// A folder with `feed.json` (its banner at `imageBase/images/…`) and images/: a PNG, a JPEG two
    /// folders down, and two files that are left out.
    static func folder(_ directory: borrowing TemporaryDirectory, imageBase: String = "https://example.com") throws
        -> String
    {
        let images = directory.url.appendingPathComponent("images")
        try FileManager.default.createDirectory(
            at: images.appendingPathComponent("2026/spring"), withIntermediateDirectories: true)
        for (fixture, path) in [("valid.png", "banner.png"), ("valid.jpg", "2026/spring/sale.jpg")] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(fixture), to: images.appendingPathComponent(path))
        }
        try Data("<svg/>".utf8).write(to: images.appendingPathComponent("logo.svg"))
        try Data(contentsOf: fixtures.appendingPathComponent("valid.png")).dropLast(30).write(
            to: images.appendingPathComponent("cut.png"))
        return try directory.write("feed.json", feed(imageBase: imageBase))
    }

    static func feed(imageBase: String) -> String {
        """
        {"format": 2, "messages": [
          {"id": 1, "bundleId": "com.example.Notes", "title": "Spring sale", "text": "Pro for half the price.",
           "layout": "banner", "image": {"url": "\(imageBase)/images/banner.png", "alt": "The sale banner"}},
          {"id": 2, "bundleId": "com.example.Notes", "title": "Broken", "text": "A picture that is left out.",
           "layout": "banner", "image": {"url": "\(imageBase)/images/cut.png", "alt": "Left out"}}]}
        """
    }

    static let leftOut = [
        "images/cut.png: left out: apps would refuse it: the PNG ends within its IDAT chunk at byte 33",
        "images/logo.svg: left out: only .png, .jpg, .jpeg, .gif and .webp files are served and published",
    ]

    @Test
    func publishCopiesEveryPictureAnAppWouldAcceptAndNamesTheOthers() throws {
        let directory = try TemporaryDirectory()
        let feed = try Self.folder(directory)
        let out = directory.url.appendingPathComponent("site")
        let result = try AppAlertProcess.run(["publish", feed, "--out", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        for warning in Self.leftOut {
            #expect(result.standardError.contains("appalert: warning: \(warning)"), "\(result.standardError)")
        }
        for path in ["images/banner.png", "images/2026/spring/sale.jpg"] {
            #expect(result.standardOutput.contains("\(out.path)/\(path)\n"))
            #expect(
                FileManager.default.contents(atPath: out.appendingPathComponent(path).path)
                    == FileManager.default.contents(atPath: directory.url.appendingPathComponent(path).path), "\(path)")
        }
        let images = try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent("images").path)
        #expect(Set(images) == ["banner.png", "2026", "2026/spring", "2026/spring/sale.jpg"])

        // The published site, served, serves them too.
        let server = try ServeProcess([out.path])
        defer { server.stop() }
        let (status, headers, body) = try server.get("/images/2026/spring/sale.jpg")
        #expect(status == 200)
        #expect(headers["content-type"] == "image/jpeg")
        #expect(
            body == FileManager.default.contents(atPath: out.appendingPathComponent("images/2026/spring/sale.jpg").path)
        )
    }

    @Test(.enabled(if: chromiumExecutable != nil && nodeExecutable != nil, "Chromium or Node is not installed"))
    func theDevPreviewShowsAPictureServedBesideTheFeed() async throws {
        let directory = try TemporaryDirectory()
        let feed = try Self.folder(directory)
        let server = try ServeProcess([feed, "--dev"])
        defer { server.stop() }
        for warning in Self.leftOut { #expect(server.waitForLog(warning)) }
        // The feed names the server's own address, as an author previewing a banner does.
        let local = "http://127.0.0.1:\(server.port)"
        try Data(Self.feed(imageBase: local).utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(server.waitForLog("reloaded:"))
        let (status, headers, body) = try server.get("/images/banner.png")
        #expect(status == 200 && headers["content-type"] == "image/png")
        #expect(
            body == FileManager.default.contents(atPath: directory.url.appendingPathComponent("images/banner.png").path)
        )
        #expect(try server.get("/images/cut.png").0 == 404)

        // The phones hold the web client's drawing, in shadow roots: read with them.
        let (dom, _) = try await RichPreviewTests.phones(local + "/", ready: RichPreviewTests.picturesSettled)
        let shown = RichPreviewTests.card(1, in: dom)
        #expect(shown.contains("src=\"\(local)/images/banner.png\""), "\(shown.prefix(1500))")
        #expect(!shown.contains("class=\"missing\""))
        // The left-out picture is missing in the preview, as it would be in the app: its alt text instead.
        let missing = RichPreviewTests.card(2, in: dom)
        #expect(missing.contains("<div class=\"missing\">Left out</div>"), "\(missing.prefix(1500))")
    }

    /// A feed whose pictures are on this machine (as a dev preview has them) is published with a
    /// warning naming each message and the address to use instead.
    @Test
    func publishWarnsOfPicturesOnThisMachine() throws {
        let directory = try TemporaryDirectory()
        let feed = try Self.folder(directory, imageBase: "http://127.0.0.1:8080")
        // Message 2's picture whole, so that each picture is there (a missing one is refused, below).
        try FileManager.default.removeItem(at: directory.url.appendingPathComponent("images/cut.png"))
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("valid.png"),
            to: directory.url.appendingPathComponent("images/cut.png"))
        let result = try AppAlertProcess.run([
            "publish", feed, "--out", directory.url.appendingPathComponent("site").path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "appalert: warning: feed.json: message 1's picture http://127.0.0.1:8080/images/banner.png is on this "
                    + "machine, which no app can reach: use the address the site is published at (on GitHub Pages "
                    + "https://OWNER.github.io/REPOSITORY/images/banner.png)"), "\(result.standardError)")
        let published = try TemporaryDirectory()
        let clean = try Self.folder(published)
        let quiet = try AppAlertProcess.run([
            "publish", clean, "--out", published.url.appendingPathComponent("site").path,
        ])
        #expect(!quiet.standardError.contains("is on this machine"), "\(quiet.standardError)")
    }

    /// Issue 41, 1: a picture on this machine that images/ does not have (here one left out, cut short)
    /// is a warning of validate at its field and stops publish, which writes nothing.
    @Test
    func aPictureOnThisMachineThatImagesLacksIsAValidateWarningAndAPublishError() throws {
        let directory = try TemporaryDirectory()
        let feed = try Self.folder(directory, imageBase: "http://127.0.0.1:8080")
        let missing =
            "$.messages[1].image.url (message 2): no picture at http://127.0.0.1:8080/images/cut.png: images/cut.png "
            + "is not a picture of the images/ folder beside the feed"
        let validated = try AppAlertProcess.run(["validate", feed])
        #expect(validated.status == 0, "\(validated.standardOutput)")
        #expect(validated.standardOutput.contains("warning: \(missing)"), "\(validated.standardOutput)")
        #expect(!validated.standardOutput.contains("images/banner.png"), "\(validated.standardOutput)")
        let site = directory.url.appendingPathComponent("site")
        let published = try AppAlertProcess.run(["publish", feed, "--out", site.path])
        #expect(published.status == 1, "\(published.standardError)")
        #expect(published.standardError.contains("feed.json: error: \(missing)"), "\(published.standardError)")
        #expect(published.standardError.contains("nothing published"))
        #expect(!FileManager.default.fileExists(atPath: site.path))
    }

    /// A link whose file is gone is named as such, not as a link leaving images/.
    @Test
    func aLinkToAMissingPictureIsNamedAsOne() throws {
        let directory = try TemporaryDirectory()
        let feed = try Self.folder(directory)
        let images = directory.url.appendingPathComponent("images")
        try FileManager.default.createSymbolicLink(
            atPath: images.appendingPathComponent("alias.png").path, withDestinationPath: "gone.png")
        let result = try AppAlertProcess.run([
            "publish", feed, "--out", directory.url.appendingPathComponent("site").path,
        ])
        #expect(
            result.standardError.contains(
                "appalert: warning: images/alias.png: left out: a symbolic link to a file that does not exist"),
            "\(result.standardError)")
    }
}
