@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

/// The options that describe the app and device, shared by `evaluate` and `check`.
struct InstallOptions: ParsableArguments {
    @Option(name: .customLong("bundle-id"), help: "The app's bundle identifier.")
    var bundleID: String

    @Option(help: "The app's version (CFBundleShortVersionString).")
    var appVersion: String

    @Option(help: "The app's build number (CFBundleVersion).")
    var build: String?

    @Option(help: "The OS version.")
    var osVersion: String?

    @Option(
        help:
            "The platform: ios, ipados, macos, tvos, watchos, visionos, linux, windows or web. Default: this machine's."
    )
    var platform: String?

    @Option(
        name: .customLong("locale"),
        help: ArgumentHelp("A preferred language (BCP 47), most preferred first; repeatable.", valueName: "tag"))
    var locales: [String] = []

    @Option(
        name: .customLong("allow-link-scheme"),
        help: ArgumentHelp(
            "A link scheme the app opens besides https (its own deep-link scheme, mailto); repeatable.",
            valueName: "scheme"))
    var linkSchemes: [String] = []

    @Option(
        name: .customLong("allow-link-host"),
        help: ArgumentHelp(
            "Restrict http(s) links to this host (.example.com: and its subdomains); repeatable.", valueName: "host"))
    var linkHosts: [String] = []

    /// The app as these options describe it, or an error naming the option at fault.
    func appInfo() throws(InputError) -> AppInfo {
        _ = try InputError.version(appVersion, option: "--app-version")
        let osVersion = try self.osVersion.map { (text) throws(InputError) in
            try InputError.version(text, option: "--os-version")
        }
        let platform = try InputError.platform(self.platform)
        var languages: [LanguageTag] = []
        for text in locales {
            let tag = LanguageTag(text)
            guard tag.isWellFormed, tag.subtags != ["*"] else {
                throw InputError(message: "--locale: \"\(text)\" is not a BCP 47 language tag (e.g. pt-BR)")
            }
            languages.append(tag)
        }
        for scheme in linkSchemes where LinkPolicy.forbiddenSchemes.contains(scheme.lowercased()) {
            throw InputError(
                message: "--allow-link-scheme: \(scheme): is never allowed (it runs code or reads local data)")
        }
        var app = AppInfo(
            bundleID: bundleID, appVersion: appVersion, build: build, platform: platform, osVersion: osVersion,
            preferredLanguages: languages)
        app.linkPolicy = LinkPolicy(
            allowedSchemes: Set(["https"] + linkSchemes), allowedHosts: linkHosts.isEmpty ? nil : linkHosts)
        return app
    }
}

/// An option value that cannot be used; the command exits 2 with this message.
package struct InputError: Error {
    package var message: String

    package init(message: String) { self.message = message }

    /// Reads a version option, or says which option is wrong and why.
    package static func version(_ text: String, option: String) throws(InputError) -> Version {
        do {
            return try Version(parsing: text)
        } catch {
            throw InputError(message: "\(option): \(error)")
        }
    }

    /// Reads `--platform`; `nil` is this machine's platform.
    package static func platform(_ name: String?) throws(InputError) -> Platform {
        guard let name else { return .current }
        let platform = Platform(rawValue: name)
        guard platform.isKnown else {
            throw InputError(
                message: "--platform: unknown platform \"\(name)\" (known: "
                    + Platform.known.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return platform
    }

    /// Reads `--now`; `nil` is `current`.
    package static func date(_ text: String?, current: Date) throws(InputError) -> Date {
        guard let text else { return current }
        do {
            return try RFC3339.parse(text)
        } catch {
            throw InputError(message: "--now: \(error)")
        }
    }
}
