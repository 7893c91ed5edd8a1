@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertCommands
import AppAlertServer
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: ServerCommands.publish.name,
            abstract: ServerCommands.publish.abstract,
            discussion: """
                Writes FEED (a file, or every .json file of a directory) and, for every app it names, \
                apps/BUNDLE-ID.json with only that app's messages and update policy. A feed with \
                errors is refused (exit 1, the errors listed). Each file is replaced on its own, \
                atomically; the files the previous publish wrote that the site no longer has are removed \
                after, and nothing else is: what publish wrote is recorded in OUT/.appalert-published. \
                A folder with other files and no such record is refused unless --force (which replaces \
                only the files the site has); the feed's folder, one holding it or one holding .git is \
                refused. With --key or \
                --key-env every file written is signed (PATH.sig beside it); without, a FEED.sig beside \
                the feed is copied, once it is checked: a FEED.sig that does not match FEED (edited \
                after signing) stops the publish (exit 1). Pictures in images/ beside the feed are \
                copied to OUT/images/. The web client is written as OUT/appalert-web.js (not signed, \
                even with a key), for pages to load from the feed's host.
                """)

        @Argument(help: "The feed file, or a directory of feeds.")
        var feed: String

        @Option(name: .customLong("out"), help: ArgumentHelp("The directory to write the site to.", valueName: "dir"))
        var output: String

        @Flag(
            help: ArgumentHelp(
                "Write into a folder that holds files no publish recorded, replacing those at the site's paths.",
                discussion: "Nothing is ever removed but what a publish recorded."))
        var force = false

        /// With a key, every file written is signed (PATH.sig beside it); without one, a FEED.sig beside the
        /// feed is copied once it is checked.
        @OptionGroup var signingKey: SigningKeyOptions

        @OptionGroup var carriedSignatures: CarriedSignatureOptions

        func run() async throws { try execute().emit() }

        func execute() -> CommandOutput {
            var output = CommandOutput()
            var signingKey: FeedSigningKey?
            var givenKeys: [FeedPublicKey] = []
            do {
                if let (loaded, warning) = try self.signingKey.load() {
                    signingKey = loaded
                    if let warning { output.err("appalert: warning: \(warning)") }
                }
                givenKeys = try carriedSignatures.load()
            } catch {
                return .failure(error.message)
            }
            let site: FeedSite
            let previous = URL(fileURLWithPath: self.output)
            let source = URL(fileURLWithPath: feed)
            do {
                site = try FeedSite.build(contentsOf: source, signingKey: signingKey) { path in
                    try? Data(contentsOf: previous.appendingPathComponent(path))
                }
            } catch {
                return .failure(
                    "\(error)", code: error.diagnostics.isEmpty && error.reason.hasPrefix("cannot read") ? 2 : 1)
            }
            for warning in site.warnings { output.err("appalert: \(warning)") }
            let missing = Self.missingPictures(in: site)
            guard missing.isEmpty else {
                var failure = output
                for (file, diagnostic) in missing {
                    failure.err("appalert: \(file): \(diagnostic): nothing published")
                }
                failure.exitCode = 1
                return failure
            }
            // A .sig that does not match its file is never published: apps would refuse the pair.
            let trust = FeedSite.signatureTrust(for: source, given: givenKeys, signingKey: signingKey)
            let problems = site.checkSignatures(trust: trust) { path in
                try? Data(contentsOf: previous.appendingPathComponent(path))
            }
            let mismatches = problems.filter { $0.kind == .mismatch }
            guard mismatches.isEmpty else {
                var failure = output
                let folder =
                    FeedSite.folder(of: source) == source ? feed : (feed as NSString).deletingLastPathComponent
                for problem in mismatches {
                    let file = folder.isEmpty ? problem.path : (folder as NSString).appendingPathComponent(problem.path)
                    failure.err(
                        "appalert: \(problem.reason): nothing published; run appalert sign \(file) (or delete "
                            + "\(file).sig to publish it unsigned)")
                }
                failure.exitCode = 1
                return failure
            }
            for problem in problems { output.err("appalert: warning: \(problem.reason); it is copied as it is") }
            for warning in Self.loopbackPictures(in: site) { output.err("appalert: warning: \(warning)") }
            // The web client beside the feed, so a page loads it from the feed's host.
            let published = WebClient.adding(to: site)
            let written: (removed: [String], replaced: [String])
            do {
                let writer = try SiteWriter(site: published, directory: previous, source: source, force: force)
                written = try writer.write(published)
            } catch {
                return .failure("\(self.output): \(error)", code: 2)
            }
            for file in published.files { output.out("\(self.output)/\(file.path)") }
            if !written.replaced.isEmpty {
                output.err(
                    "appalert: warning: --force: replaced \(SiteWriter.list(written.replaced)) in \(self.output), "
                        + "which no publish had written")
            }
            for path in written.removed {
                output.err(
                    "appalert: removed \(self.output)/\(path): the previous publish wrote it, the site no longer has it"
                )
            }
            return output
        }
    }
}

extension AppAlertCommand.Publish {
    /// The pictures the site's feeds take from this machine that are not in it: an app would find
    /// nothing there even on the machine that served the preview.
    static func missingPictures(in site: FeedSite) -> [(file: String, diagnostic: FeedDiagnostic)] {
        let images = Set(site.files.filter(\.isImage).map(\.path))
        return site.files.filter(\.isFeed).flatMap { file in
            let document = try? JSONParser().parse(file.data)
            return document.map { FeedSite.missingPictures(in: $0, images: images, severity: .error) }
                .map { $0.map { (file.path, $0) } } ?? []
        }
    }

    /// The pictures the site's feeds take from this machine (`http://127.0.0.1:8080/images/…`, as a
    /// `serve --dev` preview does): no app can load them once published. One line per message, at most
    /// 20.
    static func loopbackPictures(in site: FeedSite) -> [String] {
        var warnings: [String] = []
        for file in site.files where file.isFeed {
            guard let feed = try? FeedDecoder().decode(file.data).feed else { continue }
            for message in feed.messages {
                let images =
                    [message.image] + message.localizations.map(\.image)
                    + message.variants.flatMap { [$0.image] + ($0.localizations ?? []).map(\.image) }
                let urls = images.compactMap { $0 }.flatMap { [$0.url] + ($0.darkURL.map { [$0] } ?? []) }
                guard let url = urls.first(where: FeedSite.isLoopback) else { continue }
                warnings.append(
                    "\(file.path): message \(message.id)'s picture \(url.absoluteString.prefix(100)) is on this "
                        + "machine, which no app can reach: use the address the site is published at (on GitHub "
                        + "Pages https://OWNER.github.io/REPOSITORY/\(url.path.drop { $0 == "/" }.prefix(100)))")
                if warnings.count == 20 { return warnings + ["… and perhaps more"] }
            }
        }
        return warnings
    }
}
