import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

/// A signed feed is checked again at each launch from its cached copy on disk: the bytes a decision
/// uses are the bytes whose signature verifies with a trusted key, and no older than the newest
/// accepted. A copy, signature or state changed on disk after the feed was accepted is refused: the
/// launch shows nothing, or the feed fetched again from its source.
struct CachedTrustTests {
    /// An app launched against a `FileAlertStore` in `storeDirectory`, within the 10-minute interval of
    /// the check `first` made (so the launch decides from the cached copy without asking the server).
    static func launch(
        _ url: String, key: FeedSigningKey, storeDirectory: URL, at date: Date
    ) async -> AlertClient.CheckResult {
        var configuration = FeedLoaderConfiguration()
        configuration.timeout = 2
        configuration.trust = FeedTrust(publicKeys: [key.publicKey])
        let client = AlertClient(
            source: FeedSource(url)!,
            app: AppInfo(bundleID: "com.example.App", appVersion: "1.0", platform: .iOS, osVersion: Version("17.0")),
            store: FileAlertStore(directory: storeDirectory), configuration: configuration, clock: .fixed(date))
        return await client.check()
    }

    static let accepted = Date(timeIntervalSince1970: 1_800_000_000)
    static let launchDate = accepted.addingTimeInterval(60)

    /// The cache file: a JSON header line, then the body.
    static func cacheParts(_ directory: URL) throws -> (header: [String: Any], body: Data) {
        let data = try Data(contentsOf: directory.appendingPathComponent("feed-cache"))
        let newline = try #require(data.firstIndex(of: 0x0A))
        let header = try #require(try JSONSerialization.jsonObject(with: data[..<newline]) as? [String: Any])
        return (header, Data(data[(newline + 1)...]))
    }

    static func writeCache(_ directory: URL, header: [String: Any], body: Data) throws {
        var header = header
        header["length"] = body.count
        var data = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys])
        data.append(0x0A)
        data.append(body)
        try data.write(to: directory.appendingPathComponent("feed-cache"))
    }

    enum Tampering: String, CaseIterable, Sendable {
        /// One byte of the cached body changed, its length kept.
        case body
        /// The cached signature replaced by the key's valid signature of other bytes.
        case signature
        /// The body and signature of an older feed, validly signed, put in the copy's place.
        case olderSignedFeed
        /// The state says a newer sequence was accepted than the cached copy's.
        case acceptedSequence

        var refusal: FeedTrust.VerificationError.Kind {
            switch self {
            case .body, .signature: .invalidSignature
            case .olderSignedFeed, .acceptedSequence: .replayed
            }
        }
    }

    static func tamper(_ tampering: Tampering, _ directory: URL, key: FeedSigningKey) throws {
        var (header, body) = try cacheParts(directory)
        switch tampering {
        case .body:
            let text = String(decoding: body, as: UTF8.self)
            #expect(text.contains("Signed 2"))
            body = Data(text.replacingOccurrences(of: "Signed 2", with: "Signed 9").utf8)
        case .signature:
            header["signature"] = String(decoding: key.signature(for: signedFeed(sequence: 3)).data, as: UTF8.self)
        case .olderSignedFeed:
            body = signedFeed(sequence: 1)
            header["signature"] = String(decoding: key.signature(for: body).data, as: UTF8.self)
        case .acceptedSequence:
            let stateFile = directory.appendingPathComponent("state.json")
            var state = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: stateFile)) as? [String: Any])
            var sequences = try #require(state["acceptedFeedSequences"] as? [String: Any])
            #expect(sequences.count == 1)
            for url in sequences.keys { sequences[url] = 5 }
            state["acceptedFeedSequences"] = sequences
            try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]).write(to: stateFile)
            return
        }
        try writeCache(directory, header: header, body: body)
    }

    /// Accepts sequence 2 from a server, then tampers; `serverUp`: whether the source still answers.
    @Test(arguments: Tampering.allCases, [false, true])
    func aCachedSignedFeedChangedOnDiskIsRefusedAtLaunch(tampering: Tampering, serverUp: Bool) async throws {
        let key = FeedSigningKey()
        let server = try SignedFeedServer()
        server.publish(signedFeed(sequence: 2), signedWith: key)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cached-trust-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = await Self.launch(server.url, key: key, storeDirectory: directory, at: Self.accepted)
        #expect(first.load.error == nil && first.decision.message?.title == "Signed 2")

        // Untouched, the next launch uses the cached copy without asking.
        let requests = server.server.requests.count
        let untouched = await Self.launch(server.url, key: key, storeDirectory: directory, at: Self.launchDate)
        #expect(untouched.load.source == .cache && untouched.load.error == nil)
        #expect(untouched.decision.message?.title == "Signed 2")
        #expect(server.server.requests.count == requests)

        try Self.tamper(tampering, directory, key: key)
        if !serverUp { server.server.stop() }
        let launch = await Self.launch(server.url, key: key, storeDirectory: directory, at: Self.launchDate)
        if serverUp && tampering != .acceptedSequence {
            // The copy is refused and the feed fetched again, unconditionally, and verified.
            #expect(
                launch.load.source == .network && launch.load.error == nil, "\(String(describing: launch.load.error))")
            #expect(launch.decision.message?.title == "Signed 2")
        } else {
            // Nothing the copy says is used (nor a feed older than the newest accepted).
            #expect(launch.load.feed == nil && launch.decision.message == nil)
            let reason = launch.load.error?.reason ?? ""
            #expect(reason.contains("the cached feed is not accepted"), "\(reason)")
            #expect(
                reason.contains(tampering.refusal == .invalidSignature ? "does not match" : "lower than"), "\(reason)")
        }
    }
}
