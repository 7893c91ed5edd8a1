import Foundation

extension ReleaseSource {
    /// The newest release of an app, as a source reports it.
    public struct Release: Sendable, Hashable {
        public enum Source: String, Sendable, Hashable {
            case appStore
            case gitHub
            case feed
        }

        public var version: Version
        /// When this version was released (`currentVersionReleaseDate`, `published_at`).
        public var releaseDate: Date?
        /// The lowest OS version the release runs on (`minimumOsVersion`).
        public var minimumOSVersion: Version?
        /// Where to get it: the store page or the release page.
        public var storeURL: URL?
        public var releaseNotes: String?
        /// The app's name in the store, or the release's name.
        public var name: String?
        public var source: Source

        public init(
            version: Version, releaseDate: Date? = nil, minimumOSVersion: Version? = nil, storeURL: URL? = nil,
            releaseNotes: String? = nil, name: String? = nil, source: Source
        ) {
            self.version = version
            self.releaseDate = releaseDate
            self.minimumOSVersion = minimumOSVersion
            self.storeURL = storeURL
            self.releaseNotes = releaseNotes
            self.name = name
            self.source = source
        }
    }
}

extension ReleaseSource {
    /// Why a release source gave no release.
    public struct LookupError: Error, Sendable, Hashable, CustomStringConvertible {
        public struct Kind: RawRepresentable, Sendable, Hashable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            /// The App Store has no such app in this storefront (`resultCount` 0).
            public static let notInStorefront = Kind(rawValue: "notInStorefront")
            /// The repository has no published release (404 on `releases/latest`).
            public static let noRelease = Kind(rawValue: "noRelease")
            /// The request failed.
            public static let transport = Kind(rawValue: "transport")
            /// An HTTP status other than 200.
            public static let httpStatus = Kind(rawValue: "httpStatus")
            /// The answer is not what the documented format says.
            public static let invalidResponse = Kind(rawValue: "invalidResponse")
        }

        public var kind: Kind
        public var reason: String

        public init(kind: Kind, reason: String) {
            self.kind = kind
            self.reason = reason
        }

        public var description: String { reason }
    }
}

/// An App Store storefront: a two-letter country code (ISO 3166-1 alpha-2), such as `US` or `FR`.
public struct Storefront: Sendable, Hashable, CustomStringConvertible {
    /// The uppercased code.
    public let code: String

    /// Reads a country code; throws with a reason for anything else — notably a language or locale
    /// code such as `en_US` or `fr`, the mistake behind most "app not found" reports.
    public init(_ text: String) throws(Storefront.InvalidCode) {
        let letters = text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        if text.count == 2 && letters {
            code = text.uppercased()
            return
        }
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" })
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isLetter) {
            throw Storefront.InvalidCode(
                input: text,
                reason:
                    "\"\(text)\" is a locale, not a country; the storefront is the country code, e.g. \(parts[1].uppercased())"
            )
        }
        if text.count == 3 && letters {
            throw Storefront.InvalidCode(
                input: text, reason: "\"\(text)\" has three letters; use the two-letter country code (e.g. US)")
        }
        throw Storefront.InvalidCode(
            input: text, reason: "\"\(text)\" is not a two-letter country code (e.g. US, FR, JP)")
    }

    public var description: String { code }
}

extension Storefront {
    public struct InvalidCode: Error, Sendable, Hashable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String { reason }
    }
}

/// Reads the newest version of an app from the App Store lookup
/// (`https://itunes.apple.com/lookup?bundleId=…&country=…`).
public struct AppStoreLookup: Sendable {
    public static let defaultBaseURL = URL(string: "https://itunes.apple.com/lookup")!

    public var baseURL: URL
    /// The storefront to ask, overriding the device's. With neither, Apple's default (the United
    /// States) answers — the wrong store for most of the world: an app sold in France only is "not
    /// found" there.
    public var storefront: Storefront?
    /// The device's own App Store country as StoreKit gives it (alpha-3, `FRA`), asked when
    /// ``storefront`` is `nil`. AppAlertUI's `AppStoreLookup.onThisDevice()` sets it to StoreKit's
    /// `Storefront.current`; a code that is not a country is ignored.
    public var deviceStorefront: (@Sendable () async -> String?)?
    /// The platform whose app to look up: tvOS asks for `entity=tvSoftware`, macOS for
    /// `entity=macSoftware`.
    public var platform: Platform
    public var transport: any FeedTransport
    public var timeout: TimeInterval

    public init(
        baseURL: URL = AppStoreLookup.defaultBaseURL, storefront: Storefront? = nil, platform: Platform = .current,
        transport: any FeedTransport = URLSessionFeedTransport(), timeout: TimeInterval = 15
    ) {
        self.baseURL = baseURL
        self.storefront = storefront
        self.platform = platform
        self.transport = transport
        self.timeout = timeout
    }

    /// The lookup URL for `bundleID`. A query item `_` with the current time in seconds makes every
    /// request distinct, so no cache on the way (a CDN's included) answers with an old result.
    public func url(bundleID: String, now: Date) -> URL {
        url(bundleID: bundleID, now: now, storefront: storefront)
    }

    /// The storefront asked: ``storefront``, else the device's, else none (Apple's default).
    public func effectiveStorefront() async -> Storefront? {
        if let storefront { return storefront }
        guard let code = await deviceStorefront?() else { return nil }
        return try? Storefront(alpha3: code)
    }

    func url(bundleID: String, now: Date, storefront: Storefront?) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        var items = components.queryItems ?? []
        items.append(URLQueryItem(name: "bundleId", value: bundleID))
        if let storefront { items.append(URLQueryItem(name: "country", value: storefront.code.lowercased())) }
        switch platform {
        case .tvOS: items.append(URLQueryItem(name: "entity", value: "tvSoftware"))
        case .macOS: items.append(URLQueryItem(name: "entity", value: "macSoftware"))
        default: break
        }
        items.append(URLQueryItem(name: "_", value: String(Int(now.timeIntervalSince1970))))
        components.queryItems = items
        return components.url!
    }

    /// The app's page in the store: the Mac App Store app on macOS, the web page (which opens the App
    /// Store app) elsewhere.
    public static func storePage(trackID: Int, platform: Platform) -> URL {
        URL(
            string: platform == .macOS
                ? "macappstore://apps.apple.com/app/id\(trackID)" : "https://apps.apple.com/app/id\(trackID)")!
    }

    public func latestRelease(bundleID: String, now: Date = Date()) async throws(ReleaseSource.LookupError)
        -> ReleaseSource.Release
    {
        let storefront = await effectiveStorefront()
        let object = try await fetchJSONObject(
            transport, url(bundleID: bundleID, now: now, storefront: storefront), timeout: timeout,
            headers: ["Cache-Control": "no-cache"])
        guard let count = object["resultCount"]?.integerValue, case .array(let results)? = object["results"] else {
            throw ReleaseSource.LookupError(
                kind: .invalidResponse, reason: "the lookup answer has no resultCount and results")
        }
        guard count > 0, case .object(let app)? = results.first else {
            let store = storefront.map { "the \($0.code) App Store" } ?? "the App Store"
            throw ReleaseSource.LookupError(kind: .notInStorefront, reason: "\(bundleID) is not in \(store)")
        }
        guard case .string(let versionText)? = app["version"] else {
            throw ReleaseSource.LookupError(kind: .invalidResponse, reason: "the lookup answer has no \"version\"")
        }
        let version: Version
        do {
            version = try Version(parsing: versionText)
        } catch {
            throw ReleaseSource.LookupError(kind: .invalidResponse, reason: "the store's \(error)")
        }
        let trackID = app["trackId"]?.integerValue
        let storeURL: URL?
        if let trackID {
            storeURL = Self.storePage(trackID: trackID, platform: platform)
        } else {
            storeURL = app["trackViewUrl"]?.stringValue.flatMap(URL.init(string:))
        }
        return ReleaseSource.Release(
            version: version,
            releaseDate: app["currentVersionReleaseDate"]?.stringValue.flatMap { try? RFC3339.parse($0) },
            minimumOSVersion: app["minimumOsVersion"]?.stringValue.flatMap(Version.init),
            storeURL: storeURL, releaseNotes: app["releaseNotes"]?.stringValue, name: app["trackName"]?.stringValue,
            source: .appStore)
    }
}

/// Reads the newest published release of a GitHub repository (`/repos/OWNER/REPO/releases/latest`:
/// not a draft, not a pre-release), for command-line tools.
public struct GitHubReleases: Sendable {
    public static let defaultBaseURL = URL(string: "https://api.github.com")!

    public var baseURL: URL
    public var owner: String
    public var repository: String
    public var transport: any FeedTransport
    public var timeout: TimeInterval

    /// - Parameters:
    ///   - repository: `OWNER/REPO`.
    ///   - baseURL: the GitHub API's root (a GitHub Enterprise host, or a test server).
    ///   - transport: how requests are made.
    ///   - timeout: seconds the whole request may take.
    public init(
        repository: String, baseURL: URL = GitHubReleases.defaultBaseURL,
        transport: any FeedTransport = URLSessionFeedTransport(), timeout: TimeInterval = 15
    ) throws(GitHubReleases.InvalidRepository) {
        let parts = repository.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = { (part: Substring) in
            !part.isEmpty && part != "." && part != ".."
                && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        }
        guard parts.count == 2, allowed(parts[0]), allowed(parts[1]) else {
            throw GitHubReleases.InvalidRepository(input: repository, reason: "\"\(repository)\" is not OWNER/REPO")
        }
        self.owner = String(parts[0])
        self.repository = String(parts[1])
        self.baseURL = baseURL
        self.transport = transport
        self.timeout = timeout
    }

    public var url: URL {
        baseURL.appendingPathComponent("repos").appendingPathComponent(owner).appendingPathComponent(repository)
            .appendingPathComponent("releases").appendingPathComponent("latest")
    }

    public func latestRelease() async throws(ReleaseSource.LookupError) -> ReleaseSource.Release {
        let object = try await fetchJSONObject(
            transport, url, timeout: timeout,
            headers: ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"],
            notFound: ReleaseSource.LookupError(
                kind: .noRelease, reason: "\(owner)/\(repository) has no published release"))
        if object["draft"] == .bool(true) || object["prerelease"] == .bool(true) {
            throw ReleaseSource.LookupError(kind: .noRelease, reason: "\(owner)/\(repository) has no published release")
        }
        guard case .string(let tag)? = object["tag_name"] else {
            throw ReleaseSource.LookupError(kind: .invalidResponse, reason: "the release has no \"tag_name\"")
        }
        let versionText = tag.first == "v" || tag.first == "V" ? String(tag.dropFirst()) : tag
        guard let version = Version(versionText) else {
            throw ReleaseSource.LookupError(
                kind: .invalidResponse, reason: "tag \"\(tag)\" is not a version (e.g. v1.2.3)")
        }
        return ReleaseSource.Release(
            version: version, releaseDate: object["published_at"]?.stringValue.flatMap { try? RFC3339.parse($0) },
            storeURL: object["html_url"]?.stringValue.flatMap(URL.init(string:)),
            releaseNotes: object["body"]?.stringValue,
            name: object["name"]?.stringValue, source: .gitHub)
    }
}

extension GitHubReleases {
    public struct InvalidRepository: Error, Sendable, Hashable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String { reason }
    }
}

/// GETs `url` and reads a JSON object, turning every failure into a ``ReleaseSource/LookupError``.
func fetchJSONObject(
    _ transport: any FeedTransport, _ url: URL, timeout: TimeInterval, headers: [String: String],
    notFound: ReleaseSource.LookupError? = nil
) async throws(ReleaseSource.LookupError) -> JSONObject {
    let response: FeedResponse
    do {
        var allHeaders = headers
        allHeaders["Accept"] = allHeaders["Accept"] ?? "application/json"
        response = try await transport.get(
            FeedRequest(url: url, headers: allHeaders, timeout: timeout, maximumBodySize: 1 << 20))
    } catch {
        throw ReleaseSource.LookupError(kind: .transport, reason: "\(url.host ?? url.absoluteString): \(error.reason)")
    }
    if response.status == 404, let notFound { throw notFound }
    guard response.status == 200 else {
        throw ReleaseSource.LookupError(
            kind: .httpStatus, reason: "\(url.host ?? url.absoluteString) answered \(response.status)")
    }
    guard case .object(let object)? = try? JSONParser().parse(response.body) else {
        throw ReleaseSource.LookupError(
            kind: .invalidResponse, reason: "\(url.host ?? url.absoluteString) did not answer with a JSON object")
    }
    return object
}
