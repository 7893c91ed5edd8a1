@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertTesting
import Foundation
import TestSupport
import Testing

/// A format-2 feed with `sequence`, as `sign --bump-sequence` leaves it.
func signedFeed(sequence: Int, id: Int = 1) -> Data {
    Data(
        """
        {"format": 2, "sequence": \(sequence), "messages": [
          {"id": \(id), "bundleId": "com.example.App", "title": "Signed \(sequence)", "text": "t"}]}
        """.utf8)
}

/// A server that serves `/feed.json` and `/feed.json.sig` from what the test puts in `files`.
final class SignedFeedServer: Sendable {
    let files = ServedFiles()
    let server: TestHTTPServer

    init() throws {
        let files = files
        server = try TestHTTPServer { files.reply(to: $0) }
    }

    func put(_ path: String, _ data: Data?) { files[path] = data }

    /// Publishes `feed` signed with `key` (or with the signature given).
    func publish(_ feed: Data, signedWith key: FeedSigningKey?, signature: Data? = nil) {
        put("/feed.json", feed)
        put("/feed.json.sig", signature ?? key.map { $0.signature(for: feed).data })
    }

    var url: String { server.url("/feed.json") }
}

func trustingLoader(_ url: String, keys: [FeedPublicKey], store: any AlertStore) -> FeedLoader {
    var configuration = FeedLoaderConfiguration()
    configuration.minimumCheckInterval = 0
    configuration.timeout = 2
    configuration.trust = FeedTrust(publicKeys: keys)
    return FeedLoader(source: FeedSource(url)!, store: store, configuration: configuration)
}

struct FeedKeyTests {
    @Test
    func keysReadBackFromTheirText() throws {
        let key = FeedSigningKey()
        let again = try FeedSigningKey(key.text + "\n")
        #expect(again.publicKey == key.publicKey)
        #expect(try FeedPublicKey(key.publicKey.text) == key.publicKey)
        #expect(try FeedPublicKey("  " + key.publicKey.text.dropFirst("ed25519:".count) + "\n") == key.publicKey)
        #expect(key.publicKey.id.count == 16)
        #expect(key.publicKey.text.hasPrefix("ed25519:"))
    }

    @Test(arguments: ["", "ed25519:", "ed25519:not base64!", "ed25519:AAAA", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5"])
    func aMalformedPublicKeyIsRefusedWithAReason(text: String) {
        #expect(throws: FeedTrust.VerificationError.self) { try FeedPublicKey(text) }
        do {
            _ = try FeedPublicKey(text)
        } catch {
            #expect(error.kind == .malformedKey)
        }
    }

    /// CryptoKit's Ed25519 signatures are randomized and swift-crypto's are not: nothing may depend on
    /// two signatures of the same bytes being equal. A signature is verified, never compared.
    @Test
    func signaturesVerifyRoundTripAndCoverEveryByte() throws {
        let key = FeedSigningKey()
        let trust = FeedTrust(publicKeys: [key.publicKey])
        let feed = signedFeed(sequence: 1)
        let signature = key.signature(for: feed)
        #expect(try trust.verify(feed, signatureFile: signature.data) == key.publicKey)
        #expect(try FeedSignature(signature.data) == signature)
        var changed = feed
        changed[changed.count - 2] ^= 0x01
        #expect(throws: FeedTrust.VerificationError.self) { try trust.verify(changed, signatureFile: signature.data) }
    }

    /// What `sign` and `publish` do with a `.sig` already written: keep it while it is this key's valid
    /// signature of the bytes, replace it otherwise.
    static let reuseCases: [(String, @Sendable (Data, FeedSigningKey) -> Data?, Bool)] = [
        ("this key's signature of the same bytes", { feed, key in key.signature(for: feed).data }, true),
        ("no signature yet", { _, _ in nil }, false),
        ("the bytes changed", { feed, key in key.signature(for: feed + Data(" ".utf8)).data }, false),
        ("another key's signature", { feed, _ in FeedSigningKey().signature(for: feed).data }, false),
        ("not a signature file", { _, _ in Data("garbage\n".utf8) }, false),
        (
            "this key's id with a bad signature",
            { _, key in FeedSignature(keyID: key.publicKey.id, signature: Data(repeating: 7, count: 64)).data }, false
        ),
    ]

    @Test(arguments: reuseCases)
    func anExistingSignatureIsKeptOnlyWhileItVerifies(
        name: String, existing: @Sendable (Data, FeedSigningKey) -> Data?, kept: Bool
    ) throws {
        let key = Self.reuseKey
        let feed = signedFeed(sequence: 4)
        let old = existing(feed, key)
        let signature = key.signature(for: feed, reusing: old)
        #expect((signature.data == old) == kept, "\(name)")
        #expect(try FeedTrust(publicKeys: [key.publicKey]).verify(feed, signatureFile: signature.data) == key.publicKey)
    }

    static let reuseKey = FeedSigningKey()
}

struct FeedVerificationTests {
    static let key = FeedSigningKey()
    static let otherKey = FeedSigningKey()
    static let feed = signedFeed(sequence: 3)

    /// Every way a signature can be wrong, and the kind of refusal it gets.
    static let rejections: [(String, Data, Data?, FeedTrust.VerificationError.Kind)] = [
        ("missing", feed, nil, .missingSignature),
        ("empty", feed, Data(), .malformedSignature),
        ("not the format", feed, Data("sha256 abc\n".utf8), .malformedSignature),
        ("bad key id", feed, Data("ed25519 zz 00\n".utf8), .malformedSignature),
        ("short signature", feed, Data("ed25519 \(key.publicKey.id) AAAA\n".utf8), .malformedSignature),
        ("binary", feed, Data([0xFF, 0xFE, 0x00]), .malformedSignature),
        ("another key", feed, otherKey.signature(for: feed).data, .unknownKey),
        ("tampered feed", feed + Data(" ".utf8), key.signature(for: feed).data, .invalidSignature),
        (
            "signature of another feed", feed, key.signature(for: signedFeed(sequence: 4)).data,
            .invalidSignature
        ),
        (
            "right key id, forged bytes", feed,
            FeedSignature(keyID: key.publicKey.id, signature: otherKey.signature(for: feed).signature).data,
            .invalidSignature
        ),
    ]

    @Test(arguments: rejections)
    func aBadSignatureIsRefusedWithItsKind(
        name: String, feed: Data, signature: Data?, kind: FeedTrust.VerificationError.Kind
    ) {
        let trust = FeedTrust(publicKeys: [Self.key.publicKey])
        do {
            try trust.verify(feed, signatureFile: signature)
            Issue.record("\(name): accepted")
        } catch {
            #expect(error.kind == kind, "\(name): \(error)")
            #expect(!error.reason.isEmpty)
        }
    }

    @Test
    func eitherKeyOfARotationVerifies() throws {
        let old = FeedSigningKey()
        let new = FeedSigningKey()
        let trust = FeedTrust(publicKeys: [old.publicKey, new.publicKey])
        #expect(try trust.verify(Self.feed, signatureFile: old.signature(for: Self.feed).data) == old.publicKey)
        #expect(try trust.verify(Self.feed, signatureFile: new.signature(for: Self.feed).data) == new.publicKey)
        // After the old key is dropped, its signatures are refused.
        #expect(throws: FeedTrust.VerificationError.self) {
            try FeedTrust(publicKeys: [new.publicKey]).verify(
                Self.feed, signatureFile: old.signature(for: Self.feed).data)
        }
    }
}

@Suite(.serialized)
struct SignedFeedLoadingTests {
    @Test
    func aSignedFeedIsAcceptedAndItsSignatureFetchedBesideIt() async throws {
        let key = FeedSigningKey()
        let site = try SignedFeedServer()
        site.publish(signedFeed(sequence: 1), signedWith: key)
        let loader = trustingLoader(site.url, keys: [key.publicKey], store: InMemoryAlertStore())
        let result = await loader.load()
        #expect(result.error == nil)
        #expect(result.source == .network)
        #expect(result.feed?.sequence == 1)
        #expect(site.server.requests.map(\.path) == ["/feed.json", "/feed.json.sig"])
    }

    /// What an attacker who controls the host can serve after a good feed, and the kind of refusal.
    static let attacks: [(String, FeedTrust.VerificationError.Kind)] = [
        ("unsigned", .missingSignature),
        ("garbage signature", .malformedSignature),
        ("attacker's key", .unknownKey),
        ("edited after signing", .invalidSignature),
        ("old signed feed again", .replayed),
    ]

    @Test(arguments: attacks)
    func anAttackKeepsTheLastGoodFeedAndSaysWhy(attack: String, kind: FeedTrust.VerificationError.Kind) async throws {
        let key = FeedSigningKey()
        let site = try SignedFeedServer()
        let store = InMemoryAlertStore()
        let loader = trustingLoader(site.url, keys: [key.publicKey], store: store)
        // An old feed (sequence 1) and the current one (sequence 2), both genuinely signed.
        let old = signedFeed(sequence: 1, id: 1)
        let good = signedFeed(sequence: 2, id: 2)
        site.publish(good, signedWith: key)
        #expect(await loader.load().feed?.messages.map(\.id) == [2])

        let phishing = signedFeed(sequence: 9, id: 666)
        switch attack {
        case "unsigned": site.publish(phishing, signedWith: nil)
        case "garbage signature": site.publish(phishing, signedWith: nil, signature: Data("ed25519 nope\n".utf8))
        case "attacker's key": site.publish(phishing, signedWith: FeedSigningKey())
        case "edited after signing":
            site.put("/feed.json", phishing)
            site.put("/feed.json.sig", key.signature(for: good).data)
        default: site.publish(old, signedWith: key)
        }
        let result = await loader.load()
        #expect(result.feed?.messages.map(\.id) == [2], "\(attack)")
        #expect(result.source == .cache)
        #expect(result.error?.kind == .untrusted)
        #expect(result.error?.trustKind == kind, "\(attack): \(String(describing: result.error))")
        // The good copy is still the cached one.
        #expect(try await store.cachedFeed()?.body == good)
    }

    @Test
    func withoutACachedCopyAnUnsignedFeedGivesNoFeedAtAll() async throws {
        let site = try SignedFeedServer()
        site.publish(signedFeed(sequence: 1), signedWith: nil)
        let loader = trustingLoader(site.url, keys: [FeedSigningKey().publicKey], store: InMemoryAlertStore())
        let result = await loader.load()
        #expect(result.feed == nil)
        #expect(result.source == .none)
        #expect(result.error?.trustKind == .missingSignature)
    }

    @Test
    func aCopyCachedBeforeSigningWasRequiredIsNotUsed() async throws {
        let site = try SignedFeedServer()
        site.publish(signedFeed(sequence: 1), signedWith: nil)
        let store = InMemoryAlertStore()
        // The app's previous release did not check signatures and cached an unsigned feed.
        var plain = FeedLoaderConfiguration()
        plain.minimumCheckInterval = 0
        let before = FeedLoader(source: FeedSource(site.url)!, store: store, configuration: plain)
        #expect(await before.load().feed != nil)
        // The new release checks them; the server is down: the cached copy must not be shown.
        site.server.stop()
        let result = await trustingLoader(site.url, keys: [FeedSigningKey().publicKey], store: store).load()
        #expect(result.feed == nil)
        #expect(result.error?.reason.contains("the cached feed is not accepted either") == true)
    }

    /// An app that ships a public key in a later release, while its cached copy of the feed (fetched
    /// unsigned by the earlier release) is still current: the server's 304 must not keep the app on a
    /// copy it may not use, with the signed feed sitting beside it.
    @Test(arguments: [0, 600])
    func aCopyCachedBeforeSigningIsReplacedAtOnceDespiteA304(interval: Double) async throws {
        let key = FeedSigningKey()
        let site = try SignedFeedServer()
        let feed = signedFeed(sequence: 1)
        site.publish(feed, signedWith: nil)
        let store = InMemoryAlertStore()
        var plain = FeedLoaderConfiguration()
        plain.minimumCheckInterval = 0
        #expect(await FeedLoader(source: FeedSource(site.url)!, store: store, configuration: plain).load().feed != nil)
        // The author signs the same bytes: the feed's ETag does not change, only the .sig appears.
        site.publish(feed, signedWith: key)
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = interval  // within the interval too
        configuration.trust = FeedTrust(publicKeys: [key.publicKey])
        let requestsBefore = site.server.requests.count
        let result = await FeedLoader(source: FeedSource(site.url)!, store: store, configuration: configuration).load()
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.source == .network)
        #expect(result.feed?.sequence == 1)
        let asked = site.server.requests.dropFirst(requestsBefore)
        #expect(asked.map(\.path) == ["/feed.json", "/feed.json.sig"])
        #expect(asked.first?.headers["if-none-match"] == nil)
        // Now the cached copy is signed: the next load revalidates it with a 304 again.
        var again = configuration
        again.minimumCheckInterval = 0
        let next = await FeedLoader(source: FeedSource(site.url)!, store: store, configuration: again).load()
        #expect(next.source == .notModified)
    }

    @Test
    func whenTheStateCannotBeReadTheReplayCheckFailsClosed() async throws {
        let key = FeedSigningKey()
        let site = try SignedFeedServer()
        site.publish(signedFeed(sequence: 1), signedWith: key)
        let store = UnreadableStateStore()
        let result = await trustingLoader(site.url, keys: [key.publicKey], store: store).load()
        #expect(result.feed == nil)
        #expect(
            result.error?.reason.contains("sequence cannot be checked") == true, "\(String(describing: result.error))")
        #expect(try await store.cachedFeed() == nil)
    }

    @Test
    func aNotModifiedAnswerReusesTheVerifiedCopy() async throws {
        let key = FeedSigningKey()
        let body = signedFeed(sequence: 5)
        let signature = key.signature(for: body).data
        let transport = StubFeedTransport { request in
            if request.url.path.hasSuffix(".sig") { return FeedResponse(status: 200, body: signature) }
            if request.headers["If-None-Match"] == "\"v1\"" { return FeedResponse(status: 304) }
            return FeedResponse(status: 200, headers: ["ETag": "\"v1\""], body: body)
        }
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        configuration.trust = FeedTrust(publicKeys: [key.publicKey])
        let store = InMemoryAlertStore()
        let loader = FeedLoader(
            source: FeedSource("https://feeds.example.com/feed.json?v=2")!, store: store, transport: transport,
            configuration: configuration)
        #expect(await loader.load().source == .network)
        let again = await loader.load()
        #expect(again.source == .notModified)
        #expect(again.feed?.sequence == 5)
        // The signature URL is the feed's path + .sig, without the query.
        #expect(transport.requests.map(\.url.absoluteString).contains("https://feeds.example.com/feed.json.sig"))
        #expect(try await store.state().acceptedFeedSequences?["https://feeds.example.com/feed.json?v=2"] == 5)
    }

    @Test
    func aFileFeedIsVerifiedAgainstTheSigFileBesideIt() async throws {
        let key = FeedSigningKey()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-trust-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("feed.json")
        let body = signedFeed(sequence: 1)
        try body.write(to: file)
        let loader = trustingLoader(file.path, keys: [key.publicKey], store: InMemoryAlertStore())
        #expect(await loader.load().error?.trustKind == .missingSignature)
        try key.signature(for: body).data.write(to: directory.appendingPathComponent("feed.json.sig"))
        let result = await loader.load()
        #expect(result.error == nil)
        #expect(result.feed?.sequence == 1)
    }
}

struct LinkPolicyTests {
    static let cases: [(String, LinkPolicy, Bool)] = [
        ("https://example.com/x", LinkPolicy(), true),
        ("http://example.com/x", LinkPolicy(), false),
        ("myapp://settings", LinkPolicy(), false),
        ("myapp://settings", LinkPolicy(allowedSchemes: ["https", "myapp"]), true),
        ("MYAPP://settings", LinkPolicy(allowedSchemes: ["https", "MyApp"]), true),
        ("mailto:help@example.com", LinkPolicy(allowedSchemes: ["https", "mailto"]), true),
        ("javascript:alert(1)", LinkPolicy(allowedSchemes: ["https", "javascript"]), false),
        ("data:text/html,hi", LinkPolicy(allowedSchemes: ["data"]), false),
        ("file:///etc/passwd", LinkPolicy(allowedSchemes: ["file"]), false),
        ("https://example.com/x", LinkPolicy(allowedHosts: ["example.com"]), true),
        ("https://evil.com/x", LinkPolicy(allowedHosts: ["example.com"]), false),
        ("https://help.example.com/x", LinkPolicy(allowedHosts: ["example.com"]), false),
        ("https://help.example.com/x", LinkPolicy(allowedHosts: [".example.com"]), true),
        ("https://example.com/x", LinkPolicy(allowedHosts: [".example.com"]), true),
        ("https://notexample.com/x", LinkPolicy(allowedHosts: [".example.com"]), false),
        ("https://example.com.evil.io/x", LinkPolicy(allowedHosts: [".example.com"]), false),
        ("myapp://x", LinkPolicy(allowedSchemes: ["https", "myapp"], allowedHosts: ["example.com"]), true),
    ]

    @Test(arguments: cases)
    func aLinkIsAllowedOnlyAsThePolicySays(url: String, policy: LinkPolicy, allowed: Bool) throws {
        let link = try #require(URL(string: url))
        #expect(policy.allows(link) == allowed, "\(url): \(policy.refusal(of: link) ?? "allowed")")
    }

    @Test
    func aMessageWithARefusedLinkIsNotShownAndTheReasonSaysWhy() throws {
        let feed = try FeedDecoder().decode(
            Data(
                """
                [{"id": 1, "bundleId": "a", "title": "T", "text": "x", "link": {"title": "Go", "url": "http://example.com"}},
                 {"id": 2, "bundleId": "a", "title": "T", "text": "x",
                  "localizations": {"de": {"link": {"title": "Los", "url": "myapp://promo"}}}},
                 {"id": 3, "bundleId": "a", "title": "T", "text": "x", "link": {"title": "Go", "url": "https://example.com"}}]
                """.utf8)
        ).feed
        var context = EvaluationContext(bundleID: "a", appVersion: Version(1, 0, 0), now: Date())
        let decision = MessageSelector.decide(feed, context: context, history: ViewHistory(), explain: true)
        #expect(decision.selectedID == 3)
        let excluded = decision.evaluations.filter { !$0.isEligible }
        #expect(excluded.map(\.id) == [1, 2])
        #expect(excluded.allSatisfy { $0.reason.contains("link") })
        context.linkPolicy = LinkPolicy(allowedSchemes: ["https", "http", "myapp"])
        let lenient = MessageSelector.decide(feed, context: context, history: ViewHistory(), explain: true)
        #expect(lenient.selectedID == 3)
        #expect(lenient.evaluations.filter(\.isEligible).map(\.id).sorted() == [1, 2, 3])
    }
}

struct FeedLimitTests {
    @Test
    func aFeedLargerThanTheLimitIsRefusedWhole() {
        var limits = FeedLimits()
        limits.maximumSize = 100
        #expect(throws: FeedError.self) { try FeedDecoder(limits: limits).decode(Data(repeating: 0x20, count: 101)) }
        do {
            _ = try FeedDecoder(limits: limits).decode(Data(repeating: 0x20, count: 101))
        } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.reason.contains("101 bytes") && error.reason.contains("maximumSize"))
        }
    }

    @Test(arguments: [false, true])
    func messagesPastTheLimitAreLeftOutWithOneError(format2: Bool) throws {
        var limits = FeedLimits()
        limits.maximumMessages = 3
        let messages = (1...5).map { #"{"id": \#($0), "bundleId": "a", "title": "T", "text": "x"}"# }
            .joined(separator: ",")
        let text = format2 ? #"{"format": 2, "messages": [\#(messages)]}"# : "[\(messages)]"
        let result = try FeedDecoder(limits: limits).decode(Data(text.utf8))
        #expect(result.feed.messages.map(\.id) == [1, 2, 3])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.code == .limit)
        #expect(result.errors.first?.path == (format2 ? "$.messages[3]" : "$[3]"))
        #expect(result.errors.first?.reason.contains("5 messages; the limit is 3") == true)
    }

    @Test(arguments: ["title", "text", "confirmLabel"])
    func aMessageWithAStringPastTheLimitIsLeftOut(key: String) throws {
        var limits = FeedLimits()
        limits.maximumStringLength = 50
        var fields = ["\"title\": \"T\"", "\"text\": \"x\""]
        fields.append("\"\(key)\": \"\(String(repeating: "é", count: 26))\"")  // 52 UTF-8 bytes
        let text =
            #"[{"id": 1, "bundleId": "a", \#(fields.joined(separator: ", "))}, {"id": 2, "bundleId": "a", "title": "T", "text": "x"}]"#
        let result = try FeedDecoder(limits: limits).decode(Data(text.utf8))
        #expect(result.feed.messages.map(\.id) == [2])
        let error = try #require(result.errors.first)
        #expect(error.code == .limit)
        #expect(error.key == key)
        #expect(error.reason.contains("52 bytes long; the limit is 50"))
    }

    @Test
    func aStringInAListPastTheLimitIsReportedAtItsPosition() throws {
        var limits = FeedLimits()
        limits.maximumStringLength = 10
        let text =
            #"[{"id": 1, "bundleIds": ["a", "\#(String(repeating: "b", count: 11))"], "title": "T", "text": "x"}]"#
        let result = try FeedDecoder(limits: limits).decode(Data(text.utf8))
        #expect(result.feed.messages.isEmpty)
        #expect(result.errors.first?.path == "$[0].bundleIds[1]")
    }

    @Test(arguments: [64, 65, 10_000])
    func nestingPastTheDepthLimitIsRefusedWhole(depth: Int) {
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let outcome = Result { () throws(FeedError) in try FeedDecoder().decode(Data(text.utf8)) }
        if depth <= FeedLimits().maximumDepth {
            // Deep but allowed: not a crash; it is simply not a feed of messages.
            if case .success(let result) = outcome { #expect(result.feed.messages.isEmpty) }
        } else {
            guard case .failure(let error) = outcome else {
                Issue.record("depth \(depth) accepted")
                return
            }
            #expect(error.kind == .notJSON)
            #expect(error.reason.contains("nesting deeper than 64"))
        }
    }

    @Test
    func theDefaultsAreDocumentedValues() {
        let limits = FeedLimits()
        #expect(limits.maximumSize == 4 << 20)
        #expect(limits.maximumMessages == 10_000)
        #expect(limits.maximumStringLength == 10_000)
        #expect(limits.maximumDepth == 64)
        #expect(FeedLoaderConfiguration().maximumBodySize == limits.maximumSize)
    }
}

struct SequenceDecodingTests {
    @Test(
        arguments: [
            (#"{"format": 2, "sequence": 7, "messages": []}"#, 7, false),
            (#"{"format": 2, "messages": []}"#, nil, false),
            (#"{"format": 2, "sequence": -1, "messages": []}"#, nil, true),
            (#"{"format": 2, "sequence": "7", "messages": []}"#, nil, true),
            (#"{"format": 2, "sequence": 1.5, "messages": []}"#, nil, true),
        ] as [(String, Int?, Bool)])
    func sequenceIsAWholeNumber(text: String, sequence: Int?, isError: Bool) throws {
        let result = try FeedDecoder().decode(Data(text.utf8))
        #expect(result.feed.sequence == sequence)
        #expect(result.errors.contains { $0.path == "$.sequence" } == isError)
        #expect(!result.warnings.contains { $0.key == "sequence" })
    }
}

/// A store whose state cannot be read (a corrupt volume, a denied file): the feed cache works.
final class UnreadableStateStore: AlertStore, @unchecked Sendable {
    let feeds = InMemoryAlertStore()
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "state.json: permission denied" }
    }

    func state() async throws -> InstallState { throw Unreadable() }
    func updateState<Result: Sendable>(_ change: @Sendable (inout InstallState) throws -> Result) async throws -> Result
    {
        throw Unreadable()
    }
    func cachedFeed() async throws -> CachedFeed? { try await feeds.cachedFeed() }
    func saveCachedFeed(_ feed: CachedFeed) async throws { try await feeds.saveCachedFeed(feed) }
    func reset() async throws { try await feeds.reset() }
    var locations: [String] { [] }
}
