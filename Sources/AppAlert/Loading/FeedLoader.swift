import Foundation

/// Limits and behaviour of feed loading. Every value has a default suitable for an app.
public struct FeedLoaderConfiguration: Sendable {
    /// The shortest time between two network checks of the same feed; launches within it use the last
    /// good copy without asking. The default is 10 minutes: GitHub Pages lets caches keep a file for
    /// 10 minutes anyway, and a check costs little (a conditional request answered by 304).
    public var minimumCheckInterval: TimeInterval = 600
    /// How long one request may take, connection to last byte. The default is 15 seconds.
    public var timeout: TimeInterval = 15
    /// The largest body read; past it, reading stops and the response is refused. The default is 4 MiB.
    public var maximumBodySize: Int = 4 << 20
    /// Whether `http:` is allowed for hosts other than loopback. The default is `false`: feeds come
    /// over `https:`, and `http:` only from `localhost` during development.
    public var allowsInsecureHTTP = false
    /// The decoder, with its limits.
    @_spi(Authoring) public var decoder = FeedDecoder()
    /// The keys feeds must be signed with, or `nil` (the default) to accept unsigned feeds. With keys,
    /// the loader fetches `FEED-URL.sig` beside each new feed (for a file, `FILE.sig`), accepts the feed
    /// only with a valid signature by one of them, refuses a `sequence` lower than the highest it
    /// accepted (a replay), and checks the cached copy again before using it.
    public var trust: FeedTrust?

    public init() {}
}

extension FeedLoader {
    /// Why the loader could not use a fresh copy of the feed.
    public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        public struct Kind: RawRepresentable, Sendable, Hashable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            /// The request failed (see ``FeedLoader/LoadError/transportKind``).
            public static let transport = Kind(rawValue: "transport")
            /// The server answered with a status other than 200–299 or 304.
            public static let httpStatus = Kind(rawValue: "httpStatus")
            /// The body is not JSON or not a feed.
            public static let invalidFeed = Kind(rawValue: "invalidFeed")
            /// The file cannot be read.
            public static let unreadableFile = Kind(rawValue: "unreadableFile")
            /// `http:` to a host that is not loopback, without ``FeedLoaderConfiguration/allowsInsecureHTTP``.
            public static let insecureURL = Kind(rawValue: "insecureURL")
            /// A 304 without a cached copy to revalidate.
            public static let unexpectedNotModified = Kind(rawValue: "unexpectedNotModified")
            /// The cached copy could not be read or used.
            public static let cache = Kind(rawValue: "cache")
            /// The signature is missing or invalid, or the feed is older than one accepted (see
            /// ``FeedLoader/LoadError/trustKind``).
            public static let untrusted = Kind(rawValue: "untrusted")
        }

        public var kind: Kind
        public var reason: String
        /// For ``Kind/transport``, what went wrong.
        public var transportKind: FeedTransportError.Kind?
        /// For ``Kind/httpStatus``, the status.
        public var status: Int?
        /// For ``Kind/untrusted``, what was wrong.
        public var trustKind: FeedTrust.VerificationError.Kind?

        public init(
            kind: Kind, reason: String, transportKind: FeedTransportError.Kind? = nil, status: Int? = nil,
            trustKind: FeedTrust.VerificationError.Kind? = nil
        ) {
            self.kind = kind
            self.reason = reason
            self.transportKind = transportKind
            self.status = status
            self.trustKind = trustKind
        }

        init(_ error: FeedTrust.VerificationError) {
            self.init(kind: .untrusted, reason: error.reason, trustKind: error.kind)
        }

        public var description: String { reason }
    }
}

extension FeedLoader {
    /// What a load produced.
    public struct LoadResult: Sendable {
        public enum Source: String, Sendable, Hashable {
            /// A new copy was received (or the file was read).
            case network
            /// The server said the cached copy is still current (304).
            case notModified
            /// The cached copy was used without a new one: within the minimum interval, or after a failure.
            case cache
            /// No feed at all: the source failed and nothing is cached.
            case none
        }

        /// The feed to decide from, or `nil` when there is none.
        public var feed: Feed?
        /// Diagnostics of the feed used (messages left out and why).
        public var diagnostics: [FeedDiagnostic]
        public var source: Source
        /// Why a fresh copy was not used, when it was not.
        public var error: FeedLoader.LoadError?
        /// A failure to save the new copy or the check time; the feed is still used.
        public var storeError: AlertStoreError?
        /// The install's state as the load read it, when it wrote nothing after: a launch within the
        /// interval decides from it rather than reading and decoding the state file a second time.
        var state: InstallState?

        public init(
            feed: Feed?, diagnostics: [FeedDiagnostic] = [], source: Source, error: FeedLoader.LoadError? = nil,
            storeError: AlertStoreError? = nil
        ) {
            self.feed = feed
            self.diagnostics = diagnostics
            self.source = source
            self.error = error
            self.storeError = storeError
        }
    }
}

/// Loads a feed the way a client on a phone or a command line should:
///
/// - keeps the last good body with its `ETag` and `Last-Modified` in the store and revalidates with
///   `If-None-Match`/`If-Modified-Since`: an edited feed is seen on the very next check, an unchanged
///   one costs no body bytes (304);
/// - never lets a bad response replace the good copy: a refused connection, a timeout, a 4xx/5xx, a
///   truncated or oversized body, or a body that is not a feed all fall back to the last good copy,
///   with the reason;
/// - asks the network at most once per ``FeedLoaderConfiguration/minimumCheckInterval``;
/// - shares one request between overlapping loads in the process.
public actor FeedLoader {
    public let source: FeedSource
    public let configuration: FeedLoaderConfiguration
    private let store: any AlertStore
    private let transport: any FeedTransport
    private let clock: AlertClock
    private var inFlight: Task<FeedLoader.LoadResult, Never>?
    /// The last body decoded in this process, so an unchanged feed is not decoded twice.
    private var lastDecoded: (body: Data, result: FeedDecoder.Output)?
    /// The last body and signature verified in this process, so an unchanged feed is not verified twice.
    private var lastVerified: (body: Data, signature: Data?)?

    public init(
        source: FeedSource, store: any AlertStore, transport: any FeedTransport = URLSessionFeedTransport(),
        configuration: FeedLoaderConfiguration = FeedLoaderConfiguration(), clock: AlertClock = .system
    ) {
        self.source = source
        self.store = store
        self.transport = transport
        self.configuration = configuration
        self.clock = clock
    }

    /// Loads the feed. With `ignoringInterval`, asks the source even within the minimum interval.
    /// Loads that overlap share one request.
    public func load(ignoringInterval: Bool = false) async -> FeedLoader.LoadResult {
        if let inFlight { return await inFlight.value }
        let task = Task { await self.performLoad(ignoringInterval: ignoringInterval) }
        inFlight = task
        let result = await task.value
        inFlight = nil
        return result
    }

    private func performLoad(ignoringInterval: Bool) async -> FeedLoader.LoadResult {
        var cached: CachedFeed?
        var cacheError: FeedLoader.LoadError?
        do {
            cached = try await store.cachedFeed().flatMap { $0.url == source.identifier ? $0 : nil }
        } catch {
            cacheError = FeedLoader.LoadError(kind: .cache, reason: "the cached feed cannot be read: \(error)")
        }
        let now = clock.now
        // A cached copy that today's keys do not accept (fetched, unsigned, by a release that did not
        // check signatures) is neither used within the interval nor revalidated: a 304 would keep it,
        // and the signature beside the current feed would never be fetched.
        if let cached, !satisfiesTrust(cached) {
            return await load(from: source, cached: nil, fallbackCache: cached, now: now, cacheError: cacheError)
        }
        if !ignoringInterval, let cached, configuration.minimumCheckInterval > 0 {
            let state = try? await store.state()
            if let lastCheck = state?.lastFeedCheck, lastCheck.url == source.identifier,
                now.timeIntervalSince(lastCheck.date) < configuration.minimumCheckInterval,
                now >= lastCheck.date
            {
                var result = await fromCache(cached, error: nil, state: state)
                if result.feed != nil || configuration.trust == nil {
                    result.state = state
                    return result
                }
                // A signed copy refused (changed on disk since it was accepted): asked for afresh.
                return await load(from: source, cached: nil, fallbackCache: cached, now: now, cacheError: cacheError)
            }
        }
        return await load(from: source, cached: cached, fallbackCache: cached, now: now, cacheError: cacheError)
    }

    /// Asks the source; `cached` gives the validators (nil: an unconditional request), `fallbackCache`
    /// what a failure falls back to (which `fromCache` checks against today's keys again).
    private func load(
        from source: FeedSource, cached: CachedFeed?, fallbackCache: CachedFeed?, now: Date,
        cacheError: FeedLoader.LoadError?
    ) async -> FeedLoader.LoadResult {
        switch source {
        case .file(let url):
            return await loadFile(url, cached: fallbackCache, now: now)
        case .remote(let url):
            if url.scheme?.lowercased() == "http" && !source.isLoopback && !configuration.allowsInsecureHTTP {
                let error = FeedLoader.LoadError(
                    kind: .insecureURL,
                    reason: "\(url.absoluteString) is http:, allowed only for localhost (use https:)")
                return await fallback(fallbackCache, error: error)
            }
            return await loadRemote(
                url, validatorsFrom: cached, cached: fallbackCache, now: now, cacheError: cacheError)
        }
    }

    /// Whether the cached copy may be used under today's trust settings.
    private func satisfiesTrust(_ cached: CachedFeed) -> Bool {
        guard let trust = configuration.trust else { return true }
        do {
            try verify(cached.body, signature: cached.signature, with: trust)
            return true
        } catch {
            return false
        }
    }

    private func loadFile(_ url: URL, cached: CachedFeed?, now: Date) async -> FeedLoader.LoadResult {
        let body: Data
        do {
            body = try Data(contentsOf: url)
        } catch {
            return await fallback(
                cached,
                error: FeedLoader.LoadError(
                    kind: .unreadableFile, reason: "cannot read \(url.path): \(error.localizedDescription)"))
        }
        if body.count > configuration.maximumBodySize {
            return await fallback(
                cached,
                error: FeedLoader.LoadError(
                    kind: .transport, reason: "\(url.path) is larger than \(configuration.maximumBodySize) bytes",
                    transportKind: .tooLarge))
        }
        var signature: Data?
        if configuration.trust != nil {
            signature = try? Data(contentsOf: URL(fileURLWithPath: url.path + ".sig"))
        }
        return await accept(body, signature: signature, etag: nil, lastModified: nil, cached: cached, now: now)
    }

    /// `FEED-URL.sig`: the signature beside the feed (query and fragment kept off).
    static func signatureURL(of url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url.appendingPathExtension("sig")
        }
        components.percentEncodedPath += ".sig"
        components.query = nil
        components.fragment = nil
        return components.url ?? url.appendingPathExtension("sig")
    }

    /// The signature file of a new feed: `nil` when the server has none (404, 410), a load error when
    /// it cannot say.
    private func fetchSignature(of url: URL) async -> Result<Data?, FeedLoader.LoadError> {
        let signatureURL = Self.signatureURL(of: url)
        let request = FeedRequest(
            url: signatureURL, headers: [:], timeout: configuration.timeout, maximumBodySize: 4096)
        do {
            let response = try await transport.get(request)
            switch response.status {
            case 200..<300: return .success(response.body)
            case 404, 410: return .success(nil)
            default:
                return .failure(
                    FeedLoader.LoadError(
                        kind: .httpStatus,
                        reason: "the signature \(signatureURL.absoluteString): the server answered \(response.status)",
                        status: response.status))
            }
        } catch {
            return .failure(
                FeedLoader.LoadError(
                    kind: .transport, reason: "the signature \(signatureURL.absoluteString): \(error.reason)",
                    transportKind: error.kind))
        }
    }

    private func loadRemote(
        _ url: URL, validatorsFrom validated: CachedFeed?, cached: CachedFeed?, now: Date,
        cacheError: FeedLoader.LoadError?
    ) async -> FeedLoader.LoadResult {
        let request = FeedRequest(
            url: url, accept: "application/json", etag: validated?.etag, lastModified: validated?.lastModified,
            timeout: configuration.timeout, maximumBodySize: configuration.maximumBodySize)
        let response: FeedResponse
        do {
            response = try await transport.get(request)
        } catch {
            return await fallback(
                cached, error: FeedLoader.LoadError(kind: .transport, reason: error.reason, transportKind: error.kind))
        }
        switch response.status {
        case 304:
            guard let cached = validated else {
                return FeedLoader.LoadResult(
                    feed: nil, source: .none,
                    error: cacheError
                        ?? FeedLoader.LoadError(
                            kind: .unexpectedNotModified, reason: "304 Not Modified, but nothing is cached"))
            }
            var result = await fromCache(cached, error: nil)
            if result.feed != nil {
                result.source = .notModified
                result.storeError = await recordCheck(at: now)
            }
            return result
        case 200..<300:
            var signature: Data?
            if configuration.trust != nil {
                switch await fetchSignature(of: url) {
                case .success(let data): signature = data
                case .failure(let error): return await fallback(cached, error: error)
                }
            }
            return await accept(
                response.body, signature: signature, etag: response[header: "ETag"],
                lastModified: response[header: "Last-Modified"], cached: cached, now: now)
        default:
            return await fallback(
                cached,
                error: FeedLoader.LoadError(
                    kind: .httpStatus, reason: "the server answered \(response.status)", status: response.status))
        }
    }

    /// Uses a new body if it is a feed (signed by a trusted key and not older than one accepted, when
    /// keys are configured), and makes it the last good copy; otherwise falls back.
    private func accept(
        _ body: Data, signature: Data?, etag: String?, lastModified: String?, cached: CachedFeed?, now: Date
    ) async -> FeedLoader.LoadResult {
        // The signature first: bytes from an untrusted source are not even parsed.
        if let trust = configuration.trust {
            do {
                try verify(body, signature: signature, with: trust)
            } catch {
                return await fallback(cached, error: FeedLoader.LoadError(error))
            }
        }
        let decoded: FeedDecoder.Output
        do {
            decoded = try decode(body)
        } catch {
            return await fallback(cached, error: FeedLoader.LoadError(kind: .invalidFeed, reason: error.reason))
        }
        let sequence = decoded.feed.sequence ?? 0
        if configuration.trust != nil {
            // Fail closed: without the highest sequence accepted, a replayed feed cannot be told apart.
            let highest: Int?
            do {
                highest = try await store.state().acceptedFeedSequences?[source.identifier]
            } catch {
                return await fallback(
                    cached,
                    error: FeedLoader.LoadError(
                        kind: .cache,
                        reason: "the install's state cannot be read, so the feed's sequence cannot be checked "
                            + "against the highest accepted; the new feed is not used: \(error)"))
            }
            if let highest, sequence < highest {
                return await fallback(
                    cached,
                    error: FeedLoader.LoadError(
                        FeedTrust.VerificationError(
                            kind: .replayed,
                            reason: "the feed's sequence \(sequence) is lower than \(highest), the highest accepted: "
                                + "an older signed feed is being served again")))
            }
        }
        var storeError: AlertStoreError?
        if cached?.body != body || cached?.etag != etag || cached?.lastModified != lastModified
            || cached?.signature != signature
        {
            let copy = CachedFeed(
                url: source.identifier, body: body, etag: etag, lastModified: lastModified, fetchedAt: now,
                signature: signature)
            do {
                try await store.saveCachedFeed(copy)
            } catch {
                storeError = (error as? AlertStoreError) ?? AlertStoreError(location: "feed cache", reason: "\(error)")
            }
        }
        let checkError = await recordCheck(at: now, acceptedSequence: configuration.trust == nil ? nil : sequence)
        return FeedLoader.LoadResult(
            feed: decoded.feed, diagnostics: decoded.diagnostics, source: .network, storeError: storeError ?? checkError
        )
    }

    private func recordCheck(at date: Date, acceptedSequence: Int? = nil) async -> AlertStoreError? {
        let check = InstallState.FeedCheck(url: source.identifier, date: date)
        let url = source.identifier
        do {
            try await store.updateState { state in
                state.lastFeedCheck = check
                if let acceptedSequence {
                    var sequences = state.acceptedFeedSequences ?? [:]
                    sequences[url] = max(sequences[url] ?? acceptedSequence, acceptedSequence)
                    state.acceptedFeedSequences = sequences
                }
            }
            return nil
        } catch {
            return (error as? AlertStoreError) ?? AlertStoreError(location: "state", reason: "\(error)")
        }
    }

    private func fallback(_ cached: CachedFeed?, error: FeedLoader.LoadError) async -> FeedLoader.LoadResult {
        guard let cached else { return FeedLoader.LoadResult(feed: nil, source: .none, error: error) }
        return await fromCache(cached, error: error)
    }

    /// The cached copy, decoded, when today's keys accept it. With keys, its signature is checked
    /// against its bytes (the copy on disk may have been changed since it was accepted) and its
    /// `sequence` against the highest accepted, read from `state` when the caller has it: an older
    /// signed feed put in the copy's place, with its own valid signature, is a replay too.
    private func fromCache(_ cached: CachedFeed, error: FeedLoader.LoadError?, state: InstallState? = nil) async
        -> FeedLoader.LoadResult
    {
        // The cached copy is checked against today's keys: an app that starts checking signatures
        // must not keep showing a copy fetched before it did.
        if let trust = configuration.trust {
            do {
                try verify(cached.body, signature: cached.signature, with: trust)
            } catch let trustError {
                return refused(error: error, because: trustError)
            }
        }
        let decoded: FeedDecoder.Output
        do {
            decoded = try decode(cached.body)
        } catch {
            return FeedLoader.LoadResult(
                feed: nil, source: .none,
                error: FeedLoader.LoadError(
                    kind: .cache, reason: "the cached feed is no longer readable: \(error.reason)"))
        }
        if configuration.trust != nil {
            let highest: Int?
            do {
                if let state {
                    highest = state.acceptedFeedSequences?[source.identifier]
                } else {
                    highest = try await store.state().acceptedFeedSequences?[source.identifier]
                }
            } catch {
                // Fail closed, as for a new feed.
                return FeedLoader.LoadResult(
                    feed: nil, source: .none,
                    error: FeedLoader.LoadError(
                        kind: .cache,
                        reason: "the install's state cannot be read, so the cached feed's sequence cannot be "
                            + "checked against the highest accepted: \(error)"))
            }
            let sequence = decoded.feed.sequence ?? 0
            if let highest, sequence < highest {
                return refused(
                    error: error,
                    because: FeedTrust.VerificationError(
                        kind: .replayed,
                        reason: "its sequence \(sequence) is lower than \(highest), the highest accepted: an older "
                            + "signed feed was put in its place"))
            }
        }
        return FeedLoader.LoadResult(feed: decoded.feed, diagnostics: decoded.diagnostics, source: .cache, error: error)
    }

    /// No feed: the cached copy is not accepted, after `error` (the reason a fresh copy was not used).
    private func refused(error: FeedLoader.LoadError?, because trustError: FeedTrust.VerificationError)
        -> FeedLoader.LoadResult
    {
        var combined = error ?? FeedLoader.LoadError(trustError)
        combined.reason =
            error == nil
            ? "the cached feed is not accepted: \(trustError.reason)"
            : "\(combined.reason); the cached feed is not accepted either: \(trustError.reason)"
        return FeedLoader.LoadResult(feed: nil, source: .none, error: combined)
    }

    private func verify(_ body: Data, signature: Data?, with trust: FeedTrust) throws(FeedTrust.VerificationError) {
        if let lastVerified, lastVerified.signature == signature, lastVerified.body == body { return }
        try trust.verify(body, signatureFile: signature)
        lastVerified = (body, signature)
    }

    private func decode(_ body: Data) throws(FeedError) -> FeedDecoder.Output {
        if let lastDecoded, lastDecoded.body == body { return lastDecoded.result }
        let result = try configuration.decoder.decode(body)
        lastDecoded = (body, result)
        return result
    }
}
