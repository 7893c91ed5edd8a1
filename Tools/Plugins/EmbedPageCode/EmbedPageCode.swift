import Foundation
import PackagePlugin

/// Compiles the page code of `AppAlertServer` (the console's and the preview's HTML, CSS and JavaScript,
/// and the web client's bundle) into the binary, as `PackageResources.<file_name>` byte arrays (dots and
/// dashes as underscores): the names SwiftPM's `.embedInCode` gives.
///
/// Why not `.embedInCode` itself: it writes each byte as an element of an array literal, and the Swift
/// compiler took 50 s of the 231 s a clean `swift build --product appalert` took here (2 cores,
/// 2026-11-28: `embedded_resources.swift.o` finished 49 s after the target's other objects), on the
/// first command's critical path. A raw string literal of the same 330 kB compiles in about a second.
@main
struct EmbedPageCode: BuildToolPlugin {
    /// The folders of the target whose files are embedded, and the kinds of file taken from them.
    static let folders = ["Pages/console", "Pages/preview", "WebClient"]
    static let suffixes = [".html", ".css", ".js"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let files = try Self.folders.flatMap { folder in
            let directory = target.directoryURL.appending(path: folder)
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { file in Self.suffixes.contains { file.lastPathComponent.hasSuffix($0) } }
        }
        .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "PackageResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding the page code of \(target.name)",
                executable: try context.tool(named: "PageCodeEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files, outputFiles: [output])
        ]
    }
}
