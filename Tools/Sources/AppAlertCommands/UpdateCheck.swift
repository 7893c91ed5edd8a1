@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct UpdateCheck: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update-check",
            abstract: "Decide whether an install should be asked to update.",
            discussion: """
                Asks the App Store lookup (--bundle-id) or a GitHub repository's latest release \
                (--github), and the feed's "updates" policy (--feed), then applies the update policy: \
                required below the policy's minimumVersion, optional when a newer version is out and \
                released at least the release delay ago, none otherwise — with the reason. "Skip" and \
                "Later" answers kept in the state directory apply. With --platform web it decides from \
                the feed alone (--bundle-id names the app in its policy; no App Store, no GitHub), and \
                below the minimumVersion is required with no store page: reloading the page is the \
                update. Exit code 0; 1 when a source failed (the decision is then "none", with \
                "error"); 2 when an option value is invalid.
                """)

        @Option(name: .customLong("bundle-id"), help: "The app's bundle identifier: look it up in the App Store.")
        var bundleID: String?

        @Option(
            name: .customLong("github"),
            help: ArgumentHelp("Use the repository's latest GitHub release.", valueName: "owner/repo"))
        var gitHub: String?

        @Option(help: "The installed version.")
        var appVersion: String

        @Option(help: "The device's OS version (for the release's minimum OS).")
        var osVersion: String?

        @Option(
            help:
                "The platform: ios, ipados, macos, tvos, watchos, visionos, linux, windows or web. Default: this machine's."
        )
        var platform: String?

        @Option(help: ArgumentHelp("The App Store storefront: a two-letter country code.", valueName: "cc"))
        var country: String?

        @Option(help: ArgumentHelp("Replaces https://itunes.apple.com/lookup.", valueName: "url"))
        var lookupURL: String?

        @Option(
            name: .customLong("github-api-url"),
            help: ArgumentHelp("Replaces https://api.github.com.", valueName: "url"))
        var gitHubAPIURL: String?

        @Option(help: ArgumentHelp("A feed whose \"updates\" policy applies (URL or path).", valueName: "feed"))
        var feed: String?

        @Option(
            name: .customLong("rule"),
            help: ArgumentHelp(
                "What a change of one version component asks for, as COMPONENT=KIND (major, minor, patch or "
                    + "revision = required, optional or none); repeat it for more. Default: every change optional.",
                valueName: "component=kind"))
        var rules: [String] = []

        @Option(help: ArgumentHelp("Days to wait after a release before asking. Default: 1.", valueName: "n"))
        var releaseDelayDays: Double?

        @Option(help: "The time of the decision, RFC 3339. Default: now.")
        var now: String?

        @Option(
            name: .customLong("state-dir"),
            help: ArgumentHelp("Where the user's Skip and Later answers are kept.", valueName: "dir"))
        var stateDirectory: String?

        @Option(
            name: .customLong("locale"),
            help: ArgumentHelp(
                "A preferred language of the device (BCP 47: pt-BR, zh-Hant-TW), most preferred first; repeat it "
                    + "for more. The prompt's texts are chosen for them as the app chooses them. Default: English.",
                valueName: "tag"))
        var locales: [String] = []

        @Option(help: "The app's name in the prompt's texts. Default: the bundle identifier or the repository.")
        var appName: String?

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        func run() async throws {
            try await execute().emit()
        }

        func makeChecker() throws(InputError) -> UpdateChecker {
            let platform = try InputError.platform(self.platform)
            if platform == .web {
                guard bundleID != nil, feed != nil else {
                    throw InputError(
                        message: "--platform web decides from the feed alone: give --feed and --bundle-id (the app's "
                            + "id in the feed's \"updates\" policy)")
                }
                let storeOptions = [
                    ("--github", gitHub), ("--github-api-url", gitHubAPIURL), ("--country", country),
                    ("--lookup-url", lookupURL),
                ]
                if let (option, _) = storeOptions.first(where: { $0.1 != nil }) {
                    throw InputError(
                        message: "\(option): --platform web decides from the feed alone, with no App Store or GitHub")
                }
            }
            guard bundleID != nil || gitHub != nil else {
                throw InputError(message: "give --bundle-id (App Store) or --github OWNER/REPO")
            }
            _ = try InputError.version(appVersion, option: "--app-version")
            let osVersion = try self.osVersion.map { (text) throws(InputError) in
                try InputError.version(text, option: "--os-version")
            }
            for tag in locales where !LanguageTag(tag).isWellFormed {
                throw InputError(message: "--locale: \"\(tag)\" is not a BCP 47 language tag (e.g. pt-BR, zh-Hant)")
            }
            let date = try InputError.date(now, current: Date())
            let identifier = bundleID ?? gitHub!
            let app = AppInfo(
                bundleID: identifier, appVersion: appVersion, platform: platform, osVersion: osVersion,
                preferredLanguages: [])
            let source: ReleaseSource
            if platform == .web {
                source = .feedOnly
            } else if let gitHub {
                var base = GitHubReleases.defaultBaseURL
                if let text = gitHubAPIURL {
                    guard let url = URL(string: text), url.scheme != nil else {
                        throw InputError(message: "--github-api-url: \"\(text)\" is not a URL")
                    }
                    base = url
                }
                do {
                    source = .gitHub(
                        try GitHubReleases(repository: gitHub, baseURL: base, transport: AppAlertCommand.transport))
                } catch {
                    throw InputError(message: "--github: \(error.reason)")
                }
            } else {
                var storefront: Storefront?
                if let country {
                    do { storefront = try Storefront(country) } catch {
                        throw InputError(message: "--country: \(error.reason)")
                    }
                }
                var base = AppStoreLookup.defaultBaseURL
                if let text = lookupURL {
                    guard let url = URL(string: text), url.scheme != nil else {
                        throw InputError(message: "--lookup-url: \"\(text)\" is not a URL")
                    }
                    base = url
                }
                source = .appStore(
                    AppStoreLookup(
                        baseURL: base, storefront: storefront, platform: platform, transport: AppAlertCommand.transport)
                )
            }
            let directory =
                stateDirectory.map { URL(fileURLWithPath: $0) } ?? FileAlertStore.defaultDirectory(bundleID: identifier)
            let store = FileAlertStore(directory: directory)
            var loader: FeedLoader?
            if let feed {
                guard let feedSource = FeedSource(feed) else {
                    throw InputError(message: "--feed: \(feed) is not an https: URL or a path")
                }
                var loaderConfiguration = FeedLoaderConfiguration()
                loaderConfiguration.minimumCheckInterval = 0
                loader = FeedLoader(
                    source: feedSource, store: store, transport: AppAlertCommand.transport,
                    configuration: loaderConfiguration, clock: .fixed(date))
            }
            var configuration = UpdateConfiguration()
            if let days = releaseDelayDays {
                guard days >= 0, days.isFinite else {
                    throw InputError(message: "--release-delay-days: must be 0 or more")
                }
                configuration.releaseDelayDays = days
            }
            configuration.rules = try Self.rules(rules)
            return UpdateChecker(
                app: app, source: source, feedLoader: loader, store: store, configuration: configuration,
                clock: .fixed(date))
        }

        /// Lists the feed file's update policies an app leaves out, with their errors, on standard error: a
        /// policy with an error is not used, so the decision may be "none" for want of it. (A feed given
        /// by URL is read by the loader alone; its errors are not listed, nor those of a file larger than a
        /// feed may be, which the loader refused unread.)
        func reportLeftOutPolicies(into output: inout CommandOutput) {
            guard let feed, case .file(let url)? = FeedSource(feed),
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
                size <= FeedLimits().maximumSize,
                let data = try? Data(contentsOf: url), let decoded = try? FeedDecoder().decode(data)
            else { return }
            for diagnostic in decoded.diagnostics
            where diagnostic.severity == .error && diagnostic.path.hasPrefix("$.updates") {
                output.err("\(feed): \(diagnostic)")
            }
        }

        /// Reads the `--rule COMPONENT=KIND` options over the default rules.
        static func rules(_ options: [String]) throws(InputError) -> UpdateConfiguration.Rules {
            var rules = UpdateConfiguration.Rules()
            for option in options {
                let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let kind = UpdateDecision.Kind(rawValue: parts[1]) else {
                    throw InputError(
                        message: "--rule: \"\(option)\" is not COMPONENT=KIND (KIND: required, optional or none)")
                }
                switch parts[0] {
                case "major": rules.major = kind
                case "minor": rules.minor = kind
                case "patch": rules.patch = kind
                case "revision": rules.revision = kind
                default:
                    throw InputError(
                        message: "--rule: unknown component \"\(parts[0])\" (known: major, minor, patch, revision)")
                }
            }
            return rules
        }

        func execute() async -> CommandOutput {
            let checker: UpdateChecker
            do {
                checker = try makeChecker()
            } catch {
                return .failure(error.message)
            }
            let decision = await checker.check()
            var output = CommandOutput()
            reportLeftOutPolicies(into: &output)
            if json {
                let name = appName ?? bundleID ?? gitHub ?? ""
                var value = decision.jsonValue(appName: name, languages: locales.map(LanguageTag.init))
                if let error = decision.sourceError, case .object(var object) = value {
                    object.set("error", .string(error.reason))
                    value = .object(object)
                }
                output.json(value)
            } else {
                output.out("\(decision.kind.rawValue): \(decision.reason.explanation)")
                if decision.kind != .none, let url = decision.storeURL { output.out("  \(url.absoluteString)") }
                if let error = decision.sourceError { output.err("appalert: warning: \(error.reason)") }
            }
            output.exitCode = decision.sourceError == nil ? 0 : 1
            return output
        }
    }
}
