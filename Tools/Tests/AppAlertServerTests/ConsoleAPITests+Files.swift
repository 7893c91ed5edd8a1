import Foundation
import Testing

/// What a console save leaves on disk besides the bytes (issue 42, 6): the file's permissions, and a
/// symbolic link, which stays a link while the file it leads to is written.
extension ConsoleAPITests {
    static func permissions(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue
    }

    static func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test(arguments: [0o600, 0o640, 0o666])
    func aSaveKeepsTheFilesPermissions(mode: Int) async throws {
        try await Self.withConsole { port, file in
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            let saved = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": try await Self.etag(port)])
            #expect(saved.status == 200, "\(saved.body)")
            #expect(try String(contentsOf: file, encoding: .utf8).contains("Welcome back"))
            #expect(try Self.permissions(file.path) == mode, "0o\(String(mode, radix: 8))")
        }
    }

    @Test
    func aSaveOnALinkedFeedWritesTheFileItLeadsToAndKeepsTheLink() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-link-\(UUID())")
        let feeds = folder.appendingPathComponent("feeds")
        let real = folder.appendingPathComponent("real")
        for directory in [feeds, real] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = real.appendingPathComponent("a.json")
        try Data(Self.feed.utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        let link = feeds.appendingPathComponent("a.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../real/a.json")
        try await Self.withConsole(source: feeds) { port, _ in
            let etag = try #require(try await Self.send("GET", "/api/feeds/a.json", port: port).headers["etag"])
            let saved = try await Self.send(
                "PUT", "/api/feeds/a.json/messages/1", port: port, body: Self.edited, headers: ["If-Match": etag])
            #expect(saved.status == 200, "\(saved.body)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../real/a.json")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("Welcome back"))
        #expect(try Self.permissions(target.path) == 0o600)
        #expect(try Self.temporaryFiles(in: feeds).isEmpty && Self.temporaryFiles(in: real).isEmpty)
    }
}
