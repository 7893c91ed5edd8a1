import Foundation

/// What the running app says about itself: the parts of an ``EvaluationContext`` that do not change
/// during a launch.
public struct AppInfo: Sendable, Hashable {
    public var bundleID: String
    /// The marketing version (`CFBundleShortVersionString`), as written.
    public var appVersion: String
    /// The build number (`CFBundleVersion`).
    public var build: String?
    public var platform: Platform
    public var osVersion: Version?
    /// Most preferred first.
    public var preferredLanguages: [LanguageTag]
    /// The links messages may open in this app. The default allows `https:` to any host.
    public var linkPolicy = LinkPolicy()

    public init(
        bundleID: String, appVersion: String, build: String? = nil, platform: Platform = .current,
        osVersion: Version? = AppInfo.currentOSVersion, preferredLanguages: [LanguageTag] = AppInfo.currentLanguages
    ) {
        self.bundleID = bundleID
        self.appVersion = appVersion
        self.build = build
        self.platform = platform
        self.osVersion = osVersion
        self.preferredLanguages = preferredLanguages
    }

    /// Reads the app from a bundle's Info.plist (`CFBundleIdentifier`, `CFBundleShortVersionString`,
    /// `CFBundleVersion`), the OS version from `ProcessInfo` and the languages from `Locale`.
    /// `nil` when the bundle has no identifier or version, as for a command-line tool: give its values
    /// with ``init(bundleID:appVersion:build:platform:osVersion:preferredLanguages:)`` instead.
    public static func fromBundle(_ bundle: Bundle = .main) -> AppInfo? {
        guard let bundleID = bundle.bundleIdentifier,
            let version = bundle.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
        else { return nil }
        return AppInfo(
            bundleID: bundleID, appVersion: version,
            build: bundle.object(forInfoDictionaryKey: "CFBundleVersion") as? String)
    }

    /// The OS version from `ProcessInfo` (on Linux, the kernel's).
    public static var currentOSVersion: Version? {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return Version([max(0, version.majorVersion), max(0, version.minorVersion), max(0, version.patchVersion)])
    }

    /// The user's preferred languages, most preferred first: `Locale.preferredLanguages` on Apple
    /// platforms; elsewhere (a command-line tool on Linux) `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// as gettext reads them (`LANG=pt_BR.UTF-8` is `pt-BR`), since Foundation there answers English
    /// whatever they say.
    public static var currentLanguages: [LanguageTag] {
        #if canImport(Darwin)
            Locale.preferredLanguages.map(LanguageTag.init).filter(\.isWellFormed)
        #else
            languages(environment: ProcessInfo.processInfo.environment)
        #endif
    }

    /// The preferred languages of a POSIX process with `environment`, or `Locale`'s when it names none.
    static func languages(environment: [String: String]) -> [LanguageTag] {
        let posix = POSIXLanguages.preferred(in: environment)
        return posix.isEmpty ? Locale.preferredLanguages.map(LanguageTag.init).filter(\.isWellFormed) : posix
    }

    /// The evaluation context for this app at `now`, for the install `installID`.
    public func context(
        installID: String?, now: Date, recentUpdate: EvaluationContext.RecentUpdate? = nil
    ) -> EvaluationContext {
        EvaluationContext(
            bundleID: bundleID, appVersion: Version(appVersion), build: build, platform: platform, osVersion: osVersion,
            preferredLanguages: preferredLanguages, installID: installID, now: now, recentUpdate: recentUpdate,
            linkPolicy: linkPolicy)
    }
}
