import Foundation
import TestSupport
import Testing

@testable import AppAlertCommands
@testable import AppAlertServerCommands

/// The console's reads of git (the file as committed, the ids ever used) for a feed reached through a
/// symbolic link: the history of the file it leads to, not of the link.
@Suite(.serialized)
struct ConsoleGitLinkTests {
    static func feed(_ id: Int) -> String {
        #"[{"id": \#(id), "bundleId": "com.example.A", "title": "T", "text": "t"}]"# + "\n"
    }

    @Test
    func aLinkedFeedIsComparedWithItsTargetsCommitsAndKeepsItsUsedIds() throws {
        let directory = try TemporaryDirectory()
        let repository = directory.url
        let real = repository.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let target = real.appendingPathComponent("target.json")
        let link = repository.appendingPathComponent("messages.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/target.json")
        try GitSafetyTests.git(["init", "-q"], in: repository)
        // Id 50 once, then replaced by id 6: 50 must never be given again.
        try Data(Self.feed(50).utf8).write(to: target)
        try GitSafetyTests.git(["add", "-A"], in: repository)
        try GitSafetyTests.git(["commit", "-q", "-m", "50"], in: repository)
        try Data(Self.feed(6).utf8).write(to: target)
        try GitSafetyTests.git(["commit", "-q", "-am", "6"], in: repository)

        let committed = try #require(ConsoleSupport.committed(link))
        #expect(String(decoding: committed, as: UTF8.self) == Self.feed(6))
        #expect(CommittedIDs().highest(in: link) == 50)
    }
}
