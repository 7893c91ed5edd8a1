import AppAlert
import AppAlertTesting
import Foundation
import Testing

let releaseDay = try! RFC3339.parse("2026-11-18T08:00:00Z")

func release(
    _ version: String, released: Date? = releaseDay, minimumOS: String? = nil,
    source: ReleaseSource.Release.Source = .appStore
) -> ReleaseSource.Release {
    ReleaseSource.Release(
        version: Version(version)!, releaseDate: released, minimumOSVersion: minimumOS.flatMap(Version.init),
        storeURL: URL(string: "https://apps.apple.com/app/id1234567890"), name: "Example", source: source)
}

struct UpdatePolicyEngineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var installed: String
        var os: String? = "17.2"
        var now = releaseDay.addingTimeInterval(3 * 86_400)
        var release: ReleaseSource.Release?
        var error: ReleaseSource.LookupError?
        var policy: UpdatePolicy?
        var environment = UpdateChecker.BuildEnvironment()
        var prompt = UpdateDecision.PromptState()
        var rules = UpdateConfiguration.Rules()
        var appStoreID: Int?
        var platform: Platform?
        var kind: UpdateDecision.Kind
        var reason: UpdateDecision.Reason.Code
        var available: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a newer version is optional", installed: "1.1", release: release("1.2.0"), kind: .optional,
            reason: .updateAvailable, available: "1.2.0"),
        Case(
            name: "2.1 is 2.1.0: up to date", installed: "2.1", release: release("2.1.0"), kind: .none,
            reason: .upToDate, available: "2.1.0"),
        Case(
            name: "1.10 is above 1.9", installed: "1.10", release: release("1.9"), kind: .none, reason: .newerThanStore,
            available: "1.9"),
        Case(
            name: "newer than the store: in review", installed: "1.3", release: release("1.2"), kind: .none,
            reason: .newerThanStore),
        Case(
            name: "released too recently: the 1-day delay", installed: "1.1",
            now: releaseDay.addingTimeInterval(23 * 3600),
            release: release("1.2"), kind: .none, reason: .releasedTooRecently, available: "1.2"),
        Case(
            name: "exactly one day after the release", installed: "1.1", now: releaseDay.addingTimeInterval(86_400),
            release: release("1.2"), kind: .optional, reason: .updateAvailable),
        Case(
            name: "the policy's delay replaces the default", installed: "1.1",
            now: releaseDay.addingTimeInterval(2 * 86_400),
            release: release("1.2"), policy: UpdatePolicy(bundleIDs: ["a"], releaseDelayDays: 5), kind: .none,
            reason: .releasedTooRecently),
        Case(
            name: "a delay of 0 asks at once", installed: "1.1", now: releaseDay, release: release("1.2"),
            policy: UpdatePolicy(bundleIDs: ["a"], releaseDelayDays: 0), kind: .optional, reason: .updateAvailable),
        Case(
            name: "no release date: no delay", installed: "1.1", now: releaseDay,
            release: release("1.2", released: nil),
            kind: .optional, reason: .updateAvailable),
        Case(
            name: "device OS below the release's minimum", installed: "1.1", os: "16.4",
            release: release("1.2", minimumOS: "17.0"),
            kind: .none, reason: .osTooOld),
        Case(
            name: "device OS unknown: no OS check", installed: "1.1", os: nil,
            release: release("1.2", minimumOS: "17.0"),
            kind: .optional, reason: .updateAvailable),
        Case(
            name: "below the feed's minimum: required", installed: "1.1", release: release("2.0"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("1.5")), kind: .required,
            reason: .belowMinimumVersion, available: "2.0"),
        Case(
            name: "required ignores the release delay", installed: "1.1", now: releaseDay, release: release("2.0"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("2.0")), kind: .required,
            reason: .belowMinimumVersion),
        Case(
            name: "required ignores skip", installed: "1.1", release: release("2.0"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("2.0")),
            prompt: UpdateDecision.PromptState(skippedVersions: ["2.0"]), kind: .required, reason: .belowMinimumVersion),
        Case(
            name: "required ignores later", installed: "1.1", release: release("2.0"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("2.0")),
            prompt: UpdateDecision.PromptState(remindAfter: releaseDay.addingTimeInterval(30 * 86_400)),
            kind: .required,
            reason: .belowMinimumVersion),
        Case(
            name: "at the minimum: not required", installed: "1.5", release: release("2.0"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("1.5.0")), kind: .optional,
            reason: .updateAvailable),
        Case(
            name: "required, but the device cannot run it", installed: "1.1", os: "15.0",
            release: release("2.0", minimumOS: "17.0"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("2.0")), kind: .none, reason: .osTooOld),
        Case(
            name: "required with no store answer uses the minimum and the app's store id", installed: "1.1",
            error: ReleaseSource.LookupError(kind: .transport, reason: "offline"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("1.4")), appStoreID: 1_234_567_890,
            kind: .required, reason: .belowMinimumVersion, available: "1.4"),
        Case(
            name: "required with no page to update from is asked as optional", installed: "1.1",
            error: ReleaseSource.LookupError(kind: .transport, reason: "offline"),
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("1.4")), kind: .optional,
            reason: .requiredWithoutStoreLink, available: "1.4"),
        Case(
            name: "on the web, below the minimum is required with no store page: reloading is the update",
            installed: "1.1", policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("1.4")), platform: .web,
            kind: .required, reason: .belowMinimumVersion, available: "1.4"),
        Case(
            name: "on the web, a rule's required update needs no store page", installed: "1.1",
            policy: UpdatePolicy(bundleIDs: ["a"], latestVersion: Version("2.0")),
            rules: UpdateConfiguration.Rules(major: .required), platform: .web, kind: .required,
            reason: .requiredByRule, available: "2.0"),
        Case(
            name: "on another platform without a store, below the minimum is still asked as optional",
            installed: "1.1", policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("1.4")), platform: .linux,
            kind: .optional, reason: .requiredWithoutStoreLink, available: "1.4"),
        Case(
            name: "required by the feed's own storeURL", installed: "1.1",
            error: ReleaseSource.LookupError(kind: .transport, reason: "offline"),
            policy: UpdatePolicy(
                bundleIDs: ["a"], minimumVersion: Version("1.4"), storeURL: URL(string: "https://example.com/get")),
            kind: .required, reason: .belowMinimumVersion, available: "1.4"),
        Case(
            name: "skipped by the user", installed: "1.1", release: release("1.2.0"),
            prompt: UpdateDecision.PromptState(skippedVersions: ["1.2"]), kind: .none, reason: .skippedByUser),
        Case(
            name: "a skip is for one version only", installed: "1.1", release: release("1.3"),
            prompt: UpdateDecision.PromptState(skippedVersions: ["1.2"]), kind: .optional, reason: .updateAvailable),
        Case(
            name: "reminded recently", installed: "1.1", release: release("1.2"),
            prompt: UpdateDecision.PromptState(remindAfter: releaseDay.addingTimeInterval(4 * 86_400)), kind: .none,
            reason: .remindedRecently),
        Case(
            name: "the reminder has passed", installed: "1.1", release: release("1.2"),
            prompt: UpdateDecision.PromptState(remindAfter: releaseDay.addingTimeInterval(2 * 86_400)), kind: .optional,
            reason: .updateAvailable),
        Case(
            name: "not in this storefront", installed: "1.1",
            error: ReleaseSource.LookupError(kind: .notInStorefront, reason: "com.example is not in the FR App Store"),
            kind: .none,
            reason: .notInStorefront),
        Case(
            name: "lookup failed", installed: "1.1",
            error: ReleaseSource.LookupError(kind: .httpStatus, reason: "answered 500"),
            kind: .none, reason: .lookupFailed),
        Case(
            name: "lookup failed, the feed's latest version stands in", installed: "1.1",
            error: ReleaseSource.LookupError(kind: .transport, reason: "offline"),
            policy: UpdatePolicy(bundleIDs: ["a"], latestVersion: Version("1.3")), kind: .optional,
            reason: .updateAvailable,
            available: "1.3"),
        Case(
            name: "the store's version takes precedence over the feed's latest", installed: "1.1",
            release: release("1.2"),
            policy: UpdatePolicy(bundleIDs: ["a"], latestVersion: Version("1.3")), kind: .optional,
            reason: .updateAvailable,
            available: "1.2"),
        Case(name: "no source at all", installed: "1.1", kind: .none, reason: .noSource),
        Case(
            name: "a pre-release build is left alone", installed: "1.2.0-beta.3", release: release("1.3"), kind: .none,
            reason: .betaBuild),
        Case(
            name: "a TestFlight build is left alone", installed: "1.1", release: release("1.3"),
            environment: UpdateChecker.BuildEnvironment(isTestFlight: true), kind: .none, reason: .betaBuild),
        Case(
            name: "a debug build is left alone", installed: "1.1", release: release("1.3"),
            environment: UpdateChecker.BuildEnvironment(isDebug: true), kind: .none, reason: .betaBuild),
        Case(
            name: "a major rule can require", installed: "1.9", release: release("2.0"),
            rules: UpdateConfiguration.Rules(major: .required),
            kind: .required, reason: .requiredByRule),
        Case(
            name: "a minor change under a major rule stays optional", installed: "1.8", release: release("1.9"),
            rules: UpdateConfiguration.Rules(major: .required), kind: .optional, reason: .updateAvailable),
        Case(
            name: "patch updates can be ignored", installed: "1.2.3", release: release("1.2.4"),
            rules: UpdateConfiguration.Rules(patch: .none),
            kind: .none, reason: .ignoredByRule),
        Case(
            name: "revision rule for a fourth component", installed: "1.2.3.4", release: release("1.2.3.5"),
            rules: UpdateConfiguration.Rules(revision: .required), kind: .required, reason: .requiredByRule),
        Case(
            name: "a rule-required update ignores skip", installed: "1.9", release: release("2.0"),
            prompt: UpdateDecision.PromptState(skippedVersions: ["2.0"]),
            rules: UpdateConfiguration.Rules(major: .required), kind: .required,
            reason: .requiredByRule),
    ]

    @Test(arguments: cases)
    func theUpdatePolicyDecidesWithAReason(_ testCase: Case) {
        var configuration = UpdateConfiguration()
        configuration.rules = testCase.rules
        configuration.appStoreID = testCase.appStoreID
        let inputs = UpdatePolicyEngine.Inputs(
            installedVersion: Version(testCase.installed)!, osVersion: testCase.os.flatMap(Version.init),
            platform: testCase.platform, now: testCase.now,
            release: testCase.release, sourceError: testCase.error, policy: testCase.policy,
            environment: testCase.environment, promptState: testCase.prompt)
        let decision = UpdatePolicyEngine.decide(inputs, configuration: configuration)
        #expect(decision.kind == testCase.kind, "\(decision.reason)")
        #expect(decision.reason.code == testCase.reason, "\(decision.reason)")
        #expect(!decision.reason.explanation.isEmpty)
        if let available = testCase.available { #expect(decision.availableVersion == Version(available)) }
    }

    @Test
    func thePolicysStoreURLReplacesTheStores() {
        let inputs = UpdatePolicyEngine.Inputs(
            installedVersion: Version("1.0")!, now: releaseDay.addingTimeInterval(9 * 86_400), release: release("1.1"),
            policy: UpdatePolicy(bundleIDs: ["a"], storeURL: URL(string: "https://example.com/download")))
        #expect(UpdatePolicyEngine.decide(inputs).storeURL == URL(string: "https://example.com/download"))
        let plain = UpdatePolicyEngine.Inputs(
            installedVersion: Version("1.0")!, now: releaseDay, release: release("1.1", released: nil))
        #expect(UpdatePolicyEngine.decide(plain).storeURL == URL(string: "https://apps.apple.com/app/id1234567890"))
    }

    @Test(arguments: [
        ("http://example.com/download", LinkPolicy(), "https://apps.apple.com/app/id1234567890"),
        (
            "https://evil.example.net/x", LinkPolicy(allowedHosts: [".example.com"]),
            "https://apps.apple.com/app/id1234567890"
        ),
        ("https://dl.example.com/x", LinkPolicy(allowedHosts: [".example.com"]), "https://dl.example.com/x"),
        (
            "itms-apps://apps.apple.com/app/id1", LinkPolicy(allowedSchemes: ["https", "itms-apps"]),
            "itms-apps://apps.apple.com/app/id1"
        ),
    ])
    func theFeedsStoreURLMustPassTheAppsLinkPolicy(url: String, policy: LinkPolicy, expected: String) {
        var configuration = UpdateConfiguration()
        configuration.linkPolicy = policy
        let inputs = UpdatePolicyEngine.Inputs(
            installedVersion: Version("1.0")!, now: releaseDay.addingTimeInterval(9 * 86_400), release: release("1.1"),
            policy: UpdatePolicy(bundleIDs: ["a"], storeURL: URL(string: url)))
        #expect(UpdatePolicyEngine.decide(inputs, configuration: configuration).storeURL == URL(string: expected))
    }

    @Test
    func skippedVersionsAreBounded() {
        var state = UpdateDecision.PromptState()
        for minor in 0..<15 { state.skip(Version([1, minor]), keeping: 10) }
        #expect(state.skippedVersions.count == 10)
        #expect(state.skippedVersions.first == "1.5")
        #expect(state.hasSkipped(Version("1.14.0")!))
        #expect(!state.hasSkipped(Version("1.4")!))
        state.skip(Version("1.5")!, keeping: 10)
        #expect(state.skippedVersions.last == "1.5" && state.skippedVersions.count == 10)
    }
}

struct StorefrontTests {
    @Test(arguments: [("US", "US"), ("fr", "FR"), ("jP", "JP")])
    func twoLetterCountryCodesAreStorefronts(text: String, code: String) throws {
        #expect(try Storefront(text).code == code)
    }

    @Test(arguments: [
        ("en_US", "is a locale, not a country; the storefront is the country code, e.g. US"),
        ("pt-BR", "is a locale, not a country; the storefront is the country code, e.g. BR"),
        ("USA", "three letters"),
        ("", "not a two-letter country code"),
        ("1A", "not a two-letter country code"),
        ("english", "not a two-letter country code"),
    ])
    func anythingElseIsAnErrorThatSaysWhy(text: String, reason: String) {
        do {
            _ = try Storefront(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }
}

extension StorefrontTests {
    @Test(arguments: [
        ("USA", "US"), ("FRA", "FR"), ("GBR", "GB"), ("DEU", "DE"), ("JPN", "JP"), ("CHN", "CN"), ("BRA", "BR"),
        ("fra", "FR"), ("XKS", "XK"), ("ALA", "AX"),
    ])
    func storeKitsThreeLetterCodesMapToTheLookupsTwoLetterOnes(alpha3: String, alpha2: String) throws {
        #expect(try Storefront(alpha3: alpha3).code == alpha2)
    }

    @Test(arguments: ["US", "XXX", "", "USAA", String(repeating: "Z", count: 5000)])
    func anythingButAnAlpha3CountryIsRefusedWithAShortReason(text: String) {
        do {
            _ = try Storefront(alpha3: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.reason.contains("alpha-3"))
            #expect(error.reason.count < 200)
        }
    }

    @Test
    func theAlpha3TableCoversEveryCountryOnceWithTwoLetterCodes() throws {
        let table = Storefront.alpha2ByAlpha3
        #expect(table.count == 250)
        #expect(Set(table.values).count == table.count)
        for (alpha3, alpha2) in table {
            #expect(alpha3.count == 3 && alpha3 == alpha3.uppercased(), "\(alpha3)")
            #expect(try Storefront(alpha2).code == alpha2, "\(alpha3)")
        }
    }

    @Test(arguments: [
        (Optional("FR"), Optional("DEU"), Optional("fr")),  // the developer's choice wins
        (nil, Optional("DEU"), Optional("de")),  // else the device's storefront
        (nil, Optional("???"), nil),  // a code that is not a country: Apple's default
        (nil, nil, nil),
    ])
    func theLookupAsksTheDevicesStorefrontUnlessTheAppChoseOne(
        chosen: String?, device: String?, expected: String?
    ) async throws {
        let transport = StubFeedTransport(body: Data(#"{"resultCount":1,"results":[{"version":"1.0"}]}"#.utf8))
        var lookup = AppStoreLookup(
            storefront: try chosen.map { try Storefront($0) }, platform: .iOS, transport: transport)
        lookup.deviceStorefront = { device }
        _ = try await lookup.latestRelease(bundleID: "com.example.App", now: releaseDay)
        let request = try #require(transport.requests.first)
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(query.first { $0.name == "country" }?.value == expected)
    }
}

struct UpdatePresentationTests {
    func decision(_ kind: UpdateDecision.Kind, policy: UpdatePolicy? = nil) -> UpdateDecision {
        UpdateDecision(
            kind: kind, reason: UpdateDecision.Reason(.updateAvailable, "x"), installedVersion: Version("1.0")!,
            availableVersion: Version("1.2")!, storeURL: URL(string: "https://apps.apple.com/app/id1"), policy: policy)
    }

    @Test
    func anOptionalUpdateHasUpdateLaterAndSkip() throws {
        let alert = try #require(
            AlertPresentation(decision(.optional), appName: "Notes", languages: [LanguageTag("en-GB")]))
        #expect(alert.title == "Update Available")
        #expect(alert.text == "Notes 1.2 is available.")
        #expect(alert.buttons.map(\.title) == ["Update", "Later", "Skip This Version"])
        #expect(
            alert.buttons.map(\.action) == [.update(URL(string: "https://apps.apple.com/app/id1")!), .later, .skip])
        #expect(alert.isDismissible)
    }

    @Test
    func aRequiredUpdateHasOnlyUpdate() throws {
        let alert = try #require(
            AlertPresentation(decision(.required), appName: "Notes", languages: [LanguageTag("de-AT")]))
        #expect(alert.title == "Update erforderlich")
        #expect(alert.text == "Diese Version von Notes funktioniert nicht mehr. Bitte aktualisiere auf 1.2.")
        #expect(alert.buttons.map(\.title) == ["Aktualisieren"])
        #expect(!alert.isDismissible)
    }

    @Test
    func withoutAPageToUpdateFromThereIsNoUpdateButton() throws {
        var optional = decision(.optional)
        optional.storeURL = nil
        let alert = try #require(AlertPresentation(optional, appName: "Notes", languages: [LanguageTag("en")]))
        #expect(alert.buttons.map(\.action) == [.later, .skip])
        var required = decision(.required)
        required.storeURL = nil
        let wall = try #require(AlertPresentation(required, appName: "Notes", languages: [LanguageTag("en")]))
        #expect(!wall.buttons.contains { if case .update = $0.action { true } else { false } })
        #expect(!wall.buttons.isEmpty)
    }

    @Test
    func theAppStoreIDGivesTheStorePageWhenNoSourceDoes() {
        var configuration = UpdateConfiguration()
        configuration.appStoreID = 42
        let inputs = UpdatePolicyEngine.Inputs(
            installedVersion: Version("1.0")!, now: releaseDay,
            policy: UpdatePolicy(bundleIDs: ["a"], minimumVersion: Version("2.0")))
        let decided = UpdatePolicyEngine.decide(inputs, configuration: configuration)
        #expect(decided.kind == .required)
        #expect(decided.storeURL == URL(string: "https://apps.apple.com/app/id42"))
        #expect(
            AppStoreLookup.storePage(trackID: 42, platform: .macOS)
                == URL(string: "macappstore://apps.apple.com/app/id42"))
    }

    @Test
    func noneHasNoAlert() {
        #expect(AlertPresentation(decision(.none), appName: "Notes", languages: []) == nil)
    }

    @Test(arguments: [
        ("fr-CA", "Mise à jour disponible"), ("pt-BR", "Atualização disponível"), ("zh-Hans-CN", "有可用更新"),
        ("zh-TW", "有可用的更新"), ("ja", "アップデートがあります"), ("es-419", "Actualización disponible"),
        ("it", "Aggiornamento disponibile"), ("nl", "Update beschikbaar"), ("sv", "Uppdatering tillgänglig"),
        ("ru", "Доступно обновление"), ("ko", "업데이트 가능"), ("tr", "Güncelleme mevcut"), ("xx", "Update Available"),
    ])
    func builtInTextsCoverAtLeastTenLanguages(language: String, title: String) throws {
        #expect(UpdateTexts.builtIn.count >= 10)
        let alert = try #require(
            AlertPresentation(decision(.optional), appName: "Notes", languages: [LanguageTag(language)]))
        #expect(alert.title == title)
        #expect(alert.text.contains("Notes") && alert.text.contains("1.2"))
    }

    @Test
    func theFeedsTextsKeepPlaceholdersAndTranslations() throws {
        let policy = UpdatePolicy(
            bundleIDs: ["a"], title: "{appName} {version} is here", text: "Get {version} now.",
            localizations: [Message.Localization(tag: LanguageTag("fr"), title: "{appName} {version} est là")])
        let english = try #require(
            AlertPresentation(
                decision(.optional, policy: policy), appName: "Notes", languages: [LanguageTag("en")]))
        #expect(english.title == "Notes 1.2 is here")
        #expect(english.text == "Get 1.2 now.")
        let french = try #require(
            AlertPresentation(
                decision(.optional, policy: policy), appName: "Notes", languages: [LanguageTag("fr-FR")]))
        #expect(french.title == "Notes 1.2 est là")
        #expect(french.text == "Get 1.2 now.")
        #expect(french.buttons.first?.title == "Mettre à jour")
    }

    @Test
    func anAppCanExtendTheTable() throws {
        var table = UpdateTexts.builtIn
        table["eo"] = UpdateTexts(
            optionalTitle: "Ĝisdatigo", optionalMessage: "{appName} {version}", requiredTitle: "Devige",
            requiredMessage: "{version}", update: "Ĝisdatigi", later: "Poste", skip: "Preterlasi")
        let alert = try #require(
            AlertPresentation(decision(.optional), appName: "Notes", languages: [LanguageTag("eo")], texts: table)
        )
        #expect(alert.title == "Ĝisdatigo")
        #expect(alert.buttons.map(\.title) == ["Ĝisdatigi", "Poste", "Preterlasi"])
    }
}
