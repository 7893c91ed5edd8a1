import Foundation
import TestSupport
import Testing

/// The author's pages pass an accessibility audit (issue 41): axe-core, in headless Chromium driven by
/// `page-audit.mjs`, on the `serve --dev` preview and on the console, in light and in dark (the color
/// scheme emulated), finds no serious or critical violation. A phone is one picture of the app
/// (`role="img"`, named by what it shows): contrast is checked on everything, inside the phones too
/// (the web client's drawing, in its own colors, meets WCAG AA), but the phones drawn in a feed's own
/// colors (the author's choice, which `validate` checks); and every phone must be a named picture.
@Suite(
    .serialized,
    .enabled(if: chromiumExecutable != nil && nodeExecutable != nil, "Chromium or Node is not installed"))
struct PageAccessibilityTests {
    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("page-audit.mjs")

    struct AxeMissing: Error, CustomStringConvertible {
        var description: String
    }

    /// axe-core's `axe.min.js`, as PyPI's axe-selenium-python ships it (.ci/run installs it). Without it
    /// the audit fails saying how to get it; it is never skipped.
    static func axeScript() throws -> String {
        let run = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "python3", "-c",
                "import axe_selenium_python, os; print(os.path.join(os.path.dirname(axe_selenium_python.__file__), "
                    + "'node_modules', 'axe-core', 'axe.min.js'))",
            ])
        let path = run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard run.status == 0, FileManager.default.fileExists(atPath: path) else {
            throw AxeMissing(
                description: "axe-core's axe.min.js was not found: install PyPI's axe-selenium-python, which ships it "
                    + "(pip3 install axe-selenium-python; .ci/run does). python3 said: "
                    + (run.standardError.isEmpty ? "no file at \"\(path)\"" : String(run.standardError.suffix(300))))
        }
        return path
    }

    /// What `page-audit.mjs` reports of `check` (axe-core's audit, with `axe.min.js` at `axe`) on `url` in
    /// the color `scheme`, once `ready` holds; run on a thread of its own (Chromium takes seconds, and the
    /// cooperative threads are few).
    static func audit(_ url: String, scheme: String, ready: String, check: String = "axe", axe: String? = nil)
        async throws -> [String: Any]
    {
        let arguments =
            ["--experimental-websocket", driver.path, chromiumExecutable!.path, url, scheme, check, "ready=\(ready)"]
            + (axe.map { ["axe=\($0)"] } ?? [])
        let run = try await offThePool { try ProcessResult.run(nodeExecutable!, arguments) }
        let line = run.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        #expect(run.status == 0, "\(report["error"] ?? run.standardOutput + run.standardError)")
        return report
    }

    /// A page of `serve --dev` and what says it has drawn everything.
    struct Page: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var ready: String
        var testDescription: String { name }
    }

    static let pages = [
        Page(
            name: "the preview", path: "/",
            ready: "document.querySelector('#simulator-result').childElementCount > 0 && "
                + RichPreviewTests.phonesDrawn),
        Page(
            name: "the console", path: "/console#rich.json/9",
            ready: "document.querySelector('#con-messages')?.getAttribute('aria-busy') === 'false' && "
                + "document.querySelector('#con-side')?.getAttribute('aria-busy') === 'false' && "
                + RichPreviewTests.phonesDrawn),
    ]

    /// The repository's example beside a feed with every layout, an inbox item, a slot, variants, a
    /// right-to-left message and pictures that cannot be loaded.
    @Test(arguments: pages, ["light", "dark"])
    func axeFindsNoSeriousOrCriticalViolation(_ page: Page, scheme: String) async throws {
        let axe = try Self.axeScript()
        let directory = try TemporaryDirectory()
        let example = try String(contentsOf: examplesDirectory.appendingPathComponent("messages.json"), encoding: .utf8)
        _ = try directory.write("messages.json", example)
        _ = try directory.write("rich.json", RichPreviewTests.feed(images: "http://127.0.0.1:9/images"))
        let server = try ServeProcess([directory.url.path, "--dev"])
        defer { server.stop() }
        let report = try await Self.audit(
            "http://127.0.0.1:\(server.port)\(page.path)", scheme: scheme, ready: page.ready, axe: axe)
        #expect(report["dark"] as? Bool == (scheme == "dark"), "the color scheme was not emulated")
        let violations = report["violations"] as? [[String: Any]] ?? []
        let serious = violations.filter { ["serious", "critical"].contains($0["impact"] as? String) }
        #expect(serious.isEmpty, "\(serious)")
        // What the audit of issue 41 found, at lower impact: a main landmark, content in landmarks, links
        // that read as skip links to nothing.
        let found = Set(violations.compactMap { $0["id"] as? String })
        #expect(found.isDisjoint(with: ["landmark-one-main", "region", "skip-link"]), "\(violations)")
        #expect(report["mains"] as? Int == 1)
        // Contrast skips only the phones in a feed's own colors (on the preview, message 3's; the console
        // shows message 9, in the web client's), and every phone is a named picture.
        let phones = report["phones"] as? Int ?? 0
        #expect(phones > 0)
        #expect(report["phonesInFeedColors"] as? Int == (page.path == "/" ? 2 : 0), "\(report)")
        #expect(report["phonesAsPictures"] as? Int == phones, "\(report)")
        #expect(report["unnamedPictures"] as? Int == 0, "\(report)")
    }

    /// The name a phone is read by says what it shows: the layout and appearance, the texts, the buttons
    /// and what they do.
    @Test
    func aPhoneIsNamedByWhatItShows() async throws {
        let axe = try Self.axeScript()
        let directory = try TemporaryDirectory()
        _ = try directory.write("rich.json", RichPreviewTests.feed(images: "http://127.0.0.1:9/images"))
        let server = try ServeProcess([directory.url.path, "--dev"])
        defer { server.stop() }
        let report = try await Self.audit(
            "http://127.0.0.1:\(server.port)/?message=3", scheme: "light",
            ready: RichPreviewTests.phonesDrawn, axe: axe)
        #expect(
            report["firstPhone"] as? String
                == "A card (light): Folders are here. Group your notes in folders. picture: Three folders. "
                + "buttons: Try it (opens https://example.com/folders), Not now (closes).",
            "\(report)")
    }
}
