@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// Issue 31, 2: `serve` never hands out a feed and a `.sig` that do not match, and `publish` refuses
/// to write one. Real processes, real files, pairs checked as apps check them.
@Suite(.serialized)
struct SignatureMatchCommandTests {
    static let edited = signableFeed.replacingOccurrences(of: "\"Signed\"", with: "\"Signed, then edited\"")

    /// The feed and `.sig` `server` serves, and whether they verify together.
    static func servedPair(_ server: ServeProcess, trust: FeedTrust) throws -> (
        feed: String, sigStatus: Int, verifies: Bool
    ) {
        let (_, _, feed) = try server.get("/feed.json")
        let (status, _, signature) = try server.get("/feed.json.sig")
        let verifies = (try? trust.verify(feed, signatureFile: signature)) != nil
        return (String(decoding: feed, as: UTF8.self), status, verifies)
    }

    /// Keys made in `elsewhere/keys` (`directory/keys` by default), `directory/feed.json` signed with them, and
    /// the trust an app would have.
    static func signedFeed(in directory: borrowing TemporaryDirectory, keysIn elsewhere: URL? = nil)
        throws -> (key: String, pub: String, trust: FeedTrust, feed: String)
    {
        let keys = (elsewhere ?? directory.url).appendingPathComponent("keys").path
        #expect(try AppAlertProcess.run(["keygen", "--out", keys]).status == 0)
        let (key, pub) = (keys + "/appalert.key", keys + "/appalert.pub")
        let trust = try FeedTrust(publicKeys: [String(contentsOfFile: pub, encoding: .utf8)])
        let feed = try directory.write("feed.json", signableFeed)
        #expect(try AppAlertProcess.run(["sign", feed, "--key", key]).status == 0)
        return (key, pub, trust, feed)
    }

    /// The process's environment with HOME elsewhere: no `~/.appalert/appalert.pub` is found.
    static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        return environment
    }

    @Test
    func serveKeepsTheSignedVersionWhileTheFeedIsEditedWithoutSigningAndServesTheNewPairOnceSigned() throws {
        let directory = try TemporaryDirectory()
        // keys/appalert.pub beside the feed, as the README lays it out: serve finds it.
        let (key, _, trust, feed) = try Self.signedFeed(in: directory)
        let server = try ServeProcess([feed, "--dev"], environment: Self.environment(home: directory.url))
        defer { server.stop() }
        #expect(try Self.servedPair(server, trust: trust).verifies)

        try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(server.waitForLog("feed.json changed but is not signed: serving the signed version of "))
        #expect(server.waitForLog("; run appalert sign"))
        let kept = try Self.servedPair(server, trust: trust)
        #expect(kept.feed == signableFeed)
        #expect(kept.verifies)
        let page = String(decoding: try server.get("/").2, as: UTF8.self)
        let body = try #require(page.range(of: "<body>\n")).upperBound
        #expect(page[body...].hasPrefix("<section class=\"signature-notice\" id=\"signature-notice\">"))
        #expect(page.contains("feed.json changed but is not signed: serving the signed version of "))

        #expect(try AppAlertProcess.run(["sign", feed, "--key", key]).status == 0)
        #expect(server.waitForLog("reloaded:"))
        let signed = try Self.servedPair(server, trust: trust)
        #expect(signed.feed == Self.edited)
        #expect(signed.verifies)
        #expect(!String(decoding: try server.get("/").2, as: UTF8.self).contains("id=\"signature-notice\""))
    }

    @Test
    func withTheKeysElsewhereServeStillCatchesAnEditAfterSigningAndSaysItCannotCheck() throws {
        let directory = try TemporaryDirectory()
        let keys = try TemporaryDirectory()
        let (_, _, trust, feed) = try Self.signedFeed(in: directory, keysIn: keys.url)
        let server = try ServeProcess([feed], environment: Self.environment(home: directory.url))
        defer { server.stop() }
        #expect(server.waitForLog("feed.json.sig is not checked: no public key with its id"))
        try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(server.waitForLog("feed.json changed but is not signed: serving the signed version of "))
        let kept = try Self.servedPair(server, trust: trust)
        #expect(kept.feed == signableFeed)
        #expect(kept.verifies)
    }

    @Test
    func aFeedThatNoLongerMatchesItsSignatureAtStartIsServedWithoutIt() throws {
        let directory = try TemporaryDirectory()
        let (key, pub, trust, feed) = try Self.signedFeed(in: directory)
        try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        // --public-key as well as the found key: the same key, named twice, is fine.
        let server = try ServeProcess([feed, "--public-key", pub], environment: Self.environment(home: directory.url))
        defer { server.stop() }
        #expect(
            server.waitForLog(
                "appalert: error: feed.json.sig does not match feed.json as it is now (edited after signing?): serving "
                    + "feed.json without a signature"))
        let served = try Self.servedPair(server, trust: trust)
        #expect(served.feed == Self.edited)
        #expect(served.sigStatus == 404)
        #expect(try AppAlertProcess.run(["sign", feed, "--key", key]).status == 0)
        #expect(server.waitForLog("reloaded:"))
        let signed = try Self.servedPair(server, trust: trust)
        #expect(signed.sigStatus == 200 && signed.verifies && signed.feed == Self.edited)
    }

    @Test
    func serveWithTheKeySignsEachEditSoThePairAlwaysVerifies() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let trust = try FeedTrust(publicKeys: [String(contentsOfFile: pub, encoding: .utf8)])
        let feed = try directory.write("feed.json", signableFeed)
        let server = try ServeProcess([feed, "--key", key])
        defer { server.stop() }
        #expect(try Self.servedPair(server, trust: trust).verifies)
        try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        #expect(server.waitForLog("reloaded:"))
        let pair = try Self.servedPair(server, trust: trust)
        #expect(pair.feed == Self.edited && pair.verifies)
    }

    @Test
    func publishRefusesAFeedEditedAfterSigningAndNamesTheFile() throws {
        let directory = try TemporaryDirectory()
        let (key, pub, _, feed) = try Self.signedFeed(in: directory)
        try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        let out = directory.url.appendingPathComponent("site")
        let refused = try AppAlertProcess.run(["publish", feed, "--out", out.path])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "appalert: feed.json.sig does not match feed.json as it is now (edited after signing?): nothing "
                    + "published; run appalert sign \(feed) (or delete \(feed).sig to publish it unsigned)"),
            "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // Signed again, it is published, and the pair verifies.
        #expect(try AppAlertProcess.run(["sign", feed, "--key", key]).status == 0)
        #expect(try AppAlertProcess.run(["publish", feed, "--out", out.path]).status == 0)
        #expect(try AppAlertProcess.run(["verify", out.path + "/feed.json", "--public-key", pub]).status == 0)
    }

    @Test
    func withoutThePublicKeyPublishComparesWithWhatItPublishedBefore() throws {
        let directory = try TemporaryDirectory()
        let keys = try TemporaryDirectory()
        let (_, pub, _, feed) = try Self.signedFeed(in: directory, keysIn: keys.url)
        let out = directory.url.appendingPathComponent("site").path
        let environment = ["HOME": directory.url.path]
        let first = try AppAlertProcess.run(["publish", feed, "--out", out], environment: environment)
        #expect(first.status == 0)
        #expect(
            first.standardError.contains("appalert: warning: feed.json.sig is not checked: no public key with its id"))
        try Data(Self.edited.utf8).write(to: URL(fileURLWithPath: feed), options: .atomic)
        let second = try AppAlertProcess.run(["publish", feed, "--out", out], environment: environment)
        #expect(second.status == 1)
        #expect(second.standardError.contains("appalert: feed.json changed but is not signed: nothing published"))
        // With the key given, the signature itself is checked: the same verdict.
        let checked = try AppAlertProcess.run(
            ["publish", feed, "--out", out, "--public-key", pub], environment: environment)
        #expect(checked.status == 1)
        #expect(checked.standardError.contains("appalert: feed.json changed but is not signed: nothing published"))
        #expect(try String(contentsOfFile: out + "/feed.json", encoding: .utf8) == signableFeed)
    }
}
