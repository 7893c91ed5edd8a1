import AppAlert
@_spi(Authoring) import AppAlertAuthoring
import AppAlertTesting
import Foundation
import Testing

/// The update prompt of a web app (platform `web`) as the Swift side presents it: the same buttons as the
/// web client draws and `appalert update-check --platform web --json` prints — Update, which reloads the
/// page, and Later and Skip for an optional update — whether or not the feed gives a `storeURL`.
struct WebUpdatePromptTests {
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func decision(installed: String, storeURL: String?, platform: Platform = .web) -> UpdateDecision {
        let policy = UpdatePolicy(
            bundleIDs: ["app.example.web"], minimumVersion: Version("1.2"), latestVersion: Version("1.4"),
            storeURL: storeURL.flatMap(URL.init(string:)))
        return UpdatePolicyEngine.decide(
            UpdatePolicyEngine.Inputs(
                installedVersion: Version(installed)!, platform: platform, now: now, policy: policy))
    }

    @Test(arguments: [
        ("1.0", nil, "required", [AlertPresentation.Button.Action.reload]),
        ("1.0", "https://example.com/notes", "required", [.reload]),
        ("1.3", nil, "optional", [.reload, .later, .skip]),
        ("1.3", "https://example.com/notes", "optional", [.reload, .later, .skip]),
    ])
    func updateReloadsThePage(
        installed: String, storeURL: String?, kind: String, actions: [AlertPresentation.Button.Action]
    ) throws {
        let decision = Self.decision(installed: installed, storeURL: storeURL)
        #expect(decision.kind.rawValue == kind)
        #expect(decision.platform == .web)
        let alert = try #require(AlertPresentation(decision, appName: "Notes", languages: [LanguageTag("en")]))
        #expect(alert.buttons.map(\.action) == actions)
        #expect(alert.buttons.first?.title == "Update")
        #expect(alert.isDismissible == (kind == "optional"))
        #expect(alert.buttons.allSatisfy { $0.url == nil })
    }

    /// Off the web the same policy keeps its rule: without a page to update from a required update is
    /// asked as optional, with no Update button.
    @Test
    func offTheWebARequiredUpdateWithoutAPageIsAskedAsOptional() throws {
        let decision = Self.decision(installed: "1.0", storeURL: nil, platform: .iOS)
        #expect(decision.reason.code == .requiredWithoutStoreLink)
        let alert = try #require(AlertPresentation(decision, appName: "Notes", languages: [LanguageTag("en")]))
        #expect(alert.buttons.map(\.action) == [.later, .skip])
    }

    /// The JSON `appalert update-check --json` prints lists the presentation's buttons.
    @Test
    func theCommandsJSONListsThePresentationsButtons() throws {
        let decision = Self.decision(installed: "1.0", storeURL: nil)
        let json = decision.jsonValue(appName: "Notes", languages: [LanguageTag("de")])
        guard case .object(let object) = json, case .object(let alert)? = object["alert"] else {
            Issue.record("no alert in \(json)")
            return
        }
        #expect(alert["buttons"] == .array([.string("Aktualisieren")]))
    }

    @MainActor
    @Test
    func updateServiceHandsUpdateToItsReloadAndAsksARequiredUpdateAgain() async throws {
        let feed = Data(
            #"{"format": 2, "messages": [], "updates": [{"bundleId": "app.example.web", "minimumVersion": "1.2"}]}"#
                .utf8)
        let store = InMemoryAlertStore()
        var configuration = FeedLoaderConfiguration()
        configuration.minimumCheckInterval = 0
        let loader = FeedLoader(
            source: FeedSource("https://feed.example/messages.json")!, store: store,
            transport: StubFeedTransport(body: feed), configuration: configuration, clock: .fixed(Self.now))
        let checker = UpdateChecker(
            app: AppInfo(bundleID: "app.example.web", appVersion: "1.0", platform: .web, preferredLanguages: []),
            source: .feedOnly, feedLoader: loader, store: store, clock: .fixed(Self.now))
        let service = UpdateService(checker: checker)
        var reloads = 0
        service.reload = { reloads += 1 }
        await service.checkForUpdate()
        #expect(service.showUpdate)
        let update = try #require(service.presentation?.buttons.first)
        #expect(update.action == .reload)
        #expect(await service.perform(update) == nil)
        #expect(reloads == 1)
        #expect(!service.showUpdate)
        service.presentationEnded()
        #expect(service.showUpdate, "a required update comes back once the tapped alert has gone")
    }
}
