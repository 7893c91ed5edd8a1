import Foundation

/// One entry of a format-2 feed's `updates` array: what the app's author says about updating.
///
/// ```json
/// "updates": [ { "bundleId": "com.example.App", "minimumVersion": "2.0", "latestVersion": "2.3",
///                "storeURL": "https://apps.apple.com/app/id123", "releaseDelayDays": 2,
///                "title": "…", "text": "…", "localizations": { "fr": { "title": "…", "text": "…" } } } ]
/// ```
public struct UpdatePolicy: Sendable, Hashable {
    /// The apps it is for (`bundleId` and `bundleIds`; `"*"` is every app).
    public var bundleIDs: [String]
    /// Below it, the update is required: the installed version no longer works.
    public var minimumVersion: Version?
    /// The newest version, for apps without a store lookup; a store's answer takes precedence.
    public var latestVersion: Version?
    /// Where to update; replaces the store's page.
    public var storeURL: URL?
    /// Days to wait after a store release before prompting; replaces the app's setting.
    public var releaseDelayDays: Double?
    /// Custom alert texts; `{appName}` and `{version}` are replaced.
    public var title: String?
    public var text: String?
    public var localizations: [Message.Localization]

    public init(
        bundleIDs: [String], minimumVersion: Version? = nil, latestVersion: Version? = nil, storeURL: URL? = nil,
        releaseDelayDays: Double? = nil, title: String? = nil, text: String? = nil,
        localizations: [Message.Localization] = []
    ) {
        self.bundleIDs = bundleIDs
        self.minimumVersion = minimumVersion
        self.latestVersion = latestVersion
        self.storeURL = storeURL
        self.releaseDelayDays = releaseDelayDays
        self.title = title
        self.text = text
        self.localizations = localizations
    }

    public func applies(to bundleID: String) -> Bool {
        bundleIDs.contains { $0 == bundleID || $0 == "*" }
    }
}

extension Feed {
    /// The update policy for `bundleID`: the first entry naming it exactly, else the first for `"*"`.
    public func updatePolicy(for bundleID: String) -> UpdatePolicy? {
        updatePolicies.first { $0.bundleIDs.contains(bundleID) } ?? updatePolicies.first { $0.applies(to: bundleID) }
    }
}

extension MessageReader {
    static let updateKeys = [
        "bundleId", "bundleIds", "minimumVersion", "latestVersion", "storeURL", "releaseDelayDays", "title", "text",
        "localizations",
    ]

    /// Reads one `updates` entry, with the same checks and diagnostics as messages.
    mutating func readUpdatePolicy(_ element: JSONValue) -> UpdatePolicy? {
        guard case .object(let object) = element else {
            report(
                .error, .wrongType, key: nil, value: element.compactDescription,
                reason: "an update policy must be an object, not \(element.typeDescription)")
            return nil
        }
        let path = messagePath
        checkKeys(of: object, known: Self.updateKeys, path: path)
        var bundleIDs: [String] = []
        if let value = present(object, "bundleId"), let bundleID = nonEmptyString(value, key: "bundleId") {
            bundleIDs.append(bundleID)
        }
        if let value = present(object, "bundleIds"), let list = stringArray(value, key: "bundleIds") {
            bundleIDs += list.filter { !$0.isEmpty }
        }
        if bundleIDs.isEmpty && present(object, "bundleId") == nil {
            report(.error, .missingKey, key: "bundleId", reason: "\"bundleId\" (or \"bundleIds\") is missing")
        }
        let minimumVersion = present(object, "minimumVersion").flatMap { version($0, key: "minimumVersion") }
        let latestVersion = present(object, "latestVersion").flatMap { version($0, key: "latestVersion") }
        if let minimumVersion, let latestVersion, latestVersion < minimumVersion {
            report(
                .warning, .noEffect, key: "latestVersion",
                value: JSONValue.string(latestVersion.description).compactDescription,
                reason: "\"latestVersion\" \(latestVersion) is below \"minimumVersion\" \(minimumVersion)")
        }
        var storeURL: URL?
        if let value = present(object, "storeURL"), let text = string(value, key: "storeURL") {
            storeURL = checkedURL(text, value: value, key: "storeURL", path: JSONPath.appending("storeURL", to: path))
        }
        let delay = present(object, "releaseDelayDays").flatMap {
            number($0, key: "releaseDelayDays", in: 0...Double.greatestFiniteMagnitude)
        }
        let title = present(object, "title").flatMap { string($0, key: "title") }
        let text = present(object, "text").flatMap { string($0, key: "text") }
        let localizations = present(object, "localizations").flatMap { readLocalizations($0) } ?? []
        if minimumVersion == nil && latestVersion == nil && storeURL == nil && delay == nil {
            report(
                .warning, .noEffect, key: nil,
                reason:
                    "the policy sets none of \"minimumVersion\", \"latestVersion\", \"storeURL\", \"releaseDelayDays\"")
        }
        guard !hasErrors else { return nil }
        return UpdatePolicy(
            bundleIDs: bundleIDs, minimumVersion: minimumVersion, latestVersion: latestVersion, storeURL: storeURL,
            releaseDelayDays: delay, title: title, text: text, localizations: localizations)
    }

    mutating func version(_ value: JSONValue, key: String) -> Version? {
        guard let text = string(value, key: key) else { return nil }
        do {
            return try Version(parsing: text)
        } catch {
            report(.error, .invalidVersion, key: key, value: value.compactDescription, reason: error.description)
            return nil
        }
    }
}
