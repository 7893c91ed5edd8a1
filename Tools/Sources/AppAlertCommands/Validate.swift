@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import ArgumentParser
import Foundation

extension AppAlertCommand {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check a feed against the feed contract.",
            discussion: """
                Prints every error (the message it names is left out by apps) and warning (likely \
                a mistake: unknown keys, lists that match nothing, http: links, a message that waits \
                behind another with the same targeting, a text longer than its layout shows without \
                scrolling), each with its JSON \
                path, in the feed's order: a message's errors, then its warnings. Exit code: 0 no \
                errors (warnings allowed), 1 errors, 2 the file cannot be read or is not JSON.
                """)

        @Argument(help: "The feed file (- for standard input).")
        var feed: String

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        @Flag(help: "Treat warnings as errors (exit 1 when there are any).")
        var warningsAsErrors = false

        func run() async throws {
            try execute().emit()
        }

        func execute() -> CommandOutput {
            let data: Data
            do {
                data = try FeedFile.read(feed)
            } catch {
                return .failure(error.message)
            }
            var output = CommandOutput()
            var result: FeedDecoder.Output
            do {
                result = try FeedDecoder().decode(data)
            } catch {
                let code: Int32 = error.kind == .notJSON ? 2 : 1
                if json {
                    let diagnostic = FeedDiagnostic(
                        severity: .error, code: .init(rawValue: error.kind.rawValue), path: "$", reason: error.reason)
                    output.json(
                        report(valid: false, total: 0, usable: 0, diagnostics: [diagnostic]))
                    output.exitCode = code
                } else {
                    output = .failure("\(feed): \(error.reason)", code: code)
                }
                return output
            }
            if let document = try? JSONParser().parse(data) {
                // Messages that wait behind another, texts longer than their layout shows: beside their
                // message's own diagnostics.
                result.diagnostics = FeedAdvice.merging(
                    FeedAdvice.warnings(for: result.feed, document: document), into: result.diagnostics)
                if feed != "-" {
                    // A picture this machine serves (a serve --dev preview's) that images/ does not have.
                    let folder = FeedSite.folder(of: URL(fileURLWithPath: feed)).appendingPathComponent("images")
                    let images = Set(FeedSite.images(in: folder).files.map(\.path))
                    result.diagnostics += FeedSite.missingPictures(in: document, images: images, severity: .warning)
                }
            }
            let total = result.entryCount
            let errors = result.errors.count
            let warnings = result.warnings.count
            let failed = errors > 0 || (warningsAsErrors && warnings > 0)
            if json {
                output.json(
                    report(
                        valid: !failed, total: total, usable: result.feed.messages.count,
                        diagnostics: result.diagnostics
                    )
                )
            } else {
                // In the feed's order: the feed's own, then each message's errors and warnings together
                // (FeedDecoder.Output.diagnostics).
                for diagnostic in result.diagnostics {
                    output.out("\(feed): \(diagnostic)")
                }
                output.out(
                    "\(feed): format \(result.feed.format), \(total) message\(total == 1 ? "" : "s"), "
                        + "\(result.feed.messages.count) usable; \(errors) error\(errors == 1 ? "" : "s"), "
                        + "\(warnings) warning\(warnings == 1 ? "" : "s")")
            }
            output.exitCode = failed ? 1 : 0
            return output
        }

        func report(valid: Bool, total: Int, usable: Int, diagnostics: [FeedDiagnostic]) -> JSONValue {
            var object = JSONObject()
            object.set("file", .string(feed))
            object.set("valid", .bool(valid))
            object.set("messages", .integer(Int64(total)))
            object.set("usable", .integer(Int64(usable)))
            object.set("errors", .array(diagnostics.filter { $0.severity == .error }.map(\.jsonValue)))
            object.set("warnings", .array(diagnostics.filter { $0.severity == .warning }.map(\.jsonValue)))
            return .object(object)
        }
    }
}
