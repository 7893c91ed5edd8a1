import Foundation
import TestSupport
import Testing

/// Release archives as scripts/release lays them out (`appalert-VERSION-linux-ARCH/bin/appalert`, …),
/// their checksums, and a server that hands them out as a release's download folder does.
enum ReleaseArchives {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The host's architecture as `uname -m` says it (`x86_64`, `aarch64`): the archive's name says it too.
    static var architecture: String {
        var name = utsname()
        uname(&name)
        return withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    static func name(version: String) -> String { "appalert-\(version)-linux-\(architecture)" }

    /// The lowercase hex SHA-256 of `file`, by `sha256sum` (what install.sh uses here).
    static func sha256(of file: URL) throws -> String {
        let result = try ProcessResult.run(URL(fileURLWithPath: "/usr/bin/env"), ["sha256sum", file.path])
        #expect(result.status == 0, "\(result.standardError)")
        return String(result.standardOutput.prefix(64))
    }

    /// Writes `NAME.tar.gz` and `NAME.tar.gz.sha256` into `directory`, the archive holding `binary` as
    /// `NAME/bin/appalert` (and a manual page, so there is a `share/` to install).
    @discardableResult
    static func make(version: String, binary: URL, in directory: URL) throws -> URL {
        let name = name(version: version)
        let stage = directory.appendingPathComponent("stage-\(UUID())")
        let top = stage.appendingPathComponent(name)
        let manual = top.appendingPathComponent("share/man/man1")
        try FileManager.default.createDirectory(
            at: top.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: manual, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: top.appendingPathComponent("bin/appalert"))
        try Data(".TH APPALERT 1\n".utf8).write(to: manual.appendingPathComponent("appalert.1"))
        let archive = directory.appendingPathComponent("\(name).tar.gz")
        let tar = try ProcessResult.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["tar", "-czf", archive.path, "-C", stage.path, name])
        #expect(tar.status == 0, "\(tar.standardError)")
        try FileManager.default.removeItem(at: stage)
        try Data("\(try sha256(of: archive))  \(name).tar.gz\n".utf8).write(
            to: directory.appendingPathComponent("\(name).tar.gz.sha256"))
        return archive
    }

    /// A release's download folder on a local server: every file of `directory` under `/download/`,
    /// and install.sh from this repository, as scripts/release publishes it beside the archives.
    static func serve(_ directory: URL) throws -> (TestHTTPServer, ServedFiles) {
        let files = ServedFiles()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files["/download/\(name)"] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        files["/download/install.sh"] = try Data(
            contentsOf: repository.appendingPathComponent("scripts/install.sh"))
        return (try TestHTTPServer { files.reply(to: $0) }, files)
    }
}
