@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

let signableFeed = """
    {"format": 2, "messages": [
      {"id": 1, "bundleId": "com.example.Tool", "title": "Signed", "text": "From the author"},
      {"id": 2, "bundleId": "com.example.Other", "title": "Other", "text": "For another app"}]}
    """

/// `appalert keygen --out DIR/keys`, checked.
func makeKeys(in directory: borrowing TemporaryDirectory, name: String = "keys") throws -> (key: String, pub: String) {
    let keys = directory.url.appendingPathComponent(name).path
    let result = try AppAlertProcess.run(["keygen", "--out", keys])
    #expect(result.status == 0, "\(result.standardError)")
    return (keys + "/appalert.key", keys + "/appalert.pub")
}

struct KeygenSignVerifyTests {
    @Test
    func keygenWritesAPrivateKeyOnlyItsOwnerCanReadAndRefusesToOverwriteIt() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let mode = try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let publicText = try String(contentsOfFile: pub, encoding: .utf8)
        #expect(publicText.hasPrefix("ed25519:") && publicText.hasSuffix("\n"))
        #expect((try? FeedPublicKey(publicText)) != nil)
        let again = try AppAlertProcess.run(["keygen", "--out", directory.url.appendingPathComponent("keys").path])
        #expect(again.status == 2)
        #expect(again.standardError.contains("exists"))
        #expect(try String(contentsOfFile: pub, encoding: .utf8) == publicText)
    }

    @Test
    func signThenVerifyAndEveryWayVerifyFails() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let (_, otherPub) = try makeKeys(in: directory, name: "other")
        let feed = try directory.write("feed.json", signableFeed)
        let signed = try AppAlertProcess.run(["sign", feed, "--key", key])
        #expect(signed.status == 0, "\(signed.standardError)")
        // sign changes nothing in the feed.
        #expect(try String(contentsOfFile: feed, encoding: .utf8) == signableFeed)
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0)
        // The key's text works as well as its file; with two keys (rotation) either verifies.
        let publicText = try String(contentsOfFile: pub, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", publicText]).status == 0)
        #expect(
            try AppAlertProcess.run(["verify", feed, "--public-key", otherPub, "--public-key", pub]).status == 0)

        let wrongKey = try AppAlertProcess.run(["verify", feed, "--public-key", otherPub])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.standardError.contains("not trusted"))

        try Data((signableFeed + " ").utf8).write(to: URL(fileURLWithPath: feed))
        let tampered = try AppAlertProcess.run(["verify", feed, "--public-key", pub])
        #expect(tampered.status == 1)
        #expect(tampered.standardError.contains("does not match"))

        try Data("ed25519 0123 nonsense\n".utf8).write(to: URL(fileURLWithPath: feed + ".sig"))
        let malformed = try AppAlertProcess.run(["verify", feed, "--public-key", pub])
        #expect(malformed.status == 1)

        try FileManager.default.removeItem(atPath: feed + ".sig")
        let missing = try AppAlertProcess.run(["verify", feed, "--public-key", pub])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no signature"))

        let badKey = try AppAlertProcess.run(["verify", feed, "--public-key", "ed25519:nope"])
        #expect(badKey.status == 2)
    }

    @Test
    func bumpSequenceRaisesTheSequenceBeforeSigning() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        for expected in 1...2 {
            let result = try AppAlertProcess.run(["sign", feed, "--key", key, "--bump-sequence"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("sequence \(expected)"))
            let decoded = try FeedDecoder().decode(Data(contentsOf: URL(fileURLWithPath: feed)))
            #expect(decoded.feed.sequence == expected)
            #expect(decoded.feed.messages.map(\.id) == [1, 2])
            #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0)
        }
        let formatOne = try directory.write("old.json", #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x"}]"#)
        let refused = try AppAlertProcess.run(["sign", formatOne, "--key", key, "--bump-sequence"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("format-2"))
    }

    /// Issue 42, 6 (the same writer as the console's): a feed that is a symbolic link stays one, and
    /// the file it leads to keeps its permissions.
    @Test
    func signingALinkedFeedWritesTheFileItLeadsToAndKeepsItsPermissions() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let real = directory.url.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let target = real.appendingPathComponent("feed.json")
        try Data(signableFeed.utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        let feed = directory.url.appendingPathComponent("feed.json").path
        try FileManager.default.createSymbolicLink(atPath: feed, withDestinationPath: "real/feed.json")
        let result = try AppAlertProcess.run(["sign", feed, "--key", key, "--bump-sequence"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: feed) == "real/feed.json")
        #expect(try FeedDecoder().decode(Data(contentsOf: target)).feed.sequence == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0)
    }

    @Test
    func aFeedWithErrorsIsNotSigned() throws {
        let directory = try TemporaryDirectory()
        let (key, _) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", #"[{"id": 1, "bundleId": "a", "title": "T"}]"#)
        let result = try AppAlertProcess.run(["sign", feed, "--key", key])
        #expect(result.status == 1)
        #expect(result.standardError.contains("not signed"))
        #expect(!FileManager.default.fileExists(atPath: feed + ".sig"))
    }

    @Test
    func validateFlagsLinksThatRunCode() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json",
            #"[{"id": 1, "bundleId": "a", "title": "T", "text": "x", "link": {"title": "Go", "url": "javascript:alert(1)"}}]"#
        )
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("$[0].link.url") && result.standardOutput.contains("javascript:"))
    }
}

@Suite(.serialized)
struct SignedCheckCommandTests {
    @Test
    func checkWithAPublicKeyShowsOnlySignedFeedsAndKeepsTheLastGoodOne() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        #expect(try AppAlertProcess.run(["sign", feed, "--key", key, "--bump-sequence"]).status == 0)
        let files = ServedFiles()
        files["/feed.json"] = try Data(contentsOf: URL(fileURLWithPath: feed))
        files["/feed.json.sig"] = try Data(contentsOf: URL(fileURLWithPath: feed + ".sig"))
        let server = try TestHTTPServer { files.reply(to: $0) }
        let state = directory.url.appendingPathComponent("state")
        let (first, json) = try check(server.url("/feed.json"), stateDirectory: state, ["--public-key", pub])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(json?["shown"] == .integer(1))

        // A hijacked host serves its own feed, unsigned: nothing new is shown, and the reason is given.
        files["/feed.json"] = Data(
            #"{"format": 2, "sequence": 99, "messages": [{"id": 7, "bundleId": "com.example.Tool", "title": "Phish", "text": "x"}]}"#
                .utf8)
        let (second, refused) = try check(server.url("/feed.json"), stateDirectory: state, ["--public-key", pub])
        #expect(second.status == 0)
        #expect(refused?["shown"] == .null)
        #expect(refused?["source"] == .string("cache"))
        #expect(refused?["errorKind"] == .string("invalidSignature"))
    }
}

struct SignedPublishTests {
    @Test
    func signingUnchangedBytesAgainLeavesTheSignatureFileAlone() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        #expect(try AppAlertProcess.run(["sign", feed, "--key", key]).status == 0)
        let before = try FileManager.default.attributesOfItem(atPath: feed + ".sig")
        let again = try AppAlertProcess.run(["sign", feed, "--key", key])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("unchanged"))
        let after = try FileManager.default.attributesOfItem(atPath: feed + ".sig")
        // Not rewritten: the same file (an atomic write would have replaced it with a new one).
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        // An edit to the feed is signed anew, and the new signature verifies.
        try Data((signableFeed + "\n").utf8).write(to: URL(fileURLWithPath: feed))
        let edited = try AppAlertProcess.run(["sign", feed, "--key", key])
        #expect(edited.standardOutput.contains("signed with key"))
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0)
    }

    @Test
    func publishWithAKeySignsEveryFileAndWithoutOneCarriesTheFeedsSignature() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        let site = directory.url.appendingPathComponent("site").path
        let result = try AppAlertProcess.run(["publish", feed, "--out", site, "--key", key])
        #expect(result.status == 0, "\(result.standardError)")
        let written = result.standardOutput.split(separator: "\n").map(String.init)
        let feeds = written.filter { $0.hasSuffix(".json") }
        #expect(feeds.count == 3)
        for file in feeds {
            #expect(written.contains(file + ".sig"))
            #expect(try AppAlertProcess.run(["verify", file, "--public-key", pub]).status == 0, "\(file)")
        }

        // Without a key, the author's own FEED.sig goes beside the feed; the views are unsigned.
        #expect(try AppAlertProcess.run(["sign", feed, "--key", key]).status == 0)
        let plain = directory.url.appendingPathComponent("plain").path
        let carried = try AppAlertProcess.run(["publish", feed, "--out", plain])
        #expect(carried.status == 0)
        #expect(carried.standardError.contains("appalert: warning: $: feed.json is signed, its per-app views are not"))
        #expect(!carried.standardError.contains("warning: warning:"))
        #expect(try AppAlertProcess.run(["verify", plain + "/feed.json", "--public-key", pub]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: plain + "/apps/com.example.Tool.json.sig"))
    }

    @Test
    func servingAPublishedSiteServesEveryFileItHoldsByteForByte() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        let site = directory.url.appendingPathComponent("site").path
        let published = try AppAlertProcess.run(["publish", feed, "--out", site, "--key", key])
        #expect(published.status == 0, "\(published.standardError)")
        let files = published.standardOutput.split(separator: "\n").map(String.init)
        // The feed, its view and the web client's files, each with its .sig but the client's.
        #expect(files.count == 6 + PublishCommandTests.webClient.count)
        #expect(!files.contains { $0.contains("/appalert-web") && $0.hasSuffix(".sig") })
        let server = try ServeProcess([site])
        defer { server.stop() }
        let trust = try FeedTrust(publicKeys: [String(contentsOfFile: pub, encoding: .utf8)])
        for file in files {
            let path = String(file.dropFirst(site.count))
            let (status, headers, body) = try server.get(path)
            #expect(status == 200, "\(path)")
            #expect(body == FileManager.default.contents(atPath: file), "\(path)")
            #expect(headers["etag"] != nil, "\(path)")
            if !path.hasSuffix(".sig"), !path.hasPrefix("/appalert-web") {
                let (_, _, signature) = try server.get(path + ".sig")
                #expect(throws: Never.self) { try trust.verify(body, signatureFile: signature) }
            }
        }
    }

    @Test
    func serveWithAKeyServesASignatureForEveryFile() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        let server = try ServeProcess([feed, "--key", key])
        defer { server.stop() }
        let trust = try FeedTrust(publicKeys: [String(contentsOfFile: pub, encoding: .utf8)])
        for path in ["/feed.json", "/apps/com.example.Tool.json"] {
            let (status, _, body) = try server.get(path)
            let (sigStatus, headers, signature) = try server.get(path + ".sig")
            #expect(status == 200 && sigStatus == 200)
            #expect(headers["content-type"] == "text/plain; charset=utf-8")
            #expect(throws: Never.self) { try trust.verify(body, signatureFile: signature) }
        }
    }
}

/// `--key-env NAME`: the private key from an environment variable, as CI secrets arrive.
struct KeyFromEnvironmentTests {
    static let secret = "APPALERT_TEST_SIGNING_KEY"

    @Test
    func signAndPublishReadTheKeyFromTheVariableAndTheSignaturesVerify() throws {
        let directory = try TemporaryDirectory()
        let (key, pub) = try makeKeys(in: directory)
        let keyText = try String(contentsOfFile: key, encoding: .utf8)
        let feed = try directory.write("feed.json", signableFeed)
        let signed = try AppAlertProcess.run(
            ["sign", feed, "--key-env", Self.secret], environment: [Self.secret: keyText])
        #expect(signed.status == 0, "\(signed.standardError)")
        #expect(try AppAlertProcess.run(["verify", feed, "--public-key", pub]).status == 0)
        let site = directory.url.appendingPathComponent("site").path
        let published = try AppAlertProcess.run(
            ["publish", feed, "--out", site, "--key-env", Self.secret], environment: [Self.secret: keyText])
        #expect(published.status == 0, "\(published.standardError)")
        let view = site + "/apps/com.example.Tool.json"
        #expect(try AppAlertProcess.run(["verify", view, "--public-key", pub]).status == 0)
        #expect(!signed.standardOutput.contains(keyText) && !published.standardOutput.contains(keyText))
    }

    @Test(
        arguments: [
            ("unset", nil, "APPALERT_TEST_SIGNING_KEY is not set or is empty"),
            ("empty", "  \n", "APPALERT_TEST_SIGNING_KEY is not set or is empty"),
            ("not a key", "ed25519-private:c2VjcmV0LWJ1dC13cm9uZw==", "does not hold a private key"),
        ] as [(String, String?, String)])
    func aMissingOrWrongSecretStopsSigningWithoutPrintingIt(case name: String, value: String?, message: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", signableFeed)
        var environment: [String: String] = [:]
        if let value { environment[Self.secret] = value }
        for command in [["sign", feed], ["publish", feed, "--out", directory.url.appendingPathComponent("out").path]] {
            let result = try AppAlertProcess.run(command + ["--key-env", Self.secret], environment: environment)
            #expect(result.status == 2, "\(name): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
            if let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                #expect(!result.standardError.contains(value))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: feed + ".sig"))
    }

    @Test
    func keyAndKeyEnvTogetherAreRefused() throws {
        let directory = try TemporaryDirectory()
        let (key, _) = try makeKeys(in: directory)
        let feed = try directory.write("feed.json", signableFeed)
        let result = try AppAlertProcess.run(
            ["sign", feed, "--key", key, "--key-env", Self.secret], environment: [Self.secret: "x"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--key and --key-env: give one of them"))
    }
}
