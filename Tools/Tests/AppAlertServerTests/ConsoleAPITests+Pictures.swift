import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// The console's pictures (issue 41, 1): the feed's `images/` listed, and a new picture added with the
/// checks `serve` and `publish` apply, never over a file that is there.
extension ConsoleAPITests {
    static func picture(_ name: String) throws -> Data {
        try Data(contentsOf: imageFixtures.appendingPathComponent(name))
    }

    /// A POST of `data` as the picture `name`, from the console page unless `origin` says otherwise.
    static func addPicture(
        _ name: String, _ data: Data, port: Int, origin: String? = nil, host: String? = nil
    ) async throws -> Answer {
        let head =
            "POST /api/feeds/messages.json/images/\(name) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
            + "Origin: \(origin ?? "http://127.0.0.1:\(port)")\r\nConnection: close\r\n"
            + "Content-Type: application/octet-stream\r\nContent-Length: \(data.count)\r\n\r\n"
        let text = try await RawHTTPClient.exchange(port: port, bytes: Data(head.utf8) + data)
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [:], body: text) }
        let status = Int(text.split(separator: " ")[1]) ?? 0
        return Answer(status: status, headers: [:], body: String(text[split.upperBound...]))
    }

    static func images(_ answer: Answer) -> [String] {
        guard case .object(let object)? = answer.json, case .array(let list)? = object["images"] else { return [] }
        return list.compactMap { item in
            if case .object(let fields) = item { fields["path"]?.stringValue } else { nil }
        }
    }

    @Test
    func thePicturesBesideTheFeedAreListedWithTheirSizeAndTheOnesLeftOutWithWhy() async throws {
        let (feed, good, _) = try makeFeedFolderWithImages()
        try await Self.withConsole(source: feed) { port, _ in
            let answer = try await Self.send("GET", "/api/feeds/messages.json/images", port: port)
            #expect(answer.status == 200, "\(answer.body)")
            #expect(Self.images(answer) == good.keys.sorted())
            #expect(answer.body.contains("\"url\":\"http://127.0.0.1:\(port)/images/banner.png\""))
            #expect(answer.body.contains("\"width\":"))
            #expect(answer.body.contains("holds a JPEG image"), "\(answer.body)")
        }
    }

    @Test
    func aNewPictureIsAddedServedAndListed() async throws {
        try await Self.withConsole { port, file in
            let png = try Self.picture("valid.png")
            let added = try await Self.addPicture("spring.png", png, port: port)
            #expect(added.status == 201, "\(added.body)")
            #expect(added.string("url") == "http://127.0.0.1:\(port)/images/spring.png")
            let written = file.deletingLastPathComponent().appendingPathComponent("images/spring.png")
            #expect(try Data(contentsOf: written) == png)
            #expect(try Self.temporaryFiles(in: written.deletingLastPathComponent()).isEmpty)
            let listed = try await Self.send("GET", "/api/feeds/messages.json/images", port: port)
            #expect(Self.images(listed) == ["images/spring.png"])
            let served = try await RawHTTPClient.exchange(
                port: port, "GET /images/spring.png HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(served.hasPrefix("HTTP/1.1 200"), "\(served.prefix(200))")
        }
    }

    @Test(arguments: [
        ("a JPEG named .png", "photo.png", "valid.jpg", 422, "holds a JPEG image, not the PNG its name says"),
        ("not a picture format", "logo.svg", "valid.png", 422, "only .png, .jpg"),
        ("cut short", "cut.png", "CUT", 422, "apps would refuse it"),
        ("a name with a space", "My%20Banner.png", "valid.png", 422, "may only hold letters"),
        ("a hidden name", ".banner.png", "valid.png", 422, "may only hold letters"),
    ])
    func aPictureAppsWouldRefuseIsNotAdded(refusal: (String, String, String, Int, String)) async throws {
        let (_, name, fixture, status, why) = refusal
        try await Self.withConsole { port, file in
            let data = fixture == "CUT" ? try Self.picture("valid.png").dropLast(20) : try Self.picture(fixture)
            let answer = try await Self.addPicture(name, Data(data), port: port)
            #expect(answer.status == status, "\(answer.body)")
            #expect(answer.body.contains(why), "\(answer.body)")
            let folder = file.deletingLastPathComponent().appendingPathComponent("images")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty)
        }
    }

    @Test
    func aPictureIsNeverWrittenOverOneThatIsThere() async throws {
        try await Self.withConsole { port, file in
            let folder = file.deletingLastPathComponent().appendingPathComponent("images")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let old = try Self.picture("valid.gif")
            try old.write(to: folder.appendingPathComponent("banner.gif"))
            let answer = try await Self.addPicture("banner.gif", try Self.picture("valid.gif"), port: port)
            #expect(answer.status == 409, "\(answer.body)")
            #expect(answer.body.contains("exists already"))
            #expect(try Data(contentsOf: folder.appendingPathComponent("banner.gif")) == old)
        }
    }

    @Test
    func aPictureOverTheSizeAppsLoadIs413AndAnotherOriginOrHostIsRefused() async throws {
        try await Self.withConsole { port, file in
            let big = try Self.picture("valid.png") + Data(count: ImageLimits().maximumBytes)
            let tooBig = try await Self.addPicture("big.png", big, port: port)
            #expect(tooBig.status == 413, "\(tooBig.body)")
            let png = try Self.picture("valid.png")
            let foreign = try await Self.addPicture("a.png", png, port: port, origin: "https://evil.example")
            #expect(foreign.status == 403, "\(foreign.body)")
            let rebound = try await Self.addPicture(
                "a.png", png, port: port, origin: "http://evil.example:\(port)", host: "evil.example:\(port)")
            #expect(rebound.status == 403, "\(rebound.body)")
            let folder = file.deletingLastPathComponent().appendingPathComponent("images")
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }
    }

    @Test
    func aPictureOnThisMachineThatImagesDoesNotHaveIsAWarningAtItsField() async throws {
        let feed = #"""
            {"format": 2, "messages": [{"id": 1, "bundleId": "*", "layout": "banner", "title": "Sale",
              "image": {"url": "http://127.0.0.1:8080/images/missing.png", "alt": "A sale"}}]}
            """#
        try await Self.withConsole(feed) { port, _ in
            let answer = try await Self.send("GET", "/api/feeds/messages.json", port: port)
            #expect(answer.body.contains(#""path":"$.messages[0].image.url""#), "\(answer.body)")
            #expect(answer.body.contains("no picture at http://127.0.0.1:8080/images/missing.png"))
            #expect(answer.body.contains(#""severity":"warning""#))
        }
    }
}
