import AppAlert
import AppAlertTesting
import Foundation
import TestSupport
import Testing

/// An App Store lookup answer as the documented format gives it (trimmed to the keys that matter,
/// plus a few that do not).
func lookupAnswer(version: String = "1.2.0", released: String = "2026-11-18T08:00:00Z", minimumOS: String = "17.0")
    -> Data
{
    Data(
        """
        {
         "resultCount":1,
         "results": [
        {"isGameCenterEnabled":false, "features":["iosUniversal"], "supportedDevices":["iPhone15-iPhone15"],
         "kind":"software", "trackId":1234567890, "trackName":"AppAlert Example",
         "bundleId":"com.createchsol.AppAlertExample", "version":"\(version)",
         "currentVersionReleaseDate":"\(released)", "releaseDate":"2023-11-16T08:00:00Z",
         "minimumOsVersion":"\(minimumOS)", "releaseNotes":"Bug fixes and improvements.",
         "trackViewUrl":"https://apps.apple.com/us/app/appalert-example/id1234567890?uo=4",
         "price":0.00, "currency":"USD", "sellerName":"Createch Solutions", "averageUserRating":4.5}]
        }
        """.utf8)
}

let emptyLookup = Data("{\n \"resultCount\":0,\n \"results\": []\n}".utf8)

func gitHubRelease(tag: String = "v2.4.1", draft: Bool = false, prerelease: Bool = false) -> Data {
    Data(
        """
        {"url": "https://api.github.com/repos/octo/tool/releases/1", "html_url": "https://github.com/octo/tool/releases/tag/\(tag)",
         "id": 1, "tag_name": "\(tag)", "target_commitish": "main", "name": "Tool \(tag)", "draft": \(draft),
         "prerelease": \(prerelease), "created_at": "2026-11-10T10:00:00Z", "published_at": "2026-11-10T12:30:00Z",
         "author": {"login": "octo"}, "assets": [], "body": "- Faster\\n- Smaller"}
        """.utf8)
}

@Suite(.serialized)
struct AppStoreLookupTests {
    @Test
    func readsTheDocumentedAnswer() async throws {
        let server = try TestHTTPServer { _ in
            .response(status: 200, headers: ["Content-Type": "text/javascript"], body: lookupAnswer())
        }
        let lookup = AppStoreLookup(
            baseURL: URL(string: server.url("/lookup"))!, storefront: try Storefront("fr"), platform: .iOS)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let release = try await lookup.latestRelease(bundleID: "com.createchsol.AppAlertExample", now: now)
        #expect(release.version == Version("1.2.0"))
        #expect(release.releaseDate == (try RFC3339.parse("2026-11-18T08:00:00Z")))
        #expect(release.minimumOSVersion == Version("17.0"))
        #expect(release.storeURL == URL(string: "https://apps.apple.com/app/id1234567890"))
        #expect(release.name == "AppAlert Example")
        #expect(release.releaseNotes == "Bug fixes and improvements.")
        #expect(release.source == .appStore)
        let request = try #require(server.requests.first)
        #expect(request.path == "/lookup?bundleId=com.createchsol.AppAlertExample&country=fr&_=1800000000")
        #expect(request.headers["cache-control"] == "no-cache")
    }

    @Test(arguments: [(Platform.tvOS, "&entity=tvSoftware"), (.macOS, "&entity=macSoftware"), (.iOS, "")])
    func asksForThePlatformsEntity(platform: Platform, entity: String) {
        let url = AppStoreLookup(platform: platform).url(bundleID: "a.b", now: Date(timeIntervalSince1970: 5))
        #expect(url.absoluteString == "https://itunes.apple.com/lookup?bundleId=a.b\(entity)&_=5")
    }

    @Test
    func aMacAppOpensTheMacAppStore() async throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: lookupAnswer()) }
        let lookup = AppStoreLookup(baseURL: URL(string: server.url("/lookup"))!, platform: .macOS)
        #expect(
            try await lookup.latestRelease(bundleID: "a").storeURL
                == URL(string: "macappstore://apps.apple.com/app/id1234567890"))
    }

    static let failures: [(String, TestHTTPServer.Reply, ReleaseSource.LookupError.Kind)] = [
        ("not in the storefront", .response(status: 200, body: emptyLookup), .notInStorefront),
        ("500", .response(status: 500, body: Data("<html>".utf8)), .httpStatus),
        ("garbage", .response(status: 200, body: Data("<html>Oops</html>".utf8)), .invalidResponse),
        (
            "no results key", .response(status: 200, body: Data("{\"errorMessage\": \"Invalid value\"}".utf8)),
            .invalidResponse
        ),
        (
            "a version that is not one", .response(status: 200, body: lookupAnswer(version: "2.0 beta")),
            .invalidResponse
        ),
        ("connection closed", .close, .transport),
    ]

    @Test(arguments: failures)
    func failuresAreReasonsNotCrashes(name: String, reply: TestHTTPServer.Reply, kind: ReleaseSource.LookupError.Kind)
        async throws
    {
        let server = try TestHTTPServer { _ in reply }
        let lookup = AppStoreLookup(
            baseURL: URL(string: server.url("/lookup"))!, storefront: try Storefront("FR"), timeout: 2)
        do {
            _ = try await lookup.latestRelease(bundleID: "com.example.Missing")
            Issue.record("\(name): no error")
        } catch {
            #expect(error.kind == kind, "\(name): \(error)")
        }
    }

    @Test
    func notInTheStorefrontSaysWhichStorefront() async throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: emptyLookup) }
        let lookup = AppStoreLookup(baseURL: URL(string: server.url("/lookup"))!, storefront: try Storefront("fr"))
        await #expect(
            throws: ReleaseSource.LookupError(
                kind: .notInStorefront, reason: "com.example.Missing is not in the FR App Store")
        ) {
            try await lookup.latestRelease(bundleID: "com.example.Missing")
        }
    }
}

@Suite(.serialized)
struct GitHubReleasesTests {
    @Test(arguments: [("v2.4.1", "2.4.1"), ("2.4.1", "2.4.1"), ("V3.0", "3.0")])
    func readsTheLatestReleaseWithOrWithoutV(tag: String, version: String) async throws {
        let server = try TestHTTPServer { _ in .response(status: 200, body: gitHubRelease(tag: tag)) }
        let releases = try GitHubReleases(repository: "octo/tool", baseURL: URL(string: server.baseURL)!)
        let release = try await releases.latestRelease()
        #expect(release.version == Version(version))
        #expect(release.releaseDate == (try RFC3339.parse("2026-11-10T12:30:00Z")))
        #expect(release.storeURL == URL(string: "https://github.com/octo/tool/releases/tag/\(tag)"))
        #expect(release.releaseNotes == "- Faster\n- Smaller")
        #expect(release.source == .gitHub)
        #expect(server.requests.first?.path == "/repos/octo/tool/releases/latest")
        #expect(server.requests.first?.headers["accept"] == "application/vnd.github+json")
    }

    static let failures: [(String, TestHTTPServer.Reply, ReleaseSource.LookupError.Kind)] = [
        ("no release", .response(status: 404, body: Data("{\"message\": \"Not Found\"}".utf8)), .noRelease),
        ("a draft", .response(status: 200, body: gitHubRelease(draft: true)), .noRelease),
        ("a pre-release", .response(status: 200, body: gitHubRelease(prerelease: true)), .noRelease),
        (
            "a tag that is no version", .response(status: 200, body: gitHubRelease(tag: "release-five")),
            .invalidResponse
        ),
        (
            "rate limited", .response(status: 403, body: Data("{\"message\": \"API rate limit exceeded\"}".utf8)),
            .httpStatus
        ),
        ("500", .response(status: 500), .httpStatus),
        ("garbage", .response(status: 200, body: Data("[1,2".utf8)), .invalidResponse),
    ]

    @Test(arguments: failures)
    func failuresAreReasonsNotCrashes(name: String, reply: TestHTTPServer.Reply, kind: ReleaseSource.LookupError.Kind)
        async throws
    {
        let server = try TestHTTPServer { _ in reply }
        let releases = try GitHubReleases(repository: "octo/tool", baseURL: URL(string: server.baseURL)!)
        do {
            _ = try await releases.latestRelease()
            Issue.record("\(name): no error")
        } catch {
            #expect(error.kind == kind, "\(name): \(error)")
        }
    }

    @Test(arguments: ["octo", "octo/", "/tool", "octo/tool/extra", "../x", "octo/to ol"])
    func aRepositoryMustBeOwnerSlashRepo(text: String) {
        #expect(throws: GitHubReleases.InvalidRepository.self) { try GitHubReleases(repository: text) }
    }
}

struct UpdateCheckerTests {
    func makeChecker(
        store: InMemoryAlertStore, transport: StubFeedTransport, feed: FeedLoader? = nil, now: Date
    ) -> UpdateChecker {
        UpdateChecker(
            app: AppInfo(
                bundleID: "com.createchsol.AppAlertExample", appVersion: "1.1", platform: .iOS,
                osVersion: Version("17.2")),
            source: .appStore(AppStoreLookup(transport: transport)), feedLoader: feed, store: store, clock: .fixed(now))
    }

    @Test
    func laterWaitsADayAndSkipLastsForTheVersion() async throws {
        let store = InMemoryAlertStore()
        let transport = StubFeedTransport(body: lookupAnswer(version: "1.2.0"))
        let now = try RFC3339.parse("2026-11-20T08:00:00Z")
        #expect(await makeChecker(store: store, transport: transport, now: now).check().kind == .optional)
        try await makeChecker(store: store, transport: transport, now: now).remindLater()
        #expect(
            await makeChecker(store: store, transport: transport, now: now.addingTimeInterval(3600)).check().reason.code
                == .remindedRecently)
        #expect(
            await makeChecker(store: store, transport: transport, now: now.addingTimeInterval(86_401)).check().kind
                == .optional)
        try await makeChecker(store: store, transport: transport, now: now).skip(Version("1.2")!)
        let later = now.addingTimeInterval(30 * 86_400)
        #expect(await makeChecker(store: store, transport: transport, now: later).check().reason.code == .skippedByUser)
        transport.respond { _ in FeedResponse(status: 200, body: lookupAnswer(version: "1.3.0")) }
        #expect(await makeChecker(store: store, transport: transport, now: later).check().kind == .optional)
    }

    @Test
    func theFeedsMinimumVersionMakesItRequiredDespiteASkip() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let feed = directory.appendingPathComponent("feed.json")
        try Data(
            """
            {"format": 2, "messages": [], "updates": [
              {"bundleId": "com.createchsol.AppAlertExample", "minimumVersion": "1.2", "title": "Please update {appName}"}]}
            """.utf8
        ).write(to: feed)
        let store = InMemoryAlertStore(state: InstallState(history: ViewHistory()))
        try await store.updateState { $0.updatePrompt = UpdateDecision.PromptState(skippedVersions: ["1.2.0"]) }
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        let loader = FeedLoader(source: FeedSource(feed.path)!, store: store, configuration: configuration)
        let decision = await makeChecker(
            store: store, transport: StubFeedTransport(body: lookupAnswer()), feed: loader,
            now: try RFC3339.parse("2026-11-18T09:00:00Z")
        ).check()
        #expect(decision.kind == .required)
        #expect(decision.reason.code == .belowMinimumVersion)
        #expect(decision.policy?.title == "Please update {appName}")
        let remembered = try await store.state().lastUpdateCheck
        #expect(remembered?.kind == "required" && remembered?.availableVersion == "1.2.0")
    }

    @Test
    func anInstalledVersionThatIsNotOneNeverAsksForAnUpdate() async throws {
        let transport = StubFeedTransport(body: lookupAnswer(version: "9.0"))
        let checker = UpdateChecker(
            app: AppInfo(bundleID: "a", appVersion: "1.0 (beta)", platform: .iOS),
            source: .appStore(AppStoreLookup(transport: transport)), store: InMemoryAlertStore())
        let decision = await checker.check()
        #expect(decision.kind == .none)
        #expect(decision.reason.code == .unknownInstalledVersion)
        #expect(transport.requests.isEmpty)
    }

    @Test
    func aFailingSourceIsADecisionOfNoneWithTheReason() async throws {
        let transport = StubFeedTransport { _ throws(FeedTransportError) in
            throw FeedTransportError(kind: .unreachable, reason: "offline")
        }
        let decision = await makeChecker(store: InMemoryAlertStore(), transport: transport, now: Date()).check()
        #expect(decision.kind == .none)
        #expect(decision.reason.code == .lookupFailed)
        #expect(decision.sourceError?.kind == .transport)
    }
}

struct UpdateNotifierTests {
    func makeNotifier(store: InMemoryAlertStore, environment: [String: String], transport: StubFeedTransport)
        -> UpdateNotifier
    {
        let checker = UpdateChecker(
            app: AppInfo(
                bundleID: "octo/tool", appVersion: "2.0.0", platform: .linux, preferredLanguages: [LanguageTag("en")]),
            source: .gitHub(try! GitHubReleases(repository: "octo/tool", transport: transport)), store: store,
            clock: .fixed(try! RFC3339.parse("2026-11-20T00:00:00Z")))
        return UpdateNotifier(
            checker: checker, store: store, environment: environment,
            clock: .fixed(try! RFC3339.parse("2026-11-20T00:00:00Z")))
    }

    @Test
    func checksInTheBackgroundAtMostOncePerIntervalAndPrintsTheNotice() async throws {
        let store = InMemoryAlertStore()
        let transport = StubFeedTransport(body: gitHubRelease(tag: "v2.4.1"))
        let notifier = makeNotifier(store: store, environment: [:], transport: transport)
        await notifier.start()?.value
        #expect(transport.requests.count == 1)
        let notice = try #require(await notifier.notice(appName: "tool"))
        #expect(notice.contains("Update Available"))
        #expect(notice.contains("tool 2.4.1 is available."))
        #expect(notice.contains("2.0.0 → 2.4.1"))
        #expect(notice.contains("https://github.com/octo/tool/releases/tag/v2.4.1"))
        await notifier.start()?.value
        #expect(transport.requests.count == 1)
    }

    @Test(arguments: [["CI": "true"], ["NO_UPDATE_NOTIFIER": "1"]])
    func isOffInCIAndWhenAskedTo(environment: [String: String]) async throws {
        let transport = StubFeedTransport(body: gitHubRelease())
        let notifier = makeNotifier(store: InMemoryAlertStore(), environment: environment, transport: transport)
        #expect(!notifier.isEnabled)
        #expect(notifier.start() == nil)
        #expect(await notifier.notice(appName: "tool") == nil)
        #expect(transport.requests.isEmpty)
    }

    @Test
    func anUpToDateToolSaysNothing() async throws {
        let store = InMemoryAlertStore()
        let notifier = makeNotifier(
            store: store, environment: [:], transport: StubFeedTransport(body: gitHubRelease(tag: "v2.0.0")))
        await notifier.start()?.value
        #expect(await notifier.notice(appName: "tool") == nil)
    }
}
